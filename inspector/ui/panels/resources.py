"""Resources: lists with pagination, read, templates with completion, live updates.

Everything goes through the session (``resources/list``, ``resources/templates/list``,
``resources/read``, ``completion/complete``, ``resources/subscribe`` / ``unsubscribe`` in the
legacy era, ``subscriptions/listen`` in the modern era), so each action shows up in the
timeline and the diagram.

Theory of operation
-------------------
* What the panel shows is held by a Qt-free
  :class:`inspector.session.controllers.resources.ResourcesController` (``self.feature``): the
  two lists (each a :class:`~inspector.session.controllers.base.ListController` on a
  ``ListPager``: paging, generations, list_changed reloads, the request watch), reads with their
  own generation and their answers as data, subscriptions in both eras, the updates and the
  re-read of the shown resource. The panel forwards the user's actions to it and draws what its
  listeners are told (``LOADING``/``PAGE``/``LISTED`` per list; ``READING``/``READ``,
  ``SUBSCRIBING``/``SUBSCRIPTIONS``, ``UPDATED``); failures arrive as data and are worded here
  (:mod:`.answers`). A :class:`PagedListView` shows each list, drawn by a
  :class:`.lists.ShownList`. What the panel says - the Subscribe/Listen button and why it cannot
  act, the live-updates line, a listed entry, the template form's hint, a read's status - is
  :mod:`inspector.session.resource_words`.
* A :class:`CompletionField` is a line edit that asks for suggestions through a callback,
  debounced (200 ms after the last key, or at once on focus), and shows the answer in a
  QCompleter popup. Answers for text the user has since changed are dropped. The request is
  :func:`inspector.session.controllers.completions.fetch_completions` (``context`` where the
  version has it), through :class:`.answers.CompletionForm`, as in the Prompts panel.
* Modern servers (2026-07-28) send list changes and resource updates only on a
  ``subscriptions/listen`` stream that asked for them. The session has one such stream,
  shared by the panels (``session.listen_hub``, see session/operations.py): the controller asks
  it for ``resourcesListChanged`` while the server declares ``listChanged`` and for the
  ``resourceSubscriptions`` the user chose to listen to; the stream is reopened with the
  union whenever that changes. The panel draws the stream's state.
* Template variables and expansion come from :mod:`inspector.protocol.uri_template` (the
  ``uritemplate`` library); the URIs of a read and the required variables from the controller.
* A read's contents are shown by a :class:`~inspector.ui.content.ContentView`, one card per
  entry, as a tool's result is. Large answers are decoded (:func:`~inspector.ui.content.prepare`)
  on a worker thread, and dropped when another read or selection came meanwhile; a card's
  "Save…" is written on a worker thread by the panel (:meth:`ResourcesPanel.save`).

Server text is shown as plain text only. Nothing here waits on a nested event loop: file
dialogs use ``open()`` and signals.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import anyio
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QCheckBox, QGroupBox, QLineEdit, QPushButton, QTabWidget, QTreeWidgetItem, QWidget

from inspector.protocol.uri_template import template_variables
from inspector.session import resource_words as rw
from inspector.session.controllers.base import LISTED, LOADING, PAGE, ListController
from inspector.session.controllers.completions import resource_ref
from inspector.session.controllers.resources import (
    MAX_UPDATES,
    READ,
    READING,
    SUBSCRIBING,
    SUBSCRIPTIONS,
    UPDATED,
    ReadOutcome,
    ResourcesController,
    SubscriptionOutcome,
    contents_weight,
    missing_variables,
    read_outcome,
)

from ..content import ContentView, prepare
from ..form_rows import bold, set_words
from ..text import format_duration, format_size
from ..widgets import (
    BusyIndicator,
    ErrorLabel,
    PagedListView,
    hbox,
    mono_font,
    muted,
    plain_label,
    plain_tooltip,
    push_button,
    section_title,
    vbox,
)
from .answers import CompletionForm, failure_text
from .base import FeaturePanel, column
from .lists import ShownList, flat_tree, splitter

DECODE_ON_THREAD = 256 * 1024  # characters of text/base64 above which decoding leaves the UI thread

ITEM_ROLE = Qt.ItemDataRole.UserRole


def _w(key: str, **values: object) -> str:
    """The panel's words under ``key`` (:mod:`inspector.session.resource_words`) in the current language."""
    return rw.words(key, QCoreApplication.translate, **values)


def _headers(keys: tuple[str, ...]) -> list[str]:
    return [_w(key) for key in keys]


# ---------------------------------------------------------------------- the panel


class ResourcesPanel(FeaturePanel):
    key = "resources"
    _subscription_shown: SubscriptionOutcome | None = None  # the subscribe outcome the errors line said

    def __init__(self, controller, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.feature = ResourcesController()  # the lists, reads, subscriptions and updates
        self.current: dict | None = None  # the resource whose details are shown
        self.template: dict | None = None  # the template being filled in
        self._build()
        for pl in self.feature.lists:
            pl.subscribe(partial(self._list_event, pl))
        self.feature.spawn = lambda fn: self.run(fn, error_label=self.errors)
        self.feature.subscribe(self._feature_event)
        self.built()

    def title(self) -> str:
        return _w("resources")

    # ---------------------------------------------------------------- layout

    def _build(self) -> None:
        self.busy = BusyIndicator()
        self.status = muted(plain_label(wrap=False))
        self.errors = ErrorLabel(boxed=True)

        # left: the two lists
        tr = QCoreApplication.translate
        self.resource_list = PagedListView(_headers(rw.RESOURCE_HEADERS), lambda n: rw.count_text(False, n, tr))
        self.template_list = PagedListView(_headers(rw.TEMPLATE_HEADERS), lambda n: rw.count_text(True, n, tr))
        # the resource shown stays selected when its list is loaded again (a template does not)
        self.shown = [
            ShownList(
                self, pl, view, self.errors, partial(self._row, pl), partial(_w, "loading", method=pl.method), *keep
            )
            for pl, view, keep in (
                (self.feature.resources, self.resource_list, ("uri", lambda: self.current)),
                (self.feature.templates, self.template_list, ("uriTemplate",)),
            )
        ]
        for view in (self.resource_list, self.template_list):
            # what the details show follows the list on screen: back on a tab, or a click on its
            # highlighted row, shows that row again (not what the other tab showed last)
            view.reclicked.connect(lambda _e: self._follow_list())
        self.resource_list.itemChosen.connect(self.show_resource)
        self.resource_list.itemOpened.connect(self._open_resource)
        self.template_list.itemChosen.connect(self.show_template)
        self.lists = QTabWidget()
        self.lists.setDocumentMode(True)
        self.lists.addTab(self.resource_list, _w("resources"))
        self.lists.addTab(self.template_list, _w("templates"))
        self.lists.currentChanged.connect(lambda _i: self._follow_list())

        # right: what is selected, its template form, its actions, its contents
        self.heading = bold(section_title(_w("nothing")), 1.15)
        self.uri_label = plain_label(selectable=True, mono=True)
        self.facts = muted(plain_label())
        self.description = plain_label(selectable=True)
        self.template_box = CompletionForm(self, self.errors, self._ref, self.read_selected)
        self.fields = self.template_box.fields  # the form's own dict, by variable name
        self.expanded = QLineEdit()
        self.expanded.setReadOnly(True)
        self.expanded.setFont(mono_font())
        self.expanded_label = plain_label(wrap=False)
        self.template_box.form.addRow(self.expanded_label, self.expanded)
        self.read_button: QPushButton = push_button("", lambda: self.read_selected())
        self.read_button.setDefault(True)
        self.subscribe_button = push_button(_w("subscribe"), lambda: self.toggle_subscription())
        self.sub_note = muted(plain_label())
        actions = hbox(self.read_button, self.subscribe_button, (self.sub_note, 1))
        detail_head = QWidget()
        head = (self.heading, self.uri_label, self.facts, self.description, self.template_box, actions)
        vbox(*head, margins=False, parent=detail_head).setSpacing(4)
        # a read's contents: one card per entry (ui/content.py), saved off the UI thread
        self.contents = ContentView(placeholder=lambda: _w("placeholder"), saver=self.save)

        # updates
        self.updates_box = QGroupBox()
        self.live_label = plain_label()
        self.live_label.setMinimumWidth(60)
        # modern: stop listening to resource updates (the shared stream is reopened without them,
        # or cancelled with notifications/cancelled when nothing else needs it)
        self.stop_button = push_button("", lambda: self.feature.stop_listening())
        self.clear_updates_button = push_button("", lambda: self.feature.clear_updates())
        self.auto_reread = QCheckBox()
        self.auto_reread.setChecked(True)
        self.auto_reread.toggled.connect(lambda on: setattr(self.feature, "auto_reread", on))
        self.updates = flat_tree(3, stretch=1, fit=(0, 2))
        top = hbox((self.live_label, 1), self.stop_button, self.clear_updates_button)
        vbox(top, (self.updates, 1), self.auto_reread, parent=self.updates_box)

        right_top = QWidget()
        vbox(detail_head, (self.contents, 1), margins=False, parent=right_top)
        self.right_splitter = splitter(
            Qt.Orientation.Vertical, right_top, self.updates_box, stretch=(3, 1), sizes=[560, 190]
        )
        self.splitter = self.side_by_side(self.lists, self.right_splitter, [420, 640], (2, 3))
        self.splitter.setHandleWidth(10)
        column(self, (self.splitter, 1), self.errors, hbox(self.busy, (self.status, 1)), margins=8)

    # ---------------------------------------------------------------- hooks

    def session_started(self, session, availability, era, version) -> None:
        super().session_started(session, availability, era, version)
        self.clear_view()
        av = availability
        self.feature.attach(
            session,
            era,
            version,
            announces_changes=bool(av is not None and av.list_changed),
            subscribable=bool(av is not None and av.subscribe),
        )
        self.feature.auto_reread = self.auto_reread.isChecked()
        self.feature.refresh()
        self._sync_actions()

    def stream_changed(self) -> None:
        self._sync_live()

    def wait_changed(self) -> None:
        for shown in self.shown:
            shown.status()

    def clear_view(self) -> None:
        self.template_box.setEnabled(True)
        self.feature.reset()  # the views are cleared (LISTED)
        for what in (*(pl.method for pl in self.feature.lists), READ, SUBSCRIBING):  # nothing runs any more
            self.set_busy(what, None)
        self.current = self.template = None
        self.updates.clear()
        self.errors.clear_text()
        self.contents.clear()
        self._show_nothing()

    def session_ended(self) -> None:
        super().session_ended()
        self.feature.detach()
        self._sync_actions()

    # ---------------------------------------------------------------- replay

    def show_recorded(self, state, availability) -> None:
        """The lists, and the last read with its contents, as of the entry."""
        super().show_recorded(state, availability)
        self.template_box.setEnabled(False)
        self.feature.detach()  # a recording: nothing is sent
        call = state.call("resources/read")
        parts = {pl.method: state.listing(pl.method) for pl in self.feature.lists}
        parts["resources/read"] = call and call.marker
        if [what for what, shown in parts.items() if self.recorded_changed(what, shown)]:  # drawn again, errors and all
            self.errors.clear_text()
            self.feature.show_listings({pl.method: parts[pl.method] for pl in self.feature.lists})
            for shown in self.shown:
                shown.redraw()
            self._update_tab_titles()
            self._show_recorded_read(call)
        self._sync_actions()

    def _show_recorded_read(self, call) -> None:
        self.status.setText("")
        if call is None:  # nothing read by then
            self.current = self.template = self.feature.shown_uri = None
            self.contents.clear()
            self._show_nothing()
            return
        uri = call.params.get("uri")
        uri = uri if isinstance(uri, str) else str(uri)
        self.lists.setCurrentWidget(self.resource_list)
        if not self.resource_list.select_where("uri", uri):  # not listed: the uri alone
            self.current = self.template = None
            self._show_head({}, uri)
            self.template_box.setVisible(False)
        self.feature.shown_uri = uri
        if call.reply is None:
            self.contents.clear(lambda: _w("unanswered", uri=uri, seq=call.seq))
            return
        entries = self._read_answer(read_outcome(uri, call.reply))
        if entries is None:
            return
        self.contents.set_contents(prepare(entries, contents=True), partial(_w, "no_contents"))
        n = len(entries)
        seq, duration = call.reply.seq, format_duration(call.reply.latency)
        self.say(self.status, lambda: _w("read_at_entry", uri=uri, seq=seq, n=n, duration=duration))

    def on_notification(self, method: str, params: dict) -> None:
        self.feature.on_notification(method, params)

    # ---------------------------------------------------------------- state

    def _sync_actions(self) -> None:
        live = self.live
        av = self.availability
        for shown in self.shown:
            shown.status(live)  # the buttons: enabled unless loading
        modern = self.era == "modern"  # the era shown (a replay's too: the controller holds a live session's only)
        note = rw.list_changes_note(bool(av is not None and av.list_changed), modern, QCoreApplication.translate)
        self.resource_list.live_note.setText(note)
        self.template_list.live_note.setText(note)
        self.read_button.setEnabled(live and bool(self._target_uri()))
        self._sync_live()

    def _sync_live(self) -> None:
        """Subscribe button, the live-updates line and Stop, from the era and the streams
        (decided by :mod:`inspector.session.resource_words`)."""
        av = self.availability
        button, line = rw.live_controls(
            self.feature,
            modern=self.era == "modern",
            declared=None if av is None else bool(av.subscribe),
            live=self.live,
            recorded=self.recorded_row is not None,
            uri=self._target_uri(complete=True),
            tr=QCoreApplication.translate,
        )
        self.subscribe_button.setText(button.text)
        self.subscribe_button.setEnabled(button.enabled)
        self.subscribe_button.setToolTip(plain_tooltip(button.why))
        self.sub_note.setText(button.note)
        self.stop_button.setVisible(line.stop_shown)
        if line.stop_shown:
            self.stop_button.setEnabled(line.stop_enabled)
        self.live_label.setText(line.text)

    def retranslate(self) -> None:
        """Every static text in the current language (again on a language switch, in place)."""
        self.resource_list.retranslate(_headers(rw.RESOURCE_HEADERS))
        self.template_list.retranslate(_headers(rw.TEMPLATE_HEADERS))
        self._update_tab_titles()
        set_words(self, rw.CONTEXT, rw.WORDS, rw.CONTROLS)
        self.updates.setHeaderLabels(_headers(rw.UPDATE_HEADERS))
        for i in range(self.updates.topLevelItemCount()):
            item = self.updates.topLevelItem(i)
            if item is not None:
                item.setText(2, rw.via_text(item.data(2, ITEM_ROLE), QCoreApplication.translate))
        if self.current is None and self.template is None:
            self._show_nothing()
        elif self.template is not None:
            self._word_template_form()
        self._sync_actions()

    def _show_nothing(self) -> None:
        self.heading.setText(_w("nothing"))
        self.uri_label.setText("")
        self.facts.setText("")
        self.description.setText(_w("pick"))
        self.template_box.setVisible(False)

    # ---------------------------------------------------------------- lists

    def _list_event(self, pl: ListController, what: str) -> None:
        """One list's controller reported (the list is drawn by its :class:`ShownList`): the tab's title."""
        if what in (LOADING, PAGE, LISTED):
            self._update_tab_titles()
        if what == LISTED and not self.live:
            self._sync_actions()

    def _update_tab_titles(self) -> None:
        for index, (pl, name) in enumerate(zip(self.feature.lists, ("resources", "templates"), strict=True)):
            self.lists.setTabText(index, rw.tab_title(_w(name), pl.loaded, len(pl.items), pl.more))

    def _row(self, pl: ListController, entry: dict) -> tuple[list[str], dict, str]:
        shown = rw.entry_reading(entry, pl is self.feature.templates)
        return [shown.name, shown.where, shown.mime], entry, shown.description

    # ---------------------------------------------------------------- selection

    def _follow_list(self) -> None:
        """Show the current row of the list on screen, unless it is shown already."""
        resources = self.lists.currentWidget() is self.resource_list
        view, shown = (self.resource_list, self.current) if resources else (self.template_list, self.template)
        entry = view.current_entry()
        if entry is not None and entry is not shown:
            (self.show_resource if resources else self.show_template)(entry)

    def _open_resource(self, entry: dict) -> None:
        """A double-click: show the resource and read it."""
        self.show_resource(entry)
        self.read_selected()

    def show_resource(self, entry: dict) -> None:
        self.current, self.template = entry, None
        uri = entry.get("uri")
        if uri != self.feature.shown_uri:
            self._forget_contents(lambda: _w("press_read"))
        self._show_head(entry, str(uri or ""))
        self.template_box.setVisible(False)
        self._sync_actions()

    def show_template(self, entry: dict) -> None:
        self.template, self.current = entry, None
        tmpl = self._template_text() or ""
        self._forget_contents(lambda: _w("fill_in"))
        self._show_head(entry, tmpl)
        self._build_template_form(tmpl)
        self.template_box.setVisible(True)
        self._sync_actions()

    def _show_head(self, entry: dict, where: str) -> None:
        """What is selected: its title (or name, or ``where``), ``where`` (its uri or template),
        its facts and its description."""
        shown = rw.entry_reading(entry, template=False)
        self.heading.setText(shown.name or where)
        self.uri_label.setText(where)
        self.say(self.facts, lambda: rw.facts_text(entry, QCoreApplication.translate))
        self.description.setText(shown.description)
        self.description.setVisible(bool(shown.description))

    def _forget_contents(self, message: Callable[[], str]) -> None:
        """Another item was selected: the contents on screen no longer belong to it."""
        self.feature.leave()  # an answer still on its way is for the old selection
        self.set_busy(READ, None)
        self.contents.clear(message)

    def _build_template_form(self, template: str) -> None:
        completes = bool(self.availability is not None and self.availability.completions)
        self.template_box.build(template_variables(template), completes, keep=1)  # Expanded URI stays
        for field in self.fields.values():
            field.textChanged.connect(self._update_expanded)
        self._word_template_form()
        self._update_expanded()

    def _word_template_form(self) -> None:
        """The template form's words in the current language (again on a switch)."""
        tr, completes = QCoreApplication.translate, self.template_box.completes
        said = {name: rw.template_field(name, completes, tr) for name in self.fields}
        self.template_box.word(said, rw.template_hint(bool(self.fields), completes, tr))

    def _template_text(self) -> str | None:
        """The URI template being filled in (None: a resource, or nothing, is selected)."""
        if not isinstance(self.template, dict):
            return None
        raw = self.template.get("uriTemplate")
        return raw if isinstance(raw, str) else ""

    def _update_expanded(self, *_: object) -> None:
        tmpl = self._template_text()
        if tmpl is not None:
            self.expanded.setText(self.feature.target(tmpl, self.template_box.values()) or "")
        self._sync_actions()

    def _ref(self) -> dict[str, str] | None:
        """What the template fields' completions are about: the template being filled in."""
        template = self._template_text()
        return resource_ref(template) if template else None

    def _target_uri(self, complete: bool = False) -> str | None:
        """The uri a read (or, ``complete``, the Subscribe/Listen button) is about: the template's
        expansion, or the selected resource's uri."""
        uri = self.current.get("uri") if isinstance(self.current, dict) else None
        uri = uri if isinstance(uri, str) else None
        return self.feature.target(self._template_text(), self.template_box.values(), uri, complete=complete)

    # ---------------------------------------------------------------- reading

    def read_selected(self) -> bool:
        uri = self._target_uri()
        if not uri:
            return False
        missing = missing_variables(self._template_text() or "", self.template_box.values())
        if missing:
            self.say(self.errors, lambda: _w("fill_first", names=", ".join(missing)))
            return False
        return self.read_uri(uri)

    def read_uri(self, uri: str) -> bool:
        """Read ``uri`` (also used for resource links from other panels)."""
        return self.live and self.feature.read(uri)

    def _read_event(self, what: str) -> None:
        feature = self.feature
        if what == READING:
            self.errors.clear_text()
            self.set_busy(READ, _w("reading", uri=feature.reading))
        elif what == READ and feature.last_read is not None:
            self.set_busy(READ, None)
            self.run(self._show_read, feature.last_read, feature.reads.value, error_label=self.errors)

    async def _show_read(self, outcome: ReadOutcome, gen: int) -> None:
        """A read's answer on screen (decoded on a thread when large), unless another read or
        selection came meanwhile."""
        entries = self._read_answer(outcome)
        if entries is None or outcome.reply is None:
            return
        uri, reply = outcome.uri, outcome.reply
        if contents_weight(entries) > DECODE_ON_THREAD:
            with self.busy.running(_w("decoding", uri=uri)):
                prepared = await anyio.to_thread.run_sync(lambda: prepare(entries, contents=True))
            if not self.feature.reads.current(gen):
                return
        else:
            prepared = prepare(entries, contents=True)
        self.contents.set_contents(prepared, partial(_w, "no_contents"))
        when = time.strftime("%H:%M:%S")
        n = outcome.listed
        duration = format_duration(reply.latency)
        self.say(self.status, lambda: _w("read_at", uri=uri, time=when, n=n, duration=duration))

    def save(self, path: str, data: bytes) -> None:
        """Write a content card's bytes on a worker thread (works after the session ended, too)."""
        tg = self.controller.task_group
        if path and tg is not None:
            tg.start_soon(self._write, Path(path), data)

    async def _write(self, path: Path, data: bytes) -> None:
        with self.busy.running(_w("saving")):
            try:
                await anyio.to_thread.run_sync(path.write_bytes, data)
            except OSError as exc:
                why = exc.strerror or str(exc)
                self.say(self.errors, lambda: _w("not_saved", path=str(path), error=why))
                return
        self.say(self.status, lambda: _w("saved", n=format_size(len(data)), path=str(path)))

    def _read_answer(self, outcome: ReadOutcome) -> tuple[dict, ...] | None:
        """The contents of a resources/read answer, or None (what went wrong is shown:
        :func:`inspector.session.resource_words.read_trouble`)."""
        said = partial(rw.read_trouble, outcome, QCoreApplication.translate)
        cleared, error = said()
        if cleared is not None:
            self.contents.clear(lambda: said()[0] or "")
        if error:
            self.say_error(self.errors, lambda: said()[1])
        return outcome.contents

    # ---------------------------------------------------------------- subscriptions

    def toggle_subscription(self) -> bool:
        """Subscribe/unsubscribe (legacy) or add/remove the uri on the listen stream (modern)."""
        uri = self._target_uri(complete=True)
        if not isinstance(uri, str) or not self.live:
            return False
        return self.feature.toggle_subscription(uri)

    def _feature_event(self, what: str) -> None:
        """What the controller reports (beyond its lists), on screen."""
        feature = self.feature
        if what in (READING, READ):
            self._read_event(what)
        elif what == SUBSCRIBING and feature.pending is not None:
            method, uri = feature.pending
            self.set_busy(
                SUBSCRIBING, _w("subscribing" if method == "resources/subscribe" else "unsubscribing", uri=uri)
            )
        elif what == SUBSCRIPTIONS:
            self.set_busy(SUBSCRIBING, None)
            done = feature.subscription
            if done is not None and done is not self._subscription_shown:
                self._subscription_shown = done
                failure = done.failure
                if failure is None:
                    self.errors.clear_text()
                else:
                    self.say(self.errors, lambda: _w(done.method, uri=done.uri, error=failure_text(failure)))
            self._sync_live()
        elif what == UPDATED:
            self._show_update()

    def _show_update(self) -> None:
        """The newest update on top of the list (the list emptied when the controller's was)."""
        updates = self.feature.updates
        if not updates:
            self.updates.clear()
            return
        item = QTreeWidgetItem(rw.update_cells(updates[0], QCoreApplication.translate))
        item.setData(2, ITEM_ROLE, updates[0].subscription)
        self.updates.insertTopLevelItem(0, item)
        while self.updates.topLevelItemCount() > MAX_UPDATES:
            self.updates.takeTopLevelItem(self.updates.topLevelItemCount() - 1)

    def update_uris(self) -> list[str]:
        """URIs in the Updates list, newest first."""
        items = (self.updates.topLevelItem(i) for i in range(self.updates.topLevelItemCount()))
        return [item.text(1) for item in items if item is not None]
