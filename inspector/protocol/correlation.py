"""Pair requests with responses by id, in both directions.

Ids are JSON strings or integers, ``0`` included; ``1`` and ``"1"`` are different ids. A
response whose id was never requested, or was already answered, is reported, not dropped.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable
from dataclasses import dataclass

import orjson

from .jsontypes import JsonValue


class Match(enum.Enum):
    PAIRED = "paired"
    UNKNOWN = "unknown"
    DUPLICATE = "duplicate"
    LATE = "late"  # answered after the client stopped waiting (timeout)


@dataclass(slots=True)
class Pending:
    id: JsonValue
    method: str
    seq: int  # recording entry of the request
    t: float
    progress_token: JsonValue = None
    cancelled: bool = False
    answer_seq: int | None = None  # recording entry of the (first) response
    # the request still pending under the same id when this one came (a peer that reused an id):
    # an answer to that id may be for either
    shadows: Pending | None = None


def id_key(value: JsonValue) -> Hashable:
    """A dictionary key for a JSON id of any type.

    1 and "1" differ in JSON; in Python they already hash apart, but True == 1 does not. A peer
    may send an array or object as an id: it gets a key too (its canonical JSON text), so one
    hostile line can never make a lookup raise.
    """
    t = type(value)
    if t is list or t is dict:
        return (t.__name__, orjson.dumps(value, option=orjson.OPT_SORT_KEYS, default=repr))
    return (t.__name__, value)


class Correlator:
    """One side's outstanding requests (the client's, or the server's)."""

    __slots__ = ("pending", "answered", "by_token")

    def __init__(self) -> None:
        self.pending: dict[Hashable, Pending] = {}
        self.answered: dict[Hashable, Pending] = {}
        self.by_token: dict[Hashable, Pending] = {}

    def add(self, id: JsonValue, method: str, seq: int, t: float, progress_token: JsonValue = None) -> bool:
        """Register a request. Returns False when the id is already pending (reused)."""
        key = id_key(id)
        reused = key in self.pending
        p = Pending(id, method, seq, t, progress_token, shadows=self.pending.get(key))
        self.pending[key] = p
        if progress_token is not None:
            self.by_token[id_key(progress_token)] = p
        return not reused

    def resolve(self, id: JsonValue, seq: int) -> tuple[Match, Pending | None]:
        """A response arrived as recording entry ``seq``."""
        key = id_key(id)
        p = self.pending.pop(key, None)
        if p is not None:
            p.answer_seq = seq
            self.answered[key] = p
            if p.progress_token is not None:
                self.by_token.pop(id_key(p.progress_token), None)
            return Match.PAIRED, p
        p = self.answered.get(key)
        if p is not None:
            if p.answer_seq is None:
                p.answer_seq = seq
                return Match.LATE, p
            return Match.DUPLICATE, p
        return Match.UNKNOWN, None

    def get(self, id: JsonValue) -> Pending | None:
        return self.pending.get(id_key(id))

    def for_token(self, token: JsonValue) -> Pending | None:
        return self.by_token.get(id_key(token))

    def cancel(self, id: JsonValue) -> Pending | None:
        p = self.pending.get(id_key(id))
        if p is not None:
            p.cancelled = True
        return p

    def forget(self, id: JsonValue) -> Pending | None:
        """Stop waiting (timeout): the request is answered by nobody."""
        key = id_key(id)
        p = self.pending.pop(key, None)
        if p is not None:
            p.cancelled = True
            self.answered[key] = p
        return p
