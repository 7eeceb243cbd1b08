"""The names people read for what a recording holds: message kinds, link events and eras.

One table each, Qt-free, for every front-end that shows them: the timeline, the detail pane, the
composer, the status bar and the handouts. Each is translated in its context (the key of
:data:`CONTEXTS`): the window through ``QCoreApplication.translate(context, text)``, a handout
through its ``tr``; ``scripts/i18n.py`` brings the words into the catalogue. The recording and
the filters keep the names themselves (``Kind.label``, ``extra["event"]``, ``"legacy"``).
"""

from __future__ import annotations

from inspector.protocol.messages import Kind

#: What the timeline calls a side line of the HTTP transport (a note, or an answer's body).
HTTP_NOTE = "HTTP note"

#: Message kinds as people read them ("Timeline" context): the recording's own labels, but a
#: side line of the link (``link-note``; only HTTP has them) is an HTTP note.
KIND_LABELS: dict[Kind, str] = {**{k: k.label for k in Kind}, Kind.LINK_NOTE: HTTP_NOTE}

#: Names of process and session events (``extra["event"]``) as people read them ("Events").
EVENT_LABELS: dict[str, str] = {
    "spawned": "spawned",
    "spawn_failed": "spawn failed",
    "stdin_closed": "stdin closed",
    "waiting": "waiting",
    "sigterm_sent": "SIGTERM sent",
    "sigkill_sent": "SIGKILL sent",
    "stdout_closed": "stdout closed",
    "stderr_closed": "stderr closed",
    "exited": "exited",
    "group_survived": "group survived",
    "group_sigterm_sent": "SIGTERM to the group",
    "group_sigkill_sent": "SIGKILL to the group",
    "group_gone": "group gone",
    "connected": "connected",
    "http_exchange": "HTTP exchange",
    "session_expired": "session expired",
    "session_closing": "closing the session",
    "disconnected": "disconnected",
    "endpoint": "POST endpoint",
    "stream_closed": "answer stream closed",
    "fallback": "falling back to HTTP+SSE",
    "authorizing": "asking for credentials",
    "authorized": "credentials answered",
    "stream_ended": "answer stream ended early",
    "timeout": "timeout",
    "start_wait": "still starting",
    "request_read": "read by the server",
    "era_decided": "era decided",
    "internal_error": "inspector error",
    "signal": "signal received",
    "unreadable": "unreadable line",
    "output_unread": "output not recorded",
}

#: Era names ("Eras"), as the status bar and the handouts show them.
ERA_LABELS: dict[str, str] = {"legacy": "legacy", "modern": "modern", "auto": "auto"}

#: The words of each table, by the context they are translated in (for scripts/i18n.py).
CONTEXTS: dict[str, list[str]] = {
    "Timeline": list(KIND_LABELS.values()),
    "Events": list(EVENT_LABELS.values()),
    "Eras": list(ERA_LABELS.values()),
}
