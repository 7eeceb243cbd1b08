"""The demo speaks the workshop's language (``--lang zh_CN``): titles, descriptions, the
instructions and its forms, in both eras, through the real Session; names, URIs and results stay
as they are, and every message stays valid against the negotiated schema."""

from __future__ import annotations

import re

import pytest
from demo_helpers import options, recording_schema_problems

from inspector.demo import catalog
from inspector.demo.features import LESSON_SWITCH_TOOL
from inspector.demo.language import TEXT_KEYS, ZH_CN, localize
from inspector.protocol.versions import LATEST_LEGACY, EraMode
from inspector.session import ClientHandlers, Session

pytestmark = pytest.mark.anyio
HAN = re.compile(r"[\u4e00-\u9fff]")


def texts(value, out: list[str] | None = None) -> list[str]:
    """Every person-facing string in a message (under TEXT_KEYS, and enumNames)."""
    out = [] if out is None else out
    if isinstance(value, dict):
        for key, item in value.items():
            if key in TEXT_KEYS and isinstance(item, str):
                out.append(item)
            elif key == "enumNames" and isinstance(item, list):
                out.extend(x for x in item if isinstance(x, str))
            else:
                texts(item, out)
    elif isinstance(value, list):
        for item in value:
            texts(item, out)
    return out


class Recorder(ClientHandlers):
    def __init__(self) -> None:
        super().__init__()
        self.asked: list[dict] = []

    async def elicit(self, params: dict) -> dict:
        self.asked.append(params)
        return {"action": "decline"}


def test_every_person_facing_string_of_the_catalogue_has_a_translation():
    entries = [*catalog.TOOLS, *catalog.STATIC_RESOURCES, *catalog.TEMPLATES, *catalog.PROMPTS]
    forms = [catalog.elicitation_form(v) for v in ("2025-06-18", "2025-11-25")]
    strings = texts([entries, forms, {"title": catalog.SERVER_TITLE, "instructions": catalog.INSTRUCTIONS}])
    strings += texts({k: v for k, v in LESSON_SWITCH_TOOL.items() if k != "description"})  # that one lists the lessons
    assert len(strings) > 60
    assert [s for s in strings if s not in ZH_CN] == []
    assert all(HAN.search(t) for t in ZH_CN.values())


def test_names_and_values_are_never_translated():
    entry = {
        "name": "Echo",
        "uri": "demo://Echo",
        "title": "Echo",
        "properties": {"title": {"type": "string", "title": "Age"}},
        "enum": ["Red"],
    }
    assert localize(entry, "zh_CN") == {
        "name": "Echo",
        "uri": "demo://Echo",
        "title": "回声",
        "properties": {"title": {"type": "string", "title": "年龄"}},
        "enum": ["Red"],
    }
    assert localize(entry, "en") == entry


@pytest.mark.parametrize("era", [EraMode.LEGACY, EraMode.MODERN])
async def test_the_demo_lists_and_asks_in_chinese_with_lang_zh_cn(era):
    handlers = Recorder()
    caps = {"elicitation": {"form": {}, "url": {}}}
    session = Session(options("--lang", "zh_CN", era=era, capabilities=caps), handlers=handlers)
    async with session:
        await session.start()
        n = session.negotiation()
        listed = []
        for method, key in (
            ("tools/list", "tools"),
            ("resources/list", "resources"),
            ("resources/templates/list", "resourceTemplates"),
            ("prompts/list", "prompts"),
        ):
            reply = await session.request(method)
            assert reply.ok, reply.error
            listed.extend(reply.result[key])
        by_name = {t["name"]: t for t in listed if "name" in t}
        assert by_name["echo"]["title"] == "回声" and by_name["echo"]["description"] == "原样返回收到的消息。"
        assert by_name["echo"]["inputSchema"]["properties"]["message"]["description"] == "要返回的文本。"
        assert by_name["readme.md"]["uri"] == catalog.README_URI
        reply = await session.request("tools/call", {"name": "elicit_form", "arguments": {}})
        assert reply.ok and "decline" in reply.result["content"][0]["text"]  # results stay English
        version = n.version
        server_texts = texts([listed, {"title": n.server_info.get("title"), "instructions": n.instructions}])
    lesson_description = localize(LESSON_SWITCH_TOOL)["description"]
    untranslated = [t for t in server_texts if not HAN.search(t) and t != lesson_description]
    assert untranslated == []
    form = handlers.asked[0]
    assert form["message"] == "向演示服务器介绍一下你自己。"
    titles = {name: field["title"] for name, field in form["requestedSchema"]["properties"].items()}
    assert titles["name"] == "你的名字" and titles["color"] == "最喜欢的颜色"
    assert set(titles) >= {"name", "email", "age", "newsletter", "color"}
    assert recording_schema_problems(session.recording, version) == []


async def test_english_stays_the_default():
    session = Session(options(version=LATEST_LEGACY))
    async with session:
        await session.start()
        reply = await session.request("tools/list")
    assert {t["name"]: t.get("title") for t in reply.result["tools"]}["echo"] == "Echo"
