"""The demo server's words in the language of the workshop: ``--lang zh_CN`` (the window passes
the language it shows in). Names, URIs, method names and tool results stay as they are (they
are what a client works with); what a person reads in a list or a form is translated: titles,
descriptions, the instructions, the messages of elicitation requests and the titles of enum
values. A string without a translation is sent unchanged.
"""

from __future__ import annotations

from inspector.protocol.jsontypes import JsonObject, JsonValue

LANGUAGES = ("en", "zh_CN")

#: Translated under these keys of an entry (and the items of ``enumNames``), at any depth.
TEXT_KEYS = frozenset({"title", "description", "message", "instructions"})

ZH_CN: dict[str, str] = {
    # server
    "MCP Session Inspector demo server": "MCP Session Inspector 演示服务器",
    (
        "A teaching server bundled with MCP Session Inspector. Every tool exists to show one part of the protocol: "
        "input schemas (input_types), structured output (get_weather), progress and cancellation (long_running), "
        "media content (media), tool errors (always_fails), logging (log_levels), list changes (add_item), "
        "resource updates (touch_resource) and requests to the client (list_roots, sample_llm, elicit_form, "
        "elicit_url). "
        "lesson_switch turns the misbehaviour lessons on and off while connected."
    ): (
        "MCP Session Inspector 自带的教学服务器。每个工具演示协议的一个部分：输入 Schema（input_types）、"
        "结构化输出（get_weather）、进度与取消（long_running）、媒体内容（media）、工具错误（always_fails）、"
        "日志（log_levels）、列表变更（add_item）、资源更新（touch_resource），以及向客户端发出的请求"
        "（list_roots、sample_llm、elicit_form、elicit_url）。lesson_switch 在连接期间打开或关闭各个“异常行为”课程。"
    ),
    # tools
    "Echo": "回声",
    "Returns the message it was given.": "原样返回收到的消息。",
    "Text to send back.": "要返回的文本。",
    "Every input type": "所有输入类型",
    "Takes a string, an integer, a number, a boolean, an enum, arrays and a nested object with defaults, and "
    "returns the arguments with the defaults filled in.": (
        "接受字符串、整数、数字、布尔值、枚举、数组和带默认值的嵌套对象，返回补全默认值后的参数。"
    ),
    "Any text (a string with a minimum length).": "任意文本（有最小长度的字符串）。",
    "A whole number from 1 to 10.": "1 到 10 之间的整数。",
    "A number from 0 to 1.": "0 到 1 之间的数字。",
    "A yes/no switch.": "是/否开关。",
    "One value from a list (an enum).": "从列表中选一个值（枚举）。",
    "A list of strings.": "字符串列表。",
    "Several values from a list.": "从列表中选多个值。",
    "A nested object whose members have defaults.": "成员带默认值的嵌套对象。",
    "Nested one level deeper.": "再嵌套一层。",
    "Weather (structured output)": "天气（结构化输出）",
    "Made-up weather for a city, as structuredContent that matches the tool's outputSchema (plus the same "
    "JSON as text).": (
        "某个城市的虚构天气，以符合工具 outputSchema 的 structuredContent 返回（另附同样的 JSON 文本）。"
    ),
    "Any city name.": "任意城市名。",
    "In the requested units.": "使用请求的单位。",
    "Long-running (progress, cancellation, tasks)": "长时间运行（进度、取消、任务）",
    "Works for steps x step_ms milliseconds, reporting progress when the request carries a progressToken. "
    "Cancel it and it stops without answering. In 2025-11-25 it can also run as a task.": (
        "运行 steps × step_ms 毫秒；请求带有 progressToken 时报告进度。取消后它停止且不作答。在 2025-11-25 "
        "中也可以作为任务运行。"
    ),
    "Image, audio and links": "图片、音频和链接",
    "Returns a PNG image, a WAV tone (from 2025-03-26) and links to resources (resource_link from "
    "2025-06-18; an embedded resource before).": (
        "返回一张 PNG 图片、一段 WAV 音（自 2025-03-26 起）和资源链接（自 2025-06-18 起为 "
        "resource_link，之前为嵌入资源）。"
    ),
    "Always fails": "总是失败",
    "Returns a tool error (isError: true): the call worked, the tool did not.": (
        "返回工具错误（isError: true）：调用本身成功了，工具没有。"
    ),
    "Log at every level": "每个级别各记一条日志",
    "Sends one notifications/message at each of the 8 log levels; the client's level decides which arrive "
    "(logging/setLevel in legacy, the per-request logLevel in 2026-07-28).": (
        "在 8 个日志级别上各发送一条 notifications/message；由客户端设定的级别决定哪些会到达"
        "（旧时代用 logging/setLevel，2026-07-28 用每个请求的 logLevel）。"
    ),
    "Add a resource, tool or prompt": "添加资源、工具或提示词",
    "Adds a resource, tool or prompt and announces it with the matching list_changed notification.": (
        "添加一个资源、工具或提示词，并用对应的 list_changed 通知宣布。"
    ),
    "Update a resource": "更新资源",
    "Changes a resource (demo://counter counts up) and sends notifications/resources/updated to whoever "
    "subscribed to it.": (
        "修改一个资源（demo://counter 加一），并向订阅了它的客户端发送 notifications/resources/updated。"
    ),
    "Ask the client for its roots": "向客户端索取根目录",
    "Asks the client for roots/list (a request in legacy, an InputRequiredResult in 2026-07-28) and returns "
    "what it said.": (
        "向客户端请求 roots/list（旧时代是一个请求，2026-07-28 是 InputRequiredResult），并返回客户端的回答。"
    ),
    "Ask the client's model": "询问客户端的模型",
    "Asks the client for sampling/createMessage and returns the model's answer.": (
        "向客户端发送 sampling/createMessage，并返回模型的回答。"
    ),
    "Ask the user (form)": "询问用户（表单）",
    "Asks the user to fill in a form (elicitation/create, form mode): name (text), email, age (number), "
    "newsletter (yes/no), color (one of a list) and, from 2025-11-25, toppings (several of a list), with "
    "defaults.": (
        "请用户填写表单（elicitation/create，表单模式）：姓名（文本）、电子邮件、年龄（数字）、订阅简报（是/否）、"
        "颜色（单选），自 2025-11-25 起还有配料（多选），均带默认值。"
    ),
    "Send the user to a URL": "引导用户打开网址",
    "Asks the user to open a URL (elicitation/create, url mode) for an out-of-band step such as signing in.": (
        "请用户打开一个网址（elicitation/create，URL 模式），完成登录之类的带外步骤。"
    ),
    "Lesson switch": "课程开关",
    "flood: RATE:COUNT (default 0:10000); oversized: BYTES (default 1048576).": (
        "flood：速率:条数（默认 0:10000）；oversized：字节数（默认 1048576）。"
    ),
    # resources and templates
    "Read me": "自述",
    "A static text resource.": "静态文本资源。",
    "Logo": "标志",
    "A static binary resource: a 16x16 PNG made in code.": "静态二进制资源：用代码生成的 16×16 PNG。",
    "Tone": "音调",
    "A static binary resource: a short 440 Hz WAV tone.": "静态二进制资源：一段短的 440 Hz WAV 音。",
    "Counter": "计数器",
    "Text that changes each time the touch_resource tool is called; subscribe to it.": (
        "每次调用 touch_resource 工具都会变化的文本；订阅它试试。"
    ),
    "Catalogue item": "目录条目",
    "One item of a small catalogue; both arguments complete (item depends on category).": (
        "小目录中的一个条目；两个参数都可补全（item 取决于 category）。"
    ),
    "The demo's logo.": "演示服务器的标志。",
    # prompts
    "Greeting": "问候",
    "A greeting for someone, in a style. Both arguments complete.": "以某种风格问候某人。两个参数都可补全。",
    "Who to greet.": "问候谁。",
    "casual, formal or pirate.": "casual（随意）、formal（正式）或 pirate（海盗）。",
    "Code review": "代码审查",
    "Asks for a review of a snippet in a language (the language completes).": (
        "请求审查某种语言的代码片段（语言可补全）。"
    ),
    "The programming language.": "编程语言。",
    "The code to review.": "要审查的代码。",
    # elicitation
    "Tell the demo a little about yourself.": "向演示服务器介绍一下你自己。",
    "Sign in to the (imaginary) demo service in your browser.": "请在浏览器中登录（虚构的）演示服务。",
    "Your name": "你的名字",
    "E-mail": "电子邮件",
    "Age": "年龄",
    "Send me the newsletter": "给我发送简报",
    "Favourite colour": "最喜欢的颜色",
    "Red": "红色",
    "Green": "绿色",
    "Blue": "蓝色",
    "Pizza toppings": "披萨配料",
}

TABLES: dict[str, dict[str, str]] = {"zh_CN": ZH_CN}

#: The language the demo speaks, set once from ``--lang`` when the process starts.
current = "en"


def set_language(lang: str) -> None:
    global current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (choose from {', '.join(LANGUAGES)})")
    current = lang


def localize(value: JsonValue, lang: str | None = None) -> JsonValue:
    """``value`` with each person-facing string translated (a copy; ``value`` is not changed)."""
    table = TABLES.get(lang or current)
    if table is None:
        return value
    return _walk(value, table)


def _walk(value: JsonValue, table: dict[str, str]) -> JsonValue:
    if isinstance(value, dict):
        out: JsonObject = {}
        for key, item in value.items():
            if key in TEXT_KEYS and isinstance(item, str):
                out[key] = table.get(item, item)
            elif key == "enumNames" and isinstance(item, list):
                out[key] = [table.get(x, x) if isinstance(x, str) else x for x in item]
            elif key == "properties" and isinstance(item, dict):  # property names are never translated
                out[key] = {name: _walk(schema, table) for name, schema in item.items()}
            else:
                out[key] = _walk(item, table)
        return out
    if isinstance(value, list):
        return [_walk(x, table) for x in value]
    return value
