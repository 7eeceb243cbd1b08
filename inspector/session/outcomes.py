"""What a session's calls come to: the failures it raises, the replies and verdicts it returns,
and the waiter a request's answer is delivered to (the pump fills it, the caller reads it).

Errors from the server are replies, not exceptions (``Reply.error``); an exception means the
session could not do what was asked (``SessionError`` and its kinds), its ``str()`` for people.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import anyio

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.messages import Kind


class SessionError(Exception):
    """The session could not do what was asked; ``str()`` is for people."""


class StartFailed(SessionError):
    pass


class ConnectionLost(SessionError):
    pass


class RequestTimeout(SessionError):
    pass


class SessionExpired(ConnectionLost):
    """HTTP: the server ended the session before answering (404); ``request()`` sends the
    request again in the new session the client starts."""

    def __init__(self, text: str, seq: int | None) -> None:
        super().__init__(text)
        self.seq = seq


class RequestCancelled(SessionError):
    """The client cancelled the request (``cancel_request``); notifications/cancelled was sent."""


CANCELLED = "cancelled"


@dataclass(frozen=True)
class HandWritten:
    """What came of a message sent from the composer: its entry, and the answer when waited for."""

    seq: int
    answer_seq: int | None = None
    result: JsonObject | None = None
    error: JsonObject | None = None


@dataclass(frozen=True)
class TextVerdict:
    """The composer's preview of a hand-written message (see Session.judge_text)."""

    kind: str  # request / notification / result / error / noise / invalid / batch
    method: str | None
    id: JsonValue  # as the message carried it
    violations: tuple[str, ...]
    schema_ok: bool | None
    schema_errors: tuple[tuple[str, str], ...]
    schema_definition: str | None
    problem: str | None


@dataclass(frozen=True)
class Reply:
    """A response as the session saw it. Errors are replies too, not exceptions."""

    id: JsonValue  # as the message carried it
    seq: int  # recording entry of the response
    result: JsonObject | None
    error: JsonObject | None
    latency: float  # of the last round: its request to its response
    rounds: int = 1  # modern: requests it took, InputRequiredResult retries included
    #: the whole call: first request to final response, rounds and answers included
    total: float | None = None
    round_latencies: tuple[float, ...] = ()  # each round's request-to-response time, in order

    @property
    def ok(self) -> bool:
        return self.error is None


class Waiter:
    """Where the pump delivers the answer to one request (or why none will come)."""

    __slots__ = (
        "event",
        "reply_obj",
        "seq",
        "latency",
        "kind",
        "last_progress",
        "lost",
        "on_progress",
        "rejected",
        "never_read",
        "expired",
    )

    def __init__(self) -> None:
        self.event = anyio.Event()
        self.reply_obj: JsonObject | None = None
        self.seq = -1
        self.latency = 0.0
        self.kind: Kind | None = None
        self.last_progress = 0.0
        self.lost: str | None = None
        self.on_progress: Callable[[JsonObject], None] | None = None
        self.rejected = False  # HTTP: the request was refused with a 4xx and no JSON-RPC answer
        self.never_read = False  # stdio: the start timeout ran out before the server read the request
        self.expired = False  # HTTP: the server ended the session (404) before answering it
