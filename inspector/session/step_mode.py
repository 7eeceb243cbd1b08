"""Step mode: every message waits at the gate until a person lets it go.

``StepGate`` holds the client's messages before they are written and the server's after they
were read, before the inspector takes them in, one at a time in the order they came to be;
``PendingStep`` is what a front-end shows of the one at the head. The explanations are English
with ``{placeholders}`` (the window translates them, then fills them in; ``scripts/i18n.py``
reads them from here), and ``annotate_step`` adds the method's teaching note and spec page.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeAlias

import anyio

from inspector.protocol.correlation import id_key
from inspector.protocol.engine import ProtocolEngine
from inspector.protocol.messages import loads_lenient, valid_id
from inspector.protocol.teaching import note_for, slug
from inspector.protocol.versions import MODERN_VERSIONS, Era
from inspector.resources import spec_file

from .outcomes import ConnectionLost


@dataclass
class PendingStep:
    raw: bytes
    explanation: str  # English, with {placeholders} filled from ``values`` (translate, then format)
    #: "c2s": about to be written; "s2c": arrived, not yet delivered; "shutdown": a shutdown step
    #: (raw is empty, values["step"] names it)
    direction: str = "c2s"
    values: dict[str, str] = field(default_factory=dict)
    at: float = 0.0  # when the message came to be: written by the client, or read from the server
    note: str = ""  # what this method does (English, protocol.teaching; translated in "Teaching")
    spec: str = ""  # the spec page that says so: "<version> <page>#<section>" (resources.spec_file)

    @property
    def text(self) -> str:
        """The explanation in English, filled in."""
        return self.explanation.format(**self.values) if self.values else self.explanation


#: a message on the gate: its step, and the event that releases it
Held: TypeAlias = "tuple[PendingStep, anyio.Event]"


class StepGate:
    """Step mode: every message waits here until ``go()`` - the client's before they are written,
    the server's after they were read and before the inspector takes them in - one at a time, in
    the order they arrived at the gate. Listeners hear of the message at the head (or None).

    What a front-end shows is what ``go()`` releases: the head, once announced to the listeners,
    stays the head until it is released (a server message read earlier that reaches the gate
    later waits behind it, keeping its arrival time), and ``go()`` takes it off the gate at once
    and announces the next one - so each ``go()`` releases exactly one message, and a second
    ``go()`` before the first message has been taken in releases the next, never the same one
    twice."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.closed = False
        #: the session is closing in step mode and each shutdown step waits for go() too
        self.shutdown_steps = False
        #: the messages not yet released, the head (announced) first
        self._queue: deque[tuple[PendingStep, anyio.Event]] = deque()
        self.listeners: list[Callable[[PendingStep | None], None]] = []
        #: fills in a new step's note and spec (the session sets it)
        self.annotate: Callable[[PendingStep], None] | None = None

    @property
    def pending(self) -> PendingStep | None:
        return self._queue[0][0] if self._queue else None

    @property
    def waiting(self) -> int:
        """How many messages wait at the gate, the one shown included."""
        return len(self._queue)

    def _notify(self) -> None:
        head = self.pending
        for cb in list(self.listeners):
            cb(head)

    async def wait(
        self, raw: bytes, explanation: str, direction: str = "c2s", *, at: float | None = None, **values: str
    ) -> None:
        """Wait for ``go()``. Messages queue in the order they came to be (``at``: a server
        message read before the client produced one of its own goes first, even when the
        inspector reaches it later - unless the client's is shown already). Raises
        ConnectionLost when the session closes first."""
        held = self.enter(raw, explanation, direction, at=at, **values)
        if held is not None:
            await self.passage(held)

    def enter(
        self, raw: bytes, explanation: str, direction: str = "c2s", *, at: float | None = None, **values: str
    ) -> Held | None:
        """Put a message in the queue now (``passage`` waits for its turn): the messages of one
        read enter together, so a client message cannot come between them. None when the gate
        does not hold messages; ConnectionLost when the session is closing."""
        if self.closed:
            raise ConnectionLost("the session was closed before this message was sent")
        if not self.enabled:
            return None
        when = time.monotonic() if at is None else at
        return self._enter(PendingStep(raw, explanation, direction, values, when))

    async def passage(self, held: Held) -> None:
        """Wait until ``held`` (from ``enter``) is released. Raises ConnectionLost when the
        session closed meanwhile."""
        await self._await(held)
        if self.closed:
            raise ConnectionLost("the session was closed before this message was sent")

    def discard(self, held: Held | None) -> None:
        """Take ``held`` off the gate without releasing it through go() (its reader gave up)."""
        if held is None:
            return
        queue = self._queue
        if queue and queue[0] is held:
            queue.popleft()
            self._notify()
        else:
            try:
                queue.remove(held)
            except ValueError:
                pass

    async def hold_shutdown(self, step: str, explanation: str, *, at: float | None = None, **values: str) -> None:
        """A shutdown step (``step``: transport.base.SHUTDOWN_STEPS) waits for ``go()`` when
        the session is closing in step mode; otherwise, or once released, it returns at once."""
        if self.shutdown_steps:
            when = time.monotonic() if at is None else at
            await self._await(self._enter(PendingStep(b"", explanation, "shutdown", {"step": step, **values}, when)))

    def _enter(self, step: PendingStep) -> Held:
        if self.annotate is not None:
            try:
                self.annotate(step)
            except Exception:  # a note is a nicety: the message is held all the same
                pass
        when = step.at
        entry = (step, anyio.Event())
        queue = self._queue
        index = len(queue)
        # in the order they came to be, but never ahead of the head: it has been shown
        while index > 1 and queue[index - 1][0].at > when:
            index -= 1
        queue.insert(index, entry)
        if index == 0:
            self._notify()
        return entry

    async def _await(self, entry: Held) -> None:
        try:
            await entry[1].wait()
        finally:
            if not entry[1].is_set():  # cancelled while it waited: off the gate, unreleased
                self.discard(entry)

    def go(self) -> bool:
        """Let the message at the head go, and show the next. Returns False when nothing was waiting."""
        if not self._queue:
            return False
        _step, event = self._queue.popleft()
        event.set()
        self._notify()
        return True

    def hold_from_now(self) -> bool:
        """Enter step mode during a session: the next message (either way) and every later one
        waits for ``go()``. False when the session is closing (nothing new goes out then)."""
        if self.closed:
            return False
        self.enabled = True
        return True

    def release_all(self) -> None:
        """Leave step mode: the waiting and later messages (and shutdown steps) go without waiting."""
        self.enabled = False
        self.shutdown_steps = False
        held = list(self._queue)
        self._queue.clear()
        for _step, event in held:
            event.set()
        if held:
            self._notify()

    def close(self, *, shutdown_steps: bool = False) -> None:
        """The session is closing: the client's waiting messages and later ones are not sent
        (the server's are still taken in: they were read). ``shutdown_steps``: in step mode
        (or when they were held already), each shutdown step will wait for go(); without it a
        waiting shutdown step goes (closing the window must never wait for a person)."""
        if shutdown_steps and self.closed and self.shutdown_steps:
            return  # Disconnect pressed again: the held shutdown step still waits for Continue
        hold = shutdown_steps and (self.enabled or self.shutdown_steps)
        self.closed = True
        self.release_all()
        self.shutdown_steps = hold


LEGACY_STEPS = {
    "initialize": (
        "Lifecycle: the first message must be initialize, carrying the newest version the client speaks, its "
        "capabilities and identity."
    ),
    "notifications/initialized": (
        "Lifecycle: after a successful initialize result the client must send notifications/initialized before "
        "normal requests."
    ),
}

MODERN_STEPS = {
    "server/discover": (
        "stdio backward compatibility: a dual-era client probes with server/discover before any other request."
    ),
    "first": "Modern era: every request carries protocol version, client info and capabilities in params._meta.",
}
#: Step mode: what the other messages are about to do (English; the window translates them).
CLIENT_STEPS = {
    "request": (
        "The client is about to send the request {method}. Once it is written the server owes an answer with the "
        "same id; the timeline will pair the two and time the round trip."
    ),
    "notification": (
        "The client is about to send the notification {method}. A notification gets no answer: the server acts on "
        "it, or ignores it."
    ),
    "answer": (
        "The client is about to answer the server's request {method}. The answer carries the id of that request "
        "and is checked against the schema before it goes."
    ),
    "other": (
        "The client is about to send a message that is not a JSON-RPC request, notification or answer (written by "
        "hand). The server must cope with it."
    ),
}
SERVER_STEPS = {
    "answer": (
        "The server's answer to {method} has arrived and waits here. Continue hands it to the inspector: it is "
        "paired with its request, checked against the schema and the rules, and the lifecycle may move."
    ),
    "notification": (
        "The server sent the notification {method}. It waits here; Continue records it, checks it and passes it "
        "on (logs, progress, list changes)."
    ),
    "request": (
        "The server sent the request {method}. It waits here; after Continue the client decides how to answer it."
    ),
    "other": (
        "The server wrote something that is not a JSON-RPC message. It waits here; Continue records it as it "
        "arrived and flags what is wrong with it."
    ),
}


#: Step mode: the shutdown steps (transport.base.SHUTDOWN_STEPS), each explained before it is taken.
SHUTDOWN_STEPS = {
    "stdin": (
        "The client is about to close the server's stdin: that is how a stdio session ends. A well-behaved server "
        "reads end-of-file, finishes what it was doing and exits on its own. The inspector then gives it {grace} "
        "to exit."
    ),
    "sigterm": (
        "The server is still running {grace} after its stdin was closed. The next step is SIGTERM to its process "
        "group, which asks it to terminate; a server that handles it cleans up and exits. The timeline flags a "
        "server that needs it."
    ),
    "sigkill": (
        "The server did not exit after SIGTERM either. The last step is SIGKILL, which no process can catch or "
        "ignore: the kernel ends it. A server that needs SIGKILL is misbehaving, and the timeline says so."
    ),
    "delete": (
        "The client is about to end the HTTP session with DELETE, sending its Mcp-Session-Id. The server should "
        "forget the session; 405 means it does not let clients end sessions. Then the client closes its streams "
        "and the session is over."
    ),
    "close": (
        "The client is about to close its HTTP streams. There is no session id to DELETE (the server gave none, "
        "or the era has no sessions), so the session ends when the client stops sending."
    ),
}
_SHUTDOWN_SPEC = {
    "stdin": "2025-11-25 basic/lifecycle#stdio",
    "sigterm": "2025-11-25 basic/lifecycle#stdio",
    "sigkill": "2025-11-25 basic/lifecycle#stdio",
    "delete": "2025-11-25 basic/transports#session-management",
    "close": "2025-11-25 basic/lifecycle#http",
}


def _has_section(found: tuple[Path, str], anchor: str) -> bool:
    """Whether the spec page ``found`` (``spec_file``'s answer) has a heading whose slug is
    ``anchor``."""
    if not anchor:
        return True
    try:
        text = found[0].read_text(encoding="utf-8")
    except OSError:
        return False
    return any(slug(line) == anchor for line in text.splitlines() if line.startswith("#"))


def annotate_step(step: PendingStep, era: Era | None) -> None:
    """A held step's teaching note and spec page (protocol.teaching), for the front-end;
    ``era``: the session's, which decides whose spec page is named."""
    if step.direction == "shutdown":
        step.spec = _SHUTDOWN_SPEC.get(step.values.get("step", ""), "")
        return
    obj = loads_lenient(step.raw.rstrip(b"\r\n"))
    if not isinstance(obj, dict):
        return
    method = obj.get("method")
    answer = not isinstance(method, str)
    if answer:
        method = step.values.get("method")
    modern = era is Era.MODERN or method in ("server/discover", "subscriptions/listen")
    found = note_for(method if isinstance(method, str) else None, modern)
    if found is not None:
        note, spec = found
        step.note = note.answer if answer else note.sends
        if modern and not note.spec_modern:  # the same section of the 2026-07-28 page, when it has one
            _version, _, page = spec.partition(" ")
            modern_ref = f"{MODERN_VERSIONS[-1]} {page}"
            found_page = spec_file(modern_ref)
            if found_page is not None and _has_section(found_page, page.partition("#")[2]):
                spec = modern_ref
        step.spec = spec


def client_step(raw: bytes, engine: ProtocolEngine) -> tuple[str, dict[str, str]]:
    """Step mode: the explanation of a client message (English) and what fills it in."""
    obj = loads_lenient(raw.rstrip(b"\r\n"))
    if not isinstance(obj, dict):
        return CLIENT_STEPS["other"], {}
    method = obj.get("method")
    if isinstance(method, str):
        return CLIENT_STEPS["request" if "id" in obj else "notification"], {"method": method}
    if "id" in obj and ("result" in obj or "error" in obj):
        pending = engine.server.pending.get(id_key(obj["id"])) if valid_id(obj["id"]) else None
        return CLIENT_STEPS["answer"], {"method": pending.method if pending is not None else "?"}
    return CLIENT_STEPS["other"], {}


def server_step(raw: bytes, engine: ProtocolEngine) -> tuple[str, dict[str, str]]:
    """Step mode: the explanation of a server message that waits to be taken in."""
    obj = loads_lenient(raw)
    if not isinstance(obj, dict):
        return SERVER_STEPS["other"], {}
    method = obj.get("method")
    if isinstance(method, str):
        return SERVER_STEPS["request" if "id" in obj else "notification"], {"method": method}
    pending = engine.client.pending.get(id_key(obj.get("id"))) if valid_id(obj.get("id")) else None
    return SERVER_STEPS["answer"], {"method": pending.method if pending is not None else "?"}
