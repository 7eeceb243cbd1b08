"""What the demo server offers, and which protocol version may see which part of it.

Every definition is written once in its fullest (newest) form. :func:`shape` cuts an entry
down to the fields the negotiated version's schema knows (``title`` from 2025-06-18, tool
``annotations`` from 2025-03-26, ``execution`` only in 2025-11-25, ...), and an entry whose
whole feature is missing from a version (structured output before 2025-06-18, URL
elicitation before 2025-11-25) is left out of that version's lists.
"""

from __future__ import annotations

from inspector import __version__
from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.versions import ALL_VERSIONS

from .language import localize
from .media import png_bytes, wav_bytes


def since(version: str) -> frozenset[str]:
    return frozenset(ALL_VERSIONS[ALL_VERSIONS.index(version) :])


def only(*versions: str) -> frozenset[str]:
    return frozenset(versions)


# feature -> the protocol versions whose schema has it
FEATURES: dict[str, frozenset[str]] = {
    "completions-capability": since("2025-03-26"),
    "tool-annotations": since("2025-03-26"),
    "audio": since("2025-03-26"),
    "progress-message": since("2025-03-26"),
    "title": since("2025-06-18"),
    "output-schema": since("2025-06-18"),
    "resource-link": since("2025-06-18"),
    "elicitation": since("2025-06-18"),
    "icons": since("2025-11-25"),
    "elicitation-url": since("2025-11-25"),
    "elicitation-defaults": since("2025-11-25"),  # defaults on string/number/enum fields, titled enums
    "elicitation-mode": since("2025-11-25"),  # the "mode" member of elicitation/create
    "tasks": only("2025-11-25"),
    "elicitation-complete": only("2025-11-25"),
}


def has(version: str, feature: str) -> bool:
    return version in FEATURES[feature]


LOG_LEVELS = ("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency")
LEVEL_RANK = {level: i for i, level in enumerate(LOG_LEVELS)}

SERVER_NAME = "mcp-session-inspector-demo"
SERVER_TITLE = "MCP Session Inspector demo server"


def server_info(version: str) -> dict:
    info = {"name": SERVER_NAME, "version": __version__}
    if has(version, "title"):
        info["title"] = SERVER_TITLE
    return localize(info)


INSTRUCTIONS = (
    "A teaching server bundled with MCP Session Inspector. Every tool exists to show one part of the protocol: "
    "input schemas (input_types), structured output (get_weather), progress and cancellation (long_running), "
    "media content (media), tool errors (always_fails), logging (log_levels), list changes (add_item), "
    "resource updates (touch_resource) and requests to the client (list_roots, sample_llm, elicit_form, elicit_url). "
    "lesson_switch turns the misbehaviour lessons on and off while connected."
)


def instructions() -> str:
    """The server's instructions, in the language it speaks."""
    return localize({"instructions": INSTRUCTIONS})["instructions"]


def server_capabilities(version: str) -> dict:
    caps: JsonObject = {
        "logging": {},
        "prompts": {"listChanged": True},
        "resources": {"subscribe": True, "listChanged": True},
        "tools": {"listChanged": True},
    }
    if has(version, "completions-capability"):
        caps["completions"] = {}
    if has(version, "tasks"):
        caps["tasks"] = {"list": {}, "cancel": {}, "requests": {"tools": {"call": {}}}}
    return caps


# ---------------------------------------------------------------------- shaping

# field of an entry -> the feature a version needs to carry it
_TOOL_FIELDS = {
    "title": "title",
    "icons": "icons",
    "annotations": "tool-annotations",
    "outputSchema": "output-schema",
    "execution": "tasks",
}
_OTHER_FIELDS = {"title": "title", "icons": "icons"}


def shape(entry: dict, version: str, fields: dict[str, str] = _OTHER_FIELDS) -> dict | None:
    """The entry as ``version`` may see it, or None when its feature is missing there.

    Keys starting with ``_`` are the catalogue's own notes and never reach the wire; titles
    and descriptions are in the language the server speaks (:mod:`.language`).
    """
    needs = entry.get("_needs")
    if needs is not None and not has(version, needs):
        return None
    out = {}
    for key, value in entry.items():
        if key.startswith("_"):
            continue
        feature = fields.get(key)
        if feature is not None and not has(version, feature):
            continue
        out[key] = value
    return localize(out)


def shape_tool(entry: dict, version: str) -> dict | None:
    return shape(entry, version, _TOOL_FIELDS)


# ---------------------------------------------------------------------- tools

_EMPTY = {"type": "object", "properties": {}}
_READ_ONLY = {"readOnlyHint": True, "openWorldHint": False}

INPUT_TYPES_SCHEMA = {
    "type": "object",
    "properties": {
        "text": {"type": "string", "description": "Any text (a string with a minimum length).", "minLength": 1},
        "count": {
            "type": "integer",
            "description": "A whole number from 1 to 10.",
            "minimum": 1,
            "maximum": 10,
            "default": 3,
        },
        "ratio": {"type": "number", "description": "A number from 0 to 1.", "minimum": 0, "maximum": 1, "default": 0.5},
        "enabled": {"type": "boolean", "description": "A yes/no switch.", "default": True},
        "color": {
            "type": "string",
            "description": "One value from a list (an enum).",
            "enum": ["red", "green", "blue"],
            "default": "green",
        },
        "tags": {
            "type": "array",
            "description": "A list of strings.",
            "items": {"type": "string"},
            "default": ["demo"],
        },
        "sizes": {
            "type": "array",
            "description": "Several values from a list.",
            "items": {"type": "string", "enum": ["S", "M", "L", "XL"]},
            "uniqueItems": True,
        },
        "address": {
            "type": "object",
            "description": "A nested object whose members have defaults.",
            "properties": {
                "street": {"type": "string", "default": "1 Main Street"},
                "city": {"type": "string", "default": "Springfield"},
                "zip": {"type": "string", "pattern": "^[0-9]{5}$", "default": "12345"},
                "geo": {
                    "type": "object",
                    "description": "Nested one level deeper.",
                    "properties": {
                        "lat": {"type": "number", "default": 0.0},
                        "lon": {"type": "number", "default": 0.0},
                    },
                },
            },
        },
    },
    "required": ["text"],
}

WEATHER_OUTPUT_SCHEMA = {
    "type": "object",
    "properties": {
        "city": {"type": "string"},
        "temperature": {"type": "number", "description": "In the requested units."},
        "units": {"type": "string", "enum": ["metric", "imperial"]},
        "conditions": {"type": "string", "enum": ["sunny", "cloudy", "rain", "snow", "fog"]},
        "humidity": {"type": "integer", "minimum": 0, "maximum": 100},
    },
    "required": ["city", "temperature", "units", "conditions", "humidity"],
}

FORM_FIELDS_NOTE = (
    "name (text), email, age (number), newsletter (yes/no), color (one of a list) and, from 2025-11-25, toppings "
    "(several of a list)"
)

TOOLS: list[dict] = [
    {
        "name": "echo",
        "title": "Echo",
        "description": "Returns the message it was given.",
        "inputSchema": {
            "type": "object",
            "properties": {"message": {"type": "string", "description": "Text to send back."}},
            "required": ["message"],
        },
        "annotations": _READ_ONLY,
    },
    {
        "name": "input_types",
        "title": "Every input type",
        "description": (
            "Takes a string, an integer, a number, a boolean, an enum, arrays and a nested object with defaults, "
            "and returns the arguments with the defaults filled in."
        ),
        "inputSchema": INPUT_TYPES_SCHEMA,
        "annotations": _READ_ONLY,
    },
    {
        "_needs": "output-schema",
        "name": "get_weather",
        "title": "Weather (structured output)",
        "description": (
            "Made-up weather for a city, as structuredContent that matches the tool's outputSchema (plus the "
            "same JSON as text)."
        ),
        "inputSchema": {
            "type": "object",
            "properties": {
                "city": {"type": "string", "description": "Any city name."},
                "units": {"type": "string", "enum": ["metric", "imperial"], "default": "metric"},
            },
            "required": ["city"],
        },
        "outputSchema": WEATHER_OUTPUT_SCHEMA,
        "annotations": _READ_ONLY,
    },
    {
        "name": "long_running",
        "title": "Long-running (progress, cancellation, tasks)",
        "description": (
            "Works for steps x step_ms milliseconds, reporting progress when the request carries a "
            "progressToken. Cancel it and it stops without answering. In 2025-11-25 it can also run as a task."
        ),
        "inputSchema": {
            "type": "object",
            "properties": {
                "steps": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 5},
                "step_ms": {"type": "integer", "minimum": 0, "maximum": 60000, "default": 200},
            },
        },
        "annotations": {"readOnlyHint": True, "idempotentHint": True, "openWorldHint": False},
        "execution": {"taskSupport": "optional"},
    },
    {
        "name": "media",
        "title": "Image, audio and links",
        "description": (
            "Returns a PNG image, a WAV tone (from 2025-03-26) and links to resources (resource_link from "
            "2025-06-18; an embedded resource before)."
        ),
        "inputSchema": _EMPTY,
        "annotations": _READ_ONLY,
    },
    {
        "name": "always_fails",
        "title": "Always fails",
        "description": "Returns a tool error (isError: true): the call worked, the tool did not.",
        "inputSchema": {
            "type": "object",
            "properties": {"reason": {"type": "string", "default": "the demo tool always fails"}},
        },
        "annotations": _READ_ONLY,
    },
    {
        "name": "log_levels",
        "title": "Log at every level",
        "description": (
            "Sends one notifications/message at each of the 8 log levels; the client's level decides which "
            "arrive (logging/setLevel in legacy, the per-request logLevel in 2026-07-28)."
        ),
        "inputSchema": _EMPTY,
        "annotations": _READ_ONLY,
    },
    {
        "name": "add_item",
        "title": "Add a resource, tool or prompt",
        "description": "Adds a resource, tool or prompt and announces it with the matching list_changed notification.",
        "inputSchema": {
            "type": "object",
            "properties": {"kind": {"type": "string", "enum": ["resource", "tool", "prompt"], "default": "resource"}},
        },
        "annotations": {"readOnlyHint": False, "destructiveHint": False, "openWorldHint": False},
    },
    {
        "name": "touch_resource",
        "title": "Update a resource",
        "description": (
            "Changes a resource (demo://counter counts up) and sends notifications/resources/updated to whoever "
            "subscribed to it."
        ),
        "inputSchema": {"type": "object", "properties": {"uri": {"type": "string", "default": "demo://counter"}}},
        "annotations": {"readOnlyHint": False, "destructiveHint": False, "openWorldHint": False},
    },
    {
        "name": "list_roots",
        "title": "Ask the client for its roots",
        "description": (
            "Asks the client for roots/list (a request in legacy, an InputRequiredResult in 2026-07-28) and "
            "returns what it said."
        ),
        "inputSchema": _EMPTY,
        "annotations": _READ_ONLY,
    },
    {
        "name": "sample_llm",
        "title": "Ask the client's model",
        "description": "Asks the client for sampling/createMessage and returns the model's answer.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "prompt": {"type": "string", "default": "Write a haiku about the Model Context Protocol."},
                "max_tokens": {"type": "integer", "minimum": 1, "default": 100},
            },
        },
        "annotations": {"readOnlyHint": True, "openWorldHint": True},
    },
    {
        "_needs": "elicitation",
        "name": "elicit_form",
        "title": "Ask the user (form)",
        "description": (
            f"Asks the user to fill in a form (elicitation/create, form mode): {FORM_FIELDS_NOTE}, with defaults."
        ),
        "inputSchema": _EMPTY,
        "annotations": _READ_ONLY,
    },
    {
        "_needs": "elicitation-url",
        "name": "elicit_url",
        "title": "Send the user to a URL",
        "description": (
            "Asks the user to open a URL (elicitation/create, url mode) for an out-of-band step such as signing in."
        ),
        "inputSchema": _EMPTY,
        "annotations": {"readOnlyHint": True, "openWorldHint": True},
    },
]

# ---------------------------------------------------------------------- resources

README_URI = "demo://static/readme.md"
LOGO_URI = "demo://static/logo.png"
TONE_URI = "demo://static/tone.wav"
COUNTER_URI = "demo://counter"
ITEMS_TEMPLATE = "demo://items/{category}/{item}"

README_TEXT = (
    "# MCP Session Inspector demo\n\n"
    "This text resource never changes. Read demo://static/logo.png for a binary one, "
    "subscribe to demo://counter and call the touch_resource tool to see an update arrive, "
    "and try the template demo://items/{category}/{item} with completion.\n"
)

STATIC_RESOURCES: list[dict] = [
    {
        "uri": README_URI,
        "name": "readme.md",
        "title": "Read me",
        "description": "A static text resource.",
        "mimeType": "text/markdown",
        "annotations": {"audience": ["user", "assistant"], "priority": 0.8},
        "_text": README_TEXT,
    },
    {
        "uri": LOGO_URI,
        "name": "logo.png",
        "title": "Logo",
        "description": "A static binary resource: a 16x16 PNG made in code.",
        "mimeType": "image/png",
        "size": len(png_bytes()),
        "_blob": png_bytes(),
    },
    {
        "uri": TONE_URI,
        "name": "tone.wav",
        "title": "Tone",
        "description": "A static binary resource: a short 440 Hz WAV tone.",
        "mimeType": "audio/wav",
        "size": len(wav_bytes()),
        "_blob": wav_bytes(),
    },
    {
        "uri": COUNTER_URI,
        "name": "counter",
        "title": "Counter",
        "description": "Text that changes each time the touch_resource tool is called; subscribe to it.",
        "mimeType": "text/plain",
    },
]

ITEMS: dict[str, tuple[str, ...]] = {
    "fruit": ("apple", "apricot", "banana", "cherry", "mango"),
    "tool": ("hammer", "saw", "screwdriver", "wrench"),
    "vegetable": ("carrot", "celery", "leek", "potato"),
}

TEMPLATES: list[dict] = [
    {
        "uriTemplate": ITEMS_TEMPLATE,
        "name": "item",
        "title": "Catalogue item",
        "description": "One item of a small catalogue; both arguments complete (item depends on category).",
        "mimeType": "text/plain",
    }
]


def item_from_uri(uri: str) -> tuple[str, str] | None:
    prefix = "demo://items/"
    if not uri.startswith(prefix):
        return None
    parts = uri[len(prefix) :].split("/")
    if len(parts) != 2 or parts[0] not in ITEMS or parts[1] not in ITEMS[parts[0]]:
        return None
    return parts[0], parts[1]


# ---------------------------------------------------------------------- prompts

PROMPTS: list[dict] = [
    {
        "name": "greeting",
        "title": "Greeting",
        "description": "A greeting for someone, in a style. Both arguments complete.",
        "arguments": [
            {"name": "name", "description": "Who to greet.", "required": True},
            {"name": "style", "description": "casual, formal or pirate.", "required": False},
        ],
    },
    {
        "name": "code_review",
        "title": "Code review",
        "description": "Asks for a review of a snippet in a language (the language completes).",
        "arguments": [
            {"name": "language", "description": "The programming language.", "required": True},
            {"name": "code", "description": "The code to review.", "required": False},
        ],
    },
]

COMPLETIONS: dict[tuple[str, str], tuple[str, ...]] = {
    ("greeting", "name"): ("Ada", "Alan", "Barbara", "Edsger", "Grace", "Katherine", "Linus", "Margaret"),
    ("greeting", "style"): ("casual", "formal", "pirate"),
    ("code_review", "language"): ("c", "go", "java", "javascript", "python", "rust", "typescript"),
    (ITEMS_TEMPLATE, "category"): tuple(sorted(ITEMS)),
}


def complete(ref_key: str, argument: str, value: str, context: dict[str, str]) -> list[str] | None:
    """Values for one argument that start with ``value`` (case-insensitive); None: unknown."""
    if ref_key == ITEMS_TEMPLATE and argument == "item":
        category = context.get("category")
        if category in ITEMS:
            pool: tuple[str, ...] = ITEMS[category]
        else:
            pool = tuple(sorted({i for items in ITEMS.values() for i in items}))
    else:
        found = COMPLETIONS.get((ref_key, argument))
        if found is None:
            return None
        pool = found
    low = value.lower()
    return [v for v in pool if v.lower().startswith(low)]


def render_prompt(name: str, args: dict[str, str]) -> dict | None:
    if name == "greeting":
        who = args.get("name") or "friend"
        style = args.get("style") or "casual"
        return {
            "description": f"A {style} greeting for {who}",
            "messages": [
                {"role": "user", "content": {"type": "text", "text": f"Write a short {style} greeting for {who}."}}
            ],
        }
    if name == "code_review":
        language = args.get("language") or "python"
        code = args.get("code") or "def add(a, b):\n    return a + b\n"
        return {
            "description": f"Review of a {language} snippet",
            "messages": [
                {"role": "user", "content": {"type": "text", "text": f"Please review this {language} code:"}},
                {
                    "role": "user",
                    "content": {
                        "type": "resource",
                        "resource": {"uri": f"demo://snippet.{language}", "mimeType": "text/plain", "text": code},
                    },
                },
            ],
        }
    return None


# ---------------------------------------------------------------------- elicitation forms


def elicitation_form(version: str) -> dict:
    """requestedSchema of the form: defaults and titled enums only where the version has them."""
    rich = has(version, "elicitation-defaults")
    props: JsonObject = {
        "name": {"type": "string", "title": "Your name", "minLength": 1},
        "email": {"type": "string", "title": "E-mail", "format": "email"},
        "age": {"type": "integer", "title": "Age", "minimum": 0, "maximum": 150},
        "newsletter": {"type": "boolean", "title": "Send me the newsletter", "default": False},
    }
    if rich:
        props["name"]["default"] = "Ada Lovelace"
        props["age"]["default"] = 36
        props["color"] = {
            "type": "string",
            "title": "Favourite colour",
            "oneOf": [
                {"const": "red", "title": "Red"},
                {"const": "green", "title": "Green"},
                {"const": "blue", "title": "Blue"},
            ],
            "default": "green",
        }
        props["toppings"] = {
            "type": "array",
            "title": "Pizza toppings",
            "items": {"type": "string", "enum": ["cheese", "mushroom", "olive", "pepper"]},
            "minItems": 1,
            "default": ["cheese"],
        }
    else:
        props["color"] = {
            "type": "string",
            "title": "Favourite colour",
            "enum": ["red", "green", "blue"],
            "enumNames": ["Red", "Green", "Blue"],
        }
    return {"type": "object", "properties": props, "required": ["name", "color"]}
