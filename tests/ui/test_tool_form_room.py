"""The tool form has room (issue 22): at 1280x720 (in English and in Chinese), 1600x1000 and
1920x1080, in the window with the Features dock at its default width, every field of every tool
of the demo, of the npm reference server and of a long form (the fixture's order_pizza) is
walked: each tool selected, one item added to each array, every field checked and the Call
pressed with the required fields empty, then the Raw JSON tab. After each step no two visible
leaf widgets of the Tools panel overlap (their rectangles mapped to the window and clipped by
their parents, as they are painted), and every field, its error and the Call button can be
scrolled into view with ``ensureWidgetVisible`` and are then inside the page's viewport.

Real servers through real pipes; nothing is called that the checks would refuse, except one
echo whose result stays on the page while the others are walked.
"""

from __future__ import annotations

import sys

import anyio
import pytest
from peers import FIXTURES, reference_server
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QScrollArea, QWidget
from ui_driver import quick, tools_panel_session, until

from inspector.session.profiles import ServerProfile, demo_profile
from inspector.ui.schema_form import ArrayField, NumberField, ObjectField, StringField

pytestmark = pytest.mark.anyio


def visible_rect(widget: QWidget, window: QWidget) -> QRect:
    """Where ``widget`` is painted in ``window``: its rectangle clipped by every parent's."""
    rect = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        rect = rect.intersected(QRect(parent.mapTo(window, QPoint(0, 0)), parent.size()))
        parent = parent.parentWidget()
    return rect


def leaves(root: QWidget) -> list[QWidget]:
    """The visible widgets under ``root`` that have no visible child widget."""
    out = []
    for w in root.findChildren(QWidget):
        if not w.isVisible() or w.isWindow():
            continue
        if any(c.isVisible() and not c.isWindow() for c in w.children() if isinstance(c, QWidget)):
            continue
        out.append(w)
    return out


def name_of(w: QWidget) -> str:
    text = w.text() if hasattr(w, "text") and callable(w.text) else ""
    return f"{type(w).__name__}#{w.objectName()}({str(text)[:30]!r})"


def overlaps(panel: QWidget) -> list[str]:
    window = panel.window()
    rects = [(w, visible_rect(w, window)) for w in leaves(panel)]
    rects = [(w, r) for w, r in rects if not r.isEmpty()]
    found = []
    for i, (a, ra) in enumerate(rects):
        for b, rb in rects[i + 1 :]:
            if ra.intersects(rb):
                found.append(f"{name_of(a)} {ra.getRect()} overlaps {name_of(b)} {rb.getRect()}")
    return found


def inside(scroll: QScrollArea, widget: QWidget) -> bool:
    """``widget`` lies inside the viewport (its top part when it is taller than the viewport)."""
    viewport = scroll.viewport()
    rect = QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size())
    if rect.height() > viewport.height():
        rect.setHeight(viewport.height())
    return viewport.rect().contains(rect)


def reachable(scroll: QScrollArea, widget: QWidget, *parts: QWidget) -> bool:
    """Scrolled into view with ``ensureWidgetVisible``, ``widget`` and each of ``parts`` (a
    field's editor and error, in its container) are inside the viewport. (For a line edit
    itself, or a selectable label, ensureWidgetVisible only brings the text cursor into view:
    fields go by container, and the margin asked for is the widget's height.)"""
    scroll.ensureWidgetVisible(widget, 0, min(widget.height(), scroll.viewport().height() // 2))
    return all(inside(scroll, w) for w in (widget, *parts) if w.isVisible())


async def settle() -> None:
    """Let Qt lay out what changed (layout requests are posted events)."""
    for _ in range(3):
        await anyio.sleep(0.02)


async def check(panel, where: str) -> list[str]:
    """What is wrong with the panel as it is now: overlaps, and what cannot be scrolled into view."""
    await settle()
    problems = [f"{where}: {p}" for p in overlaps(panel)]
    scroll = panel.details_scroll
    if panel.editor.mode() == "form":
        for field in panel.editor.form.fields():
            if isinstance(field, ObjectField):
                continue
            if not reachable(scroll, field.container, field.editor, field.error_label):
                problems.append(f"{where}: field {field.path_text} (or its error) cannot be scrolled into view")
    for widget in (panel.validate_box, panel.call_button, panel.args_error):
        if widget.isVisible() and not reachable(scroll, widget):
            problems.append(f"{where}: {name_of(widget)} cannot be scrolled into view")
    await settle()
    problems += [
        f"{where} (scrolled): {p}" for p in overlaps(panel)
    ]  # scrolled down: still nothing painted over anything
    return problems


def empty_everything(form) -> None:
    """Every field emptied or made wrong, as a hurried user would leave it."""
    for field in form.fields():
        if isinstance(field, NumberField):
            field.line.setText("many")
        elif isinstance(field, StringField):
            field.line.setText("")


def fixture(mode: str) -> ServerProfile:
    return ServerProfile(name=mode, command=sys.executable, args=[str(FIXTURES / "misbehave.py"), "--mode", mode])


def reference() -> ServerProfile:
    argv = reference_server()
    return ServerProfile(name="reference", command=argv[0], args=argv[1:])


SERVERS = {"demo": demo_profile, "reference": reference, "long-form": lambda: fixture("long-form")}


async def walk(window, panel, server: str) -> tuple[list[str], int]:
    """Every tool, every field, as the module says: ``(problems, fields walked)``."""
    names = [t["name"] for t in panel.tools]
    if "echo" in names:  # a result on the page while the other tools are walked
        panel.select_tool("echo")
        panel.editor.form.fields()[0].line.setText("a result that stays on the page")
        assert panel.call_selected()
        await until(lambda: panel.result.outcome != "")
        assert panel.result.content.cards()
    walked = 0
    problems: list[str] = []
    for name in names:
        assert panel.select_tool(name)
        await settle()
        form = panel.editor.form
        sent = next(t for t in panel.tools if t["name"] == name).get("inputSchema") or {}
        shown = [f.key for f in form.fields() if len(f.node.path) == 1]
        if isinstance(sent.get("properties"), dict) and shown != list(sent["properties"]):
            problems.append(f"{server} {name}: fields {shown}, the server's order is {list(sent['properties'])}")
        for field in list(form.fields()):
            if isinstance(field, ArrayField):
                field.add_item()
        problems += await check(panel, f"{server} {name}")
        empty_everything(form)
        if panel.editor.errors():
            assert not panel.call_selected(), name  # refused: the errors are shown, nothing sent
            assert panel.args_error.isVisible(), name
        problems += await check(panel, f"{server} {name} with errors")
        walked += sum(1 for f in form.fields() if not isinstance(f, ObjectField))
        panel.editor.set_mode("raw")
        problems += await check(panel, f"{server} {name} as raw JSON")
        panel.editor.set_mode("form")
    return problems, walked


CASES = [  # server, window size, language
    ("demo", (1280, 720), "en"),
    ("reference", (1280, 720), "en"),
    ("long-form", (1280, 720), "en"),
    ("demo", (1280, 720), "zh_CN"),
    ("long-form", (1600, 1000), "en"),
    ("demo", (1920, 1080), "en"),
]


@pytest.mark.parametrize("server, size, language", CASES, ids=[f"{s}-{w}x{h}-{lang}" for s, (w, h), lang in CASES])
async def test_every_field_of_every_tool_has_room(qapp, tmp_path, server, size, language):
    async with tools_panel_session(
        qapp, tmp_path, quick(SERVERS[server](), "legacy"), size=size, language=language
    ) as (_, window, panel):
        assert (window.width(), window.height()) == size
        assert panel.refresh_button.text() == {"en": "Refresh", "zh_CN": "刷新"}[language]
        problems, walked = await walk(window, panel, server)
    assert problems == [], "\n".join(problems[:20])
    assert walked > {"demo": 20, "reference": 10, "long-form": 20}[server]
