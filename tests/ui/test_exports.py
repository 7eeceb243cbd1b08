"""File → Export diagram / sequence diagram / transcript on a recorded demo session (issue 22):
the type chosen in the dialog decides what is written and adds its extension when the name has
none; a failed export says why; PNGs are drawn at 2× (4× when chosen) without the selected
row's band; the diagram says which state, era and entry it shows, in the window's language."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from demo_recording import record_demo_session
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog
from ui_driver import until

from inspector.session.recording import Direction
from inspector.session.sequence_rows import row_label

pytestmark = pytest.mark.anyio

PNG = b"\x89PNG\r\n\x1a\n"
SVG = "{http://www.w3.org/2000/svg}"


_recorded: dict = {}


@pytest.fixture
async def opened(window_and_controller, tmp_path_factory):
    """The window with a recorded demo session opened (recorded once for the module)."""
    controller, window = window_and_controller
    if "path" not in _recorded:
        _recorded["path"] = await record_demo_session(tmp_path_factory.mktemp("recorded") / "demo.jsonl", task=False)
    path = _recorded["path"]
    assert window.files.open_recording_path(str(path))
    rec = controller.recording
    await until(lambda: window.timeline.model.total() == len(rec) and window.timeline.model.rowCount() == len(rec))
    return controller, window, rec


def drawn_text(root) -> str:
    """The SVG's text in drawing order (a line in two scripts is split where the font changes)."""
    return "".join("".join(t.itertext()) for t in root.iter(SVG + "text"))


class Dialog:
    """The save dialog, answered as a user would: a name typed and one of the offered types chosen."""

    def __init__(self, monkeypatch, path, choose: str):
        self.offered: list[str] = []
        self.suggested = ""
        self.path, self.choose = str(path), choose

        def answer(parent, title, suggested, filters, selected=""):
            self.offered, self.suggested = filters.split(";;"), suggested
            chosen = next(f for f in self.offered if f.startswith(self.choose))
            return self.path, chosen

        monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(answer))


async def test_the_chosen_type_decides_and_its_extension_is_added(opened, tmp_path, monkeypatch):
    _controller, window, rec = opened
    cases = [
        (window.files.export_diagram, "PNG image, 2×", "lifecycle", "lifecycle.png", PNG),
        (window.files.export_diagram, "SVG", "lifecycle", "lifecycle.svg", b"<?xml"),
        (window.files.export_sequence, "PNG image, 2×", "seq", "seq.png", PNG),
        (window.files.export_sequence, "SVG", "seq.v2", "seq.v2.svg", b"<?xml"),
        (window.files.export_transcript, "Markdown", "notes", "notes.md", b"# MCP session transcript"),
        (window.files.export_transcript, "HTML", "page", "page.html", b"<!DOCTYPE html>"),
        (
            window.files.export_transcript,
            "Markdown",
            "named.md",
            "named.md",
            b"# MCP session transcript",
        ),  # already right: kept
    ]
    for action, choose, typed, written, magic in cases:
        dialog = Dialog(monkeypatch, tmp_path / typed, choose)
        action()
        assert dialog.offered, action
        target = tmp_path / written
        assert target.is_file(), (choose, typed, sorted(p.name for p in tmp_path.iterdir()))
        assert target.read_bytes().startswith(magic), (written, target.read_bytes()[:20])
        if typed != written:
            assert not (tmp_path / typed).exists()  # nothing written under the name without its extension
    assert "tools/list" in (tmp_path / "notes.md").read_text(encoding="utf-8") and len(rec) > 10


async def test_save_recording_goes_the_same_way(opened, tmp_path, monkeypatch):
    """Save recording uses the save dialogs' one path: .jsonl added, an existing one asked about."""
    from PySide6.QtWidgets import QMessageBox

    _controller, window, rec = opened
    dialog = Dialog(monkeypatch, tmp_path / "session", "Recordings")
    folder = Path(window.files.recordings_dir())
    window.files.save_recording()
    assert dialog.offered == ["Recordings (*.jsonl)"]
    offered = Path(dialog.suggested)  # the server's name and the start, in the last recordings' folder
    assert offered.parent == folder and offered.suffix == ".jsonl"
    dialog.choose = "HTML"
    window.files.export_transcript()  # the same name, as a page, where the recording was just saved
    assert Path(dialog.suggested) == tmp_path / offered.with_suffix(".html").name
    dialog.choose = "Recordings"
    saved = tmp_path / "session.jsonl"
    assert saved.is_file() and not (tmp_path / "session").exists()
    assert len(saved.read_bytes().splitlines()) >= len(rec)  # a header line and every entry
    asked = []
    monkeypatch.setattr(
        QMessageBox, "question", staticmethod(lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.No)
    )
    before = saved.read_bytes()
    saved.write_bytes(b"mine")
    window.files.save_recording()
    assert asked and "session.jsonl" in asked[0] and saved.read_bytes() == b"mine" and before != b"mine"


async def test_a_completed_name_that_exists_is_not_replaced_without_asking(opened, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    _controller, window, _rec = opened
    existing = tmp_path / "keep.png"
    existing.write_bytes(b"mine")
    asked = []
    monkeypatch.setattr(
        QMessageBox, "question", staticmethod(lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.No)
    )
    Dialog(monkeypatch, tmp_path / "keep", "PNG image, 2×")
    window.files.export_diagram()
    assert asked and "keep.png" in asked[0] and existing.read_bytes() == b"mine"


async def test_a_failed_export_says_why(opened, tmp_path):
    _controller, window, _rec = opened
    folder = tmp_path / "a-folder.png"
    folder.mkdir()
    assert window.files.export_diagram_to(str(tmp_path / "good.svg"))
    assert window.statusBar().currentMessage() == f"Exported {tmp_path / 'good.svg'}"
    missing = tmp_path / "no-such-dir" / "x.svg"
    for export, path, reason in [
        (window.files.export_diagram_to, folder, "Is a directory"),
        (window.files.export_diagram_to, missing, "No such file or directory"),
        (window.files.export_sequence_to, folder, "Is a directory"),
        (window.files.export_sequence_to, missing, "No such file or directory"),
        (window.files.export_transcript_to, tmp_path / "no-such-dir" / "t.md", "No such file or directory"),
        (window.files.export_diagram_to, tmp_path / "picture.jpg", "must end in .svg or .png"),
        (window.files.export_sequence_to, tmp_path / "picture.jpg", "must end in .svg or .png"),
        (window.files.export_transcript_to, tmp_path / "t.txt", "must end in .html or .md"),
    ]:
        assert export(str(path)) is False
        text = window.message_box.text()
        assert str(path) in text and reason in text, text
        # the status bar no longer says what the earlier export did: it says this one failed
        status = window.statusBar().currentMessage()
        assert status.startswith("Not exported: ") and str(path) in status and "good.svg" not in status, status
        window.message_box.close()


async def test_pngs_are_2x_or_4x_and_show_no_selection(opened, tmp_path, monkeypatch):
    _controller, window, rec = opened
    # the diagram: the whole drawing and its caption, at 2× by default and 4× when chosen
    size = window.diagram.export_size()
    assert window.files.export_diagram_to(str(tmp_path / "d2.png"))
    image = QImage(str(tmp_path / "d2.png"))
    assert (image.width(), image.height()) == (size.width() * 2, size.height() * 2)
    assert size.width() >= window.diagram.layout_for_tests()["area"].width()
    Dialog(monkeypatch, tmp_path / "d4", "PNG image, 4×")
    window.files.export_diagram()
    image4 = QImage(str(tmp_path / "d4.png"))
    assert (image4.width(), image4.height()) == (size.width() * 4, size.height() * 4)

    # the sequence diagram: a selected row leaves no band in the file (the same pixels as without it)
    view = window.sequence
    rows = list(window.timeline.model.entries.rows)
    assert window.files.export_sequence_to(str(tmp_path / "plain.png"))
    window.timeline.select_seq(
        next(s for s in rows if rec.direction_at(s) is Direction.C2S and rec.method_at(s) == "tools/list")
    )
    await until(lambda: view.selected_seq() is not None)
    assert window.files.export_sequence_to(str(tmp_path / "selected.png"))
    plain, selected = QImage(str(tmp_path / "plain.png")), QImage(str(tmp_path / "selected.png"))
    rh = view.row_height()
    assert plain.height() == 2 * (int(rh * 1.6) + len(rows) * rh + rh)
    assert plain == selected
    # on screen the band is there (the export leaves out what the view shows)
    screen = view.viewport().grab().toImage()
    base = view.palette().color(view.viewport().backgroundRole()).rgb()
    y = int(rh * (1.6 + view.row_of(view.selected_seq()) - view.verticalScrollBar().value())) + 2
    assert screen.pixel(3, y) != base


async def test_the_diagram_export_says_which_state_era_and_entry_in_the_window_language(opened, tmp_path):
    _controller, window, rec = opened
    last = len(rec) - 1
    assert window.files.export_diagram_to(str(tmp_path / "d.svg"))
    root = ET.parse(tmp_path / "d.svg").getroot()
    caption = f"State: Terminated · legacy · entry #{last}"
    assert caption in drawn_text(root) and root.findtext(SVG + "desc") == caption
    # a past entry (Follow live off, a row selected): the caption says that entry and its state
    window.act_follow.setChecked(False)
    tools = next(
        s for s in range(len(rec)) if rec.method_at(s) == "tools/list" and rec.direction_at(s) is Direction.C2S
    )
    window.timeline.select_seq(tools)
    await until(lambda: window.diagram.as_of == tools)
    assert window.files.diagram_caption() == f"State: Operating · legacy · entry #{tools}"
    window.languages.set_choice("zh_CN")
    try:
        await until(lambda: window.files.diagram_caption().startswith("状态"))
        assert window.files.export_diagram_to(str(tmp_path / "zh.svg"))
        root = ET.parse(tmp_path / "zh.svg").getroot()
        zh = root.findtext(SVG + "desc")
        assert (
            zh.startswith("状态")
            and f"#{tools}" in zh
            and "State" not in zh
            and "entry" not in zh
            and "legacy" not in zh
        ), zh
        assert zh in drawn_text(root)
    finally:
        window.languages.set_choice("en")
    assert window.files.diagram_caption() == f"State: Operating · legacy · entry #{tools}"  # and back


async def test_the_sequence_export_is_wide_enough_for_its_longest_label(opened, tmp_path):
    """The process lane's notes ("spawned: /…/python …") are written whole: the export widens
    past the view (and its 720 px minimum) until every label fits; the PNG has that width at 2×."""
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QFontMetrics

    _controller, window, rec = opened
    view = window.sequence
    rows = list(window.timeline.model.entries.rows)
    labels = {seq: row_label(rec, seq, QCoreApplication.translate) for seq in rows}
    spawned = next(seq for seq in rows if rec.extra_at(seq).get("event") == "spawned")
    assert len(labels[spawned]) > 50, labels[spawned]  # long enough to be cut at 720 px
    assert window.files.export_sequence_to(str(tmp_path / "seq.svg"))
    root = ET.parse(tmp_path / "seq.svg").getroot()
    width = int(root.get("viewBox").split()[2])
    texts = ["".join(t.itertext()).strip() for t in root.iter(SVG + "text")]
    for seq, label in labels.items():  # every label as it is, none elided
        if rec.direction_at(seq) not in (Direction.C2S, Direction.S2C):
            assert label in texts, (label, [t for t in texts if t[:8] == label[:8]])
    assert not any(t.endswith("…") for t in texts), [t for t in texts if t.endswith("…")]
    # the note's room right of the link's lifeline holds it, measured with the view's font
    _x_client, _x_server, x_side = view.lanes(QRect(0, 0, width, 1))
    assert width - 1 - x_side - 8 >= QFontMetrics(view.font()).horizontalAdvance(labels[spawned]) > 0
    assert width > 720
    assert window.files.export_sequence_to(str(tmp_path / "seq.png"))
    assert QImage(str(tmp_path / "seq.png")).width() == 2 * width
