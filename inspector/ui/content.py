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
:func:`inspector.session.content_blocks.read_block`, which parts it shows by
:func:`~inspector.session.content_blocks.card_parts`, an image's size on screen by
:func:`~inspector.session.content_blocks.image_view` and the outputSchema verdict by
:func:`~inspector.session.content_blocks.structured_verdict`; the card adds what only Qt tells
(whether the bytes are an image it can read, and its size) and the counts said with plural forms.

``structured`` (a tool's ``structuredContent``) is shown as pretty JSON with the verdict of
the tool's ``outputSchema`` (✓, or ✗ with the path of the first problem).

The same cards show a ``resources/read`` answer (``set_contents``, the Resources panel): there a
text is shown whole in its own scrolling box (its first :data:`TEXT_LIMIT` characters; Save
keeps all), in the window's font when it reads as prose
(:func:`~inspector.session.controllers.resources.reads_as_prose`), bytes as a hex preview
under their image, and every entry can be saved. :func:`prepare` reads and decodes the blocks
without widgets, so a large answer is decoded on a worker thread; a ``saver`` given to the view
writes files off the UI thread. :func:`open_save_dialog` is the one "Save…" dialog of content
and of the detail pane.

The view scrolls its cards itself, or (``scrolls=False``) asks for their whole height inside a
page that scrolls as a whole (the Tools panel). It keeps what it was given, so on Qt's
``LanguageChange`` the cards are made again in the new language ("TEXT · 14 characters").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, Signal
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import (
    QCommandLinkButton,
    QFileDialog,
    QFrame,
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
from inspector.session.content_blocks import (
    CONTEXT,
    WORDS,
    BlockReading,
    StructuredVerdict,
    card_parts,
    image_view,
    in_a_box,
    read_block,
    read_contents,
    structured_verdict,
    unknown,
)
from inspector.session.controllers.resources import reads_as_prose
from inspector.session.entry_text import size_text
from inspector.session.value_text import pretty_json

from .form_rows import read_only_text, spaced
from .text import hex_dump
from .theme import card_style, is_dark, tone
from .widgets import hbox, muted, plain_label, plain_tooltip, scroll_area, set_tone, vbox

translate = QCoreApplication.translate

TEXT_LIMIT = 1_000_000  # characters shown of a read's text; the rest is left out (Save keeps all)
HEX_PREVIEW_BYTES = 512  # bytes of a read's blob shown as hex

Saver = Callable[[str, bytes], None]


def open_save_dialog(parent: QWidget, title: str, suggested: str, chosen: Callable[[str], object]) -> QFileDialog:
    """The one "Save…" dialog: non-blocking (``open()``, never a nested event loop);
    ``chosen(path)`` when the user picks a file. It deletes itself when closed."""
    dialog = QFileDialog(parent, title)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    dialog.selectFile(suggested)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.fileSelected.connect(chosen)
    dialog.open()
    return dialog


@dataclass
class Prepared:
    """One content block (or one ``resources/read`` entry) read and decoded for its card; made
    off the UI thread when large (a QImage, unlike a QPixmap, may be made there)."""

    block: JsonValue
    reading: BlockReading
    image: QImage | None = None  # of image bytes Qt can read


def prepare(items: Iterable[JsonValue], *, contents: bool = False) -> list[Prepared]:
    """Each content block read (``contents``: each ``resources/read`` entry) and the image of
    image bytes made; no widgets, so a worker thread may do it."""
    out = []
    for item in items:
        try:
            r = read_contents(item, translate) if contents else read_block(item, translate)
        except Exception as exc:  # a malformed block must never break the view
            r = unshowable(item, exc)
        image = None
        if r.data is not None and r.mime.lower().startswith("image/") and not r.as_json:
            image = QImage.fromData(r.data)
        out.append(Prepared(item, r, None if image is None or image.isNull() else image))
    return out


def unshowable(block: JsonValue, exc: Exception) -> BlockReading:
    """A block that could not be read or shown: shown as JSON, with why."""
    kind = str(block.get("type")) if isinstance(block, dict) else "?"
    return unknown(kind, translate("ContentView", "could not show this block: {0}").format(exc), translate)


def scaled(pix: QPixmap) -> tuple[QPixmap, str]:
    """An image at a size to look at (:func:`~inspector.session.content_blocks.image_view`), and
    the note that says so ("" at its own size)."""
    view = image_view(pix.width(), pix.height(), translate)
    if not view.note:
        return pix, ""
    mode = Qt.TransformationMode.SmoothTransformation if view.smooth else Qt.TransformationMode.FastTransformation
    return pix.scaled(QSize(view.width, view.height), Qt.AspectRatioMode.KeepAspectRatio, mode), view.note


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

    def __init__(self, kind: str, parent: QWidget | None = None, *, saver: Saver | None = None) -> None:
        """``saver(path, data)`` writes a save (off the UI thread); without it the card writes."""
        super().__init__(parent)
        self.kind = kind  # "text", "image", "audio", "resource", "resource_link", "structured", or the unknown type
        self.error: str | None = None
        self.data: bytes | None = None  # decoded payload (image, audio, blob; a read's text) for Save…
        self.suggested_name = "content.bin"
        self.saver = saver
        self.pixmap: QPixmap | None = None
        self.text: str | None = None  # a text block's, or a resource's
        self.uri = ""  # a resource's or a link's
        self.mime = ""
        self.prose = False  # a read's text shown in the window's font
        self.viewer: QPlainTextEdit | None = None  # a read's text, or its bytes in hex
        self.link_button: QCommandLinkButton | None = None
        self.save_button: QPushButton | None = None
        self.setObjectName("contentCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.chip = QLabel()
        self.chip.setTextFormat(Qt.TextFormat.PlainText)
        self.chip.setObjectName("chip")
        self.meta = plain_label(wrap=False, selectable=True)
        self.meta.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._style()
        self.head = spaced(hbox(self.chip, (self.meta, 1)), 8)
        self.body = spaced(QVBoxLayout(), 6)
        self.outer = spaced(vbox(self.head, self.body, parent=self), 6, (10, 8, 10, 10))

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
        self.save_button = button
        return button

    def ask_save(self) -> QFileDialog:
        """Where to save the payload (:func:`open_save_dialog`)."""
        title = QCoreApplication.translate("ContentView", "Save content")
        return open_save_dialog(self.window(), title, self.suggested_name, self.save_to)

    def save_to(self, path: str) -> bool:
        """Write the payload to ``path`` (through the saver when there is one): False when there
        is nothing to write or writing failed (the card says why)."""
        if self.data is None or not path:
            return False
        if self.saver is not None:
            self.saver(path, self.data)
            return True
        try:
            Path(path).write_bytes(self.data)
        except OSError as exc:
            self.add_error(QCoreApplication.translate("ContentView", "could not save: {0}").format(exc))
            return False
        return True


class ContentView(QWidget):
    """A scrollable column of content cards. Server text is shown as plain text only."""

    resourceLinkActivated = Signal(str)

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        scrolls: bool = True,
        placeholder: Callable[[], str] | None = None,
        saver: Saver | None = None,
    ) -> None:
        """``scrolls=False``: no scroll area of its own; the view asks for the height of all its
        cards (inside a page that scrolls as a whole). ``placeholder()``: the line shown when
        there are no cards (else an "EMPTY" card says so); ``saver``: writes the cards' saves."""
        super().__init__(parent)
        self._cards: list[BlockCard] = []
        self._verdict: StructuredVerdict | None = None  # of the outputSchema (None: no structured card)
        self._saver = saver
        # what was shown, to render again: (prepared, structured, output_schema, a read's contents)
        self._shown: tuple[list[Prepared], JsonValue, dict | None, bool] | None = None
        self._placeholder = placeholder
        self._message: Callable[[], str] | None = None  # why nothing is shown (instead of the placeholder)
        self.inner = QWidget()
        self.column = spaced(QVBoxLayout(self.inner), 8, (2, 2, 2, 2))
        self.empty: QLabel | None = None
        if placeholder is not None:
            self.empty = muted(plain_label(placeholder()))
            self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.column.addWidget(self.empty, 1)
        self.column.addStretch(1)
        self.scroll_area: QScrollArea | None = scroll_area(self.inner) if scrolls else None
        if not scrolls:
            self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        vbox(self.inner if self.scroll_area is None else self.scroll_area, margins=False, parent=self)

    # -------------------------------------------------------------- API

    def clear(self, message: Callable[[], str] | None = None) -> None:
        """No cards; ``message()`` says why (with a placeholder; made again on a language switch)."""
        for card in self._cards:
            self.column.removeWidget(card)
            card.hide()
            card.deleteLater()
        self._cards = []
        self._verdict = None
        self._shown = None
        self._message = message
        self._word_empty()

    def set_blocks(self, blocks: list, *, structured: JsonValue = None, output_schema: dict | None = None) -> None:
        """Show ``blocks`` (a content list); ``structured`` is shown with the ``output_schema`` verdict.

        ``structured=None`` means "no structuredContent"; with an ``output_schema`` and no
        structured content the verdict says the tool broke its promise.
        """
        if not isinstance(blocks, list):
            blocks = [blocks] if blocks is not None else []
        self._show(prepare(blocks), structured, output_schema, False)

    def set_contents(self, prepared: list[Prepared], empty: Callable[[], str] | None = None) -> None:
        """Show a ``resources/read`` answer, its entries read by ``prepare(…, contents=True)``;
        ``empty()`` says why when there are none."""
        self._show(prepared, None, None, True)
        self._message = empty
        self._word_empty()

    def _show(self, prepared: list[Prepared], structured: JsonValue, output_schema: dict | None, read: bool) -> None:
        self.clear()
        self._shown = (prepared, structured, output_schema, read)
        for p in prepared:
            try:
                card = self._card_for(p, read)
            except Exception as exc:  # a block that cannot be shown must never break the view
                card = self._json_card(unshowable(p.block, exc), p.block)
            self._add(card, 1 if read else 0)
        # a read's cards share the height (and the placeholder takes it all); other cards keep theirs
        self.column.setStretch(self.column.count() - 1, 0 if read or self.empty is not None else 1)
        if structured is not None or output_schema is not None:
            self._add(self._structured_card(structured, output_schema))
        if not self._cards and self.empty is None:
            card = BlockCard("empty")
            card.set_header(translate(CONTEXT, WORDS["empty"]), translate(CONTEXT, WORDS["no_blocks"]))
            self._add(card)
        self._word_empty()

    def _word_empty(self) -> None:
        if self.empty is not None and self._placeholder is not None:
            self.empty.setText((self._message or self._placeholder)())
            self.empty.setVisible(not self._cards)

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        # The cards carry style sheets, which keep palette changes from reaching them: the view
        # passes a theme switch on.
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            for card in self._cards:
                if card._dark != is_dark(None):
                    card._style()
        elif event.type() == QEvent.Type.LanguageChange and self._shown is not None:
            # the cards' words ("TEXT · 14 characters") are made from the blocks: read and made again
            # (here, on the UI thread: a language switch is rare enough to decode a large read again)
            prepared, structured, output_schema, read = self._shown
            message = self._message
            again = prepare((p.block for p in prepared), contents=read)
            self._show(again, structured, output_schema, read)
            self._message = message
            self._word_empty()
        elif event.type() == QEvent.Type.LanguageChange:
            self._word_empty()
        super().changeEvent(event)

    def cards(self) -> list[BlockCard]:
        return list(self._cards)

    def structured_verdict(self) -> tuple[bool | None, str]:
        """``(ok, text)`` of the outputSchema check: True ✓, False ✗, None when not checked."""
        v = self._verdict
        return (v.check.ok if v is not None and v.check is not None else None), (v.text if v is not None else "")

    # -------------------------------------------------------------- cards

    def _add(self, card: BlockCard, stretch: int = 0) -> None:
        self.column.insertWidget(self.column.count() - 1, card, stretch)
        self._cards.append(card)

    def _card_for(self, p: Prepared, read: bool) -> BlockCard:
        """The card of one block, as :func:`~inspector.session.content_blocks.read_block` reads it;
        ``read``: an entry of a ``resources/read`` answer, its text whole and its bytes in hex."""
        r = p.reading
        if r.as_json:
            return self._json_card(r, p.block)
        card = BlockCard(r.kind, saver=self._saver)
        card.data, card.suggested_name, card.mime, card.text = r.data, r.suggested_name, r.mime, r.text
        card.uri = r.uri
        meta, text = r.meta, r.text or ""
        for part in card_parts(r, read):
            if part == "text":
                meta = [self.tr("%n character(s)", "", len(text)), *meta]
                card.body.addWidget(self._text_widget(text))
            elif part == "uri":
                uri_label = plain_label(r.uri, mono=True, selectable=True)
                uri_label.setObjectName("resourceUri")
                card.body.addWidget(uri_label)
            elif part in ("box_text", "read_text"):
                meta = [self.tr("text, %n character(s)", "", len(text)), *meta]
                if part == "box_text":
                    card.body.addWidget(self._text_widget(text, mono=True))
                else:
                    card.data = text.encode("utf-8", "surrogatepass")
                    meta.insert(1, size_text(len(card.data), with_exact=True))
                    self._show_read_text(card, text)
            elif part == "image":
                meta = self._show_image(card, p)
            elif part == "hex":
                card.viewer = self._viewer(hex_dump(r.data or b"", limit=HEX_PREVIEW_BYTES), mono=True, wrap=False)
                card.body.addWidget(card.viewer, 1)
            elif part == "link":
                self._show_link(card, r)
            elif part == "save":
                card.add_save_button()
        card.set_header(r.chip, " · ".join(m for m in meta if m))
        if r.error:
            card.add_error(r.error)
        return card

    def _json_card(self, r: BlockReading, block: JsonValue) -> BlockCard:
        """A block shown as pretty JSON, after its error if it has one."""
        card = BlockCard(r.kind)
        card.set_header(r.chip, " · ".join(r.meta))
        if r.error:
            card.add_error(r.error)
        card.body.addWidget(self._text_widget(pretty_json(block), mono=True))
        return card

    def _text_widget(self, text: str, *, mono: bool = False) -> QWidget:
        if not in_a_box(text):
            label = plain_label(text, mono=mono, selectable=True)
            label.setObjectName("blockText")
            return label
        edit = self._viewer(text, mono=mono)
        edit.setMaximumHeight(320)
        return edit

    @staticmethod
    def _viewer(text: str, *, mono: bool, wrap: bool = True) -> QPlainTextEdit:
        """A read-only box of ``text``, in the fixed-width font or the window's."""
        edit = read_only_text(text, mono=mono, wrap=wrap, name="blockText")
        edit.setMinimumHeight(120)
        return edit

    def _show_read_text(self, card: BlockCard, text: str) -> None:
        """A read's text, whole up to :data:`TEXT_LIMIT` characters (a note says what is left out)."""
        card.prose = reads_as_prose(card.mime)
        # prose wraps in the window's font; other text keeps its lines, fixed-width
        card.viewer = self._viewer(text[:TEXT_LIMIT], mono=not card.prose, wrap=card.prose)
        card.body.addWidget(card.viewer, 1)
        if len(text) > TEXT_LIMIT:
            note = self.tr("Showing the first {n} characters; Save keeps everything.").format(n=TEXT_LIMIT)
            card.body.addWidget(muted(plain_label(note)))

    def _show_image(self, card: BlockCard, p: Prepared) -> list[str]:
        """The image of ``p`` (its bytes decoded) in ``card``, or why Qt cannot show it; the
        header's facts with its size in pixels."""
        r = p.reading
        if p.image is None:
            why = QCoreApplication.translate("ContentView", "the data is not an image Qt can read ({0})")
            card.add_error(why.format(r.mime))
            return r.meta
        pix = QPixmap.fromImage(p.image)
        card.pixmap = pix
        shown, note = scaled(pix)
        holder = QLabel()
        holder.setObjectName("blockImage")
        holder.setPixmap(shown)
        holder.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        holder.setStyleSheet("background: transparent;")
        holder.setToolTip(self.tr("{w} × {h} pixels").format(w=pix.width(), h=pix.height()))
        holder.setAccessibleName(self.tr("Image preview, {w} × {h} pixels").format(w=pix.width(), h=pix.height()))
        card.body.addWidget(holder)
        size = f"{pix.width()}×{pix.height()}"
        # an image block's annotations come after its size; a resource's are in its facts already
        return [*r.meta, size, note] if r.kind == "resource" else [*r.meta, size, r.annotations, note]

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
        card.link_button = button

    def _structured_card(self, structured: JsonValue, output_schema: dict | None) -> BlockCard:
        card = BlockCard("structured")
        verdict = self._verdict = structured_verdict(output_schema, structured, translate)
        verdict_label = plain_label(verdict.text, wrap=True, selectable=True)
        verdict_label.setObjectName("verdict")
        set_tone(verdict_label, verdict.tone, "font-weight: 600;")
        card.set_header(translate(CONTEXT, WORDS["structured"]), "")
        card.head.insertWidget(1, verdict_label, 1)
        card.head.removeWidget(card.meta)
        card.meta.hide()
        if structured is not None:
            card.body.addWidget(self._text_widget(pretty_json(structured), mono=True))
        return card
