"""Handouts of a real demo session: a Markdown transcript and a self-contained HTML page, read
back - one section per entry, the negotiation on top, rules with their text, server text that
cannot format or script anything."""

from __future__ import annotations

from html.parser import HTMLParser

import orjson
import pytest

from inspector.session import Direction, Session
from inspector.session.handout import Handout, write_handout
from inspector.session.profiles import demo_profile

pytestmark = pytest.mark.anyio

TRICKY = "<script>alert(1)</script> **bold** `code` # head"


async def demo_session() -> Session:
    p = demo_profile()
    p.era = "legacy"
    session = Session(p.to_options())
    async with session:
        await session.start()
        await session.request("tools/call", {"name": "echo", "arguments": {"text": TRICKY}})
        await session.send_text('{"jsonrpc":"1.0","id":"hand","method":"ping"}', wait=5)
    return session


class Sections(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.tags: set[str] = set()
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        if tag == "section":
            self.ids.append(dict(attrs)["id"])

    def handle_data(self, data):
        self.text.append(data)


async def test_markdown_and_html_transcripts_of_a_demo_session(tmp_path):
    session = await demo_session()
    rec = session.recording
    md_path, html_path = tmp_path / "t.md", tmp_path / "t.html"
    write_handout(str(md_path), rec)
    write_handout(str(html_path), rec)
    md = md_path.read_text(encoding="utf-8")
    assert md.startswith("# MCP session transcript") and "## Negotiation" in md
    assert md.count("\n### ") == len(rec)  # one section per entry
    assert "- **Server**: mcp-session-inspector-demo" in md and "- **Era**: legacy" in md
    assert "`jsonrpc.version`: The 'jsonrpc' member is missing" in md and "hand-written" in md
    # the messages pretty-printed in fenced blocks, so server text cannot format the page
    init = next(i for i in range(len(rec)) if rec.method_at(i) == "initialize" and rec.direction_at(i) is Direction.S2C)
    assert orjson.dumps(rec[init].json(), option=orjson.OPT_INDENT_2).decode() in md
    page = html_path.read_text(encoding="utf-8")
    parsed = Sections()
    parsed.feed(page)
    assert parsed.ids == [f"e{i}" for i in range(len(rec))]
    assert "script" not in parsed.tags and "<script>" not in page and "&lt;script&gt;" in page
    assert TRICKY in "".join(parsed.text)  # as written, shown as text


async def test_a_handout_in_another_language_uses_the_translator():
    session = await demo_session()
    words = {"MCP session transcript": "MCP 会话记录稿", "Initialized": "已初始化"}
    handout = Handout(session.recording, tr=lambda _ctx, text: words.get(text, text), lang="zh_CN")
    page = handout.html()
    assert '<html lang="zh-CN">' in page and "<h1>MCP 会话记录稿</h1>" in page
    assert handout.markdown().startswith("# MCP 会话记录稿")
