"""What the demo server does for each method: tools, resources, prompts, completion, logging,
subscriptions (both eras), requests to the client (both eras) and tasks (2025-11-25)."""

from __future__ import annotations

import base64
import re
import threading
import uuid
from collections.abc import Callable, Hashable
from datetime import UTC, datetime
from typing import TypeAlias

import orjson

from inspector.protocol.correlation import id_key
from inspector.protocol.errors import (
    INVALID_PARAMS,
    METHOD_NOT_FOUND,
    MISSING_REQUIRED_CLIENT_CAPABILITY,
    RESOURCE_NOT_FOUND,
)
from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.versions import META_SERVER_INFO, META_SUBSCRIPTION_ID, MODERN_VERSIONS

from . import catalog
from .catalog import (
    COUNTER_URI,
    ITEMS_TEMPLATE,
    LOG_LEVELS,
    LOGO_URI,
    PROMPTS,
    README_TEXT,
    README_URI,
    STATIC_RESOURCES,
    TEMPLATES,
    TOOLS,
    has,
    instructions,
    server_capabilities,
    server_info,
    shape,
    shape_tool,
)
from .language import localize
from .lessons import BY_NAME, RUNTIME, runtime_value
from .media import b64, png_bytes, wav_bytes
from .server import Call, Cancelled, DemoServer, Handler
from .wire import (
    RpcError,
    notification_line,
    result_line,
)

RELATED_TASK = "io.modelcontextprotocol/related-task"
STATIC_TTL_MS = 3_600_000


class ToolError(Exception):
    """The tool ran and failed: answered as a result with ``isError: true``."""


class InputRequired(Exception):
    """2026-07-28: the tool needs input from the client first (an InputRequiredResult)."""

    def __init__(self, requests: dict, state: str) -> None:
        super().__init__("input required")
        self.result = {"resultType": "input_required", "inputRequests": requests, "requestState": state}


class Subscription:
    __slots__ = ("id", "filter", "version")

    def __init__(self, id: JsonValue, filter: dict, version: str) -> None:
        self.id = id
        self.filter = filter
        self.version = version


class State:
    """Everything the demo remembers; guarded by ``DemoServer.lock``."""

    def __init__(self) -> None:
        self.counter = 0
        self.added_resources: list[dict] = []
        self.added_tools: list[dict] = []
        self.added_prompts: list[dict] = []
        self.subscribed: set[str] = set()  # legacy resources/subscribe
        self.subs: dict[Hashable, Subscription] = {}  # modern subscriptions/listen streams
        self.tasks: dict[str, Task] = {}


def text_result(text: str) -> dict:
    return {"content": [{"type": "text", "text": text}]}


def tool_error(text: str) -> dict:
    return {"content": [{"type": "text", "text": text}], "isError": True}


def _json(value: JsonValue) -> str:
    return orjson.dumps(value, option=orjson.OPT_INDENT_2).decode()


# ---------------------------------------------------------------------- small methods


def ping(call: Call) -> dict:
    return {}


def set_level(call: Call) -> dict:
    level = call.params.get("level")
    if level not in catalog.LEVEL_RANK:
        raise RpcError(INVALID_PARAMS, f"unknown log level {level!r}", {"levels": list(LOG_LEVELS)})
    call.server.log_level = level
    return {}


def discover(call: Call) -> dict:
    return {
        "supportedVersions": list(MODERN_VERSIONS),
        "capabilities": server_capabilities(call.version),
        "instructions": instructions(),
        "ttlMs": STATIC_TTL_MS,
    }


# ---------------------------------------------------------------------- tools


def lesson_switch_tool() -> dict:
    return {
        "name": "lesson_switch",
        "title": "Lesson switch",
        "description": "Turns a lesson on or off while connected (one-shot lessons fire at once). "
        + "; ".join(f"{name}: {BY_NAME[name].teaches}" for name in RUNTIME),
        "inputSchema": {
            "type": "object",
            "properties": {
                "lesson": {"type": "string", "enum": list(RUNTIME)},
                "enabled": {"type": "boolean", "default": True},
                "value": {
                    "type": "string",
                    "description": "flood: RATE:COUNT (default 0:10000); oversized: BYTES (default 1048576).",
                },
            },
            "required": ["lesson"],
        },
        "annotations": {"readOnlyHint": False, "destructiveHint": False, "openWorldHint": False},
    }


LESSON_SWITCH_TOOL = lesson_switch_tool()


def tool_defs(server: DemoServer, version: str) -> list[dict]:
    with server.lock:
        entries = [*TOOLS, LESSON_SWITCH_TOOL, *server.state.added_tools]
    return [t for t in (shape_tool(e, version) for e in entries) if t is not None]


def tools_list(call: Call) -> dict:
    return {"tools": tool_defs(call.server, call.version)}


def tools_call(call: Call) -> dict | None:
    p = call.params
    name = p.get("name")
    if not isinstance(name, str):
        raise RpcError(INVALID_PARAMS, "tools/call needs the name of a tool")
    tool = next((t for t in tool_defs(call.server, call.version) if t["name"] == name), None)
    if tool is None:
        raise RpcError(INVALID_PARAMS, f"Unknown tool: {name}")
    args = p.get("arguments")
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise RpcError(INVALID_PARAMS, "tools/call arguments must be an object")
    fn = TOOL_FUNCS.get(name, tool_added)
    task = p.get("task")
    if task is not None and not call.modern and has(call.version, "tasks"):
        support = (tool.get("execution") or {}).get("taskSupport", "forbidden")
        if support == "forbidden":
            raise RpcError(METHOD_NOT_FOUND, f"{name} cannot run as a task (its execution.taskSupport is forbidden)")
        return start_task(call, fn, args, task)
    return run_tool(call, fn, args)


#: A demo tool: the call it serves and its arguments in, its CallToolResult out.
ToolFunction: TypeAlias = Callable[[Call, JsonObject], JsonObject]


def run_tool(call: Call, fn: ToolFunction, args: dict) -> dict:
    try:
        return fn(call, args)
    except ToolError as exc:
        return tool_error(str(exc))
    except InputRequired as exc:
        return exc.result


def tool_echo(call: Call, args: dict) -> dict:
    message = args.get("message")
    if not isinstance(message, str):
        raise ToolError("echo needs a string argument 'message'")
    return text_result(message)


_TYPES = {"string": str, "boolean": bool, "object": dict, "array": list}


def _problems(schema: dict, value: JsonValue, path: str) -> list[str]:
    """A small JSON Schema check for the demo's own input schema (enough to teach with)."""
    t = schema.get("type")
    if t == "integer":
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif t == "number":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif t in _TYPES:
        ok = isinstance(value, _TYPES[t])
    else:
        ok = True
    if not ok:
        return [f"{path}: expected {t}, got {type(value).__name__}"]
    out: list[str] = []
    if "enum" in schema and value not in schema["enum"]:
        out.append(f"{path}: {value!r} is not one of {schema['enum']}")
    if "minimum" in schema and value < schema["minimum"]:
        out.append(f"{path}: {value} is below the minimum {schema['minimum']}")
    if "maximum" in schema and value > schema["maximum"]:
        out.append(f"{path}: {value} is above the maximum {schema['maximum']}")
    if "minLength" in schema and len(value) < schema["minLength"]:
        out.append(f"{path}: shorter than {schema['minLength']}")
    if "pattern" in schema and not re.search(schema["pattern"], value):
        out.append(f"{path}: {value!r} does not match {schema['pattern']}")
    if t == "array":
        items = schema.get("items", {})
        for i, item in enumerate(value):
            out += _problems(items, item, f"{path}[{i}]")
        if schema.get("uniqueItems") and len({orjson.dumps(v) for v in value}) != len(value):
            out.append(f"{path}: items must be unique")
    if t == "object":
        for key in schema.get("required", ()):
            if key not in value:
                out.append(f"{path}.{key}: required")
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                out += _problems(sub, value[key], f"{path}.{key}")
    return out


def _with_defaults(schema: dict, value: dict) -> dict:
    out = dict(value)
    for key, sub in schema.get("properties", {}).items():
        if key in out:
            if sub.get("type") == "object" and isinstance(out[key], dict):
                out[key] = _with_defaults(sub, out[key])
        elif "default" in sub:
            out[key] = orjson.loads(orjson.dumps(sub["default"]))
        elif sub.get("type") == "object":
            nested = _with_defaults(sub, {})
            if nested:
                out[key] = nested
    return out


def tool_input_types(call: Call, args: dict) -> dict:
    schema = catalog.INPUT_TYPES_SCHEMA
    problems = _problems(schema, args, "arguments")
    if problems:
        raise ToolError("Invalid arguments:\n" + "\n".join(problems))
    filled = _with_defaults(schema, args)
    return text_result("Arguments as received, with the schema's defaults filled in:\n" + _json(filled))


def tool_get_weather(call: Call, args: dict) -> dict:
    city = args.get("city")
    units = args.get("units", "metric")
    if not isinstance(city, str) or not city:
        raise ToolError("get_weather needs a city")
    if units not in ("metric", "imperial"):
        raise ToolError("units must be metric or imperial")
    seed = sum(city.lower().encode())
    celsius = (seed % 35) - 5 + 0.5
    weather = {
        "city": city,
        "temperature": celsius if units == "metric" else round(celsius * 9 / 5 + 32, 1),
        "units": units,
        "conditions": ("sunny", "cloudy", "rain", "snow", "fog")[seed % 5],
        "humidity": 30 + seed % 60,
    }
    return {"content": [{"type": "text", "text": orjson.dumps(weather).decode()}], "structuredContent": weather}


def tool_long_running(call: Call, args: dict) -> dict:
    steps = args.get("steps", 5)
    step_ms = args.get("step_ms", 200)
    if not (isinstance(steps, int) and 1 <= steps <= 1000) or not (isinstance(step_ms, int) and 0 <= step_ms <= 60000):
        raise ToolError("steps must be 1..1000 and step_ms 0..60000")
    for i in range(1, steps + 1):
        if call.wait(step_ms / 1000):
            raise Cancelled
        message = f"step {i} of {steps}"
        if call.task is not None:
            call.task.note(message)
        else:
            call.progress(i, steps, message)
    return text_result(f"Finished {steps} steps of {step_ms} ms.")


def tool_media(call: Call, args: dict) -> dict:
    v = call.version
    content: list[dict] = [
        {
            "type": "text",
            "text": "A 16x16 PNG made in code"
            + (", a 0.2 s WAV tone" if has(v, "audio") else "")
            + " and two resources.",
        },
        {"type": "image", "data": b64(png_bytes()), "mimeType": "image/png"},
    ]
    if has(v, "audio"):
        content.append({"type": "audio", "data": b64(wav_bytes()), "mimeType": "audio/wav"})
    if has(v, "resource-link"):
        content.append(
            {
                "type": "resource_link",
                "uri": LOGO_URI,
                "name": "logo.png",
                "mimeType": "image/png",
                "description": "The demo's logo.",
            }
        )
        content.append({"type": "resource_link", "uri": README_URI, "name": "readme.md", "mimeType": "text/markdown"})
    else:  # no resource links before 2025-06-18: embed one resource instead
        content.append(
            {"type": "resource", "resource": {"uri": README_URI, "mimeType": "text/markdown", "text": README_TEXT}}
        )
    return {"content": content}


def tool_always_fails(call: Call, args: dict) -> dict:
    reason = args.get("reason", "the demo tool always fails")
    return tool_error(
        f"Something went wrong: {reason}. (isError: true means the tool ran and failed; the request itself "
        "succeeded, so the model can read this and try again.)"
    )


def tool_log_levels(call: Call, args: dict) -> dict:
    sent = [
        level
        for i, level in enumerate(LOG_LEVELS)
        if call.log(level, {"message": f"a {level} message", "rank": i}, "log_levels")
    ]
    if call.modern and call.log_level is None:
        return text_result(
            "This request carried no io.modelcontextprotocol/logLevel in _meta, so no log messages were sent "
            "(a 2026-07-28 server must not log without it)."
        )
    floor = call.log_level
    how = "the request's io.modelcontextprotocol/logLevel" if call.modern else "logging/setLevel"
    return text_result(
        f"Sent {len(sent)} of {len(LOG_LEVELS)} log messages: {', '.join(sent) or 'none'} (level {floor}, "
        f"set by {how})."
    )


_LIST_CHANGED = {
    "resource": ("notifications/resources/list_changed", "resourcesListChanged"),
    "tool": ("notifications/tools/list_changed", "toolsListChanged"),
    "prompt": ("notifications/prompts/list_changed", "promptsListChanged"),
}


def tool_add_item(call: Call, args: dict) -> dict:
    kind = args.get("kind", "resource")
    if kind not in _LIST_CHANGED:
        raise ToolError("kind must be resource, tool or prompt")
    server = call.server
    state = server.state
    with server.lock:
        if kind == "resource":
            n = len(state.added_resources) + 1
            name = f"demo://added/{n}"
            state.added_resources.append(
                {
                    "uri": name,
                    "name": f"added-{n}",
                    "title": f"Added resource {n}",
                    "mimeType": "text/plain",
                    "_text": f"Resource {n}, added by add_item.\n",
                }
            )
        elif kind == "tool":
            n = len(state.added_tools) + 1
            name = f"added_tool_{n}"
            state.added_tools.append(
                {
                    "name": name,
                    "title": f"Added tool {n}",
                    "description": "A tool added by add_item.",
                    "inputSchema": {"type": "object", "properties": {}},
                }
            )
        else:
            n = len(state.added_prompts) + 1
            name = f"added_prompt_{n}"
            state.added_prompts.append(
                {"name": name, "title": f"Added prompt {n}", "description": "A prompt added by add_item."}
            )
    method, flag = _LIST_CHANGED[kind]
    told = broadcast(server, method, {}, lambda sub: sub.filter.get(flag) is True)
    if call.modern:
        note = f"sent {method} to {told} subscriptions/listen stream(s) that asked for {flag}"
    else:
        note = f"sent {method}"
    return text_result(f"Added {kind} {name}; {note}.")


def broadcast(server: DemoServer, method: str, params: dict, wants: JsonValue) -> int:
    """A change notification: to the client (legacy) or to each listening stream that wants it (modern)."""
    if not server.is_modern:
        server.writer.write(notification_line(method, params or None))
        return 1
    with server.lock:
        subs = [s for s in server.state.subs.values() if wants(s)]
    for sub in subs:
        server.writer.write(notification_line(method, {**params, "_meta": {META_SUBSCRIPTION_ID: sub.id}}))
    return len(subs)


def tool_touch_resource(call: Call, args: dict) -> dict:
    uri = args.get("uri", COUNTER_URI)
    server = call.server
    if not isinstance(uri, str) or read_contents(server, uri) is None:
        raise ToolError(f"No such resource: {uri!r}")
    with server.lock:
        if uri == COUNTER_URI:
            server.state.counter += 1
        subscribed = uri in server.state.subscribed
    if server.is_modern:
        told = broadcast(
            server,
            "notifications/resources/updated",
            {"uri": uri},
            lambda sub: uri in sub.filter.get("resourceSubscriptions", ()),
        )
        note = f"notified {told} subscriptions/listen stream(s)"
    elif subscribed:
        server.writer.write(notification_line("notifications/resources/updated", {"uri": uri}))
        note = "sent notifications/resources/updated (the client subscribed)"
    else:
        note = "nobody subscribed (resources/subscribe), so no notification was sent"
    extra = f" (count is now {server.state.counter})" if uri == COUNTER_URI else ""
    return text_result(f"Updated {uri}{extra}; {note}.")


# ---------------------------------------------------------------------- asking the client


def _missing_capability(caps: dict, method: str, params: dict) -> dict | None:
    if method == "roots/list":
        return None if isinstance(caps.get("roots"), dict) else {"roots": {}}
    if method == "sampling/createMessage":
        return None if isinstance(caps.get("sampling"), dict) else {"sampling": {}}
    if method == "elicitation/create":
        mode = params.get("mode", "form")
        el = caps.get("elicitation")
        if not isinstance(el, dict):
            return {"elicitation": {mode: {}}}
        if mode == "url" and "url" not in el:
            return {"elicitation": {"url": {}}}
        if mode == "form" and el and "form" not in el:
            return {"elicitation": {"form": {}}}
    return None


def _encode_state(value: dict) -> str:
    return base64.urlsafe_b64encode(orjson.dumps(value)).decode("ascii")


def ask(call: Call, key: str, method: str, params: dict) -> dict:
    """Get something from the client: a request (legacy) or an input request (2026-07-28).

    Legacy: only when the client declared the capability (else the tool fails and says
    why); the request goes out and the worker waits for the answer. 2026-07-28: the first
    attempt ends in an InputRequiredResult; the retry carries the answer in inputResponses.
    """
    missing = _missing_capability(call.caps, method, params)
    if call.modern:
        if missing is not None:
            raise RpcError(
                MISSING_REQUIRED_CLIENT_CAPABILITY,
                f"{method} needs a client capability this request's _meta did not declare",
                {"requiredCapabilities": missing},
            )
        responses = call.params.get("inputResponses")
        if isinstance(responses, dict) and isinstance(responses.get(key), dict):
            return responses[key]
        if "requestState" in call.params:
            raise ToolError(
                f"The client retried without an answer to {method} (input request {key!r}): it declined or "
                "could not fulfil it."
            )
        state = _encode_state({"tool": call.params.get("name"), "asked": key})
        raise InputRequired({key: {"method": method, "params": params}}, state)
    if missing is not None:
        cap = next(iter(missing))
        raise ToolError(
            f"The client did not declare the {cap!r} "
            f"capability{'' if missing[cap] == {} else ' ' + repr(missing[cap])} in initialize, "
            f"so the server must not send {method} (capability negotiation). Reconnect offering it."
        )
    try:
        return call.server.ask_client(call, method, params)
    except RpcError as exc:
        raise ToolError(f"The client answered {method} with error {exc.code}: {exc.message}") from None


def tool_list_roots(call: Call, args: dict) -> dict:
    result = ask(call, "roots", "roots/list", {})
    found = result.get("roots")
    roots = found if isinstance(found, list) else []
    lines = [f"- {r.get('name', '(no name)')}: {r.get('uri')}" for r in roots if isinstance(r, dict)]
    return text_result(f"The client has {len(lines)} root(s)" + (":\n" + "\n".join(lines) if lines else "."))


def tool_sample_llm(call: Call, args: dict) -> dict:
    prompt = args.get("prompt", "Write a haiku about the Model Context Protocol.")
    max_tokens = args.get("max_tokens", 100)
    if not isinstance(prompt, str) or not isinstance(max_tokens, int) or isinstance(max_tokens, bool) or max_tokens < 1:
        raise ToolError("prompt must be a string and max_tokens a positive integer")
    params = {
        "messages": [{"role": "user", "content": {"type": "text", "text": prompt}}],
        "systemPrompt": "You are a helpful assistant answering for the MCP Session Inspector demo.",
        "modelPreferences": {"hints": [{"name": "claude"}], "intelligencePriority": 0.5, "speedPriority": 0.5},
        "maxTokens": max_tokens,
    }
    result = ask(call, "sample", "sampling/createMessage", params)
    content = result.get("content")
    blocks = content if isinstance(content, list) else [content]
    text = " ".join(b.get("text", f"[{b.get('type')}]") for b in blocks if isinstance(b, dict)) or "(no text)"
    return text_result(f"The model {result.get('model', '(unnamed)')} answered: {text}")


def tool_elicit_form(call: Call, args: dict) -> dict:
    params: JsonObject = localize(
        {"message": "Tell the demo a little about yourself.", "requestedSchema": catalog.elicitation_form(call.version)}
    )
    if has(call.version, "elicitation-mode"):
        params = {"mode": "form", **params}
    result = ask(call, "form", "elicitation/create", params)
    action = result.get("action")
    if action == "accept":
        return text_result("The user accepted and sent:\n" + _json(result.get("content", {})))
    return text_result(f"The user chose {action!r}; nothing was sent.")


def tool_elicit_url(call: Call, args: dict) -> dict:
    eid = str(uuid.uuid4())
    params: JsonObject = {
        "mode": "url",
        "message": localize({"message": "Sign in to the (imaginary) demo service in your browser."})["message"],
        "url": f"https://example.com/mcp-session-inspector/demo-sign-in?request={eid}",
    }
    if not call.modern:
        params["elicitationId"] = eid
    result = ask(call, "sign_in", "elicitation/create", params)
    action = result.get("action")
    if action != "accept":
        return text_result(f"The user chose {action!r}; the out-of-band step did not happen.")
    if not call.modern and has(call.version, "elicitation-complete"):
        call.notify("notifications/elicitation/complete", {"elicitationId": eid})
    return text_result("The user agreed to open the URL; the (imaginary) sign-in completed.")


def tool_lesson_switch(call: Call, args: dict) -> dict:
    name = args.get("lesson")
    enabled = args.get("enabled", True)
    value = args.get("value")
    if name not in RUNTIME:
        raise ToolError(f"lesson must be one of {', '.join(RUNTIME)}")
    if not isinstance(enabled, bool) or (value is not None and not isinstance(value, str)):
        raise ToolError("enabled must be a boolean and value a string")
    lesson = BY_NAME[name]
    parsed = None
    if enabled:
        try:
            parsed = runtime_value(lesson, value)
        except ValueError as exc:
            raise ToolError(str(exc)) from None
    call.server.switch(name, enabled, parsed)
    return text_result(f"Lesson {name} is now {'on' if enabled else 'off'}. {lesson.teaches}")


def tool_added(call: Call, args: dict) -> dict:
    return text_result(f"{call.params.get('name')}: I was added by add_item.")


TOOL_FUNCS = {
    "echo": tool_echo,
    "input_types": tool_input_types,
    "get_weather": tool_get_weather,
    "long_running": tool_long_running,
    "media": tool_media,
    "always_fails": tool_always_fails,
    "log_levels": tool_log_levels,
    "add_item": tool_add_item,
    "touch_resource": tool_touch_resource,
    "list_roots": tool_list_roots,
    "sample_llm": tool_sample_llm,
    "elicit_form": tool_elicit_form,
    "elicit_url": tool_elicit_url,
    "lesson_switch": tool_lesson_switch,
}

# ---------------------------------------------------------------------- resources


def resources_list(call: Call) -> dict:
    with call.server.lock:
        entries = [*STATIC_RESOURCES, *call.server.state.added_resources]
    return {"resources": [shape(r, call.version) for r in entries]}


def templates_list(call: Call) -> dict:
    out: JsonObject = {"resourceTemplates": [shape(t, call.version) for t in TEMPLATES]}
    if call.modern:
        out["ttlMs"] = STATIC_TTL_MS
    return out


def read_contents(server: DemoServer, uri: str) -> tuple[dict, int] | None:
    """(contents entry, ttlMs) of a resource, or None when there is no such resource."""
    for r in STATIC_RESOURCES:
        if r["uri"] == uri:
            if uri == COUNTER_URI:
                return {"uri": uri, "mimeType": "text/plain", "text": f"count: {server.state.counter}\n"}, 0
            if "_blob" in r:
                return {"uri": uri, "mimeType": r["mimeType"], "blob": b64(r["_blob"])}, STATIC_TTL_MS
            return {"uri": uri, "mimeType": r["mimeType"], "text": r["_text"]}, STATIC_TTL_MS
    with server.lock:
        for r in server.state.added_resources:
            if r["uri"] == uri:
                return {"uri": uri, "mimeType": "text/plain", "text": r["_text"]}, 0
    item = catalog.item_from_uri(uri)
    if item is not None:
        category, name = item
        return {
            "uri": uri,
            "mimeType": "text/plain",
            "text": f"{name} is a {category} in the demo catalogue.\n",
        }, STATIC_TTL_MS
    return None


def _not_found(call: Call, uri: JsonValue) -> RpcError:
    # 2026-07-28 replaced -32002 with -32602 (Invalid params) for an unknown resource.
    code = INVALID_PARAMS if call.modern else RESOURCE_NOT_FOUND
    return RpcError(code, "Resource not found", {"uri": uri})


def resources_read(call: Call) -> dict:
    uri = call.params.get("uri")
    found = read_contents(call.server, uri) if isinstance(uri, str) else None
    if found is None:
        raise _not_found(call, uri)
    contents, ttl = found
    out: JsonObject = {"contents": [contents]}
    if call.modern:
        out["ttlMs"] = ttl
    return out


def subscribe(call: Call) -> dict:
    uri = call.params.get("uri")
    if not isinstance(uri, str) or read_contents(call.server, uri) is None:
        raise _not_found(call, uri)
    with call.server.lock:
        call.server.state.subscribed.add(uri)
    return {}


def unsubscribe(call: Call) -> dict:
    uri = call.params.get("uri")
    with call.server.lock:
        call.server.state.subscribed.discard(uri)
    return {}


# ---------------------------------------------------------------------- prompts and completion


def _prompt_entries(server: DemoServer) -> list[dict]:
    with server.lock:
        return [*PROMPTS, *server.state.added_prompts]


def prompts_list(call: Call) -> dict:
    return {"prompts": [shape(p, call.version) for p in _prompt_entries(call.server)]}


def prompts_get(call: Call) -> dict:
    name = call.params.get("name")
    args = call.params.get("arguments") or {}
    entry = next((p for p in _prompt_entries(call.server) if p["name"] == name), None)
    if entry is None:
        raise RpcError(INVALID_PARAMS, f"Unknown prompt: {name}")
    if not isinstance(args, dict) or not all(isinstance(v, str) for v in args.values()):
        raise RpcError(INVALID_PARAMS, "prompt arguments must be an object of strings")
    for arg in entry.get("arguments", ()):
        if arg.get("required") and arg["name"] not in args:
            raise RpcError(INVALID_PARAMS, f"Missing required argument: {arg['name']}")
    rendered = catalog.render_prompt(entry["name"], args)
    if rendered is None:
        rendered = {
            "messages": [{"role": "user", "content": {"type": "text", "text": f"This is {name}, added by add_item."}}]
        }
    return rendered


def complete(call: Call) -> dict:
    ref = call.params.get("ref")
    argument = call.params.get("argument")
    if not isinstance(ref, dict) or not isinstance(argument, dict) or not isinstance(argument.get("name"), str):
        raise RpcError(INVALID_PARAMS, "completion/complete needs ref and argument {name, value}")
    if ref.get("type") == "ref/prompt":
        key = ref.get("name")
        if not isinstance(key, str) or not any(p["name"] == key for p in _prompt_entries(call.server)):
            raise RpcError(INVALID_PARAMS, f"Unknown prompt: {key}")
    elif ref.get("type") == "ref/resource":
        key = ref.get("uri")
        if not isinstance(key, str) or key != ITEMS_TEMPLATE:
            raise RpcError(INVALID_PARAMS, f"Unknown resource template: {key}")
    else:
        raise RpcError(INVALID_PARAMS, f"Unknown reference type: {ref.get('type')!r}")
    context = call.params.get("context")
    arguments = context.get("arguments") if isinstance(context, dict) else None
    values = (
        catalog.complete(
            key, argument["name"], str(argument.get("value", "")), arguments if isinstance(arguments, dict) else {}
        )
        or []
    )
    return {"completion": {"values": values[:100], "total": len(values), "hasMore": len(values) > 100}}


# ---------------------------------------------------------------------- subscriptions/listen (2026-07-28)


def listen(call: Call) -> None:
    wanted = call.params.get("notifications")
    if not isinstance(wanted, dict):
        raise RpcError(INVALID_PARAMS, "subscriptions/listen needs a notifications filter object")
    honored: JsonObject = {
        k: True for k in ("toolsListChanged", "promptsListChanged", "resourcesListChanged") if wanted.get(k) is True
    }
    uris = wanted.get("resourceSubscriptions")
    if isinstance(uris, list):
        honored["resourceSubscriptions"] = [u for u in uris if isinstance(u, str)]
    server = call.server
    with server.lock:
        server.calls[id_key(call.id)] = call  # so notifications/cancelled ends it
        server.state.subs[id_key(call.id)] = Subscription(call.id, honored, call.version)
    call.notify(
        "notifications/subscriptions/acknowledged", {"_meta": {META_SUBSCRIPTION_ID: call.id}, "notifications": honored}
    )
    return None  # the stream stays open: no response until it ends


def cancelled(server: DemoServer, call: Call) -> None:
    """A request was cancelled by the client; a listen stream just ends (no response)."""
    if call.method == "subscriptions/listen":
        with server.lock:
            server.state.subs.pop(id_key(call.id), None)


def close_subscriptions(server: DemoServer) -> None:
    """Shutting down: end every open stream gracefully with its subscriptions/listen result."""
    with server.lock:
        subs = list(server.state.subs.values())
        server.state.subs.clear()
        for sub in subs:
            server.calls.pop(id_key(sub.id), None)
    for sub in subs:
        result = {
            "resultType": "complete",
            "_meta": {META_SUBSCRIPTION_ID: sub.id, META_SERVER_INFO: server_info(sub.version)},
        }
        server.writer.write(result_line(sub.id, result))


# ---------------------------------------------------------------------- tasks (2025-11-25)

TERMINAL = frozenset({"completed", "failed", "cancelled"})
DEFAULT_TASK_TTL = 300_000
MAX_TASK_TTL = 3_600_000
POLL_INTERVAL = 500


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Task:
    def __init__(self, server: DemoServer, task_id: str, ttl: int, call: Call) -> None:
        self.server = server
        self.id = task_id
        self.status = "working"
        self.message = "The tool is running."
        self.created = self.updated = _now()
        self.ttl = ttl
        self.call = call  # the work's own Call: cancelling the task cancels it
        self.result: dict | None = None
        self.error: RpcError | None = None
        self.waiters: list[threading.Event] = []

    def view(self) -> dict:
        return {
            "taskId": self.id,
            "status": self.status,
            "statusMessage": self.message,
            "createdAt": self.created,
            "lastUpdatedAt": self.updated,
            "ttl": self.ttl,
            "pollInterval": POLL_INTERVAL,
        }

    def note(self, message: str) -> None:
        with self.server.lock:
            if self.status not in TERMINAL:
                self.message = message
                self.updated = _now()

    def finish(self, status: str, message: str, result: dict | None = None, error: RpcError | None = None) -> bool:
        with self.server.lock:
            if self.status in TERMINAL:
                return False
            self.status, self.message, self.updated = status, message, _now()
            self.result, self.error = result, error
            waiters, self.waiters = self.waiters, []
            view = self.view()
        self.server.writer.write(notification_line("notifications/tasks/status", view))
        for event in waiters:
            event.set()
        return True


def start_task(call: Call, fn: ToolFunction, args: dict, meta: JsonValue) -> dict:
    server = call.server
    ttl = meta.get("ttl") if isinstance(meta, dict) else None
    ttl = min(ttl, MAX_TASK_TTL) if isinstance(ttl, int) and not isinstance(ttl, bool) and ttl > 0 else DEFAULT_TASK_TTL
    work = Call(
        server, None, call.method, {}, version=call.version, caps=call.caps, modern=False, log_level=call.log_level
    )
    task = Task(server, str(uuid.uuid4()), ttl, work)
    work.task = task
    with server.lock:
        server.state.tasks[task.id] = task
    server.spawn(_run_task, task, work, fn, args)
    return {"task": task.view()}


def _run_task(task: Task, work: Call, fn: ToolFunction, args: dict) -> None:
    related = {RELATED_TASK: {"taskId": task.id}}
    try:
        result = run_tool(work, fn, args)
    except Cancelled:
        return  # tasks/cancel already moved it to cancelled
    except RpcError as exc:
        task.finish("failed", exc.message, error=exc)
        return
    except Exception as exc:  # noqa: BLE001 - a bug in a tool fails its task, not the server
        task.finish("failed", f"{type(exc).__name__}: {exc}", error=RpcError(-32603, str(exc)))
        return
    result = {**result, "_meta": {**(result.get("_meta") or {}), **related}}
    if result.get("isError"):
        task.finish("failed", "The tool reported an error.", result=result)
    else:
        task.finish("completed", "The tool finished.", result=result)


def _task(call: Call) -> Task:
    task_id = call.params.get("taskId")
    with call.server.lock:
        task = call.server.state.tasks.get(task_id) if isinstance(task_id, str) else None
    if task is None:
        raise RpcError(INVALID_PARAMS, f"Unknown task: {task_id!r}")
    return task


def tasks_get(call: Call) -> dict:
    task = _task(call)
    with call.server.lock:
        return task.view()


def tasks_list(call: Call) -> dict:
    with call.server.lock:
        return {"tasks": [t.view() for t in call.server.state.tasks.values()]}


def tasks_result(call: Call) -> dict | None:
    task = _task(call)
    event = threading.Event()
    with call.server.lock:
        done = task.status in TERMINAL
        if not done:
            task.waiters.append(event)
    if not done:
        call.wakeups.append(event)
        event.wait()
        if call.cancelled:
            raise Cancelled
    related = {RELATED_TASK: {"taskId": task.id}}
    if task.error is not None:
        raise task.error
    if task.status == "cancelled" or task.result is None:
        return {
            "content": [{"type": "text", "text": "The task was cancelled before it finished."}],
            "isError": True,
            "_meta": related,
        }
    return task.result


def tasks_cancel(call: Call) -> dict:
    task = _task(call)
    server = call.server
    with server.lock:
        status = task.status
    if status in TERMINAL:
        raise RpcError(INVALID_PARAMS, f"Task {task.id} is already {status}; it cannot be cancelled")
    with server.writer.lock:
        task.call.cancel()
    if not task.finish("cancelled", "The task was cancelled by request."):
        raise RpcError(INVALID_PARAMS, f"Task {task.id} is already {task.status}; it cannot be cancelled")
    with server.lock:
        return task.view()


HANDLERS: dict[str, Handler] = {
    "ping": Handler(ping),
    "logging/setLevel": Handler(set_level),
    "server/discover": Handler(discover),
    "tools/list": Handler(tools_list),
    # lesson_switch runs on the main (reader) thread: only it may change signal handling
    "tools/call": Handler(tools_call, threaded=lambda call: call.params.get("name") != "lesson_switch"),
    "resources/list": Handler(resources_list),
    "resources/templates/list": Handler(templates_list),
    "resources/read": Handler(resources_read),
    "resources/subscribe": Handler(subscribe),
    "resources/unsubscribe": Handler(unsubscribe),
    "prompts/list": Handler(prompts_list),
    "prompts/get": Handler(prompts_get),
    "completion/complete": Handler(complete),
    "subscriptions/listen": Handler(listen),
    "tasks/get": Handler(tasks_get),
    "tasks/list": Handler(tasks_list),
    "tasks/result": Handler(tasks_result, threaded=True),
    "tasks/cancel": Handler(tasks_cancel),
}
