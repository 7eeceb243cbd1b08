"""The authorization of a session as ordered steps: what each step is, what was expected, what
was found, its findings and the spec section, for the window's Authorization view and banner.

Theory of operation
-------------------
Authorization leaves EVENT entries in a recording: discovery (:mod:`.auth_discovery`, extra
``{"event": "auth_discovery", "step": "fetch" | "finding" | "conclusion"}``) and the sign-in flow
(extra ``{"event": "auth_flow", "step": "exchange" | "finding" | "signed-in" | "failed"}``, each
exchange with its ``purpose``, request and response, what the spec expects of it and its section).
:func:`auth_steps` reads them, in the recording's order, into :class:`AuthStep` values: the refusal
that asked for authorization (the last 401, or 403 with a Bearer challenge, before the first of
them), each discovery GET, the discovery's conclusion, each exchange of the flow, and the result
(signed in, or failed). A finding belongs to the step it names (its ``where`` is the step's URL),
else by its rule to the refusal (a challenge rule), else to the step before it (a flow's
finding follows its exchange) or the conclusion (discovery records its findings after its GETs).
The flow's other steps (its client identity, the browser, a step-up, a note) are steps with the
text they were recorded with. A step failed when one of its findings is an ``ERROR`` rule, when
its exchange got an HTTP error (not the 401 the flow's challenge request draws), or when the
flow's ``failed`` event names it (its ``failed_step``: the latest step of that kind);
:attr:`AuthView.failing` is the first such step, and :func:`failure_line` words it for the
failure banner.

Each spec section is given for the version in force (the discovery's version, else the one the
flow's exchanges cite, else the one the session settled or offered): a rule cites one version's
page; when the version in force has the same section (on that page, or on the single
authorization page older versions have; by its older name, if it had one) that one is named,
else the rule's own. Everything the server sent (a URL, a reason, the flow's texts) stays
as it came, to be shown as plain text; the words of this module are English in :data:`WORDS` and
:data:`STEP_TITLES` (context :data:`CONTEXT`, read by ``scripts/i18n.py``) and go through the
caller's ``tr``, with rule texts in "Rules".
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime

import orjson

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.oauth_discovery import CANDIDATE_KINDS
from inspector.protocol.oauth_rules import AUTH_RULES
from inspector.protocol.rules import Severity
from inspector.protocol.teaching import slug

from .recording import Direction, Recording
from .spec_pages import read_page, spec_pages
from .translate import Translate, untranslated
from .version_in_force import version_in_force

__all__ = [
    "BODY_CHARS",
    "CONTEXT",
    "STEP_TITLES",
    "WORDS",
    "AuthFindingRow",
    "AuthStep",
    "AuthView",
    "all_words",
    "auth_steps",
    "auth_failure",
    "detail_text",
    "failure_line",
    "finding_mark",
    "mcp_ref",
    "spec_in_force",
]

CONTEXT = "AuthView"

#: The view's words: step titles by kind (a discovery GET is titled by its candidate's kind), what
#: a step expects and finds, and the banner's line.
WORDS = {
    "refusal": "The server's refusal",
    "refusal-expected": "401 (or 403 insufficient_scope) with a Bearer challenge naming the resource metadata",
    "conclusion": "Discovery result",
    "conclusion-expected": "usable metadata: a sign-in can go ahead",
    "blocked": "a sign-in cannot go ahead: {rules}",
    "no-section": "{version} has no authorization section; nothing was looked up",
    "needed": "a sign-in is needed at {endpoint} (registration: {registration}, scope: {scope})",
    "no-metadata": "no usable metadata",
    "signed-in-found": "issuer {issuer}, client {client}, scopes {scopes}, expires {expires}",
    "fetch-expected": "200 with a JSON document",
    "no-answer": "no answer",
    "failure": "Authorization failed at: {step} — {why}",
    # the full text of a step or a finding (:func:`detail_text`)
    "line": "{label}: {value}",
    "Request": "Request",
    "Expected": "Expected",
    "Found": "Found",
    "Where": "Where",
    "Spec": "Spec",
    "request_headers": "Request headers",
    "request_body": "Request body",
    "response_headers": "Response headers",
    "response_body": "Response body",
    "cut": "… ({n} characters more)",
    # a GET's result (auth_discovery.RESULT_WORDS)
    "document": "a JSON document",
    "http-status": "no document, the next URL is tried",
    "not-json": "not a JSON document, the next URL is tried",
    "request-failed": "the request failed, the next URL is tried",
}
#: The title of a step of the sign-in flow, by its exchange's purpose or its event's step (and
#: the step a failed flow names).
STEP_TITLES = {
    "challenge": "Request without a token (draws the challenge)",
    "registration": "Client registration",
    "client": "Client identity",
    "client-registration": "Client registration",
    "client-metadata": "Client ID Metadata Document",
    "client-authentication": "Client authentication",
    "browser": "Browser",
    "authorize": "Authorization request",
    "redirect": "Redirect back to the client",
    "token": "Token request",
    "refresh": "Token refresh",
    "client-credentials": "Client credentials grant",
    "step-up": "Step-up authorization",
    "info": "Note",
    "discovery": "Discovery",
    "authorization-server": "Authorization server metadata",
    "signed-in": "Signed in",
    "failed": "Sign-in failed",
}
#: The kinds of step a failed flow's ``failed_step`` may be (the latest such is marked failed).
_FAILED_AT = {
    "discovery": ("conclusion", "fetch"),
    "authorization-server": ("fetch",),
    "client-registration": ("registration", "client-metadata", "client"),
    "client-authentication": ("client",),
    "authorize": ("authorize", "browser"),
    "redirect": ("redirect",),
    "token": ("token", "refresh", "client-credentials"),
}
_RESULTS = {"document": "document", "http-status": "http-status", "not-json": "not-json", "failed": "request-failed"}
_REFUSAL_SPEC = (
    "2025-11-25 basic/authorization#protected-resource-metadata-discovery-requirements; RFC 9728 section 5.1"
)


def all_words() -> list[str]:
    """Every English text this module asks ``tr`` for in :data:`CONTEXT` (for the catalogue)."""
    return sorted(set(WORDS.values()) | set(CANDIDATE_KINDS.values()) | set(STEP_TITLES.values()))


@dataclass(frozen=True)
class AuthFindingRow:
    """A finding of a step: the rule, its severity and words (translated), its section, and the
    expected, found and where it names (as recorded)."""

    rule: str
    severity: str
    text: str
    spec: str
    expected: str = ""
    found: str = ""
    where: str = ""

    @property
    def blocking(self) -> bool:
        return self.severity == Severity.ERROR.value


@dataclass
class AuthStep:
    """One step of the authorization: its kind (``refusal``, ``fetch``, ``conclusion``, a flow
    purpose, ``signed-in``, ``failed``), its title, the request (method and URL), what was
    expected and found, its spec section, its findings, whether it failed, and its entry."""

    kind: str
    title: str
    seq: int | None
    method: str = ""
    url: str = ""
    expected: str = ""
    found: str = ""
    spec: str = ""
    findings: list[AuthFindingRow] = field(default_factory=list)
    failed: bool = False
    #: the exchange as recorded (headers and bodies, secrets already masked); {} for none
    exchange: JsonObject = field(default_factory=dict)

    @property
    def mark(self) -> str:
        """✗ failed, ! a warning, ✓ otherwise."""
        if self.failed or any(f.blocking for f in self.findings):
            return "✗"
        return "!" if any(f.severity == Severity.WARNING.value for f in self.findings) else "✓"

    @property
    def spec_ref(self) -> str:
        """The spec viewer's reference ("VERSION page#anchor"; "" when the step cites an RFC only)."""
        return mcp_ref(self.spec)


@dataclass
class AuthView:
    """A recording's authorization steps, in order; ``failing`` the first that failed."""

    version: str | None
    steps: list[AuthStep] = field(default_factory=list)

    @property
    def failing(self) -> AuthStep | None:
        """The first step that failed after the last sign-in that went through (a refresh refused,
        then a sign-in that succeeded: the authorization did not fail; the step keeps its ✗)."""
        after = max((i + 1 for i, s in enumerate(self.steps) if s.kind == "signed-in"), default=0)
        return next((s for s in self.steps[after:] if s.failed or any(f.blocking for f in s.findings)), None)

    @property
    def signed_in(self) -> AuthStep | None:
        """The last sign-in that went through, when no step failed after it."""
        last = next((s for s in reversed(self.steps) if s.kind == "signed-in"), None)
        return last if last is not None and self.failing is None else None


def mcp_ref(spec: str) -> str:
    """The MCP page of a spec citation ("VERSION page#anchor; RFC …"), "" when it names none."""
    head = spec.split(";")[0].strip()
    return head if head[:4].isdigit() and " " in head else ""


@functools.cache  # the bundled pages do not change
def _has_section(ref: str) -> bool:
    """Whether the bundled page ``ref`` names has the section it names (a heading of that slug)."""
    page = read_page(ref)
    if page is None or not page.anchor:
        return page is not None
    return any(slug(line) == page.anchor for line in page.markdown.splitlines() if line.startswith("#"))


#: Sections older versions name otherwise (2025-03-26 and 2025-06-18's authorization page).
_OLDER_ANCHORS = {
    "authorization-server-metadata-discovery": ("server-metadata-discovery",),
    "protected-resource-metadata-discovery-requirements": ("authorization-server-location",),
    "client-registration-approaches": ("dynamic-client-registration",),
}


def spec_in_force(spec: str, version: str | None) -> str:
    """``spec`` with its MCP page named in ``version`` when that version has the same section
    (on the same page, or on its one authorization page; by its older name, if it had one); else
    ``spec`` as it is."""
    ref = mcp_ref(spec)
    if not ref or not version or ref.startswith(version + " "):
        return spec
    page, _, anchor = ref.partition(" ")[2].partition("#")
    tail = spec[len(spec.split(";")[0]) :]
    root = "/".join(page.split("/")[:2])  # e.g. basic/authorization: one page, or a folder of them
    pages = (page, *(p for p in spec_pages(version) if p == root or p.startswith(root + "/")))
    for name in (anchor, *_OLDER_ANCHORS.get(anchor, ())):
        for candidate in pages:
            mine = f"{version} {candidate}" + (f"#{name}" if name else "")
            if _has_section(mine):
                return mine + tail
    return spec


#: The longest text of one value a recording gives (a title, a URL, what was found) shown as it came.
LINE_CHARS = 500
#: At most this many members of a recorded header or body object are shown.
MEMBERS = 100
#: Characters that would change how a line shows: C0 and C1 controls, bidirectional overrides.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escaped(ch: re.Match[str]) -> str:
    c = ch.group()
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(c) or f"\\u{ord(c):04x}"


def _plain(text: str, limit: int = LINE_CHARS) -> str:
    """``text`` (a recording's, so a server's or anyone's) as one line to show: its control and
    bidirectional-override characters written as escapes, cut at ``limit`` characters."""
    cut = text[:limit] + ("…" if len(text) > limit else "")
    return _CONTROL.sub(_escaped, cut)


def _str(value: JsonValue, limit: int = LINE_CHARS) -> str:
    """A recorded value as one line to show (:func:`_plain`)."""
    text = value if isinstance(value, str) else "" if value is None else str(value)[: limit + 1]
    return _plain(text, limit)


def _answer(status: JsonValue, reason: JsonValue, tr: Translate) -> str:
    if isinstance(status, int):
        return f"{status} {_str(reason)}".strip()
    return _str(reason) or tr(CONTEXT, WORDS["no-answer"])


def _finding(data: JsonObject, version: str | None, tr: Translate) -> AuthFindingRow:
    rid = _str(data.get("rule"))
    rule = AUTH_RULES.get(rid)
    text = tr("Rules", rule.text) if rule is not None else _str(data.get("text"))
    severity = rule.severity.value if rule is not None else _str(data.get("severity"))
    spec = rule.spec if rule is not None else _str(data.get("spec"))
    return AuthFindingRow(
        rid,
        severity,
        text,
        spec_in_force(spec, version),
        _str(data.get("expected")),
        _str(data.get("found")),
        _str(data.get("where")),
    )


def _refusal(rec: Recording, before: int, version: str | None) -> AuthStep | None:
    for seq in reversed([s for s in rec.exchange_rows if s < before]):
        http = rec.extra_at(seq).get("http")
        if not isinstance(http, dict) or http.get("status") not in (401, 403):
            continue
        headers = http.get("response_headers")
        challenge = headers.get("www-authenticate") if isinstance(headers, dict) else None
        if http.get("status") == 403 and not isinstance(challenge, str):
            continue
        return AuthStep(
            "refusal",
            "",
            seq,
            _str(http.get("method")),
            _str(http.get("url")),
            found=_answer(http.get("status"), http.get("reason"), untranslated)
            + (f" — WWW-Authenticate: {_str(challenge)}" if isinstance(challenge, str) else ""),
            spec=spec_in_force(_REFUSAL_SPEC, version),
            exchange=http,
        )
    return None


def _owner(steps: list[AuthStep], finding: AuthFindingRow, discovery: bool) -> AuthStep | None:
    """The step a finding belongs to (see the module's theory)."""
    if finding.where:
        for step in reversed(steps):
            if step.url and finding.where.startswith(step.url):
                return step
    if finding.rule.startswith(("auth.challenge", "auth.insufficient-scope")):
        refusal = next((s for s in steps if s.kind == "refusal"), None)
        if refusal is not None:
            return refusal
    return None if discovery else (steps[-1] if steps else None)


def _version(rec: Recording, events: list[int]) -> str | None:
    for seq in events:
        auth = rec.extra_at(seq).get("auth")
        if isinstance(auth, dict) and isinstance(auth.get("version"), str):
            return _str(auth["version"])
    for seq in events:  # the flow's exchanges cite the version in use
        x = rec.extra_at(seq).get("exchange")
        cited = mcp_ref(_str(x.get("spec"))).partition(" ")[0] if isinstance(x, dict) else ""
        if cited:
            return cited
    if not events:
        return None
    vif = version_in_force(rec)
    return vif.negotiated(events[0]) or vif.schema(events[0])


def _concluded(auth: JsonObject, tr: Translate) -> str:
    """What discovery concluded (its ``auth`` data), in words."""
    findings = auth.get("findings")
    errors = [f.get("rule") for f in findings if isinstance(f, dict)] if isinstance(findings, list) else []
    blocking = [
        str(r) for r in errors if isinstance(r, str) and r in AUTH_RULES and AUTH_RULES[r].severity is Severity.ERROR
    ]
    meta = auth.get("authorization_server")
    if blocking:
        return tr(CONTEXT, WORDS["blocked"]).format(rules=", ".join(dict.fromkeys(blocking)))
    if auth.get("sign_in") == "blocked":  # a version without an authorization section
        return tr(CONTEXT, WORDS["no-section"]).format(version=_str(auth.get("version")))
    if not isinstance(meta, dict):
        return tr(CONTEXT, WORDS["no-metadata"])
    scopes = auth.get("scopes")
    return tr(CONTEXT, WORDS["needed"]).format(
        endpoint=_str(meta.get("authorization_endpoint")),
        registration=_str(auth.get("registration")) or "-",
        scope=_str(" ".join(str(s) for s in scopes[:MEMBERS])) if isinstance(scopes, list) and scopes else "-",
    )


def _when(value: JsonValue) -> str:
    """An expiry as recorded (wall-clock seconds, as the driver records it) as an ISO 8601 UTC time."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        try:
            return datetime.fromtimestamp(value, UTC).isoformat(timespec="seconds")
        except (OverflowError, OSError, ValueError):
            return _str(value)
    return _str(value)


def _title(step: str, tr: Translate) -> str:
    return tr(CONTEXT, STEP_TITLES[step]) if step in STEP_TITLES else step


def _flow_step(rec: Recording, seq: int, x: JsonObject, version: str | None, tr: Translate) -> AuthStep:
    purpose = _str(x.get("purpose"))
    status = x.get("status")
    return AuthStep(
        purpose,
        _title(purpose, tr),
        seq,
        _str(x.get("method")),
        _str(x.get("url")),
        expected=_str(x.get("expected")),
        found=_answer(status, x.get("reason"), tr),
        spec=spec_in_force(_str(x.get("spec")), version),
        failed=isinstance(status, int) and status >= 400 and not (purpose == "challenge" and status in (401, 403)),
        exchange=x,
    )


def auth_steps(rec: Recording, tr: Translate = untranslated) -> AuthView:
    """The authorization steps of ``rec`` (an empty view when it has no authorization events)."""
    events = sorted(  # the entries that keep something beside their bytes: few of the recording's
        seq
        for seq, extra in rec.extras().items()
        if extra.get("event") in ("auth_discovery", "auth_flow") and rec.direction_at(seq) is Direction.EVENT
    )
    view = AuthView(_version(rec, events))
    if not events:
        return view
    steps = view.steps
    refusal = _refusal(rec, events[0], view.version)
    if refusal is not None:
        refusal.title, refusal.expected = tr(CONTEXT, WORDS["refusal"]), tr(CONTEXT, WORDS["refusal-expected"])
        steps.append(refusal)
    pending: list[AuthFindingRow] = []  # discovery's findings not tied to a GET: its conclusion's
    for seq in events:
        extra = rec.extra_at(seq)
        kind, step = extra.get("event"), _str(extra.get("step"))
        if kind == "auth_flow" and pending:  # the flow's discovery ended without a conclusion
            steps.append(AuthStep("conclusion", tr(CONTEXT, WORDS["conclusion"]), None, findings=pending))
            pending = []
        if kind == "auth_discovery" and step == "fetch" and isinstance(f := extra.get("fetch"), dict):
            basis = _str(f.get("basis"))
            cand = CANDIDATE_KINDS.get(_str(f.get("kind")))
            result = _RESULTS.get(_str(f.get("result")))
            found = _answer(f.get("status"), f.get("reason"), tr)
            steps.append(
                AuthStep(
                    "fetch",
                    tr(CONTEXT, cand) if cand else _str(f.get("kind")),
                    seq,
                    _str(f.get("method")) or "GET",
                    _str(f.get("url")),
                    tr(CONTEXT, WORDS["fetch-expected"]),
                    found + (": " + tr(CONTEXT, WORDS[result]) if result else ""),
                    spec_in_force(basis, view.version),
                    exchange=f,
                )
            )
        elif step == "finding" and isinstance(data := extra.get("finding"), dict):
            row = _finding(data, view.version, tr)
            owner = _owner(steps, row, kind == "auth_discovery")
            (owner.findings if owner is not None else pending).append(row)
        elif kind == "auth_discovery" and step == "conclusion":
            auth = extra.get("auth")
            concl = AuthStep(
                "conclusion", tr(CONTEXT, WORDS["conclusion"]), seq, expected=tr(CONTEXT, WORDS["conclusion-expected"])
            )
            concl.found = _concluded(auth, tr) if isinstance(auth, dict) else _str(rec[seq].text)
            concl.findings, pending = pending, []
            concl.failed = isinstance(auth, dict) and auth.get("blocked") is True
            steps.append(concl)
        elif kind == "auth_flow" and step == "exchange" and isinstance(x := extra.get("exchange"), dict):
            steps.append(_flow_step(rec, seq, x, view.version, tr))
        elif kind == "auth_flow" and step == "signed-in":
            scopes = extra.get("scopes")
            words = tr(CONTEXT, WORDS["signed-in-found"]).format(
                issuer=_str(extra.get("issuer")) or "-",
                client=_str(extra.get("client_id")) or "-",
                scopes=_str(" ".join(str(s) for s in scopes[:MEMBERS]))
                if isinstance(scopes, list)
                else _str(scopes) or "-",
                expires=_when(extra.get("expires_at")) or "-",
            )
            steps.append(AuthStep("signed-in", _title("signed-in", tr), seq, found=words))
        elif kind == "auth_flow" and step == "failed":
            named = _str(extra.get("failed_step"))
            marked = next((e for e in reversed(steps) if e.kind in _FAILED_AT.get(named, (named,))), None)
            if marked is not None:
                marked.failed = True
            # "Sign-in failed" after the step it names; else the step it names (no step of its own)
            title = _title(named if marked is None and named in STEP_TITLES else "failed", tr)
            steps.append(AuthStep("failed", title, seq, found=_str(extra.get("reason")), failed=True))
        elif kind == "auth_flow" and step:  # the flow's other steps (client identity, browser, step-up, notes)
            steps.append(AuthStep(step, _title(step, tr), seq, found=_str(rec[seq].text)))
    if pending:  # findings with no conclusion after them
        steps.append(AuthStep("conclusion", tr(CONTEXT, WORDS["conclusion"]), None, findings=pending))
    return view


def auth_failure(rec: Recording | None, tr: Translate = untranslated) -> str:
    """The banner's line for ``rec``'s failed authorization ("" for none, or no recording)."""
    return failure_line(auth_steps(rec, tr), tr) if rec is not None else ""


def failure_line(view: AuthView, tr: Translate = untranslated) -> str:
    """The banner's line for a failed authorization ("" when no step failed): the failing step
    and why (its first blocking finding, else what it found)."""
    step = view.failing
    if step is None:
        return ""
    reason = next((s.found for s in view.steps if s.kind == "failed" and s.found), "")
    if step.kind == "failed":  # the flow named no step this view has: the result is the step
        reason = ""
    blocking = next((f for f in step.findings if f.blocking), None)
    why = f"{blocking.rule}: {blocking.text}" if blocking is not None else reason or step.found
    return tr(CONTEXT, WORDS["failure"]).format(step=step.title, why=why)


def finding_mark(f: AuthFindingRow) -> str:
    """✗ an error, ! a warning, • a note."""
    return "✗" if f.blocking else "!" if f.severity == Severity.WARNING.value else "•"


#: The longest body shown in a step's text (a token or registration answer is far shorter).
BODY_CHARS = 4000


def _exchange_lines(x: JsonObject, tr: Translate) -> list[str]:
    """An exchange's headers and bodies, as recorded (a form or JSON body as its members), under
    their headings."""
    out: list[str] = []
    for key in ("request_headers", "request_body", "response_headers", "response_body"):
        value = x.get(key)
        if value in (None, "", {}, []):
            continue
        if isinstance(value, dict):
            lines = [f"{_plain(k)}: {_plain(_json_text(v))}" for k, v in list(value.items())[:MEMBERS]]
            if len(value) > MEMBERS:
                lines.append(f"… (+{len(value) - MEMBERS})")
        else:
            text = _json_text(value)
            more = len(text) - BODY_CHARS
            lines = [_plain(line, BODY_CHARS) for line in text[:BODY_CHARS].splitlines()]
            lines += [tr(CONTEXT, WORDS["cut"]).format(n=more)] if more > 0 else []
        out += [tr(CONTEXT, WORDS[key]) + ":", *("  " + line for line in lines)]
    return out


def _json_text(value: JsonValue) -> str:
    return value if isinstance(value, str) else orjson.dumps(value).decode()


def detail_text(step: AuthStep, finding: AuthFindingRow | None = None, tr: Translate = untranslated) -> list[str]:
    """A step in full (its request, expected, found, the exchange's headers and bodies, each
    finding and the spec section), or one of its findings (its rule, text, expected, found, where
    and spec section), as lines."""

    def line(label: str, value: str) -> str:
        return tr(CONTEXT, WORDS["line"]).format(label=tr(CONTEXT, WORDS[label]), value=value)

    if finding is None:
        out = [f"{step.mark}  {step.title}"]
        request = f"{step.method} {step.url}".strip()
        out += [line(k, v) for k, v in (("Request", request), ("Expected", step.expected), ("Found", step.found)) if v]
        out += _exchange_lines(step.exchange, tr)
        for f in step.findings:
            out.append(f"{finding_mark(f)}  {f.rule} ({f.severity}): {f.text}")
            out += ["    " + line("Spec", f.spec)] if f.spec else []
        spec = step.spec
    else:
        f = finding
        out = [f"{finding_mark(f)}  {f.rule} ({f.severity})", f.text]
        out += [line(k, v) for k, v in (("Expected", f.expected), ("Found", f.found), ("Where", f.where)) if v]
        spec = f.spec
    return out + ([line("Spec", spec)] if spec else [])
