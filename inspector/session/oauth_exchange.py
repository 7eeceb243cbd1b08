"""The HTTP exchanges of an OAuth sign-in: made, bounded, and recorded with their secrets masked.

Theory of operation
-------------------
Every request of the flow (registration, authorization, each redirect hop, token, refresh,
client credentials, the unauthenticated request that draws the server's challenge) goes through
:class:`FlowHttp`: one httpx client made as the HTTP transport makes its own
(:func:`inspector.transport.http_wire.new_client`: redirects never followed by httpx; the flow
follows them itself, hop by hop, when it must), each request bounded in time (``timeout``
seconds for the whole exchange) and in size (``limit`` bytes of body; the rest is not read).
TLS verification turned off for the server (``verify_tls=False``) holds on the server's host
only: a request to any other host (an authorization server elsewhere, which gets the code, the
verifier, the refresh token, the client secret) goes through a second client that verifies.

Each exchange is recorded through the ``note(text, extra)`` callback the session passes (the
same shape as :mod:`.auth_discovery`'s notes): the text is one English line
(``token: POST http://… → 200 OK``), the extra ``{"event": "auth_flow", "step": "exchange",
"exchange": {...}}`` with the purpose, method, URL, request headers and body, status, reason,
response headers and body, what the spec expects of the step and the spec section
(``VERSION page#anchor``). Secrets never reach the record: the values of the members named in
:data:`SECRET_FIELDS` (``code``, ``code_verifier``, ``client_secret``, ``refresh_token``,
``access_token``, ``id_token`` …) become the project's one mask word
(:data:`inspector.transport.base.MASK`) in form bodies, JSON bodies and URL queries (a
redirect's ``Location`` carries the code), ``Authorization`` keeps only its scheme, a cookie is
masked whole, and every URL also goes through :func:`.secrecy.masked_url`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

import anyio
import httpx
import orjson

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.transport.base import MASK, HttpSpec
from inspector.transport.http_wire import new_client, why_failed

from .secrecy import masked_url, secret_header

#: The callback every step is recorded through: one English line and the event's data.
Note = Callable[[str, JsonObject], None]
#: The event name of the recorded flow steps.
EVENT = "auth_flow"
#: Members whose values are secrets wherever they appear (form, JSON, URL query).
SECRET_FIELDS = frozenset(
    {
        "code",
        "code_verifier",
        "client_secret",
        "refresh_token",
        "access_token",
        "id_token",
        "registration_access_token",
        "client_assertion",
        "assertion",
    }
)
#: A response body longer than this is not read further.
DEFAULT_LIMIT = 1024 * 1024
#: How much of a body that is no JSON the record keeps.
TEXT_KEPT = 2000

_URL_IN_TEXT = re.compile(r"\b[A-Za-z][A-Za-z0-9+.-]*://[^\s'\"<>]*[^\s'\"<>.,;:!?)\]]")


def masked_flow_url(url: str) -> str:
    """``url`` with the values of :data:`SECRET_FIELDS` in its query masked, then
    :func:`.secrecy.masked_url`."""
    head, q, rest = url.partition("?")
    if q:
        query, hashmark, fragment = rest.partition("#")
        pairs = []
        for pair in query.split("&"):
            name, eq, value = pair.partition("=")
            pairs.append(f"{name}={MASK}" if eq and value and name in SECRET_FIELDS else pair)
        url = head + "?" + "&".join(pairs) + hashmark + fragment
    return masked_url(url)


def masked_text(text: str) -> str:
    """Each URL in ``text`` as :func:`masked_flow_url` shows it."""
    return _URL_IN_TEXT.sub(lambda m: masked_flow_url(m.group()), text) if "://" in text else text


def masked_json(doc: JsonValue) -> JsonValue:
    """``doc`` with the values of :data:`SECRET_FIELDS` masked, at any depth."""
    if isinstance(doc, dict):
        return {k: MASK if k in SECRET_FIELDS and v is not None else masked_json(v) for k, v in doc.items()}
    if isinstance(doc, list):
        return [masked_json(v) for v in doc]
    if isinstance(doc, str):
        return masked_text(doc)
    return doc


def masked_form(fields: Sequence[tuple[str, str]]) -> JsonObject:
    """A form body as the record keeps it (secret members masked)."""
    return {k: MASK if k in SECRET_FIELDS else masked_text(v) for k, v in fields}


def masked_headers(headers: Sequence[tuple[str, str]]) -> JsonObject:
    """Headers as the record keeps them: ``Authorization`` with its scheme only, cookies and any
    other secret header masked, a ``Location`` through :func:`masked_flow_url`."""
    out: JsonObject = {}
    for name, value in headers:
        low = name.lower()
        if low in ("authorization", "proxy-authorization"):
            scheme = value.split(" ", 1)[0] if " " in value else ""
            shown = f"{scheme} {MASK}".strip()
        elif low in ("cookie", "set-cookie") or (low != "www-authenticate" and secret_header(name, value)):
            shown = MASK
        elif low in ("location", "content-location"):
            shown = masked_flow_url(value)
        else:
            shown = masked_text(value)
        out[name] = shown
    return out


@dataclass
class Answer:
    """One exchange's outcome: the status (``None``: no answer, ``error`` says why), the reason
    phrase, the response headers, and the body's first ``limit`` bytes."""

    status: int | None
    reason: str = ""
    headers: list[tuple[str, str]] = field(default_factory=list, repr=False)  # a Set-Cookie
    body: bytes = field(default=b"", repr=False)  # a token response: never in a repr
    error: str | None = None

    def header(self, name: str) -> str | None:
        low = name.lower()
        return next((v for k, v in self.headers if k.lower() == low), None)

    def header_values(self, name: str) -> tuple[str, ...]:
        low = name.lower()
        return tuple(v for k, v in self.headers if k.lower() == low)

    def json(self) -> JsonValue:
        """The body as JSON; ``None`` when it is none."""
        try:
            doc: JsonValue = orjson.loads(self.body)
        except orjson.JSONDecodeError:
            return None
        return doc

    def said(self) -> str:
        """``200 OK``, or why there was no answer."""
        if self.status is None:
            return self.error or "no answer"
        return f"{self.status} {self.reason}".strip()


class FlowHttp:
    """The flow's HTTP client and recorder (see the module's theory); ``async with`` it."""

    def __init__(
        self,
        server_url: str,
        note: Note,
        *,
        verify_tls: bool = True,
        timeout: float = 10.0,
        limit: int = DEFAULT_LIMIT,
    ) -> None:
        self.client = new_client(HttpSpec(server_url, verify_tls=verify_tls))
        # TLS verification off is the user's trust in the MCP server's host: every other host (an
        # authorization server elsewhere, given codes, verifiers and secrets) is verified all the same
        self.verified = self.client if verify_tls else new_client(HttpSpec(server_url))
        self.server_host = (urlsplit(server_url).hostname or "").lower()
        self.note, self.timeout, self.limit = note, timeout, limit

    def client_for(self, url: str) -> httpx.AsyncClient:
        """The client for ``url``: the server's (its TLS setting) on the server's host, else a verifying one."""
        try:
            host = (urlsplit(url).hostname or "").lower()
        except ValueError:
            host = ""
        return self.client if host == self.server_host else self.verified

    async def __aenter__(self) -> FlowHttp:
        await self.client.__aenter__()
        if self.verified is not self.client:
            await self.verified.__aenter__()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.client.aclose()
        if self.verified is not self.client:
            await self.verified.aclose()

    async def send(
        self,
        purpose: str,
        method: str,
        url: str,
        *,
        expected: str,
        spec: str,
        headers: Sequence[tuple[str, str]] = (),
        form: Sequence[tuple[str, str]] | None = None,
        json_body: JsonObject | None = None,
    ) -> Answer:
        """One request, bounded in time and size, recorded as an ``exchange`` step."""
        sent = list(headers)
        content: bytes | None = None
        shown_body: JsonValue = None
        if form is not None:
            content = urlencode(list(form)).encode("ascii")
            shown_body = masked_form(form)
            if not any(k.lower() == "content-type" for k, _ in sent):
                sent.append(("Content-Type", "application/x-www-form-urlencoded"))
        elif json_body is not None:
            content = orjson.dumps(json_body)
            shown_body = masked_json(json_body)
            sent.append(("Content-Type", "application/json"))
        answer = await self._exchange(method, url, sent, content)
        self._record(purpose, method, url, sent, shown_body, answer, expected, spec)
        return answer

    async def _exchange(self, method: str, url: str, headers: list[tuple[str, str]], content: bytes | None) -> Answer:
        answer = Answer(None)
        body = bytearray()
        try:
            with anyio.fail_after(self.timeout):
                async with self.client_for(url).stream(method, url, headers=headers, content=content) as response:
                    answer.status, answer.reason = response.status_code, response.reason_phrase
                    answer.headers = list(response.headers.items())
                    async for chunk in response.aiter_bytes():
                        body += chunk
                        if len(body) > self.limit:
                            del body[self.limit :]
                            break
        except TimeoutError:
            answer.error = f"no answer within {self.timeout:g} s"
        except (httpx.HTTPError, httpx.InvalidURL, OSError, ValueError) as exc:  # InvalidURL: a Location of a hop
            answer.error = masked_text(why_failed(exc))
        answer.body = bytes(body)
        return answer

    def received(self, purpose: str, url: str, answered: int, expected: str, spec: str) -> None:
        """Record a request the flow's own listener received (the browser's GET of the loopback
        redirect: its URL, and the status the listener answered)."""
        reason = "OK" if answered == 200 else ""
        self._record(purpose, "GET", url, [], None, Answer(answered, reason), expected, spec)

    def _record(
        self,
        purpose: str,
        method: str,
        url: str,
        headers: list[tuple[str, str]],
        body: JsonValue,
        answer: Answer,
        expected: str,
        spec: str,
    ) -> None:
        doc = answer.json()
        if doc is not None:
            shown: JsonValue = masked_json(doc)
        elif answer.body:
            shown = masked_text(answer.body[:TEXT_KEPT].decode("utf-8", "replace"))
        else:
            shown = None
        shown_url = masked_flow_url(url)
        data: JsonObject = {
            "purpose": purpose,
            "method": method,
            "url": shown_url,
            "request_headers": masked_headers(headers),
            "request_body": body,
            "status": answer.status,
            "reason": answer.reason if answer.status is not None else (answer.error or ""),
            "response_headers": masked_headers(answer.headers),
            "response_body": shown,
            "expected": expected,
            "spec": spec,
        }
        self.note(
            f"{purpose}: {method} {shown_url} → {answer.said()}", {"event": EVENT, "step": "exchange", "exchange": data}
        )
