"""The detail pane: one recorded entry, byte-exact, with everything the inspector concluded.

Theory of operation
-------------------
``set_entry(recording, seq)`` materialises the one :class:`Entry` and re-parses its bytes on
demand (the recording never keeps decoded JSON). The pane shows:

- a header (number, time, direction, kind, method, id, size, latency, how long a message read
  in step mode waited at the gate before it was let in, state after) and a button to the
  paired request or response (``goToSeq``);
- findings: each violated rule with severity, text and spec section; each note (an info rule
  that explains what looks wrong but is allowed, e.g. ``jsonrpc.error-id-null``); each schema error with
  its JSON-pointer path (the stored first error, or every error on request through
  ``validator_for(version).explain``, the version being the one the session layer says judged
  the entry: :func:`~inspector.session.version_in_force.version_in_force`); the lifecycle transition; process details;
- the exact bytes as text (invalid UTF-8 as U+FFFD) or as a hex dump. Lines over 64 KiB
  show their head with a note and a "Show all" button (laying out text costs about 0.2 ms a
  KiB), so selecting a 20 MB line holds the event loop up for tens of milliseconds, not seconds
  (benchmarks/ui_long_line.py);
- a JSON tree built lazily (children appear when a node is expanded, at most a page of
  children at a time; long strings clipped). A message over 1 MiB is not decoded whole on
  selection: its tree comes from its first 64 KiB (``entry_detail.tree_value``, cut values
  ending with "…") until "Parse all" (an entry that is no JSON object or array has no tree).

What the pane says is decided without Qt in :mod:`inspector.session.entry_detail` (the heading and
its facts, the pair and its button, the findings, the HTTP exchange, the bytes' facts, their framing and
what of them is shown, every schema error on request and their rows, the tree's value, cells, pages and depth,
the controls' words), worded through ``QCoreApplication.translate``; the pane lays it out with the
shared builders of :mod:`.form_rows`. Everything the server controls is shown through plain-text widgets (QLabel with
``Qt.TextFormat.PlainText``, QPlainTextEdit, tree items) or escaped tooltips.
"""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QSize, Qt, Signal
from PySide6.QtGui import QGuiApplication, QTextOption
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from inspector.protocol.jsontypes import JsonValue
from inspector.session.entry_detail import (
    CONTEXT,
    CONTROLS,
    EXPLAIN_LIMIT,
    FIT_MEASURE_CHARS,
    TABS,
    WORDS,
    Finding,
    bytes_facts,
    bytes_share,
    entry_findings,
    expand_depth,
    explain_schema,
    header_facts,
    http_tab_text,
    json_cell,
    json_page,
    json_title,
    line_framed,
    more_text,
    pair_of,
    pair_text,
    raw_view,
    raw_wrap,
    schema_rows,
    stored_schema_errors,
    title_text,
    tree_value,
)
from inspector.session.entry_text import entry_head, kind_words
from inspector.session.recording import Entry, Recording

from .form_rows import (
    bold,
    empty_layout,
    read_only_text,
    set_tab_words,
    set_words,
    spaced,
    toggle_button,
    tree_widget,
)
from .panels.lists import splitter
from .timeline import TimelineColors
from .widgets import hbox, mono_font, plain_label, plain_tooltip, push_button, scroll_area, tool_button, vbox

translate = QCoreApplication.translate

# how the bytes pane wraps at its width, as entry_detail.raw_wrap says ("none": a hex dump is not wrapped)
_WORD_WRAPS = {
    "anywhere": QTextOption.WrapMode.WrapAnywhere,
    "words": QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere,
}


class _JsonItem(QTreeWidgetItem):
    """A node of the JSON tree; containers keep their value and build children on expand. The
    "N more" row of a long container names the container as its ``owner``."""

    def __init__(self, key: str, value: JsonValue, owner: _JsonItem | None = None) -> None:
        super().__init__()
        self.value = value
        self.built = 0  # children built so far (containers)
        self.owner = owner
        self.setText(0, key)


class DetailPane(QWidget):
    """Everything about one recorded entry."""

    goToSeq = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rec: Recording | None = None
        self._entry: Entry | None = None
        self.pair: int | None = None  # the paired request or response shown (its button goes there)
        self._show_all = False
        self._hex = False
        self._colors = TimelineColors(QGuiApplication.palette())
        self._build()
        self.clear()

    # ------------------------------------------------------------ construction

    def _build(self) -> None:
        self.title_label = bold(plain_label(wrap=True, selectable=True), 1.15)  # wraps, never clips, when narrow
        self.title_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.pair_button = push_button("", self._go_to_pair)
        self.pair_button.setVisible(False)
        self.meta_label = plain_label(wrap=True, selectable=True)

        # findings: above the bytes, as tall as its content (scrolls past a third of the pane)
        self.findings_widget = QWidget()
        self.findings_layout = spaced(QVBoxLayout(self.findings_widget), 3, (8, 6, 8, 6))
        self.findings_area = scroll_area(self.findings_widget)
        self.findings_area.setFrameShape(QFrame.Shape.StyledPanel)
        self.findings_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

        # raw bytes: a title with Hex and Save, their facts (a line that wraps, never clipped), and
        # for a long line only, what part is on screen with a way to see the rest
        self.raw_title = plain_label(selectable=False, wrap=False)
        self.hex_button = toggle_button(self.set_hex)
        self.save_button = tool_button("", self._save_bytes)
        self.raw_info = plain_label(selectable=True, wrap=True)
        self.truncation_bar = QFrame()
        self.truncation_bar.setFrameShape(QFrame.Shape.StyledPanel)
        self.truncation_label = plain_label(selectable=False, wrap=False)
        self.truncation_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.show_all_button = tool_button("", self.show_all_raw)
        bar = hbox((self.truncation_label, 1), self.show_all_button, parent=self.truncation_bar)
        bar.setContentsMargins(6, 2, 2, 2)
        self.truncation_bar.setVisible(False)
        mono = mono_font()
        mono.setPointSizeF(self.font().pointSizeF())
        self.raw_edit = read_only_text(mono=mono)
        self.raw_edit.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.raw_box = QWidget()
        raw_bar = spaced(hbox(self.raw_title, 1, self.hex_button, self.save_button), 6)
        raw_parts = (raw_bar, self.raw_info, self.truncation_bar, (self.raw_edit, 1))
        spaced(vbox(*raw_parts, margins=False, parent=self.raw_box), 2)

        # JSON tree
        self.tree_label = plain_label(selectable=False, wrap=False)
        self.parse_all_button = tool_button("", self.parse_all)  # a huge message: its whole tree, when asked
        self.parse_all_button.setVisible(False)
        self.expand_button = tool_button("", self._expand_more)
        self.collapse_button = tool_button("", lambda: self.tree.collapseAll())
        self.tree = tree_widget(2, first_width=200, alternating=True)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        self.tree.setFont(mono)
        self.tree.itemExpanded.connect(self._on_item_expanded)
        self.tree.itemActivated.connect(self._on_item_activated)
        self.tree_box = QWidget()
        tree_bar = hbox(self.tree_label, 1, self.parse_all_button, self.expand_button, self.collapse_button)
        spaced(vbox(tree_bar, (self.tree, 1), margins=False, parent=self.tree_box), 2)

        self.splitter = splitter(Qt.Orientation.Vertical, self.raw_box, self.tree_box, stretch=(2, 3), sizes=[200, 300])
        self._auto_split = True  # until the user drags the handle, fit the bytes pane to the line
        self.splitter.splitterMoved.connect(self._on_splitter_moved)

        # HTTP: the whole exchange the entry travelled in (request and response, headers and all)
        self.http_edit = read_only_text(mono=mono)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.splitter, "")
        self.tabs.addTab(self.http_edit, "")
        self.tabs.setTabVisible(1, False)

        self.placeholder = plain_label(wrap=True, selectable=False)
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setEnabled(False)
        top = spaced(hbox((self.title_label, 1), self.pair_button), 8)
        outer = vbox(top, self.meta_label, self.findings_area, (self.tabs, 1), (self.placeholder, 1), parent=self)
        spaced(outer, 4, (6, 6, 6, 6))

        self._root: _JsonItem | None = None
        self.schema_tree: QTreeWidget | None = None  # an invalid verdict's errors (path, message)
        self._schema_button: QPushButton | None = None
        self.findings_labels: list[QLabel] = []
        self._retranslate()

    # ------------------------------------------------------------ public API

    def seq(self) -> int | None:
        return None if self._entry is None else self._entry.seq

    def clear(self) -> None:
        self._rec = None
        self._entry = None
        self.pair = None
        self.title_label.setText("")
        self.meta_label.setText("")
        self.pair_button.setVisible(False)
        self._clear_findings()
        self.raw_edit.setPlainText("")
        self.tree.clear()
        self.http_edit.setPlainText("")
        self.tabs.setVisible(False)
        self.meta_label.setVisible(False)  # the findings were hidden with them (_clear_findings)
        self.placeholder.setVisible(True)

    def set_entry(self, recording: Recording, seq: int) -> None:
        """Show entry ``seq`` of ``recording``."""
        if not (0 <= seq < len(recording)):
            self.clear()
            return
        self._rec = recording
        e = recording[seq]
        self._entry = e
        self._show_all = False
        self.placeholder.setVisible(False)
        self.tabs.setVisible(True)
        self.meta_label.setVisible(True)
        self._show_header(recording, e)
        self._show_findings(recording, e)
        self._show_raw()
        self._show_tree(e)
        self._show_http(recording, seq)
        self._fit_split()

    def _show_http(self, rec: Recording, seq: int) -> None:
        """The HTTP tab: every exchange the entry belongs to, in full; hidden for stdio."""
        text = http_tab_text(rec, seq, translate)
        self.http_edit.setPlainText(text)
        shown = bool(text)
        if not shown and self.tabs.currentIndex() == 1:
            self.tabs.setCurrentIndex(0)
        self.tabs.setTabVisible(1, shown)
        self.tabs.tabBar().setVisible(shown)  # one tab needs no tab bar (stdio)

    def _on_splitter_moved(self, pos: int, index: int) -> None:
        self._auto_split = False

    def _fit_split(self) -> None:
        """Give the bytes pane what a short line needs and the JSON tree the rest."""
        if not self._auto_split or not self.tree_box.isVisibleTo(self):
            return
        total = sum(self.splitter.sizes())
        if total <= 0:
            return
        edit, want = self.raw_edit, None
        if edit.document().characterCount() <= FIT_MEASURE_CHARS:  # a longer one is not measured
            lines = max(1, int(edit.document().documentLayout().documentSize().height()))
            chrome = self.raw_box.height() - edit.viewport().height()
            want = chrome + (lines + 1) * edit.fontMetrics().lineSpacing() + 2 * edit.frameWidth()
        raw_h = bytes_share(total, want)
        self.splitter.setSizes([raw_h, total - raw_h])

    def show_all_raw(self) -> None:
        """Show the whole line, however long (the user asked for it)."""
        if self._entry is None:
            return
        self._show_all = True
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            self._show_raw()
        finally:
            QGuiApplication.restoreOverrideCursor()

    def set_hex(self, on: bool) -> None:
        on = bool(on)
        if self.hex_button.isChecked() != on:
            self.hex_button.setChecked(on)  # re-enters through toggled
            return
        self._hex = on
        if self._entry is not None:
            self._show_raw()

    # ------------------------------------------------------------ header

    def _show_header(self, rec: Recording, e: Entry) -> None:
        head = entry_head(rec, e.seq)  # the facts the transcript, the handouts and the timeline write too
        title = title_text(head, translate("Timeline", kind_words(head.kind)))
        self.title_label.setText(title)
        self.title_label.setToolTip(plain_tooltip(title))

        self.meta_label.setText("  ·  ".join(header_facts(head, translate, QLocale().toString)))

        self.pair = pair_of(rec, e)
        if self.pair is not None:
            self.pair_button.setText(pair_text(e, self.pair, translate))
        self.pair_button.setVisible(self.pair is not None)

    def _go_to_pair(self) -> None:
        if self.pair is not None:
            self.goToSeq.emit(self.pair)

    # ------------------------------------------------------------ findings

    def _clear_findings(self) -> None:
        empty_layout(self.findings_layout)
        self.findings_labels = []
        self.schema_tree = None
        self._schema_button = None
        self.findings_area.setVisible(False)

    def _add_label(self, finding: Finding, row: QHBoxLayout | None = None) -> None:
        """The label of a finding (in ``row``, stretched, when given)."""
        label = plain_label(finding.text, wrap=finding.wrap, selectable=True)
        if finding.tone:
            pal = label.palette()
            pal.setBrush(label.foregroundRole(), self._colors.brush(finding.tone))
            label.setPalette(pal)
        if finding.bold:
            bold(label)
        if finding.indent:
            label.setContentsMargins(finding.indent, 0, 0, 0)
        if row is not None:
            row.addWidget(label, 1)
        else:
            self.findings_layout.addWidget(label)
        label.show()  # a layout shows new children of a visible parent only later
        self.findings_labels.append(label)

    def _show_findings(self, rec: Recording, e: Entry) -> None:
        self._clear_findings()
        for finding in entry_findings(rec, e, translate):
            if not finding.schema:
                self._add_label(finding)
                continue
            row = QHBoxLayout()  # the invalid verdict: its title, a button to list every error, the errors
            self.findings_layout.addLayout(row)
            self._add_label(finding, row)
            tip = translate(CONTEXT, WORDS["all_errors_tip"])
            button = push_button(translate(CONTEXT, WORDS["all_errors"]), self.show_all_schema_errors, tip)
            row.addWidget(button)
            self._schema_button = button
            button.show()
            tree = tree_widget(2, first_width=180, rows_decorated=False)
            tree.setHeaderLabels([translate(CONTEXT, WORDS["path"]), translate(CONTEXT, WORDS["message"])])
            tree.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustToContents)
            self.schema_tree = tree
            self.findings_layout.addWidget(tree)
            tree.show()
            self._fill_schema_tree(stored_schema_errors(e))
        self.findings_area.setVisible(self.findings_layout.count() > 0)
        self._fit_findings()

    def _fit_findings(self) -> None:
        """Make the findings box exactly as tall as its wrapped text, up to a third of the pane."""
        if not self.findings_area.isVisibleTo(self):
            return
        frame = 2 * self.findings_area.frameWidth()
        width = max(self.findings_area.width() - frame, 200)
        layout = self.findings_layout
        need = layout.totalHeightForWidth(width) if layout.hasHeightForWidth() else layout.totalSizeHint().height()
        cap = max(self.height() // 3, 120)
        self.findings_area.setFixedHeight(min(need + frame, cap))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_findings()

    def _fill_schema_tree(self, errors: list[tuple[str, str]]) -> None:
        tree = self.schema_tree
        if tree is None:
            return
        tree.clear()
        items = [QTreeWidgetItem([path, message]) for path, message in schema_rows(errors, translate)]
        for item in items[:EXPLAIN_LIMIT]:
            item.setToolTip(1, plain_tooltip(item.text(1)))
        tree.addTopLevelItems(items)
        rows = max(1, min(len(items), 8))
        tree.setFixedHeight(tree.header().sizeHint().height() + rows * (tree.fontMetrics().height() + 6) + 6)

    def show_all_schema_errors(self) -> list[tuple[str, str]]:
        """Validate the entry again and list every schema error with its path."""
        e = self._entry
        rec = self._rec
        if e is None or rec is None or self.schema_tree is None:
            return []
        errors, version = explain_schema(rec, e, translate)
        self._fill_schema_tree(errors)
        if self._schema_button is not None:
            self._schema_button.setEnabled(False)
            words = translate(CONTEXT, WORDS["errors_found"])
            self._schema_button.setText(words.format(n=len(errors), version=version or "?"))
        return errors

    # ------------------------------------------------------------ raw bytes

    def _show_raw(self) -> None:
        e = self._entry
        if e is None:
            return
        raw = e.raw
        framed = line_framed(self._rec, e)
        self.raw_info.setText("  ·  ".join(bytes_facts(raw, framed, translate, QLocale().toString)))

        # empty first: changing wrap modes re-lays out whatever is shown (slow for a long line)
        self.raw_edit.clear()
        text, note = raw_view(raw, hex=self._hex, show_all=self._show_all, tr=translate)
        word_wrap = _WORD_WRAPS.get(raw_wrap(text, hex=self._hex))
        lines = QPlainTextEdit.LineWrapMode
        self.raw_edit.setLineWrapMode(lines.NoWrap if word_wrap is None else lines.WidgetWidth)
        if word_wrap is not None:
            self.raw_edit.setWordWrapMode(word_wrap)
        truncated = bool(note)
        if truncated:
            self.truncation_label.setText(note)
            self.truncation_label.setToolTip(plain_tooltip(note))
        # the bar first: showing it resizes the text view, which lays out all it holds again
        self.truncation_bar.setVisible(truncated)
        self.show_all_button.setVisible(truncated and not (self._hex and self._show_all))
        self.raw_edit.setPlainText(text)

    def _save_bytes(self) -> None:
        e = self._entry
        if e is None:
            return
        raw = e.raw

        def write(path: str) -> None:
            with suppress(OSError):  # a file that cannot be written is not written
                Path(path).write_bytes(raw)

        from .content import open_save_dialog  # the content cards' module: imported when first used

        title = translate(CONTEXT, WORDS["save_title"]).format(seq=e.seq)
        open_save_dialog(self, title, f"entry-{e.seq}.bin", write)  # never a nested event loop (qasync)

    # ------------------------------------------------------------ JSON tree

    def parse_all(self) -> None:
        """Build the JSON tree of the whole message shown (a huge one shows its head first)."""
        if self._entry is not None:
            QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            try:
                self._show_tree(self._entry, whole=True)
            finally:
                QGuiApplication.restoreOverrideCursor()

    def _show_tree(self, e: Entry, whole: bool = False) -> None:
        tree = self.tree
        tree.clear()
        obj, complete = tree_value(e, whole)  # a huge message: its first bytes' tree, the whole one when asked
        self.parse_all_button.setVisible(not complete)
        if obj is None:
            self.tree_box.setVisible(False)
            return
        self.tree_box.setVisible(True)
        self.tree_label.setText(json_title(obj, complete, len(e.raw), translate))
        root = _JsonItem("", obj)
        self._root = root  # hidden: the message's own members are the top-level rows
        tree.setUpdatesEnabled(False)
        try:
            self._build_children(root)
            depth = expand_depth(len(e.raw))
            for i in range(tree.topLevelItemCount()):
                self._expand_to(tree.topLevelItem(i), depth - 1)
        finally:
            tree.setUpdatesEnabled(True)

    def _make_item(self, key: str, value: JsonValue) -> _JsonItem:
        item = _JsonItem(key, value)
        text, tone, tip = json_cell(value, translate, QLocale().toString)
        item.setText(1, text)
        item.setForeground(1, self._colors.brush(tone))
        if tip:
            item.setToolTip(1, plain_tooltip(tip))
        if not isinstance(value, (dict, list)):
            item.value = None  # leaves keep only their text
        elif value:
            item.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
        else:
            item.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.DontShowIndicator)
        return item

    def _build_children(self, item: _JsonItem) -> None:
        """Add the next page of ``item``'s children (the hidden root's go to the top level)."""
        value = item.value
        if not isinstance(value, (dict, list)):
            return
        new = [self._make_item(key, child) for key, child in json_page(value, item.built)]
        item.built += len(new)
        if item.built < len(value):
            more = _JsonItem("…", None, owner=item)
            more.setText(1, more_text(len(value) - item.built, translate, QLocale().toString))
            more.setForeground(1, self._colors.brush("muted"))
            new.append(more)
        if item is self._root:
            self.tree.addTopLevelItems(new)
        else:
            item.addChildren(new)

    def _expand_to(self, item: QTreeWidgetItem | None, depth: int) -> None:
        if depth < 0 or not isinstance(item, _JsonItem) or not isinstance(item.value, (dict, list)) or not item.value:
            return
        if item.built == 0:
            self._build_children(item)
        item.setExpanded(True)
        if depth > 0:
            for i in range(min(item.childCount(), 50)):
                self._expand_to(item.child(i), depth - 1)

    def _on_item_expanded(self, item: QTreeWidgetItem) -> None:
        if isinstance(item, _JsonItem) and item.built == 0 and isinstance(item.value, (dict, list)):
            self._build_children(item)

    def _on_item_activated(self, item: QTreeWidgetItem, column: int) -> None:
        """The "N more" row: it gives way to its container's next page."""
        if isinstance(item, _JsonItem) and item.owner is not None:
            (item.parent() or self.tree.invisibleRootItem()).removeChild(item)
            self._build_children(item.owner)

    def _expand_more(self) -> None:
        item = self.tree.currentItem()
        if item is not None:
            self._expand_to(item, 2)
            return
        for i in range(self.tree.topLevelItemCount()):
            self._expand_to(self.tree.topLevelItem(i), 2)

    # ------------------------------------------------------------ events

    def _retranslate(self) -> None:
        """The texts that do not depend on the entry shown."""
        set_words(self, CONTEXT, WORDS, CONTROLS)
        set_tab_words(self.tabs, CONTEXT, WORDS, TABS)
        self.tree.setHeaderLabels([translate(CONTEXT, WORDS["key"]), translate(CONTEXT, WORDS["value"])])

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "placeholder"):
            self._retranslate()
            if self._rec is not None and self._entry is not None:
                self.set_entry(self._rec, self._entry.seq)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._colors = TimelineColors(self.palette())
            if self._rec is not None and self._entry is not None:
                self.set_entry(self._rec, self._entry.seq)
        super().changeEvent(event)

    def sizeHint(self) -> QSize:
        return QSize(520, 480)


__all__ = ["DetailPane"]
