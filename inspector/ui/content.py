"""MCP content blocks on screen: text, image, audio, embedded resources, resource links.

Theory of operation
-------------------
:class:`ContentView` takes the ``content`` list of a tool result, a prompt message or a
resource read (``set_blocks``) and shows one card per block, in order. Each card says what
it is (type, MIME type, size, annotations) and shows the payload the safe way:

- text as plain text only (never Qt rich text);
- images decoded from base64 into a pixmap (tiny ones enlarged so they can be seen); data
  that is not base64 or not an image shows the error instead;
- audio with its MIME type, size and, for WAV, its duration, plus "Save…" (no playback);
- embedded resources with their URI, MIME type and text, or the size of their blob;
- resource links as a clickable item that emits :attr:`ContentView.resourceLinkActivated`;
- anything else as pretty JSON, so an unknown block type is still readable.

What a card says of its block (kind, facts, decoded payload, error) is read without Qt by
:func:`inspector.session.content_blocks.read_block`; the card adds what only Qt tells (whether
the bytes are an image it can read, and its size) and the counts said with plural forms.

``structured`` (a tool's ``structuredContent``) is shown as pretty JSON with the verdict of
the tool's ``outputSchema`` (✓, or ✗ with the path of the first problem).

The view scrolls its cards itself, or (``scrolls=False``) asks for their whole height inside a
page that scrolls as a whole (the Tools panel). It keeps what it was given, so on Qt's
``LanguageChange`` the cards are made again in the new language ("TEXT · 14 characters").
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QCommandLinkButton,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from inspector.protocol.jsontypes import JsonValue
from inspector.protocol.schema import ValueCheck, check_value
from inspector.session.content_blocks import BlockReading, read_block, unknown
from inspector.session.content_blocks import wav_info as wav_info  # offered here

from .schema_fields import check_text
from .schema_form import dumps_pretty
from .theme import card_style, is_dark, tone
from .widgets import mono_font, plain_label, plain_tooltip, set_tone

translate = QCoreApplication.translate

LONG_TEXT = 4000  # characters above which text goes into a scrollable box
MIN_IMAGE_SIDE = 64  # smaller images are enlarged (nearest neighbour) to at least this
MAX_IMAGE_SIDE = 420


class BlockCard(QFrame):
    """One content block: a header line (type chip, details) and a body."""

    def _style(self) -> None:
        """Colours from the application's palette (the card's own follows its style sheet);
        again whenever the theme changes."""
        dark = is_dark(None)
        self._dark = dark
        self.setStyleSheet(card_style("QFrame#contentCard", dark))
        chip_bg, chip_fg = tone(None, "chip-background"), tone(None, "chip-text")
        self.chip.setStyleSheet(
            f"QLabel#chip {{ background: {chip_bg}; color: {chip_fg}; border-radius: 4px; padding: 1px 6px; "
            "font-weight: 600; font-size: 8pt; }"
        )
        set_tone(self.meta, "muted")

    def __init__(self, kind: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind  # "text", "image", "audio", "resource", "resource_link", "structured", or the unknown type
        self.error: str | None = None
        self.data: bytes | None = None  # decoded payload (image, audio, blob) for Save…
        self.suggested_name = "content.bin"
        self.pixmap: QPixmap | None = None
        self.setObjectName("contentCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.outer = QVBoxLayout(self)
        self.outer.setContentsMargins(10, 8, 10, 10)
        self.outer.setSpacing(6)
        head = QHBoxLayout()
        head.setSpacing(8)
        self.chip = QLabel()
        self.chip.setTextFormat(Qt.TextFormat.PlainText)
        self.chip.setObjectName("chip")
        self.meta = plain_label(wrap=False, selectable=True)
        self.meta.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._style()
        head.addWidget(self.chip, 0)
        head.addWidget(self.meta, 1)
        self.head = head
        self.outer.addLayout(head)
        self.body = QVBoxLayout()
        self.body.setSpacing(6)
        self.outer.addLayout(self.body)

    def set_header(self, chip: str, meta: str) -> None:
        self.chip.setText(chip)
        self.meta.setText(meta)
        self.meta.setToolTip(plain_tooltip(meta) if meta else "")

    def summary(self) -> str:
        return f"{self.chip.text()} {self.meta.text()}".strip()

    def add_error(self, text: str) -> None:
        self.error = text
        label = plain_label("✗ " + text, selectable=True)
        label.setObjectName("blockError")
        set_tone(label, "error")
        self.body.addWidget(label)

    def add_save_button(self) -> QPushButton:
        button = QPushButton(QCoreApplication.translate("ContentView", "Save…"))
        button.setObjectName("saveButton")
        button.clicked.connect(lambda *_: self.ask_save())
        self.head.addWidget(button, 0)
        return button

    def ask_save(self) -> None:
        """A non-blocking save dialog (never a nested event loop)."""
        dialog = QFileDialog(
            self.window(), QCoreApplication.translate("ContentView", "Save content"), self.suggested_name
        )
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.fileSelected.connect(self.save_to)
        dialog.open()

    def save_to(self, path: str) -> bool:
        if self.data is None or not path:
            return False
        try:
            Path(path).write_bytes(self.data)
        except OSError as exc:
            self.add_error(QCoreApplication.translate("ContentView", "could not save: {0}").format(exc))
            return False
        return True


class ContentView(QWidget):
    """A scrollable column of content cards. Server text is shown as plain text only."""

    resourceLinkActivated = Signal(str)

    def __init__(self, parent: QWidget | None = None, *, scrolls: bool = True) -> None:
        """``scrolls=False``: no scroll area of its own; the view asks for the height of all its
        cards (inside a page that scrolls as a whole)."""
        super().__init__(parent)
        self._cards: list[BlockCard] = []
        self._verdict: ValueCheck | None = None
        self._verdict_text = ""
        self._shown: tuple[JsonValue, ...] | None = None  # what set_blocks was given, to render again
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.inner = QWidget()
        self.column = QVBoxLayout(self.inner)
        self.column.setContentsMargins(2, 2, 2, 2)
        self.column.setSpacing(8)
        self.column.addStretch(1)
        self.scroll_area: QScrollArea | None = None
        if scrolls:
            self.scroll_area = QScrollArea()
            self.scroll_area.setWidgetResizable(True)
            self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
            self.scroll_area.setWidget(self.inner)
            outer.addWidget(self.scroll_area)
        else:
            self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
            outer.addWidget(self.inner)

    # -------------------------------------------------------------- API

    def clear(self) -> None:
        for card in self._cards:
            self.column.removeWidget(card)
            card.hide()
            card.deleteLater()
        self._cards = []
        self._verdict = None
        self._verdict_text = ""
        self._shown = None

    def set_blocks(self, blocks: list, *, structured: JsonValue = None, output_schema: dict | None = None) -> None:
        """Show ``blocks`` (a content list); ``structured`` is shown with the ``output_schema`` verdict.

        ``structured=None`` means "no structuredContent"; with an ``output_schema`` and no
        structured content the verdict says the tool broke its promise.
        """
        self.clear()
        self._shown = (blocks, structured, output_schema)
        if not isinstance(blocks, list):
            blocks = [blocks] if blocks is not None else []
        for block in blocks:
            self._add(self._card_for(block))
        if structured is not None or output_schema is not None:
            self._add(self._structured_card(structured, output_schema))
        if not self._cards:
            card = BlockCard("empty")
            card.set_header(
                QCoreApplication.translate("ContentView", "EMPTY"),
                QCoreApplication.translate("ContentView", "no content blocks"),
            )
            self._add(card)

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        # The cards carry style sheets, which keep palette changes from reaching them: the view
        # passes a theme switch on.
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            for card in self._cards:
                if card._dark != is_dark(None):
                    card._style()
        elif event.type() == QEvent.Type.LanguageChange and self._shown is not None:
            # the cards' words ("TEXT · 14 characters") are made from the blocks: made again
            blocks, structured, output_schema = self._shown
            self.set_blocks(blocks, structured=structured, output_schema=output_schema)
        super().changeEvent(event)

    def cards(self) -> list[BlockCard]:
        return list(self._cards)

    def structured_verdict(self) -> tuple[bool | None, str]:
        """``(ok, text)`` of the outputSchema check: True ✓, False ✗, None when not checked."""
        return (self._verdict.ok if self._verdict else None), self._verdict_text

    # -------------------------------------------------------------- cards

    def _add(self, card: BlockCard) -> None:
        self.column.insertWidget(self.column.count() - 1, card)
        self._cards.append(card)

    def _card_for(self, block: JsonValue) -> BlockCard:
        """The card of one block, as :func:`~inspector.session.content_blocks.read_block` reads it."""
        try:
            r = read_block(block, translate)
            card = BlockCard(r.kind)
            card.data, card.suggested_name = r.data, r.suggested_name
            meta = r.meta
            if r.as_json:
                return self._json_card(r, block)
            if r.kind == "text" and r.text is not None:
                meta = [self.tr("%n character(s)", "", len(r.text)), *meta]
                card.body.addWidget(self._text_widget(r.text))
                card.text = r.text  # type: ignore[attr-defined]
            elif r.kind == "image" and r.data is not None:
                meta = self._show_image(card, r)
            elif r.kind == "audio":
                card.audio_info = r.audio  # type: ignore[attr-defined]
            elif r.kind == "resource" and r.uri:
                uri_label = plain_label(r.uri, mono=True, selectable=True)
                uri_label.setObjectName("resourceUri")
                card.body.addWidget(uri_label)
                card.uri = r.uri  # type: ignore[attr-defined]
                if r.text is not None:
                    meta = [self.tr("text, %n character(s)", "", len(r.text)), *meta]
                    card.body.addWidget(self._text_widget(r.text, mono=True))
                elif r.data is not None and r.mime.startswith("image/"):
                    pix = QPixmap()
                    if pix.loadFromData(r.data):
                        holder = QLabel()
                        holder.setPixmap(self._scaled(pix)[0])
                        card.body.addWidget(holder)
            elif r.kind == "resource_link":
                self._show_link(card, r)
            if r.data is not None and r.kind in ("audio", "resource"):
                card.add_save_button()
            card.set_header(r.chip, " · ".join(m for m in meta if m))
            if r.error:
                card.add_error(r.error)
            return card
        except Exception as exc:  # a malformed block must never break the view
            kind = str(block.get("type")) if isinstance(block, dict) else "?"
            why = QCoreApplication.translate("ContentView", "could not show this block: {0}").format(exc)
            return self._json_card(unknown(kind, why, translate), block)

    def _json_card(self, r: BlockReading, block: JsonValue) -> BlockCard:
        """A block shown as pretty JSON, after its error if it has one."""
        card = BlockCard(r.kind)
        card.set_header(r.chip, " · ".join(r.meta))
        if r.error:
            card.add_error(r.error)
        card.body.addWidget(self._text_widget(dumps_pretty(block), mono=True))
        return card

    def _text_widget(self, text: str, *, mono: bool = False) -> QWidget:
        lines = text.count("\n") + 1
        if len(text) <= LONG_TEXT and lines <= 40:
            label = plain_label(text, mono=mono, selectable=True)
            label.setObjectName("blockText")
            return label
        edit = QPlainTextEdit()
        edit.setObjectName("blockText")
        edit.setReadOnly(True)
        edit.setPlainText(text)
        if mono:
            edit.setFont(mono_font())
        edit.setMinimumHeight(120)
        edit.setMaximumHeight(320)
        return edit

    def _show_image(self, card: BlockCard, r: BlockReading) -> list[str]:
        """The image of ``r`` (its bytes decoded) in ``card``, or why Qt cannot show it; the
        header's facts with its size in pixels."""
        card.add_save_button()
        pix = QPixmap()
        if r.data is None or not pix.loadFromData(r.data):
            why = QCoreApplication.translate("ContentView", "the data is not an image Qt can read ({0})")
            card.add_error(why.format(r.mime))
            return r.meta
        card.pixmap = pix
        shown, note = self._scaled(pix)
        holder = QLabel()
        holder.setObjectName("blockImage")
        holder.setPixmap(shown)
        holder.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        holder.setStyleSheet("background: transparent;")
        card.body.addWidget(holder)
        return [*r.meta, f"{pix.width()}×{pix.height()}", r.annotations, note]

    @staticmethod
    def _scaled(pix: QPixmap) -> tuple[QPixmap, str]:
        w, h = pix.width(), pix.height()
        side = max(w, h)
        if 0 < side < MIN_IMAGE_SIDE:
            factor = max(2, MIN_IMAGE_SIDE // side)
            return pix.scaled(
                QSize(w * factor, h * factor),
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.FastTransformation,
            ), QCoreApplication.translate("ContentView", "shown at {0}×").format(factor)
        if side > MAX_IMAGE_SIDE:
            scaled = pix.scaled(
                QSize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE),
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
            return scaled, QCoreApplication.translate("ContentView", "shown at {0}%").format(
                round(100 * scaled.width() / w)
            )
        return pix, ""

    def _show_link(self, card: BlockCard, r: BlockReading) -> None:
        """A resource link: a button that emits :attr:`resourceLinkActivated` with its URI."""
        button = QCommandLinkButton(r.name, r.uri if not r.description else f"{r.uri}\n{r.description}")
        button.setObjectName("resourceLink")
        button.setIcon(button.style().standardIcon(QStyle.StandardPixmap.SP_FileLinkIcon))
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        button.setToolTip(plain_tooltip(QCoreApplication.translate("ContentView", "Open {0}").format(r.uri)))
        button.setStyleSheet(f"QCommandLinkButton {{ color: {tone(self, 'link')}; }}")
        button.clicked.connect(lambda *_: self.resourceLinkActivated.emit(r.uri))
        card.body.addWidget(button)
        card.uri = r.uri  # type: ignore[attr-defined]
        card.link_button = button  # type: ignore[attr-defined]

    def _structured_card(self, structured: JsonValue, output_schema: dict | None) -> BlockCard:
        card = BlockCard("structured")
        verdict_label = plain_label(wrap=True, selectable=True)
        verdict_label.setObjectName("verdict")
        if output_schema is None:
            self._verdict = None
            text, colour = QCoreApplication.translate("ContentView", "no outputSchema declared: not checked"), "muted"
        elif structured is None:
            self._verdict = ValueCheck(False)
            text, colour = (
                "✗ "
                + QCoreApplication.translate(
                    "ContentView", "the tool declares an outputSchema but returned no structuredContent"
                ),
                "error",
            )
        else:
            self._verdict = check_value(output_schema, structured)
            if self._verdict.ok is None:
                text, colour = "⚠ " + check_text(self._verdict), "warn"
            elif self._verdict.ok:
                text, colour = "✓ " + QCoreApplication.translate("ContentView", "matches the outputSchema"), "ok"
            else:
                words = QCoreApplication.translate("ContentView", "does not match the outputSchema {0}")
                text, colour = "✗ " + words.format(check_text(self._verdict)), "error"
        self._verdict_text = text
        verdict_label.setText(text)
        set_tone(verdict_label, colour, "font-weight: 600;")
        card.set_header(QCoreApplication.translate("ContentView", "STRUCTURED CONTENT"), "")
        card.head.insertWidget(1, verdict_label, 1)
        card.head.removeWidget(card.meta)
        card.meta.hide()
        if structured is not None:
            card.body.addWidget(self._text_widget(dumps_pretty(structured), mono=True))
        card.verdict_label = verdict_label  # type: ignore[attr-defined]
        return card
