"""Server text is never rich text: a real server puts HTML in every text it provides and no
widget of the window may render it.

The server is the misbehaving fixture in mode html-everywhere (a real process): a bold tag and
a local image in its name, version, instructions, tool/resource/prompt names and descriptions,
schema titles and choices, a tool result, a resource's text, a prompt's messages, task ids and
status messages, a log message's logger and data, a stderr line and an elicitation request's
message and choices. The window connects, every panel is used, the detail pane shows each entry,
and then every widget, item and model cell is checked:

- a label (or message box) showing the marker must be in plain-text format, or show the tags
  literally;
- a tooltip with the marker must not hold the raw tag (it is escaped by ``plain_tooltip``);
- a text editor must show the tags literally (set as plain text, not HTML).
"""

from __future__ import annotations

import sys

import anyio
import pytest
from peers import FIXTURES
from polling import until
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtGui import Qt as QtGui_Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from inspector.protocol.lifecycle import State
from inspector.session.profiles import ServerProfile
from inspector.ui.app import build

pytestmark = pytest.mark.anyio

MARK = "ZQX"
TAG = "<b>ZQX</b>"
HTML = '<b>ZQX</b><img src="/nonexistent/zqx.png">'


def might_be_rich(text: str) -> bool:
    return bool(QtGui_Qt.mightBeRichText(text))


def model_cells(model: QAbstractItemModel, parent: QModelIndex | None = None, depth: int = 0):
    """Every index of a model (trees three levels deep, at most 500 rows per level)."""
    parent = QModelIndex() if parent is None else parent  # None: the top level
    try:
        columns = model.columnCount(parent)
    except TypeError:  # a list model: one column, no children (its columnCount is private)
        columns = 1
    for row in range(min(model.rowCount(parent), 500)):
        for col in range(columns):
            index = model.index(row, col, parent)
            yield index
            if col == 0 and depth < 3 and columns > 1 and model.rowCount(index) > 0:
                yield from model_cells(model, index, depth + 1)


def rich_renderings() -> tuple[list[str], int]:
    """Where the marker would be rendered as rich text, and how many places showed it at all."""
    bad: list[str] = []
    seen = 0

    def where(w: QWidget) -> str:
        return f"{type(w).__name__} {w.objectName() or ''} under {type(w.window()).__name__}"

    for w in QApplication.allWidgets():
        tip = w.toolTip()
        if MARK in tip:
            seen += 1
            if TAG in tip:
                bad.append(f"tooltip of {where(w)}: {tip[:80]!r}")
        if isinstance(w, QLabel) and MARK in w.text():
            seen += 1
            if w.textFormat() != Qt.TextFormat.PlainText and might_be_rich(w.text()):
                bad.append(f"label {where(w)}: {w.text()[:80]!r}")
        if isinstance(w, QMessageBox) and MARK in w.text():
            seen += 1
            if w.textFormat() != Qt.TextFormat.PlainText:
                bad.append(f"message box {w.windowTitle()!r}")
        if isinstance(w, (QTextEdit, QPlainTextEdit)):
            text = w.toPlainText()
            if MARK in text:
                seen += 1
                if TAG not in text:
                    bad.append(f"text editor {where(w)} renders the tags: {text[:80]!r}")
        models = []
        if isinstance(w, QAbstractItemView) and w.model() is not None:
            models.append(w.model())
        if isinstance(w, QComboBox):
            models.append(w.model())
        for model in models:
            for index in model_cells(model):
                tip = index.data(Qt.ItemDataRole.ToolTipRole)
                if isinstance(tip, str) and MARK in tip:
                    seen += 1
                    if TAG in tip:
                        bad.append(f"item tooltip in {where(w)} row {index.row()} col {index.column()}: {tip[:80]!r}")
    return bad, seen


async def test_html_from_the_server_is_shown_literally_everywhere(qapp, tmp_path):
    controller, window = build(qapp, config=tmp_path)
    window.resize(1400, 900)
    window.show()
    profile = ServerProfile(
        name="html",
        command=sys.executable,
        args=[str(FIXTURES / "misbehave.py"), "--mode", "html-everywhere"],
        era="legacy",
        stdin_grace=0.5,
        term_grace=0.5,
    )
    window.profiles[0] = profile
    window.connection.profiles[0] = profile
    window.connection.editor.set_profile(profile)
    panels = window.panels.panels
    try:
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            window.connect_selected()
            await until(
                lambda: controller.session is not None and controller.session.state is State.OPERATING, what="operating"
            )
            handlers = window.handlers
            await until(lambda: handlers.open_dialogs, what="the elicitation dialog")

            tools = panels["tools"]
            await until(lambda: tools.tools, what="tools listed")
            assert tools.select_tool("zqx") and tools.call_selected()
            await until(
                lambda: any(e.method == "tools/call" and e.kind.label == "result" for e in controller.recording),
                what="the tool result",
            )

            resources = panels["resources"]
            await until(lambda: resources.resource_list.entries(), what="resources listed")
            assert resources.read_uri("file:///zqx/" + TAG)
            await until(
                lambda: any(e.method == "resources/read" and e.kind.label == "result" for e in controller.recording),
                what="the resource",
            )

            prompts = panels["prompts"]
            await until(lambda: prompts.list_view.entries(), what="prompts listed")
            assert prompts.list_view.select_where("name", HTML)
            prompts.show_prompt(prompts.list_view.entries()[0])
            for field in prompts.findChildren(QWidget):
                if hasattr(field, "setText") and hasattr(field, "hint"):
                    field.setText("x")
            assert prompts.get_selected()
            await until(
                lambda: any(e.method == "prompts/get" and e.kind.label == "result" for e in controller.recording),
                what="the prompt",
            )

            tasks = panels["tasks"]
            await until(lambda: tasks.tree.topLevelItemCount() or tasks.refresh(), what="tasks requested")
            await until(lambda: tasks.tree.topLevelItemCount() == 1, what="the task listed")
            tasks.select(HTML)

            for key in panels:
                window.panels.show_panel(key)
                await anyio.sleep(0.05)
            # the detail pane shows every entry in turn (server info, stderr, results)
            rec = controller.recording
            for seq in range(len(rec)):
                window.timeline.select_seq(seq)
                await anyio.sleep(0)
            await anyio.sleep(0.2)
            window.timeline.select_seq(
                next(
                    i for i in range(len(rec)) if rec.method_at(i) == "initialize" and rec.kind_at(i).label == "result"
                )
            )
            await anyio.sleep(0.1)
            bad, seen = rich_renderings()
            handlers.open_dialogs[0].reject()
            controller.end_session()
            await until(lambda: not controller.running, what="shutdown")
            tg.cancel_scope.cancel()
    finally:
        window.close()
        window.deleteLater()
    assert not bad, "\n".join(bad)
    assert seen >= 20  # the marker really reached the widgets (labels, tooltips, items, editors)


async def test_a_failure_quoting_the_servers_stderr_is_shown_literally(qapp, tmp_path):
    """A server that dies on start: the failure text (with its last stderr line) goes to the
    status bar's exit label and its tooltip."""
    controller, window = build(qapp, config=tmp_path)
    window.show()
    code = f"import sys; sys.stderr.write({HTML!r} + '\\n'); sys.exit(3)"
    profile = ServerProfile(
        name="dies", command=sys.executable, args=["-c", code], era="legacy", stdin_grace=0.5, term_grace=0.5
    )
    window.profiles[0] = profile
    window.connection.profiles[0] = profile
    window.connection.editor.set_profile(profile)
    try:
        async with anyio.create_task_group() as tg:
            controller.task_group = tg
            window.connect_selected()
            await until(lambda: MARK in window.status.exit.toolTip(), what="the failure in the status bar")
            await until(lambda: not controller.running, what="the session's end")
            bad, seen = rich_renderings()
            tip = window.status.exit.toolTip()
            tg.cancel_scope.cancel()
    finally:
        window.close()
        window.deleteLater()
    assert not bad, "\n".join(bad)
    assert seen >= 1 and "&lt;b&gt;ZQX&lt;/b&gt;" in tip
