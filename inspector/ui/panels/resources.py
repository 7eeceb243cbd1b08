"""Resources: lists with pagination, read, templates with completion, live updates.

Everything goes through the session (``resources/list``, ``resources/templates/list``,
``resources/read``, ``completion/complete``, ``resources/subscribe`` / ``unsubscribe`` in the
legacy era, ``subscriptions/listen`` in the modern era), so each action shows up in the
timeline and the diagram.

Theory of operation
-------------------
* Each list is a :class:`inspector.session.operations.ListPager` (one paging behaviour for
  every panel: cycle and malformed-cursor protection, generations, notes as data); a
  :class:`PagedListView` shows it. A reload starts a new generation, so a slow answer never
  overwrites a newer list.
* A :class:`CompletionField` is a line edit that asks for suggestions through a callback,
  debounced (200 ms after the last key, or at once on focus), and shows the answer in a
  QCompleter popup. Answers for text the user has since changed are dropped.
* A :class:`ListenStream` is one ``subscriptions/listen`` request (2026-07-28): a request with
  no timeout that the server answers only when it ends the stream. Its state follows the
  wire: *opening* until ``notifications/subscriptions/acknowledged`` carries our request id
  in ``_meta["io.modelcontextprotocol/subscriptionId"]``, then *listening*. Closing it cancels
  the request's anyio scope, and the session sends ``notifications/cancelled``. Its filter
  cannot change, so a new filter means cancel and open again.
* Modern servers send list changes only on a stream that asked for them, so in the modern
  era the panel keeps one stream with ``resourcesListChanged`` while the server declares
  ``listChanged``, and a second one, opened by the user, for resource updates.

Server text is shown as plain text only. Nothing here waits on a nested event loop: file
dialogs use ``open()`` and signals.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import anyio
from PySide6.QtCore import QCoreApplication, QObject, QStringListModel, Qt, QTimer, Signal
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QCompleter,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from inspector.protocol.messages import Kind
from inspector.protocol.versions import META_SUBSCRIPTION_ID
from inspector.session import SessionError
from inspector.session.operations import NOTE_ERROR, ListPager, same_id
from inspector.session.recording import Direction
from inspector.ui.schema_form import is_dark, tone

from ..plain import mono_font, plain_label, plain_tooltip
from .base import FeaturePanel, list_notes_text

INF = float("inf")
DEBOUNCE_MS = 200
MAX_UPDATES = 500
HEX_PREVIEW_BYTES = 512
TEXT_LIMIT = 1_000_000  # characters shown of a text content; the rest is left out (Save keeps all)
LIST_REQUEST_TIMEOUT = 30.0
COMPLETION_TIMEOUT = 10.0
DECODE_ON_THREAD = 256 * 1024  # characters of text/base64 above which decoding leaves the UI thread

ITEM_ROLE = Qt.ItemDataRole.UserRole

# versions whose CompleteRequest has ``context.arguments``
_CONTEXT_VERSIONS = frozenset({"2025-06-18", "2025-11-25", "2026-07-28"})

_ERROR_NAMES = {
    -32700: "Parse error",
    -32600: "Invalid request",
    -32601: "Method not found",
    -32602: "Invalid params",
    -32603: "Internal error",
    -32002: "Resource not found",
}

# MIME types read as prose (proportional font); every other text is shown in a fixed font.
_PROSE_MIME = frozenset({"text/plain", "text/markdown", "text/x-markdown", "text/richtext", "text/enriched"})


def muted(label: QLabel) -> QLabel:
    """Secondary text (hints, counts) in the palette's muted tone."""
    label.setStyleSheet(f"color: {tone(label, 'muted')};")
    return label


def error_text(error: dict | None) -> str:
    """A JSON-RPC error object as one readable paragraph (plain text)."""
    if not isinstance(error, dict):
        return QCoreApplication.translate("ResourcesPanel", "The server answered with an error.")
    code = error.get("code")
    message = error.get("message")
    name = _ERROR_NAMES.get(code) if isinstance(code, int) else None
    head = QCoreApplication.translate("ResourcesPanel", "Error {code}").format(code=code) if code is not None else QCoreApplication.translate("ResourcesPanel", "Error")
    if name:
        head += f" ({name})"
    text = f"{head}: {message}" if isinstance(message, str) and message else head
    if "data" in error:
        try:
            data = json.dumps(error["data"], ensure_ascii=False)
        except (TypeError, ValueError):
            data = repr(error["data"])
        if len(data) > 600:
            data = data[:600] + "…"
        text += "\n" + QCoreApplication.translate("ResourcesPanel", "data: {data}").format(data=data)
    return text


def human_size(n: int) -> str:
    if n < 1024:
        return QCoreApplication.translate("ResourcesPanel", "{n} bytes").format(n=n) if n != 1 else QCoreApplication.translate("ResourcesPanel", "1 byte")
    for unit in ("KiB", "MiB", "GiB"):
        n /= 1024
        if n < 1024 or unit == "GiB":
            return f"{n:.1f} {unit}"
    return str(n)


def hex_preview(data: bytes, limit: int = HEX_PREVIEW_BYTES) -> str:
    """Classic hexdump lines: offset, 16 bytes in hex, the printable ASCII."""
    lines = []
    for off in range(0, min(len(data), limit), 16):
        chunk = data[off : off + 16]
        hexes = " ".join(f"{b:02x}" for b in chunk)
        hexes = hexes[:23] + " " + hexes[23:] if len(chunk) > 8 else hexes
        text = "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)
        lines.append(f"{off:08x}  {hexes:<48}  |{text}|")
    if len(data) > limit:
        lines.append(QCoreApplication.translate("ResourcesPanel", "… {n} more bytes").format(n=len(data) - limit))
    return "\n".join(lines)


def meta_subscription_id(params: dict) -> Any:
    meta = params.get("_meta") if isinstance(params, dict) else None
    return meta.get(META_SUBSCRIPTION_ID) if isinstance(meta, dict) else None


def supports_context(version: str | None) -> bool:
    return version in _CONTEXT_VERSIONS


# ---------------------------------------------------------------------- URI templates (RFC 6570)

_EXPRESSION = re.compile(r"\{([^{}]*)\}")
# operator -> (first, separator, named, if-empty, allow reserved)
_OPERATORS: dict[str, tuple[str, str, bool, str, bool]] = {
    "": ("", ",", False, "", False),
    "+": ("", ",", False, "", True),
    "#": ("#", ",", False, "", True),
    ".": (".", ".", False, "", False),
    "/": ("/", "/", False, "", False),
    ";": (";", ";", True, "", False),
    "?": ("?", "&", True, "=", False),
    "&": ("&", "&", True, "=", False),
}
_RESERVED = ":/?#[]@!$&'()*+,;=%"


def _varspecs(body: str) -> tuple[str, list[tuple[str, int | None]]]:
    op = body[:1] if body[:1] in _OPERATORS and body[:1] else ""
    specs = []
    for raw in body[len(op) :].split(","):
        raw = raw.strip().rstrip("*")
        name, _, prefix = raw.partition(":")
        if name:
            specs.append((name, int(prefix) if prefix.isdigit() else None))
    return op, specs


def template_required(template: str) -> list[str]:
    """Variables of path-like expressions (simple, ``+``, ``/``, ``.``, ``#``): the URI needs them.

    Query-style ones (``?``, ``&``, ``;``) may stay empty: the expansion leaves them out.
    """
    names: list[str] = []
    for m in _EXPRESSION.finditer(template):
        op, specs = _varspecs(m.group(1))
        if op in ("?", "&", ";"):
            continue
        for name, _prefix in specs:
            if name not in names:
                names.append(name)
    return names


def template_variables(template: str) -> list[str]:
    """The variable names of a URI template, in order, each once."""
    names: list[str] = []
    for m in _EXPRESSION.finditer(template):
        for name, _prefix in _varspecs(m.group(1))[1]:
            if name not in names:
                names.append(name)
    return names


def expand_template(template: str, values: dict[str, str]) -> str:
    """RFC 6570 expansion with string values (levels 1-3, prefixes); empty means undefined."""

    def expand(m: re.Match) -> str:
        op, specs = _varspecs(m.group(1))
        first, sep, named, if_empty, reserved = _OPERATORS[op]
        safe = _RESERVED if reserved else ""
        parts = []
        for name, prefix in specs:
            value = values.get(name)
            if value is None or value == "":
                continue
            if prefix is not None:
                value = value[:prefix]
            enc = quote(value, safe=safe)
            if named:
                parts.append(f"{name}={enc}" if enc else f"{name}{if_empty}")
            else:
                parts.append(enc)
        return first + sep.join(parts) if parts else ""

    return _EXPRESSION.sub(expand, template)


# ---------------------------------------------------------------------- small widgets


class BusyIndicator(QWidget):
    """An indeterminate bar and what is going on; shown while at least one operation runs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)
        self.bar.setTextVisible(False)
        self.bar.setFixedSize(72, 10)
        self.label = muted(plain_label(wrap=False))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.bar)
        layout.addWidget(self.label)
        self._running: list[tuple[int, str]] = []
        self._next = 0
        self.setVisible(False)

    @property
    def busy(self) -> bool:
        return bool(self._running)

    @contextmanager
    def running(self, text: str):
        self._next += 1
        token = (self._next, text)
        self._running.append(token)
        self._sync()
        try:
            yield
        finally:
            self._running.remove(token)
            self._sync()

    def _sync(self) -> None:
        self.setVisible(bool(self._running))
        self.label.setText(self._running[-1][1] if self._running else "")


class ErrorLabel(QLabel):
    """Plain-text errors from the server or the session, in the palette's alert colour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setObjectName("panelError")
        colour = tone(self, "error")
        self.setStyleSheet(
            f"#panelError {{ color: {colour}; background: rgba(198, 40, 40, 0.08);"
            " border: 1px solid rgba(198, 40, 40, 0.35); border-radius: 4px; padding: 6px; }"
        )
        self.setVisible(False)

    def show_text(self, text: str) -> None:
        self.setText(text)
        self.setVisible(bool(text))

    def clear_text(self) -> None:
        self.show_text("")


def section_title(text: str) -> QLabel:
    label = plain_label(text, wrap=False)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    return label


# ---------------------------------------------------------------------- pagination


class PagedListView(QWidget):
    """A filterable tree of list entries with Refresh, Load more and a page count."""

    refreshClicked = Signal()
    moreClicked = Signal()
    itemChosen = Signal(dict)  # selection moved to an entry
    itemOpened = Signal(dict)  # double-click or Enter on an entry

    def __init__(self, headers: list[str], count_text: Callable[[int], str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count_text = count_text  # n -> "1 resource" / "5 resources"
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(self.tr("Filter"))
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._apply_filter)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(headers)
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setAllColumnsShowFocus(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(0, 150)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for col in range(2, len(headers)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.currentItemChanged.connect(self._on_current)
        self.tree.itemActivated.connect(self._on_activated)
        self.refresh_button = QPushButton(self.tr("Refresh"))
        self.refresh_button.clicked.connect(lambda *_: self.refreshClicked.emit())
        self.more_button = QPushButton(self.tr("Load more"))
        self.more_button.clicked.connect(lambda *_: self.moreClicked.emit())
        self.more_button.setVisible(False)
        self.count = muted(plain_label(wrap=False))
        self.live_note = muted(plain_label(wrap=True))
        foot = QHBoxLayout()
        foot.setContentsMargins(0, 0, 0, 0)
        foot.addWidget(self.refresh_button)
        foot.addWidget(self.more_button)
        foot.addWidget(self.count, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 6, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.filter)
        layout.addWidget(self.tree, 1)
        layout.addLayout(foot)
        layout.addWidget(self.live_note)

    def clear(self) -> None:
        self.tree.clear()

    def add_rows(self, rows: list[tuple[list[str], dict, str]]) -> None:
        """Append (cells, entry, tooltip) rows."""
        items = []
        for cells, entry, tip in rows:
            item = QTreeWidgetItem(cells)
            item.setData(0, ITEM_ROLE, entry)
            if tip:
                tip = plain_tooltip(tip)
                for col in range(len(cells)):
                    item.setToolTip(col, tip)
            items.append(item)
        self.tree.addTopLevelItems(items)
        self._apply_filter(self.filter.text())

    def set_status(self, pl: ListPager) -> None:
        n = len(pl.items)
        if pl.pages == 0:
            text = self.tr("Loading…") if pl.loading else ""
        else:
            pages = self.tr("1 page") if pl.pages == 1 else self.tr("{n} pages").format(n=pl.pages)
            text = f"{self.count_text(n)} · {pages}"
            if pl.more:
                text += " · " + self.tr("more available")
        notes = list_notes_text(pl.notes)
        if notes:
            text += " · " + notes
        self.count.setText(text)
        self.more_button.setVisible(pl.more)
        self.more_button.setEnabled(not pl.loading)
        self.refresh_button.setEnabled(not pl.loading)

    def entries(self) -> list[dict]:
        return [self.tree.topLevelItem(i).data(0, ITEM_ROLE) for i in range(self.tree.topLevelItemCount())]

    def select_where(self, key: str, value: Any) -> bool:
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            entry = item.data(0, ITEM_ROLE)
            if isinstance(entry, dict) and entry.get(key) == value:
                self.tree.setCurrentItem(item)
                return True
        return False

    def _apply_filter(self, text: str) -> None:
        needle = text.strip().lower()
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            hay = " ".join(item.text(c) for c in range(item.columnCount())).lower()
            item.setHidden(bool(needle) and needle not in hay)

    def _on_current(self, item: QTreeWidgetItem | None, _prev: QTreeWidgetItem | None) -> None:
        if item is not None:
            self._emit_item(item)

    def _on_activated(self, item: QTreeWidgetItem, _column: int) -> None:
        entry = item.data(0, ITEM_ROLE)
        if isinstance(entry, dict):
            self.itemOpened.emit(entry)

    def _emit_item(self, item: QTreeWidgetItem) -> None:
        entry = item.data(0, ITEM_ROLE)
        if isinstance(entry, dict):
            self.itemChosen.emit(entry)


# ---------------------------------------------------------------------- completion


class CompletionField(QLineEdit):
    """A line edit with server-side completion (``completion/complete``).

    ``wanted(name, value)`` asks the owner to fetch suggestions, 200 ms after the last edit
    or at once when the field gets focus; the owner answers with :meth:`set_suggestions`.
    """

    wanted = Signal(str, str)

    def __init__(self, name: str, *, completes: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.completes = completes
        self.hint = ""  # the owner's tooltip text (plain), kept when a completion fails
        self.model = QStringListModel(self)
        self.completer = QCompleter(self.model, self)
        self.completer.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setWidget(self)
        self.completer.activated[str].connect(self._chosen)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS)
        self.timer.timeout.connect(self._fire)
        self.asked: str | None = None  # value of the last request sent
        self.answered: str | None = None  # value the suggestions are for
        self.total: int | None = None
        self.has_more = False
        self.requests = 0
        self.textEdited.connect(self._edited)

    def suggestions(self) -> list[str]:
        return self.model.stringList()

    def request_now(self) -> None:
        """Ask for suggestions for the current text without waiting."""
        if self.completes:
            self.timer.stop()
            self._fire()

    def set_suggestions(self, value: str, values: list[str], total: Any = None, has_more: Any = False) -> bool:
        """Suggestions for ``value``; dropped (False) when the text has changed since."""
        if value != self.text():
            return False
        self.answered = value
        self.total = total if isinstance(total, int) else None
        self.has_more = has_more is True
        self.model.setStringList(values)
        hint = ""
        if values:
            hint = self.tr("{n} suggestion(s)").format(n=len(values))
            if self.total is not None and self.total > len(values):
                hint = self.tr("{n} of {total} suggestions").format(n=len(values), total=self.total)
            elif self.has_more:
                hint += " " + self.tr("(more on the server)")
        self.setStatusTip(hint)
        if values and self.hasFocus():
            self.completer.complete()
        elif not values:
            self.completer.popup().hide()
        return True

    def _edited(self, _text: str) -> None:
        if self.completes:
            self.timer.start()

    def _fire(self) -> None:
        self.asked = self.text()
        self.requests += 1
        self.wanted.emit(self.name, self.asked)

    def _chosen(self, text: str) -> None:
        self.setText(text)
        self.timer.stop()
        self.editingFinished.emit()

    def focusInEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().focusInEvent(event)
        if self.completes:
            QTimer.singleShot(0, self._on_focus)

    def _on_focus(self) -> None:
        # suggestions for what is already there (all values for an empty field), unless an
        # edit is about to ask anyway or they are on screen already
        if self.hasFocus() and not self.timer.isActive() and self.asked != self.text():
            self._fire()


async def fetch_completions(panel: FeaturePanel, field: CompletionField, ref: dict, context: dict[str, str]) -> None:
    """completion/complete for ``field``'s current value; the answer lands in the field."""
    session = panel.session
    if session is None:
        return
    value = field.asked if field.asked is not None else field.text()
    params: dict[str, Any] = {"ref": ref, "argument": {"name": field.name, "value": value}}
    if context and supports_context(panel.version):
        params["context"] = {"arguments": context}
    reply = await session.request("completion/complete", params, timeout=COMPLETION_TIMEOUT)
    if not reply.ok:
        failure = QCoreApplication.translate("ResourcesPanel", "Completion failed: {error}").format(error=error_text(reply.error))
        field.setToolTip(plain_tooltip(f"{field.hint}\n\n{failure}" if field.hint else failure))
        field.set_suggestions(value, [])
        return
    if field.hint:
        field.setToolTip(plain_tooltip(field.hint))
    completion = (reply.result or {}).get("completion")
    values = completion.get("values") if isinstance(completion, dict) else None
    if not isinstance(values, list):
        values = []
    values = [v for v in values if isinstance(v, str)][:100]
    field.set_suggestions(value, values, completion.get("total") if isinstance(completion, dict) else None,
                          completion.get("hasMore") if isinstance(completion, dict) else False)


# ---------------------------------------------------------------------- subscriptions/listen


class ListenStream(QObject):
    """One ``subscriptions/listen`` request (2026-07-28) and its life on the wire.

    States: ``idle`` (never opened, or closed by us), ``opening`` (sent, not acknowledged),
    ``listening`` (acknowledged), ``ended`` (the server answered, or the session ended),
    ``failed`` (an error reply).
    """

    changed = Signal()

    def __init__(self, panel: FeaturePanel, parent: QObject | None = None) -> None:
        super().__init__(parent or panel)
        self.panel = panel
        self.state = "idle"
        self.filter: dict = {}
        self.honored: dict | None = None
        self.note = ""
        self.notifications = 0
        self._scope: anyio.CancelScope | None = None
        self._done: anyio.Event | None = None
        self._session: Any = None
        self._start_seq = -1
        self._id: Any = None

    @property
    def active(self) -> bool:
        return self.state in ("opening", "listening")

    @property
    def request_id(self) -> Any:
        """The JSON-RPC id of the listen request (= the subscription id), once it was sent."""
        if self._id is None and self._session is not None and self._start_seq >= 0:
            rec = self._session.recording
            for i in range(self._start_seq, len(rec)):
                if rec.direction_at(i) is Direction.C2S and rec.kind_at(i) is Kind.REQUEST and rec.method_at(i) == "subscriptions/listen":
                    obj = rec[i].json()
                    params = obj.get("params") if isinstance(obj, dict) else None
                    if isinstance(params, dict) and params.get("notifications") == self.filter:
                        self._id = rec.id_at(i)
                        break
        return self._id

    def owns(self, subscription_id: Any) -> bool:
        rid = self.request_id
        if rid is None or subscription_id is None:
            return False
        try:
            return same_id(rid, subscription_id)
        except TypeError:
            return False

    def open(self, notifications: dict) -> bool:
        """Open the stream with this filter; an open one is cancelled first (filters are fixed)."""
        previous = self._done
        if self._scope is not None:
            self._scope.cancel()
        scope = anyio.CancelScope()
        done = anyio.Event()
        self._scope, self._done = scope, done
        self.filter = dict(notifications)
        self.state = "opening"
        self.honored = None
        self.note = ""
        self.notifications = 0
        self._id = None
        self._start_seq = -1
        started = self.panel.run(self._run, scope, done, previous, dict(notifications))
        if not started:
            self._scope = None
            self.state = "idle"
        self.changed.emit()
        return started

    def close(self) -> None:
        """Cancel the stream: the session sends notifications/cancelled for it."""
        if self._scope is not None:
            self._scope.cancel()

    def reset(self) -> None:
        self.close()
        self._scope = None
        self.state = "idle"
        self.filter = {}
        self.honored = None
        self.note = ""
        self._id = None
        self._session = None
        self.changed.emit()

    def acknowledged(self, honored: Any) -> None:
        self.state = "listening"
        self.honored = honored if isinstance(honored, dict) else {}
        refused = []
        for k, v in self.filter.items():
            agreed = self.honored.get(k)
            if agreed is None or agreed is False or (isinstance(v, list) and set(v) - set(agreed if isinstance(agreed, list) else ())):
                refused.append(k)
        if refused:
            self.note = QCoreApplication.translate("ResourcesPanel", "The server did not agree to: {what}").format(what=", ".join(refused))
        self.changed.emit()

    async def _run(self, scope: anyio.CancelScope, done: anyio.Event, previous: anyio.Event | None, notifications: dict) -> None:
        try:
            if previous is not None:
                with anyio.move_on_after(5):
                    await previous.wait()  # the old stream's notifications/cancelled goes first
            session = self.panel.session
            if session is None or scope.cancel_called:
                if scope is self._scope:
                    self.state = "idle"
                return
            reply = None
            with scope:
                self._session = session
                self._start_seq = len(session.recording)
                reply = await session.request(
                    "subscriptions/listen", {"notifications": notifications}, timeout=INF, max_timeout=INF
                )
            if scope is not self._scope:
                return  # replaced by a newer stream
            if reply is None:
                self.state = "idle"
                rid = self.request_id
                if rid is None:
                    self.note = QCoreApplication.translate("ResourcesPanel", "Stopped before the request was sent.")
                else:
                    self.note = QCoreApplication.translate("ResourcesPanel", "Stopped: notifications/cancelled sent for request {id}.").format(id=rid)
            elif reply.ok:
                self.state = "ended"
                self.note = QCoreApplication.translate("ResourcesPanel", "The server ended the subscription.")
            else:
                self.state = "failed"
                self.note = error_text(reply.error)
        except SessionError as exc:
            if scope is self._scope:
                self.state = "ended"
                self.note = str(exc)
        finally:
            done.set()
            if scope is self._scope:
                self._scope = None
                self.changed.emit()


# ---------------------------------------------------------------------- contents


@dataclass
class PreparedContent:
    """A ResourceContents entry decoded and ready to show (made off the UI thread when large)."""

    content: dict
    uri: str = ""
    mime: str = ""
    is_text: bool = False
    text: str = ""
    data: bytes = b""
    image: QImage | None = None  # QImage (not QPixmap) may be made on a worker thread
    problem: str = ""


def prepare_content(content: dict) -> PreparedContent:
    """Decode one entry: the text's bytes, or the blob's bytes and, for image/*, the image."""
    p = PreparedContent(content)
    p.uri = content.get("uri") if isinstance(content.get("uri"), str) else ""
    p.mime = content.get("mimeType") if isinstance(content.get("mimeType"), str) else ""
    if isinstance(content.get("text"), str):
        p.is_text = True
        p.text = content["text"]
        p.data = p.text.encode("utf-8", "surrogatepass")
        return p
    blob = content.get("blob")
    if not isinstance(blob, str):
        p.problem = QCoreApplication.translate("ResourcesPanel", "This content has neither text nor blob.")
        return p
    try:
        p.data = base64.b64decode(blob, validate=True)
    except (binascii.Error, ValueError):
        p.problem = QCoreApplication.translate("ResourcesPanel", "The blob is not valid base64.")
        return p
    if p.mime.lower().startswith("image/") and p.data:
        image = QImage.fromData(p.data)
        if not image.isNull():
            p.image = image
        else:
            p.problem = QCoreApplication.translate("ResourcesPanel", "The MIME type says image, but the bytes are not an image Qt can read.")
    return p


def contents_weight(contents: list) -> int:
    """Characters of text and base64 in a contents list (to decide where to decode it)."""
    n = 0
    for c in contents:
        if isinstance(c, dict):
            for key in ("text", "blob"):
                if isinstance(c.get(key), str):
                    n += len(c[key])
    return n


class ContentCard(QFrame):
    """One entry of a resources/read answer: uri, MIME type, size, then text or bytes."""

    def __init__(self, panel: "ResourcesPanel", prepared: PreparedContent, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.panel = panel
        self.prepared = prepared
        self.content = prepared.content
        self.setObjectName("resourceContent")
        border, bg = ("#3c3f44", "#25272b") if is_dark(self) else ("#d5d8dc", "#fbfbfc")
        self.setStyleSheet(f"QFrame#resourceContent {{ border: 1px solid {border}; border-radius: 6px; background: {bg}; }}")
        self.uri = prepared.uri
        self.mime = prepared.mime
        self.data = prepared.data
        self.is_text = prepared.is_text
        self.text = prepared.text
        self.problem = prepared.problem
        self.image = prepared.image
        self.dialog: QFileDialog | None = None

        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 10)
        layout.setSpacing(6)
        head = QHBoxLayout()
        self.uri_label = plain_label(self.uri or self.tr("(no uri)"), wrap=True, selectable=True)
        self.uri_label.setFont(mono_font())
        head.addWidget(self.uri_label, 1)
        self.save_button = QPushButton(self.tr("Save…"))
        self.save_button.setToolTip(self.tr("Write these bytes to a file"))
        self.save_button.clicked.connect(lambda *_: self.open_save_dialog())
        self.save_button.setEnabled(bool(self.data) or self.is_text)
        head.addWidget(self.save_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(head)
        kind = self.tr("text") if self.is_text else self.tr("binary (blob)")
        facts = [self.mime or self.tr("no MIME type"), kind, human_size(len(self.data))]
        self.facts = muted(plain_label(" · ".join(facts), wrap=True))
        layout.addWidget(self.facts)
        if self.problem:
            err = ErrorLabel()
            err.show_text(self.problem)
            layout.addWidget(err)

        if self.is_text:
            self.body = QPlainTextEdit()
            self.body.setReadOnly(True)
            self.body.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
            shown = self.text if len(self.text) <= TEXT_LIMIT else self.text[:TEXT_LIMIT]
            self.body.setPlainText(shown)
            if not self.prose:
                self.body.setFont(mono_font())
                self.body.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
            self.body.setMinimumHeight(120)
            layout.addWidget(self.body, 1)
            if len(self.text) > TEXT_LIMIT:
                layout.addWidget(plain_label(self.tr("Showing the first {n} characters; Save keeps everything.").format(n=TEXT_LIMIT)))
        else:
            self.preview = QLabel()
            self.preview.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            image = self.image
            if image is not None:
                side = max(image.width(), image.height())
                factor = max(1, min(8, 128 // max(1, side))) if side < 128 else 1
                pix = QPixmap.fromImage(image)
                if factor > 1:
                    pix = pix.scaled(image.width() * factor, image.height() * factor, Qt.AspectRatioMode.KeepAspectRatio,
                                     Qt.TransformationMode.FastTransformation)
                elif side > 320:
                    pix = pix.scaled(320, 320, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation)
                self.preview.setPixmap(pix)
                self.preview.setToolTip(self.tr("{w} × {h} pixels").format(w=image.width(), h=image.height()))
                self.preview.setStyleSheet("QLabel { background: transparent; border: 1px dashed palette(mid); padding: 6px; }")
                self.preview.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
                layout.addWidget(self.preview)
                dims = muted(plain_label(self.tr("Image preview, {w} × {h} pixels").format(w=image.width(), h=image.height())))
                layout.addWidget(dims)
            self.body = QPlainTextEdit()
            self.body.setReadOnly(True)
            self.body.setFont(mono_font())
            self.body.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
            self.body.setPlainText(hex_preview(self.data) if self.data else "")
            self.body.setMinimumHeight(110)
            layout.addWidget(self.body, 1)

    @property
    def prose(self) -> bool:
        return self.mime.split(";")[0].strip().lower() in _PROSE_MIME

    def suggested_name(self) -> str:
        tail = self.uri.rstrip("/").rsplit("/", 1)[-1] if self.uri else ""
        tail = re.sub(r"[^\w.\-]+", "_", tail).strip("._") or "resource"
        return tail

    def open_save_dialog(self) -> QFileDialog:
        """A non-native, non-blocking save dialog (``open()``); the write happens on a thread."""
        dialog = QFileDialog(self, self.tr("Save resource contents"))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setFileMode(QFileDialog.FileMode.AnyFile)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        dialog.selectFile(self.suggested_name())
        dialog.fileSelected.connect(self.save_to)
        dialog.finished.connect(lambda *_: dialog.deleteLater())
        self.dialog = dialog
        dialog.open()
        return dialog

    def save_to(self, path: str) -> None:
        """Write the bytes on a worker thread (works after the session ended, too)."""
        tg = self.panel.controller.task_group
        if not path or tg is None:
            return
        tg.start_soon(self._write, Path(path), self.data)

    async def _write(self, path: Path, data: bytes) -> None:
        panel = self.panel
        with panel.busy.running(QCoreApplication.translate("ResourcesPanel", "Saving…")):
            try:
                await anyio.to_thread.run_sync(path.write_bytes, data)
            except OSError as exc:
                panel.errors.show_text(QCoreApplication.translate("ResourcesPanel", "Could not save {path}: {error}").format(path=str(path), error=exc.strerror or str(exc)))
                return
        panel.status.setText(QCoreApplication.translate("ResourcesPanel", "Saved {n} to {path}.").format(n=human_size(len(data)), path=str(path)))


class ContentsView(QScrollArea):
    """The answer of one resources/read: a card per content, or an error."""

    def __init__(self, panel: "ResourcesPanel", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.panel = panel
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.cards: list[ContentCard] = []
        self.inner = QWidget()
        self.box = QVBoxLayout(self.inner)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(8)
        self.empty = muted(plain_label(self.tr("Select a resource and press Read.")))
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.box.addWidget(self.empty, 1)
        self.setWidget(self.inner)

    def clear(self, message: str = "") -> None:
        for card in self.cards:
            self.box.removeWidget(card)
            card.deleteLater()
        self.cards = []
        self.empty.setText(message or self.tr("Select a resource and press Read."))
        self.empty.setVisible(True)

    def set_contents(self, contents: list) -> None:
        self.set_prepared([prepare_content(c) for c in contents if isinstance(c, dict)])

    def set_prepared(self, prepared: list[PreparedContent]) -> None:
        self.clear(self.tr("The server returned no contents."))
        self.empty.setVisible(not prepared)
        for entry in prepared:
            card = ContentCard(self.panel, entry)
            self.cards.append(card)
            self.box.addWidget(card, 1)


# ---------------------------------------------------------------------- the panel


class ResourcesPanel(FeaturePanel):
    key = "resources"

    def __init__(self, controller, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.resources = ListPager("resources/list", "resources")
        self.templates = ListPager("resources/templates/list", "resourceTemplates")
        self.current: dict | None = None  # the resource whose details are shown
        self.template: dict | None = None  # the template being filled in
        self.shown_uri: str | None = None  # uri of the contents on screen
        self.subscribed: set[str] = set()  # legacy: resources/subscribe answered ok
        self.watched: list[str] = []  # modern: uris of the update stream
        self.fields: dict[str, CompletionField] = {}
        self._read_generation = 0
        self._reread_pending = False
        self.list_stream = ListenStream(self)
        self.update_stream = ListenStream(self)
        self.list_stream.changed.connect(self._sync_live)
        self.update_stream.changed.connect(self._sync_live)
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(100)  # a burst of list_changed is one refresh
        self._refresh_timer.timeout.connect(self.refresh)
        self._reread_timer = QTimer(self)
        self._reread_timer.setSingleShot(True)
        self._reread_timer.setInterval(50)
        self._reread_timer.timeout.connect(self._reread)
        self._build()
        self._sync_actions()

    def title(self) -> str:
        return self.tr("Resources")

    # ---------------------------------------------------------------- layout

    def _build(self) -> None:
        self.busy = BusyIndicator()
        self.status = muted(plain_label(wrap=False))
        self.errors = ErrorLabel()

        # left: the two lists
        self.resource_list = PagedListView(
            [self.tr("Name"), self.tr("URI"), self.tr("MIME type")],
            lambda n: self.tr("1 resource") if n == 1 else self.tr("{n} resources").format(n=n),
        )
        self.template_list = PagedListView(
            [self.tr("Name"), self.tr("URI template"), self.tr("MIME type")],
            lambda n: self.tr("1 template") if n == 1 else self.tr("{n} templates").format(n=n),
        )
        self.resource_list.refreshClicked.connect(lambda: self.load(self.resources))
        self.resource_list.moreClicked.connect(lambda: self.load_more(self.resources))
        self.template_list.refreshClicked.connect(lambda: self.load(self.templates))
        self.template_list.moreClicked.connect(lambda: self.load_more(self.templates))
        self.resource_list.itemChosen.connect(self.show_resource)
        self.resource_list.itemOpened.connect(lambda entry: (self.show_resource(entry), self.read_selected()))
        self.template_list.itemChosen.connect(self.show_template)
        self.lists = QTabWidget()
        self.lists.setDocumentMode(True)
        self.lists.addTab(self.resource_list, self.tr("Resources"))
        self.lists.addTab(self.template_list, self.tr("Templates"))

        # right: what is selected, its contents
        self.heading = section_title(self.tr("Nothing selected"))
        heading_font = self.heading.font()
        heading_font.setPointSizeF(heading_font.pointSizeF() * 1.15)
        self.heading.setFont(heading_font)
        self.uri_label = plain_label(selectable=True)
        self.uri_label.setFont(mono_font())
        self.facts = muted(plain_label())
        self.description = plain_label(selectable=True)

        # template form
        self.template_box = QGroupBox(self.tr("Template arguments"))
        self.template_form = QFormLayout()
        self.template_form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.template_hint = muted(plain_label())
        self.expanded = QLineEdit()
        self.expanded.setReadOnly(True)
        self.expanded.setFont(mono_font())
        self.template_form.addRow(plain_label(self.tr("Expanded URI"), wrap=False), self.expanded)
        tbox = QVBoxLayout(self.template_box)
        tbox.addLayout(self.template_form)
        tbox.addWidget(self.template_hint)
        self.template_box.setVisible(False)

        self.read_button = QPushButton(self.tr("Read"))
        self.read_button.setDefault(True)
        self.read_button.clicked.connect(lambda *_: self.read_selected())
        self.subscribe_button = QPushButton(self.tr("Subscribe"))
        self.subscribe_button.clicked.connect(lambda *_: self.toggle_subscription())
        self.sub_note = muted(plain_label())
        actions = QHBoxLayout()
        actions.addWidget(self.read_button)
        actions.addWidget(self.subscribe_button)
        actions.addWidget(self.sub_note, 1)

        detail_head = QWidget()
        dh = QVBoxLayout(detail_head)
        dh.setContentsMargins(0, 0, 0, 0)
        dh.setSpacing(4)
        dh.addWidget(self.heading)
        dh.addWidget(self.uri_label)
        dh.addWidget(self.facts)
        dh.addWidget(self.description)
        dh.addWidget(self.template_box)
        dh.addLayout(actions)

        self.contents = ContentsView(self)

        # updates
        self.updates_box = QGroupBox(self.tr("Updates"))
        self.live_label = plain_label()
        self.stop_button = QPushButton(self.tr("Stop listening"))
        self.stop_button.setToolTip(self.tr("Cancel the subscriptions/listen request (sends notifications/cancelled)"))
        self.stop_button.clicked.connect(lambda *_: self.stop_listening())
        self.clear_updates_button = QPushButton(self.tr("Clear"))
        self.auto_reread = QCheckBox(self.tr("Re-read the shown resource when it changes"))
        self.auto_reread.setChecked(True)
        self.updates = QTreeWidget()
        self.updates.setHeaderLabels([self.tr("Time"), self.tr("URI"), self.tr("Via")])
        self.updates.setRootIsDecorated(False)
        self.updates.setUniformRowHeights(True)
        self.updates.setAlternatingRowColors(True)
        uh = self.updates.header()
        uh.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        uh.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        uh.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        uh.setStretchLastSection(False)
        self.clear_updates_button.clicked.connect(lambda *_: self.updates.clear())
        top = QHBoxLayout()
        top.addWidget(self.live_label, 1)
        top.addWidget(self.stop_button)
        top.addWidget(self.clear_updates_button)
        ub = QVBoxLayout(self.updates_box)
        ub.addLayout(top)
        ub.addWidget(self.updates, 1)
        ub.addWidget(self.auto_reread)
        self.live_label.setMinimumWidth(60)

        right_top = QWidget()
        rt = QVBoxLayout(right_top)
        rt.setContentsMargins(0, 0, 0, 0)
        rt.addWidget(detail_head)
        rt.addWidget(self.contents, 1)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(right_top)
        right.addWidget(self.updates_box)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 1)
        right.setSizes([560, 190])
        right.setChildrenCollapsible(False)
        self.right_splitter = right
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.lists)
        split.addWidget(right)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        split.setSizes([420, 640])
        split.setHandleWidth(10)
        split.setChildrenCollapsible(False)
        self.splitter = split
        self.adapt_to_width(split)

        bar = QHBoxLayout()
        bar.addWidget(self.busy)
        bar.addWidget(self.status, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(6)
        layout.addWidget(split, 1)
        layout.addWidget(self.errors)
        layout.addLayout(bar)

    # ---------------------------------------------------------------- hooks

    def session_started(self, session, availability, era, version) -> None:
        self.list_stream.reset()
        self.update_stream.reset()
        super().session_started(session, availability, era, version)
        self.clear_view()
        self.load(self.resources)
        self.load(self.templates)
        if self.modern and availability is not None and availability.list_changed:
            self.list_stream.open({"resourcesListChanged": True})
        self._sync_actions()

    def clear_view(self) -> None:
        self.resources.reset()
        self.templates.reset()
        self.resource_list.clear()
        self.template_list.clear()
        self.resource_list.set_status(self.resources)
        self.template_list.set_status(self.templates)
        self._update_tab_titles()
        self.subscribed.clear()
        self.watched = []
        self.current = None
        self.template = None
        self.shown_uri = None
        self.updates.clear()
        self.errors.clear_text()
        self.contents.clear()
        self._show_nothing()

    def session_ended(self) -> None:
        super().session_ended()
        self._refresh_timer.stop()
        self._sync_actions()

    def on_notification(self, method: str, params: dict) -> None:
        if method == "notifications/resources/list_changed":
            # ours or another stream's (modern), or the session's (legacy): the list changed
            self._refresh_timer.start()
        elif method == "notifications/resources/updated":
            self._on_updated(params)
        elif method == "notifications/subscriptions/acknowledged":
            sub = meta_subscription_id(params)
            for stream in (self.list_stream, self.update_stream):
                if stream.owns(sub):
                    stream.acknowledged(params.get("notifications"))

    # ---------------------------------------------------------------- state

    @property
    def modern(self) -> bool:
        return self.era == "modern"

    def _sync_actions(self) -> None:
        live = self.live
        av = self.availability
        for view in (self.resource_list, self.template_list):
            view.refresh_button.setEnabled(live)
            view.more_button.setEnabled(live)
        self.resource_list.set_status(self.resources)
        self.template_list.set_status(self.templates)
        if av is not None and av.list_changed:
            how = self.tr("on a subscriptions/listen stream") if self.modern else self.tr("notifications/resources/list_changed")
            note = self.tr("The lists refresh by themselves when the server announces a change ({how}).").format(how=how)
        else:
            note = self.tr("The server does not announce list changes (no listChanged): use Refresh.")
        self.resource_list.live_note.setText(note)
        self.template_list.live_note.setText(note)
        if not live:
            for view in (self.resource_list, self.template_list):
                view.refresh_button.setEnabled(False)
                view.more_button.setEnabled(False)
        uri = self._target_uri()
        self.read_button.setEnabled(live and bool(uri))
        self._sync_live()

    def _sync_live(self) -> None:
        """Subscribe button, the live-updates line and Stop, from the era and the streams."""
        av = self.availability
        can = self.live and av is not None and av.subscribe
        uri = self._subscription_uri()
        button = self.subscribe_button
        if self.modern:
            on = uri in self.watched
            button.setText(self.tr("Stop listening to this resource") if on else self.tr("Listen for updates"))
            why = self.tr("Opens a subscriptions/listen stream whose resourceSubscriptions filter lists this resource.")
        else:
            on = uri in self.subscribed
            button.setText(self.tr("Unsubscribe") if on else self.tr("Subscribe"))
            why = self.tr("Sends resources/unsubscribe.") if on else self.tr("Sends resources/subscribe: the server then sends notifications/resources/updated.")
        if av is not None and not av.subscribe:
            why = self.tr("The server did not declare resources.subscribe, so it sends no update notifications.")
        elif not self.live:
            why = self.tr("No session: connect to a server first.")
        elif uri is None:
            why = self.tr("Select a resource (or fill in a template) to follow its updates.")
        button.setEnabled(bool(can and uri))
        button.setToolTip(plain_tooltip(why))
        self.sub_note.setText("" if can else why)

        if self.modern:
            stream = self.update_stream
            if stream.state == "opening":
                text = self.tr("Opening subscriptions/listen for {uris}… (waiting for the acknowledgement)").format(uris=", ".join(stream.filter.get("resourceSubscriptions", ())))
            elif stream.state == "listening":
                text = self.tr("Listening (subscription {id}) for updates to {uris}.").format(
                    id=stream.request_id, uris=", ".join((stream.honored or {}).get("resourceSubscriptions") or ()) or self.tr("nothing")
                )
            elif stream.note:
                text = self.tr("Not listening. {note}").format(note=stream.note)
            else:
                text = self.tr("Not listening. Select a resource and press Listen for updates.")
            if stream.note and stream.state == "listening":
                text += " " + stream.note
            ls = self.list_stream
            if ls.state == "listening":
                text += "\n" + self.tr("List changes: listening (subscription {id}).").format(id=ls.request_id)
            elif ls.state == "opening":
                text += "\n" + self.tr("List changes: opening subscriptions/listen…")
            elif ls.state in ("ended", "failed") and ls.note:
                text += "\n" + self.tr("List changes: not listening. {note}").format(note=ls.note)
            self.stop_button.setVisible(True)
            self.stop_button.setEnabled(stream.active)
        else:
            if self.subscribed:
                text = self.tr("Subscribed to {uris}.").format(uris=", ".join(sorted(self.subscribed)))
            else:
                text = self.tr("Not subscribed to any resource.")
            self.stop_button.setVisible(False)
        if av is not None and not av.subscribe:
            text = self.tr("Updates are not available: the server did not declare resources.subscribe.")
        self.live_label.setText(text)

    def _show_nothing(self) -> None:
        self.heading.setText(self.tr("Nothing selected"))
        self.uri_label.setText("")
        self.facts.setText("")
        self.description.setText(self.tr("Pick a resource to read it, or a template to fill in its arguments."))
        self.template_box.setVisible(False)

    # ---------------------------------------------------------------- lists

    def refresh(self) -> None:
        """Reload both lists (as many pages as were loaded before)."""
        self.load(self.resources)
        self.load(self.templates)

    def load(self, pl: ListPager) -> bool:
        """Reload ``pl`` from the first page; keeps as many pages as were loaded."""
        if not self.live:
            return False
        pages = max(1, pl.pages)
        pl.reset()
        return self._start_loading(pl, pages)

    def load_more(self, pl: ListPager) -> bool:
        if not self.live or not pl.more or pl.loading:
            return False
        return self._start_loading(pl, 1)

    def _start_loading(self, pl: ListPager, pages: int) -> bool:
        view = self._view_of(pl)
        if not pl.loaded:
            view.clear()
        pl.loading = True
        view.set_status(pl)
        started = self.run(self._load_pages, pl, pages, error_label=self.errors)
        if not started:
            pl.loading = False
            view.set_status(pl)
        return started

    def _update_tab_titles(self) -> None:
        for index, pl, name in ((0, self.resources, self.tr("Resources")), (1, self.templates, self.tr("Templates"))):
            more = "+" if pl.more else ""
            self.lists.setTabText(index, f"{name} ({len(pl.items)}{more})" if pl.loaded else name)

    def _view_of(self, pl: ListPager) -> PagedListView:
        return self.resource_list if pl is self.resources else self.template_list

    async def _load_pages(self, pl: ListPager, pages: int) -> None:
        session = self.session
        view = self._view_of(pl)
        gen = pl.generation
        seen = len(pl.notes)
        try:
            with self.busy.running(self.tr("Loading {method}…").format(method=pl.method)):
                if session is None:
                    return
                current = await pl.fetch(session, pages, timeout=LIST_REQUEST_TIMEOUT, on_page=lambda good: view.add_rows([self._row(pl, e) for e in good]))
                if not current:
                    return  # a newer load started
                for note in pl.notes[seen:]:
                    if note.code == NOTE_ERROR:
                        self.errors.show_text(self.tr("{method} failed. {error}").format(method=pl.method, error=error_text(note.detail)))
        finally:
            if gen == pl.generation:
                pl.loading = False
                view.set_status(pl)
                self._update_tab_titles()
                if self.session is None:
                    self._sync_actions()
        if pl is self.resources and isinstance(self.current, dict) and gen == pl.generation:
            view.tree.blockSignals(True)
            view.select_where("uri", self.current.get("uri"))
            view.tree.blockSignals(False)

    def _row(self, pl: ListPager, entry: dict) -> tuple[list[str], dict, str]:
        name = entry.get("title") or entry.get("name") or ""
        where = entry.get("uri") if pl is self.resources else entry.get("uriTemplate")
        mime = entry.get("mimeType")
        cells = [str(name), str(where or ""), str(mime) if isinstance(mime, str) else ""]
        tip = entry.get("description")
        return cells, entry, tip if isinstance(tip, str) else ""

    # ---------------------------------------------------------------- selection

    def show_resource(self, entry: dict) -> None:
        self.current = entry
        self.template = None
        uri = entry.get("uri")
        if uri != self.shown_uri:
            self._forget_contents(self.tr("Press Read (or double-click the row) to read this resource."))
        self.heading.setText(str(entry.get("title") or entry.get("name") or uri or ""))
        self.uri_label.setText(str(uri or ""))
        self.facts.setText(self._facts(entry))
        desc = entry.get("description")
        self.description.setText(desc if isinstance(desc, str) else "")
        self.description.setVisible(bool(self.description.text()))
        self.template_box.setVisible(False)
        self._sync_actions()

    def show_template(self, entry: dict) -> None:
        self.template = entry
        self.current = None
        tmpl = entry.get("uriTemplate") if isinstance(entry.get("uriTemplate"), str) else ""
        self._forget_contents(self.tr("Fill in the arguments, then press Read."))
        self.heading.setText(str(entry.get("title") or entry.get("name") or tmpl))
        self.uri_label.setText(tmpl)
        self.facts.setText(self._facts(entry))
        desc = entry.get("description")
        self.description.setText(desc if isinstance(desc, str) else "")
        self.description.setVisible(bool(self.description.text()))
        self._build_template_form(tmpl)
        self.template_box.setVisible(True)
        self._sync_actions()

    def _forget_contents(self, message: str) -> None:
        """Another item was selected: the contents on screen no longer belong to it."""
        self._read_generation += 1  # an answer still on its way is for the old selection
        self.shown_uri = None
        self.contents.clear(message)

    def _facts(self, entry: dict) -> str:
        facts = []
        mime = entry.get("mimeType")
        if isinstance(mime, str):
            facts.append(mime)
        size = entry.get("size")
        if isinstance(size, int) and not isinstance(size, bool):
            facts.append(self.tr("declared size {size}").format(size=human_size(size)))
        ann = entry.get("annotations")
        if isinstance(ann, dict):
            if isinstance(ann.get("audience"), list):
                facts.append(self.tr("audience: {a}").format(a=", ".join(str(a) for a in ann["audience"])))
            if isinstance(ann.get("priority"), (int, float)):
                facts.append(self.tr("priority {p}").format(p=ann["priority"]))
            if isinstance(ann.get("lastModified"), str):
                facts.append(self.tr("modified {t}").format(t=ann["lastModified"]))
        return " · ".join(facts)

    def _build_template_form(self, template: str) -> None:
        while self.template_form.rowCount() > 1:  # the last row, Expanded URI, stays
            self.template_form.removeRow(0)
        self.fields = {}
        names = template_variables(template)
        completes = bool(self.availability is not None and self.availability.completions)
        for name in names:
            field = CompletionField(name, completes=completes)
            field.setPlaceholderText(self.tr("value of {{{name}}}").format(name=name))
            field.textChanged.connect(self._update_expanded)
            field.wanted.connect(self._want_completion)
            field.returnPressed.connect(self.read_selected)
            if not completes:
                field.setToolTip(self.tr("The server did not declare completions, so no suggestions."))
            self.fields[name] = field
            self.template_form.insertRow(self.template_form.rowCount() - 1, plain_label(name, wrap=False), field)
        if not names:
            self.template_hint.setText(self.tr("This template has no variables."))
        elif completes:
            self.template_hint.setText(self.tr("Suggestions come from the server (completion/complete) as you type."))
        else:
            self.template_hint.setText(self.tr("The server did not declare completions: type the values yourself."))
        self._update_expanded()

    def _update_expanded(self, *_: Any) -> None:
        tmpl = self.template.get("uriTemplate") if isinstance(self.template, dict) else None
        if isinstance(tmpl, str):
            self.expanded.setText(expand_template(tmpl, self.template_values()))
        self._sync_actions()

    def template_values(self) -> dict[str, str]:
        return {name: f.text() for name, f in self.fields.items() if f.text()}

    def _want_completion(self, name: str, _value: str) -> None:
        field = self.fields.get(name)
        tmpl = self.template.get("uriTemplate") if isinstance(self.template, dict) else None
        if field is None or not isinstance(tmpl, str):
            return
        context = {k: v for k, v in self.template_values().items() if k != name}
        self.run(fetch_completions, self, field, {"type": "ref/resource", "uri": tmpl}, context, error_label=self.errors)

    def _target_uri(self) -> str | None:
        if isinstance(self.template, dict):
            text = self.expanded.text()
            return text or None
        if isinstance(self.current, dict) and isinstance(self.current.get("uri"), str):
            return self.current["uri"]
        return None

    # ---------------------------------------------------------------- reading

    def read_selected(self) -> bool:
        uri = self._target_uri()
        if not uri:
            return False
        if isinstance(self.template, dict):
            needed = template_required(str(self.template.get("uriTemplate") or ""))
            missing = [n for n in needed if n in self.fields and not self.fields[n].text()]
            if missing:
                self.errors.show_text(self.tr("Fill in {names} first.").format(names=", ".join(missing)))
                return False
        return self.read_uri(uri)

    def read_uri(self, uri: str) -> bool:
        """Read ``uri`` (also used for resource links from other panels)."""
        if not self.live:
            return False
        self.errors.clear_text()
        self._read_generation += 1
        self.shown_uri = uri
        return self.run(self._read, uri, self._read_generation, error_label=self.errors)

    async def _read(self, uri: str, gen: int) -> None:
        session = self.session
        if session is None:
            return
        with self.busy.running(self.tr("Reading {uri}…").format(uri=uri)):
            reply = await session.request("resources/read", {"uri": uri})
        if gen != self._read_generation:
            return
        if not reply.ok:
            self.contents.clear(self.tr("Nothing to show: the read failed."))
            self.errors.show_text(self.tr("resources/read {uri} failed. {error}").format(uri=uri, error=error_text(reply.error)))
            return
        contents = (reply.result or {}).get("contents")
        if not isinstance(contents, list):
            self.contents.clear(self.tr("The answer has no contents array."))
            return
        entries = [c for c in contents if isinstance(c, dict)]
        if contents_weight(entries) > DECODE_ON_THREAD:
            with self.busy.running(self.tr("Decoding {uri}…").format(uri=uri)):
                prepared = await anyio.to_thread.run_sync(lambda: [prepare_content(c) for c in entries])
            if gen != self._read_generation:
                return
        else:
            prepared = [prepare_content(c) for c in entries]
        self.contents.set_prepared(prepared)
        when = time.strftime("%H:%M:%S")
        self.status.setText(self.tr("Read {uri} at {time} ({n} content(s), {ms:.0f} ms).").format(uri=uri, time=when, n=len(contents), ms=reply.latency * 1000))

    def _reread(self) -> None:
        if self.shown_uri and self.live:
            self.read_uri(self.shown_uri)

    # ---------------------------------------------------------------- subscriptions

    def _subscription_uri(self) -> str | None:
        """The resource whose updates the Subscribe/Listen button is about."""
        if isinstance(self.template, dict):
            needed = template_required(str(self.template.get("uriTemplate") or ""))
            if any(n in self.fields and not self.fields[n].text() for n in needed):
                return None
        return self._target_uri()

    def toggle_subscription(self) -> bool:
        """Subscribe/unsubscribe (legacy) or add/remove the uri on the listen stream (modern)."""
        uri = self._subscription_uri()
        if not isinstance(uri, str) or not self.live or self.availability is None or not self.availability.subscribe:
            return False
        if self.modern:
            if uri in self.watched:
                self.watched.remove(uri)
            else:
                self.watched.append(uri)
            self._reopen_updates()
            return True
        if uri in self.subscribed:
            return self.run(self._unsubscribe, uri, error_label=self.errors)
        return self.run(self._subscribe, uri, error_label=self.errors)

    def _reopen_updates(self) -> None:
        if self.watched:
            self.update_stream.open({"resourceSubscriptions": list(self.watched)})
        else:
            self.update_stream.close()
        self._sync_live()

    def stop_listening(self) -> None:
        """Modern: cancel the update stream (notifications/cancelled) and forget its uris."""
        self.watched = []
        self.update_stream.close()
        self._sync_live()

    async def _subscribe(self, uri: str) -> None:
        with self.busy.running(self.tr("Subscribing to {uri}…").format(uri=uri)):
            reply = await self.session.request("resources/subscribe", {"uri": uri})
        if reply.ok:
            self.subscribed.add(uri)
            self.errors.clear_text()
        else:
            self.errors.show_text(self.tr("resources/subscribe {uri} failed. {error}").format(uri=uri, error=error_text(reply.error)))
        self._sync_live()

    async def _unsubscribe(self, uri: str) -> None:
        with self.busy.running(self.tr("Unsubscribing from {uri}…").format(uri=uri)):
            reply = await self.session.request("resources/unsubscribe", {"uri": uri})
        if reply.ok:
            self.subscribed.discard(uri)
            self.errors.clear_text()
        else:
            self.errors.show_text(self.tr("resources/unsubscribe {uri} failed. {error}").format(uri=uri, error=error_text(reply.error)))
        self._sync_live()

    def _on_updated(self, params: dict) -> None:
        uri = params.get("uri")
        if not isinstance(uri, str):
            return
        sub = meta_subscription_id(params)
        if sub is not None:
            via = self.tr("subscription {id}").format(id=sub)
            if self.update_stream.owns(sub):
                self.update_stream.notifications += 1
        else:
            via = self.tr("resources/subscribe")
        now = time.time()
        stamp = time.strftime("%H:%M:%S", time.localtime(now)) + f".{int(now * 1000) % 1000:03d}"
        item = QTreeWidgetItem([stamp, uri, via])
        self.updates.insertTopLevelItem(0, item)
        while self.updates.topLevelItemCount() > MAX_UPDATES:
            self.updates.takeTopLevelItem(self.updates.topLevelItemCount() - 1)
        if uri == self.shown_uri and self.auto_reread.isChecked():
            self._reread_timer.start()

    def update_uris(self) -> list[str]:
        """URIs in the Updates list, newest first."""
        return [self.updates.topLevelItem(i).text(1) for i in range(self.updates.topLevelItemCount())]
