"""The flat list the Tasks panel and the Resources panel's updates show: one set-up for a
:class:`QTreeWidget` of rows without children, and the splitter between a panel's two sides."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QSplitter, QTreeWidget, QWidget


def flat_tree(columns: int, stretch: int, fit: tuple[int, ...] = ()) -> QTreeWidget:
    """A list of ``columns`` columns (their headers set by the panel's words), rows of one
    height in alternating colours; column ``stretch`` takes the room left, the ``fit`` columns
    fit their contents."""
    tree = QTreeWidget()
    tree.setHeaderLabels([""] * columns)
    tree.setRootIsDecorated(False)
    tree.setUniformRowHeights(True)
    tree.setAlternatingRowColors(True)
    header = tree.header()
    header.setStretchLastSection(False)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    for column in fit:
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    return tree


def splitter(
    orientation: Qt.Orientation | QSplitter, *parts: QWidget, stretch: tuple[int, int], sizes: list[int] | None = None
) -> QSplitter:
    """``parts`` side by side (or one above the other) in a splitter that never collapses them
    (a new one, or the one given), shared in the ratio of ``stretch`` (and first laid out at
    ``sizes`` when given)."""
    split = orientation if isinstance(orientation, QSplitter) else QSplitter(orientation)
    for part in parts:
        split.addWidget(part)
    split.setStretchFactor(0, stretch[0])
    split.setStretchFactor(1, stretch[1])
    if sizes is not None:
        split.setSizes(sizes)
    split.setChildrenCollapsible(False)
    return split
