"""Answers to what the server asks of the client: roots, sampling, elicitation, ping, tasks.

In the legacy era these arrive as JSON-RPC requests; in the modern era as the input requests
of an ``InputRequiredResult``. Both paths call the same handler, which returns either a result
dict or a :class:`HandlerError`. The headless defaults never hang: roots come from the
configuration, sampling is rejected, elicitation is declined, the tasks requests of 2025-11-25
are unknown (the client runs no tasks of its own).

A headless user may set a policy per method instead (``probe --answer``, :func:`parse_answer`):
an elicitation is answered ``accept-defaults`` (the form's ``default`` values, SEP-1034),
``decline``, ``cancel`` or with a fixed JSON result; any other server request with a fixed JSON
result. :func:`check_answer_value` checks such a result against the schema of the request's
result type in the versions the session may speak before anything starts; the session checks it
again against the negotiated version before it is sent (and sends an error instead of an answer
the schema rejects). What a policy did is told through ``on_answer`` (the probe writes it into
the recording as a note before the answer itself).

``accept-defaults`` never sends a form its own schema rejects: a required field without a
default, or defaults that break the requested schema, make it decline, and the note names the
fields; a URL-mode elicitation is declined too (a headless client cannot open the page, and an
``accept`` would tell the server the user consented).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import orjson

from inspector.protocol.errors import METHOD_NOT_FOUND
from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.schema import (
    SchemaCompileError,
    cached_validator,
    first_problem,
    pointer,
    required_names,
    validator_for,
)
from inspector.protocol.versions import ALL_VERSIONS, MODERN_VERSIONS


class HandlerError(Exception):
    """Answer the server's request with a JSON-RPC error."""

    def __init__(self, code: int, message: str, data: JsonValue = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data


#: ``--answer`` short names of the server-to-client requests (a full method name works too).
ANSWER_ALIASES = {"elicitation": "elicitation/create", "sampling": "sampling/createMessage", "roots": "roots/list"}
#: The elicitation policies besides a JSON result.
ELICITATION_POLICIES = ("accept-defaults", "decline", "cancel")
#: 2026-07-28: the requests an ``InputRequiredResult`` may carry (the schema's ``InputRequest``).
MODERN_INPUT_METHODS = frozenset({"elicitation/create", "roots/list", "sampling/createMessage"})
#: The client capability the server must see before it sends each request (ping needs none).
ANSWER_CAPABILITY = {
    "elicitation/create": "elicitation",
    "sampling/createMessage": "sampling",
    "roots/list": "roots",
    "tasks/get": "tasks",
    "tasks/result": "tasks",
    "tasks/list": "tasks",
    "tasks/cancel": "tasks",
}


def server_request_methods(version: str) -> frozenset[str]:
    """The requests a server may send the client in ``version`` (legacy: the schema's
    ``ServerRequest``; modern: the input requests of an ``InputRequiredResult``)."""
    if version in MODERN_VERSIONS:
        return MODERN_INPUT_METHODS
    return validator_for(version).methods("request", "s2c")


@dataclass(frozen=True)
class Answer:
    """A headless answer policy for one server-to-client request method."""

    method: str
    given: str  # as the user wrote it after ``=`` (for the transcript)
    name: str = ""  # the method as the user wrote it (``elicitation`` or ``elicitation/create``)
    policy: str = "json"  # accept-defaults, decline, cancel or json
    value: JsonObject | None = None  # the result object, for json

    @property
    def label(self) -> str:
        shown = self.given if len(self.given) <= 60 else self.given[:57] + "..."
        return f"--answer {self.name or self.method}={shown}"


def parse_answer(text: str) -> Answer:
    """``elicitation=accept-defaults``, ``sampling={...}``, ``tasks/list={...}``: an
    :class:`Answer`, or ValueError saying what is wrong (method or value)."""
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise ValueError(f"{text!r}: expected METHOD=POLICY (e.g. elicitation=accept-defaults or sampling='{{...}}')")
    method = ANSWER_ALIASES.get(name, name)
    known = sorted(set().union(*(server_request_methods(v) for v in ALL_VERSIONS)))
    if method not in known:
        short = ", ".join(list(ANSWER_ALIASES) + [m for m in known if m not in ANSWER_ALIASES.values()])
        raise ValueError(f"{name!r} is not a request a server sends the client (one of: {short})")
    word = value.strip()
    if method == "elicitation/create" and word in ELICITATION_POLICIES:
        return Answer(method, word, name, word)
    if not word.startswith("{"):
        if method == "elicitation/create":
            raise ValueError(
                f"elicitation={value!r}: expected accept-defaults, decline, cancel or a JSON ElicitResult object"
            )
        raise ValueError(f"{name}={value!r}: expected the JSON result object to answer {method} with")
    try:
        result = json_object(word)
    except ValueError as exc:
        raise ValueError(f"{name}: the answer {exc}") from None
    return Answer(method, word, name, "json", result)


def json_object(text: str) -> JsonObject:
    """``text`` as a JSON object, or ValueError saying what it is instead (a phrase: "are not
    valid JSON (...)" / "must be a JSON object, not list") for the caller to complete."""
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise ValueError(f"are not valid JSON ({exc})") from None
    if not isinstance(value, dict):
        raise ValueError(f"must be a JSON object, not {type(value).__name__}")
    return value


def check_answer_value(answer: Answer, versions: tuple[str, ...] | list[str]) -> str | None:
    """Why ``answer`` cannot be sent in any of ``versions`` (those the session may speak), or
    None. A method none of them defines is refused; a JSON result must be valid against the
    request's result type in at least one of the versions that define it (the session checks it
    again against the negotiated one before sending)."""
    defining = [v for v in versions if answer.method in server_request_methods(v)]
    if not defining:
        return f"{answer.method} is not a request of protocol version {', '.join(versions)}"
    if answer.policy != "json":
        return None
    problems: dict[str, list[str]] = {}  # the same error in several versions is said once
    for version in defining:
        verdict = validator_for(version).check(
            {"jsonrpc": "2.0", "id": 0, "result": answer.value},
            kind="result",
            direction="c2s",
            request_method=answer.method,
        )
        if verdict.ok:
            return None
        first = verdict.errors[0] if verdict.errors else None
        where = (first.path.removeprefix("/result") or "/") if first is not None else "/"
        text = f"{verdict.definition} {where}: {first.message if first is not None else 'invalid'}"
        problems.setdefault(text, []).append(version)
    return "not a valid result: " + "; ".join(f"{text} (in {', '.join(vs)})" for text, vs in problems.items())


def elicitation_defaults(params: JsonObject) -> tuple[JsonObject, str]:
    """The ``accept-defaults`` answer to an ``elicitation/create`` and a sentence saying what
    was done: accept with every ``default`` of the requested schema's properties, or decline
    when that cannot be a valid form (a required field without a default, defaults the schema
    rejects, URL mode)."""
    mode = params.get("mode", "form")
    if mode == "url":
        return {
            "action": "decline"
        }, "declined: a URL-mode elicitation cannot be accepted headless (nobody opens the page)"
    schema = params.get("requestedSchema")
    props = schema.get("properties") if isinstance(schema, dict) else None
    props = props if isinstance(props, dict) else {}
    content = {k: p["default"] for k, p in props.items() if isinstance(p, dict) and "default" in p}
    missing = sorted(required_names(schema) - content.keys())
    if missing:
        return {"action": "decline"}, f"declined: required field(s) without a default: {', '.join(missing)}"
    if isinstance(schema, dict):
        try:
            problem = first_problem(cached_validator(schema), content)
        except (SchemaCompileError, ValueError):
            problem = None  # a schema that cannot be read: the server judges its own defaults
        if problem is not None:
            where = pointer(problem.parts) or "/"
            return {
                "action": "decline"
            }, f"declined: the defaults break the requested schema ({where}: {problem.message})"
    left = [k for k in props if k not in content]
    text = f"accept with {len(content)} default value(s)" + (f" ({', '.join(content)})" if content else "")
    if left:
        text += f"; left out (no default): {', '.join(left)}"
    return {"action": "accept", "content": content}, text


@dataclass
class ClientHandlers:
    """Override any method (or pass callables) to answer differently, e.g. from a dialog.

    ``answers``: a headless policy per method (:func:`parse_answer`), used before the methods
    below; ``on_answer(method, text)`` is told what each policy answered."""

    roots: list[JsonObject] = field(default_factory=list)
    answers: dict[str, Answer] = field(default_factory=dict)
    on_answer: Callable[[str, str], None] | None = None

    async def handle(self, method: str, params: JsonObject) -> JsonObject:
        """The answer to the server's ``method`` request (or HandlerError)."""
        answer = self.answers.get(method)
        if answer is not None:
            return self.by_policy(answer, params)
        if method == "ping":
            return {}
        if method == "roots/list":
            return await self.list_roots(params)
        if method == "sampling/createMessage":
            return await self.create_message(params)
        if method == "elicitation/create":
            return await self.elicit(params)
        raise HandlerError(METHOD_NOT_FOUND, f"Method not found: {method}")

    def by_policy(self, answer: Answer, params: JsonObject) -> JsonObject:
        """The answer a headless policy gives, told to ``on_answer``."""
        if answer.policy == "accept-defaults":
            result, what = elicitation_defaults(params)
        elif answer.policy in ("decline", "cancel"):
            result, what = {"action": answer.policy}, answer.policy
        else:
            result = dict(answer.value or {})
            what = "the given JSON"
        if self.on_answer is not None:
            self.on_answer(answer.method, f"{answer.label}: {what}")
        return result

    async def list_roots(self, params: JsonObject) -> JsonObject:
        return {"roots": list(self.roots)}

    async def create_message(self, params: JsonObject) -> JsonObject:
        # -1 is what the spec's examples use for a request the user rejected.
        raise HandlerError(-1, "Sampling rejected: this inspector runs headless and has no model to ask")

    async def elicit(self, params: JsonObject) -> JsonObject:
        return {"action": "decline"}
