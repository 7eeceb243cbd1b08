"""``WWW-Authenticate`` read as challenges, sans-IO: the first step of MCP authorization.

Theory of operation
-------------------
A protected MCP server answers a request without a (good) token with 401, or with 403 when the
token lacks a scope, and says in ``WWW-Authenticate`` what it wants: a ``Bearer`` challenge
(RFC 6750 section 3) with ``resource_metadata`` (the Protected Resource Metadata URL, RFC 9728
section 5.1), ``scope`` (the scopes the request needs), and on a failed token ``error``
(``invalid_request``, ``invalid_token``, ``insufficient_scope``) with ``error_description`` and
``error_uri``.

:func:`parse_challenges` reads the field by RFC 9110 section 11.6.1's grammar::

    WWW-Authenticate = #challenge
    challenge   = auth-scheme [ 1*SP ( token68 / #auth-param ) ]
    auth-param  = token BWS "=" BWS ( token / quoted-string )
    token68     = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="

Commas separate both challenges and one challenge's parameters; a comma followed by
``token BWS "="`` continues the parameters, any other token starts the next challenge. Several
header lines are one list (RFC 9110 section 5.3), so the caller passes every value. Empty list
elements, tabs, folded lines and spaces around ``=`` are taken as they come; quoted strings lose
their quotes and backslash escapes. Scheme and parameter names are matched without regard to
case (RFC 9110 sections 11.1 and 11.2). What does not fit the grammar is a :class:`ChallengeProblem`
(its kind, offset and the text), never an exception, and the parser goes on after the next comma,
so one broken parameter does not hide the ``resource_metadata`` beside it.

:func:`bearer_of` picks the Bearer challenge as a :class:`BearerChallenge` (the scope split on
spaces, RFC 6750 section 3), and :func:`challenge_findings` turns a response's status and header
into the rules of :mod:`.oauth_rules` it breaks, for the protocol version in use.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .oauth_rules import AuthFinding

_TCHAR = frozenset("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_T68 = frozenset("-._~+/0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_WS = frozenset(" \t\r\n")

#: The kinds of :class:`ChallengeProblem` and what each means (English, for the front-ends).
PROBLEM_KINDS = {
    "empty": "the header holds no challenge",
    "unexpected-character": "a character that cannot start or continue a challenge or parameter",
    "missing-value": "a parameter name with '=' but no value after it",
    "unterminated-quote": "a quoted string that is never closed",
    "duplicate-param": "a parameter given twice in one challenge (the first is used)",
    "junk-after-value": "text after a parameter's value before the next comma",
}


@dataclass(frozen=True, slots=True)
class ChallengeProblem:
    """A place where the header leaves RFC 9110's grammar: a key of :data:`PROBLEM_KINDS`, the
    offset in the joined header value, and the text concerned."""

    kind: str
    offset: int
    text: str = ""


@dataclass(frozen=True, slots=True)
class Challenge:
    """One challenge: its scheme as sent, its parameters in order (names as sent, values
    unquoted), or its token68."""

    scheme: str
    params: tuple[tuple[str, str], ...] = ()
    token68: str | None = None

    def param(self, name: str) -> str | None:
        """The first value of the parameter ``name`` (matched without regard to case)."""
        low = name.lower()
        return next((v for k, v in self.params if k.lower() == low), None)

    def is_scheme(self, scheme: str) -> bool:
        return self.scheme.lower() == scheme.lower()


@dataclass(frozen=True, slots=True)
class ChallengeList:
    """What :func:`parse_challenges` read: the challenges in order and the problems met."""

    challenges: tuple[Challenge, ...]
    problems: tuple[ChallengeProblem, ...]
    text: str


@dataclass(frozen=True, slots=True)
class BearerChallenge:
    """The members of a Bearer challenge MCP uses (RFC 6750 section 3, RFC 9728 section 5.1)."""

    realm: str | None
    resource_metadata: str | None
    scope: tuple[str, ...] | None
    error: str | None
    error_description: str | None
    error_uri: str | None

    @property
    def insufficient_scope(self) -> bool:
        return self.error == "insufficient_scope"


class _Reader:
    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0
        self.problems: list[ChallengeProblem] = []

    def at_end(self) -> bool:
        return self.i >= len(self.s)

    def peek(self) -> str:
        return self.s[self.i] if self.i < len(self.s) else ""

    def skip_ws(self) -> None:
        while self.i < len(self.s) and self.s[self.i] in _WS:
            self.i += 1

    def skip_list_gaps(self) -> None:
        """OWS and empty list elements (``, ,``)."""
        while self.i < len(self.s) and (self.s[self.i] in _WS or self.s[self.i] == ","):
            self.i += 1

    def token(self) -> str:
        start = self.i
        while self.i < len(self.s) and self.s[self.i] in _TCHAR:
            self.i += 1
        return self.s[start : self.i]

    def problem(self, kind: str, offset: int, text: str = "") -> None:
        self.problems.append(ChallengeProblem(kind, offset, text))

    def skip_to_comma(self) -> None:
        """Recovery: past the rest of a broken element, quoted strings included."""
        while self.i < len(self.s) and self.s[self.i] != ",":
            if self.s[self.i] == '"':
                self.quoted()
            else:
                self.i += 1

    def quoted(self) -> str:
        """A quoted-string at ``i`` (on its opening quote), unescaped."""
        start = self.i
        self.i += 1
        out: list[str] = []
        while self.i < len(self.s):
            c = self.s[self.i]
            if c == "\\" and self.i + 1 < len(self.s):
                out.append(self.s[self.i + 1])
                self.i += 2
                continue
            if c == '"':
                self.i += 1
                return "".join(out)
            out.append(c)
            self.i += 1
        self.problem("unterminated-quote", start, self.s[start:])
        return "".join(out)

    def starts_param(self) -> bool:
        """Whether ``token BWS "="`` begins at ``i`` (and is not a token68's padding)."""
        j = self.i
        while j < len(self.s) and self.s[j] in _TCHAR:
            j += 1
        if j == self.i:
            return False
        while j < len(self.s) and self.s[j] in _WS:
            j += 1
        return j < len(self.s) and self.s[j] == "="

    def token68_here(self) -> str | None:
        """A token68 at ``i`` when one stands there alone up to the next comma or the end."""
        j = self.i
        while j < len(self.s) and self.s[j] in _T68:
            j += 1
        if j == self.i:
            return None
        while j < len(self.s) and self.s[j] == "=":
            j += 1
        k = j
        while k < len(self.s) and self.s[k] in _WS:
            k += 1
        if k < len(self.s) and self.s[k] != ",":
            return None
        value = self.s[self.i : j]
        self.i = k
        return value


def parse_challenges(values: str | Sequence[str]) -> ChallengeList:
    """Every challenge of a ``WWW-Authenticate`` field (one value, or each header line's value)."""
    text = values if isinstance(values, str) else ", ".join(values)
    r = _Reader(text)
    out: list[Challenge] = []
    r.skip_list_gaps()
    while not r.at_end():
        scheme = r.token()
        if not scheme:
            r.problem("unexpected-character", r.i, r.peek())
            r.i += 1
            r.skip_to_comma()
            r.skip_list_gaps()
            continue
        out.append(_challenge_body(r, scheme))
        r.skip_list_gaps()
    if not out and not r.problems:
        r.problem("empty", 0, text)
    return ChallengeList(tuple(out), tuple(r.problems), text)


def _challenge_body(r: _Reader, scheme: str) -> Challenge:
    had_space = r.peek() in _WS
    r.skip_ws()
    if r.at_end() or r.peek() == ",":
        # A bare scheme; parameters after a comma still belong to it (lenient, see below).
        if r.peek() == ",":
            save = r.i
            r.skip_list_gaps()
            if r.starts_param():
                return Challenge(scheme, _params(r))
            r.i = save
        return Challenge(scheme)
    if not had_space:
        r.problem("unexpected-character", r.i, r.peek())
        r.skip_to_comma()
        return Challenge(scheme)
    at = r.i
    token68 = r.token68_here()  # first: "abc==" is a token68, not the parameter "abc" with "="
    if token68 is not None:
        after = r.i
        r.skip_list_gaps()
        followed_by_param = r.starts_param()
        r.i = after
        if not (followed_by_param and token68.endswith("=")):
            return Challenge(scheme, (), token68)
        r.i = at  # "a=, b=1": parameters, the first without a value
    if not r.starts_param():
        r.problem("unexpected-character", r.i, r.peek())
        r.skip_to_comma()
        return Challenge(scheme)
    return Challenge(scheme, _params(r))


def _params(r: _Reader) -> tuple[tuple[str, str], ...]:
    params: list[tuple[str, str]] = []
    seen: set[str] = set()
    while True:
        name_at = r.i
        name = r.token()
        if not name:
            r.problem("unexpected-character", r.i, r.peek())
            r.skip_to_comma()
        else:
            r.skip_ws()
            r.i += 1  # the "=" (starts_param saw it)
            r.skip_ws()
            value = _value(r)
            if value is None:
                r.problem("missing-value", name_at, name)
            elif name.lower() in seen:
                r.problem("duplicate-param", name_at, name)
            else:
                seen.add(name.lower())
                params.append((name, value))
            r.skip_ws()
            if not r.at_end() and r.peek() != ",":
                junk_at = r.i
                r.skip_to_comma()
                r.problem("junk-after-value", junk_at, r.s[junk_at : r.i].strip())
        # At a comma or the end: more parameters, or the next challenge.
        save = r.i
        r.skip_list_gaps()
        if r.at_end() or not r.starts_param():
            r.i = save
            return tuple(params)


def _value(r: _Reader) -> str | None:
    if r.peek() == '"':
        return r.quoted()
    value = r.token()
    return value or None


def bearer_of(parsed: ChallengeList) -> BearerChallenge | None:
    """The first Bearer challenge, its MCP members read out (``None`` when there is none)."""
    for ch in parsed.challenges:
        if ch.is_scheme("Bearer"):
            scope = ch.param("scope")
            return BearerChallenge(
                realm=ch.param("realm"),
                resource_metadata=ch.param("resource_metadata"),
                scope=None if scope is None else tuple(s for s in scope.split(" ") if s),
                error=ch.param("error"),
                error_description=ch.param("error_description"),
                error_uri=ch.param("error_uri"),
            )
    return None


def challenge_findings(status: int, header: str | Sequence[str] | None, version: str) -> list[AuthFinding]:
    """The rules a 401/403 response's ``WWW-Authenticate`` breaks, for protocol ``version``.

    ``header`` is ``None`` when the response had none. Only 2025-06-18 requires
    ``resource_metadata`` in the 401 (from 2025-11-25 a well-known URI may stand instead, which
    :mod:`.oauth_discovery` tries; 2025-03-26 has no Protected Resource Metadata)."""
    where = "WWW-Authenticate"
    if header is None or (not isinstance(header, str) and not header):
        missing = AuthFinding("auth.challenge-missing", "a Bearer challenge", "no header", where)
        return [missing] if status == 401 else []
    parsed = parse_challenges(header)
    found: list[AuthFinding] = []
    for p in parsed.problems:
        rule = "auth.challenge-duplicate-param" if p.kind == "duplicate-param" else "auth.challenge-malformed"
        found.append(AuthFinding(rule, PROBLEM_KINDS[p.kind], p.text, f"{where}, offset {p.offset}"))
    bearer = bearer_of(parsed)
    if bearer is None:
        schemes = ", ".join(c.scheme for c in parsed.challenges) or "none"
        found.append(AuthFinding("auth.challenge-no-bearer", "Bearer", schemes, where))
        return found
    if status == 401 and version == "2025-06-18" and bearer.resource_metadata is None:
        found.append(AuthFinding("auth.challenge-no-resource-metadata", "resource_metadata", "absent", where))
    if status == 403 and bearer.insufficient_scope and bearer.scope is None:
        found.append(AuthFinding("auth.insufficient-scope-no-scope", "scope", "absent", where))
    return found
