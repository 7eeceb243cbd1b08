"""Feature controllers: what a feature panel does, without Qt (issue 23).

Theory of operation
-------------------
A feature (tools, prompts, resources, tasks, logs, completions) has one controller here. The
controller owns the feature's state and talks to the session; a front-end (a panel of the
window, a replay, the CLI) subscribes to it, renders what it holds and forwards the user's
actions to it (load, more, select, call, get). Nothing here imports Qt or words anything in a
language: outcomes are data (items, :class:`~inspector.session.operations.ListNote` notes, a
:class:`~.base.Failure` with a code, the server's error object or the session's own words),
and the front-end words them.

:mod:`.base` holds what every controller shares:

* :class:`~.base.Observable`: a plain listener list. ``subscribe(cb)``; the controller calls
  ``cb(what)`` with one of the event names of :mod:`.base` (``LISTED``, ``PAGE``, ``LOADING``,
  ``WAIT``, ...) after its state changed; the listener reads the state it needs. No signals.
* :class:`~.base.FeatureController`: bound to one live session at a time (``attach`` /
  ``detach``), with the era and version it speaks and whether the server announces list
  changes. Work is started through ``spawn`` (by default the session's own task group,
  ``Session.start_soon``; a window hands its app task group in, so a panel's work is run as
  the panel's other work is). Every async action catches what the session raises
  (``SessionError``, ``RequestCancelled``) and keeps it as a ``Failure``: nothing raises into
  the front-end.
* :class:`~.base.ListController`: one paginated list (a
  :class:`~inspector.session.operations.ListPager`: generations, paging, cycle and
  malformed-cursor protection, notes as data). ``refresh()`` starts again from the first
  page (a new generation: an answer of an older load never overwrites a newer one),
  ``load_more()`` fetches the next pages. While a load waits, a
  :class:`~inspector.session.waiting.RequestWatch` follows its request in the recording
  (``wait_state``: an answer nobody could take, a timeout, a flagged answer), reported as
  ``WAIT``. ``list_changed(declared)`` reloads on ``notifications/*/list_changed`` (several
  in a row make one reload, after ``RELOAD_DELAY``) when the server declared ``listChanged``;
  in the 2026-07-28 era it asks the session's shared ``subscriptions/listen`` stream for the
  list's key (``listen()``), and ``changes()`` says how the list learns of changes, as data.

``show_pager`` shows a list as a recording holds it (replay: no session, nothing sent). A
window's panel hands a controller its app task group and shows its ``WAIT`` notes with
``FeaturePanel.follow``.

:mod:`.prompts` (listing, the required arguments still missing, ``prompts/get`` with its own
generation; an argument's suggestions come from :mod:`.completions`) and :mod:`.tools`
(listing, the checks before a call as a ``Refusal``, task support, plain and task-augmented
``tools/call`` in the controller's cancel scope, what an answer is) are built on it.
:mod:`.resources` (two lists, reads with their own generation, subscriptions in both eras,
updates) and :mod:`.completions` (``completion/complete`` by version) too.
:mod:`.tasks` (tasks/list, get, result, cancel; one polling loop) and :mod:`.logs` (the level, the filter) too.
"""
