"""The window's arrangement: the named layouts (Debugging, Teaching), presenter mode over them,
the step bar's place, the side column's docks, and saving and restoring all of it per user.

Theory of operation
-------------------
:class:`WindowLayouts` is given the main window and moves its parts; it builds nothing. A
layout is data kept per user in the window's settings (``layouts/<name>/…``: the docks and
toolbar from ``saveState``, the centre's two splitters): choosing another layout saves the one
left as it is and restores the chosen one as the user left it, or arranges its defaults
(:mod:`inspector.session.layout_plan`'s proportions) at the window's present size the first time.
Presenter mode goes over either: larger type, high contrast, the docks put away and put back
as they were, the step bar beside the timeline. The step bar sits under the diagram
(Debugging, where the centre's split gives it room while it shows and takes it back after) or
at the top of the details' column (Teaching); whether it shows its details is remembered per
layout. The Connection dock's height follows the panel's form (compact once connected).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, Qt, QTimer
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QDockWidget, QWidget

from inspector.session.layout_plan import (
    LAYOUT_SHARES,
    PRESENTER_DIAGRAM,
    PRESENTER_SCALE,
    PRESENTER_TIMELINE,
    connection_height,
    side_width,
    split,
    step_column,
    step_room,
)
from inspector.session.settings import LAYOUTS, layout_keys, read_flag, read_text, reset_keys

from .theme import high_contrast_palette, is_dark
from .window_status import WindowPart

if TYPE_CHECKING:
    from .main_window import MainWindow


class WindowLayouts(WindowPart):
    """The layouts of ``window`` (see the module's docstring)."""

    #: Bump when the docks or toolbars change so an old saved state is not applied to them.
    #: 3: the Connection dock sits above the Features dock in one column, both closable.
    LAYOUT_VERSION = 3
    #: The named layouts of the View menu (presenter mode is the third, on top of one of them).
    LAYOUTS = LAYOUTS

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.base_layout = "debugging"  # the chosen named layout (presenter mode goes over it)
        self.presenting = False
        self.connection_compact = False  # the Connection panel's form (compact once connected)
        self.default_state = QByteArray()  # the docks and toolbar as built (remember_defaults)
        self._shown_once = False
        self._arranged = False  # a saved arrangement was restored: the first show keeps it
        self._present_at_start = False
        # what presenter mode changed, to put back
        self._fonts_before: dict[QWidget, QFont] = {}
        self._docks_before: dict[QDockWidget, bool] = {}
        self._split_before: list[int] = []
        self._lower_before: list[int] = []
        self._applying_details = False
        self._split_before_step: list[int] | None = None  # the centre's split before the step bar took room
        self._split_for_step: list[int] = []

    def remember_defaults(self) -> None:
        """The docks and toolbar as the window built them: what a layout's defaults start from."""
        self.default_state = self.window.saveState(self.LAYOUT_VERSION)

    def set_presenter(self, on: bool) -> None:
        """Presenter mode: the diagram, step bar, replay bar and timeline in larger type, high
        contrast colours, the side docks out of the way (put back as they were), and the
        diagram's lesson notes following the current state."""
        if on == self.presenting:
            return
        # each layout keeps the user's adjustments: the one left is saved as it is now
        self._save_layout_state("presenter" if self.presenting else self.base_layout)
        self.presenting = on
        if self.window.act_presenter.isChecked() != on:
            self.window.act_presenter.setChecked(on)
        widgets = (
            self.window.diagram,
            self.window.stepbar,
            self.window.replay,
            self.window.timeline,
            self.window.detail,
            self.window.sequence,
        )
        if on:
            self._fonts_before = {w: QFont(w.font()) for w in widgets}
            for widget in widgets:
                font = QFont(widget.font())
                font.setPointSizeF(widget.font().pointSizeF() * PRESENTER_SCALE)
                widget.setFont(font)
        else:
            for shown, font in self._fonts_before.items():
                shown.setFont(font)
        # a projector's 1280×720: the diagram (with its lesson notes) across the top, the timeline
        # and the step bar side by side below it in place of the details, which are put away
        self.window.timeline.set_compact(on)
        if on:
            self._docks_before = {d: d.isVisible() for d in (self.window.dock, self.window.features_dock)}
            for d in self._docks_before:
                d.hide()
            self._split_before = self.window.central_split.sizes()
            self._lower_before = self.window.lower_split.sizes()
            self.window.detail_column.hide()
            self.window.lower_split.addWidget(self.window.stepbar)  # out of the column under the diagram
            self.window.stepbar.setVisible(self.window.stepbar.pending is not None)
            self.window.lower_split.setStretchFactor(2, 3)
            timeline, step = split(max(2, sum(self._lower_before)), PRESENTER_TIMELINE)
            self.window.lower_split.setSizes([timeline, 0, step])
            self.window.central_split.setSizes(split(max(2, sum(self._split_before)), PRESENTER_DIAGRAM))
            self._restore_layout_state("presenter")  # the proportions the user gave it last time
            self.apply_step_details()
        else:
            for d, visible in self._docks_before.items():
                d.setVisible(visible)
            QTimer.singleShot(0, self, self.fit_connection_dock)  # the docks back: the Connection one as its form needs
            self.window.detail_column.show()
            self.place_stepbar()
            if self._split_before:
                self.window.central_split.setSizes(self._split_before)
                self.window.lower_split.setSizes(self._lower_before)
        if on:  # high contrast for a projector, black on white or white on black as the theme is
            self.window.setPalette(high_contrast_palette(is_dark(self.window)))
        else:
            self.window.setPalette(QPalette())  # the theme's palette again (nothing of its own)
        self.window.diagram.set_lesson(on)
        self.show_layout_checks()

    @property
    def layout_name(self) -> str:
        """The layout shown: ``debugging``, ``teaching`` or ``presenter``."""
        return "presenter" if self.presenting else self.base_layout

    def show_layout_checks(self) -> None:
        self.window.act_layout_debugging.setChecked(self.layout_name == "debugging")
        self.window.act_layout_teaching.setChecked(self.layout_name == "teaching")
        self.window.act_presenter.setChecked(self.presenting)

    def choose_layout(self, name: str) -> None:
        """View → Debugging layout / Teaching layout / Presenter: the layout ``name`` as the user
        left it (saved per layout), or its defaults the first time. Leaving presenter mode for
        a layout puts the docks back as they were first."""
        if name == "presenter":
            self.set_presenter(True)
            return
        if name not in self.LAYOUTS:
            raise ValueError(name)
        if self.presenting:
            self.set_presenter(False)
        if name != self.base_layout:
            self._save_layout_state(self.base_layout)
            self.base_layout = name
            self.window.settings.setValue("layout", name)
            if not self._restore_layout_state(name):
                self._arrange(name)
        self.place_stepbar()
        self.show_layout_checks()
        # a saved arrangement keeps the Connection dock as tall as it was then (the editor before
        # connecting): what the panel shows now decides, once the docks have their new sizes
        QTimer.singleShot(0, self, self.fit_connection_dock)

    def share_detail_column(self) -> None:
        """Teaching: the step bar over the details, what it asks for (its explanation and its
        message) between three fifths and three quarters of the column (the details, empty
        while a step waits, keep the rest)."""
        column = self.window.detail_column
        column.setSizes(step_column(column.height(), self.window.stepbar.sizeHint().height()))

    def place_stepbar(self) -> None:
        """The step bar's place in the layout chosen: under the diagram (Debugging), or at the top
        of the details' column beside the timeline, leaving the diagram the centre's width and
        height (Teaching). Presenter mode places it itself."""
        if self.presenting:
            return
        if self.base_layout == "teaching":
            self.window.detail_column.insertWidget(0, self.window.stepbar)
            self.window.detail_column.setStretchFactor(0, 3)  # the step's explanation and message first
            self.window.detail_column.setStretchFactor(1, 2)
            self.share_detail_column()
        elif self.window.top_layout.indexOf(self.window.stepbar) < 0:
            self.window.top_layout.insertWidget(
                self.window.top_layout.indexOf(self.window.diagram) + 1, self.window.stepbar
            )
        self.window.stepbar.setVisible(self.window.stepbar.pending is not None)
        self.apply_step_details()
        QTimer.singleShot(0, self, self.room_for_step)

    def apply_step_details(self) -> None:
        key = f"stepbar/details/{self.layout_name}"
        on = read_flag(key, self.window.settings.value(key), self.window.settings_notes.append)
        self._applying_details = True
        try:
            self.window.stepbar.set_details(on)
        finally:
            self._applying_details = False

    def step_details_toggled(self, on: bool) -> None:
        if not self._applying_details:  # the user's choice, for this layout
            self.window.settings.setValue(f"stepbar/details/{self.layout_name}", on)
        QTimer.singleShot(0, self, self.room_for_step)

    def room_for_step(self) -> None:
        """Debugging: the step bar under the diagram takes its height from the diagram; the top
        part grows so that the drawing need not scroll up and down (type at 11 px), up to
        STEP_TOP_SHARE of the centre. The split goes back when step mode ends, unless the user
        moved it meanwhile."""
        if (
            self.presenting
            or self.base_layout != "debugging"
            or self.window.stepbar.isHidden()
            or not self.window.isVisible()
        ):
            return
        if (outer := self.window.layout()) is not None:
            outer.activate()
        sizes = self.window.central_split.sizes()
        room = step_room(sizes, self.window.diagram.wanted_height() - self.window.diagram.height())
        if room is None:
            return
        if self._split_before_step is None:
            self._split_before_step = sizes
        self.window.central_split.setSizes(room)
        self._split_for_step = self.window.central_split.sizes()

    def step_room_back(self) -> None:
        before, self._split_before_step = self._split_before_step, None
        if (
            before
            and self.window.central_split.sizes() == self._split_for_step
            and not self.presenting
            and self.base_layout == "debugging"
        ):
            self.window.central_split.setSizes(before)

    def _arrange(self, name: str) -> None:
        """Layout ``name``'s defaults at the window's present size: one side column (Connection
        above Features) SIDE_SHARE of the width wide (Debugging at 1280: 448 px, the panels' rows fit), the centre
        split in the layout's shares."""
        self.window.restoreState(self.default_state, self.LAYOUT_VERSION)
        for dock in (self.window.dock, self.window.features_dock):
            dock.setFloating(False)
            dock.show()
        self.window.toolbar.show()
        self.window.resizeDocks(
            [self.window.features_dock], [side_width(self.window.width(), name)], Qt.Orientation.Horizontal
        )
        self.fit_connection_dock()
        if (outer := self.window.layout()) is not None:
            outer.activate()  # the centre's size now, for the splitters' shares
        diagram_share, timeline_share = LAYOUT_SHARES[name]
        central, lower = self.window.central_split, self.window.lower_split
        central.setSizes(split(max(2, sum(central.sizes()), central.height()), diagram_share))
        lower.setSizes(split(max(2, sum(lower.sizes()), lower.width()), timeline_share))

    def connection_compact_changed(self, compact: bool) -> None:
        self.connection_compact = compact
        # once the panel's layout has taken the new form in (its minimum height with it)
        QTimer.singleShot(0, self, self.fit_connection_dock)

    def fit_connection_dock(self) -> None:
        """The Connection dock's height beside the Features dock below it: what the compact form
        needs, or most of the column for the editor."""
        dock, features = self.window.dock, self.window.features_dock
        if dock.isHidden() or features.isHidden() or dock.isFloating() or features.isFloating():
            return
        if self.window.dockWidgetArea(dock) != self.window.dockWidgetArea(features) or self.window.tabifiedDockWidgets(
            dock
        ):
            return
        column = dock.height() + features.height() if self.window.isVisible() else self.window.height() - 120
        compact = (
            self.window.connection.minimumSizeHint().height()
            + dock.style().pixelMetric(dock.style().PixelMetric.PM_TitleBarHeight)
            + 8
            if self.connection_compact
            else None
        )
        heights = connection_height(column, compact, features.minimumSizeHint().height())
        # both sizes: resizeDocks shares out any difference among the docks it is given
        self.window.resizeDocks([dock, features], heights, Qt.Orientation.Vertical)

    def _save_layout_state(self, name: str) -> None:
        """Layout ``name`` as it is now (the docks and toolbar, the centre's splitters)."""
        state, central, lower = layout_keys(name)
        if name == "debugging":
            self.step_room_back()  # the user's split, not the room the step bar was given
        if name != "presenter":  # presenter mode hides the docks itself: only its proportions
            self.window.settings.setValue(state, self.window.saveState(self.LAYOUT_VERSION))
        self.window.settings.setValue(central, self.window.central_split.saveState())
        self.window.settings.setValue(lower, self.window.lower_split.saveState())

    def _restore_layout_state(self, name: str) -> bool:
        """Layout ``name`` as the user left it; False when nothing (usable) was saved."""
        state, central, lower = layout_keys(name)
        if name != "presenter":
            saved = self.window.settings.value(state)
            if saved is None or not self.window.restoreState(saved, self.LAYOUT_VERSION):
                return False
        splits = [
            (self.window.central_split, self.window.settings.value(central)),
            (self.window.lower_split, self.window.settings.value(lower)),
        ]
        if any(saved is None for _split, saved in splits):
            return name != "presenter"
        for splitter, saved in splits:
            splitter.restoreState(saved)
        return True

    def save_layout(self) -> None:
        self.window.settings.setValue("geometry", self.window.saveGeometry())
        self.window.settings.setValue("layout", self.base_layout)
        self.window.settings.setValue("presenting", self.presenting)
        self._save_layout_state(self.layout_name)

    def restore_layout(self) -> bool:
        """The window's size and position, the chosen layout with the docks, toolbar and
        proportions the user left it with (presenter mode again if it was on)."""
        geometry = self.window.settings.value("geometry")
        restored = False
        if geometry is not None:
            restored = bool(self.window.restoreGeometry(geometry))
        self.base_layout = read_text("layout", self.window.settings.value("layout"), self.window.settings_notes.append)
        self._arranged = self._restore_layout_state(self.base_layout)
        self.place_stepbar()
        self._present_at_start = read_flag(
            "presenting", self.window.settings.value("presenting"), self.window.settings_notes.append
        )
        self.show_layout_checks()
        return self._arranged or restored

    def first_show(self) -> None:
        """The window is shown: the first time, the chosen layout's defaults at its real size
        (unless a saved arrangement was restored), and presenter mode if it was on."""
        if not self._shown_once:  # the defaults need the window's real size
            self._shown_once = True
            if not self._arranged:
                self._arrange(self.base_layout)
            else:  # saved while the panel was in its other form, maybe
                QTimer.singleShot(0, self, self.fit_connection_dock)
            if self._present_at_start:
                self.set_presenter(True)

    def reset_layout(self) -> None:
        """View → Reset layout: the chosen layout (presenter mode's included) as it starts."""
        presenting = self.presenting
        if presenting:
            self.set_presenter(False)
        for key in reset_keys(self.base_layout, presenting):
            self.window.settings.remove(key)
        self._arrange(self.base_layout)
        if presenting:
            self.set_presenter(True)
