"""Host logs and HAR files as recordings (issue 24): written here from the published formats,
from real sessions with the reference server and the official SDK's server, then converted.

Each test runs a real session with ``probe --record``, writes what the recording holds as the
host would have logged it (Claude Desktop, VS Code) or as a browser's HAR, converts the file
with the ``convert`` command, and checks that the converted recording holds the same messages in
the same order with the log's times, judged (a planted bad line is flagged).
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from peers import HttpPeer, free_port, reference_server, sdk_http_server

from inspector.session import host_logs
from inspector.session.reanalyse import reanalyse
from inspector.session.recording import Direction, Recording
from inspector.transport.base import MASK

BASE = datetime(2025, 4, 11, 23, 3, 5, 759000, tzinfo=UTC)
STEP = 0.125  # seconds between the lines written


def _run(*args: str, timeout: float = 90) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "inspector", *args], capture_output=True, text=True, timeout=timeout, check=False
    )


def _probe(tmp_path: Path, *target: str, name: str = "real.jsonl") -> Recording:
    path = tmp_path / name
    done = _run("probe", "--request", "tools/list", "--record", str(path), *target)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return Recording.load(path)


def _messages(rec: Recording) -> list[tuple[Direction, bytes]]:
    return [
        (rec.direction_at(i), rec.raw_at(i).strip())
        for i in range(len(rec))
        if rec.direction_at(i) in (Direction.C2S, Direction.S2C)
    ]


def _claude_stamp(at: datetime) -> str:
    return at.strftime("%Y-%m-%dT%H:%M:%S.") + f"{at.microsecond // 1000:03d}Z"


def _claude_lines(rec: Recording, server: str, start: datetime, *, level_first: bool = False) -> list[str]:
    """The session as Claude Desktop logs it: lifecycle lines, messages, the server's stderr."""

    def line(k: int, text: str) -> str:
        tag = f"[info] [{server}]" if level_first else f"[{server}] [info]"
        return f"{_claude_stamp(start + timedelta(seconds=k * STEP))} {tag} {text}"

    out = [line(0, "Initializing server..."), line(1, "Server started and connected successfully")]
    k = 2
    for i in range(len(rec)):
        d = rec.direction_at(i)
        text = rec.raw_at(i).decode().strip()
        if d is Direction.C2S:
            out.append(line(k, f"Message from client: {text} {{ metadata: undefined }}"))
        elif d is Direction.S2C:
            out.append(line(k, f"Message from server: {text} {{ metadata: undefined }}"))
        elif d is Direction.STDERR:
            out.append(text)  # the host copies the server's stderr without its prefix
            continue
        else:
            continue
        k += 1
    out.append(line(k, "Client transport closed"))
    out.append(line(k + 1, "Server transport closed"))
    return out


@pytest.fixture(scope="module")
def reference_session(tmp_path_factory: pytest.TempPathFactory) -> Recording:
    return _probe(tmp_path_factory.mktemp("ref"), "--era", "legacy", "--", *reference_server())


def _convert(log: Path, out: Path, *more: str) -> subprocess.CompletedProcess[str]:
    return _run("convert", str(log), "-o", str(out), *more)


def test_a_claude_desktop_log_of_a_real_session_converts_to_the_same_messages_judged(
    tmp_path: Path, reference_session: Recording
) -> None:
    rec = reference_session
    lines = _claude_lines(rec, "everything", BASE)
    bad = '{"jsonrpc":"2.0","id":77,"result":{"tools":[' + " { metadata: undefined }"
    lines.insert(-2, f"{_claude_stamp(BASE + timedelta(seconds=60))} [everything] [info] Message from server: {bad}")
    lines.insert(-2, f"{_claude_stamp(BASE + timedelta(seconds=61))} [everything] [info] Something only the host says")
    log = tmp_path / "mcp-server-everything.log"
    log.write_text("\n".join(lines) + "\n")

    done = _convert(log, tmp_path / "out.jsonl")
    assert done.returncode == 0, done.stderr
    assert "out.jsonl: session 1, everything" in done.stdout
    got = Recording.load(tmp_path / "out.jsonl")
    assert got.header["imported_from"] == {"kind": "claude-desktop", "file": log.name, "first_line": 1}
    assert got.header["server_name"] == "everything" and got.header["transport"] == "stdio"
    assert got.header["created"] == "2025-04-11T23:03:05.759Z"

    expected = _messages(rec) + [(Direction.S2C, bad.removesuffix(" { metadata: undefined }").encode())]
    assert _messages(got) == expected
    # the log's own times: line k was written STEP * k after the first
    message_rows = [i for i in range(len(got)) if got.direction_at(i) in (Direction.C2S, Direction.S2C)]
    assert [round(got.t_at(i), 3) for i in message_rows[:-1]] == [
        round(STEP * k, 3) for k in range(2, 2 + len(message_rows) - 1)
    ]
    assert round(got.t_at(message_rows[-1]), 3) == 60.0
    # judged as the session was: the same verdicts on every real message, the planted line flagged
    judged_then = [
        rec.violations_at(i) for i in range(len(rec)) if rec.direction_at(i) in (Direction.C2S, Direction.S2C)
    ]
    judged_now = [got.violations_at(i) for i in message_rows]
    assert judged_now[:-1] == judged_then
    assert judged_now[-1], "the broken message is flagged"
    assert (
        got.state_at(message_rows[-2]).value
        == rec.state_at([i for i in range(len(rec)) if rec.direction_at(i) is Direction.S2C][-1]).value
    )
    # responses are paired with their requests again (latency from the log's times)
    assert got.latencies(), "answers paired with their requests"
    # the trailer the host adds is kept, not part of the message; nothing is dropped
    assert got.extra_at(message_rows[0])["log_trailer"] == "{ metadata: undefined }"
    notes = [got.raw_at(i) for i in range(len(got)) if got.direction_at(i) is Direction.NOTE]
    assert notes == [b"[info] Something only the host says"]
    events = [got.raw_at(i) for i in range(len(got)) if got.direction_at(i) is Direction.EVENT]
    assert events[0] == b"Initializing server..." and events[-1] == b"Server transport closed"
    # opened again later, the file is judged the same (its header keeps the observer engine)
    assert reanalyse(got)[1] == []


def test_several_servers_and_sessions_in_one_mcp_log_split_right(tmp_path: Path, reference_session: Recording) -> None:
    rec = reference_session
    first = _claude_lines(rec, "everything", BASE, level_first=True)
    other = _claude_lines(rec, "memory", BASE + timedelta(seconds=0.0625), level_first=True)
    again = _claude_lines(rec, "everything", BASE + timedelta(seconds=300), level_first=True)
    other = [line for line in other if line[:4] == "2025"]  # stderr lines only in the first one
    # interleaved while both last; the rest of the longer one follows
    mixed = [x for pair in zip(first, other, strict=False) for x in pair] + first[len(other) :] + other[len(first) :]
    host = f"{_claude_stamp(BASE - timedelta(seconds=1))} [info] Launching MCP servers"
    log = tmp_path / "mcp.log"
    log.write_text("\n".join([host, *mixed, *again]) + "\n")

    listed = _run("convert", str(log), "--list")
    assert listed.returncode == 0, listed.stderr
    rows = listed.stdout.splitlines()
    assert len(rows) == 3
    assert [row.split()[2] for row in rows] == ["everything", "memory", "everything"]

    done = _convert(log, tmp_path / "split.jsonl")
    assert done.returncode == 0, done.stderr
    paths = [tmp_path / "split.jsonl", tmp_path / "split-2.jsonl", tmp_path / "split-3.jsonl"]
    recs = [Recording.load(p) for p in paths]
    assert [r.header["server_name"] for r in recs] == ["everything", "memory", "everything"]
    for r in recs:
        assert _messages(r) == _messages(rec)
    assert recs[2].header["created"] == _claude_stamp(BASE + timedelta(seconds=300))
    # the host's own first line, naming no server, is a note of the first session
    assert recs[0].raw_at(0) == b"[info] Launching MCP servers" and recs[0].direction_at(0) is Direction.NOTE

    one = _convert(log, tmp_path / "two.jsonl", "--session", "2")
    assert one.returncode == 0 and Recording.load(tmp_path / "two.jsonl").header["server_name"] == "memory"
    assert not (tmp_path / "two-2.jsonl").exists()
    wrong = _convert(log, tmp_path / "x.jsonl", "--session", "4")
    assert wrong.returncode == 2 and "holds sessions 1 to 3" in wrong.stderr


@pytest.mark.parametrize(
    "arrows",
    [("[editor -> server]", "[server -> editor]", "trace"), ("[Client Says]", "[Server Says]", "info")],
    ids=["since-mid-2025", "first-releases"],
)
def test_a_vscode_output_log_converts_with_stderr_and_notes(
    tmp_path: Path, reference_session: Recording, arrows: tuple[str, str, str]
) -> None:
    """VS Code's MCP output channel as it writes it now (messages at trace level) and as its first
    releases did (``[Client Says]`` / ``[Server Says]`` at info level): the same recording."""
    rec = reference_session
    to_server, to_editor, level = arrows
    start = BASE.replace(tzinfo=None)

    def line(k: int, level: str, text: str) -> str:
        at = start + timedelta(seconds=k * STEP)
        return at.strftime("%Y-%m-%d %H:%M:%S.") + f"{at.microsecond // 1000:03d} [{level}] {text}"

    lines = [line(0, "info", "Starting server everything"), line(1, "info", "Connection state: Starting")]
    lines.append(line(2, "info", "Connection state: Running"))
    k = 3
    for d, raw in _messages(rec):
        arrow = to_server if d is Direction.C2S else to_editor
        lines.append(line(k, level, f"{arrow} {raw.decode()}"))
        k += 1
    lines.append(line(k, "warning", "[server stderr] Starting default (STDIO) server..."))
    lines.append(line(k + 1, "info", "Discovered 3 tools"))
    lines.append(line(k + 2, "info", "Connection state: Stopped"))
    log = tmp_path / "MCP everything.log"
    log.write_text("\n".join(lines) + "\n")

    done = _convert(log, tmp_path / "vs.jsonl")
    assert done.returncode == 0, done.stderr
    got = Recording.load(tmp_path / "vs.jsonl")
    assert got.header["imported_from"]["kind"] == "vscode"
    assert "read as UTC" in got.header["imported_from"]["clock"]
    assert got.header["server_name"] == "everything"
    assert _messages(got) == _messages(rec)
    stderr = [got.raw_at(i) for i in range(len(got)) if got.direction_at(i) is Direction.STDERR]
    assert stderr == [b"Starting default (STDIO) server...\n"]
    notes = [got.raw_at(i) for i in range(len(got)) if got.direction_at(i) is Direction.NOTE]
    assert notes == [b"[info] Discovered 3 tools"]
    message_rows = [i for i in range(len(got)) if got.direction_at(i) in (Direction.C2S, Direction.S2C)]
    assert round(got.t_at(message_rows[0]), 3) == round(3 * STEP, 3)
    assert not any(got.violations_at(i) for i in message_rows)


# ---------------------------------------------------------------------------- HAR


def _har_time(created: str, t: float) -> str:
    at = datetime.strptime(created, "%Y-%m-%dT%H:%M:%S%z") + timedelta(seconds=t)
    return at.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _har_from(rec: Recording, secret: str) -> dict:
    """The HTTP exchanges of a real recording as a browser's HAR 1.2 would hold them: each
    exchange's request body (the client message it carried), its response body (the JSON
    answer, or the SSE events of the answer or of a GET stream), headers as sent (plus an
    Authorization and a cookie, which the converter must mask)."""
    entries = []
    rows = range(len(rec))
    for i in rows:
        extra = rec.extra_at(i)
        if extra.get("event") != "http_exchange":
            continue
        info = extra["http"]
        seq = info.get("request_seq")
        request_body = rec.raw_at(seq).decode() if isinstance(seq, int) else None
        answers = [
            j
            for j in rows
            if rec.direction_at(j) is Direction.S2C
            and (
                rec.extra_at(j).get("http", {}).get("request_seq") == seq
                if isinstance(seq, int)
                else rec.extra_at(j).get("http", {}).get("channel") == "get-sse" and info["method"] == "GET"
            )
        ]
        ctype = info["response_headers"].get("content-type", "")
        if "event-stream" in ctype:
            body = ""
            for j in rows:
                if rec.direction_at(j) is Direction.EVENT and rec.extra_at(j).get("event") == "endpoint":
                    if info["method"] == "GET":
                        body += f"event: endpoint\ndata: {rec.extra_at(j)['http']['endpoint']}\n\n"
            body += "".join(f"event: message\ndata: {rec.raw_at(j).decode()}\n\n" for j in answers)
        else:
            body = rec.raw_at(answers[0]).decode() if answers else (info.get("body") or "")
        end = max([rec.t_at(j) for j in answers] + [rec.t_at(i)])
        headers = [{"name": k, "value": v} for k, v in info["request_headers"].items()]
        headers += [{"name": "Authorization", "value": f"Bearer {secret}"}, {"name": "Cookie", "value": f"s={secret}"}]
        entry = {
            "startedDateTime": _har_time(rec.header["created"], rec.t_at(seq if isinstance(seq, int) else i)),
            "time": round((end - rec.t_at(seq if isinstance(seq, int) else i)) * 1000, 3),
            "request": {"method": info["method"], "url": info["url"], "httpVersion": "HTTP/1.1", "headers": headers},
            "response": {
                "status": info["status"],
                "statusText": info["reason"],
                "httpVersion": "HTTP/1.1",
                "headers": [{"name": k, "value": v} for k, v in info["response_headers"].items()],
                "content": {"size": len(body), "mimeType": ctype, "text": body},
            },
        }
        if request_body is not None:
            entry["request"]["postData"] = {"mimeType": "application/json", "text": request_body}
        entries.append(entry)
    return {"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": entries}}


def test_a_har_of_a_real_streamable_http_session_converts_judged_with_secrets_masked(tmp_path: Path) -> None:
    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as peer:
        rec = _probe(tmp_path, "--url", peer.url, "--transport", "streamable-http")
    secret = "s3cr3t-token-value-0123456789abcdef"
    har = _har_from(rec, secret)
    # a planted broken answer at the end: a POST whose JSON body is cut
    planted = json.loads(json.dumps(har["log"]["entries"][-1]))
    later = datetime.fromisoformat(planted["startedDateTime"].replace("Z", "+00:00")) + timedelta(seconds=5)
    planted["startedDateTime"] = later.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    planted["request"]["postData"]["text"] = '{"jsonrpc":"2.0","id":42,"method":"tools/list"}'
    planted["response"]["content"] = {"mimeType": "application/json", "text": '{"jsonrpc":"2.0","id":42,"result":{'}
    planted["response"]["status"] = 200
    har["log"]["entries"].append(planted)
    har["log"]["entries"].append(
        {
            "startedDateTime": planted["startedDateTime"],
            "time": 1,
            "request": {"method": "GET", "url": "http://127.0.0.1/favicon.ico", "headers": []},
            "response": {
                "status": 404,
                "statusText": "Not Found",
                "headers": [],
                "content": {"mimeType": "text/html", "text": "nope"},
            },
        }
    )
    path = tmp_path / "traffic.har"
    path.write_text(json.dumps(har))

    done = _convert(path, tmp_path / "har.jsonl")
    assert done.returncode == 0, done.stderr
    written = (tmp_path / "har.jsonl").read_text()
    assert secret not in written
    got = Recording.load(tmp_path / "har.jsonl")
    assert got.header["transport"] == "streamable-http" and got.header["imported_from"]["kind"] == "har"
    real = _messages(rec)
    mine = _messages(got)
    assert mine[: len(real)] == real
    assert mine[len(real) :] == [
        (Direction.C2S, b'{"jsonrpc":"2.0","id":42,"method":"tools/list"}'),
        (Direction.S2C, b'{"jsonrpc":"2.0","id":42,"result":{'),
    ]
    rows = [i for i in range(len(got)) if got.direction_at(i) in (Direction.C2S, Direction.S2C)]
    then = [i for i in range(len(rec)) if rec.direction_at(i) in (Direction.C2S, Direction.S2C)]
    assert [got.violations_at(i) for i in rows[: len(then)]] == [rec.violations_at(i) for i in then]
    assert got.violations_at(rows[-1]), "the cut answer is flagged"
    # requests keep their log times (milliseconds); each answer is paired with its request
    origin_then = datetime.strptime(rec.header["created"], "%Y-%m-%dT%H:%M:%S%z").timestamp()
    origin_now = datetime.fromisoformat(got.header["created"].replace("Z", "+00:00")).timestamp()
    for a, b in zip(rows[: len(then)], then, strict=True):  # (the rows after: the added tools/list)
        if rec.direction_at(b) is Direction.C2S:
            assert abs((origin_now + got.t_at(a)) - (origin_then + rec.t_at(b))) < 0.002
    assert len(got.pairings()) >= len(rec.pairings())
    exchanges = [got.extra_at(i)["http"] for i in got.exchange_rows if "favicon" not in got.extra_at(i)["http"]["url"]]
    assert exchanges and all(x["request_headers"]["Authorization"] == MASK for x in exchanges)
    assert all(x["request_headers"]["Cookie"] == MASK for x in exchanges)
    notes = [got.raw_at(i) for i in range(len(got)) if got.direction_at(i) is Direction.NOTE]
    assert notes == [b"GET http://127.0.0.1/favicon.ico answered 404 (text/html): nope"]


def test_a_har_of_a_real_http_sse_session_converts(tmp_path: Path) -> None:
    port = free_port()
    with HttpPeer(sdk_http_server(port, "--sse"), port, path="/sse") as peer:
        rec = _probe(tmp_path, "--url", peer.url, "--transport", "sse")
    path = tmp_path / "sse.har"
    path.write_text(json.dumps(_har_from(rec, "tok-0123456789abcdef0123456789abcdef")))
    done = _convert(path, tmp_path / "sse.jsonl")
    assert done.returncode == 0, done.stderr
    got = Recording.load(tmp_path / "sse.jsonl")
    assert got.header["transport"] == "sse"
    real, mine = _messages(rec), _messages(got)
    # a HAR has no time per SSE event: the stream's events come after the requests, in their order
    assert [m for m in mine if m[0] is Direction.C2S] == [m for m in real if m[0] is Direction.C2S]
    assert [m for m in mine if m[0] is Direction.S2C] == [m for m in real if m[0] is Direction.S2C]
    assert len(got.pairings()) >= 2, "answers paired with their requests"
    # the POSTs' acknowledgements keep their words in the exchange, as the live link records them
    acks = [rec.extra_at(i)["http"].get("body") for i in rec.exchange_rows if rec.extra_at(i)["http"]["status"] == 202]
    assert (
        acks
        and [got.extra_at(i)["http"].get("body") for i in got.exchange_rows if got.extra_at(i)["http"]["status"] == 202]
        == acks
    )
    assert not [i for i in range(len(got)) if got.direction_at(i) is Direction.NOTE]
    endpoint = [got.raw_at(i) for i in range(len(got)) if got.extra_at(i).get("event") == "endpoint"]
    assert len(endpoint) == 1 and b"POST messages to http://127.0.0.1" in endpoint[0] and b"session_id=" in endpoint[0]


def test_what_no_reader_knows_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "notes.txt"
    other.write_text("hello\nworld\n")
    done = _convert(other, tmp_path / "o.jsonl")
    assert done.returncode == 2 and "neither a Claude Desktop" in done.stderr
    missing = _convert(tmp_path / "nothing.log", tmp_path / "o.jsonl")
    assert missing.returncode == 2
    assert host_logs.sniff(b'{"log": {"version": "1.2", "entries": []}}') is host_logs.LogKind.HAR
    log = tmp_path / "mcp.log"
    log.write_text(
        '2025-04-11T23:03:05.759Z [x] [info] Message from client: {"jsonrpc":"2.0","id":1,"method":"ping"}\n'
    )
    (tmp_path / "taken").mkdir()
    cannot = _convert(log, tmp_path / "taken")  # a folder where the file should go
    assert cannot.returncode == 8 and "cannot write" in cannot.stderr
    done = _convert(log, tmp_path / "ping.jsonl")
    assert done.returncode == 0 and "1 messages, 1 entries with violations" in done.stdout  # a ping before initialize


def test_the_window_tells_a_host_log_from_a_recording_by_its_head(tmp_path: Path, reference_session: Recording) -> None:
    recording = tmp_path / "rec.jsonl"
    host_logs.save(reference_session, recording)
    har = tmp_path / "a.har"
    har.write_text('{\n  "log": {"version": "1.2", "creator": {"name": "x", "version": "1"}, "entries": []}}')
    log = tmp_path / "mcp.log"
    log.write_text("\n".join(_claude_lines(reference_session, "everything", BASE)) + "\n")
    vscode = tmp_path / "out.log"
    vscode.write_text("2025-06-10 10:12:33.123 [info] Connection state: Starting\n")
    assert host_logs.host_log_kind(recording) is None
    assert host_logs.host_log_kind(har) is host_logs.LogKind.HAR
    assert host_logs.host_log_kind(log) is host_logs.LogKind.CLAUDE
    assert host_logs.host_log_kind(vscode) is host_logs.LogKind.VSCODE
    assert host_logs.host_log_kind(tmp_path) is None  # a folder: the recording loader says why
    assert host_logs.host_log_kind(tmp_path / "missing") is None
    # a large log is told by its head too
    big = tmp_path / "big.log"
    big.write_bytes(log.read_bytes() * 200)
    assert big.stat().st_size > 1 << 16 and host_logs.host_log_kind(big) is host_logs.LogKind.CLAUDE


def test_a_har_body_in_base64_and_a_batch_are_read_as_sent() -> None:
    import base64

    batch = b'[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]'
    answer = b'[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":2,"result":{}}]'
    har = {
        "log": {
            "version": "1.2",
            "entries": [
                {
                    "startedDateTime": "2025-04-11T23:03:05.759Z",
                    "time": 12.5,
                    "request": {
                        "method": "POST",
                        "url": "http://127.0.0.1:9/mcp",
                        "headers": [{"name": "Mcp-Session-Id", "value": "abc"}],
                        "postData": {"mimeType": "application/json", "text": batch.decode()},
                    },
                    "response": {
                        "status": 200,
                        "statusText": "OK",
                        "headers": [{"name": "Set-Cookie", "value": "id=1"}],
                        "content": {
                            "mimeType": "application/json; charset=utf-8",
                            "encoding": "base64",
                            "text": base64.b64encode(answer).decode(),
                        },
                    },
                }
            ],
        }
    }
    [session] = host_logs.parse(json.dumps(har).encode(), host_logs.LogKind.HAR, "x.har")
    assert [(i.direction, i.raw) for i in session.items if i.direction in (Direction.C2S, Direction.S2C)] == [
        (Direction.C2S, batch),
        (Direction.S2C, answer),
    ]
    exchange = next(i for i in session.items if i.direction is Direction.EVENT).extra
    assert exchange is not None
    assert exchange["http"]["response_headers"] == {"Set-Cookie": MASK}
    assert exchange["http"]["request_headers"] == {"Mcp-Session-Id": "abc"}  # kept, as the live recorder keeps it
    assert session.items[-1].t - session.items[0].t == pytest.approx(0.0125, abs=1e-6)


def test_bytes_that_are_not_utf8_are_kept_and_judged(tmp_path: Path) -> None:
    hello = b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
    hello += b'"capabilities":{},"clientInfo":{"name":"c\xfe","version":"1"}}}'
    log = tmp_path / "mcp.log"
    log.write_bytes(
        b"2025-04-11T23:03:05.759Z [b\xffad] [info] Initializing server...\n"
        b"2025-04-11T23:03:05.800Z [b\xffad] [info] Message from client: " + hello + b" { metadata: \xff }\n"
        b"stderr \xfe here\n"
    )
    done = _convert(log, tmp_path / "bad.jsonl")
    assert done.returncode == 0, done.stderr
    got = Recording.load(tmp_path / "bad.jsonl")
    assert got.header["server_name"] == "b\\xffad"
    rows = {got.direction_at(i): i for i in range(len(got))}
    assert got.raw_at(rows[Direction.C2S]) == hello + b"\n"
    assert got.violations_at(rows[Direction.C2S]), "a client message that is not UTF-8 is flagged"
    assert got.extra_at(rows[Direction.C2S])["log_trailer"] == "{ metadata: \\xff }"
    assert got.raw_at(rows[Direction.STDERR]) == b"stderr \xfe here\n"


def test_a_real_hosts_session_logged_by_the_host_converts_to_what_the_proxy_saw(tmp_path: Path) -> None:
    """The official SDK's ClientSession is the host; the proxy records what passed between it and
    the reference server; that traffic, written as Claude Desktop logs it, converts to the same
    messages judged the same (the host's messages observed, as the proxy judged them)."""
    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    recorded = tmp_path / "proxied.jsonl"
    proxy = ["-m", "inspector", "proxy", "--record", str(recorded), "--name", "everything", "--", *reference_server()]

    async def host() -> None:
        params = StdioServerParameters(command=sys.executable, args=proxy)
        with anyio.fail_after(60):
            async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                await session.list_tools()

    anyio.run(host)
    seen = Recording.load(recorded)
    assert seen.header["engine"]["observer"] is True
    log = tmp_path / "mcp-server-everything.log"
    log.write_text("\n".join(_claude_lines(seen, "everything", BASE)) + "\n")
    done = _convert(log, tmp_path / "host.jsonl")
    assert done.returncode == 0, done.stderr
    got = Recording.load(tmp_path / "host.jsonl")
    assert _messages(got) == _messages(seen) and len(_messages(seen)) >= 4
    then = [i for i in range(len(seen)) if seen.direction_at(i) in (Direction.C2S, Direction.S2C)]
    now = [i for i in range(len(got)) if got.direction_at(i) in (Direction.C2S, Direction.S2C)]
    assert [got.violations_at(i) for i in now] == [seen.violations_at(i) for i in then]
    assert [got.state_at(i) for i in now] == [seen.state_at(i) for i in then]


def test_what_cannot_be_placed_is_kept_as_a_note() -> None:
    har = {
        "log": {
            "entries": [
                {
                    "startedDateTime": "2025-04-11T23:03:05.759Z",
                    "request": {"method": "POST", "url": "http://127.0.0.1:9/mcp", "postData": {"text": "{}"}},
                    "response": {"status": 202, "content": {"text": ""}},
                },
                "not an entry",
                {"startedDateTime": "yesterday", "request": {"method": "GET", "url": "http://127.0.0.1:9/x"}},
            ]
        }
    }
    [session] = host_logs.parse(json.dumps(har).encode(), host_logs.LogKind.HAR, "x.har")
    notes = [i for i in session.items if i.direction is Direction.NOTE]
    assert [n.raw for n in notes] == [b'"not an entry"']
    assert {i.t for i in session.items} == {session.items[0].t}  # no time of its own: the one before
    text = b"2025-13-11T23:03:05.759Z [s] [info] Message from client: {}\n"
    [claude] = host_logs.parse(text, host_logs.LogKind.CLAUDE, "mcp.log")
    assert [(i.direction, i.raw, i.t) for i in claude.items] == [(Direction.C2S, b"{}\n", 0.0)]


def test_a_claude_hosts_multi_line_error_stays_the_hosts_and_the_servers_stderr_stays_its_own() -> None:
    """Claude Desktop writes some of its own errors as pretty-printed JSON: a prefixed line ending in
    "[", then lines without the prefix until the block closes. Those lines are the host's (one note
    with the line that opened them), not the server's stderr; a line without the prefix after the
    block, or after a host line that opens nothing, is the server's stderr as before."""
    text = "\n".join(
        [
            "2025-05-02T08:00:00.000Z [calc] [info] Initializing server...",
            '2025-05-02T08:00:00.100Z [calc] [info] Message from client: {"jsonrpc":"2.0","id":0,"method":"ping"}',
            "2025-05-02T08:00:00.200Z [calc] [error] [",
            "  {",
            '    "code": "invalid_type",',
            '    "path": ["method", "]"],',
            '    "message": "Required {"',
            "  }",
            "]",
            "calc: listening on stdio",
            "2025-05-02T08:00:00.300Z [calc] [warn] Unexpected token '{' in the server's output",
            "SyntaxError: bad line",
        ]
    ).encode()
    [session] = host_logs.parse(text, host_logs.LogKind.CLAUDE, "mcp-server-calc.log")
    notes = [i.raw for i in session.items if i.direction is Direction.NOTE]
    stderr = [i.raw for i in session.items if i.direction is Direction.STDERR]
    assert notes == [
        b'[error] [\n  {\n    "code": "invalid_type",\n    "path": ["method", "]"],\n'
        b'    "message": "Required {"\n  }\n]',
        b"[warn] Unexpected token '{' in the server's output",
    ]
    assert stderr == [b"calc: listening on stdio\n", b"SyntaxError: bad line\n"]


def test_secrets_in_a_hars_urls_are_masked_in_the_recording(tmp_path: Path) -> None:
    """A HAR whose request URLs carry ``?api_key=…`` and a token of a known shape, and whose HTTP+SSE
    endpoint event names a ``token`` parameter: the converted recording holds the same messages and
    none of those values anywhere in its bytes; a parameter that is no secret stays."""
    key, shaped, token = "plainkey0123", "sk-" + "Ab1Cd2Ef3Gh4Ij5Kl6Mn7", "tokvalue4567"
    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as peer:
        rec = _probe(tmp_path, "--url", peer.url, "--transport", "streamable-http")
    with HttpPeer(sdk_http_server(port, "--sse"), port, path="/sse") as peer:
        sse_rec = _probe(tmp_path, "--url", peer.url, "--transport", "sse", name="sse.jsonl")
    har = _har_from(rec, "unused-0123456789abcdef")
    for entry in har["log"]["entries"]:
        entry["request"]["url"] += f"?api_key={key}&v={shaped}&region=eu"
    sse_har = _har_from(sse_rec, "unused-0123456789abcdef")
    for entry in sse_har["log"]["entries"]:
        content = entry["response"]["content"]
        content["text"] = content["text"].replace("?session_id=", f"?token={token}&session_id=")
    planted = sum("token=" in e["response"]["content"]["text"] for e in sse_har["log"]["entries"])
    assert planted == 1, "the endpoint event names the token"
    for name, doc, real in (("keys", har, rec), ("sse-keys", sse_har, sse_rec)):
        path = tmp_path / f"{name}.har"
        path.write_text(json.dumps(doc))
        done = _convert(path, tmp_path / f"{name}.jsonl")
        assert done.returncode == 0, done.stderr
        data = (tmp_path / f"{name}.jsonl").read_bytes()
        for secret in (key, shaped, token):
            assert secret.encode() not in data, (name, secret)
        got = Recording.load(tmp_path / f"{name}.jsonl")
        assert sorted(_messages(got)) == sorted(_messages(real))
        if name == "keys":
            masked = f"?api_key={MASK}&v={MASK}&region=eu"
            assert got.header["url"].endswith(masked)
            assert got.exchange_rows and all(got.extra_at(i)["http"]["url"].endswith(masked) for i in got.exchange_rows)
        else:
            ends = [got.extra_at(i)["http"] for i in range(len(got)) if got.extra_at(i).get("event") == "endpoint"]
            assert len(ends) == 1 and f"token={MASK}&session_id=" in ends[0]["endpoint"], ends
