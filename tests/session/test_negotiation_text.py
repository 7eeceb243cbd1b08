"""The negotiation summary's words (session/negotiation_text.py), from the facts of recordings a
real engine judged: before the start exchange, waiting, answered with an error, negotiated."""

from __future__ import annotations

from recording_driver import Driver

from inspector.session.negotiation_text import WORDS, negotiation_table, short_value
from inspector.session.views import negotiation_facts


def test_nothing_negotiated_yet():
    assert negotiation_table(None).headline == "No negotiation yet: connect to a server."
    replayed = negotiation_table(None, replay=True)
    assert replayed.headline.startswith("Nothing negotiated yet at this entry") and replayed.rows == []


def test_a_negotiated_session_lists_both_sides_and_every_capability():
    d = Driver()
    s = d.handshake()
    table = negotiation_table(negotiation_facts(d.rec))
    assert table.headline == "Negotiated version: 2025-11-25"
    protocol, name, version, caps = table.rows
    assert (protocol.label, protocol.right) == ("Protocol version", "2025-11-25")
    assert name.right == "demo" and version.right == "1.0"
    assert caps.heading and caps.label == "Capabilities"
    by_name = {row.label: row for row in caps.children}
    assert by_name["tools"].right == "{}" and by_name["logging"].right == "{}"
    assert all(row.left == "not offered" for row in (by_name["tools"], by_name["logging"]))
    assert table.instructions == ""
    waiting = negotiation_table(negotiation_facts(d.rec, s["init"]))
    assert waiting.headline == "initialize sent, waiting for the answer."
    assert [row.right for row in waiting.rows[:3]] == ["—", "—", "—"]


def test_an_error_answer_and_the_instructions():
    d = Driver()
    d.c2s(d.engine.build_initialize(d.engine.next_id()))
    d.s2c(b'{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Unsupported protocol version"}}\n')
    table = negotiation_table(negotiation_facts(d.rec))
    assert table.headline == "initialize was answered with error -32602: Unsupported protocol version"
    d = Driver()
    d.c2s(d.engine.build_initialize(d.engine.next_id()))
    d.s2c(
        b'{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},'
        b'"serverInfo":{"name":"s","version":"2"},"instructions":"Call <b>echo</b> first."}}\n'
    )
    assert negotiation_table(negotiation_facts(d.rec)).instructions == (
        "Instructions from the server:\nCall <b>echo</b> first."
    )


def test_words_go_through_the_callers_translation_and_values_read_short():
    seen = []

    def tr(context: str, text: str) -> str:
        seen.append((context, text))
        return text

    negotiation_table(None, tr=tr)
    assert seen == [("NegotiationView", WORDS["none"])]
    assert short_value({"a": True, "b": [1, None], "c": {}}) == "a: true, b: [1, —], c: {}"
