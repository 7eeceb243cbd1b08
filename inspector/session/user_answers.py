"""The server's requests answered by a person (Qt-free): roots, sampling and elicitation.

A front-end that lets the user answer what the server asks (the window's dialogs) subclasses
:class:`UserAnswers` and implements one hook, :meth:`UserAnswers.present`: show the request
and, when the user answers, call the ``answer`` it was given. Everything else is here, without
Qt, for both ways a server asks (a JSON-RPC request in the legacy era, an input request of an
``InputRequiredResult`` in 2026-07-28):

* **the wait**: a prompt never hangs. It ends when the user answers, when the timeout runs
  out (default 300 s), when the session's server exits, when :meth:`UserAnswers.session_ended`
  is called, or when the waiting task is cancelled; :attr:`UserAnswers.history` keeps how each
  ended. An unanswered prompt is told to :meth:`Prompt.expire`.
* **the answers**: sampling that is not approved is ``HandlerError(-1, "User rejected sampling
  request")`` with the reason; elicitation that is not answered is ``{"action": "cancel"}``.
  :func:`sampling_result` is the CreateMessageResult the user writes, :func:`answer_problems`
  the negotiated version's objections to an answer (the session's ``check_answer``) and
  :func:`content_field` the form field such an objection names.
* **roots**: answered at once from the list the user edits; a change during a legacy session
  whose client declared ``roots.listChanged`` is announced with
  ``notifications/roots/list_changed``.
* **where a request came from** (:class:`Origin`: era, version, server) for the front-end to
  word.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import anyio
import orjson

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.lifecycle import State
from inspector.protocol.versions import Era

from .handlers import ClientHandlers, HandlerError
from .roots import normalize_roots

if TYPE_CHECKING:
    from anyio.abc import TaskGroup

    from inspector.protocol.schema import SchemaVerdict

    from .session import Session

#: The session's check of an answer against the negotiated version's schema (Session.check_answer).
AnswerCheck = Callable[[JsonValue], "SchemaVerdict | None"]

DEFAULT_TIMEOUT = 300.0
SAMPLING_REJECTED = "User rejected sampling request"
STOP_REASONS = ("endTurn", "stopSequence", "maxTokens")
DEFAULT_MODEL = "mcp-session-inspector (typed by the user)"
#: The request fields a sampling prompt lists under "Also" as they came (tools are named apart).
SAMPLING_EXTRAS = ("temperature", "stopSequences", "includeContext", "metadata")
#: How a wait ended (the history's words, and the reason a sampling refusal carries).
ANSWERED, TIMEOUT, SESSION_ENDED, CANCELLED = "answered", "timeout", "session ended", "cancelled"


@dataclass
class Origin:
    """Where a request to the client came from (the front-end words it)."""

    method: str
    era: str | None = None  # "legacy" / "modern" / None (unknown: no session attached)
    version: str | None = None
    server: str | None = None
    builtin: bool = False  # ``server`` is the built-in demo's stored (English) name


# ---------------------------------------------------------------------------- the answers


def block_text(block: JsonValue) -> str:
    """One content block of a sampling message as plain text (media and tool blocks in brackets)."""
    if not isinstance(block, dict):
        return str(block)
    kind = block.get("type")
    if kind == "text":
        return str(block.get("text", ""))
    if kind in ("image", "audio"):
        data = block.get("data")
        size = len(data) * 3 // 4 if isinstance(data, str) else 0
        return f"[{kind} {block.get('mimeType', '?')}, about {size:,} bytes]"
    if kind == "tool_use":
        return f"[tool_use {block.get('name')} {orjson.dumps(block.get('input', {})).decode()}]"
    if kind == "tool_result":
        inner = block.get("content")
        parts = inner if isinstance(inner, list) else [inner]
        return f"[tool_result {block.get('toolUseId')}] " + " ".join(block_text(p) for p in parts if p is not None)
    return orjson.dumps(block).decode()


def message_blocks(params: JsonObject) -> list[tuple[str, str]]:
    """(role, text) of each message of a sampling request, in order (malformed ones left out)."""
    messages = params.get("messages")
    out: list[tuple[str, str]] = []
    for msg in messages if isinstance(messages, list) else []:
        if isinstance(msg, dict):
            content = msg.get("content")
            blocks = content if isinstance(content, list) else [content]
            out.append((str(msg.get("role", "?")), "\n".join(block_text(b) for b in blocks)))
    return out


def sampling_extras(params: JsonObject) -> list[str]:
    """``temperature 0.7``, ``stopSequences ["x"]``…: the request's other fields as they came."""
    out = []
    for key in SAMPLING_EXTRAS:
        if key in params:
            value = params[key]
            out.append(f"{key} {value if isinstance(value, (int, float, str)) else orjson.dumps(value).decode()}")
    return out


def names_in(items: JsonValue, key: str = "name") -> str:
    """``a, b``: the ``key`` of each object of a list (tool names, model hints)."""
    return ", ".join(str(i.get(key)) for i in items if isinstance(i, dict)) if isinstance(items, list) else ""


def sampling_result(text: str, model: str, stop_reason: str) -> JsonObject:
    """The CreateMessageResult the user writes as the model (blank fields take the defaults)."""
    return {
        "role": "assistant",
        "content": {"type": "text", "text": text},
        "model": model.strip() or DEFAULT_MODEL,
        "stopReason": stop_reason.strip() or "endTurn",
    }


def answer_problems(check: AnswerCheck | None, value: JsonValue) -> list[tuple[str, str]]:
    """(path under the answer, message) for each reason ``value`` cannot be sent: what the
    negotiated version's schema (``check``, the session's ``check_answer``) says against it."""
    verdict = check(value) if check is not None else None
    if verdict is None or verdict.ok:
        return []
    return [(e.path.removeprefix("/result"), e.message) for e in verdict.errors] or [("", verdict.definition)]


def content_field(path: str) -> str | None:
    """The form field an elicitation answer's problem names (``/content/a~1b`` → ``a/b``), or None."""
    parts = path.split("/")
    if len(parts) > 2 and parts[1] == "content":
        return parts[2].replace("~1", "/").replace("~0", "~")
    return None


def sampling_refusal(how: str, timeout: float) -> HandlerError:
    """The error a sampling request gets when the user did not approve it (``how`` the wait ended)."""
    reason = {
        ANSWERED: "the user rejected it",
        TIMEOUT: f"no answer within {timeout:g} s",
        SESSION_ENDED: "the session ended",
    }.get(how, how)
    return HandlerError(-1, SAMPLING_REJECTED, {"reason": reason})


# ---------------------------------------------------------------------------- the wait


class Countdown:
    """A prompt's wait on the clock, as its dialog shows it: the deadline ``timeout`` seconds from
    now (None for no timeout, or one that is not finite) and the time left as ``m:ss``."""

    def __init__(self, timeout: float | None, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.deadline = clock() + timeout if timeout is not None and math.isfinite(timeout) else None

    def left(self) -> str | None:
        """The whole seconds left, rounded up, as ``m:ss`` (never below 0:00); None: no deadline."""
        if self.deadline is None:
            return None
        left = max(0, int(self.deadline - self.clock() + 0.999))
        return f"{left // 60}:{left % 60:02d}"


class Prompt(Protocol):
    """What a front-end shows for one request (a dialog)."""

    def expire(self) -> None:
        """The wait ended without the user (timeout, session end): close without answering."""


@dataclass
class Wait:
    """One prompt's wait: set once, by the user's answer or by what ended it."""

    event: anyio.Event = field(default_factory=anyio.Event)
    value: JsonValue = None
    how: str = ""

    def end(self, how: str, value: JsonValue = None) -> None:
        if not self.event.is_set():
            self.value, self.how = value, how
            self.event.set()


class UserAnswers(ClientHandlers):
    """Roots from an editable list; sampling and elicitation answered by the user through
    :meth:`present` (a front-end's hook). ``attach(session, task_group)`` adds what needs the
    session: origins, the end of waits when the server exits, roots/list_changed."""

    def __init__(self, roots: list[JsonObject] | None = None, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        super().__init__(roots=normalize_roots(roots))
        self.timeout = timeout
        self.session: Session | None = None
        self.task_group: TaskGroup | None = None
        self.history: list[tuple[str, str]] = []  # (method, how it ended), newest last
        self.waits: dict[Prompt, Wait] = {}

    __hash__ = object.__hash__  # dataclass eq made the base unhashable; identity is what we want
    __eq__ = object.__eq__

    # ---------------------------------------------------------------- what a front-end gives

    def present(self, method: str, params: JsonObject, origin: Origin, answer: Callable[[JsonValue], None]) -> Prompt:
        """Show the request to the user; ``answer(value)`` is the user's answer (None: refused
        or dismissed; the first call counts)."""
        raise NotImplementedError

    def closed(self, prompt: Prompt, method: str, how: str) -> None:
        """The prompt's wait is over (``how``: answered, timeout, session ended, cancelled)."""

    def live_session(self) -> Session | None:
        """The session answered for (attach()'s; a front-end may know it otherwise)."""
        return self.session

    def live_task_group(self) -> TaskGroup | None:
        return self.task_group

    def builtin_name(self) -> str | None:
        """The stored name of the built-in server when that is the one connected (words it apart)."""
        return None

    # ---------------------------------------------------------------- wiring

    def attach(self, session: Session, task_group: TaskGroup | None = None) -> None:
        """The session these handlers answer for (and a task group for notifications)."""
        self.session = session
        if task_group is not None:
            self.task_group = task_group

    def _start(self, fn: Callable[[Session], Coroutine[object, object, None]], session: Session) -> bool:
        """Run ``fn(session)`` in the task group given to attach() (or the front-end's); with
        attach(session) alone, in the session's own (it lives exactly as long as the work may
        be done: it is how the session answers server requests too)."""
        tg = self.live_task_group()
        if tg is not None:
            tg.start_soon(fn, session)
            return True
        return session.start_soon(fn, session)

    def origin(self, method: str) -> Origin:
        session = self.live_session()
        if session is None:
            return Origin(method)
        n = session.negotiation()
        info = n.server_info
        named = session.recording.header.get("server_name")
        server = named or info.get("title") or info.get("name")
        builtin = bool(named) and self.builtin_name() == named
        return Origin(method, n.era, n.version, str(server) if server else None, builtin)

    def session_ended(self) -> None:
        """The session is over: every open prompt ends (sampling rejected, elicitation cancelled)."""
        for wait in list(self.waits.values()):
            wait.end(SESSION_ENDED)

    # ---------------------------------------------------------------- roots

    def set_roots(self, roots: list[JsonObject]) -> bool:
        """Replace the roots. In a legacy session whose client declared roots.listChanged,
        ``notifications/roots/list_changed`` is sent; returns True when it will be."""
        new = normalize_roots(roots)
        if new == self.roots:
            return False
        self.roots = new
        session = self.live_session()
        if session is None or not self.notifies_roots(session):
            return False
        return self._start(self._send_roots_changed, session)

    @staticmethod
    def notifies_roots(session: Session) -> bool:
        """Legacy, past the handshake, and the client offered roots.listChanged in initialize."""
        n = session.negotiation()
        if n.era != Era.LEGACY.value or n.state != State.OPERATING.value:
            return False
        roots = n.client_capabilities.get("roots")
        return isinstance(roots, dict) and bool(roots.get("listChanged"))

    async def _send_roots_changed(self, session: Session) -> None:
        try:
            await session.notify("notifications/roots/list_changed")
        except Exception:  # the server is gone: nothing to tell
            return

    async def list_roots(self, params: JsonObject) -> JsonObject:
        self.history.append(("roots/list", ANSWERED))
        out: list[JsonValue] = []
        for r in self.roots:
            item: JsonObject = {"uri": r["uri"]}
            if r.get("name"):
                item["name"] = r["name"]
            out.append(item)
        return {"roots": out}

    # ---------------------------------------------------------------- sampling and elicitation

    async def create_message(self, params: JsonObject) -> JsonObject:
        value, how = await self.ask("sampling/createMessage", params)
        if how == ANSWERED and isinstance(value, dict):
            return value
        raise sampling_refusal(how, self.timeout)

    async def elicit(self, params: JsonObject) -> JsonObject:
        value, how = await self.ask("elicitation/create", params)
        if how == ANSWERED and isinstance(value, dict):
            return value
        return {"action": "cancel"}

    def answer_check(self, method: str) -> AnswerCheck | None:
        """The session's check of an answer to ``method`` (None without a session)."""
        session = self.live_session()
        if session is None:
            return None
        return lambda value: session.check_answer(method, value)

    async def ask(self, method: str, params: JsonObject) -> tuple[JsonValue, str]:
        """Present the request and wait for the user, never forever: (the answer, how it ended)."""
        wait = Wait()
        prompt = self.present(method, params, self.origin(method), lambda value: wait.end(ANSWERED, value))
        self.waits[prompt] = wait
        session = self.live_session()
        try:
            with anyio.move_on_after(self.timeout):
                async with anyio.create_task_group() as tg:
                    if session is not None:

                        async def watch_exit() -> None:
                            await session.wait_exit(math.inf)
                            wait.end(SESSION_ENDED)

                        tg.start_soon(watch_exit)
                    await wait.event.wait()
                    tg.cancel_scope.cancel()
            wait.end(TIMEOUT)
        except BaseException:
            wait.how = wait.how or CANCELLED
            raise
        finally:
            if wait.how != ANSWERED:
                prompt.expire()
            self.waits.pop(prompt, None)
            self.history.append((method, wait.how))
            self.closed(prompt, method, wait.how)
        return wait.value, wait.how
