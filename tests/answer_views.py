"""The client's answers to the server's requests, read from a recording (tests of the client side:
the window's dialogs and the headless UserAnswers)."""

from __future__ import annotations

from inspector.protocol.messages import Kind
from inspector.session.recording import Direction, Recording


def client_answers(rec: Recording, method: str) -> list[dict]:
    """The client's JSON-RPC responses to the server's ``method`` requests (legacy)."""
    return [
        rec[i].json()
        for i in range(len(rec))
        if rec.direction_at(i) is Direction.C2S
        and rec.kind_at(i) in (Kind.RESULT, Kind.ERROR)
        and rec.method_at(i) == method
    ]


def c2s_requests(rec: Recording, method: str) -> list[dict]:
    return [
        rec[i].json()
        for i in range(len(rec))
        if rec.direction_at(i) is Direction.C2S and rec.kind_at(i) is Kind.REQUEST and rec.method_at(i) == method
    ]


def retry_responses(rec: Recording) -> dict:
    """Modern: the inputResponses of the last retried tools/call."""
    retries = [r for r in c2s_requests(rec, "tools/call") if "inputResponses" in r.get("params", {})]
    assert retries, "no retry with inputResponses"
    return retries[-1]["params"]["inputResponses"]
