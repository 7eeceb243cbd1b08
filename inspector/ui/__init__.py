"""The desktop application (PySide6). The only package that imports Qt.

Theory of operation
-------------------
``app.main`` creates the QApplication, installs translations and the palette, and runs anyio
on a qasync event loop with one long-lived task group for the whole window. The
:class:`~.controller.SessionController` (the Qt-free ``session.session_runner.SessionRunner``,
its events as Qt signals) starts a :class:`inspector.session.Session` on that task group when
the user clicks Connect and publishes its recording; it is the only object that calls the
session (connect, disconnect, continue a step). Continue releases the step the
bar shows: the gate announces the next one the moment one is released, and never replaces the
one announced (session.StepGate).

Widgets are observers. The timeline model is an adapter over the recording's columns, growing
in timed batches; the lifecycle diagram draws the protocol's own transition tables and shows
the state as of the newest entry as the session's current state, or as of a selected entry as
"as of entry N" (never a past state called current), its labels never below 11 px (it scrolls
instead of shrinking); the detail pane re-parses one entry on
demand; the negotiation view reads the initialize or discovery exchange from the recording.
A huge line is never decoded whole on the event loop for a view: the Logs panel's row, its level
and the details' first JSON tree come from a bounded head (``text.json_head``: cut strings end
with "…", open containers are closed), the raw and hex previews lay out 64 KiB; the whole is
decoded or shown only when the user asks (Parse all, Show all).
Opening a saved recording feeds the same widgets, read-only: a large file shows its first
rows at once and loads the rest in timed steps between events (:mod:`.opening`), and the
feature panels follow the selected entry from ``session.rebuild``. Server-provided text is
always shown as plain text; the bundled specification pages (:mod:`.spec_viewer`) are the only
Markdown the window renders. Exports (:mod:`.exporting`) write the type chosen in the save
dialog, adding its extension, pictures at 2× or 4× without selection or hover marks (the
sequence diagram as wide as its longest label), and say why when a file cannot be written (in
a message and in the status bar, replacing what an earlier export said there).

After the start sequence, :class:`~.panels.PanelHost` asks
:func:`inspector.session.features.availability` which feature panels the negotiation allows
and names the others on one line (their reasons in its tooltip), so the panels keep the
dock's height. Each panel renders one Qt-free feature controller of
:mod:`inspector.session.controllers` and forwards the user's actions to it; the controllers act
only through the session's requests and notifications, so everything a panel does is in the
recording. Server notifications reach the panels through the window's controller, except log
messages, which the Logs panel reads from the recording in small
timed bites. The server's requests (roots, sampling, elicitation) are answered by
:class:`~.client_side.UiClientHandlers` with non-modal dialogs, in both eras.

Under a message flood the window stays responsive because the session yields to the event
loop every few milliseconds of work, the timeline inserts and repaints in timed batches (longer ones
while flooding) from a per-cell cache painted by :mod:`.cells` (one model call per cell, text
laid out once), the ticker spaces the views' refreshes during a flood, and the cyclic garbage
collector is kept away from the growing recording while a session runs
(``SessionOptions.freeze_gc``).

A language switch (``app.Languages``) installs the other catalogue; the window makes its actions,
toolbar and connection panel again, and every other widget words itself again in place on Qt's
LanguageChange, from its state: a text made from state (a result's status, a count, a dialog's
origin, a form's placeholders) keeps what it was made from (``FeaturePanel.say``,
``Field.retranslate``, the answer dialogs' ``_retranslate``), so a switch in the middle of a
session leaves nothing in the other language; what the server sent is shown as it came. The
Qt-free layers hand the window keys, not sentences: an outcome code with its values (the failure
banner, the status bar and the exit label word it alike, ``session.failure_words``), a field problem
of a saved server (``profiles.Problem``, worded by ``connection.problem_text``); a status-bar
message still shown is said again in the new language (``StatusLine.say``, :mod:`.window_status`). What a view says
about an entry, a block, a tool, a list or a failure is decided Qt-free in the session layer (``timeline_words``,
``entry_detail``, ``content_blocks``, ``tool_words``, ``note_words``, ``failure_words`` and the other word modules):
English tables the window words through ``QCoreApplication.translate`` (:mod:`inspector.session.translate`); a widget
keeps only what Qt measures, paints and lays out. The feature panels
are made anew only with no session and no live recording: a running or ended session keeps them.

The window's arrangement is data kept per user (:mod:`.window_layout`, ``WindowLayouts.save_layout``): the chosen named
layout (Debugging: the timeline first; Teaching: the diagram and step bar first; presenter mode
over either) and, per layout, the docks' state and the centre's splitters, restored when the
layout is chosen again or the window reopens; a layout never saved is arranged from its shares of
the window's real size on the first show. The Connection dock sits above the Features dock and
turns compact while a session runs or a recording is open (fitted again after a saved layout is
restored); the status bar's messages are cleared when the next session or recording replaces the
one they were about. The step bar's details are folded or shown per layout (Debugging folds them,
the user's choice is kept per layout), and in Debugging the step bar's appearance moves the
centre's split so the diagram is drawn whole (``WindowLayouts.room_for_step``, put back when step
mode ends). Scrolling text whose height a layout decides shows whole lines (:mod:`.whole_lines`).

Start-up builds only what the first paint shows: the answer dialogs (:mod:`.client_side`,
with the schema forms), the composer and the handout writer are imported when first used; the
roots editor (in :mod:`.connection`) and the JSON colouring (:mod:`.json_highlight`) the
window shows at once live apart from them. The feature panels (hidden until a session says
which it supports) are made just after the first paint (``PanelHost(build_later=True)``), with
the content cards (:mod:`.content`) they use; the hidden Authorization tab's view when a
recording is first shown. The diagram's layout of the last run is read from the cache folder
(``session/diagram_cache.py``) when the same words and font sizes would fit it again.

The main window (:mod:`.main_window`) builds the views and wires them to the controller; its
other responsibilities are helpers it owns, each given the window: actions, toolbar and menus
(:mod:`.window_actions`, made again on a language switch), files, recordings and exports
(:mod:`.window_files`), layouts and presenter mode (:mod:`.window_layout`), the status bar
(:mod:`.window_status`), and the composer, ping and specification (with the actions).
The lifecycle diagram is a widget (:mod:`.diagram`, painting with :mod:`.diagram_paint`) over a
layout computed without Qt: its plan, lanes, geometry (and the readings of it: hit tests, up and
down keys, what to keep in view), scrolling decisions and words are ``session/diagram_plan.py``,
``diagram_lanes.py``, ``diagram_geometry.py``, ``diagram_shapes.py`` and ``diagram_words.py``.

The cyclic collector itself runs on the GUI thread only (:mod:`.collector`): left automatic, it
runs in whatever thread allocates - asyncio's child-watcher threads among them - and a cycle
holding a Qt wrapper freed there destroys its QObject in the wrong thread (a later timer event
then lands in freed memory).
"""
