"""Secrets in a URL's query (``?api_key=…``) are masked in recordings, never in what is requested.

``secrecy.masked_url`` judges each parameter by its name and its value; a live HTTP session with
the inspector as the client (``probe --url``) against the official SDK's server, which refuses a
request without the parameters, records the URL masked everywhere (header, exchanges, arrivals,
link notes) while the server got them. The proxy's and HAR convert's recordings are tested in
test_http_proxy.py and test_host_logs.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from peers import HttpPeer, free_port, sdk_http_server

from inspector.session.recording import Direction, Recording
from inspector.session.secrecy import masked_url, masked_urls_in
from inspector.transport.base import MASK


def test_masked_url_masks_secret_names_and_shapes_and_keeps_the_rest_byte_for_byte() -> None:
    shaped = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2"
    cases = {
        "http://h/mcp?api_key=abc&region=eu&access_token=zz": f"http://h/mcp?api_key={MASK}&region=eu&access_token={MASK}",
        f"https://h/mcp?x={shaped}&n=1": f"https://h/mcp?x={MASK}&n=1",
        "http://user:pw@h:8/p?auth=Bearer%20abcdefgh": f"http://user:{MASK}@h:8/p?auth={MASK}",
        f"https://{shaped}@github.example/mcp": f"https://{MASK}@github.example/mcp",  # a token as the user
        "/messages/?session_id=0c9a1e1e-1111-2222-3333-444455556666&token=t": (
            f"/messages/?session_id=0c9a1e1e-1111-2222-3333-444455556666&token={MASK}"
        ),
    }
    for url, shown in cases.items():
        assert masked_url(url) == shown, url
        assert masked_url(shown) == shown  # masking twice changes nothing
    for plain in (
        "http://h/mcp",
        "http://me@h/mcp",
        "http://h/mcp?",
        "http://h/mcp?a=%7e&b&c=&a=2",
        "http://h/sse?sessionId=3f2a#top",
    ):
        assert masked_url(plain) == plain
    said = "POST http://h/mcp?api_key=abc → 401 Unauthorized; cannot reach http://h/x?token=t: refused."
    assert masked_urls_in(said) == (
        f"POST http://h/mcp?api_key={MASK} → 401 Unauthorized; cannot reach http://h/x?token={MASK}: refused."
    )


def test_a_live_http_session_records_the_typed_url_with_its_query_secrets_masked(tmp_path: Path) -> None:
    key, token = "plainkey0123", "tokvalue4567"
    query = f"?api_key={key}&access_token={token}&region=eu"
    port = free_port()
    env = {"REQUIRED_QUERY": json.dumps({"api_key": key, "access_token": token})}
    record = tmp_path / "live.jsonl"

    def probe(url: str) -> subprocess.CompletedProcess[str]:
        argv = [sys.executable, "-m", "inspector", "probe", "--request", "tools/list", "--record", str(record)]
        argv += ["--url", url, "--transport", "streamable-http"]
        return subprocess.run(argv, capture_output=True, text=True, timeout=90, check=False)

    with HttpPeer(sdk_http_server(port, "--require-headers"), port, env=env) as peer:
        without = probe(peer.url + "?region=eu")
        assert without.returncode != 0, "the server refuses a session without its parameters"
        done = probe(peer.url + query)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    data = record.read_bytes()
    assert key.encode() not in data and token.encode() not in data
    rec = Recording.load(record)
    masked = peer.url + f"?api_key={MASK}&access_token={MASK}&region=eu"
    assert rec.header["url"] == masked
    exchanges = [rec.extra_at(i)["http"]["url"] for i in rec.exchange_rows]
    arrivals = [rec.extra_at(i)["http"]["url"] for i in range(len(rec)) if rec.direction_at(i) is Direction.S2C]
    assert exchanges and arrivals and set(exchanges + arrivals) == {masked}
    assert any(rec.method_at(i) == "tools/list" for i in range(len(rec)) if rec.direction_at(i) is Direction.C2S)
    assert [rec.violations_at(i) for i in range(len(rec)) if rec.direction_at(i) is Direction.S2C] == [()] * len(
        arrivals
    )


def test_a_refused_post_keeps_the_urls_query_secret_out_of_the_recording_and_the_json(tmp_path: Path) -> None:
    """The server refuses a session whose URL lacks one of its parameters: the transport's words on
    the refused POST name the URL, and the secret in its query is masked there too, in the
    recording and in --json (it was kept in the exchange's ``failure``)."""
    key = "plainkey0123"
    port = free_port()
    env = {"REQUIRED_QUERY": json.dumps({"api_key": key, "access_token": "tokvalue4567"})}
    record = tmp_path / "refused.jsonl"
    with HttpPeer(sdk_http_server(port, "--require-headers"), port, env=env) as peer:
        argv = [sys.executable, "-m", "inspector", "probe", "--json", "--record", str(record)]
        argv += ["--url", peer.url + f"?api_key={key}&region=eu", "--transport", "streamable-http"]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=90, check=False)
    assert done.returncode != 0
    rec = Recording.load(record)
    failures = [rec.extra_at(i)["http"].get("failure", "") for i in rec.exchange_rows]
    assert any("api_key=" + MASK in f for f in failures), failures
    assert key.encode() not in record.read_bytes()
    assert key not in done.stdout and key not in done.stderr
