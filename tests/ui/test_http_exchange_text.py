"""The details pane's HTTP tab names what happened to an exchange's body: how much was dropped
past the limit, why it did not arrive whole, and where a redirect pointed (not followed)."""

from __future__ import annotations

from inspector.ui.detail import exchange_text


def test_an_exchange_says_what_came_of_its_body_and_where_its_redirect_pointed(qapp):
    http = {
        "method": "POST",
        "url": "http://127.0.0.1:1/mcp",
        "request_headers": {},
        "status": 307,
        "reason": "Temporary Redirect",
        "response_headers": {"location": "/elsewhere/mcp"},
        "body_bytes": 70000,
        "body_dropped": 4464,
        "body_error": "peer closed connection (after 70,000 bytes of the body)",
        "location": "http://127.0.0.1:1/elsewhere/mcp",
    }
    text = exchange_text(http, 3)
    assert "(body: 70000 bytes)" in text and "4464 bytes counted and dropped" in text
    assert "did not arrive whole: peer closed connection" in text
    assert "Redirect to http://127.0.0.1:1/elsewhere/mcp: not followed" in text
    assert "not followed" not in exchange_text({"method": "POST", "status": 200}, 1)  # nothing said of a plain one
