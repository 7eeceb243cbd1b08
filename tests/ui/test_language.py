"""Switching the language while the window is open, twice, then running a session: every text
follows, nothing is duplicated, nothing raises (pytest-qt fails a test on any exception raised
in a Qt slot or event handler).

The live switch: a demo session with every panel, tab and answer dialog open (a tool called, a
prompt got, a resource read, the server level set, the composer holding a flagged message, the
spec viewer), switched en → zh_CN → en and zh_CN → en → zh_CN; then the same after the session
ended, and during a replay. Every text a person can read (labels, buttons, titles, tabs,
headers, tooltips, placeholders, combo items, the first rows of item views, menus) is compared
with the catalogue (resources/i18n/inspector_zh_CN.ts): in Chinese no English source that
Chinese says otherwise, whole or as a " · " / line / ": " part, placeholders as patterns; in
English no Chinese character. Text that came through the pipes is the server's (or the user's)
and is left out: every JSON string of every recorded message, and pieces of recorded lines as
previews show them."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import anyio
import pytest
from polling import until
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QToolBar

from inspector.protocol.lifecycle import State
from inspector.ui.app import build
from inspector.ui.timeline import Column

pytestmark = pytest.mark.anyio


async def test_switching_language_twice_then_running_a_session(qapp, tmp_path):
    controller, window = build(qapp, config=tmp_path)
    window.resize(1400, 900)
    window.show()
    languages = window.languages
    labels_before = len(window.statusBar().findChildren(QLabel))
    try:
        languages.set_choice("zh_CN")
        # at once, not only after the loop has deleted the old one: one toolbar, in Chinese
        bars = [b for b in window.findChildren(QToolBar) if b.parent() is window and b.isVisible()]
        assert [[a.text() for a in b.actions()][0] for b in bars] == ["连接"]
        await anyio.sleep(0.05)
        window = languages.window
        assert window.act_connect.text() == "连接"
        assert window.connection.list.item(0).text() == "演示服务器（内置）"
        assert window.panels.panels["resources"].updates_box.title() == "更新"  # idle: panels anew
        assert window.panels.panels["tools"].refresh_button.text() == "刷新"
        assert window.detail.hex_button.text() != "Hex" and window.tabs.tabText(0) != "Details"
        assert window.timeline.search.placeholderText() != "Search raw text… (Ctrl+F)"
        assert window.timeline.method_combo.itemText(0) != "any method"
        assert window.timeline.method_combo.lineEdit().text() == ""  # no filter typed by the switch
        assert window.connection.editor.name.text() == "演示服务器（内置）"
        languages.set_choice("en")
        await anyio.sleep(0.05)
        languages.set_choice("zh_CN")
        await anyio.sleep(0.05)
        window = languages.window
        await anyio.sleep(0.05)  # the loop delivers LanguageChange and deletes what was replaced
        assert len(window.statusBar().findChildren(QLabel)) == labels_before  # nothing piled up
        assert window.features_dock.width() < window.width() // 2 and window.dock.width() < window.width() // 2
        profile = window.profiles[0]
        assert profile.builtin and profile.args[-2:] == ["--lang", "zh_CN"]  # the demo speaks Chinese too
        profile.era = "legacy"
        profile.stdin_grace = profile.term_grace = 0.5
        window.connection.editor.set_profile(profile)
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            window.connect_selected()
            await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
            await until(lambda: "旧版" in window.status.era.text())
            tools = window.panels.panels["tools"]
            await until(lambda: any(t.get("title") == "回声" for t in tools.tools))
            # a switch during the session: the diagram keeps its highlight, the session goes on
            languages.set_choice("en")
            await anyio.sleep(0.05)
            window = languages.window
            await until(lambda: window.diagram.model.state is State.OPERATING)
            assert "legacy" in window.status.era.text()
            languages.set_choice("zh_CN")
            await anyio.sleep(0.05)
            window = languages.window
            await until(lambda: window.diagram.model.state is State.OPERATING)
            model = window.timeline.model
            await until(lambda: model.rowCount() > 2)
            assert model.data(model.index(0, Column.METHOD)) == "已启动"
            # panels kept alive during the session retranslate in place
            tasks, logs = window.panels.panels["tasks"], window.panels.panels["logs"]
            assert tasks.get_button.text() == "获取状态" and tasks.poll.text() == "运行时轮询"
            assert logs.clear_button.text() == "清空视图" and logs.filter.itemText(0).endswith("及以上")
            assert logs.model.headerData(1, Qt.Orientation.Horizontal) == "级别"
            resources, prompts = window.panels.panels["resources"], window.panels.panels["prompts"]
            assert resources.read_button.text() == "读取" and resources.resource_list.refresh_button.text() == "刷新"
            assert prompts.get_button.text() == "获取提示" and prompts.list_view.filter.placeholderText() == "筛选"
            controller.end_session()
            await until(lambda: not controller.running, 15)
            await until(
                lambda: any(model.data(model.index(r, Column.METHOD)) == "已退出" for r in range(model.rowCount()))
            )
            tg.cancel_scope.cancel()
    finally:
        languages.set_choice("en")
        await anyio.sleep(0.05)
        languages.window.close()
        languages.window.deleteLater()


def test_the_failure_banner_words_the_report_in_the_users_language(qapp):
    from PySide6.QtCore import QEvent, QTranslator

    from inspector.resources import resource_path
    from inspector.session.operations import FailureReport
    from inspector.ui.banner import FailureBanner

    banner = FailureBanner()
    banner.show_report(FailureReport(None, exit_code=3, stderr=("boom",)))
    assert banner.headline.text() == "The session failed: the server ended by itself (exit code 3)"
    assert banner.exit.text() == "The server: exit code 3"
    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "inspector_zh_CN.qm")))
    qapp.installTranslator(translator)
    try:
        qapp.sendEvent(banner, QEvent(QEvent.Type.LanguageChange))
        assert "服务器自行结束（退出码 3）" in banner.headline.text()
        banner.show_report(FailureReport(None, signal=9))
        assert "被信号 9 终止" in banner.exit.text()
        # the engine's outcome comes as a code with its values
        banner.show_report(
            FailureReport(
                "the server negotiated protocol version '1999-01-01', which the client does not support",
                code="version-unsupported",
                args={"version": "'1999-01-01'"},
            )
        )
        assert "服务器协商的协议版本为 '1999-01-01'" in banner.headline.text()
    finally:
        qapp.removeTranslator(translator)
        banner.deleteLater()


def test_why_a_server_could_not_start_is_worded_in_the_users_language(qapp, tmp_path):
    """A real failed spawn: the transport's reason code reaches the banner through the session,
    and the banner's words for each reason are the transport's English sentences."""
    from PySide6.QtCore import QEvent, QTranslator

    from inspector.protocol.engine import ClientConfig
    from inspector.resources import resource_path
    from inspector.session import Session, SessionOptions, StartFailed
    from inspector.session.failure_words import all_words
    from inspector.session.operations import failure_report
    from inspector.transport.base import SPAWN_REASONS, StdioSpec
    from inspector.ui.banner import FailureBanner

    assert set(SPAWN_REASONS.values()) <= set(all_words())  # one sentence per reason, the words the CLI prints

    async def fail() -> Session:
        session = Session(
            SessionOptions(
                transport=StdioSpec(argv=["no-such-mcp-server-here"], cwd=str(tmp_path)), config=ClientConfig()
            )
        )
        with pytest.raises(StartFailed, match="no such file or directory"):
            async with session:
                pass
        return session

    session = anyio.run(fail)
    report = failure_report(session.recording, session.recording.summary)
    assert report.code == "spawn-failed" and report.args["reason"] == "not-found-on-path"
    banner = FailureBanner()
    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "inspector_zh_CN.qm")))
    try:
        banner.show_report(report)
        assert (
            "cannot start 'no-such-mcp-server-here': no such file or directory (looked up on PATH)"
            in banner.headline.text()
        )
        qapp.installTranslator(translator)
        qapp.sendEvent(banner, QEvent(QEvent.Type.LanguageChange))
        assert "无法启动 'no-such-mcp-server-here'：找不到该文件或目录（已在 PATH 中查找）" in banner.headline.text()
    finally:
        qapp.removeTranslator(translator)
        banner.deleteLater()


async def test_the_timeline_and_sequence_tabs_follow_the_language(window_and_controller):
    _controller, window = window_and_controller
    window.languages.set_choice("zh_CN")
    try:
        assert [window.views.tabText(i) for i in range(window.views.count())] == ["时间线", "时序图"]
    finally:
        window.languages.set_choice("en")
    assert [window.views.tabText(i) for i in range(window.views.count())] == ["Timeline", "Sequence"]


# ----------------------------------------------------------------------------- a total live switch
#
# Every panel, dialog and tab of a running demo session opened once, then the language switched
# while it runs, both ways; every text a person can read is then compared with the catalogue.


CATALOGUE = Path(__file__).resolve().parents[2] / "resources" / "i18n" / "inspector_zh_CN.ts"
CJK = re.compile("[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%L?\d+|%L?n")  # {name}, %1, %n and their localised %L forms


def _plain(text: str) -> str:
    """A text as shown: rich text (a tooltip's <qt>…</qt>) as its plain text, else the
    mnemonics' & gone (&& is one &); ends trimmed."""
    if text.startswith("<qt>") or text.startswith("<html>"):
        return html.unescape(re.sub(r"<[^>]*>", "", text)).strip()
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").strip()


def catalogue_pairs() -> list[tuple[str, str]]:
    """(English source, Chinese translation) of every finished entry."""
    out = []
    for ctx in ET.parse(CATALOGUE).getroot().findall("context"):
        for m in ctx.findall("message"):
            source, t = m.findtext("source"), m.find("translation")
            if not source or t is None or t.get("type") in ("unfinished", "vanished", "obsolete"):
                continue
            text = t.findtext("numerusform") if m.get("numerus") == "yes" else t.text
            if text:
                out.append((_plain(source), _plain(text)))
    return out


def english_matchers(pairs) -> tuple[set[str], list[re.Pattern]]:
    """The English sources that Chinese says otherwise, as exact texts, and those with
    placeholders as whole-text patterns (only when enough words are left beside the
    placeholders to say anything). A word that one context keeps as it is ("stderr" in the
    timeline, "Handout" says 标准错误（stderr）) is not a leftover: which context a widget uses
    is not known here."""
    kept = {source for source, translation in pairs if source == translation}
    exact, patterns = set(), []
    for source, translation in pairs:
        if source == translation or source in kept:
            continue
        if not PLACEHOLDER.search(source):
            exact.add(source)
        elif len(re.findall(r"[A-Za-z]", PLACEHOLDER.sub("", source))) >= 4:
            # a plural-aware source ("%n argument(s)") is shown "1 argument" / "3 arguments"
            pattern = ".+?".join(
                re.escape(piece).replace(re.escape("(s)"), "s?") for piece in PLACEHOLDER.split(source)
            )
            patterns.append(re.compile("^" + pattern + "$", re.S))
    return exact, patterns


class Wire(set):
    """Every string that came through the session's pipes, either way (the JSON strings of each
    message, keys included, and each non-JSON line such as stderr), and the lines themselves:
    server-provided text (and what the user typed) is data, shown as it came, in the language
    the server spoke. ``text in wire``: one of those strings, or a piece of a line as a preview
    shows it (cut with "…")."""

    lines: list[str]

    def __contains__(self, text: object) -> bool:
        if set.__contains__(self, text):
            return True
        piece = str(text).removesuffix("…")
        return len(piece) >= 20 and any(piece in line for line in self.lines)


def wire_strings(rec) -> Wire:
    import orjson

    out = Wire()
    out.lines = []

    def walk(v) -> None:
        if isinstance(v, str):
            out.add(v.strip())
        elif isinstance(v, dict):
            for k, x in v.items():
                out.add(str(k))
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    for i in range(len(rec)):
        raw = rec.raw_at(i)
        out.lines.append(raw.decode("utf-8", "replace"))
        try:
            walk(orjson.loads(raw))
        except orjson.JSONDecodeError:
            for line in raw.decode("utf-8", "replace").splitlines():
                out.add(line.strip())
    out.discard("")
    return out


def shown_texts(top) -> list[tuple[str, str]]:
    """(text, where) for everything a person can read in ``top`` as it is now: labels, buttons,
    group and dock titles, tab texts and tips, column headers, tooltips, window titles,
    placeholders, combo box items, the first rows of item views, menus and actions. Widgets
    marked ``data`` (server or file text) are left out, as are text edits' contents (data)."""
    from PySide6.QtCore import QAbstractListModel, QModelIndex
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractItemView,
        QComboBox,
        QDialogButtonBox,
        QDockWidget,
        QGroupBox,
        QHeaderView,
        QLabel,
        QLineEdit,
        QMenu,
        QPlainTextEdit,
        QTabBar,
        QTableView,
        QTextEdit,
        QTreeView,
        QWidget,
    )

    out: list[tuple[str, str]] = [(top.windowTitle(), f"{type(top).__name__} title")]

    def seen(w) -> bool:  # in this window (a dialog is collected on its own), shown, not data
        return w.window() is top and w.isVisibleTo(top) and not w.property("data")

    def where(w) -> str:
        names = []
        while w is not None and w is not top:
            names.append(w.objectName() or type(w).__name__)
            w = w.parentWidget()
        return "/".join(reversed(names[:4]))

    for w in top.findChildren(QWidget):
        if not seen(w):
            continue
        out.append((w.toolTip(), where(w) + " tooltip"))
        if isinstance(w, QLabel):
            out.append((w.text(), where(w)))
        elif isinstance(w, QAbstractButton):
            box = w.parent()
            if isinstance(box, QDialogButtonBox) and box.standardButton(w) != QDialogButtonBox.StandardButton.NoButton:
                continue  # "OK", "Close": Qt's own catalogue
            out.append((w.text(), where(w)))
        elif isinstance(w, QGroupBox):
            out.append((w.title(), where(w)))
        elif isinstance(w, QDockWidget):
            out.append((w.windowTitle(), where(w)))
        elif isinstance(w, QTabBar):
            for i in range(w.count()):
                out += [(w.tabText(i), where(w)), (w.tabToolTip(i), where(w) + " tab tip")]
        elif isinstance(w, QComboBox):
            out += [(w.itemText(i), where(w)) for i in range(w.count()) if not w.isEditable() or i == 0]
        if isinstance(w, (QLineEdit, QPlainTextEdit, QTextEdit)):
            out.append((w.placeholderText(), where(w) + " placeholder"))
        if isinstance(w, QAbstractItemView) and not isinstance(w, QHeaderView) and w.model() is not None:
            model = w.model()
            columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount(QModelIndex())
            header = (
                w.horizontalHeader() if isinstance(w, QTableView) else w.header() if isinstance(w, QTreeView) else None
            )
            if header is not None and header.isVisibleTo(top):
                shown = [c for c in range(columns) if not header.isSectionHidden(c)]
                out += [
                    (str(model.headerData(c, Qt.Orientation.Horizontal) or ""), where(w) + " header") for c in shown
                ]
            for r in range(min(model.rowCount(QModelIndex()), 6)):
                for c in range(columns):
                    index = model.index(r, c)
                    value = model.data(index)
                    if isinstance(value, str):
                        out.append((value, f"{where(w)} row {r} col {c}"))
                    tip = model.data(index, Qt.ItemDataRole.ToolTipRole)
                    if isinstance(tip, str):
                        out.append((tip, f"{where(w)} row {r} col {c} tip"))
    for menu in (m for m in top.findChildren(QMenu) if m.parentWidget() is None or m.parentWidget().window() is top):
        out.append((menu.title(), "menu"))
        out += [(a.text(), "menu action") for a in menu.actions() if not a.isSeparator()]
        out += [(a.toolTip(), "menu action tip") for a in menu.actions() if not a.isSeparator()]
    return [(_plain(t), w) for t, w in out if t and _plain(t)]


def own_words() -> set[str]:
    """Words shown the same in every language on purpose: each language's name in its own
    language (the language menu), and the protocol's log levels (logging/setLevel's values,
    shown as they are sent)."""
    from inspector.session.views import LEVELS
    from inspector.ui.app import Languages

    return {label for code, label in Languages.choices(None) if code != "system"} | set(LEVELS)


def leftovers(texts, language: str, wire: set[str], pairs) -> list[tuple[str, str]]:
    """The texts that are in the other language. A text that came through the pipes (a wire
    string) is the server's (or what the user typed): it is left out, and so are the words
    of :func:`own_words`. In
    Chinese, an English catalogue source (with placeholders: its pattern) is a leftover, as a
    whole text or as one of its ' · ' / line parts; in English, any Chinese character outside
    the wire strings the text holds is."""
    exact, patterns = english_matchers(pairs)
    ours = own_words()
    bad = []
    for text, where in texts:
        if text in wire or text in ours:
            continue
        if language == "en":
            rest = text
            for s in sorted((s for s in set(wire) if CJK.search(s) and s in text), key=len, reverse=True):
                rest = rest.replace(s, "")
            if CJK.search(rest):
                bad.append((text, where))
            continue
        parts = [text, *(p.strip() for p in re.split(r" · |\n|: ", text))]
        if any(p and p not in wire and (p in exact or any(pt.match(p) for pt in patterns)) for p in parts):
            bad.append((text, where))
    return sorted(set(bad))


def test_the_leftover_check_sees_both_kinds():
    pairs = catalogue_pairs()
    assert len(pairs) > 500 and ("Connect", "连接") in pairs
    texts = [
        ("Connect", "a"),
        ("连接", "b"),
        ("回声", "server"),
        ("debug · Sending logging/setLevel debug…", "c"),
        ("29 entries", "d"),
    ]
    wire = Wire({"回声"})
    wire.lines = ['{"name":"echo","title":"回声"}']
    zh = leftovers(texts, "zh_CN", wire, pairs)
    en = leftovers(texts, "en", wire, pairs)
    assert sorted(w for _t, w in zh) == ["a", "c", "d"] and [w for _t, w in en] == ["b"]


async def _open_everything(controller, window, tg) -> dict:
    """A legacy demo session with each feature panel shown once, a tool called, a prompt got,
    a resource read, the Details, Negotiation and Sequence tabs shown, the sampling dialog
    and both elicitation dialogs (form, URL) open, the composer and the spec viewer open."""
    from ui_driver import quick, use_profile

    from inspector.session.profiles import demo_profile

    profile = quick(demo_profile(), "legacy")
    if window.languages.effective() == "zh_CN":
        profile.args = [*profile.args, "--lang", "zh_CN"]
    use_profile(window, profile)
    controller.task_group = tg
    window.connect_selected()
    await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
    host = window.panels
    await until(lambda: len(host.shown_keys()) >= 4)
    tools, prompts, resources = host.panels["tools"], host.panels["prompts"], host.panels["resources"]
    await until(
        lambda: (
            bool(tools.tools)
            and bool(prompts.list_view.entries())
            and resources.resource_list.tree.topLevelItemCount() > 0
        )
    )
    for key in host.shown_keys():
        host.show_panel(key)
        await anyio.sleep(0.05)
    host.show_panel("tools")
    assert tools.select_tool("echo")
    tools.editor.form.field("message").set("hello")
    assert tools.call_selected()
    await until(lambda: not tools.feature.calling and tools.result.outcome == "result")
    host.show_panel("prompts")
    assert prompts.list_view.select_where("name", "greeting")
    prompts.fields["name"].setText("Ada")
    assert prompts.get_selected()
    await until(lambda: prompts.last_result is not None)
    host.show_panel("resources")
    resources.resource_list.tree.setCurrentItem(resources.resource_list.tree.topLevelItem(0))
    assert resources.read_selected()
    await until(lambda: bool(resources.contents.cards()))
    logs = host.panels["logs"]
    assert logs.set_server_level("info")  # the server-level line says it was answered
    await until(
        lambda: (
            "info" in logs.level_status.text()
            and "logging/setLevel" in logs.level_status.text()
            and logs.set_level_button.isEnabled()
        )
    )
    session = controller.session
    replies: dict = {}

    async def call(name: str) -> None:
        replies[name] = await session.request("tools/call", {"name": name, "arguments": {}})

    def named(d) -> str:  # SamplingDialog, ElicitationDialog (form), ElicitationDialog url
        return type(d).__name__ + (" url" if getattr(d, "mode", "") == "url" else "")

    await session.request("tools/call", {"name": "add_item", "arguments": {"kind": "tool"}})  # tools/list_changed
    await until(lambda: tools.list_note.isVisibleTo(tools) and tools.list_note.text() != "")  # "…changed: reloaded."
    for tool in ("sample_llm", "elicit_form", "elicit_url"):
        tg.start_soon(call, tool)
    await until(lambda: len(window.handlers.open_dialogs) == 3)
    dialogs = {named(d): d for d in window.handlers.open_dialogs}
    assert set(dialogs) == {"SamplingDialog", "ElicitationDialog", "ElicitationDialog url"}
    for d in dialogs.values():
        assert d.isVisible()
    age = dialogs["ElicitationDialog"].form.field("age")  # a message under a field, worded by the form
    age.line.setText("abc")
    age.edited()
    assert age.error_label.isVisibleTo(dialogs["ElicitationDialog"]) and age.error_label.text()
    window.tabs.setCurrentIndex(1)  # Negotiation
    window.views.setCurrentIndex(1)  # Sequence
    await anyio.sleep(0.1)
    window.tabs.setCurrentIndex(0)
    window.timeline.table.selectRow(2)
    composer = dialogs["composer"] = window.tools.open_composer("tools/call")
    composer.set_text('{"jsonrpc": "2.0", "id": 70, "method": "tools/call", "params": {"arguments": {}}}')  # no name
    composer.send()  # it breaks the schema: the first press only says so, and asks for a second
    await until(lambda: bool(composer.findings.text() and composer.status.text()))
    dialogs["spec"] = window.tools.open_spec()
    assert dialogs["spec"] is not None
    await anyio.sleep(0.2)
    return dialogs, replies


def _everything_shown(window, dialogs: dict) -> list[tuple[str, str]]:
    """The texts of every panel tab, both view tabs, both detail tabs, and each open dialog."""
    texts = []
    host = window.panels
    for views in range(window.views.count()):
        window.views.setCurrentIndex(views)
        for tab in range(window.tabs.count()):
            window.tabs.setCurrentIndex(tab)
            texts += shown_texts(window)
    for key in host.shown_keys():
        host.show_panel(key)
        texts += [(t, f"{key}: {w}") for t, w in shown_texts(window)]
    for name, d in dialogs.items():
        texts += [(t, f"{name}: {w}") for t, w in shown_texts(d)]
    return texts


@pytest.mark.parametrize("first, then", [("en", "zh_CN"), ("zh_CN", "en")])
async def test_a_live_switch_leaves_nothing_in_the_other_language(window_and_controller, first, then):
    controller, window = window_and_controller
    languages = window.languages
    pairs = catalogue_pairs()
    languages.set_choice(first)
    await anyio.sleep(0.05)
    try:
        async with anyio.create_task_group() as tg:
            dialogs, replies = await _open_everything(controller, window, tg)
            found = {}
            for language in (then, first):
                languages.set_choice(language)
                await anyio.sleep(0.3)
                window = languages.window
                texts = _everything_shown(window, dialogs)
                assert len(texts) > 400
                wire = wire_strings(controller.session.recording)
                found[language] = leftovers(texts, language, wire, pairs)
                name = window.connection.list.item(0).text()  # the built-in server, as the list says it
                assert name == {"zh_CN": "演示服务器（内置）", "en": "Demo server (built in)"}[language]
                for key in (
                    "SamplingDialog",
                    "ElicitationDialog",
                    "ElicitationDialog url",
                ):  # the dialogs say it the same way
                    assert name in dialogs[key].windowTitle() and dialogs[key].banner.headline.text().startswith(name)
                if language == "zh_CN":
                    assert sum(1 for t, _ in texts if CJK.search(t)) > 200  # it did show Chinese
            for d in dialogs.values():
                d.close()  # sampling: rejected, elicitations: cancelled; the tools answer
            await until(lambda: len(replies) == 3)
            controller.end_session()
            await until(lambda: not controller.running, 15)
            rec = controller.recording
            await until(lambda: window.status.exit.text() != "")
            for language in (
                then,
                first,
            ):  # the session over: its panels are kept (worded again in place), the exit is shown
                languages.set_choice(language)
                await anyio.sleep(0.3)
                window = languages.window
                texts = _everything_shown(window, {})
                found[f"{language}, session ended"] = leftovers(texts, language, wire_strings(rec), pairs)
            tg.cancel_scope.cancel()
        report = "\n".join(f"{language}: {text!r} in {where}" for language, bad in found.items() for text, where in bad)
        assert not report, "texts in the other language after a live switch:\n" + report
    finally:
        languages.set_choice("en")


def test_the_headers_table_says_name_and_the_environment_table_says_variable_name(window_and_controller):
    """Two tables of the same kind in the connection editor: in Chinese a header has a 名称
    (name), an environment variable a 变量名 (variable name); in English both say Name."""
    _controller, window = window_and_controller

    def firsts() -> tuple[str, str]:
        editor = window.connection.editor
        return editor.env.horizontalHeaderItem(0).text(), editor.headers.horizontalHeaderItem(0).text()

    assert firsts() == ("Name", "Name")
    window.languages.set_choice("zh_CN")
    try:
        assert firsts() == ("变量名", "名称")
    finally:
        window.languages.set_choice("en")
    assert firsts() == ("Name", "Name")


async def test_a_switch_while_a_recording_is_replayed_leaves_nothing_behind(window_and_controller, tmp_path):
    """An opened recording, replayed at its echo call's answer (the panels read-only, made anew
    on a switch as of that entry): both ways, nothing in the other language."""
    from demo_recording import record_demo_session

    from inspector.session.recording import Direction

    controller, window = window_and_controller
    languages = window.languages
    path = await record_demo_session(tmp_path / "demo.jsonl")
    assert window.files.open_recording_path(str(path))
    rec = controller.recording
    await until(lambda: window.timeline.model.total() == len(rec))
    call = next(i for i in range(len(rec)) if rec.method_at(i) == "tools/call" and rec.direction_at(i) is Direction.S2C)
    window.timeline.select_seq(call)
    await until(lambda: window.panels.panels["tools"].recorded_row == call)
    pairs, wire, found = catalogue_pairs(), wire_strings(rec), {}
    try:
        for language in ("zh_CN", "en"):
            languages.set_choice(language)
            await anyio.sleep(0.3)
            window = languages.window
            # the panels as of the entry
            await until(lambda window=window: window.panels.panels["tools"].recorded_row == call)
            texts = _everything_shown(window, {})
            assert len(texts) > 300
            found[language] = leftovers(texts, language, wire, pairs)
            if language == "zh_CN":
                assert sum(1 for t, _ in texts if CJK.search(t)) > 150  # it did show Chinese
                assert any("只读" in t for t, w in texts if w.startswith("tools"))  # the replayed panel's note
    finally:
        languages.set_choice("en")
    report = "\n".join(f"{language}: {text!r} in {where}" for language, bad in found.items() for text, where in bad)
    assert not report, "texts in the other language after a switch during a replay:\n" + report
