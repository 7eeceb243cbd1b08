"""The Connection Doctor's checks that need the server itself: one real session, read. No Qt.

Theory of operation. The doctor writes no client of its own: it runs one
:class:`~.session.Session` with the server, exactly as the window and the probe do (the same
start sequence, eras, timeouts), and reads the checks off its recording and summary. stdio: the
process stayed up (or how it ended, with the stderr lines that say why: :mod:`.stderr_digest`),
what it wrote on stdout before the handshake was done (lines the engine flagged as not JSON,
quoted as written), the start sequence (answered in time, which era and version, or the engine's
outcome code). HTTP: the first POST's exchange (status, content type; a body that is no message
quoted), a refusal for credentials and what authorization discovery finds behind it
(:func:`~.auth_discovery.explain_refusal`), the transport that answered, the start sequence.
The session is ended per spec when the checks have what they need; nothing is recorded to a
file.
"""

from __future__ import annotations

import dataclasses
from urllib.parse import urljoin

from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.transport.base import HttpSpec, StdioSpec, describe_exit

from .auth_discovery import AuthDiscovery, discover, explain_refusal, refusal_in
from .core import SessionOptions
from .doctor import Check, failed, passed, warned
from .outcomes import StartFailed
from .recording import Direction, Recording
from .secrecy import masked_url
from .session import Session
from .stderr_digest import recording_stderr, stderr_digest

#: How many lines of output a check quotes, and how much of each.
QUOTED_LINES = 5
QUOTED_CHARS = 200
#: The rules that flag a stdout line as no JSON-RPC message.
NOT_JSON_RULES = frozenset({"stdio.not-json", "stdio.partial-line", "jsonrpc.not-a-message"})
#: What a stdout line is when it is no JSON-RPC message: not JSON (a banner, a blank line, bytes
#: that are not UTF-8), or JSON that is not JSON-RPC (a JSON logger's record: pino, structlog).
NOT_JSON_RPC = frozenset({Kind.NOISE, Kind.INVALID})


def quote(raw: bytes) -> str:
    text = raw.decode("utf-8", "replace").rstrip("\r\n")
    return text if len(text) <= QUOTED_CHARS else text[:QUOTED_CHARS] + "…"


def _seconds(value: float) -> str:
    return f"{value:.2f}"


def _private(options: SessionOptions, spec: StdioSpec | HttpSpec) -> SessionOptions:
    """The session's options for the doctor: its spec, no recording file, no step mode."""
    return dataclasses.replace(options, transport=spec, record_path=None, step=False)


def _established_at(rec: Recording) -> int | None:
    """The first entry after which the session operates (legacy) or is ready (modern)."""
    return next((i for i in range(len(rec)) if rec.state_at(i) in (State.OPERATING, State.READY)), None)


def start_check(session: Session, seconds: float, why: str, quoted: list[str] | None = None) -> Check:
    """The start sequence: answered (era, version, how long, why that era) or the outcome, with
    ``quoted`` (the server's telling stderr lines) when it failed."""
    s = session.engine.summary()
    if _established_at(session.recording) is not None and not s.get("outcome_code"):
        era = "modern" if s.get("era") == "modern" else "legacy"
        return passed(
            "start",
            era,
            version=str(s.get("protocol_version") or "?"),
            seconds=_seconds(seconds),
            basis=str(s.get("era_reason") or ""),
        )
    code = s.get("outcome_code")
    outcome = str(s.get("outcome") or why or "the start sequence failed")
    return failed("start", str(code or "unknown"), quoted or (), outcome=outcome)


def stderr_told(rec: Recording) -> list[str]:
    """The server's stderr lines that say why it failed (else its last ones), cut for quoting."""
    lines = [line.rstrip("\r\n") for line in recording_stderr(rec)]
    told = stderr_digest(lines) or [x for x in lines if x.strip()][-QUOTED_LINES:]
    return [t if len(t) <= QUOTED_CHARS else t[:QUOTED_CHARS] + "…" for t in told]


# ---------------------------------------------------------------------- stdio


async def run_stdio_session(spec: StdioSpec, options: SessionOptions, stay_up: float) -> list[Check]:
    """process, stdout and start, from one session with the server."""
    session = Session(_private(options, spec))
    why = ""
    exited: tuple[int | None, int | None] | None = None
    try:
        async with session:
            spawned = session.clock()
            try:
                await session.start()
            except StartFailed as exc:
                why = str(exc)
            answered = session.clock() - spawned
            if not why:
                await session.wait_exit(stay_up)
            took = session.clock() - spawned
            if session.returncode is not None or session.signal is not None:
                exited = (session.returncode, session.signal)
                took = _exit_time(session.recording, took)
            pid = getattr(session.transport, "pid", None)
            start = start_check(session, answered, why, stderr_told(session.recording) if why else None)
    except StartFailed as exc:  # it could not be spawned
        return [failed("process", "spawn-failed", why=str(exc))]
    rec = session.recording
    if exited is not None:
        return [failed("process", "exited", stderr_told(rec), how=describe_exit(*exited), seconds=_seconds(took))]
    out = [passed("process", "running", pid=str(pid or "?"), seconds=_seconds(took))]
    out.append(stdout_check(rec))
    out.append(start)
    return out


def _exit_time(rec: Recording, fallback: float) -> float:
    """How long after its spawn the server exited, by the recording's process events."""
    times: dict[str, float] = {}
    for i in range(len(rec)):
        event = rec.extra_at(i).get("event")
        if rec.direction_at(i) is Direction.EVENT and isinstance(event, str):
            times.setdefault(event, rec.t_at(i))
    if "spawned" in times and "exited" in times:
        return max(0.0, times["exited"] - times["spawned"])
    return fallback


def stdout_check(rec: Recording) -> Check:
    """What the server wrote on stdout before the session was established: JSON-RPC only (a line
    that is no JSON, or JSON that is no JSON-RPC message, as a JSON logger writes, is quoted)."""
    end = _established_at(rec)
    end = len(rec) if end is None else end + 1
    lines = [i for i in range(end) if rec.direction_at(i) is Direction.S2C]
    noise = [i for i in lines if rec.kind_at(i) in NOT_JSON_RPC or NOT_JSON_RULES & set(rec.violations_at(i))]
    if noise:
        quoted = [quote(rec.raw_at(i)) for i in noise[:QUOTED_LINES]]
        return failed("stdout", "noise", quoted, count=str(len(noise)))
    return passed("stdout", "clean", count=str(len(lines)))


# ---------------------------------------------------------------------- HTTP


async def run_http_session(spec: HttpSpec, options: SessionOptions) -> list[Check]:
    """http-status, authorization, transport and start, from one session with the server."""
    session = Session(_private(options, spec))
    why = ""
    auth: AuthDiscovery | None = None
    async with session:
        began = session.clock()
        try:
            await session.start()
        except StartFailed as exc:
            why = str(exc)
            auth = await _explain(session, spec)
        took = session.clock() - began
        start = start_check(session, took, why)
    rec = session.recording
    summary = session.engine.summary()
    out = [status_check(rec, summary, why)]
    out.append(authorization_check(rec, auth, credentials_given(spec)))
    out.append(transport_check(rec, summary, start))
    out.append(start)
    return out


async def _explain(session: Session, spec: HttpSpec) -> AuthDiscovery | None:
    """Authorization discovery behind the refusal the session met (also when a stored token was
    sent and refused: :func:`~.auth_discovery.explain_refusal` leaves that to the authorizer)."""
    if spec.authorizer is None:
        return await explain_refusal(session)
    refusal = refusal_in(session.recording)
    if refusal is None:
        return None
    eng = session.engine
    version = eng.version or eng.offered_version or eng.config.modern_version
    options = session.options
    return await discover(
        spec.url, refusal, version, verify_tls=spec.verify_tls, timeout=options.connect_timeout, limit=options.max_line
    )


def _exchanges(rec: Recording) -> list[tuple[int, JsonObject]]:
    """The HTTP exchanges that got an answer: (entry, the exchange's data)."""
    out = []
    for seq in rec.exchange_rows:
        info = rec.extra_at(seq).get("http")
        if isinstance(info, dict) and isinstance(info.get("status"), int):
            out.append((seq, info))
    return out


def _body_lines(rec: Recording, row: int) -> list[str]:
    """What came back in the exchange at entry ``row`` besides its event: the body, or the
    transport's note quoting it, up to the next exchange."""
    later = [r for r in rec.exchange_rows if r > row]
    out = []
    for i in range(row + 1, later[0] if later else len(rec)):
        if rec.direction_at(i) in (Direction.S2C, Direction.NOTE) and rec.raw_at(i).strip():
            out.append(quote(rec.raw_at(i)))
    return out[:QUOTED_LINES]


def _request_method(rec: Recording, info: JsonObject) -> str:
    seq = info.get("request_seq")
    if isinstance(seq, int) and 0 <= seq < len(rec):
        return rec.method_at(seq) or "?"
    headers = info.get("request_headers")
    method = headers.get("Mcp-Method") if isinstance(headers, dict) else None
    return method if isinstance(method, str) else "?"


def _header(info: JsonObject, name: str) -> str:
    """A response header of the exchange (its recorded name is lower case), or ""."""
    headers = info.get("response_headers")
    value = headers.get(name) if isinstance(headers, dict) else None
    return value.strip() if isinstance(value, str) else ""


def _content_type(info: JsonObject) -> str:
    ctype = _header(info, "content-type")
    return ctype.split(";")[0].strip() if ctype else "no content type"


def _status(info: JsonObject) -> int:
    status = info.get("status")
    return status if isinstance(status, int) else 0


def status_check(rec: Recording, summary: JsonObject, why: str) -> Check:
    """The POSTs of the start sequence: the one that was answered (after a refused probe, say
    so), or the one that was not, with its status, content type and body."""
    end = _established_at(rec)
    posts = [(row, x) for row, x in _exchanges(rec) if x.get("method") == "POST" and (end is None or row <= end)]
    if not posts:
        return _stream_check(rec) or failed(
            "http-status", "no-answer", why=why or str(summary.get("outcome") or "no exchange")
        )

    def values(info: JsonObject) -> dict[str, str]:
        return {
            "request": _request_method(rec, info),
            "url": str(info.get("url") or ""),
            "status": str(_status(info)),
            "content_type": _content_type(info),
        }

    first_row, first = posts[0]
    refused = next(((row, x) for row, x in posts if _status(x) in (401, 403)), None)
    if refused is not None:
        return passed("http-status", "auth-asked", **values(refused[1]))
    sse = str(getattr(summary.get("transport"), "value", "")) == "sse"
    if end is not None and sse and not 200 <= _status(first) < 300:  # HTTP+SSE after a refused POST
        return passed("http-status", "fell-back", **values(first))
    row, last = posts[-1]
    status = _status(last)
    if 200 <= status < 300:
        ctype = _content_type(last)
        if status != 202 and ctype not in ("application/json", "text/event-stream"):
            return failed("http-status", "content-type", _body_lines(rec, row), **values(last))
        if row != first_row and not 200 <= _status(first) < 300:
            before = values(first)
            return passed(
                "http-status", "after-refusal", first=before["request"], first_status=before["status"], **values(last)
            )
        return passed("http-status", "ok", **values(last))
    location = _header(last, "location")
    if 300 <= status < 400 and location:  # never followed by the session: where it points is the finding
        return failed(
            "http-status",
            "redirect",
            location=masked_url(urljoin(str(last.get("url") or ""), location)),
            **values(last),
        )
    return failed("http-status", "bad-status", _body_lines(rec, row), **values(last))


def _stream_check(rec: Recording) -> Check | None:
    """HTTP+SSE's event stream refused before any POST (its GET answered, not with a stream):
    that answer, or None (no GET was answered)."""
    gets = [(row, x) for row, x in _exchanges(rec) if x.get("method") == "GET"]
    if not gets:
        return None
    row, info = gets[0]
    status = _status(info)
    values = {"url": str(info.get("url") or ""), "status": str(status), "content_type": _content_type(info)}
    if status in (401, 403):
        return passed("http-status", "stream-auth-asked", **values)
    return failed("http-status", "stream-status", _body_lines(rec, row), **values)


def credentials_given(spec: HttpSpec) -> str:
    """The names of the headers that carry credentials to the server (an Authorization header or
    an authorizer's token, any header kept secret: ``--bearer-env``, an API key), comma-separated;
    "" for none."""
    names = [n for n in spec.headers if n.strip().lower() == "authorization"] + list(spec.secret_headers)
    if spec.authorizer is not None and spec.authorizer.authorization() is not None:
        names.insert(0, "Authorization")  # a stored OAuth token
    return ", ".join(dict.fromkeys(names))


def authorization_check(rec: Recording, auth: AuthDiscovery | None, given: str = "") -> Check:
    """Whether credentials were asked for, and whether a client could sign in (OAuth metadata);
    a 401 to credentials that were given is their refusal (``given``: the headers' names)."""
    refused = auth.refusal.status if auth is not None else getattr(refusal_in(rec), "status", None)
    if given and refused == 401:
        return failed("authorization", "refused-given", status="401", headers=given)
    if auth is not None:
        status = str(auth.refusal.status)
        if auth.prm is None and (auth.metadata is None or auth.metadata.from_defaults):
            return failed("authorization", "no-oauth", status=status)
        if auth.blocked:
            reason = next((f.rule.text for f in auth.findings if f.blocking), "a finding blocks it")
            return failed("authorization", "oauth-blocked", status=status, why=reason)
        issuer = auth.issuer or (auth.metadata.issuer if auth.metadata is not None else None) or "?"
        return failed("authorization", "oauth", status=status, issuer=str(issuer))
    refusal = refusal_in(rec)
    if refusal is not None:
        return failed("authorization", "no-oauth", status=str(refusal.status))
    if any(_status(x) == 403 for _, x in _exchanges(rec)):
        return failed("authorization", "forbidden", status="403")
    return passed("authorization", "not-asked")


def transport_check(rec: Recording, summary: JsonObject, start: Check) -> Check:
    """Streamable HTTP or HTTP+SSE: the transport that carried the start sequence."""
    wire = getattr(summary.get("transport"), "value", summary.get("transport"))
    answered = any(200 <= _status(x) < 300 for _, x in _exchanges(rec))
    if start.verdict.value == "pass" or answered:
        if wire == "sse":
            return passed("transport", "sse")
        if wire == "streamable-http":
            return passed("transport", "streamable-http")
    if answered:
        return warned("transport", "unknown")
    return failed("transport", "unknown")
