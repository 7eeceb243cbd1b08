"""Handouts of a real demo session: a Markdown transcript and a self-contained HTML page, read
back - one section per entry, the negotiation on top, rules with their text, server text that
cannot format or script anything."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import orjson
import pytest
from demo_recording import record_demo_session

from inspector.protocol.lifecycle import STATE_INFO
from inspector.protocol.messages import Kind
from inspector.session import Direction, Recording, Session, labels
from inspector.session.handout import WORDS, Handout, write_handout
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


# ----------------------------------------------------------------- a full demo session, read back

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "resources" / "i18n" / "inspector_zh_CN.ts"


def catalogue_tr() -> Callable[[str, str], str]:
    """Chinese as the window has it: the finished translations of the catalogue (the source of
    truth), read without Qt."""
    table = {}
    for ctx in ET.parse(TS).getroot().findall("context"):
        for m in ctx.findall("message"):
            t = m.find("translation")
            if t is not None and t.text and t.get("type") not in ("unfinished", "vanished", "obsolete"):
                table[(ctx.findtext("name"), m.findtext("source"))] = t.text
    return lambda context, text: table.get((context, text), text)


async def full_demo(tmp_path: Path, era: str) -> Recording:
    """A whole demo session (tests/demo_recording.py), recorded through real pipes and opened
    from its file as a saved recording is."""
    return Recording.load(await record_demo_session(tmp_path / f"demo-{era}.jsonl", era=era))


def client_offer(rec: Recording) -> dict:
    """The capabilities the client offered, as written on the wire (initialize, or the _meta of
    server/discover)."""
    for i in range(len(rec)):
        if rec.direction_at(i) is Direction.C2S and rec.method_at(i) in ("initialize", "server/discover"):
            params = rec[i].json()["params"]
            if rec.method_at(i) == "initialize":
                return params["capabilities"]
            return params["_meta"]["io.modelcontextprotocol/clientCapabilities"]
    raise AssertionError("no start exchange")


def is_message(rec: Recording, i: int) -> bool:
    return rec.direction_at(i) in (Direction.C2S, Direction.S2C) and rec.kind_at(i) is not Kind.NOISE


def md_unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def md_read(md: str) -> tuple[dict[str, str], list[dict]]:
    """The Markdown transcript read back: the facts on top ({label: value}) and, per entry, its
    heading (split at " · "), its notes and its fenced block (language, text)."""
    facts: dict[str, str] = {}
    sections: list[dict] = []
    lines = iter(md.split("\n"))
    for line in lines:
        if line.startswith("### "):
            sections.append({"head": [md_unescape(p) for p in line[4:].split(" · ")], "notes": [], "block": None})
        elif line.startswith(("```", "~~~~")) and sections:
            fence, body = line[:4] if line.startswith("~~~~") else line[:3], []
            for inner in lines:
                if inner == fence:
                    break
                body.append(inner)
            sections[-1]["block"] = (line[len(fence) :], "\n".join(body))
        elif line.startswith("- **") and not sections:
            label, _, value = line[4:].partition("**: ")
            facts[label] = md_unescape(value)
        elif line.startswith("- ") and sections:
            sections[-1]["notes"].append(md_unescape(line[2:]))
    return facts, sections


class Page(HTMLParser):
    """The HTML page read back: every tag with its attributes, the facts table and the sections
    (attributes, heading, list items, the text of the pre block)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.facts: dict[str, str] = {}
        self.sections: list[dict] = []
        self._where: list[str] = []
        self._cell: list[str] = []
        self._th = ""

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append((tag, attrs))
        if tag == "section":
            self.sections.append({"attrs": attrs, "head": "", "notes": [], "pre": ""})
        if tag in ("th", "td", "h3", "li", "pre"):
            self._where.append(tag)
            self._cell = []

    def handle_endtag(self, tag):
        if not self._where or self._where[-1] != tag:
            return
        self._where.pop()
        text = "".join(self._cell)
        if tag == "th":
            self._th = text
        elif tag == "td":
            self.facts[self._th] = text
        elif tag == "h3":
            self.sections[-1]["head"] = text
        elif tag == "li":
            self.sections[-1]["notes"].append(text)
        elif tag == "pre":
            self.sections[-1]["pre"] = text

    def handle_data(self, data):
        if self._where:
            self._cell.append(data)


def html_read(page: str) -> Page:
    parsed = Page()
    parsed.feed(page)
    parsed.close()
    return parsed


def expected_heads(rec: Recording, tr: Callable[[str, str], str]) -> list[tuple[str, str]]:
    """Per entry: the direction in the handout's words and the title of the state after it."""
    words = {"c2s": "client → server", "s2c": "server → client", "stderr": "stderr", "event": "event"}
    titles = {s.value: info.title for s, info in STATE_INFO.items()}
    return [
        (tr("Handout", words[rec.direction_at(i).label]), tr("Lifecycle", titles[rec.state_at(i).value]))
        for i in range(len(rec))
    ]


def caps_listed(value: str, caps: dict) -> bool:
    """The listing names every capability, in order, with the names of its settings."""
    return bool(caps) and value == ", ".join(
        name + (f" ({', '.join(map(str, v))})" if isinstance(v, dict) and v else "") for name, v in sorted(caps.items())
    )


def check_markdown(md: str, rec: Recording, tr: Callable[[str, str], str]) -> tuple[dict[str, str], list[dict]]:
    facts, sections = md_read(md)
    assert len(sections) == len(rec)  # one section per recorded entry, in order
    for i, (x, (direction, state)) in enumerate(zip(sections, expected_heads(rec, tr), strict=True)):
        assert x["head"][:3] == [str(i), f"{rec.t_at(i):.3f} s", direction], x["head"]
        assert x["notes"][0] == f"{tr('Handout', 'State after it')}: {state}"
        for rule_id in rec.violations_at(i):
            assert any(note.startswith(f"{rule_id}: ") for note in x["notes"]), (i, rule_id)
        language, body = x["block"]
        if is_message(rec, i):
            assert language == "json" and json.loads(body) == rec[i].json()  # the message, pretty-printed
            assert body == orjson.dumps(rec[i].json(), option=orjson.OPT_INDENT_2).decode()
        else:
            assert language == "text" and body == rec[i].text.rstrip("\r\n")
    return facts, sections


def check_html(page: str, rec: Recording, tr: Callable[[str, str], str]) -> Page:
    parsed = html_read(page)
    # self-contained: nothing loaded from elsewhere, nothing that runs
    assert not [
        (tag, a)
        for tag, a in parsed.tags
        if a.get("src") or a.get("href") or tag in ("script", "link", "img", "iframe", "object")
    ]
    assert "@import" not in page and "url(" not in page
    assert len(parsed.sections) == len(rec)
    for i, (x, (direction, state)) in enumerate(zip(parsed.sections, expected_heads(rec, tr), strict=True)):
        a = x["attrs"]
        assert (
            a["id"] == f"e{i}"
            and a["data-dir"] == rec.direction_at(i).label
            and a["data-state"] == rec.state_at(i).value
        )
        assert float(a["data-t"]) == pytest.approx(rec.t_at(i), abs=1e-6)
        assert x["head"].split(" · ")[:3] == [str(i), f"{rec.t_at(i):.3f} s", direction]
        assert x["notes"][0] == f"{tr('Handout', 'State after it')}: {state}"
        for rule_id in rec.violations_at(i):
            assert any(note.startswith(f"{rule_id}: ") for note in x["notes"]), (i, rule_id)
        if is_message(rec, i):
            assert json.loads(x["pre"]) == rec[i].json()
            assert x["pre"] == orjson.dumps(rec[i].json(), option=orjson.OPT_INDENT_2).decode()
        else:
            assert x["pre"] == rec[i].text.rstrip("\r\n")
    return parsed


@pytest.mark.parametrize("era", ["legacy", "modern"])
async def test_a_full_demo_session_read_back_from_both_handouts(tmp_path, era):
    """Markdown and HTML of a whole demo session: an entry per section with its direction, time
    and state, the message itself (it parses back to what was recorded), and the negotiation on
    top with what each side brought."""
    rec = await full_demo(tmp_path, era)
    handout = Handout(rec)
    md_facts, _ = check_markdown(handout.markdown(), rec, handout.tr)
    page = check_html(handout.html(), rec, handout.tr)
    server_caps = rec.summary["server_capabilities"]
    for facts in (md_facts, page.facts):
        assert facts["Era"] == era and facts["Server"].startswith("mcp-session-inspector-demo")
        assert caps_listed(facts["Server capabilities"], server_caps), facts["Server capabilities"]
        assert caps_listed(facts["Client capabilities"], client_offer(rec)), facts["Client capabilities"]
        assert facts["Client"].startswith("mcp-session-inspector ")
        counts = rec.counts()["by_dir"]
        assert facts["Entries"] == (
            f"{len(rec)} (client → server {counts['c2s']}, server → client {counts['s2c']}, stderr "
            f"{counts['stderr']}, event {counts['event']})"
        )


@pytest.mark.parametrize("era", ["legacy", "modern"])
async def test_a_chinese_handout_leaves_no_word_in_english_but_the_data(tmp_path, era):
    """In Chinese every label is Chinese - kinds, events, era, states, directions, the counts -
    from the tables the window translates them with; JSON, methods, ids and server text stay as
    they are."""
    rec = await full_demo(tmp_path, era)
    tr = catalogue_tr()
    handout = Handout(rec, tr=tr, lang="zh_CN")
    md_facts, sections = check_markdown(handout.markdown(), rec, tr)
    page = check_html(handout.html(), rec, tr)
    # the English words the window shows translated (kinds, events, eras, states, the handout's own)
    english = {
        text
        for context, texts in (*labels.CONTEXTS.items(), ("Handout", list(WORDS.values())))
        for text in texts
        if tr(context, text) != text
    }
    english |= {info.title for info in STATE_INFO.values() if tr("Lifecycle", info.title) != info.title}
    assert {"request", "result", "notification", "spawned", "exited", "legacy", "modern", "Operating"} & english >= {
        "request",
        "spawned",
        "legacy",
    }
    methods = {rec.method_at(i) for i in range(len(rec))}
    for i, x in enumerate(sections):
        english_parts = [p for p in x["head"] if p in english and p not in methods]
        assert english_parts == [], (i, x["head"])
        assert all(part not in english for note in x["notes"] for part in re.split(r": | → | \(|\)", note)), (
            i,
            x["notes"],
        )
    for h3, x in zip((s["head"] for s in page.sections), sections, strict=True):
        assert h3.split(" · ") == x["head"]
    for facts in (md_facts, page.facts):
        assert not set(facts) & english, facts.keys()
        assert facts["代际"] == tr("Eras", era) and facts["代际"] != era
        assert not re.search(r"\b(c2s|s2c|stderr|event) \d", facts["条目"]), facts["条目"]
        assert not [v for v in facts.values() if v in english]
        assert caps_listed(facts["客户端能力"], client_offer(rec))
    kinds = {x["head"][3] for x in sections}
    assert {
        tr("Timeline", "request"),
        tr("Timeline", "result"),
        tr("Events", "spawned"),
        tr("Events", "exited"),
    } <= kinds
