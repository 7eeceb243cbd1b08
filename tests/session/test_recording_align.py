"""Two recordings aligned message by message (session/recording_align.py): real recordings of
the two-release SDK fixture (run here through real pipes, saved and loaded again) and
hand-written lines through a real engine for what a real server does not do on demand."""

from __future__ import annotations

import random

import orjson
import pytest
from recording_driver import Driver
from surface_sessions import record, surface_server

from inspector.session import Recording
from inspector.session.recording_align import align, steps_of

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def anyio_backend():
    return "asyncio"


@pytest.fixture(scope="module")
async def recs(tmp_path_factory, anyio_backend) -> dict[str, Recording]:
    d = tmp_path_factory.mktemp("align")
    paths = {
        "r1": await record(surface_server(1), d / "r1.jsonl"),
        "r1_again": await record(surface_server(1), d / "r1_again.jsonl"),
        "r2": await record(surface_server(2), d / "r2.jsonl"),
        "three": await record(surface_server(1, "--page-size", "3"), d / "three.jsonl"),
        "tools_only": await record(surface_server(1), d / "tools_only.jsonl", kinds=("tools",)),
    }
    return {k: Recording.load(p) for k, p in paths.items()}


def methods(pairs, side: str) -> list[str | None]:
    return [getattr(p, side).method if getattr(p, side) else None for p in pairs]


async def test_a_request_goes_with_its_answer(recs):
    steps, more = steps_of(recs["r1"])
    assert more == 0
    assert [(s.method, s.kind, s.outcome) for s in steps[:4]] == [
        ("initialize", "request", "result"),
        ("notifications/initialized", "notification", None),
        ("tools/list", "request", "result"),
        ("tools/list", "request", "result"),  # the second page
    ]
    rec = recs["r1"]
    requests = [s for s in steps if s.kind == "request"]
    assert len(requests) == 6
    for s in requests:
        assert rec.method_at(s.answer) == s.method and rec.paired_at(s.answer) == s.seq
    assert not any(s.kind in ("result", "error") for s in steps)  # answers are inside their steps


async def test_two_runs_of_one_release_do_not_part(recs):
    al = align(recs["r1"], recs["r1_again"])
    assert not al.parted and al.parted_at is None and al.after_parting() == []
    assert al.counts()["same"] == len(al.pairs) == al.a_steps == al.b_steps == 7
    assert al.text_lines() == ["The recordings hold the same conversation (7 steps)."]


async def test_two_releases_part_at_the_start_exchange(recs):
    al = align(recs["r1"], recs["r2"])
    assert al.parted_at == 0
    first = al.pairs[0]
    assert first.status == "changed" and first.a.method == "initialize"
    assert {c.pointer for c in first.changes} == {"/result/capabilities/logging", "/result/serverInfo/version"}
    # same method and order all along: every pair has both sides
    assert all(p.a and p.b and p.a.method == p.b.method for p in al.pairs)
    assert [p.status for p in al.pairs] == ["changed", "same", "changed", "changed", "changed", "changed", "same"]
    tools = al.pairs[2]
    changed = {c.pointer: (c.old, c.new) for c in tools.changes}
    assert changed["/result/tools/0/inputSchema/properties/a/type"] == ("number", "integer")


async def test_another_page_size_parts_at_the_first_listing(recs):
    al = align(recs["r1"], recs["three"])
    assert al.parted_at == 2
    pair = al.pairs[2]
    assert pair.status == "changed" and pair.a.method == pair.b.method == "tools/list"
    assert {c.pointer for c in pair.changes} >= {"/result/nextCursor"}
    # the second page: asked by both, with another cursor and other tools
    assert al.pairs[3].status == "changed" and "/params/cursor" in {c.pointer for c in al.pairs[3].changes}
    assert al.pairs[4].status == "same" and al.pairs[4].a.method == "prompts/list"


async def test_a_session_that_stopped_early_parts_where_it_stopped(recs):
    al = align(recs["r1"], recs["tools_only"])
    assert al.parted_at == 4
    after = al.after_parting()
    assert [p.status for p in after] == ["only_a"] * 3
    assert methods(after, "a") == ["prompts/list", "resources/list", "resources/templates/list"]
    data = orjson.loads(orjson.dumps(al.to_json()))
    assert data["parted"] is True and data["parted_at"] == 4 and len(data["after_parting"]) == 3
    assert data["after_parting"][0]["a"]["method"] == "prompts/list" and data["after_parting"][0]["b"] is None
    lines = al.text_lines()
    assert lines[0] == f"The recordings part at step 5: A's entry {after[0].a.seq}, B's entry none."
    assert lines[1].startswith("  < #") and "prompts/list -> result" in lines[1]


# ---------------------------------------------------------------- hand-written conversations


def _session(*steps: tuple[str, bytes | None]) -> Recording:
    """A legacy session: the handshake, then each (method, answer line or None) as a request."""
    drv = Driver()
    drv.handshake()
    for method, answer in steps:
        _, id_ = drv.request(method, {"name": "x"} if method == "tools/call" else None)
        if answer is not None:
            drv.s2c(answer.replace(b"ID", str(id_).encode()))
    return drv.rec


OK = b'{"jsonrpc":"2.0","id":ID,"result":{}}\n'
FAIL = b'{"jsonrpc":"2.0","id":ID,"error":{"code":-32601,"message":"Method not found"}}\n'


def test_a_step_in_one_only_is_passed_over_and_the_runs_meet_again():
    a = _session(("ping", OK), ("tools/list", OK), ("tools/call", OK))
    b = _session(("tools/list", OK), ("tools/call", OK))
    al = align(a, b)
    assert al.parted_at == 2 and al.pairs[2].status == "only_a" and al.pairs[2].a.method == "ping"
    assert [p.status for p in al.after_parting()] == ["only_a", "same", "same"]
    assert al.counts() == {"same": 4, "changed": 0, "only_a": 1, "only_b": 0}


def test_an_answer_that_differs_changes_the_pair():
    al = align(_session(("ping", OK)), _session(("ping", FAIL)))
    pair = al.pairs[al.parted_at]
    assert pair.status == "changed" and (pair.a.outcome, pair.b.outcome) == ("result", "error")
    assert [c.to_json() for c in pair.changes] == [
        {"path": "/result", "old": {}},
        {"path": "/error", "new": {"code": -32601, "message": "Method not found"}},
    ]
    unanswered = align(_session(("ping", OK)), _session(("ping", None)))
    pair = unanswered.pairs[unanswered.parted_at]
    assert pair.status == "changed" and pair.b.outcome is None and pair.b.answer is None
    assert "#3 c2s ping -> unanswered" in unanswered.text_lines()[1]


def test_skipped_methods_and_lines_that_are_no_messages():
    a = _session(("ping", OK))
    log = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"hi"}}\n'
    extra = Driver()
    extra.handshake()
    extra.request("ping")
    extra.s2c(b'{"jsonrpc":"2.0","id":2,"result":{}}\n')
    extra.s2c(log)
    extra.s2c(b"not json at all\n")
    extra.stderr(b"a stderr line is not the conversation\n")
    al = align(a, extra.rec)
    assert [p.status for p in al.after_parting()] == ["only_b", "only_b"]
    assert [p.b.kind for p in al.after_parting()] == ["notification", "noise"]
    skipping = align(a, extra.rec, skip=frozenset({"notifications/message"}))
    assert [p.b.kind for p in skipping.after_parting()] == ["noise"]


def test_a_limit_cuts_the_steps_and_says_so():
    a = _session(*[("ping", OK)] * 5)
    al = align(a, a, limit=4)
    assert (al.a_steps, al.a_more, al.b_more) == (4, 3, 3) and not al.parted
    assert al.text_lines()[-1] == "Only the first 4 steps of B were compared (3 more)."


def _lcs(a: list[str], b: list[str]) -> int:
    """The length of the longest common subsequence (the textbook table)."""
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b):
            cur.append(prev[j] + 1 if x == y else max(prev[j + 1], cur[j]))
        prev = cur
    return prev[-1]


def test_the_alignment_pairs_as_many_steps_as_can_be_paired_in_order():
    rng = random.Random(7)
    for _ in range(60):
        xa = [rng.choice(("ping", "tools/list", "prompts/list")) for _ in range(rng.randint(0, 25))]
        xb = [rng.choice(("ping", "tools/list", "prompts/list")) for _ in range(rng.randint(0, 25))]
        al = align(_session(*[(m, OK) for m in xa]), _session(*[(m, OK) for m in xb]))
        paired = [p for p in al.pairs if p.a and p.b]
        assert len(paired) == 2 + _lcs(xa, xb)  # the handshake's two steps, then the most in order
        assert all(p.a.method == p.b.method for p in paired)
        # every step of each side once, in its order
        assert [p.a.seq for p in al.pairs if p.a] == sorted(p.a.seq for p in al.pairs if p.a)
        assert [p.b.seq for p in al.pairs if p.b] == sorted(p.b.seq for p in al.pairs if p.b)
        assert (sum(1 for p in al.pairs if p.a), sum(1 for p in al.pairs if p.b)) == (al.a_steps, al.b_steps)


def test_a_flood_on_both_sides_aligns_around_the_one_step_between():
    n = 3000
    a = _session(*[("ping", OK)] * n)
    b = _session(*[("ping", OK)] * (n // 2), ("tools/list", OK), *[("ping", OK)] * (n // 2))
    al = align(a, b)
    assert al.counts() == {"same": n + 2, "changed": 0, "only_a": 0, "only_b": 1}
    assert al.parted_at == 2 + n // 2 and al.pairs[al.parted_at].b.method == "tools/list"
    shifted = align(
        _session(*[("ping", OK), ("tools/list", OK)] * 500), _session(*[("tools/list", OK), ("ping", OK)] * 500)
    )
    assert shifted.counts() == {"same": 2 + 999, "changed": 0, "only_a": 1, "only_b": 1}


def test_a_method_with_controls_reaches_the_terminal_escaped():
    """A request whose method holds an escape sequence and a bidi override (a hostile peer's) is
    written \\uXXXX in the text lines and the compare view's rows."""
    from inspector.session.compare_rows import alignment_rows

    evil = "tools/\x1b[2Jlist\u202e"
    al = align(_session(("ping", OK)), _session((evil, OK)))
    lines = al.text_lines()
    assert not any(ch in line for line in lines for ch in "\x1b\u202e")
    assert any("tools/\\u001b[2Jlist\\u202e" in line for line in lines)
    rows = alignment_rows(al)
    shown = [t for r in rows for t in (r.text, r.old, r.new)]
    assert not any(ch in t for t in shown for ch in "\x1b\u202e")
    assert any("tools/\\u001b[2Jlist\\u202e" in t for t in shown)
