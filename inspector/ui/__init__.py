"""The desktop application (PySide6). The only package that imports Qt.

Theory of operation
-------------------
``app.main`` creates the QApplication, installs translations and the palette, and runs anyio
on a qasync event loop with one long-lived task group for the whole window. The
:class:`~.controller.SessionController` starts a :class:`inspector.session.Session` on that
task group when the user clicks Connect and publishes its recording; it is the only object
that calls the session (connect, disconnect, continue a step).

Widgets are observers. The timeline model is an adapter over the recording's columns, growing
in timed batches; the lifecycle diagram draws the protocol's own transition tables and shows
the state as of the newest (or selected) entry; the detail pane re-parses one entry on
demand; the negotiation view reads the initialize or discovery exchange from the recording.
Opening a saved recording feeds the same widgets, read-only. Server-provided text is always
shown as plain text.
"""
