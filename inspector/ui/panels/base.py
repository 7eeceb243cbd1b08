"""What every feature panel shares: access to the live session, tasks, errors, notifications,
what became of the list requests it waits on, and words that follow a language switch.

A panel's lists are loaded by its feature controllers (``inspector.session.controllers``,
Qt-free: the list, its generations, the reload on list changes, the request followed in the
recording with a :class:`inspector.session.waiting.RequestWatch`); the panel
:meth:`~FeaturePanel.follow` s each one: the controller's work runs on the app's task group as
the panel's own, and what its request became is shown here, by a :class:`WaitNote`. When an answer
the session could not hand to it came meanwhile (a wrong or invalid id), a note over the panel
says so in words - "Waiting for tools/list (id 3): an answer with id 99 came at #12, flagged:
no request has that id" - with a button per entry that selects it in the timeline (the panel's
``entryActivated``, wired once by the window); then that the request timed out (the timeout's
entry too) or went unanswered (a Cancel, a disconnect). An answer of its own that was flagged (a
failed schema, a missing ``jsonrpc``) is said the same way. A clean answer, a new session or
recording, or a new load of the same list takes the note away.

Whatever a panel says from state - a status, an error, a note - it says with
:meth:`FeaturePanel.say` (or draws again in its :meth:`~FeaturePanel.retranslate`), so a live
language switch (the kit's one watch, ``on_language_change``) words it again, both ways; what the
server sent stays as it was. Its fixed words (a button's, a box's, a placeholder) come from its
session ``*_words`` table (``CONTROLS``: which control says which words), set by
:func:`inspector.ui.form_rows.set_words` in :meth:`FeaturePanel.retranslate` on every language
switch; what it says of its state is ``STATE``, :meth:`FeaturePanel.phrase`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from functools import partial
from typing import TypeVar

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from inspector.session import RequestCancelled, Session, SessionError, note_words, wait_words
from inspector.session import wait_story as stories
from inspector.session.controllers.base import WAIT, Failure, ListController
from inspector.session.features import Availability
from inspector.session.operations import ListenHub, ListNote
from inspector.session.rebuild import RecordedState
from inspector.session.waiting import WaitState

from ..widgets import (
    BusyIndicator,
    Part,
    hbox,
    on_language_change,
    plain_label,
    plain_tooltip,
    push_button,
    set_tone,
    vbox,
)
from . import lists

_W = TypeVar("_W", bound=QWidget)
_L = TypeVar("_L", bound=QBoxLayout)


def _even(layout: _L, spacing: int, margins: int) -> _L:
    layout.setContentsMargins(margins, margins, margins, margins)
    layout.setSpacing(spacing)
    return layout


def column(parent: QWidget | None, *parts: Part, spacing: int = 6, margins: int = 0) -> QVBoxLayout:
    """A panel's column (:func:`~inspector.ui.widgets.vbox`, of ``parent`` when given) with even
    ``margins`` and ``spacing``."""
    return _even(vbox(*parts, parent=parent), spacing, margins)


def row(*parts: Part, spacing: int = 6, margins: int = 0) -> QHBoxLayout:
    """A panel's row (:func:`~inspector.ui.widgets.hbox`) with even ``margins`` and ``spacing``."""
    return _even(hbox(*parts), spacing, margins)


def named(widget: _W, name: str, tone: str | None = None, *, hidden: bool = False) -> _W:
    """``widget`` with its object name (style sheets and tests find it by it), its theme tone
    (:func:`~inspector.ui.widgets.set_tone`), hidden until shown when ``hidden``."""
    widget.setObjectName(name)
    if tone is not None:
        set_tone(widget, tone)
    if hidden:
        widget.hide()
    return widget


def label(name: str, tone: str | None = None, *, wrap: bool = True, mono: bool = False, hidden: bool = False) -> QLabel:
    """A selectable plain-text label (:func:`~inspector.ui.widgets.plain_label`) :func:`named`
    ``name`` in ``tone``."""
    return named(plain_label(wrap=wrap, selectable=True, mono=mono), name, tone, hidden=hidden)


def button(name: str, clicked: Callable[[], object], *, hidden: bool = False) -> QPushButton:
    """A :func:`~inspector.ui.widgets.push_button` named ``name`` (its words come from retranslate)."""
    return named(push_button("", clicked), name, hidden=hidden)


class WaitNote(QFrame):
    """What became of one list request the panel waits on, with a button per entry that
    explains it (see the module docstring; its words: :mod:`inspector.session.wait_words`).
    Plain text: ids come from the server."""

    showEntry = Signal(int)
    MAX_LINKS = 2

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("waitNote")
        self.state: WaitState | None = None
        self.seqs: list[int] = []
        self.text = named(plain_label(selectable=True), "waitText", "warn")
        self.buttons = [button(f"waitShow{i}", partial(self._show, i), hidden=True) for i in range(self.MAX_LINKS)]
        _even(hbox((self.text, 1), column(None, *self.buttons, 1), parent=self), 6, 0)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.hide()
        on_language_change(self, lambda: self.set_state(self.state))

    def _show(self, i: int) -> None:
        if i < len(self.seqs):
            self.showEntry.emit(self.seqs[i])

    def set_state(self, state: WaitState | None) -> None:
        """Show ``state`` (hidden when there is nothing to tell), in the current language."""
        self.state = state
        story = stories.wait_story(state) if state is not None else None
        self.seqs = list(story.seqs[: self.MAX_LINKS]) if story is not None else []
        tr = QCoreApplication.translate
        text = wait_words.wait_text(story, tr) if story is not None else ""
        self.text.setText(text)
        self.text.setToolTip(plain_tooltip(wait_words.rule_lines(story, tr)) if story is not None else "")
        for i, button in enumerate(self.buttons):
            if i < len(self.seqs):
                button.setText(tr(wait_words.CONTEXT, wait_words.SHOW_ENTRY).format(seq=self.seqs[i]))
                button.setToolTip(tr(wait_words.CONTEXT, wait_words.SHOW_ENTRY_TIP))
            button.setVisible(i < len(self.seqs))
        self.setVisible(bool(text))


class FeaturePanel(QWidget):
    """Base class. Subclasses set ``key`` ("tools", "resources", ...) and implement the hooks.

    A panel renders its feature controller (``inspector.session.controllers``) and forwards the
    user's actions to it; :meth:`follow` runs the controller's work on the app's task group and
    shows its waits. Controllers act through the session's requests and notifications, so every
    message lands in the recording, the timeline and the diagram.
    """

    key = ""
    busy: BusyIndicator  # the busy line of a panel that uses set_busy
    #: an entry of the recording to show in the timeline (a log line, a flagged answer)
    entryActivated = Signal(int)
    #: Below this width a panel's list goes above its details instead of beside them.
    NARROW = 760

    def __init__(self, controller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._adaptive: list[QSplitter] = []
        self.controller = controller
        self.session: Session | None = None
        self.availability: Availability | None = None
        self.era: str | None = None  # "legacy" / "modern"
        self.version: str | None = None
        self.recorded_row: int | None = None  # replay: the entry shown (None: not a replay)
        self.recorded_note: QLabel | None = None  # replay: "From the recording, as of entry N"
        self._recorded_shown: dict[str, object] = {}  # replay: what is on screen (see recorded_changed)
        self._lists: dict[str, ListController] = {}  # list method -> the controller loading it (follow())
        self._wait_notes: dict[str, WaitNote] = {}  # list method -> its note over the panel
        self._wait_box: QVBoxLayout | None = None  # the notes, over the panel (made for the first)
        self._said: dict[QLabel, tuple[Callable[[], str], str]] = {}  # see say()
        changed = getattr(controller, "recordingChanged", None)
        if changed is not None:
            changed.connect(self.drop_waits)
        on_language_change(self, self._language_changed)

    # ---------------------------------------------------------------- hooks

    def title(self) -> str:
        raise NotImplementedError

    def session_started(
        self, session: Session, availability: Availability, era: str | None, version: str | None
    ) -> None:
        """The start sequence finished and this panel is shown: load lists, enable actions."""
        self._enter(session, availability, era, version, None)
        session.listen_hub.listeners.append(self.stream_changed)

    def show_recorded(self, state: RecordedState, availability: Availability) -> None:
        """Replay: show what an opened recording says as of entry ``state.row``, read-only.
        There is no session, so every action stays disabled. Subclasses call this first, then
        fill their own lists and results from ``state`` with the widgets a live session uses."""
        self._enter(None, availability, state.era, state.version, state.row)

    def _enter(
        self, session: Session | None, availability: Availability, era: str | None, version: str | None, row: int | None
    ) -> None:
        """A session (or, with none, a recording's entry ``row``) begins: nothing of the last one stays waited on."""
        self._leave_stream()
        self.drop_waits()
        self.session, self.availability, self.era, self.version = session, availability, era, version
        self.set_recorded_row(row)

    def recorded_changed(self, what: str, shown: object) -> bool:
        """Replay: whether ``shown`` (a recorded listing, a call's marker) is not what the panel
        shows of ``what`` yet; it is remembered as shown. Unchanged parts are not drawn again."""
        if what in self._recorded_shown and self._recorded_shown[what] == shown:
            return False
        self._recorded_shown[what] = shown
        return True

    def set_recorded_row(self, row: int | None) -> None:
        """The line over the panel saying it shows a recording as of entry ``row`` (None: hidden,
        and nothing recorded is taken as shown any more)."""
        self.recorded_row = row
        if row is None:
            self._recorded_shown = {}
            if self.recorded_note is not None:
                self.recorded_note.hide()
            return
        if self.recorded_note is None:
            self.recorded_note = named(plain_label(selectable=False), "recordedNote")
            set_tone(self.recorded_note, "warn", "font-weight: 600;")
            self._over_panel(self.recorded_note)
        self.recorded_note.setText(
            QCoreApplication.translate(
                "FeaturePanel", "From the recording, as of entry {row}: read-only, the actions are disabled."
            ).format(row=row)
        )
        self.recorded_note.show()

    def _over_panel(self, widget: QWidget) -> None:
        """``widget`` at the top of the panel, over everything it lays out (a line, not a share of
        the room)."""
        widget.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        layout = self.layout()
        if isinstance(layout, QBoxLayout):
            layout.insertWidget(0, widget)

    def session_ended(self) -> None:
        """The server is gone: disable actions, keep what is on screen."""
        self._leave_stream()
        self.session = None

    # ---------------------------------------------------------------- the shared listen stream

    @property
    def stream(self) -> ListenHub | None:
        """The session's one subscriptions/listen stream (2026-07-28), shared by the panels."""
        return self.session.listen_hub if self.session is not None else None

    def stream_changed(self) -> None:
        """Hook: the shared stream's state, filter or acknowledgement changed."""

    def _leave_stream(self) -> None:
        if self.session is not None:
            hub = self.session.listen_hub
            if self.stream_changed in hub.listeners:
                hub.listeners.remove(self.stream_changed)

    def clear_view(self) -> None:
        """Forget what an earlier session showed (a new session or recording is coming): lists,
        selections, results, errors. Called by session_started and for every new recording,
        so a failed start never shows the previous server's features."""

    def on_notification(self, method: str, params: dict) -> None:
        """A server notification (all but notifications/message, which panels read from the recording)."""

    # ---------------------------------------------------------------- the list requests waited on

    def follow(self, feature: ListController, error_label: QLabel | None = None) -> None:
        """Show what ``feature``'s list requests become (the note over the panel, ``wait_changed``)
        and run its work on the app's task group, as the panel's own (an unforeseen failure is
        said on ``error_label`` and recorded, never raised)."""
        self._lists[feature.method] = feature
        feature.spawn = lambda fn: self.run(fn, error_label=error_label)
        feature.subscribe(lambda what: self._list_waits(feature) if what == WAIT else None)

    def start_list(
        self,
        feature: ListController,
        session: Session,
        availability: Availability | None,
        era: str | None,
        version: str | None,
    ) -> None:
        """``feature`` on a new session: attached (told whether the server announces list
        changes), loaded from the first page, and asking the shared stream for the list's changes
        while it lives (2026-07-28: list_changed reaches only a client listening for it)."""
        announces = availability is not None and availability.list_changed
        feature.attach(session, era, version, announces_changes=announces)
        feature.refresh()
        feature.listen()

    def show_recorded_list(
        self, feature: ListController, state: RecordedState, availability: Availability | None
    ) -> bool:
        """Replay: ``feature``'s list as the recording holds it as of the entry; False when the
        panel shows that already."""
        listing = state.listing(feature.method)
        if not self.recorded_changed(feature.method, listing):
            return False
        announces = availability is not None and availability.list_changed
        feature.show_pager(listing.copy() if listing else None, state.era, announces_changes=announces)
        return True

    def _list_waits(self, feature: ListController) -> None:
        self._note_for(feature.method).set_state(feature.wait_state)
        self.wait_changed()

    def _note_for(self, method: str) -> WaitNote:
        note = self._wait_notes.get(method)
        if note is None:
            note = self._wait_notes[method] = WaitNote()
            note.showEntry.connect(self.entryActivated)
            if self._wait_box is None:
                box = named(QWidget(), "waitNotes")
                self._wait_box = column(box, spacing=4)
                self._over_panel(box)
            self._wait_box.addWidget(note)
        return note

    def wait_state(self, method: str) -> WaitState | None:
        """What became of the latest ``method`` request this panel loaded (None: none followed)."""
        feature = self._lists.get(method)
        return feature.wait_state if feature is not None else None

    def wait_note(self, method: str) -> WaitNote | None:
        """The note over the panel about ``method``'s request (None: it never had one)."""
        return self._wait_notes.get(method)

    def loading_text(self, method: str) -> str:
        """What a list's status says while it loads: "Loading…", or that an answer was flagged
        while the panel waits (the note over the panel says which)."""
        state = self.wait_state(method)
        if state is not None and state.waiting and state.flagged:
            return QCoreApplication.translate("FeaturePanel", "Waiting (an answer was flagged)…")
        return QCoreApplication.translate("FeaturePanel", "Loading…")

    def wait_changed(self) -> None:
        """Hook: a list request's state changed (redraw the list's status with loading_text)."""

    def drop_waits(self, *_: object) -> None:
        """Forget every list request followed and hide the notes (a new session or recording)."""
        for feature in self._lists.values():
            feature.drop_wait()
        for note in self._wait_notes.values():
            note.set_state(None)

    # ---------------------------------------------------------------- helpers

    def side_by_side(self, left: QWidget, right: QWidget, sizes: list[int], stretch: tuple[int, int]) -> QSplitter:
        """The panel's two sides (the list, the details) in a :func:`~.lists.splitter` starting
        at ``sizes``, one above the other in a narrow panel (:meth:`adapt_to_width`)."""
        split = lists.splitter(Qt.Orientation.Horizontal, left, right, stretch=stretch, sizes=sizes)
        self.adapt_to_width(split)
        return split

    def adapt_to_width(self, splitter: QSplitter) -> None:
        """Lay ``splitter`` out side by side when the panel is wide and one above the other when
        it is narrow (a docked panel), so no control is pushed out of view."""
        self._adaptive.append(splitter)
        self._orient(splitter, self.width())

    def _orient(self, splitter: QSplitter, width: int) -> None:
        narrow = width < self.NARROW
        wanted = Qt.Orientation.Vertical if narrow else Qt.Orientation.Horizontal
        if splitter.orientation() == wanted:
            return
        splitter.setOrientation(wanted)
        total = max(2, splitter.height() if narrow else splitter.width())
        first = total * 2 // 5 if narrow else min(total // 2, 320)
        splitter.setSizes([first, total - first])

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        for splitter in self._adaptive:
            self._orient(splitter, event.size().width())
        super().resizeEvent(event)

    @property
    def live(self) -> bool:
        return self.session is not None

    def run(self, fn: Callable[..., Awaitable[object]], *args: object, error_label: QLabel | None = None) -> bool:
        """Run ``fn(*args)`` on the app's task group; a SessionError is shown, never raised."""
        tg = self.controller.task_group
        if tg is None or self.session is None:
            return False

        async def guarded() -> None:
            try:
                await fn(*args)
            except RequestCancelled:
                self.say_error(error_label, lambda: self.tr("Cancelled."))
            except SessionError as exc:
                self.show_error(str(exc), error_label)
            except Exception as exc:  # what the server sent tripped the panel: shown and recorded, never fatal
                name = getattr(fn, "__name__", "an action")
                what = f"{type(exc).__name__}: {exc}"
                self.say_error(
                    error_label,
                    lambda: self.tr(
                        "The inspector failed on what the server sent ({0}); it is recorded in the timeline."
                    ).format(what),
                )
                if session is not None:
                    session.note_internal_error(f"{self.key} panel, {name}", exc)

        session = self.session
        tg.start_soon(guarded)
        return True

    def say(self, label: QLabel, words: Callable[[], str] | None) -> None:
        """``label`` shows ``words()``, made again from the same state on a language switch
        (None: empty). An error label is shown while it says something. Whatever sets the
        label's text otherwise wins: it is made again only while it still shows what was said."""
        text = words() if words is not None else ""
        if words is None:
            self._said.pop(label, None)
        else:
            self._said[label] = (words, text)
        if hasattr(label, "show_text"):
            label.show_text(text)
        else:
            label.setText(text)

    # set by :meth:`built` once the panel's widgets exist (a LanguageChange may come before)
    _built = False
    #: the words the panel says of its state (its session ``*_words`` table's, :meth:`phrase`)
    #: and their context
    STATE: Mapping[str, str] = {}
    STATE_CONTEXT = ""

    def phrase(self, key: str, *values: object, **named: object) -> str:
        """The :attr:`STATE` words ``key`` in the current language, with the values put in."""
        return QCoreApplication.translate(self.STATE_CONTEXT, self.STATE[key]).format(*values, **named)

    def built(self) -> None:
        """The panel's widgets exist: :meth:`retranslate` now, and again on every language switch."""
        self._built = True
        self.retranslate()

    def retranslate(self) -> None:
        """Hook: every fixed text of the panel in the current language (in place), and what
        depends on its state."""

    def _language_changed(self) -> None:
        """A language switch: the fixed words (once built), what :meth:`say` said (unless
        something else was put on the label since) and the replay line, in the new language."""
        if self._built:
            self.retranslate()
        for label, (words, said) in list(self._said.items()):
            if label.text() == said:
                self.say(label, words)
        if self.recorded_row is not None:
            self.set_recorded_row(self.recorded_row)

    def set_busy(self, what: str, text: str | None) -> None:
        """The panel's busy line (its ``busy``, a :class:`~inspector.ui.widgets.BusyIndicator`)
        says ``text`` while ``what`` (a load, a read, a get) runs; None: it ended."""
        self.busy.hold(what, text)

    def list_problems(self, method: str, notes: Iterable[ListNote], failure: Failure | None = None) -> str:
        """What went wrong loading ``method``'s list (:func:`inspector.session.note_words.list_problems`),
        in the current language."""
        return note_words.list_problems(method, notes, failure, QCoreApplication.translate)

    def say_error(self, label: QLabel | None, words: Callable[[], str]) -> None:
        """:meth:`say` on a label shown only while it says something (an error, a note under a
        list), as plain text."""
        if label is not None:
            label.setTextFormat(Qt.TextFormat.PlainText)
            self.say(label, words)
            label.setVisible(bool(label.text()))

    def show_error(self, text: str, label: QLabel | None = None) -> None:
        """``text`` (not worded by the window: the same in every language) on an error label."""
        self.say_error(label, lambda: text)
