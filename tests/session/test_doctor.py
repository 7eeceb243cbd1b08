"""The Connection Doctor against real failing set-ups (and good servers), on 127.0.0.1 only.

Every server is started from an argv list by the doctor's own session and stopped by it; the
HTTP peers are stopped by their pid (tests/peers.py HttpPeer).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import anyio
import orjson
import pytest
from peers import (
    HttpPeer,
    free_port,
    http_misbehave,
    misbehave,
    oauth_peer,
    reference_http_server,
    reference_server,
    sdk_http_server,
    sdk_server,
    self_signed,
)

from inspector.session.doctor import HTTP_CHECKS, STDIO_CHECKS, Check, Diagnosis, Verdict, diagnose
from inspector.session.doctor_words import ADVICE, SEEN, TITLES, all_words
from inspector.session.profiles import EnvVar, ServerProfile
from inspector.transport.base import HttpSpec, StdioSpec, TransportKind


def run(target: ServerProfile | StdioSpec | HttpSpec) -> Diagnosis:
    d = anyio.run(diagnose, target)
    orjson.dumps(d.data())  # every diagnosis is data a front-end can keep
    return d


def verdicts(d: Diagnosis) -> dict[str, str]:
    return {c.id: c.verdict.value for c in d.checks}


def stopped_at(d: Diagnosis, check_id: str, code: str) -> None:
    """The run failed at ``check_id`` with ``code``: every check before passed (or warned), every
    one after is skipped, and the failure says what was seen and what to do."""
    failed = d.failed
    assert failed is not None, d.lines()
    assert (failed.id, failed.code) == (check_id, code), d.lines()
    ids = [c.id for c in d.checks]
    at = ids.index(check_id)
    before = [c for c in d.checks[:at] if not (c.verdict is Verdict.SKIPPED and c.code in ("not-https", "proxied"))]
    assert all(c.verdict in (Verdict.PASS, Verdict.WARN) for c in before), d.lines()
    assert all(c.verdict is Verdict.SKIPPED and c.code == "not-run" for c in d.checks[at + 1 :]), d.lines()
    assert not re.search(r"\{[a-z_]+\}", failed.seen + failed.advice) and failed.advice, failed.data()
    assert any(line.startswith("[FAIL]") for line in d.lines())


def script(folder: Path, name: str, text: str, mode: int = 0o755) -> Path:
    path = folder / name
    path.write_text(text)
    path.chmod(mode)
    return path


# ---------------------------------------------------------------------- stdio


def test_a_missing_command_is_looked_for_on_path_and_named() -> None:
    d = run(StdioSpec(["no-such-mcp-server-xyz", "--stdio"]))
    stopped_at(d, "command", "not-on-path")
    assert d.failed is not None and d.failed.values["program"] == "no-such-mcp-server-xyz"
    assert int(d.failed.values["count"]) >= 1
    assert [c.id for c in d.checks] == list(STDIO_CHECKS)


def test_a_command_on_path_is_found_where_it_is(tmp_path: Path) -> None:
    """The PATH searched is the one the server gets (its environment's), not the inspector's."""
    script(tmp_path, "my-server", "#!/bin/sh\nexit 0\n")
    d = run(StdioSpec(["my-server"], env={"PATH": f"{tmp_path}:/usr/bin:/bin"}, cwd=str(tmp_path)))
    command = d.check("command")
    assert command is not None and command.verdict is Verdict.PASS
    assert command.values["path"] == str(tmp_path / "my-server")
    stopped_at(d, "process", "exited")  # it exits at once: the doctor went on to start it


def test_a_file_that_is_not_executable(tmp_path: Path) -> None:
    server = script(tmp_path, "server.py", "#!/usr/bin/env python3\nprint('hi')\n", mode=0o644)
    d = run(StdioSpec([str(server)]))
    stopped_at(d, "executable", "no")
    assert d.failed is not None and d.failed.values["mode"] == "-rw-r--r--"
    assert str(server) in d.failed.advice


def test_a_script_whose_shebang_interpreter_is_missing(tmp_path: Path) -> None:
    direct = script(tmp_path, "direct", "#!/opt/nowhere/bin/python9\nprint('hi')\n")
    d = run(StdioSpec([str(direct)]))
    stopped_at(d, "interpreter", "shebang-missing")
    assert d.failed is not None and d.failed.values["interpreter"] == "/opt/nowhere/bin/python9"
    via_env = script(tmp_path, "via-env", "#!/usr/bin/env no-such-node-xyz\nconsole.log(1)\n")
    d = run(StdioSpec([str(via_env)], cwd=str(tmp_path)))
    stopped_at(d, "interpreter", "shebang-env-missing")
    assert d.failed is not None and d.failed.values["interpreter"] == "no-such-node-xyz"


def test_an_env_shebang_with_a_variable_names_the_interpreter_after_it(tmp_path: Path) -> None:
    """``#!/usr/bin/env -S PYTHONUNBUFFERED=1 python3``: env's assignment is no interpreter."""
    server = script(tmp_path, "server", "#!/usr/bin/env -S PYTHONUNBUFFERED=1 python3\nimport sys\nsys.exit(3)\n")
    d = run(StdioSpec([str(server)]))
    interpreter = d.check("interpreter")
    assert interpreter is not None and interpreter.code == "shebang-env", d.lines()
    assert interpreter.values["interpreter"] == "python3"
    stopped_at(d, "process", "exited")


def test_a_launcher_needs_its_interpreter_on_the_path_the_server_gets(tmp_path: Path) -> None:
    """``npx`` is a Node script (``#!/usr/bin/env node``): on a PATH without node it cannot run,
    the classic desktop-PATH failure; with node there, what it will fetch is said."""
    import shutil

    node = shutil.which("node")
    assert node is not None
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script(bin_dir, "npx", "#!/usr/bin/env node\nprocess.exit(5)\n")
    argv = ["npx", "-y", "@modelcontextprotocol/server-everything@2026.8.31"]
    d = run(StdioSpec(argv, env={"PATH": f"{bin_dir}:{tmp_path / 'empty'}"}))
    stopped_at(d, "interpreter", "shebang-env-missing")
    assert d.failed is not None and d.failed.values["interpreter"] == "node"
    d = run(StdioSpec(argv, env={"PATH": f"{bin_dir}:{Path(node).parent}"}))
    launcher = d.check("interpreter")
    assert launcher is not None and launcher.code == "launcher", d.lines()
    assert launcher.values == {"program": "npx", "package": "server-everything"}
    stopped_at(d, "process", "exited")


def test_a_script_an_interpreter_is_given_must_exist(tmp_path: Path) -> None:
    d = run(StdioSpec([sys.executable, "-u", "build/server.py"], cwd=str(tmp_path)))
    stopped_at(d, "interpreter", "script-missing")
    assert d.failed is not None and d.failed.values["path"] == str(tmp_path / "build" / "server.py")


def test_a_missing_working_directory_and_each_result_told_as_it_comes(tmp_path: Path) -> None:
    told: list[Check] = []
    d = anyio.run(lambda: diagnose(StdioSpec(misbehave("good"), cwd=str(tmp_path / "gone")), on_check=told.append))
    stopped_at(d, "cwd", "missing")
    assert d.checks[0].id == "cwd"
    assert tuple(told) == d.checks


def test_an_unset_variable_and_an_unfilled_input() -> None:
    profile = ServerProfile(name="s", command=sys.executable, args=["-c", "pass", "--token", "${secret:API_TOKEN}"])
    d = run(profile)
    stopped_at(d, "environment", "secret-unknown")
    assert d.failed is not None and d.failed.values["names"] == "API_TOKEN"
    profile = ServerProfile(
        name="s", command=sys.executable, args=["-c", "pass"], env=[EnvVar("KEY", "${input:api-key}")]
    )
    stopped_at(run(profile), "environment", "input-unfilled")
    profile = ServerProfile(name="s", command=sys.executable, args=["-c", "pass", "--db", "${env:DATABASE_URL}"])
    d = run(profile)
    stopped_at(d, "environment", "env-unexpanded")
    assert d.failed is not None and d.failed.values["names"] == "${env:DATABASE_URL}"


def test_a_secret_argument_is_never_quoted() -> None:
    """A secret variable's value put into an argument (``${secret:…}``) holds shell syntax: the
    warning quotes only what the shown command line holds, never the value."""
    profile = ServerProfile(
        name="s",
        command=sys.executable,
        args=["-c", "pass", "--token", "${secret:TOKEN}", "~/data"],
        env=[EnvVar("TOKEN", "pa$word`x`", secret=True)],
    )
    d = run(profile)
    env = d.check("environment")
    assert env is not None and env.code == "shell-syntax" and env.values["names"] == "~"
    assert "pa$word" not in orjson.dumps(d.data()).decode() and "pa$word" not in "\n".join(d.lines())


def test_shell_syntax_is_a_warning_and_the_checks_go_on() -> None:
    """``$HOME`` reaches the server as written (no shell runs it): said, not fatal."""
    argv = reference_server()  # it takes no options: the word after its mode is left alone
    profile = ServerProfile(name="s", command=argv[0], args=[*argv[1:], "$HOME"])
    d = run(profile)
    env = d.check("environment")
    assert env is not None and env.verdict is Verdict.WARN and env.values["names"] == "$HOME"
    assert env.advice
    assert d.ok, d.lines()


def test_a_banner_on_stdout_is_quoted() -> None:
    d = run(StdioSpec(misbehave("noise")))
    stopped_at(d, "stdout", "noise")
    assert d.failed is not None
    assert d.failed.quoted == ("Server starting...", "=== misbehave MCP server v1.0 ===", "Listening on stdio")
    assert d.failed.values["count"] == "3"
    assert verdicts(d)["process"] == "pass"


def logging_first(*lines: str) -> list[str]:
    """argv of the SDK's low-level server behind a start that writes ``lines`` on stdout first
    (a logger set to stdout, a banner), then becomes the server (exec)."""
    server = sdk_server()
    text = "".join(line + "\n" for line in lines)
    code = f"import os, sys; sys.stdout.write({text!r}); sys.stdout.flush(); "
    code += f"os.execv({server[0]!r}, {server!r})"
    return [sys.executable, "-c", code]


def test_json_log_records_on_stdout_are_not_json_rpc() -> None:
    """A JSON logger writing to stdout (pino's default) writes JSON that is no JSON-RPC message:
    it is quoted as noise, not counted as JSON-RPC (it was: the check only knew lines not JSON)."""
    record = '{"level":30,"time":1764100000000,"msg":"server listening"}'
    d = run(StdioSpec(logging_first(record)))
    stopped_at(d, "stdout", "noise")
    assert d.failed is not None and d.failed.quoted == (record,) and d.failed.values["count"] == "1"


def test_what_a_server_writes_is_shown_never_obeyed() -> None:
    """An ANSI escape and a bidi override in a banner are quoted as they came (the data) and shown
    as escapes (the lines a terminal prints): the terminal is not cleared, the line not reversed."""
    banner = "\x1b[2J\x1b]0;owned\x07 ready \u202eevil"
    d = run(StdioSpec(logging_first(banner)))
    stopped_at(d, "stdout", "noise")
    assert d.failed is not None and d.failed.quoted == (banner,)
    text = "\n".join(d.lines())
    assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text
    assert "         | \\u001b[2J\\u001b]0;owned\\u0007 ready \\u202eevil" in d.lines()


def test_a_server_that_exits_at_once_says_how_and_why() -> None:
    argv = [sys.executable, "-c", "import sys; print('Error: DATABASE_URL is not set', file=sys.stderr); sys.exit(4)"]
    d = run(StdioSpec(argv))
    stopped_at(d, "process", "exited")
    assert d.failed is not None
    assert d.failed.values["how"] == "exited with code 4"
    assert d.failed.quoted == ("Error: DATABASE_URL is not set",)


def test_a_server_that_dies_during_initialize() -> None:
    d = run(StdioSpec(misbehave("crash-init")))
    stopped_at(d, "process", "exited")
    assert d.failed is not None and d.failed.values["how"] == "exited with code 3"
    assert "Error: config file /etc/x.toml not found" in d.failed.quoted


def test_a_server_that_exits_right_after_answering_does_not_stay_up() -> None:
    d = run(StdioSpec(misbehave("exit-after-init")))
    stopped_at(d, "process", "exited")
    assert d.failed is not None and d.failed.values["how"] == "exited with code 7"


def test_a_silent_server_fails_the_start_in_time() -> None:
    profile = ServerProfile(name="s", command=misbehave("silent-init")[0], args=misbehave("silent-init")[1:])
    profile.connect_timeout, profile.probe_timeout = 1.0, 0.5
    d = run(profile)
    stopped_at(d, "start", "initialize-timeout-after-silence")
    assert verdicts(d)["process"] == "pass" and verdicts(d)["stdout"] == "pass"


def test_a_start_that_times_out_quotes_what_the_server_said_on_stderr() -> None:
    argv = [
        sys.executable,
        "-c",
        "import sys; print('waiting for the database at db:5432', file=sys.stderr, flush=True); sys.stdin.read()",
    ]
    profile = ServerProfile(name="s", command=argv[0], args=argv[1:])
    profile.connect_timeout, profile.probe_timeout = 1.0, 0.5
    d = run(profile)
    stopped_at(d, "start", "initialize-timeout-after-silence")
    assert d.failed is not None and d.failed.quoted == ("waiting for the database at db:5432",)


def test_the_reference_server_passes_every_check() -> None:
    d = run(StdioSpec(reference_server()))
    assert d.ok and all(c.verdict is Verdict.PASS for c in d.checks), d.lines()
    start = d.check("start")
    assert start is not None and start.code == "legacy" and start.values["version"] == "2025-11-25"
    interpreter = d.check("interpreter")
    assert interpreter is not None and interpreter.code == "script"


def test_a_dual_era_server_is_found_modern() -> None:
    d = run(StdioSpec([sys.executable, str(Path(__file__).parents[1] / "fixtures/servers/modern_fixture.py")]))
    start = d.check("start")
    assert d.ok and start is not None and start.code == "modern" and start.values["version"] == "2026-07-28"


# ---------------------------------------------------------------------- HTTP


def test_a_url_that_cannot_be_read() -> None:
    d = run(HttpSpec("ftp://127.0.0.1/mcp"))
    stopped_at(d, "url", "url-not-http")
    assert [c.id for c in d.checks] == list(HTTP_CHECKS)


def test_a_url_that_cannot_be_read_shows_no_credentials() -> None:
    """A URL with a password and an api_key that fails to parse (a port past 65535, another
    scheme) is said as a recording shows it: both masked, in what was seen and in the data."""
    for url in ("https://me:hunter2@127.0.0.1:99999/mcp?api_key=sk9xQ", "htps://me:hunter2@127.0.0.1/mcp?token=sk9xQ"):
        d = run(HttpSpec(url))
        assert d.failed is not None and d.failed.id == "url", d.lines()
        shown = orjson.dumps(d.data()).decode() + "\n".join(d.lines())
        assert "hunter2" not in shown and "sk9xQ" not in shown, shown
        assert "me:••••••@127.0.0.1" in d.failed.seen


def test_a_refused_port() -> None:
    port = free_port()
    d = run(HttpSpec(f"http://127.0.0.1:{port}/mcp"))
    stopped_at(d, "connect", "refused")
    assert d.failed is not None and d.failed.values == {"address": "127.0.0.1", "port": str(port)}
    assert verdicts(d)["resolve"] == "pass"


def test_a_saved_server_at_a_url_behind_a_proxy_that_is_down(monkeypatch: pytest.MonkeyPatch) -> None:
    """The environment routes the URL through a proxy (as the session's client follows it): the
    direct connection and TLS are not what would happen, so the doctor says so and leaves them;
    the session through the proxy that does not answer is what fails."""
    proxy = f"http://127.0.0.1:{free_port()}"
    for name in ("NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTP_PROXY", proxy)
    profile = ServerProfile(name="s", command="", transport="http-auto", url=f"http://127.0.0.1:{free_port()}/mcp")
    profile.connect_timeout = 3.0
    d = run(profile)
    connect, tls = d.check("connect"), d.check("tls")
    assert connect is not None and connect.code == "proxied" and connect.values["proxy"] == proxy
    assert tls is not None and tls.verdict is Verdict.SKIPPED and tls.code == "proxied"
    stopped_at(d, "http-status", "no-answer")


def test_a_name_that_resolves_to_loopback() -> None:
    port = free_port()
    d = run(HttpSpec(f"http://localhost:{port}/mcp"))
    resolved = d.check("resolve")
    assert resolved is not None and resolved.code == "resolved" and "127.0.0.1" in resolved.values["addresses"]
    stopped_at(d, "connect", "refused")


def test_a_self_signed_certificate_on_loopback(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    port = free_port()
    with HttpPeer(http_misbehave(port, "cookie") + ["--tls", str(cert), str(key)], port) as peer:
        url = peer.url.replace("http://", "https://")
        d = run(HttpSpec(url))
        stopped_at(d, "tls", "self-signed")
        assert d.failed is not None and "self-signed" in d.failed.values["reason"]
        trusting = run(HttpSpec(url, verify_tls=False))  # the user chose to trust it: a warning
        tls = trusting.check("tls")
        assert tls is not None and tls.verdict is Verdict.WARN and tls.code == "not-verified"
        assert trusting.ok and verdicts(trusting)["start"] == "pass", trusting.lines()


def test_a_certificate_trusted_through_ssl_cert_file_and_one_for_another_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Trusted (SSL_CERT_FILE, which the session's client honours too): its subject, issuer and
    expiry are said and every check passes, the era fallback on the way said as such; the same
    server by a name its certificate does not hold: the wrong name is the reason."""
    cert, key = self_signed(tmp_path)
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))
    port = free_port()
    with HttpPeer(http_misbehave(port, "cookie") + ["--tls", str(cert), str(key)], port) as peer:
        url = peer.url.replace("http://", "https://")
        d = run(HttpSpec(url))
        assert d.ok and all(c.verdict is Verdict.PASS for c in d.checks), d.lines()
        tls, status = d.check("tls"), d.check("http-status")
        assert tls is not None and tls.values["subject"] == "CN=127.0.0.1" and tls.values["expires"].endswith("GMT")
        assert status is not None and status.code == "after-refusal", status
        assert (status.values["first"], status.values["first_status"], status.values["request"]) == (
            "server/discover",
            "400",
            "initialize",
        )
        stopped_at(run(HttpSpec(url.replace("127.0.0.1", "localhost"))), "tls", "wrong-name")


def test_a_certificate_only_the_system_trusts_is_said_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The session's client (httpx) verifies against certifi's bundle, not the system's store: a
    company CA the system trusts fails the session. The doctor verifies as the client does, and
    says when the system would have trusted it (here the system's store is made to hold the
    certificate: a real handshake with each); it passed TLS before, then failed at the POST."""
    import ssl

    from inspector.session import doctor_net

    for name in ("SSL_CERT_FILE", "SSL_CERT_DIR"):
        monkeypatch.delenv(name, raising=False)
    cert, key = self_signed(tmp_path)
    monkeypatch.setattr(doctor_net, "system_context", lambda: ssl.create_default_context(cafile=str(cert)))
    port = free_port()
    with HttpPeer(http_misbehave(port, "cookie") + ["--tls", str(cert), str(key)], port) as peer:
        d = run(HttpSpec(peer.url.replace("http://", "https://")))
    stopped_at(d, "tls", "system-only")
    assert d.failed is not None and "SSL_CERT_FILE" in d.failed.advice


def expired_self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 that expired in 2020 and its key, made by openssl (``ca``: the one
    of its commands that takes dates in the past)."""
    (folder / "index.txt").write_text("")
    (folder / "serial").write_text("01\n")
    (folder / "ca.cnf").write_text(
        "[ca]\ndefault_ca = d\n[d]\ndatabase = index.txt\nserial = serial\nnew_certs_dir = .\n"
        "default_md = sha256\npolicy = p\ncopy_extensions = copy\n[p]\ncommonName = supplied\n"
    )
    cert, key = folder / "expired.pem", folder / "expired-key.pem"
    subprocess.run(
        [
            "openssl", "req", "-new", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", "req.csr",
        ],
        check=True, capture_output=True, timeout=60, cwd=folder,
    )  # fmt: skip
    subprocess.run(
        [
            "openssl", "ca", "-batch", "-config", "ca.cnf", "-selfsign", "-keyfile", str(key), "-in", "req.csr",
            "-out", str(cert), "-startdate", "20200101000000Z", "-enddate", "20200102000000Z",
        ],
        check=True, capture_output=True, timeout=60, cwd=folder,
    )  # fmt: skip
    return cert, key


def test_an_expired_certificate_even_when_trusted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cert, key = expired_self_signed(tmp_path)
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))
    port = free_port()
    with HttpPeer(http_misbehave(port, "cookie") + ["--tls", str(cert), str(key)], port) as peer:
        d = run(HttpSpec(peer.url.replace("http://", "https://")))
    stopped_at(d, "tls", "expired")
    assert d.failed is not None and "expired" in d.failed.values["reason"]


def test_a_wrong_path_quotes_the_answer() -> None:
    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as peer:
        d = run(HttpSpec(peer.url.replace("/mcp", "/nothing-here")))
    stopped_at(d, "http-status", "bad-status")
    assert d.failed is not None and d.failed.values["status"] == "404" and d.failed.quoted, d.lines()


def test_a_trailing_slash_the_server_redirects_says_where_to() -> None:
    """The SDK's server (Starlette) answers /mcp/ with 307 to /mcp, which the session never follows:
    the redirect's target is the finding (it said 'answered 307' and 'check the path')."""
    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as peer:
        d = run(HttpSpec(peer.url + "/"))
    stopped_at(d, "http-status", "redirect")
    assert d.failed is not None and d.failed.values["status"] == "307"
    assert d.failed.values["location"] == peer.url and peer.url in d.failed.seen


def test_an_http_sse_server_is_found_after_the_streamable_post_is_refused() -> None:
    port = free_port()
    with HttpPeer(reference_http_server("sse"), port, path="/sse", env={"PORT": str(port)}) as peer:
        d = run(HttpSpec(peer.url))
    assert d.ok, d.lines()
    transport, status = d.check("transport"), d.check("http-status")
    assert transport is not None and transport.code == "sse"
    assert status is not None and status.code == "fell-back" and status.values["status"] == "404"


def test_http_sse_chosen_is_no_fallback_and_its_refused_stream_is_the_answer() -> None:
    """HTTP+SSE chosen (mode sse): its POSTs answered 202 are simply answered (it said 'HTTP+SSE
    answered there instead' of a fallback that never was); the event stream's GET answered 404
    at a wrong path is that answer, quoted (it said 'no HTTP answer came')."""
    port = free_port()
    with HttpPeer(reference_http_server("sse"), port, path="/sse", env={"PORT": str(port)}) as peer:
        good = run(HttpSpec(peer.url, mode=TransportKind.SSE))
        wrong = run(HttpSpec(peer.url.replace("/sse", "/nothing"), mode=TransportKind.SSE))
    status = good.check("http-status")
    assert good.ok and status is not None and status.code == "ok" and status.values["status"] == "202", good.lines()
    stopped_at(wrong, "http-status", "stream-status")
    assert wrong.failed is not None and wrong.failed.values["status"] == "404" and wrong.failed.quoted


def test_a_server_needing_authorization_has_oauth_metadata() -> None:
    with oauth_peer() as peer:
        d = run(HttpSpec(peer.url))
    stopped_at(d, "authorization", "oauth")
    status = d.check("http-status")
    assert status is not None and status.code == "auth-asked" and status.values["status"] == "401"
    assert d.failed is not None and d.failed.values["issuer"].startswith("http://127.0.0.1:")


def test_a_token_given_and_refused_is_said_so_not_a_sign_in_to_do() -> None:
    """A Bearer token given (as --bearer-env gives it) that the server refuses: the token is the
    problem, named by its header (never its value); it said 'sign in, or give a token'."""
    with oauth_peer() as peer:
        d = run(HttpSpec(peer.url, secret_headers={"Authorization": "Bearer expired-token-u26"}))
    stopped_at(d, "authorization", "refused-given")
    assert d.failed is not None and d.failed.values == {"status": "401", "headers": "Authorization"}
    assert "expired-token-u26" not in orjson.dumps(d.data()).decode() + "\n".join(d.lines())


def test_a_saved_servers_stored_oauth_token_is_sent_and_no_sign_in_is_started(tmp_path: Path) -> None:
    """A saved server that signs in with OAuth, signed in already (a session through the fixture's
    authorization server, its browser followed): the doctor sends the stored token as the window's
    session would, and every check passes; with no token stored, it starts no sign-in (no
    browser) and says one is to be done."""
    from inspector.session.doctor import StoredTokenOnly
    from inspector.session.oauth_link import with_authorizer
    from inspector.session.oauth_profile import authorizer_for
    from inspector.session.session import Session

    with oauth_peer() as peer:
        profile = ServerProfile("remote", "", transport="streamable-http", url=peer.url, oauth=True)
        signer = authorizer_for(profile, tmp_path, lambda _url: None, browser="follow")
        assert signer is not None

        async def sign_in() -> None:
            session = Session(with_authorizer(profile.to_options(), signer))
            signer.bind(session)
            async with session:
                await session.start()

        anyio.run(sign_in)
        assert signer.last is not None and signer.last.ok
        stored = authorizer_for(profile, tmp_path, lambda _url: None)
        assert stored is not None
        d = anyio.run(lambda: diagnose(profile, authorizer=StoredTokenOnly(stored)))
        assert d.ok and verdicts(d)["authorization"] == "pass", d.lines()
        empty = authorizer_for(profile, tmp_path / "no-tokens", lambda _url: None)
        assert empty is not None
        d = anyio.run(lambda: diagnose(profile, authorizer=StoredTokenOnly(empty)))
        stopped_at(d, "authorization", "oauth")
        assert empty.flow is None  # no sign-in, refresh or step-up was started


def test_a_server_needing_a_header_has_no_oauth_metadata() -> None:
    port = free_port()
    with HttpPeer(sdk_http_server(port, "--require-headers"), port, env={"REQUIRED_HEADERS": '{"X-Key": "k"}'}) as p:
        d = run(HttpSpec(p.url))
    stopped_at(d, "authorization", "no-oauth")


def test_the_sdk_server_over_http_passes_every_check() -> None:
    port = free_port()
    with HttpPeer(sdk_http_server(port), port) as peer:
        d = run(HttpSpec(peer.url))
    assert d.ok, d.lines()
    assert verdicts(d) == {i: ("skipped" if i == "tls" else "pass") for i in HTTP_CHECKS}
    tls, transport, start = d.check("tls"), d.check("transport"), d.check("start")
    assert tls is not None and tls.code == "not-https"
    assert transport is not None and transport.code == "streamable-http"
    assert start is not None and start.code == "modern"
    status = d.check("http-status")
    assert status is not None and status.values["content_type"] == "application/json"


# ---------------------------------------------------------------------- words


def test_every_sentence_belongs_to_a_check_and_fills_from_its_values() -> None:
    for key in (*SEEN, *ADVICE):
        check, _, code = key.partition(".")
        assert check == "*" or check in TITLES, key
        assert code, key
    assert set(TITLES) == set(STDIO_CHECKS) | set(HTTP_CHECKS)
    assert len(all_words()) == len(set(TITLES.values()) | set(SEEN.values()) | set(ADVICE.values()))
