"""The Tools panel follows a live language switch (issue 22): during a session the panels are not
made again, so what the panel says about the state it shows (the tool's summary, its badges, the
call's status line, the banner, the content cards, the list's note, why a Call was refused) is
made again from that state on Qt's LanguageChange. A demo session at 1280x720, tools called,
switched to Chinese and back to English: each text is Chinese, then exactly what it was in
English."""

from __future__ import annotations

import re

import anyio
import pytest
from PySide6.QtCore import QCoreApplication
from ui_driver import quick, tools_panel_session, until

from inspector.session import tool_words
from inspector.session.profiles import demo_profile

pytestmark = pytest.mark.anyio

CJK = re.compile(r"[\u4e00-\u9fff]")


def said(panel) -> dict[str, str]:
    """What the panel says about the selected tool and the last call, by place."""
    out = {
        "summary": panel.schema_label.text(),
        "status": panel.result.status_label.text(),
        "note": panel.list_note.text(),
        "badges": " ".join(text for text, _ in panel.badges.badges),  # what the page paints
        "list badges": " ".join(
            text for text, _ in tool_words.tool_badges(panel.current, QCoreApplication.translate)
        ),  # what the list's delegate paints
        "cards": " | ".join(card.summary() for card in panel.result.content.cards()),
        "check": panel.validate_label.text(),
        "check's name": panel.validate_box.accessibleName(),  # what a screen reader says of the box
        "ttl": " | ".join((panel.ttl_spin.specialValueText(), panel.ttl_spin.prefix(), panel.ttl_spin.suffix())),
    }
    if not panel.result.banner.isHidden():
        out["banner"] = panel.result.banner_text()
    return out


async def switch(window, language: str) -> None:
    window.languages.set_choice(language)
    await anyio.sleep(0.2)  # LanguageChange is delivered by the loop


async def test_the_tools_panel_words_follow_a_live_switch_both_ways(qapp, tmp_path):
    seen: dict[str, list[dict]] = {}
    async with tools_panel_session(qapp, tmp_path, quick(demo_profile(), "legacy")) as (_, window, panel):
        # the server adds a tool and says the list changed: the panel reloads and notes it
        assert panel.select_tool("add_item")
        panel.editor.form.field("kind").set("tool")
        assert panel.call_selected()
        await until(
            lambda: panel.result.outcome == "result" and panel.list_note.isVisible() and not panel.feature.loading
        )
        for name, arguments in (("echo", {"message": "fourteen chars"}), ("always_fails", {})):
            assert panel.select_tool(name)
            panel.editor.set_value(arguments)
            assert panel.call_selected()
            await until(lambda: panel.result.outcome in ("result", "tool-error"))
            english = said(panel)
            await switch(window, "zh_CN")
            assert window.panels.panels["tools"] is panel  # a live session keeps its panels
            chinese = said(panel)
            await switch(window, "en")
            again = said(panel)
            seen[name] = [english, chinese, again]
        # a Call the schema check refused: why, under the buttons
        assert panel.select_tool("echo")
        panel.editor.set_value({})
        assert not panel.call_selected()
        refused = [panel.args_error.text()]
        await switch(window, "zh_CN")
        refused.append(panel.args_error.text())
        await switch(window, "en")
        refused.append(panel.args_error.text())
    english, chinese, again = seen["echo"]
    assert english["summary"] == "1 argument · 1 required"
    assert re.fullmatch(r"echo · tools/call id \d+ · answered in .+", english["status"])
    assert english["cards"] == "TEXT 14 characters"
    assert english["badges"] == english["list badges"] == "read-only"
    assert english["note"] == "The server said the tool list changed: reloaded."
    assert chinese["summary"] == "1 个参数 · 1 个必填"
    assert chinese["cards"] == "文本 14 个字符"
    assert chinese["badges"] == chinese["list badges"] == "只读"
    assert chinese["note"] == "服务器通知工具列表已变更：已重新加载。"
    assert chinese["check"] == "发送前按 Schema 校验参数" == chinese["check's name"]
    assert english["ttl"] == "TTL: server's | TTL  |  s" and chinese["ttl"] == "TTL：由服务器定 | TTL  |  秒"
    assert "answered" not in chinese["status"] and CJK.search(chinese["status"])
    assert again == english  # back in English: word for word what it said before
    english, chinese, again = seen["always_fails"]
    assert english["banner"].startswith("The tool reported an error\n") and english["summary"] == "1 argument"
    assert chinese["banner"].startswith("工具报告了错误\n") and chinese["summary"] == "1 个参数"
    for key in english:  # every place says it in Chinese (ids and durations aside)
        if english[key]:
            assert CJK.search(chinese[key]), (key, chinese[key])
    assert again == english
    english, chinese, again = refused
    assert english.startswith("Fix the arguments first (message: required)")
    assert CJK.search(chinese) and "Fix the arguments" not in chinese and "required" not in chinese
    assert again == english
