"""What became of a request, in words (session/request_words.py): an error object, a failure."""

from __future__ import annotations

from inspector.session import request_words as words
from inspector.session.controllers.base import FAIL_CANCELLED, FAIL_ERROR, FAIL_SESSION, Failure


def test_an_error_object_in_one_paragraph() -> None:
    assert words.error_text({"code": -32601, "message": "nope"}) == "Error -32601 (Method not found): nope"
    assert words.error_text({"code": -32099, "message": ""}) == "Error -32099"  # no name the spec gives, no message
    assert words.error_text({"message": "m"}) == "Error: m"
    assert words.error_text("not an object") == "The server answered with an error."
    long = words.error_text({"code": 1, "data": "z" * 700})
    assert long == 'Error 1\ndata: "' + "z" * (words.ERROR_DATA_LIMIT - 1) + "…"


def test_a_failure_and_the_contexts() -> None:
    seen: list[str] = []

    def tr(context: str, text: str) -> str:
        seen.append(context)
        return text

    assert words.failure_text(Failure(FAIL_CANCELLED), tr) == "Cancelled."
    assert words.failure_text(Failure(FAIL_SESSION, detail="timed out")) == "timed out"
    assert words.failure_text(Failure(FAIL_SESSION)) == ""
    error = Failure(FAIL_ERROR, {"code": -32602, "message": "no", "data": [1]})
    assert words.failure_text(error, tr) == "Error -32602 (Invalid params): no\ndata: [1]"
    assert seen == ["FeaturePanel", "ResourcesPanel", "ResourcesPanel"]
