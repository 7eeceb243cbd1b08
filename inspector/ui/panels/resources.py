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
  (:mod:`.answers`). A :class:`PagedListView` shows each list.
* A :class:`CompletionField` is a line edit that asks for suggestions through a callback,
  debounced (200 ms after the last key, or at once on focus), and shows the answer in a
  QCompleter popup. Answers for text the user has since changed are dropped. The request is
  :func:`inspector.session.controllers.completions.fetch_completions` (``context`` where the
  version has it), through :func:`.answers.complete_field`, as in the Prompts panel.
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
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

import anyio
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from inspector.protocol.jsontypes import JsonValue
from inspector.protocol.uri_template import template_variables
from inspector.session.content_blocks import annotations_text
from inspector.session.controllers.base import (
    CHANGES_LISTENING,
    CHANGES_NOT_LISTENING,
    CHANGES_OPENING,
    FAIL_ERROR,
    LISTED,
    LOADING,
    PAGE,
    Failure,
    ListController,
)
from inspector.session.controllers.completions import resource_ref
from inspector.session.controllers.resources import (
    MAX_UPDATES,
    READ,
    READ_NO_CONTENTS,
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
from inspector.session.operations import NOTE_ERROR, ListNote

from ..content import ContentView, prepare
from ..text import format_duration, format_size, listen_note_text
from ..widgets import (
    BusyIndicator,
    CompletionField,
    ErrorLabel,
    PagedListView,
    mono_font,
    muted,
    plain_label,
    plain_tooltip,
    section_title,
)
from .answers import complete_field, error_text, failure_text
from .base import FeaturePanel

DECODE_ON_THREAD = 256 * 1024  # characters of text/base64 above which decoding leaves the UI thread

ITEM_ROLE = Qt.ItemDataRole.UserRole


# ---------------------------------------------------------------------- the panel


class ResourcesPanel(FeaturePanel):
    key = "resources"
    _template_completes = False  # whether the server completes the template form's variables
    _subscription_shown: SubscriptionOutcome | None = None  # the subscribe outcome the errors line said

    def __init__(self, controller, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.feature = ResourcesController()  # the lists, reads, subscriptions and updates
        self.current: dict | None = None  # the resource whose details are shown
        self.template: dict | None = None  # the template being filled in
        self.fields: dict[str, CompletionField] = {}
        self._build()
        for pl in self.feature.lists:
            self.follow(pl, self.errors)
            pl.subscribe(partial(self._list_event, pl))
        self.feature.spawn = lambda fn: self.run(fn, error_label=self.errors)
        self.feature.subscribe(self._feature_event)
        self.built()

    def title(self) -> str:
        return self.tr("Resources")

    # ---------------------------------------------------------------- layout

    def _build(self) -> None:
        self.busy = BusyIndicator()
        self.status = muted(plain_label(wrap=False))
        self.errors = ErrorLabel(boxed=True)

        # left: the two lists
        self.resource_list = PagedListView(
            [self.tr("Name"), self.tr("URI"), self.tr("MIME type")],
            lambda n: self.tr("1 resource") if n == 1 else self.tr("{n} resources").format(n=n),
        )
        self.template_list = PagedListView(
            [self.tr("Name"), self.tr("URI template"), self.tr("MIME type")],
            lambda n: self.tr("1 template") if n == 1 else self.tr("{n} templates").format(n=n),
        )
        for view, pl in ((self.resource_list, self.feature.resources), (self.template_list, self.feature.templates)):
            view.refreshClicked.connect(pl.refresh)  # from the first page, as many pages as were loaded
            view.moreClicked.connect(pl.load_more)
        self.resource_list.itemChosen.connect(self.show_resource)
        self.resource_list.itemOpened.connect(self._open_resource)
        self.template_list.itemChosen.connect(self.show_template)
        self.lists = QTabWidget()
        self.lists.setDocumentMode(True)
        self.lists.addTab(self.resource_list, self.tr("Resources"))
        self.lists.addTab(self.template_list, self.tr("Templates"))
        # what the details show follows the list on screen: back on a tab, or a click on its
        # highlighted row, shows that row again (not what the other tab showed last)
        self.lists.currentChanged.connect(lambda _i: self._follow_list())
        self.resource_list.reclicked.connect(lambda _e: self._follow_list())
        self.template_list.reclicked.connect(lambda _e: self._follow_list())

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
        self.template_box = QGroupBox()
        self.template_form = QFormLayout()
        self.template_form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.template_hint = muted(plain_label())
        self.expanded = QLineEdit()
        self.expanded.setReadOnly(True)
        self.expanded.setFont(mono_font())
        self.expanded_label = plain_label(wrap=False)
        self.template_form.addRow(self.expanded_label, self.expanded)
        tbox = QVBoxLayout(self.template_box)
        tbox.addLayout(self.template_form)
        tbox.addWidget(self.template_hint)
        self.template_box.setVisible(False)

        self.read_button = QPushButton()
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

        # a read's contents: one card per entry (ui/content.py), saved off the UI thread
        self.contents = ContentView(placeholder=lambda: self.tr("Select a resource and press Read."), saver=self.save)

        # updates
        self.updates_box = QGroupBox()
        self.live_label = plain_label()
        self.stop_button = QPushButton()
        self.stop_button.clicked.connect(lambda *_: self.stop_listening())
        self.clear_updates_button = QPushButton()
        self.auto_reread = QCheckBox()
        self.auto_reread.setChecked(True)
        self.auto_reread.toggled.connect(lambda on: setattr(self.feature, "auto_reread", on))
        self.updates = QTreeWidget()
        self.updates.setHeaderLabels(["", "", ""])
        self.updates.setRootIsDecorated(False)
        self.updates.setUniformRowHeights(True)
        self.updates.setAlternatingRowColors(True)
        uh = self.updates.header()
        uh.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        uh.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        uh.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        uh.setStretchLastSection(False)
        self.clear_updates_button.clicked.connect(lambda *_: self.feature.clear_updates())
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
        for pl in self.feature.lists:
            self._view_of(pl).set_status(pl.pager, self.loading_text(pl.method))

    def clear_view(self) -> None:
        self.template_box.setEnabled(True)
        self.feature.reset()  # the views are cleared (LISTED)
        for what in list(self._busy):
            self.set_busy(what, None)
        self.current = None
        self.template = None
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
            for pl in self.feature.lists:
                view = self._view_of(pl)
                view.clear()
                view.add_rows([self._row(pl, e) for e in pl.items])
                self._show_list_errors(pl, pl.pager.notes)
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
            self.contents.clear(
                lambda: self.tr("resources/read {uri} was sent at entry {seq}; not answered by this entry.").format(
                    uri=uri, seq=call.seq
                )
            )
            return
        entries = self._read_answer(read_outcome(uri, call.reply))
        if entries is None:
            return
        self.contents.set_contents(prepare(entries, contents=True), self._no_contents)
        n = len(entries)
        self.say(
            self.status,
            lambda: self.tr("Read {uri} at entry {seq} ({n} content(s), {duration}).").format(
                uri=uri, seq=call.reply.seq, n=n, duration=format_duration(call.reply.latency)
            ),
        )

    def on_notification(self, method: str, params: dict) -> None:
        self.feature.on_notification(method, params)

    # ---------------------------------------------------------------- state

    @property
    def modern(self) -> bool:
        """The era shown (a replay's too: the controller holds a live session's only)."""
        return self.era == "modern"

    def _sync_actions(self) -> None:
        live = self.live
        av = self.availability
        for pl in self.feature.lists:
            view = self._view_of(pl)
            view.set_status(pl.pager, self.loading_text(pl.method))  # the buttons: enabled unless loading
            if not live:
                view.refresh_button.setEnabled(False)
                view.more_button.setEnabled(False)
        if av is not None and av.list_changed:
            how = (
                self.tr("on a subscriptions/listen stream")
                if self.modern
                else self.tr("notifications/resources/list_changed")
            )
            note = self.tr("The lists refresh by themselves when the server announces a change ({how}).").format(
                how=how
            )
        else:
            note = self.tr("The server does not announce list changes (no listChanged): use Refresh.")
        self.resource_list.live_note.setText(note)
        self.template_list.live_note.setText(note)
        self.read_button.setEnabled(live and bool(self._target_uri()))
        self._sync_live()

    def _sync_live(self) -> None:
        """Subscribe button, the live-updates line and Stop, from the era and the streams."""
        av = self.availability
        can = self.live and av is not None and av.subscribe
        uri = self._target_uri(complete=True)
        button = self.subscribe_button
        on = self.feature.following(uri)
        if self.modern:
            button.setText(self.tr("Stop listening to this resource") if on else self.tr("Listen for updates"))
            why = self.tr("Opens a subscriptions/listen stream whose resourceSubscriptions filter lists this resource.")
        else:
            button.setText(self.tr("Unsubscribe") if on else self.tr("Subscribe"))
            why = (
                self.tr("Sends resources/unsubscribe.")
                if on
                else self.tr("Sends resources/subscribe: the server then sends notifications/resources/updated.")
            )
        if av is not None and not av.subscribe:
            why = self.tr("The server did not declare resources.subscribe, so it sends no update notifications.")
        elif not self.live and self.recorded_row is not None:
            why = self.tr("A recording: subscriptions are shown as they were sent, not made again.")
        elif not self.live:
            why = self.tr("No session: connect to a server first.")
        elif uri is None:
            why = self.tr("Select a resource (or fill in a template) to follow its updates.")
        button.setEnabled(bool(can and uri))
        button.setToolTip(plain_tooltip(why))
        self.sub_note.setText("" if can else why)

        if self.modern:
            now = self.feature.listening()
            note = listen_note_text(now.note)
            if now.asked and now.state == "opening":
                text = self.tr("Opening subscriptions/listen for {uris}… (waiting for the acknowledgement)").format(
                    uris=", ".join(now.asked)
                )
            elif now.asked and now.state == "listening":
                text = self.tr("Listening (subscription {id}) for updates to {uris}.").format(
                    id=now.request_id, uris=", ".join(now.honored) or self.tr("nothing")
                )
                if note:
                    text += " " + note
            elif note and not self.feature.watched:
                text = self.tr("Not listening. {note}").format(note=note)
            else:
                text = self.tr("Not listening. Select a resource and press Listen for updates.")
            changes = self.feature.resources.changes()
            if changes.how == CHANGES_LISTENING:
                text += "\n" + self.tr("List changes: listening (subscription {id}).").format(id=changes.request_id)
            elif changes.how == CHANGES_OPENING:
                text += "\n" + self.tr("List changes: opening subscriptions/listen…")
            elif changes.how == CHANGES_NOT_LISTENING and note:
                text += "\n" + self.tr("List changes: not listening. {note}").format(note=note)
            self.stop_button.setVisible(True)
            self.stop_button.setEnabled(bool(now.asked))
        else:
            if self.feature.subscribed:
                text = self.tr("Subscribed to {uris}.").format(uris=", ".join(sorted(self.feature.subscribed)))
            else:
                text = self.tr("Not subscribed to any resource.")
            self.stop_button.setVisible(False)
        if av is not None and not av.subscribe:
            text = self.tr("Updates are not available: the server did not declare resources.subscribe.")
        self.live_label.setText(text)

    def retranslate(self) -> None:
        """Every static text in the current language (again on a language switch, in place)."""
        self.resource_list.retranslate([self.tr("Name"), self.tr("URI"), self.tr("MIME type")])
        self.template_list.retranslate([self.tr("Name"), self.tr("URI template"), self.tr("MIME type")])
        self._update_tab_titles()
        self.template_box.setTitle(self.tr("Template arguments"))
        self.expanded_label.setText(self.tr("Expanded URI"))
        self.read_button.setText(self.tr("Read"))
        self.updates_box.setTitle(self.tr("Updates"))
        self.stop_button.setText(self.tr("Stop listening"))
        self.stop_button.setToolTip(self.tr("Cancel the subscriptions/listen request (sends notifications/cancelled)"))
        self.clear_updates_button.setText(self.tr("Clear"))
        self.auto_reread.setText(self.tr("Re-read the shown resource when it changes"))
        self.updates.setHeaderLabels([self.tr("Time"), self.tr("URI"), self.tr("Via")])
        for i in range(self.updates.topLevelItemCount()):
            item = self.updates.topLevelItem(i)
            if item is not None:
                item.setText(2, self._via(item.data(2, ITEM_ROLE)))
        if self.current is None and self.template is None:
            self._show_nothing()
        elif self.template is not None:
            self._word_template_form()
        self._sync_actions()

    def _show_nothing(self) -> None:
        self.heading.setText(self.tr("Nothing selected"))
        self.uri_label.setText("")
        self.facts.setText("")
        self.description.setText(self.tr("Pick a resource to read it, or a template to fill in its arguments."))
        self.template_box.setVisible(False)

    # ---------------------------------------------------------------- lists

    def _list_event(self, pl: ListController, what: str) -> None:
        """What one list's controller reports, on screen."""
        view = self._view_of(pl)
        if what == LOADING:
            if not pl.loaded:
                view.clear()
            self.set_busy(pl.method, self.tr("Loading {method}…").format(method=pl.method) if pl.loading else None)
        elif what == PAGE:
            view.add_rows([self._row(pl, e) for e in pl.last_page])
        elif what == LISTED:
            self.set_busy(pl.method, None)
            outcome = pl.outcome
            if outcome is None:  # reset: a new session, a recording, a reload from the first page
                view.clear()
            else:
                self._show_list_errors(pl, outcome.notes, outcome.failure)
                if pl is self.feature.resources and isinstance(self.current, dict):
                    view.tree.blockSignals(True)
                    view.select_where("uri", self.current.get("uri"))
                    view.tree.blockSignals(False)
        else:
            return
        view.set_status(pl.pager, self.loading_text(pl.method))
        self._update_tab_titles()
        if what == LISTED and not self.live:
            self._sync_actions()

    def _update_tab_titles(self) -> None:
        for index, pl, name in (
            (0, self.feature.resources, self.tr("Resources")),
            (1, self.feature.templates, self.tr("Templates")),
        ):
            more = "+" if pl.more else ""
            self.lists.setTabText(index, f"{name} ({len(pl.items)}{more})" if pl.loaded else name)

    def _view_of(self, pl: ListController) -> PagedListView:
        return self.resource_list if pl is self.feature.resources else self.template_list

    def _show_list_errors(self, pl: ListController, notes: Iterable[ListNote], failure: Failure | None = None) -> None:
        """The error answers and the failure of a load (its other notes are said under the list)."""
        errors = [note for note in notes if note.code == NOTE_ERROR]
        if errors or failure is not None:
            self.say_error(self.errors, lambda: self.list_problems(pl.method, errors, failure))

    def _row(self, pl: ListController, entry: dict) -> tuple[list[str], dict, str]:
        name = entry.get("title") or entry.get("name") or ""
        where = entry.get("uri") if pl is self.feature.resources else entry.get("uriTemplate")
        mime = entry.get("mimeType")
        cells = [str(name), str(where or ""), str(mime) if isinstance(mime, str) else ""]
        tip = entry.get("description")
        return cells, entry, tip if isinstance(tip, str) else ""

    # ---------------------------------------------------------------- selection

    def _follow_list(self) -> None:
        """Show the current row of the list on screen, unless it is shown already."""
        if self.lists.currentWidget() is self.resource_list:
            entry = self.resource_list.current_entry()
            if entry is not None and entry is not self.current:
                self.show_resource(entry)
        else:
            entry = self.template_list.current_entry()
            if entry is not None and entry is not self.template:
                self.show_template(entry)

    def _open_resource(self, entry: dict) -> None:
        """A double-click: show the resource and read it."""
        self.show_resource(entry)
        self.read_selected()

    def show_resource(self, entry: dict) -> None:
        self.current, self.template = entry, None
        uri = entry.get("uri")
        if uri != self.feature.shown_uri:
            self._forget_contents(lambda: self.tr("Press Read (or double-click the row) to read this resource."))
        self._show_head(entry, str(uri or ""))
        self.template_box.setVisible(False)
        self._sync_actions()

    def show_template(self, entry: dict) -> None:
        self.template, self.current = entry, None
        tmpl = self._template_text() or ""
        self._forget_contents(lambda: self.tr("Fill in the arguments, then press Read."))
        self._show_head(entry, tmpl)
        self._build_template_form(tmpl)
        self.template_box.setVisible(True)
        self._sync_actions()

    def _show_head(self, entry: dict, where: str) -> None:
        """What is selected: its title (or name, or ``where``), ``where`` (its uri or template),
        its facts and its description."""
        self.heading.setText(str(entry.get("title") or entry.get("name") or where))
        self.uri_label.setText(where)
        self.say(self.facts, lambda: self._facts(entry))
        desc = entry.get("description")
        self.description.setText(desc if isinstance(desc, str) else "")
        self.description.setVisible(bool(self.description.text()))

    def _forget_contents(self, message: Callable[[], str]) -> None:
        """Another item was selected: the contents on screen no longer belong to it."""
        self.feature.leave()  # an answer still on its way is for the old selection
        self.set_busy(READ, None)
        self.contents.clear(message)

    def _facts(self, entry: dict) -> str:
        facts = []
        mime = entry.get("mimeType")
        if isinstance(mime, str):
            facts.append(mime)
        size = entry.get("size")
        if isinstance(size, int) and not isinstance(size, bool):
            facts.append(self.tr("declared size {size}").format(size=format_size(size)))
        ann = annotations_text(entry, QCoreApplication.translate)  # the words every content card uses
        if ann:
            facts.append(ann)
        return " · ".join(facts)

    def _build_template_form(self, template: str) -> None:
        while self.template_form.rowCount() > 1:  # the last row, Expanded URI, stays
            self.template_form.removeRow(0)
        self.fields = {}
        names = template_variables(template)
        completes = bool(self.availability is not None and self.availability.completions)
        self._template_completes = completes
        for name in names:
            field = CompletionField(name, completes=completes)
            field.textChanged.connect(self._update_expanded)
            field.wanted.connect(self._want_completion)
            field.returnPressed.connect(self.read_selected)
            self.fields[name] = field
            self.template_form.insertRow(self.template_form.rowCount() - 1, plain_label(name, wrap=False), field)
        self._word_template_form()
        self._update_expanded()

    def _word_template_form(self) -> None:
        """The template form's words in the current language (again on a switch)."""
        completes = self._template_completes
        for name, field in self.fields.items():
            field.setPlaceholderText(self.tr("value of {{{name}}}").format(name=name))
            field.setToolTip("" if completes else self.tr("The server did not declare completions, so no suggestions."))
        if not self.fields:
            self.template_hint.setText(self.tr("This template has no variables."))
        elif completes:
            self.template_hint.setText(self.tr("Suggestions come from the server (completion/complete) as you type."))
        else:
            self.template_hint.setText(self.tr("The server did not declare completions: type the values yourself."))

    def _template_text(self) -> str | None:
        """The URI template being filled in (None: a resource, or nothing, is selected)."""
        if not isinstance(self.template, dict):
            return None
        raw = self.template.get("uriTemplate")
        return raw if isinstance(raw, str) else ""

    def _update_expanded(self, *_: object) -> None:
        tmpl = self._template_text()
        if tmpl is not None:
            self.expanded.setText(self.feature.target(tmpl, self.template_values()) or "")
        self._sync_actions()

    def template_values(self) -> dict[str, str]:
        return {name: f.text() for name, f in self.fields.items() if f.text()}

    def _want_completion(self, name: str, _value: str) -> None:
        field = self.fields.get(name)
        tmpl = self._template_text()
        if field is None or not tmpl:
            return
        context = {k: v for k, v in self.template_values().items() if k != name}
        self.run(complete_field, self, field, resource_ref(tmpl), context, self.errors, error_label=self.errors)

    def _target_uri(self, complete: bool = False) -> str | None:
        """The uri a read (or, ``complete``, the Subscribe/Listen button) is about: the template's
        expansion, or the selected resource's uri."""
        uri = self.current.get("uri") if isinstance(self.current, dict) else None
        uri = uri if isinstance(uri, str) else None
        return self.feature.target(self._template_text(), self.template_values(), uri, complete=complete)

    # ---------------------------------------------------------------- reading

    def read_selected(self) -> bool:
        uri = self._target_uri()
        if not uri:
            return False
        missing = missing_variables(self._template_text() or "", self.template_values())
        if missing:
            self.say(self.errors, lambda: self.tr("Fill in {names} first.").format(names=", ".join(missing)))
            return False
        return self.read_uri(uri)

    def read_uri(self, uri: str) -> bool:
        """Read ``uri`` (also used for resource links from other panels)."""
        return self.live and self.feature.read(uri)

    def _read_event(self, what: str) -> None:
        feature = self.feature
        if what == READING:
            self.errors.clear_text()
            self.set_busy(READ, self.tr("Reading {uri}…").format(uri=feature.reading))
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
            with self.busy.running(self.tr("Decoding {uri}…").format(uri=uri)):
                prepared = await anyio.to_thread.run_sync(lambda: prepare(entries, contents=True))
            if not self.feature.reads.current(gen):
                return
        else:
            prepared = prepare(entries, contents=True)
        self.contents.set_contents(prepared, self._no_contents)
        when = time.strftime("%H:%M:%S")
        n = outcome.listed
        self.say(
            self.status,
            lambda: self.tr("Read {uri} at {time} ({n} content(s), {duration}).").format(
                uri=uri, time=when, n=n, duration=format_duration(reply.latency)
            ),
        )

    def _no_contents(self) -> str:
        return self.tr("The server returned no contents.")

    def save(self, path: str, data: bytes) -> None:
        """Write a content card's bytes on a worker thread (works after the session ended, too)."""
        tg = self.controller.task_group
        if path and tg is not None:
            tg.start_soon(self._write, Path(path), data)

    async def _write(self, path: Path, data: bytes) -> None:
        with self.busy.running(self.tr("Saving…")):
            try:
                await anyio.to_thread.run_sync(path.write_bytes, data)
            except OSError as exc:
                why = exc.strerror or str(exc)
                self.say(
                    self.errors, lambda: self.tr("Could not save {path}: {error}").format(path=str(path), error=why)
                )
                return
        self.say(self.status, lambda: self.tr("Saved {n} to {path}.").format(n=format_size(len(data)), path=str(path)))

    def _read_answer(self, outcome: ReadOutcome) -> tuple[dict, ...] | None:
        """The contents of a resources/read answer, or None (what went wrong is shown)."""
        failure = outcome.failure
        if failure is not None and failure.code == FAIL_ERROR:
            uri = outcome.uri
            self.contents.clear(lambda: self.tr("Nothing to show: the read failed."))
            self.say(
                self.errors,
                lambda: self.tr("resources/read {uri} failed. {error}").format(
                    uri=uri, error=error_text(failure.error)
                ),
            )
            return None
        if failure is not None:  # a timeout, a lost link: the contents on screen stay
            self.say_error(self.errors, lambda: failure_text(failure))
            return None
        if outcome.problem == READ_NO_CONTENTS:
            self.contents.clear(lambda: self.tr("The answer has no contents array."))
        return outcome.contents

    # ---------------------------------------------------------------- subscriptions

    def toggle_subscription(self) -> bool:
        """Subscribe/unsubscribe (legacy) or add/remove the uri on the listen stream (modern)."""
        uri = self._target_uri(complete=True)
        if not isinstance(uri, str) or not self.live:
            return False
        return self.feature.toggle_subscription(uri)

    def stop_listening(self) -> None:
        """Modern: stop listening to resource updates (the shared stream is reopened without
        them, or cancelled with notifications/cancelled when nothing else needs it)."""
        self.feature.stop_listening()

    def _feature_event(self, what: str) -> None:
        """What the controller reports (beyond its lists), on screen."""
        feature = self.feature
        if what in (READING, READ):
            self._read_event(what)
        elif what == SUBSCRIBING and feature.pending is not None:
            method, uri = feature.pending
            if method == "resources/subscribe":
                self.set_busy(SUBSCRIBING, self.tr("Subscribing to {uri}…").format(uri=uri))
            else:
                self.set_busy(SUBSCRIBING, self.tr("Unsubscribing from {uri}…").format(uri=uri))
        elif what == SUBSCRIPTIONS:
            self.set_busy(SUBSCRIBING, None)
            done = feature.subscription
            if done is not None and done is not self._subscription_shown:
                self._subscription_shown = done
                failure = done.failure
                if failure is None:
                    self.errors.clear_text()
                else:
                    self.say(
                        self.errors,
                        lambda: self._subscription_failed(done.method).format(
                            uri=done.uri, error=failure_text(failure)
                        ),
                    )
            self._sync_live()
        elif what == UPDATED:
            self._show_update()

    def _via(self, sub: JsonValue) -> str:
        """How an update came: a subscription of the listen stream, or resources/subscribe."""
        return self.tr("subscription {id}").format(id=sub) if sub is not None else self.tr("resources/subscribe")

    def _subscription_failed(self, method: str) -> str:
        if method == "resources/subscribe":
            return self.tr("resources/subscribe {uri} failed. {error}")
        return self.tr("resources/unsubscribe {uri} failed. {error}")

    def _show_update(self) -> None:
        """The newest update on top of the list (the list emptied when the controller's was)."""
        updates = self.feature.updates
        if not updates:
            self.updates.clear()
            return
        update = updates[0]
        at = update.at
        stamp = time.strftime("%H:%M:%S", time.localtime(at)) + f".{int(at * 1000) % 1000:03d}"
        item = QTreeWidgetItem([stamp, update.uri, self._via(update.subscription)])
        item.setData(2, ITEM_ROLE, update.subscription)
        self.updates.insertTopLevelItem(0, item)
        while self.updates.topLevelItemCount() > MAX_UPDATES:
            self.updates.takeTopLevelItem(self.updates.topLevelItemCount() - 1)

    def update_uris(self) -> list[str]:
        """URIs in the Updates list, newest first."""
        items = (self.updates.topLevelItem(i) for i in range(self.updates.topLevelItemCount()))
        return [item.text(1) for item in items if item is not None]
