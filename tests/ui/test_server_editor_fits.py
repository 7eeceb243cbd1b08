"""The server editor (the Connection dock's full form) fits the dock's width (issue 22 review):
at 1280x720 and 1600x1000, in English and in Chinese, in the Debugging and the Teaching layout
(its side column is narrower), for a stdio and an HTTP server, the
editor's scroll area has no horizontal scroll bar, the editor is as wide as the viewport, and
every visible field, button, check box and label lies wholly within the viewport's width
(real geometry of the whole window, as ``inspector.ui.app.build`` makes it)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QScrollArea,
    QTableWidget,
    QWidget,
)

from inspector.session.profiles import ServerProfile

FIELDS = (QLineEdit, QComboBox, QAbstractSpinBox, QAbstractButton, QTableWidget, QLabel, QGroupBox)


def settle(app, n: int = 20) -> None:
    for _ in range(n):
        app.processEvents()


def scroll_of(widget: QWidget) -> QScrollArea:
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QScrollArea):
        parent = parent.parentWidget()
    assert parent is not None
    return parent


@pytest.mark.parametrize("layout", ["debugging", "teaching"])
@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_the_server_editor_fits_the_dock_width(qapp, tmp_path, size, language, layout):
    from inspector.ui.app import build

    _controller, window = build(qapp, config=tmp_path)
    try:
        if language != "en":
            window.languages.set_choice(language)
            settle(qapp)
            window = window.languages.window  # made again in the language (no session runs)
        window.resize(*size)
        window.show()
        settle(qapp)
        window.layouts.choose_layout(layout)  # the Teaching layout's side column is narrower
        conn = window.connection
        conn.set_compact(False)
        settle(qapp)
        editor = conn.editor
        scroll = scroll_of(editor)
        http = ServerProfile(
            name="a server over HTTP with a long name",
            command="",
            transport="streamable-http",
            url="http://127.0.0.1:3000/mcp",
        )
        for profile in (None, http):
            if profile is not None:
                editor.set_profile(profile)
                settle(qapp)
            what = f"{size} {language} {layout} {profile.transport if profile else 'stdio'}: dock {conn.width()}"
            viewport = scroll.viewport()
            assert not scroll.horizontalScrollBar().isVisible() and scroll.horizontalScrollBar().maximum() == 0, (
                what,
                editor.width(),
                viewport.width(),
                editor.minimumSizeHint().width(),
            )
            assert editor.width() == viewport.width(), what
            fields = [w for w in editor.findChildren(QWidget) if isinstance(w, FIELDS) and w.isVisible()]
            assert len(fields) > 20, what
            room = QRect(0, 0, viewport.width(), 1 << 20)
            for w in fields:
                rect = QRect(w.mapTo(viewport, QPoint(0, 0)), w.size())
                rect.moveTop(max(0, rect.top()))  # scrolled out of view vertically is fine; sideways is not
                assert room.contains(rect), (what, type(w).__name__, w.objectName(), rect.getRect(), viewport.width())
            # the heading of the capabilities box is whole: its title fits the box
            caps = next(
                w
                for w in editor.findChildren(QGroupBox)
                if w.isVisible() and w.title() == editor.tr("Client capabilities to offer")
            )
            assert caps.fontMetrics().horizontalAdvance(caps.title()) < caps.width(), what
    finally:
        window.languages.set_choice("en")  # the app's translators: the next test starts in English
        window.close()
        window.deleteLater()
