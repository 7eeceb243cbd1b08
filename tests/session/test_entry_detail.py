"""What the detail pane says about an entry, decided without Qt (session/entry_detail.py) and
the readings of its bytes (session/value_text.py): findings, the HTTP exchange in full, the facts
of the bytes, every schema error on request, a bounded JSON head, a hex dump."""

from __future__ import annotations

import orjson
from recording_driver import Driver

from inspector.protocol.rules import RULES
from inspector.session.entry_detail import (
    AUTO_EXPAND_BYTES,
    CONTROLS,
    EXPLAIN_LIMIT,
    RAW_LIMIT,
    TABS,
    TREE_PAGE,
    TREE_PARSE_LIMIT,
    WORDS,
    WRAP_WORDS_LIMIT,
    bytes_facts,
    bytes_share,
    entry_findings,
    exchange_text,
    expand_depth,
    explain_schema,
    header_facts,
    http_lines,
    http_tab_text,
    json_brief,
    json_cell,
    json_page,
    json_summary,
    json_title,
    line_framed,
    message_in_exchange_text,
    more_text,
    pair_of,
    pair_text,
    raw_view,
    raw_wrap,
    schema_rows,
    signal_name,
    stored_schema_errors,
    title_text,
    tree_value,
)
from inspector.session.entry_text import entry_head
from inspector.session.recording import TransportKind
from inspector.session.value_text import format_timestamp, hex_dump, json_head, parse_hex_dump, utf8_head


def test_an_exchange_says_what_came_of_its_body_and_where_its_redirect_pointed():
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


def test_the_http_words_go_through_the_callers_translation():
    seen: list[tuple[str, str]] = []

    def tr(context: str, text: str) -> str:
        seen.append((context, text))
        return f"«{text}»"

    http = {"method": "GET", "url": "http://h/sse", "status": 200, "reason": "OK", "channel": "sse", "sse_id": "7"}
    lines = http_lines(http, tr)
    assert lines == ["«HTTP: GET http://h/sse → 200 OK»", "«channel sse»  ·  «SSE id 7»"]
    assert message_in_exchange_text(http, tr).splitlines() == ["«This message»", "«channel: sse»", "SSE id: 7"]
    assert {context for context, _ in seen} == {"DetailPane"}
    assert {text for _, text in seen} <= set(WORDS.values())  # every word is in the table scripts/i18n.py reads
    assert http_lines({"endpoint": "/messages"}) == ["HTTP: endpoint: /messages"]  # a link event's facts as they are


def test_findings_name_each_violation_note_and_transition():
    d = Driver()
    s = d.handshake()
    findings = entry_findings(d.rec, d.rec[s["init_result"]])
    texts = [f.text for f in findings]
    assert any(t.startswith("Lifecycle: ") and "→" in t for t in texts)
    bad = d.s2c(b'{"jsonrpc":"2.0","id":99,"result":{}}\n')  # answers no request
    e = d.rec[bad]
    assert e.violations
    findings = entry_findings(d.rec, e)
    rid = e.violations[0]
    head = findings[0]
    assert head.text.startswith(f"⚠ {rid}  (") and head.bold and not head.wrap
    assert findings[1].text == RULES[rid].text and findings[1].indent == 18
    assert findings[2].text == f"Spec: {RULES[rid].spec}" and findings[2].tone == "muted"


def test_an_invalid_message_has_one_schema_finding_and_every_error_on_request():
    d = Driver()
    d.handshake()
    d.request("tools/list")
    answer = d.s2c(b'{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":7}]}}\n')
    e = d.rec[answer]
    assert e.schema_ok is False
    schema = [f for f in entry_findings(d.rec, e) if f.schema]
    assert (
        len(schema) == 1 and schema[0].text.startswith("✗ Invalid against the JSON Schema") and schema[0].tone == "bad"
    )
    errors, version = explain_schema(d.rec, e)
    assert version == "2025-11-25"
    assert errors and all(path.startswith("/") or path == "" for path, _ in errors)
    assert any("/tools/0" in path for path, _ in errors)
    valid, _id = d.request("tools/list")
    assert explain_schema(d.rec, d.rec[valid])[0] == [("", "valid against the schema of 2025-11-25")]
    assert [f.tone for f in entry_findings(d.rec, d.rec[valid])][:1] == ["good"]
    line = d.stderr(b"starting\n")
    assert explain_schema(d.rec, d.rec[line])[0] == [("", "not a JSON-RPC message: no schema applies")]
    assert [f.text for f in entry_findings(d.rec, d.rec[line])] == [
        "A line the server wrote to stderr (not part of the protocol)."
    ]


def test_a_process_event_says_its_exit_code_signal_and_pid():
    d = Driver()
    seq = d.event("exited", "exited", returncode=None, signal=15, pid=4242)
    (finding,) = entry_findings(d.rec, d.rec[seq])
    assert finding.text == "Process   event: exited  ·  exit code: –  ·  signal: SIGTERM (15)  ·  pid: 4242"
    assert finding.tone == "event" and finding.bold
    assert signal_name("nine") == "nine" and signal_name(9) == "SIGKILL (9)"


def test_a_stdio_entry_has_no_http_tab():
    d = Driver()
    s = d.handshake()
    assert http_tab_text(d.rec, s["init"]) == ""


def test_bytes_facts_say_size_encoding_and_terminator():
    assert bytes_facts(b'{"a":1}\n', True) == ["8 B", "UTF-8", "ends with LF"]
    assert bytes_facts(b'{"a":1}\r\n', True)[2] == "ends with CR LF"
    assert bytes_facts(b'{"a":1}', True)[2] == "no line terminator"
    assert bytes_facts(b'{"a":1}', False) == ["7 B", "UTF-8"]  # an HTTP body has no terminator
    raw = b"x" * 2000 + b"\xff\n"
    facts = bytes_facts(raw, True, number=lambda n: f"<{n}>")
    assert facts[0] == "2.0 KiB" and facts[1] == "invalid UTF-8 at byte <2000>"


def test_json_head_reads_a_long_line_from_its_first_bytes():
    raw = b'{"jsonrpc":"2.0","id":1,"result":{"text":"' + b"a" * 5000 + b'","n":1}}\n'
    assert json_head(raw, len(raw)) == (
        {"jsonrpc": "2.0", "id": 1, "result": {"text": "a" * 5000, "n": 1}},
        True,
    )
    value, whole = json_head(raw, 100, head=60)
    assert not whole
    assert isinstance(value, dict) and value["result"]["text"].endswith("…")
    assert json_head(b"not json at all", 4, head=8) == (None, False)


def test_utf8_head_never_cuts_a_character():
    raw = "aé€".encode()  # 1 + 2 + 3 bytes
    assert [utf8_head(raw, n) for n in range(1, 7)] == [b"a", b"a", "aé".encode(), "aé".encode(), "aé".encode(), raw]


def test_hex_dump_round_trips_and_says_what_is_left_out():
    data = bytes(range(40))
    assert parse_hex_dump(hex_dump(data)) == data
    dump = hex_dump(data, limit=16, more="… {n} left")
    assert dump.splitlines()[-1] == "… 24 left" and parse_hex_dump(dump) == data[:16]
    assert hex_dump(b"AB").startswith("00000000  41 42")


def test_format_timestamp_shows_what_does_not_parse_as_it_is():
    assert format_timestamp(None) == "—" and format_timestamp(5) == "5" and format_timestamp("soon") == "soon"
    assert len(format_timestamp("2025-01-02T03:04:05Z")) == 8


def test_the_heading_facts_and_the_pair_of_a_request_and_its_response():
    d = Driver()
    d.handshake()
    req, _id = d.request("tools/list")
    d.s2c(b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}\n')
    resp = d.s2c(b'{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}\n')
    assert pair_of(d.rec, d.rec[req]) == resp and pair_of(d.rec, d.rec[resp]) == req
    assert pair_of(d.rec, d.rec[resp - 1]) is None  # a notification has no pair
    facts = header_facts(entry_head(d.rec, resp), number=lambda n: f"<{n}>")
    assert facts[0].endswith(" s") and facts[1] == "← s2c"  # the direction second, as the timeline says it
    assert facts[2] == "id 2" and facts[3] == f"<{len(d.rec[resp].raw)}> bytes"
    assert facts[4].startswith("latency ") and facts[-1].startswith("state after: ")
    assert header_facts(entry_head(d.rec, req), lambda c, t: f"<{c}|{t}>")[1] == "→ <Timeline|c2s>"


def test_json_values_as_the_tree_shows_them():
    assert json_summary({"a": 1, "b": 2}) == "{2 keys}" and json_summary({"a": 1}) == "{1 key}"
    assert json_summary([1]) == "[1 item]" and json_summary([]) == "[0 items]"
    assert json_brief("abc", 200) == '"abc"' and json_brief(None, 200) == "null"
    long = json_brief("x" * 300, 10, number=lambda n: f"<{n}>")
    assert long == '[<300> characters] "xxxxxxxxxx…"'
    assert json_brief([1] * 100, 10) == "[1,1,1,1,…"
    assert json_cell({"a": 1}) == ("{1 key}", "muted", "")
    assert json_cell(True) == ("true", "event", "") and json_cell(None)[1] == "event" and json_cell(2.5)[1] == "c2s"
    assert json_cell("short") == ('"short"', "s2c", "")
    text, tone, tip = json_cell("y" * 3000)
    assert tone == "s2c" and tip == "y" * 2000 + "…" and text.startswith("[3000 characters] ")


def test_a_long_line_shows_its_head_with_a_note_until_all_is_asked_for():
    assert raw_view(b'{"a":1}\n', hex=False, show_all=False) == ('{"a":1}', "")  # the terminator is not shown
    long = b'"' + "é".encode() * RAW_LIMIT + b'"\n'
    text, note = raw_view(long, hex=False, show_all=False)
    assert len(text.encode()) <= RAW_LIMIT and "\ufffd" not in text  # never cut inside a character
    assert note.startswith("showing 64.0 KiB of ")
    assert raw_view(long, hex=False, show_all=True)[1] == ""
    dump, note = raw_view(long, hex=True, show_all=False)
    assert len(dump.splitlines()) == RAW_LIMIT // 16 and note.startswith("showing ")
    assert raw_view(b"\xff\n", hex=False, show_all=False)[0] == "\ufffd"


def test_the_bytes_wrap_at_words_up_to_a_limit_anywhere_beyond_and_never_in_hex():
    assert raw_wrap("x" * WRAP_WORDS_LIMIT, hex=False) == "words"
    assert raw_wrap("x" * (WRAP_WORDS_LIMIT + 1), hex=False) == "anywhere"  # word wrap is quadratic
    assert raw_wrap("short", hex=True) == raw_wrap("x" * (WRAP_WORDS_LIMIT + 1), hex=True) == "none"


def test_a_span_in_milliseconds_says_its_larger_unit():
    from inspector.session.value_text import MINUTES, format_milliseconds

    assert format_milliseconds(None, "unlimited") == "unlimited" and format_milliseconds("x", "-") == "x"
    assert format_milliseconds(500, "-") == "500 ms" and format_milliseconds(1500, "-") == "1,500 ms (1.5 s)"
    assert format_milliseconds(300_000, "-") == "300,000 ms (5 min)"
    said = format_milliseconds(120_000, "-", lambda context, text: f"[{context}]{text}")
    assert said == f"120,000 ms[TasksPanel]{MINUTES.format(n=2)}"


def test_the_heading_the_pair_button_and_the_stored_schema_errors():
    d = Driver()
    d.handshake()
    req, _id = d.request("tools/list")
    resp = d.s2c(b'{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":7}]}}\n')
    assert title_text(entry_head(d.rec, req), "REQ") == f"#{req}  REQ  tools/list"
    assert pair_text(d.rec[req], resp) == f"Go to response #{resp}  →"
    assert pair_text(d.rec[resp], req) == f"Go to request #{req}  →"
    stored = stored_schema_errors(d.rec[resp])
    assert stored and all(isinstance(path, str) and message for path, message in stored)
    assert stored_schema_errors(d.rec[req]) == []


def test_schema_rows_name_the_root_and_stop_at_the_limit():
    assert schema_rows([("", "bad"), ("/a", "worse")]) == [("/", "bad"), ("/a", "worse")]
    many = [(f"/{i}", "x") for i in range(EXPLAIN_LIMIT + 7)]
    rows = schema_rows(many, lambda c, t: f"«{t}»")
    assert len(rows) == EXPLAIN_LIMIT + 1 and rows[-1] == ("…", f"«{7} more errors not listed»")


def test_the_tree_pages_a_long_container_and_opens_a_short_message_deeper():
    members = {f"k{i}": i for i in range(TREE_PAGE + 3)}
    first = json_page(members, 0)
    assert len(first) == TREE_PAGE and first[0] == ("k0", 0)
    assert json_page(members, TREE_PAGE) == [(f"k{TREE_PAGE + i}", TREE_PAGE + i) for i in range(3)]
    assert json_page(["a", "b", "c"], 1) == [("[1]", "b"), ("[2]", "c")]
    assert more_text(3, number=lambda n: f"<{n}>") == "<3> more — double-click to show"
    assert expand_depth(AUTO_EXPAND_BYTES) == 3 and expand_depth(AUTO_EXPAND_BYTES + 1) == 1
    assert json_title({"a": 1}, True, 9) == "JSON ({1 key})"
    assert json_title({"a": 1}, False, 3 * 1024 * 1024) == (
        "JSON from the first 64.0 KiB of 3.0 MiB: cut values end with …"
    )


def test_every_control_and_tab_names_words_of_the_table():
    keys = {key for pair in (*CONTROLS.values(), *TABS) for key in pair if key}
    assert keys <= set(WORDS)  # scripts/i18n.py reads WORDS: every control's words are in the catalogue


def test_the_bytes_pane_takes_what_a_short_line_wants_within_its_bounds():
    assert bytes_share(1000, None) == 450  # a text too long to measure: the largest share
    assert bytes_share(1000, 2000) == 450 and bytes_share(1000, 90) == 140  # at most 45 %, at least 140
    assert bytes_share(400, 20) == 100  # a small pane: at least a quarter
    assert bytes_share(1000, 300) == 300


def test_which_entries_have_a_json_tree_and_how_much_of_a_huge_one_is_read():
    d = Driver()
    d.handshake()
    req, _id = d.request("tools/list")
    value, complete = tree_value(d.rec[req])
    assert isinstance(value, dict) and value["method"] == "tools/list" and complete
    assert tree_value(d.rec[d.stderr(b'{"looks": "like json"}\n')]) == (None, True)  # stderr: no tree
    assert tree_value(d.rec[d.s2c(b"not json at all\n")]) == (None, True)  # noise
    assert tree_value(d.rec[d.s2c(b'"a string"\n')])[0] is None  # not an object or array
    big = d.s2c(orjson.dumps({"jsonrpc": "2.0", "id": 9, "result": {"blob": "x" * (TREE_PARSE_LIMIT + 10)}}) + b"\n")
    head, whole = tree_value(d.rec[big])
    assert isinstance(head, dict) and not whole  # its first bytes, at once
    assert tree_value(d.rec[big], whole=True)[1] is True  # "Parse all"


def test_a_message_ends_with_a_line_terminator_only_on_stdio():
    d = Driver()
    d.handshake()
    req, _id = d.request("tools/list")
    err = d.stderr(b"warming up\n")
    assert line_framed(d.rec, d.rec[req]) and line_framed(None, d.rec[req])  # stdio (no header: stdio)
    assert not line_framed(d.rec, d.rec[err])  # a line of stderr is no message
    d.rec.header["transport"] = TransportKind.STREAMABLE_HTTP
    assert not line_framed(d.rec, d.rec[req])  # an HTTP body has no terminator
