"""The composer's text without Qt (session/composing.py): the wire form, copies to resend, the second press."""

from __future__ import annotations

import pytest

from inspector.protocol.rules import RULES
from inspector.session.composing import (
    breaks_something,
    compact,
    pretty,
    resend_text,
    verdict_findings,
    verdict_summary,
    wire_text,
)
from inspector.session.outcomes import TextVerdict


def test_what_goes_out_over_stdio_and_http() -> None:
    several = '{\n  "jsonrpc": "2.0",\n  "method": "ping",\n  "id": 1\n}\n'
    assert wire_text(several, one_line=True) == '{"jsonrpc":"2.0","method":"ping","id":1}'
    assert wire_text(several, one_line=False) == several.rstrip("\n")  # HTTP: one body, as written
    assert wire_text('{"a": 1}\r\n', one_line=True) == '{"a": 1}'  # one line already: kept as typed
    assert wire_text("not json\nat all", one_line=True) is None  # stdio cannot carry it
    assert wire_text("not json at all", one_line=True) == "not json at all"  # malformed on purpose is fine
    assert wire_text("not json\nat all", one_line=False) == "not json\nat all"


def test_compact_and_pretty() -> None:
    assert compact('{ "a" : [1, 2] }') == '{"a":[1,2]}'
    with pytest.raises(ValueError):
        compact("{nope")
    assert pretty({"a": [1]}) == '{\n  "a": [\n    1\n  ]\n}'


def test_an_entry_copied_to_send_again() -> None:
    request = {"jsonrpc": "2.0", "id": 3, "method": "tools/list"}
    assert resend_text(request, "raw", 9) == pretty({**request, "id": 9})
    assert resend_text(request, "raw") == pretty(request)  # no session: the id stays
    note = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    assert resend_text(note, "raw", 9) == pretty(note)  # a notification takes no id
    answer = {"jsonrpc": "2.0", "id": 3, "result": {}}
    assert resend_text(answer, "raw", 9) == pretty(answer)  # an answer keeps the id it answers
    assert resend_text(None, "garbage{\r\n", 9) == "garbage{"  # not JSON: the text as it was


def test_a_text_that_breaks_a_rule_or_its_schema_asks_twice() -> None:
    def verdict(violations: tuple[str, ...] = (), schema_ok: bool | None = True) -> TextVerdict:
        return TextVerdict("request", "ping", 1, violations, schema_ok, (), None, None)

    assert not breaks_something(None) and not breaks_something(verdict())
    assert not breaks_something(verdict(schema_ok=None))  # not judged against a schema
    assert breaks_something(verdict(("jsonrpc.id-reused",))) and breaks_something(verdict(schema_ok=False))


def test_what_the_judgement_says_through_the_callers_translate() -> None:
    asked: list[tuple[str, str]] = []

    def tr(context: str, text: str) -> str:
        asked.append((context, text))
        return text

    good = TextVerdict("request", "tools/list", 7, (), True, (), "ListToolsRequest", None)
    assert verdict_summary(good, tr) == "request  ·  tools/list  ·  id 7  ·  ✓ valid against ListToolsRequest"
    assert verdict_findings(good, tr) == []
    assert ("Timeline", "request") in asked and ("ComposerDialog", "id {id}") in asked
    errors = tuple((f"/params/{i}", "bad") for i in range(6))
    bad = TextVerdict("noise", None, None, ("stdio.not-json",), False, errors, None, "not JSON")
    assert verdict_summary(bad, tr) == "noise"
    found = verdict_findings(bad, tr)
    assert found[0] == "not JSON" and found[1:5] == [f"✗ schema /params/{i}: bad" for i in range(4)]
    assert found[5] == "⚠ stdio.not-json: " + RULES["stdio.not-json"].text and len(found) == 6
    assert ("Rules", RULES["stdio.not-json"].text) in asked
    unknown = TextVerdict("odd kind", None, "x", ("no.such-rule",), None, (("", "m"),), None, None)
    assert verdict_summary(unknown, tr) == 'odd kind  ·  id "x"'
    assert verdict_findings(unknown, tr) == ["✗ schema /: m", "⚠ no.such-rule: "]
    # the two lines under the composer's text, with and without a verdict
    from inspector.session.composing import judgement_lines

    summary, findings = judgement_lines(bad, tr, connected=True)
    assert summary == "noise" and findings.split("\n") == verdict_findings(bad, tr)
    assert judgement_lines(None, tr, connected=True) == ("", "")  # nothing written yet
    assert judgement_lines(None, tr, connected=False) == ("Not connected: connect to a server to send messages.", "")


def test_what_send_does_with_the_text() -> None:
    from inspector.session.composing import WORDS, SendStep, send_step

    ping = '{"jsonrpc": "2.0", "method": "ping", "id": 1}'
    assert send_step(ping, ping, connected=False, breaks=False, confirmed=None) is SendStep.NOT_CONNECTED
    assert send_step("  \n", "", connected=True, breaks=False, confirmed=None) is SendStep.NOT_CONNECTED
    assert send_step("a\nb", None, connected=True, breaks=False, confirmed=None) is SendStep.NOT_ONE_LINE
    assert send_step(ping, ping, connected=True, breaks=False, confirmed=None) is SendStep.GO
    # a text that breaks a rule goes out on the second press for that same text only
    assert send_step(ping, ping, connected=True, breaks=True, confirmed=None) is SendStep.CONFIRM
    assert send_step(ping, ping, connected=True, breaks=True, confirmed=ping) is SendStep.GO
    assert send_step(ping, ping, connected=True, breaks=True, confirmed=ping + " ") is SendStep.CONFIRM
    assert all(step.value in WORDS for step in SendStep if step is not SendStep.GO)  # what the status says


def test_the_template_list() -> None:
    from inspector.session.composing import template_choices

    marked = template_choices(["ping", "tools/list"], ["notifications/initialized"], lambda _c, t: t)
    assert marked == [
        ("(choose a method for a template)", None),
        ("ping", "ping"),
        ("tools/list", "tools/list"),
        ("notifications/initialized (notification)", "notifications/initialized"),
    ]
    assert template_choices([], [], lambda _c, t: t.upper()) == [("(CHOOSE A METHOD FOR A TEMPLATE)", None)]


def test_one_pretty_printer_for_json_values() -> None:
    from inspector.session.value_text import pretty_json

    assert pretty_json({"a": [1, "é"]}) == '{\n  "a": [\n    1,\n    "é"\n  ]\n}'
    assert pretty({"a": 1}) == pretty_json({"a": 1})  # the composer's is the one
    big = {"n": 2**70}  # beyond orjson's 64 bits: still written, as it is
    assert pretty_json(big) == '{\n  "n": 1180591620717411303424\n}'
