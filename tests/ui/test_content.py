"""ContentView: every MCP content block type, plain text only, and the outputSchema verdict."""

from __future__ import annotations

import base64
from concurrent.futures import ThreadPoolExecutor

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QLabel, QPlainTextEdit, QPushButton, QWidget
from ui_driver import english_plurals

from inspector.demo.catalog import WEATHER_OUTPUT_SCHEMA
from inspector.demo.media import png_bytes, wav_bytes
from inspector.session.content_blocks import wav_info
from inspector.ui.content import TEXT_LIMIT, ContentView, open_save_dialog, prepare


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


@pytest.fixture(autouse=True)
def english(qapp):
    """The app's English plural forms ("29 characters"), as the window has them."""
    translator = english_plurals(qapp)
    yield
    qapp.removeTranslator(translator)


@pytest.fixture
def view(qtbot):
    v = ContentView()
    qtbot.addWidget(v)
    v.resize(700, 600)
    v.show()
    return v


def body_texts(card) -> list[str]:
    out = []
    for w in card.findChildren(QLabel) + card.findChildren(QPlainTextEdit):
        if w.objectName() == "blockText":
            out.append(w.text() if isinstance(w, QLabel) else w.toPlainText())
    return out


def test_text_is_plain_never_rich(view):
    view.set_blocks([{"type": "text", "text": "<b>not bold</b> & <img src=x>"}])
    (card,) = view.cards()
    assert card.kind == "text" and card.error is None
    label = card.findChild(QLabel, "blockText")
    assert label.textFormat() == Qt.TextFormat.PlainText
    assert label.text() == "<b>not bold</b> & <img src=x>"
    assert "29 characters" in card.summary()


def test_long_text_goes_into_a_scrollable_box(view):
    view.set_blocks([{"type": "text", "text": "line\n" * 500}])
    assert isinstance(view.cards()[0].findChild(QPlainTextEdit, "blockText"), QPlainTextEdit)


def test_image_decodes_and_tiny_images_are_enlarged(view):
    view.set_blocks(
        [
            {
                "type": "image",
                "data": b64(png_bytes()),
                "mimeType": "image/png",
                "annotations": {"audience": ["user"], "priority": 0.9},
            }
        ]
    )
    (card,) = view.cards()
    assert card.error is None and card.pixmap is not None
    assert (card.pixmap.width(), card.pixmap.height()) == (16, 16)
    assert "image/png" in card.summary() and "16×16" in card.summary() and f"{len(png_bytes())} B" in card.summary()
    assert "for user" in card.summary() and "priority 0.9" in card.summary()
    holder = card.findChild(QLabel, "blockImage")
    assert holder.pixmap().width() >= 64  # enlarged so it can be seen
    assert holder.toolTip() == "16 × 16 pixels"  # its real size, as the Resources card said it
    assert holder.accessibleName() == "Image preview, 16 × 16 pixels"


def test_an_images_size_words_follow_the_language(view, qapp):
    """The image's tooltip and accessible name are the ContentView's, in Chinese too (the cards are
    made again on a language switch)."""
    from PySide6.QtCore import QEvent, QTranslator

    from inspector.resources import resource_path

    view.set_blocks([{"type": "image", "data": b64(png_bytes()), "mimeType": "image/png"}])
    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "inspector_zh_CN.qm")))
    qapp.installTranslator(translator)
    try:
        qapp.sendEvent(view, QEvent(QEvent.Type.LanguageChange))
        (card,) = view.cards()
        holder = card.findChild(QLabel, "blockImage")
        assert (holder.toolTip(), holder.accessibleName()) == ("16 × 16 像素", "图像预览，16 × 16 像素")
    finally:
        qapp.removeTranslator(translator)


def test_base64_wrapped_over_lines_still_shows_the_image(view):
    """MIME-style base64 (76 characters a line) shows: white space inside the data is tolerated."""
    data = b64(png_bytes())
    wrapped = "\n".join(data[i : i + 76] for i in range(0, len(data), 76)) + "\n"
    assert "\n" in wrapped.strip()
    view.set_blocks([{"type": "image", "data": wrapped, "mimeType": "image/png"}])
    (card,) = view.cards()
    assert card.error is None and card.pixmap is not None and card.data == png_bytes()


@pytest.mark.parametrize(
    "data, why",
    [("***not base64***", "not valid base64"), (b64(b"definitely not a png"), "not an image"), (None, "not a string")],
)
def test_broken_image_data_shows_an_error(view, data, why):
    view.set_blocks([{"type": "image", "data": data, "mimeType": "image/png"}])
    (card,) = view.cards()
    assert card.error is not None and why in card.error
    assert card.pixmap is None


def test_audio_shows_mime_size_duration_and_saves(view, tmp_path):
    data = wav_bytes()
    info = wav_info(data)
    assert info is not None and info.duration == pytest.approx(0.2, abs=0.01)
    view.set_blocks([{"type": "audio", "data": b64(data), "mimeType": "audio/wav"}])
    (card,) = view.cards()
    summary = card.summary()
    assert card.kind == "audio" and "audio/wav" in summary and "0.20 s" in summary and f"{len(data):,} B" in summary
    assert card.findChild(QPushButton, "saveButton") is not None
    out = tmp_path / "tone.wav"
    assert card.save_to(str(out))
    assert out.read_bytes() == data


def test_audio_that_is_not_wav_still_shows_its_size(view):
    view.set_blocks([{"type": "audio", "data": b64(b"ID3 fake mp3"), "mimeType": "audio/mpeg"}])
    (card,) = view.cards()
    assert card.error is None and "audio/mpeg" in card.summary() and "12 B" in card.summary()


def test_embedded_resources_text_and_blob(view):
    view.set_blocks(
        [
            {
                "type": "resource",
                "resource": {"uri": "demo://static/readme.md", "mimeType": "text/markdown", "text": "# Hello"},
            },
            {
                "type": "resource",
                "resource": {"uri": "demo://static/logo.png", "mimeType": "image/png", "blob": b64(png_bytes())},
            },
            {"type": "resource", "resource": {"uri": "demo://nothing"}},
        ]
    )
    text, blob, empty = view.cards()
    assert (
        text.uri == "demo://static/readme.md" and "text/markdown" in text.summary() and "7 characters" in text.summary()
    )
    assert "# Hello" in body_texts(text)
    assert blob.data == png_bytes() and "blob" in blob.summary() and blob.suggested_name == "logo.png"
    assert empty.error is not None


def test_resource_link_is_clickable(view, qtbot):
    view.set_blocks(
        [
            {
                "type": "resource_link",
                "uri": "demo://static/logo.png",
                "name": "logo.png",
                "mimeType": "image/png",
                "description": "The logo",
            }
        ]
    )
    (card,) = view.cards()
    assert card.kind == "resource_link" and card.link_button.text() == "logo.png"
    assert "The logo" in card.link_button.description()
    with qtbot.waitSignal(view.resourceLinkActivated, timeout=2000) as blocker:
        qtbot.mouseClick(card.link_button, Qt.MouseButton.LeftButton)
    assert blocker.args == ["demo://static/logo.png"]


def test_unknown_blocks_are_shown_as_json(view):
    view.set_blocks([{"type": "hologram", "frames": 3}, "not an object"])
    hologram, odd = view.cards()
    assert hologram.kind == "hologram" and "UNKNOWN: hologram" in hologram.summary()
    assert any('"frames": 3' in t for t in body_texts(hologram))
    assert odd.error is not None


def test_structured_content_verdicts(view):
    good = {"city": "Paris", "temperature": 20.5, "units": "metric", "conditions": "sunny", "humidity": 40}
    view.set_blocks([{"type": "text", "text": "{}"}], structured=good, output_schema=WEATHER_OUTPUT_SCHEMA)
    ok, text = view.structured_verdict()
    assert ok is True and text.startswith("✓")
    assert view.cards()[-1].kind == "structured"
    assert any('"city": "Paris"' in t for t in body_texts(view.cards()[-1]))

    view.set_blocks([], structured={**good, "humidity": 140}, output_schema=WEATHER_OUTPUT_SCHEMA)
    ok, text = view.structured_verdict()
    assert ok is False and text.startswith("✗") and "humidity" in text

    view.set_blocks([], structured={k: v for k, v in good.items() if k != "units"}, output_schema=WEATHER_OUTPUT_SCHEMA)
    ok, text = view.structured_verdict()
    assert ok is False and "units" in text and "required" in text

    view.set_blocks([{"type": "text", "text": "x"}], output_schema=WEATHER_OUTPUT_SCHEMA)
    ok, text = view.structured_verdict()
    assert ok is False and "no structuredContent" in text

    view.set_blocks([], structured={"a": 1})
    assert view.structured_verdict() == (None, "no outputSchema declared: not checked")

    view.set_blocks([], structured={"a": 1}, output_schema={"type": "not-a-type"})
    ok, text = view.structured_verdict()
    assert ok is None and "schema could not be compiled" in text


def test_clear_and_empty(view):
    view.set_blocks([{"type": "text", "text": "a"}, {"type": "text", "text": "b"}])
    assert len(view.cards()) == 2
    view.clear()
    assert view.cards() == []
    view.set_blocks([])
    assert [c.kind for c in view.cards()] == ["empty"]


def test_cards_follow_a_theme_switch(view, qapp):
    from inspector.ui.app import dark_palette

    view.set_blocks([{"type": "text", "text": "hello"}])
    (card,) = view.cards()
    light = qapp.palette()
    assert "#fbfbfc" in card.styleSheet()
    try:
        qapp.setPalette(dark_palette())
        qapp.processEvents()
        assert "#25272b" in card.styleSheet()  # a card shown before the switch turns dark too
    finally:
        qapp.setPalette(light)
        qapp.processEvents()
    assert "#fbfbfc" in card.styleSheet()


# ---------------------------------------------------------------------- a resources/read answer


def test_a_reads_text_is_cut_at_the_limit_and_saved_whole(qtbot, tmp_path):
    view = ContentView(placeholder=lambda: "pick one")
    qtbot.addWidget(view)
    assert view.empty is not None and view.empty.text() == "pick one" and not view.empty.isHidden()
    long_text = "é" * (TEXT_LIMIT + 5)
    view.set_contents(prepare([{"uri": "x://long.txt", "mimeType": "text/plain", "text": long_text}], contents=True))
    (card,) = view.cards()
    assert view.empty.isHidden() and card.prose  # plain text reads as prose: it wraps in the window's font
    assert card.viewer is not None and len(card.viewer.toPlainText()) == TEXT_LIMIT
    notes = [w.text() for w in card.findChildren(QLabel) if w.text().startswith("Showing the first")]
    assert notes == [f"Showing the first {TEXT_LIMIT} characters; Save keeps everything."]
    out = tmp_path / "long.txt"
    assert card.suggested_name == "long.txt" and card.save_to(str(out))
    assert out.read_text(encoding="utf-8") == long_text  # every character, as UTF-8
    view.set_contents([], lambda: "nothing came")
    assert view.cards() == [] and view.empty.text() == "nothing came" and not view.empty.isHidden()
    view.clear()
    assert view.empty.text() == "pick one"


def test_a_reads_bytes_show_in_hex_under_their_image_and_go_to_the_saver(qtbot):
    saved: list[tuple[str, bytes]] = []
    view = ContentView(placeholder=lambda: "", saver=lambda path, data: saved.append((path, data)))
    qtbot.addWidget(view)
    png = png_bytes()
    entries = [{"uri": "x://dir/logo.png", "mimeType": "image/png", "blob": b64(png)}]
    with ThreadPoolExecutor(1) as pool:  # prepared off the UI thread, as a large answer is
        prepared = pool.submit(prepare, entries, contents=True).result()
    view.set_contents(prepared)
    (card,) = view.cards()
    assert card.pixmap is not None and card.findChild(QLabel, "blockImage") is not None
    assert card.viewer is not None and card.viewer.toPlainText().startswith("00000000  89 50 4e 47")
    assert f"{card.pixmap.width()}×{card.pixmap.height()}" in card.summary()
    assert card.save_button is not None and card.save_to("/somewhere/logo.png")
    assert saved == [("/somewhere/logo.png", png)]


def test_one_save_dialog_hands_on_the_chosen_path(qtbot, tmp_path):
    parent = QWidget()
    qtbot.addWidget(parent)
    chosen: list[str] = []
    dialog = open_save_dialog(parent, "Save it", "entry-3.bin", chosen.append)
    assert isinstance(dialog, QFileDialog) and dialog.isVisible() and dialog.windowTitle() == "Save it"
    dialog.selectFile(str(tmp_path / "entry-3.bin"))
    dialog.accept()
    assert chosen == [str(tmp_path / "entry-3.bin")] and not dialog.isVisible()


def test_a_block_that_cannot_be_read_or_shown_is_shown_as_json(view, monkeypatch):
    import inspector.ui.content as content

    def broken(*_args, **_kwargs):
        raise ValueError("boom")

    block = {"type": "text", "text": "hi"}
    monkeypatch.setattr(content, "read_block", broken)  # the reading fails
    view.set_blocks([block])
    (card,) = view.cards()
    assert card.error == "could not show this block: boom" and any('"text": "hi"' in t for t in body_texts(card))
    monkeypatch.undo()
    monkeypatch.setattr(content, "scaled", broken)  # the card fails (its image cannot be scaled)
    view.set_blocks([{"type": "image", "data": b64(png_bytes()), "mimeType": "image/png"}])
    (card,) = view.cards()
    assert card.kind == "image" and card.error == "could not show this block: boom" and card.pixmap is None
