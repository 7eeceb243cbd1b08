"""The translation catalogue: the .ts file is the source of truth (edits made in Qt Linguist
survive scripts/i18n.py; vanished strings are kept and marked; a drop file only fills what is
unfinished), and every string the window shows is in it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QDialogButtonBox,
    QDockWidget,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QTabBar,
    QTextEdit,
    QToolButton,
    QWidget,
)

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "resources" / "i18n" / "inspector_zh_CN.ts"


def messages(ts: Path) -> dict[tuple[str, str], ET.Element]:
    out = {}
    for ctx in ET.parse(ts).getroot().findall("context"):
        for m in ctx.findall("message"):
            out[(ctx.findtext("name"), m.findtext("source"))] = m.find("translation")
    return out


def run_i18n(tmp: Path, drop: dict) -> str:
    (tmp / "drop.json").write_text(json.dumps(drop, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "i18n.py"),
            "--ts",
            str(tmp / "c.ts"),
            "--qm",
            str(tmp / "c.qm"),
            "--merge",
            str(tmp / "drop.json"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_linguist_edits_survive_and_vanished_strings_are_kept(tmp_path):
    tree = ET.parse(TS)
    root = tree.getroot()
    contexts = {c.findtext("name"): c for c in root.findall("context")}
    edited = next(m for m in contexts["MainWindow"].findall("message") if m.findtext("source") == "Connect")
    edited.find("translation").text = "连上它"  # as if changed in Qt Linguist
    # a string of this context only (lupdate offers another context's translation of the same text as a draft)
    cleared = next(m for m in contexts["MainWindow"].findall("message") if m.findtext("source") == "Connection")
    cleared.find("translation").text = None
    cleared.find("translation").set("type", "unfinished")
    # drafts: Qt Linguist saves a translation not yet marked finished as unfinished, with text
    drafts = {
        ("WindowActions", "Continue"): "继续LINGUIST-REVIEW",
        ("Lifecycle", "DELETE session"): "删除会话LINGUIST-REVIEW",
    }
    for (name, source), text in drafts.items():
        draft = next(m for m in contexts[name].findall("message") if m.findtext("source") == source)
        draft.find("translation").text = text
        draft.find("translation").set("type", "unfinished")
    for name, source in (("MainWindow", "A string no code has any more"), ("Rules", "A rule that was removed")):
        m = ET.SubElement(contexts[name], "message")
        ET.SubElement(m, "source").text = source
        ET.SubElement(m, "translation").text = "已删除"
    tree.write(tmp_path / "c.ts", encoding="utf-8", xml_declaration=True)

    glossary = {"OK": "确定", "Continue": "继续", "DELETE session": "删除会话"}
    out = run_i18n(tmp_path, {"MainWindow": {"Connect": "连接", "Connection": "连接面板"}, "*": glossary})
    after = messages(tmp_path / "c.ts")
    for (
        key,
        text,
    ) in drafts.items():  # neither the glossary nor the vanish-and-revive of a Qt-free context touch a draft
        assert after[key].text == text and after[key].get("type") == "unfinished", key
        assert f"untranslated [{key[0]}] {key[1]!r}" in out  # and it is still reported as not done
    assert after[("MainWindow", "Connect")].text == "连上它"  # the catalogue wins over the drop file
    assert (
        after[("MainWindow", "Connection")].text == "连接面板"
        and after[("MainWindow", "Connection")].get("type") is None
    )
    for key in (("MainWindow", "A string no code has any more"), ("Rules", "A rule that was removed")):
        assert after[key].get("type") == "vanished" and after[key].text == "已删除"  # kept for when it comes back
    assert (tmp_path / "c.qm").stat().st_size > 10_000 and "translated" in out
    left = json.loads((tmp_path / "drop.json").read_text(encoding="utf-8"))
    assert left == {"MainWindow": {"Connect": "连接"}, "*": glossary}  # what was taken is no longer pending


def _patterns() -> list[re.Pattern]:
    """Every catalogue source (and translation) as a pattern: placeholders match anything."""
    out = []
    for (_ctx, source), translation in messages(TS).items():
        for text in (source, translation.text if translation is not None else None):
            if text:
                text = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
                if not re.search(r"\{[^{}]*\}|%L?\d|%L?n", text):  # no placeholder: the very text
                    out.append(re.compile(re.escape(text), re.S))
                    continue
                if len(re.findall(r"\w", re.sub(r"\{[^{}]*\}|%L?\d|%L?n", "", text))) < 3:
                    continue  # all placeholder ("{0}", "{a}: {b}"): it would match anything
                out.append(re.compile("^" + re.sub(r"\\\{[^{}]*\\\}|%L?\d|%L?n", ".*", re.escape(text)) + "$", re.S))
    return out


def _shown_texts(window: QWidget) -> set[str]:
    """The chrome a person reads: menus, buttons, tabs, group and dock titles, labels, tooltips,
    placeholder texts, column headers, window titles."""
    texts: set[str] = {window.windowTitle()}
    for menu in window.findChildren(QMenu):
        for a in menu.actions():
            if not a.isSeparator():
                texts.add(a.text())
                if a.toolTip() != a.text().replace("&", "").rstrip("…").rstrip("."):  # Qt's default tooltip is the text
                    texts.add(a.toolTip())
        texts.add(menu.title())
    for w in window.findChildren(QWidget):
        if w.isVisibleTo(window) and not w.property("data"):
            texts.add(w.toolTip())
    for w in window.findChildren(QAbstractButton):
        box = w.parent()
        if isinstance(box, QDialogButtonBox) and box.standardButton(w) != QDialogButtonBox.StandardButton.NoButton:
            continue  # "Close", "OK": Qt's own words, translated by Qt's catalogue
        if w.isVisibleTo(window):
            action = w.defaultAction() if isinstance(w, QToolButton) else None
            # a tool bar button shows its action's text without the "…" (Qt's icon text)
            texts.add(
                action.text()
                if action is not None and w.text() == action.text().replace("&", "").rstrip("…")
                else w.text()
            )
    for bar in window.findChildren(QTabBar):
        texts |= {bar.tabText(i) for i in range(bar.count())} | {bar.tabToolTip(i) for i in range(bar.count())}
    texts |= {g.title() for g in window.findChildren(QGroupBox)}
    texts |= {d.windowTitle() for d in window.findChildren(QDockWidget)}
    for label in window.findChildren(QLabel):
        if label.isVisibleTo(window) and not label.property("data"):
            texts.add(label.text())
    for edit in (
        *window.findChildren(QLineEdit),
        *window.findChildren(QPlainTextEdit),
        *window.findChildren(QTextEdit),
    ):
        if edit.isVisibleTo(window):
            texts.add(edit.placeholderText())
    for header in window.findChildren(QHeaderView):
        model = header.model()
        if header.isVisibleTo(window) and model is not None:
            count = model.columnCount() if header.orientation() == Qt.Orientation.Horizontal else 0
            texts |= {
                str(model.headerData(i, Qt.Orientation.Horizontal) or "")
                for i in range(count)
                if not header.isSectionHidden(i)
            }
    return {t.replace("&&", "\0").replace("&", "").replace("\0", "&").strip() for t in texts}


#: Data, not words: numbers and marks, and single identifiers with a digit or one of / . _ -
#: (method names, versions, ids, file names). A plain word ("Frobnicate") must be in the catalogue.
DATA = re.compile(r"^$|^[\W\d_]+$|^(?=[\w./-]*[\d/._-])[\w./-]+$|^[a-z][a-z0-9+.-]*://\S*$")  # ... and URIs


async def _shown_in_a_session(controller, window, *planted: QWidget) -> set[str]:
    """What the window shows during a legacy demo session (with ``planted`` widgets in it), and
    what the dialogs a session leads to show: the composer, the spec viewer, import, export."""
    import anyio
    from ui_driver import quick, until, use_profile

    from inspector.protocol.lifecycle import State
    from inspector.session.profiles import demo_profile
    from inspector.ui.import_dialog import ImportDialog

    use_profile(window, quick(demo_profile(), "legacy"))
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        window.connect_selected()
        await until(lambda: controller.session is not None and controller.session.state is State.OPERATING)
        await until(lambda: bool(window.panels.shown_keys()))
        await anyio.sleep(0.5)
        for w in planted:
            w.setParent(window.centralWidget())
            w.show()
        shown = _shown_texts(window)
        for w in planted:
            w.deleteLater()
        for dialog in (
            window.tools.open_composer(),
            window.tools.open_spec(),
            window.files.export_server(),
            ImportDialog([], window, []),
        ):
            dialog.show()
            await anyio.sleep(0.2)
            shown |= _shown_texts(dialog)
            dialog.close()
        controller.end_session()
        await until(lambda: not controller.running, 15)
        tg.cancel_scope.cancel()
    return shown


@pytest.mark.anyio
async def test_every_string_the_window_shows_is_in_the_catalogue(window_and_controller):
    controller, window = window_and_controller
    patterns = _patterns()
    shown = await _shown_in_a_session(
        controller,
        window,
        QLabel("A caption somebody forgot to wrap in tr()"),
        QPushButton("Frobnicate"),  # one plain word is a string too
    )
    names = {p.name for p in window.profiles}
    from inspector.ui.app import Languages

    names |= {label for code, label in Languages.choices(None) if code != "system"}  # each language in its own words

    def known(part: str) -> bool:
        part = re.sub(
            r"^[^\w(]+\s*|\s*\(\d+\)$|\s*▾$", "", part.strip()
        )  # a direction arrow before, a count or a menu's ▾ after
        return bool(DATA.match(part)) or part in names or any(p.fullmatch(part) for p in patterns)

    # a text composed of translated pieces ("14 tools · 1 page") is known when each piece is
    missing = sorted(t for t in shown if not known(t) and not all(known(part) for part in re.split(r" · |\n", t)))
    assert len(shown) > 80  # menus, toolbar, docks, tabs, panels, labels
    assert missing == [
        "A caption somebody forgot to wrap in tr()",
        "Frobnicate",
    ]  # the check sees what is not in the catalogue


@pytest.mark.anyio
async def test_the_chinese_window_shows_no_string_the_catalogue_translates_in_english(window_and_controller):
    """A string can be in the catalogue and still reach the screen untranslated (marked with
    QT_TRANSLATE_NOOP, shown without translate()). In Chinese, nothing shown may be the English
    source of a translated catalogue entry."""
    controller, window = window_and_controller

    def plain(text: str) -> str:
        return text.replace("&&", "\0").replace("&", "").replace("\0", "&").strip()

    english, kept = {}, set()  # a word one context keeps as it is ("stderr" in the timeline) is no leftover
    for (_ctx, source), t in messages(TS).items():
        if source and t is not None and t.text and t.get("type") is None:
            if t.text == source:
                kept.add(plain(source))
            else:
                english[plain(source)] = t.text
    for source in kept:
        english.pop(source, None)
    window.languages.set_choice("zh_CN")
    try:
        planted = QPushButton(
            english["Disconnect"] and "Disconnect"
        )  # what the check must see: an English word shown as is
        shown = await _shown_in_a_session(controller, window, planted)
    finally:
        window.languages.set_choice("en")
    assert sum(1 for t in shown if re.search("[\u4e00-\u9fff]", t)) > 60  # it did show Chinese
    untranslated = sorted(t for t in shown if t in english)
    assert untranslated == ["Disconnect"]
