"""``probe --oauth`` and ``--sign-out`` (issue 25, part C) against the real OAuth fixture.

The server is tests/fixtures/servers/sdk_oauth.py (the official Python SDK's MCP server behind its
bearer middleware, with its authorization server) on 127.0.0.1, each mode its own process,
stopped by its pid when its block ends. The probe runs as the user runs it, a subprocess
(``python -m inspector probe``), with ``--no-browser`` (the driver GETs the authorization URL and
follows the fixture's redirect to its own loopback listener) and a settings folder of the test's
own (``XDG_CONFIG_HOME`` and ``HOME`` in a temporary folder), where the tokens are kept in
``secrets.json`` as the window keeps them. What is proved: a sign-in then a second run that reuses
the stored token (no authorization request at all), the scopes asked for, a pre-registered
confidential client whose secret comes from the environment, the client credentials grant, a
step-up, the failures' exit code 9 naming their step and rule, ``--sign-out``, the usage errors,
and that no token, code, verifier or secret value is in stdout, stderr, the recording or the JSON.
"""

from __future__ import annotations

import os
import signal
import socket
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import anyio
import orjson
import pytest
from peers import HttpPeer, free_port, http_misbehave, oauth_peer

from inspector import cli, cli_oauth
from inspector.session.oauth_client import OAuthOptions
from inspector.session.profiles import EnvVar, ProfileStore, ServerProfile

pytestmark = pytest.mark.peer

SECRET = "fixture-secret"  # the fixture's pre-registered clients' secret


class Run:
    """One probe run: its exit code, stdout, stderr, the --json lines and the recording's lines."""

    def __init__(self, done: subprocess.CompletedProcess[str], record: Path | None) -> None:
        self.code, self.out, self.err = done.returncode, done.stdout, done.stderr
        self.lines = [orjson.loads(line) for line in self.out.splitlines() if line.startswith("{")]
        self.record_text = record.read_text(encoding="utf-8") if record is not None and record.exists() else ""
        self.recorded = [orjson.loads(line) for line in self.record_text.splitlines() if line.strip()]

    @property
    def summary(self) -> dict:
        return self.lines[-1]

    def result(self, method: str = "tools/call") -> str:
        """The raw answer to the (last) request of ``method``."""
        return [str(e["raw"]) for e in self.lines if e.get("kind") == "result" and e.get("method") == method][-1]

    def flow(self) -> list[dict]:
        """The auth_flow events of the recording, in order."""
        return [e for e in self.recorded if e.get("event") == "auth_flow"]

    def purposes(self) -> list[str]:
        return [str(e["exchange"]["purpose"]) for e in self.flow() if e.get("step") == "exchange"]


class Prober:
    """Runs the probe in a settings folder of its own."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / "config"))
        self.env.pop("BROWSER", None)
        self.runs = 0

    @property
    def secrets(self) -> Path:
        return self.home / "config" / "mcp-session-inspector" / "secrets.json"

    def stored(self) -> dict:
        return orjson.loads(self.secrets.read_bytes())["oauth:tokens"]

    def __call__(self, *args: str, json: bool = True, record: bool = True, env: dict | None = None) -> Run:
        self.runs += 1
        path = self.home / f"run{self.runs}.jsonl" if record else None
        argv = [sys.executable, "-m", "inspector", "probe", *(["--json"] if json else [])]
        argv += [*args, *(["--record", str(path)] if path else [])]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=120, env={**self.env, **(env or {})})
        return Run(done, path)


@pytest.fixture()
def probe(tmp_path: Path) -> Prober:
    return Prober(tmp_path)


@pytest.fixture(scope="module")
def good() -> Iterator[HttpPeer]:
    with oauth_peer() as peer:
        yield peer


def secret_values(tokens: dict) -> set[str]:
    """Every secret value secrets.json holds under the token store's key."""
    out: set[str] = set()
    for by_issuer in tokens.values():
        for entry in by_issuer.values():
            out |= {entry[k] for k in ("access_token", "refresh_token", "client_secret") if entry.get(k)}
    return out


def assert_nothing_secret(run: Run, values: set[str]) -> None:
    assert values
    for value in values:
        for where, text in (("stdout", run.out), ("stderr", run.err), ("recording", run.record_text)):
            assert value not in text, f"a secret value is in {where}"


def test_sign_in_then_a_second_run_reuses_the_stored_token(good: HttpPeer, probe: Prober) -> None:
    first = probe("--url", good.url, "--oauth", "--no-browser", "--request", "tools/list")
    assert first.code == 0, first.err
    listed = next(e for e in first.lines if e.get("kind") == "result" and e.get("method") == "tools/list")
    assert "whoami" in listed["raw"] and "admin" in listed["raw"]
    auth = first.summary["authorization"]
    assert auth["signed_in"] is True and auth["flow"] == "sign-in" and auth["failed_step"] is None
    assert auth["issuer"] == f"http://127.0.0.1:{good.port}" and auth["scopes"] == ["mcp:tools"]
    assert auth["client_id"] and auth["expires_at"].endswith("+00:00")  # ISO 8601, UTC
    assert "auth_discovery" not in first.summary  # the flow ran: no discovery-only explanation
    assert first.purposes() == ["registration", "authorize", "redirect", "token"]
    assert first.recorded[-1]["authorization"] == auth  # the recording's summary is the printed one
    # the 401's body is the authorization layer's error (RFC 6750), kept beside the messages: a correct
    # protected server breaks no rule and sends nothing schema-invalid
    counts = first.summary["counts"]
    assert not counts.get("violations") and not counts.get("schema_invalid"), counts
    bodies = [e for e in first.recorded if e.get("channel") == "http-body"]
    assert any("401" in str(e.get("text", e)) and "invalid_token" in str(e) for e in bodies), bodies
    assert stat.S_IMODE(probe.secrets.stat().st_mode) == 0o600
    tokens = probe.stored()
    entry = tokens[good.url][auth["issuer"]]
    assert entry["access_token"] and entry["refresh_token"] and entry["client_id"] == auth["client_id"]

    again = probe("--url", good.url, "--oauth", "--no-browser", "--request", "tools/call=" + WHOAMI)
    assert again.code == 0, again.err
    assert again.flow() == [] and again.purposes() == []  # no authorization request: the stored token served
    assert not any("/authorize" in line for line in again.record_text.splitlines())
    statuses = [e["http"]["status"] for e in again.recorded if e.get("event") == "http_exchange"]
    assert 401 not in statuses and statuses
    kept = again.summary["authorization"]
    assert kept["signed_in"] is True and kept["flow"] is None and kept["client_id"] == auth["client_id"]
    assert auth["client_id"] in again.result()  # whoami: the server saw the stored token's client
    values = secret_values(probe.stored())
    assert_nothing_secret(first, values)
    assert_nothing_secret(again, values)

    text = probe("--url", good.url, "--oauth", "--no-browser", json=False, record=False)
    assert text.code == 0, text.err
    line = next(x for x in text.out.splitlines() if x.startswith("authorization     "))
    assert f"signed in at http://127.0.0.1:{good.port} (a token stored earlier): scopes mcp:tools" in line


WHOAMI = '{"name":"whoami","arguments":{}}'
ADMIN = 'tools/call={"name":"admin","arguments":{}}'


def test_no_token_code_verifier_or_secret_in_any_output(good: HttpPeer, probe: Prober) -> None:
    """The values really exchanged - the code and the verifier too, read from the fixture's side
    of the wire: the form the token request sent is recorded masked, so they are looked for as
    the masked body's keys, and the values from secrets.json are looked for everywhere."""
    run = probe(
        *("--url", good.url, "--oauth", "--no-browser", "--client-id", "fixture-post"),
        *("--client-secret-env", "FIXTURE_SECRET", "--client-auth", "client_secret_post"),
        env={"FIXTURE_SECRET": SECRET},
    )
    assert run.code == 0, run.summary["exit_reason"]
    token = next(e for e in run.flow() if e.get("step") == "exchange" and e["exchange"]["purpose"] == "token")
    body = token["exchange"]["request_body"]
    assert body["code"] == body["code_verifier"] == "••••••" and body["client_secret"] == "••••••"
    assert token["exchange"]["response_body"]["access_token"] == "••••••"
    values = secret_values(probe.stored()) | {SECRET}
    assert_nothing_secret(run, values)
    rendered = orjson.dumps(run.summary).decode()
    assert not any(v in rendered for v in values)


def test_scopes_asked_for_are_the_ones_requested(good: HttpPeer, probe: Prober) -> None:
    run = probe("--url", good.url, "--oauth", "--no-browser", "--scope", "mcp:tools", "--scope", "mcp:admin")
    assert run.code == 0, run.err
    authorize = next(e for e in run.flow() if e.get("step") == "exchange" and e["exchange"]["purpose"] == "authorize")
    assert "scope=mcp%3Atools+mcp%3Aadmin" in authorize["exchange"]["url"]
    assert run.summary["authorization"]["scopes"] == ["mcp:tools", "mcp:admin"]


def test_a_pre_registered_confidential_client_with_its_secret_from_the_environment(
    good: HttpPeer, probe: Prober
) -> None:
    run = probe(
        "--url",
        good.url,
        "--oauth",
        "--no-browser",
        "--client-id",
        "fixture-basic",
        "--client-secret-env",
        "FIXTURE_SECRET",
        "--request",
        "tools/call=" + WHOAMI,
        env={"FIXTURE_SECRET": SECRET},
    )
    assert run.code == 0, run.err
    assert run.purposes() == ["authorize", "redirect", "token"]  # no registration: the client id was given
    client = next(e for e in run.flow() if e.get("step") == "client")
    assert client["client_id"] == "fixture-basic" and client["auth_method"] == "client_secret_basic"
    assert run.summary["authorization"]["client_id"] == "fixture-basic"
    assert '\\"client_id\\": \\"fixture-basic\\"' in run.result()  # whoami: the server saw that client
    assert_nothing_secret(run, secret_values(probe.stored()) | {SECRET})


def test_the_client_credentials_grant_with_a_machine_client(probe: Prober) -> None:
    with oauth_peer() as peer:
        run = probe(
            "--url",
            peer.url,
            "--oauth",
            "--client-credentials",
            "--client-id",
            "fixture-machine",
            "--client-secret-env",
            "MACHINE_SECRET",
            "--request",
            "tools/call=" + WHOAMI,
            env={"MACHINE_SECRET": SECRET},
        )
    assert run.code == 0, run.err
    assert run.purposes() == ["client-credentials"]  # no browser, no registration, no redirect
    assert run.summary["authorization"]["client_id"] == "fixture-machine"
    assert run.summary["authorization"]["signed_in"] is True
    assert "fixture-machine" in run.result()
    assert_nothing_secret(run, secret_values(probe.stored()) | {SECRET})


def test_a_request_that_needs_more_scope_steps_up_then_succeeds(probe: Prober) -> None:
    with oauth_peer("step-up") as peer:
        run = probe("--url", peer.url, "--oauth", "--no-browser", "--request", ADMIN)
    assert run.code == 0, run.err
    assert "admin done" in run.result()
    steps = [e["step"] for e in run.flow()]
    signed = [i for i, step in enumerate(steps) if step == "signed-in"]
    assert len(signed) == 2 and signed[0] < steps.index("step-up") < signed[1]
    forbidden = [e for e in run.recorded if e.get("event") == "http_exchange" and e["http"]["status"] == 403]
    assert len(forbidden) == 1
    auth = run.summary["authorization"]
    assert auth["flow"] == "step-up" and auth["scopes"] == ["mcp:tools", "mcp:admin"] and auth["signed_in"]


def test_a_server_without_s256_fails_at_discovery_with_exit_9(probe: Prober) -> None:
    with oauth_peer("no-s256") as peer:
        run = probe("--url", peer.url, "--oauth", "--no-browser", json=False)
        as_json = probe("--url", peer.url, "--oauth", "--no-browser")
    assert run.code == cli.EXIT_AUTH == 9
    assert run.err.startswith("mcp-session-inspector: authorization failed at step discovery: ")
    assert "auth.no-s256" in run.err.splitlines()[0]
    assert "exit              9 (authorization failed at step discovery" in run.out
    assert as_json.code == 9
    auth = as_json.summary["authorization"]
    assert auth["signed_in"] is False and auth["failed_step"] == "discovery" and "auth.no-s256" in auth["findings"]
    assert as_json.summary["exit"] == 9 and "auth.no-s256" in as_json.summary["exit_reason"]
    assert "authorize" not in as_json.purposes()  # refused before any authorization request
    assert not probe.secrets.exists() or not probe.stored()


def test_pre_registration_only_without_a_client_id_fails_at_client_registration(probe: Prober) -> None:
    with oauth_peer("preregistered-only") as peer:
        run = probe("--url", peer.url, "--oauth", "--no-browser")
        given = probe("--url", peer.url, "--oauth", "--no-browser", "--client-id", "fixture-public")
    assert run.code == 9
    auth = run.summary["authorization"]
    assert auth["failed_step"] == "client-registration" and "--client-id" in auth["reason"]
    assert "client-registration" in run.summary["exit_reason"]
    assert given.code == 0, given.err  # the same server, with a pre-registered client id
    assert given.summary["authorization"]["client_id"] == "fixture-public"


def test_sign_out_forgets_the_tokens_and_the_next_run_signs_in_again(good: HttpPeer, probe: Prober) -> None:
    assert probe("--url", good.url, "--oauth", "--no-browser").code == 0
    assert good.url in probe.stored()
    out = subprocess.run(
        [sys.executable, "-m", "inspector", "probe", "--url", good.url, "--sign-out"],
        capture_output=True,
        text=True,
        timeout=60,
        env=probe.env,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith(f"signed out of {good.url}: 1 stored token (one per issuer) forgotten")
    assert probe.stored() == {}
    assert stat.S_IMODE(probe.secrets.stat().st_mode) == 0o600
    twice = probe("--url", good.url, "--sign-out", record=False)
    assert twice.code == 0 and twice.lines == [
        {"kind": "sign_out", "url": good.url, "forgotten": 0, "store": str(probe.secrets)}
    ]
    again = probe("--url", good.url, "--oauth", "--no-browser")
    assert again.code == 0 and again.summary["authorization"]["flow"] == "sign-in"
    assert "authorize" in again.purposes()


def test_a_failed_refresh_with_a_token_still_good_is_said_and_the_run_exits_0(good: HttpPeer, probe: Prober) -> None:
    """The stored token is due by its expiry, its refresh token unknown to the server, the access
    token still good there: the refresh fails (said), the session goes on with the token."""
    assert probe("--url", good.url, "--oauth", "--no-browser", record=False).code == 0
    doc = orjson.loads(probe.secrets.read_bytes())
    (entry,) = doc["oauth:tokens"][good.url].values()
    entry.update(expires_at=1.0, refresh_token="a-refresh-token-the-server-does-not-know")
    probe.secrets.write_bytes(orjson.dumps(doc))
    run = probe("--url", good.url, "--oauth", "--no-browser", "--request", "tools/list")
    assert run.code == 0, run.err
    auth = run.summary["authorization"]
    assert auth["signed_in"] is True and auth["flow"] == "refresh" and auth["failed_step"] == "refresh"
    assert run.purposes() == ["challenge", "refresh"]  # discovery drawn first, the refresh once; no sign-in
    text = probe("--url", good.url, "--oauth", "--no-browser", json=False, record=False)
    assert text.code == 0
    assert "                  but the last refresh failed at step refresh: " in text.out
    assert "(the token held before): scopes mcp:tools" in text.out  # not "refreshed just now": it failed


def test_a_refresh_that_failed_before_a_request_is_no_reason_for_exit_9(good: HttpPeer, probe: Prober) -> None:
    """Exit 9 says the session failed because the authorization did: a refresh before a request
    that failed while the token still served left no request refused, so a session that fails
    afterwards for another reason keeps that reason's code (it was 9, "failed at step refresh")."""
    assert probe("--url", good.url, "--oauth", "--no-browser", record=False).code == 0
    doc = orjson.loads(probe.secrets.read_bytes())
    (entry,) = doc["oauth:tokens"][good.url].values()
    entry.update(expires_at=1.0, refresh_token="a-refresh-token-the-server-does-not-know")
    probe.secrets.write_bytes(orjson.dumps(doc))
    authorizer = cli_oauth.make_authorizer(good.url, OAuthOptions(browser="follow"), probe.secrets.parent)
    anyio.run(authorizer.prepare, None)  # what the link does before a request: the token is due
    assert authorizer.last is not None and not authorizer.last.ok and authorizer.last.failed_step == "refresh"
    assert authorizer.refusing is None and cli_oauth.failure(authorizer) is None
    block = cli_oauth.authorization_block(authorizer, session_ok=False)
    assert block["flow"] == "refresh" and block["failed_step"] == "refresh" and not block["signed_in"]
    # a refusal the authorizer could not lift is the reason (a sign-in refused at discovery: no S256)
    with oauth_peer("no-s256") as peer:
        refused = cli_oauth.make_authorizer(peer.url, OAuthOptions(browser="follow"), probe.secrets.parent)
        assert not anyio.run(refused.refused, 401, (), "2026-07-28")
    said = cli_oauth.failure(refused) or ""
    assert said.startswith("authorization failed at step discovery: ") and "auth.no-s256" in said


def test_ctrl_c_while_waiting_for_the_browser_closes_the_port_and_exits_130(good: HttpPeer, probe: Prober) -> None:
    """No browser comes back (BROWSER runs ``true``): the probe waits with the URL on stderr; Ctrl-C
    ends it with 130, the loopback listener closed, and the summary says the sign-in was stopped
    (it said "no sign-in was asked for")."""
    argv = [sys.executable, "-m", "inspector", "probe", "--url", good.url, "--oauth"]
    env = {**probe.env, "BROWSER": "true"}
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env) as proc:
        assert proc.stderr is not None
        announced = ""
        while "/authorize?" not in announced:
            line = proc.stderr.readline()
            assert line, "the probe ended before announcing the URL"
            announced = line
        port = int(announced.split("redirect_uri=http%3A%2F%2F127.0.0.1%3A", 1)[1].split("%2F", 1)[0])
        socket.create_connection(("127.0.0.1", port), timeout=5).close()  # the redirect listener waits
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    assert "authorization     not signed in: the sign-in was stopped before it ended" in out
    assert "exit              130 (stopped by SIGINT)" in out and "mcp-session-inspector: stopped by SIGINT" in err


def test_the_tokens_share_the_windows_secrets_json_with_its_saved_servers(good: HttpPeer, probe: Prober) -> None:
    """The window's profile store (the same folder) keeps its servers' secrets beside the tokens:
    a probe sign-in keeps them, and a save of the servers keeps the tokens."""
    folder = probe.secrets.parent
    store = ProfileStore(folder)
    saved = ServerProfile(
        "saved", "", transport="http-auto", url=good.url, headers=[EnvVar("X-Api-Key", "saved-key-1234", secret=True)]
    )
    store.save([saved])
    assert probe("--url", good.url, "--oauth", "--no-browser", record=False).code == 0
    (loaded,) = [p for p in ProfileStore(folder).load() if p.name == "saved"]
    assert [(h.name, h.value, h.secret) for h in loaded.headers] == [("X-Api-Key", "saved-key-1234", True)]
    ProfileStore(folder).save(ProfileStore(folder).load())  # the window saves its servers: the tokens stay
    assert good.url in probe.stored()
    assert stat.S_IMODE(probe.secrets.stat().st_mode) == 0o600
    again = probe("--url", good.url, "--oauth", "--no-browser")
    assert again.code == 0 and again.summary["authorization"]["flow"] is None and again.purposes() == []


def test_without_no_browser_the_system_browser_opens_and_the_url_is_on_stderr(good: HttpPeer, probe: Prober) -> None:
    """``webbrowser`` for real: BROWSER names a script that GETs the URL and follows its redirects,
    as a browser would; the authorization URL is announced on stderr, never on stdout."""
    browser = probe.home / "browser.py"
    browser.write_text("import sys, urllib.request\nurllib.request.urlopen(sys.argv[1], timeout=10).read()\n")
    run = probe("--url", good.url, "--oauth", env={"BROWSER": f"{sys.executable} {browser} %s"})
    assert run.code == 0, run.err
    announced = [line.strip() for line in run.err.splitlines() if "/authorize?" in line]
    assert len(announced) == 1 and announced[0].startswith(f"http://127.0.0.1:{good.port}/authorize?")
    assert "code_challenge_method=S256" in announced[0]
    assert announced[0] not in run.out and announced[0] not in run.record_text  # recorded with state masked
    assert run.err.startswith("mcp-session-inspector probe: sign in: the browser should open this URL")
    assert "browser" in [e["step"] for e in run.flow()]
    assert run.summary["authorization"]["signed_in"] is True


def test_a_2025_03_26_server_is_signed_in_by_that_versions_page(probe: Prober) -> None:
    with oauth_peer("2025-03-26") as peer:
        run = probe(
            *("--url", peer.url, "--oauth", "--no-browser", "--era", "legacy", "--protocol-version", "2025-03-26"),
            *("--request", "tools/call=" + WHOAMI),
        )
    assert run.code == 0, run.err
    assert run.summary["protocol_version"] == "2025-03-26"
    exchanges = [e["exchange"] for e in run.flow() if e.get("step") == "exchange"]
    assert [x["purpose"] for x in exchanges] == ["registration", "authorize", "redirect", "token"]
    assert all(str(x["spec"]).startswith("2025-03-26 basic/authorization") for x in exchanges)
    assert "resource=" not in str(exchanges[1]["url"])  # no resource indicator before 2025-06-18
    assert run.summary["authorization"]["issuer"] == f"http://127.0.0.1:{peer.port}"


def test_without_oauth_a_401_is_explained_as_before(good: HttpPeer, probe: Prober) -> None:
    run = probe("--url", good.url)
    assert run.code == cli.EXIT_PROTOCOL == 5  # today's exit: the start was refused
    assert "authorization" not in run.summary and run.summary["auth_discovery"]
    assert run.flow() == []


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--oauth", "--demo"], "--oauth signs in to a server at a URL: give --url URL"),
        (["--url", "http://127.0.0.1:9/mcp", "--scope", "a"], "--scope goes with --oauth"),
        (["--url", "http://127.0.0.1:9/mcp", "--no-browser", "--client-id", "x"], "--client-id, --no-browser go with "),
        (
            ["--url", "http://127.0.0.1:9/mcp", "--oauth", "--client-id", "x", "--client-secret-env", "OC_UNSET_VAR"],
            "--client-secret-env OC_UNSET_VAR: that environment variable is not set",
        ),
        (["--url", "http://127.0.0.1:9/mcp", "--oauth", "--client-secret-env", "HOME"], "give --client-id too"),
        (["--url", "http://127.0.0.1:9/mcp", "--oauth", "--client-credentials"], "--client-credentials needs"),
        (["--url", "http://127.0.0.1:9/mcp", "--oauth", "--client-auth", "none"], "give --client-id too"),
        (["--url", "http://127.0.0.1:9/mcp", "--oauth", "--bearer-env", "HOME"], "give no --bearer-env with it"),
        (["--url", "http://127.0.0.1:9/mcp", "--oauth", "--client-id", " "], "--client-id is empty: give the"),
        (["--url", "http://127.0.0.1:9/mcp", "--oauth", "--scope", 'a "b"'], "--scope '\"b\"' is not a scope"),
        (["--sign-out", "--demo"], "--sign-out forgets the tokens stored for a server at a URL"),
        (["--url", "http://127.0.0.1:9/mcp", "--sign-out", "--oauth"], "give it with --url alone"),
        (["--url", "http://127.0.0.1:9/mcp", "--sign-out", "--request", "ping"], "give it with --url alone"),
    ],
)
def test_usage_errors(probe: Prober, args: list[str], said: str) -> None:
    env = {k: v for k, v in probe.env.items() if k != "OC_UNSET_VAR"}
    done = subprocess.run(
        [sys.executable, "-m", "inspector", "probe", *args], capture_output=True, text=True, timeout=60, env=env
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("mcp-session-inspector probe: error: ") and said in done.stderr
    assert not probe.secrets.exists()  # nothing was signed out or stored


def test_an_unreachable_server_keeps_its_exit_and_the_secret_is_never_said(probe: Prober) -> None:
    """No authorization ran (nothing answered): exit 3 as without --oauth, not 9; the secret read
    from its variable is nowhere in what the probe wrote."""
    secret = "a-very-secret-value-1234"
    run = probe(
        *("--url", "http://127.0.0.1:9/mcp", "--oauth", "--client-id", "x", "--client-secret-env", "OC_S"),
        *("--timeout", "3"),
        env={"OC_S": secret},
    )
    assert run.code == cli.EXIT_SERVER == 3, run.err
    auth = run.summary["authorization"]
    assert auth["signed_in"] is False and auth["flow"] is None and auth["failed_step"] is None
    assert_nothing_secret(run, {secret})


def test_a_server_that_asks_for_no_sign_in_runs_no_flow(probe: Prober) -> None:
    """--oauth against a server without authorization: no flow, no token stored, exit 0, and the
    summary says the server did not ask (it said "no sign-in was asked for": the user had)."""
    port = free_port()
    with HttpPeer(http_misbehave(port, "good"), port) as peer:
        run = probe("--url", peer.url, "--oauth", "--request", "tools/list")
        text = probe("--url", peer.url, "--oauth", json=False, record=False)
    assert run.code == 0 and text.code == 0, run.err
    assert run.flow() == [] and not any(e.get("event") == "auth_discovery" for e in run.recorded)
    auth = run.summary["authorization"]
    assert auth == {**auth, "signed_in": False, "flow": None, "failed_step": None, "issuer": None}
    assert "authorization     not signed in (the server did not ask for a sign-in)" in text.out
    assert not probe.secrets.exists() or not probe.stored()
