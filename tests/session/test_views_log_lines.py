"""Which entries are the server's log messages (``views.log_lines``): column by column, the same
as asking each entry (a server notification named ``notifications/message``)."""

from __future__ import annotations

import random

import pytest

from inspector.protocol.engine import Analysis
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.session import Direction, Recording
from inspector.session.views import log_lines

METHODS = [None, "notifications/message", "notifications/progress", "tools/call", "notifications/messages", ""]


def mixed(n: int, seed: int) -> Recording:
    rng = random.Random(seed)
    rec = Recording(t0=0.0)
    for _ in range(n):
        a = Analysis(rng.choice(list(Kind)), State.OPERATING)
        a.method = rng.choice(METHODS)
        rec.append(rng.choice(list(Direction)), 0.0, b"{}", a)
    return rec


def one_by_one(rec: Recording, start: int, end: int) -> list[int]:
    return [
        i
        for i in range(start, end)
        if rec.method_at(i) == "notifications/message"
        and rec.direction_at(i) is Direction.S2C
        and rec.kind_at(i) is Kind.NOTIFICATION
    ]


@pytest.mark.parametrize("seed", range(5))
def test_log_lines_are_the_server_notifications_so_named(seed: int) -> None:
    rec = mixed(3000, seed)
    assert log_lines(rec, 0, len(rec)) == one_by_one(rec, 0, len(rec))
    assert one_by_one(rec, 0, len(rec))  # some there
    rng = random.Random(seed)
    for _ in range(50):
        a = rng.randrange(len(rec) + 1)
        b = rng.randrange(a, len(rec) + 1)
        assert log_lines(rec, a, b) == one_by_one(rec, a, b)
    assert log_lines(rec, 10, 10) == [] and log_lines(rec, 10, 5) == []
