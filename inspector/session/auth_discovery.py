"""Authorization discovery after an HTTP refusal: what a client would look up, fetched and checked.

Theory of operation
-------------------
A protected MCP server refuses a request without a (good) token: 401, or 403 with a Bearer
challenge whose ``error`` is ``insufficient_scope``. The inspector cannot sign in yet (no token
requests, no browser, no redirect listener), but it can say what a client would do next and
whether the server makes that possible. This module is that first, visible slice of issue 25:
discovery only.

:func:`refusal_in` finds the refusal in a recording (the last ``http_exchange`` with 401, or 403
``insufficient_scope``) with its ``WWW-Authenticate`` values. :func:`discover` then runs the
sans-IO core's plan for the protocol version in force (:mod:`inspector.protocol.oauth_discovery`):
the challenge is checked (:func:`~inspector.protocol.oauth_challenge.challenge_findings`), the
Protected Resource Metadata URLs are fetched in order until one answers 200 with a JSON body, then
the authorization server metadata URLs of the issuer it names (or 2025-03-26's server-origin
metadata, the plan itself in that version and the backward-compatible fallback after it, with its
default endpoints when nothing answers). Each document is checked by
:mod:`inspector.protocol.oauth_metadata`; a blocking finding (an ``ERROR`` rule) in the Protected
Resource Metadata stops there, as the client must not use it. Every GET is real, through an httpx
client made as the HTTP transport makes its own (:func:`inspector.transport.http_wire.new_client`:
the same TLS verification, proxies from the environment, redirects never followed), bounded in
time (``timeout``) and in size (``limit`` bytes of body). The requests carry no header of the
session's: the bearer token and the user's headers are for the MCP server, and metadata is public;
2025-03-26 adds ``MCP-Protocol-Version`` as its page asks.

The result is an :class:`AuthDiscovery`: the steps (:class:`Fetched`: the URL with the secrets
of its query masked, why it was tried, the status and what came of it), the documents found, the
registration and scopes a sign-in would use, and every finding. :meth:`AuthDiscovery.data` is the
same as JSON (the probe's ``--json`` and the recording); :func:`report_lines` words that data in
English for the probe's summary, and :func:`step_text`, :func:`finding_note` and
:func:`conclusion_text` give the one-line notes the transcript shows. :func:`explain_refusal` ties it to a session:
it records each GET and each finding as an ``auth_discovery`` event where the refusal left the
session (the recording keeps the exchanges' data, secrets masked), and returns the result for the
front-end's summary. Nothing here changes the session's outcome or the probe's exit code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import anyio
import httpx
import orjson

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.oauth_challenge import BearerChallenge, bearer_of, challenge_findings, parse_challenges
from inspector.protocol.oauth_discovery import (
    CANDIDATE_KINDS,
    Candidate,
    as_metadata_candidates,
    discovery_plan,
    legacy_base_url,
    metadata_request_headers,
    nothing_found,
)
from inspector.protocol.oauth_flow import select_scope
from inspector.protocol.oauth_metadata import (
    AuthServerMetadata,
    ProtectedResourceMetadata,
    choose_authorization_server,
    choose_registration,
    default_metadata,
    read_as_metadata,
    read_prm,
)
from inspector.protocol.oauth_rules import AuthFinding
from inspector.transport.base import HttpSpec
from inspector.transport.http_wire import new_client, why_failed

from .recording import Recording
from .secrecy import masked_url, masked_urls_in
from .session import Session

#: The event name of the recorded discovery steps.
EVENT = "auth_discovery"
#: A metadata document longer than this is not read further (it is then no JSON: moved past).
DEFAULT_LIMIT = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Refusal:
    """The HTTP refusal that asks for authorization: its status, the URL (as recorded) and the
    ``WWW-Authenticate`` values (``None``: the response had none)."""

    status: int
    url: str
    challenge: tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class Fetched:
    """One GET of the discovery: the URL as shown (secrets masked), the candidate's kind and the
    section that puts it in the list, the status (``None``: no answer) with its reason phrase or
    why the request failed, the content type, and ``result``: ``document`` (200 with a JSON body:
    the discovery stops looking there), ``http-status``, ``not-json`` or ``failed``."""

    url: str
    kind: str
    basis: str
    status: int | None
    reason: str
    content_type: str
    result: str
    #: what the GET sent besides httpx's own (2025-03-26: MCP-Protocol-Version); never a secret
    request_headers: tuple[tuple[str, str], ...] = ()

    def data(self) -> JsonObject:
        return {
            "method": "GET",
            "url": self.url,
            "request_headers": dict(self.request_headers),
            "kind": self.kind,
            "basis": self.basis,
            "status": self.status,
            "reason": self.reason,
            "content_type": self.content_type,
            "result": self.result,
        }


@dataclass
class AuthDiscovery:
    """What discovery found for one refusal (see the module's theory)."""

    version: str
    refusal: Refusal
    bearer: BearerChallenge | None = None
    fetched: list[Fetched] = field(default_factory=list)
    prm: ProtectedResourceMetadata | None = None
    issuer: str | None = None
    metadata: AuthServerMetadata | None = None
    fallback: bool = False  # 2025-03-26's discovery used by a later version (no PRM found)
    registration: str | None = None
    scopes: tuple[str, ...] | None = None
    findings: list[AuthFinding] = field(default_factory=list)
    #: the version has no authorization section (2024-11-05): nothing was fetched
    no_section: bool = False

    @property
    def blocked(self) -> bool:
        """A finding stops a sign-in (an ``ERROR`` rule)."""
        return any(f.blocking for f in self.findings)

    def data(self) -> JsonObject:
        meta = self.metadata
        return {
            "version": self.version,
            "status": self.refusal.status,
            "url": self.refusal.url,
            "www_authenticate": list(self.refusal.challenge) if self.refusal.challenge is not None else None,
            "resource_metadata": masked_url(self.bearer.resource_metadata)
            if self.bearer and self.bearer.resource_metadata
            else None,
            "challenge_scope": list(self.bearer.scope) if self.bearer and self.bearer.scope is not None else None,
            "fetched": [f.data() for f in self.fetched],
            "protected_resource": None
            if self.prm is None
            else {
                "url": masked_url(self.prm.url),
                "resource": self.prm.resource,
                "authorization_servers": list(self.prm.authorization_servers),
                "scopes_supported": None if self.prm.scopes_supported is None else list(self.prm.scopes_supported),
            },
            "issuer": self.issuer,
            "authorization_server": None
            if meta is None
            else {
                "url": masked_url(meta.url),
                "issuer": meta.issuer,
                "kind": meta.kind,
                "authorization_endpoint": meta.authorization_endpoint,
                "token_endpoint": meta.token_endpoint,
                "registration_endpoint": meta.registration_endpoint,
                "code_challenge_methods_supported": None
                if meta.code_challenge_methods_supported is None
                else list(meta.code_challenge_methods_supported),
                "default_endpoints": meta.from_defaults,
            },
            "fallback_2025_03_26": self.fallback,
            "registration": self.registration,
            "scopes": None if self.scopes is None else list(self.scopes),
            "findings": [finding_data(f) for f in self.findings],
            "blocked": self.blocked,
            "sign_in": "blocked" if self.blocked or self.no_section else "needed (not done: discovery only)",
        }


def finding_data(f: AuthFinding) -> JsonObject:
    """A finding as JSON: the rule id, its severity, words and spec section, and where."""
    rule = f.rule
    return {
        "rule": f.rule_id,
        "severity": rule.severity.value,
        "text": rule.text,
        "spec": rule.spec,
        "expected": masked_urls_in(f.expected),
        "found": masked_urls_in(f.found),
        "where": masked_urls_in(f.where),
    }


def refusal_in(rec: Recording) -> Refusal | None:
    """The last HTTP exchange of ``rec`` that asks for authorization: a 401, or a 403 whose Bearer
    challenge says ``insufficient_scope``; ``None`` when there is none."""
    for seq in reversed(rec.exchange_rows):
        info = rec.extra_at(seq).get("http")
        if not isinstance(info, dict):
            continue
        status = info.get("status")
        headers = info.get("response_headers")
        header = headers.get("www-authenticate") if isinstance(headers, dict) else None
        values = (header,) if isinstance(header, str) else None  # several fields come joined by ", "
        if status == 401 or status == 403 and values and _insufficient_scope(values):
            url = info.get("url")
            return Refusal(status, url if isinstance(url, str) else "", values)
    return None


def _insufficient_scope(values: Sequence[str]) -> bool:
    bearer = bearer_of(parse_challenges(values))
    return bearer is not None and bearer.insufficient_scope


def _step(
    cand: Candidate, shown: str, status: int | None, reason: str, ctype: str, result: str, headers: dict[str, str]
) -> Fetched:
    return Fetched(shown, cand.kind, cand.basis, status, reason, ctype, result, tuple(headers.items()))


async def _get(
    client: httpx.AsyncClient, cand: Candidate, version: str, timeout: float, limit: int
) -> tuple[Fetched, JsonValue]:
    """One candidate fetched: the step, and the decoded document (``None`` unless ``document``)."""
    shown = masked_url(cand.url)
    headers = metadata_request_headers(version)
    status: int | None = None
    reason, ctype = "", ""
    body = bytearray()
    try:
        with anyio.fail_after(timeout):
            async with client.stream("GET", cand.url, headers=headers) as response:
                status, reason = response.status_code, response.reason_phrase
                ctype = response.headers.get("content-type", "")
                if status == 200:
                    async for chunk in response.aiter_bytes():
                        body += chunk
                        if len(body) > limit:
                            break
    except TimeoutError:
        return _step(cand, shown, status, f"no answer within {timeout:g} s", ctype, "failed", headers), None
    except (httpx.HTTPError, OSError, ValueError) as exc:
        why = masked_urls_in(why_failed(exc))
        return _step(cand, shown, status, why, ctype, "failed", headers), None
    if status != 200:
        return _step(cand, shown, status, reason, ctype, "http-status", headers), None
    try:
        doc = orjson.loads(bytes(body)) if len(body) <= limit else None
    except orjson.JSONDecodeError:
        doc = None
    if doc is None:
        return _step(cand, shown, status, reason, ctype, "not-json", headers), None
    return _step(cand, shown, status, reason, ctype, "document", headers), doc


async def _first_document(
    client: httpx.AsyncClient,
    cands: Sequence[Candidate],
    d: AuthDiscovery,
    timeout: float,
    limit: int,
) -> tuple[Candidate, JsonValue] | None:
    for cand in cands:
        step, doc = await _get(client, cand, d.version, timeout, limit)
        d.fetched.append(step)
        if step.result == "document":
            return cand, doc
    return None


async def discover(
    server_url: str,
    refusal: Refusal,
    version: str,
    *,
    verify_tls: bool = True,
    timeout: float = 10.0,
    limit: int = DEFAULT_LIMIT,
) -> AuthDiscovery:
    """Discovery for the MCP server at ``server_url`` after ``refusal``, by ``version``'s page."""
    d = AuthDiscovery(version, refusal)
    header = refusal.challenge
    d.bearer = bearer_of(parse_challenges(header)) if header else None
    d.findings += challenge_findings(refusal.status, header, version)
    plan = discovery_plan(server_url, d.bearer.resource_metadata if d.bearer else None, version)
    if plan is None:
        d.no_section = True
        return d
    client = new_client(HttpSpec(server_url, verify_tls=verify_tls))
    async with client:
        found = await _first_document(client, plan.prm, d, timeout, limit)
        if found is not None:
            d.prm, more = read_prm(found[1], server_url, found[0])
            d.findings += more
            if any(f.blocking for f in more) or d.prm is None:
                return d
            d.issuer, more = choose_authorization_server(d.prm)
            d.findings += more
            if d.issuer is None:
                return d
            cands = as_metadata_candidates(d.issuer, version)
        else:
            missing = nothing_found(plan.prm)
            if missing is not None:  # None: 2025-03-26 has no PRM to miss
                d.findings.append(missing)
            cands = plan.legacy_metadata
            d.fallback = plan.legacy_is_fallback
        found = await _first_document(client, cands, d, timeout, limit)
    if found is not None:
        d.metadata, more = read_as_metadata(found[1], found[0], version)
        d.findings += more
    else:
        missing = nothing_found(cands)
        if missing is not None:
            d.findings.append(missing)
        if d.prm is None and plan.legacy_defaults is not None:
            d.metadata = default_metadata(plan.legacy_defaults, legacy_base_url(server_url))
    if d.metadata is not None:
        choice = choose_registration(d.metadata, version, client_id=None)
        d.registration = choice.mechanism
        d.findings += choice.findings
        d.scopes = select_scope(d.bearer.scope if d.bearer else None, d.prm.scopes_supported if d.prm else None).scopes
    return d


# ---------------------------------------------------------------------- words (English)

RESULT_WORDS = {
    "document": "a JSON document",
    "http-status": "no document, the next URL is tried",
    "not-json": "not a JSON document, the next URL is tried",
    "failed": "the request failed, the next URL is tried",
}


def _answer(status: JsonValue, reason: JsonValue) -> str:
    return f"{status} {reason}".strip() if isinstance(status, int) else str(reason)


def step_text(f: Fetched) -> str:
    """One GET in a line: ``GET URL → 200 OK: a JSON document`` (the transcript's note)."""
    return f"GET {f.url} → {_answer(f.status, f.reason)}: {RESULT_WORDS[f.result]}"


def finding_note(f: AuthFinding) -> str:
    """A finding in a line (the transcript's note; :func:`report_lines` says it all)."""
    return f"{f.rule_id} ({f.rule.severity.value}): {f.rule.text}"


def conclusion_text(d: AuthDiscovery) -> str:
    """What discovery found and what a client would do next (the probe does not sign in yet)."""
    head = f"authorization discovery ({d.version}, after HTTP {d.refusal.status}): "
    if d.no_section:
        return head + f"{d.version} has no authorization section; nothing was looked up."
    if d.blocked:
        rules = ", ".join(dict.fromkeys(f.rule_id for f in d.findings if f.blocking))
        return head + f"a sign-in cannot go ahead: {rules}"
    meta = d.metadata
    if meta is None:
        return head + "no usable metadata"
    return head + f"a sign-in is needed at {meta.authorization_endpoint} (not done: discovery only)"


def _found_lines(auth: JsonObject) -> list[str]:
    out: list[str] = []
    prm = auth.get("protected_resource")
    if isinstance(prm, dict):
        servers = ", ".join(prm.get("authorization_servers") or ()) or "none"
        scopes = " ".join(prm.get("scopes_supported") or ()) or "none listed"
        out.append(
            f"found: Protected Resource Metadata at {prm.get('url')}: resource {prm.get('resource')}, "
            f"authorization servers {servers}, scopes {scopes}"
        )
    elif auth.get("fallback_2025_03_26"):
        out.append("found: no Protected Resource Metadata; 2025-03-26's discovery is the backward-compatible fallback")
    meta = auth.get("authorization_server")
    if isinstance(meta, dict) and meta.get("default_endpoints"):
        out.append(
            f"found: no authorization server metadata: 2025-03-26's default endpoints at {meta.get('issuer')} "
            f"(authorize {meta.get('authorization_endpoint')}, token {meta.get('token_endpoint')}, "
            f"registration {meta.get('registration_endpoint')})"
        )
    elif isinstance(meta, dict):
        pkce = " ".join(meta.get("code_challenge_methods_supported") or ()) or "not advertised"
        out.append(
            f"found: authorization server {meta.get('issuer')} (metadata at {meta.get('url')}): "
            f"authorize {meta.get('authorization_endpoint')}, token {meta.get('token_endpoint')}, "
            f"registration {meta.get('registration_endpoint') or 'none'}, PKCE methods {pkce}"
        )
    return out


def report_lines(auth: JsonObject) -> list[str]:
    """:meth:`AuthDiscovery.data` in words, for the probe's summary: the refusal, each URL tried
    with its status and why it was tried, what was found, every finding with its rule id, words
    and spec section, and what a client would do next."""
    status = auth.get("status")
    challenge = auth.get("www_authenticate")
    said = "; ".join(challenge) if isinstance(challenge, list) and challenge else "no WWW-Authenticate"
    out = [f"discovery by {auth.get('version')}'s authorization page, after HTTP {status} ({said})"]
    for step in auth.get("fetched") or ():
        kind = CANDIDATE_KINDS.get(str(step.get("kind")), str(step.get("kind")))
        result = RESULT_WORDS.get(str(step.get("result")), str(step.get("result")))
        out.append(f"  GET {step.get('url')} → {_answer(step.get('status'), step.get('reason'))}: {result}")
        out.append(f"      tried as {kind} ({step.get('basis')})")
    out += ["  " + line for line in _found_lines(auth)]
    for f in auth.get("findings") or ():
        out.append(f"  {f.get('rule')} ({f.get('severity')}): {f.get('text')}")
        detail = "; ".join(
            f"{label} {f.get(key)}"
            for label, key in (("expected", "expected"), ("found", "found"), ("at", "where"))
            if f.get(key)
        )
        if detail:
            out.append(f"      {detail}")
        out.append(f"      spec: {f.get('spec')}")
    if auth.get("blocked"):
        out.append("  sign-in: blocked by the errors above; a client must not go on with this server's metadata")
    elif auth.get("authorization_server"):
        scopes = " ".join(auth.get("scopes") or ()) or "none named"
        meta = auth["authorization_server"]
        out.append(
            f"  sign-in: needed. A client would use the authorization code flow with PKCE (S256) at "
            f"{meta.get('authorization_endpoint')}, client registration: {auth.get('registration')}, scope: {scopes}."
        )
        out.append("  The probe does discovery only: it does not sign in yet (--bearer-env VAR sends a token you got).")
    else:
        out.append("  sign-in: not possible with what was found")
    return out


# ---------------------------------------------------------------------- the session's side


async def explain_refusal(session: Session) -> AuthDiscovery | None:
    """Discovery after the refusal an HTTP session met (``None``: not HTTP, a session with an
    authorizer, or no 401 / 403 ``insufficient_scope`` in its recording), each step recorded as an
    ``auth_discovery`` event."""
    spec = session.options.transport
    if not isinstance(spec, HttpSpec) or spec.authorizer is not None:  # the authorizer met the refusal itself
        return None
    refusal = refusal_in(session.recording)
    if refusal is None:
        return None
    eng = session.engine
    version = eng.version or eng.offered_version or eng.config.modern_version
    d = await discover(
        spec.url,
        refusal,
        version,
        verify_tls=spec.verify_tls,
        timeout=session.options.connect_timeout,
        limit=session.options.max_line,
    )
    for step in d.fetched:
        session.record_note(step_text(step), {"event": EVENT, "step": "fetch", "fetch": step.data()})
    for f in d.findings:
        session.record_note(finding_note(f), {"event": EVENT, "step": "finding", "finding": finding_data(f)})
    session.record_note(conclusion_text(d), {"event": EVENT, "step": "conclusion", "auth": d.data()})
    return d
