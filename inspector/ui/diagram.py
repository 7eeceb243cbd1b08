"""The live lifecycle diagram, drawn from the protocol's own transition tables.

Theory of operation
-------------------
Nothing about states or edges is written down here: :func:`diagram_table` says which
transitions exist, :mod:`inspector.session.diagram_geometry` decides where to put them in
plain numbers (plan per table, :mod:`inspector.session.diagram_plan`; measure per font size and
wrap with the widget's font metrics, place per widget size; kept by
:class:`~inspector.session.diagram_state.Layouts`), and this module is a view: what is shown
(the machine, the current state and the edge that led there, the held step, the entry shown,
the focus, the state explained) is a Qt-free :class:`~inspector.session.diagram_state.DiagramState`
that takes the widget's events and says what each changed (repaint, lay out again, animate).
The widget keeps the animation's clock, the scroll bars and the cached pixmap: the type is
never smaller than 11 px, and when even the smallest layout does not fit the widget scrolls
(scroll bars, the wheel, a drag on empty space), keeping the current state and the held step's
target in view as they change.
:meth:`LifecycleDiagram.layout_for_tests` exposes the layout, with its list of problems.
What is under the pointer, the up and down keys' next state, the held step's corner and what to
keep in view are read off the layout by :mod:`~inspector.session.diagram_geometry` too; the
plan, the keyboard's order, the edge a recording names and the scroll position are
:mod:`inspector.session.diagram_plan`'s.

Painting (:mod:`.diagram_paint`, the marks :mod:`inspector.session.diagram_marks` decides)
draws a cached pixmap of the static picture (the whole drawing, scrolled), then the highlights
on top (current state, last edge and its animation, focus ring, hover): about a millisecond a
frame, and as much again for the scroll bars when it scrolls (``benchmarks/diagram_paint.py``).
An export (:meth:`LifecycleDiagram.paint_export`) paints the whole drawing as shapes and text,
at rest (no animation, hover or focus ring), with a caption naming the state, the era and the
entry, so an SVG is a drawing and a PNG is sharp at any scale.
``set_state`` with nothing new returns before touching the widget. While the widget is being
resized the previous layout is shown scaled and the new one computed 80 ms after the last
resize; a machine switch lays out in ``set_machine``, not in ``paintEvent``.

Clicking a state, or Enter on the keyboard focus (Tab in, arrows to move), explains it in a
plain-text panel (:mod:`.diagram_explanation`) beside the drawing when the widget is wide and
below it when not.

Colours come from the widget's :class:`QPalette` (base, text, highlight); the only colour not
in a palette, the error red, is chosen from the base colour's lightness. Failure edges are
dashed and the legend says so, so colour is never the only cue.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QCoreApplication,
    QEasingCurve,
    QEvent,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QFocusEvent,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPaintEngine,
    QPainter,
    QPaintEvent,
    QPalette,
    QPixmap,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QScrollBar,
    QSizePolicy,
    QStyle,
    QToolTip,
    QWidget,
)

from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.lifecycle import STATE_INFO, State, Transition
from inspector.protocol.versions import Era, EraMode
from inspector.session.diagram_geometry import (
    Geometry,
    keep_in_view,
    legend_pin,
    node_at,
    quietest_corner,
    scaled,
    wheel_scroll,
)
from inspector.session.diagram_plan import explanation_box, shown_as_of
from inspector.session.diagram_shapes import Pt, Rect, View
from inspector.session.diagram_state import KEYS, Change, DiagramState, Layouts
from inspector.session.recording import TransportKind

from .diagram_explanation import ExplanationPanel
from .diagram_paint import (
    PIN_PAD,
    SMOOTH,
    Colours,
    export_size,
    paint_export,
    paint_frame,
    paint_highlights,
    paint_pinned_legend,
    paint_static,
    palette_colours,
    plain_rect,
    qrect,
    qtransform,
    text_size,
)

if TYPE_CHECKING:
    from inspector.session.recording import Recording

__all__ = ["LifecycleDiagram"]

MIN_HEIGHT = 180  # the widget's least height: a window never squeezes it to a strip (it scrolls within)
_ANIM_MS = 600

# --------------------------------------------------------------------------- the widget


#: Paint engines that keep shapes (exports): they get the static picture drawn, not the pixmap.
_VECTOR_ENGINES = frozenset({QPaintEngine.Type.SVG, QPaintEngine.Type.Pdf, QPaintEngine.Type.Picture})
# what each key does is the model's (:data:`~inspector.session.diagram_state.KEYS`, by name)
_KEYS = {getattr(Qt.Key, "Key_" + name): name for name in KEYS}


class LifecycleDiagram(QWidget):
    """The session's lifecycle machine, its current state and the edge that led there."""

    stateClicked = Signal(object)
    specRequested = Signal(str)  # the spec reference of the state explained

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(320, MIN_HEIGHT)
        self._model = DiagramState()
        self._geoms = Layouts()
        self._geom: Geometry | None = None
        self._geom_exact = False
        self._relayout = QTimer(self)
        self._relayout.setSingleShot(True)
        self._relayout.setInterval(80)
        self._relayout.timeout.connect(self._on_relayout)
        self._static: QPixmap | None = None
        self._colours: Colours | None = None
        self._progress = 1.0  # the animation of the last edge (1: at rest)

        self._anim = QVariantAnimation(self)
        self._anim.setStartValue(0.0)
        self._anim.setEndValue(1.0)
        self._anim.setDuration(_ANIM_MS)
        self._anim.setEasingCurve(QEasingCurve.Type.InOutQuad)
        self._anim.valueChanged.connect(self._on_anim)
        self._anim.finished.connect(self._on_anim_done)

        # the explanation panel: beside the drawing when the widget is wide, below it when not;
        # hidden until asked for
        self.explanation = ExplanationPanel(self, lambda: self.explain(None), self._open_spec)
        self._beside = False
        # the drawing scrolls when even 11 px type does not fit (it is never scaled below that)
        self._hbar = QScrollBar(Qt.Orientation.Horizontal, self)
        self._vbar = QScrollBar(Qt.Orientation.Vertical, self)
        for bar in (self._hbar, self._vbar):
            bar.hide()
            bar.setSingleStep(24)
            bar.valueChanged.connect(self.update)
        self._vp = QRectF(0, 0, 1, 1)  # the part of the drawing rect the drawing shows in
        self._pan: tuple[QPointF, int, int] | None = None  # dragging the drawing: start, scroll values
        self._retranslate()

    # ------------------------------------------------------------------ public API

    @property
    def model(self) -> DiagramState:
        """What the diagram shows (:class:`~inspector.session.diagram_state.DiagramState`)."""
        return self._model

    @property
    def pending_edge(self) -> Transition | None:
        return self._model.pending

    @property
    def as_of(self) -> int | None:
        """The entry the state shown belongs to when it is a past state; None when it is the
        session's current state."""
        return self._model.as_of

    @property
    def current_label(self) -> str:
        """What the legend says of the highlighted state: "current state", or "as of entry N"."""
        return self._model.current_label(QCoreApplication.translate)

    def set_pending(self, tr: Transition | None) -> None:
        """Step mode: draw the edge the held step will take once it goes (None: no such edge)."""
        if self._model.set_pending(tr):
            self._update_accessible()
            self._reveal()
            self.update()

    def _open_spec(self) -> None:
        if self._model.explained is not None:
            self.specRequested.emit(STATE_INFO[self._model.explained].spec)

    @property
    def animating(self) -> bool:
        return self._anim.state() == QVariantAnimation.State.Running

    def keep_layouts_in(self, folder: Path | None) -> None:
        """Keep the layouts fitted in ``folder`` too, and read them from there (the app's cache
        folder: the first paint finds the last run's layout, :mod:`inspector.session.diagram_cache`);
        None: in memory only (the default)."""
        self._geoms.disk = folder

    def set_machine(self, mode: EraMode, era: Era | None = None, transport: str = TransportKind.STDIO) -> None:
        """Draw the machine :func:`diagram_table` gives for ``mode``, the detected ``era`` and
        the session's ``transport`` (its shutdown steps differ; a name not known: stdio's)."""
        if self._model.set_machine(mode, era, transport):
            self._invalidate_geometry(keep_cache=True)
            if self.isVisible():
                self._ensure_geometry(exact=True)  # lay out here, not in paintEvent
            self._update_accessible()
            self.update()

    def set_state(
        self, state: State, transition: JsonObject | Transition | None = None, *, animate: bool = True
    ) -> None:
        """Highlight ``state`` as the current state; ``transition`` (from/to/label) is the edge that led there."""
        self._set_as_of(None)
        self._set_state(state, transition, animate, None)

    def show_recording_row(self, recording: Recording, row: int, animate: bool = False, *, past: bool = False) -> None:
        """Show the machine, the state and the last transition as of entry ``row``. ``past``:
        the state shown is not the session's current one (the window does not follow the newest
        entry, or a replay): the diagram says "as of entry N" where it would say "current"."""
        shown = shown_as_of(recording, row)
        if shown is None:
            return
        self.set_machine(*shown.machine)
        self._set_as_of(shown.row if past else None)
        self._set_state(shown.state, shown.transition, animate, shown.seq)

    def _set_as_of(self, row: int | None) -> None:
        change = self._model.set_as_of(row)
        if not change:
            return
        if Change.LEGEND in change and self._geom is not None:
            # the legend's slot is measured for "as of entry N": laid out again on the relayout
            # timer, as after a resize (a selection must not wait for a layout)
            self._geom_exact = False
            self._static = None
            self._relayout.start()
        self._refresh_text()
        self.update()

    def explain(self, state: State | None) -> None:
        """Fill the explanation area for ``state`` (None hides it)."""
        self._model.explained = state
        self.explanation.show_text(self._model.explanation(QCoreApplication.translate, state) if state else None)
        self._place_explanation()

    def layout_for_tests(self) -> dict:
        """The cached layout in widget coordinates: node rects, label rects, drawing rect."""
        g = self._ensure_geometry(exact=True)
        if g is None:
            return {
                "nodes": {},
                "labels": [],
                "area": QRectF(self._drawing_rect()),
                "viewport": QRectF(self._drawing_rect()),
                "font_px": 0,
                "penalty": 0,
            }
        t = self._view(g)
        sx, sy = self._scroll()
        pinned = self._pinned_legend(g, QRectF(self._vp))
        return {
            "nodes": {s: qrect(t.map_rect(r)) for s, r in g.nodes.items()},
            "labels": [qrect(t.map_rect(b.rect)) for b in g.blocks],
            "label_texts": [[e.text for e in b.entries] for b in g.blocks],
            "edges": set(g.edges),
            "edge_labels": {tr: qrect(t.map_rect(g.blocks[i].rect)) for tr, (i, _k) in g.edge_block.items()},
            "edge_label_text": {tr: g.blocks[i].entries[k].text for tr, (i, k) in g.edge_block.items()},
            "legend": [qrect(t.map_rect(s.united(r))) for _k, _t, s, r in g.legend],
            "pinned_legend": pinned[0] if pinned is not None else None,  # its copy over the view when scrolled away
            "area": QRectF(-sx, -sy, g.content_w, g.content_h),  # the whole drawing (scrolled)
            "viewport": QRectF(self._vp),  # the part of the widget it shows in
            "scroll": (sx, sy),
            "font_px": g.f * t.s,
            "penalty": g.penalty,
            "problems": list(g.problems),
        }

    # ------------------------------------------------------------------ export

    def export_caption(self, entry: int | None) -> str:
        """What an exported picture says it shows: the state, the era and the entry, in the
        window's language ("State: Operating · legacy · entry #11")."""
        return self._model.caption(QCoreApplication.translate, entry)

    def export_size(self) -> QSize:
        """The size of :meth:`paint_export`'s picture in logical pixels: the whole drawing (not
        only the part scrolled into view) and a caption line under it."""
        g = self._ensure_geometry(exact=True)
        return export_size(g) if g is not None else QSize(0, 0)

    def paint_export(self, p: QPainter, caption: str) -> None:
        """Paint the whole drawing as shapes and text, at rest (no animation, no hover or focus
        ring), with ``caption`` under it, onto ``p`` at (0, 0) in logical pixels."""
        g = self._ensure_geometry(exact=True)
        if g is not None:
            paint_export(p, g, self._ensure_colours(), self._model, self.current_label, caption)

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(1000, 280)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(320, MIN_HEIGHT)

    # ------------------------------------------------------------------ state

    def _set_state(
        self, state: State, transition: JsonObject | Transition | None, animate: bool, seq: int | None
    ) -> None:
        change = self._model.show(state, transition, seq)
        if not change:
            return  # nothing new: no repaint (called on every timeline batch)
        self._anim.stop()
        if animate and Change.NEW_EDGE in change:
            self._progress = 0.0
            self._anim.start()
        else:
            self._on_anim_done()  # at rest at once
        if Change.EXPLAIN in change:
            self.explain(state)
        self._refresh_text()
        self._reveal()
        self.update()

    def set_lesson(self, on: bool) -> None:
        """Lesson notes: the explanation area follows the current state (presenter mode)."""
        self._model.lesson = on
        self.explain(self._model.state if on else None)  # places the notes (narrower while on)

    def _on_anim(self, value: float) -> None:
        self._progress = float(value)
        self.update()

    def _on_anim_done(self) -> None:
        self._progress = 1.0
        self._model.at_rest()
        self.update()

    # ------------------------------------------------------------------ text

    def _retranslate(self) -> None:
        self.setAccessibleName(self.tr("Lifecycle diagram"))
        self.explanation.retranslate()
        self._update_accessible()
        if self._model.explained is not None:
            self.explain(self._model.explained)

    def _update_accessible(self) -> None:
        self.setAccessibleDescription(self._model.accessible(QCoreApplication.translate))

    def _refresh_text(self) -> None:
        """The explanation (of the state it explains) and the description again, for what is shown now."""
        if self._model.explained is not None:
            self.explanation.label.setText(self._model.explanation(QCoreApplication.translate, self._model.explained))
        self._update_accessible()

    # ------------------------------------------------------------------ geometry

    def _drawing_rect(self) -> QRectF:
        w, h = self.width(), self.height()
        if self.explanation.isVisibleTo(self):
            if self._beside:
                w = self.explanation.geometry().left()
            else:
                h = self.explanation.geometry().top()
        return QRectF(0, 0, max(1, w), max(1, h))

    def _place_explanation(self) -> None:
        if self.explanation.isVisibleTo(self):
            w, h = self.width(), self.height()
            self._beside, box = explanation_box(w, h, self._model.lesson, self.explanation.label.heightForWidth)
            self.explanation.setGeometry(*box)
        self._provisional()
        self.update()

    def _invalidate_geometry(self, keep_cache: bool = False) -> None:
        if not keep_cache:
            self._geoms.clear()
        self._geom = None
        self._geom_exact = False
        self._static = None

    def _on_relayout(self) -> None:
        if not self._geom_exact:
            self._static = None
            self._ensure_geometry(exact=True)
            self.update()

    def _provisional(self) -> None:
        """After a resize: the cached layout for the new size, or the old one scaled until the
        timer fires (never below 11 px type: scrolled instead)."""
        old = self._geom
        self._static = None
        rect = self._drawing_rect()
        key = Layouts.key(self._model, rect.width(), rect.height(), self.font().family())
        if old is None or self._model.plan is None or key in self._geoms:
            self._geom = None
            self._geom_exact = False
            return
        self._geom = scaled(old, rect.width(), rect.height())
        self._geom_exact = False
        self._sync_bars(self._geom, rect.width(), rect.height())
        self._relayout.start()

    def _bar_extent(self) -> int:
        return self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)

    def _ensure_geometry(self, exact: bool = False) -> Geometry | None:
        if self._geom is not None and (self._geom_exact or not exact):
            return self._geom
        self._static = None
        plan = self._model.plan
        if plan is None or not plan.states:
            return None
        rect = self._drawing_rect()
        W, H = max(40.0, rect.width()), max(40.0, rect.height())
        family = self.font().family()
        tr = QCoreApplication.translate
        g = self._geoms.get(self._model, W, H, family, text_size(family), tr, self._bar_extent())
        self._geom = g
        self._geom_exact = True
        self._sync_bars(g, g.view_w, g.view_h)
        self._reveal(quiet=True)
        return g

    # ------------------------------------------------------------------ scrolling

    def _sync_bars(self, g: Geometry, vw: float, vh: float) -> None:
        """Scroll bars for a drawing larger than the area ``vw`` x ``vh`` (the drawing rect
        less the bars themselves)."""
        ext = self._bar_extent()
        self._vp = QRectF(0, 0, vw, vh)
        for bar, content, view, geo in (
            (self._hbar, g.content_w, vw, (0, int(vh), int(vw), ext)),
            (self._vbar, g.content_h, vh, (int(vw), 0, ext, int(vh))),
        ):
            over = max(0, math.ceil(content - view - 0.5))  # 0: it fits that way, no bar
            bar.blockSignals(True)
            bar.setRange(0, over)
            bar.setPageStep(max(1, int(view)))
            bar.blockSignals(False)
            bar.setGeometry(*geo)
            bar.setVisible(over > 0)
            bar.raise_()

    def _scroll(self) -> tuple[int, int]:
        return (
            self._hbar.value() if self._hbar.isVisibleTo(self) else 0,
            self._vbar.value() if self._vbar.isVisibleTo(self) else 0,
        )

    @property
    def scrolls(self) -> bool:
        """The drawing is larger than the widget shows (at 11 px type): it scrolls."""
        return self._hbar.isVisibleTo(self) or self._vbar.isVisibleTo(self)

    def _view(self, g: Geometry) -> View:
        """Layout coordinates to widget coordinates: the layout's view, then the scroll."""
        sx, sy = self._scroll()
        return g.view.shifted(-sx, -sy)

    def wanted_height(self) -> int:
        """The height at which the drawing would not scroll up and down at its present width
        (type at 11 px): the widget's own height when it does not scroll that way."""
        g = self._ensure_geometry(exact=True)
        if g is None or not self._vbar.isVisibleTo(self):
            return self.height()
        return self.height() + math.ceil(g.content_h - g.view_h)

    def ensure_visible(self, state: State) -> None:
        """Scroll (when the drawing scrolls) so that ``state`` is in view."""
        self._ensure_geometry(exact=True)
        self._reveal(only=state)

    def _reveal(self, quiet: bool = False, only: State | None = None) -> None:
        """Scroll so that the current state (and where the held step goes) is in view; with
        nothing shown yet, the initial state. ``quiet``: while painting, no repaint asked for."""
        g = self._geom
        if g is None or not self.scrolls:
            return
        wanted = self._model.wanted(g, only, self.hasFocus())
        if wanted is None:
            return
        bars = (self._hbar, self._vbar)
        shown = [(bar.value(), bar.maximum()) if bar.isVisibleTo(self) else None for bar in bars]
        view = (self._vp.width(), self._vp.height())
        for bar, v in zip(bars, keep_in_view(g, *wanted, view, shown), strict=True):
            if v is not None and v != bar.value():
                bar.blockSignals(quiet)
                bar.setValue(v)
                bar.blockSignals(False)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        if not self.scrolls:
            super().wheelEvent(event)
            return
        d, bars = event.angleDelta(), (self._hbar, self._vbar)
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        shown = (self._hbar.isVisibleTo(self), self._vbar.isVisibleTo(self))
        for bar, delta in zip(bars, wheel_scroll(d.x(), d.y(), shift, shown, bars[0].singleStep()), strict=True):
            if delta:
                bar.setValue(bar.value() - delta)
        event.accept()

    def state_at(self, pos: QPointF) -> State | None:
        """The state drawn at ``pos`` (widget coordinates), None where no state is."""
        found = self._in_layout(pos)
        return node_at(*found) if found is not None else None

    def _in_layout(self, pos: QPointF) -> tuple[Geometry, Pt] | None:
        """The layout and ``pos`` in its coordinates; None with no layout, or under a scroll bar
        or the explanation."""
        g = self._ensure_geometry()
        if g is None or not self._vp.contains(QPointF(pos)):
            return None
        return g, self._view(g).inverted().map(Pt(pos.x(), pos.y()))

    # ------------------------------------------------------------------ events

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self.explanation.isVisibleTo(self):
            self._place_explanation()
        else:
            self._provisional()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        t = event.type()
        if t == QEvent.Type.LanguageChange:
            self._retranslate()
            self._invalidate_geometry()
            self.update()
        elif t in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange):
            self._colours = None
            self._static = None
            self.update()
        elif t == QEvent.Type.FontChange:
            self._invalidate_geometry()
            self.update()
        super().changeEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            found = self._in_layout(QPointF(event.pos()))
            tip = self._model.tip_at(QCoreApplication.translate, *found) if found is not None else None
            if tip is not None:
                QToolTip.showText(event.globalPos(), tip, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._pan is not None:  # dragging the drawing
            start, hx, vy = self._pan
            delta = event.position() - start
            self._hbar.setValue(hx - int(delta.x()))
            self._vbar.setValue(vy - int(delta.y()))
            event.accept()
            return
        s = self.state_at(event.position())
        if self._model.set_hover(s):
            if s is None:
                self.unsetCursor()
            else:
                self.setCursor(Qt.CursorShape.PointingHandCursor)
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:  # noqa: N802
        if self._model.set_hover(None):
            self.unsetCursor()
            self.update()
        super().leaveEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            s = self.state_at(event.position())
            if s is not None:
                self._model.focus = s
                self.explain(s)
                self.stateClicked.emit(s)
                self.update()
                event.accept()
                return
            if self.scrolls and self._vp.contains(event.position()):  # a drag on the drawing moves it
                self._pan = (event.position(), self._hbar.value(), self._vbar.value())
                self.setCursor(Qt.CursorShape.ClosedHandCursor)
                event.accept()
                return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._pan is not None:
            self._pan = None
            self.unsetCursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        self._model.take_focus(keep=True)  # a state of the plan: none without one
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        self.update()
        super().focusOutEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        m = self._model
        action = m.press(_KEYS.get(event.key(), ""), self._ensure_geometry)
        if action is None:
            super().keyPressEvent(event)
            return
        if action == "explain":
            self.explain(m.focus)
            self.stateClicked.emit(m.focus)
        elif action == "close":
            self.explain(None)
        event.accept()
        self._reveal()
        self.update()

    # ------------------------------------------------------------------ painting

    def _ensure_colours(self) -> Colours:
        if self._colours is None:
            self._colours = palette_colours(self.palette())
        return self._colours

    def _ensure_static(self, g: Geometry) -> QPixmap:
        """The static picture of the whole drawing (larger than the widget when it scrolls)."""
        if self._static is not None:
            return self._static
        dpr = self.devicePixelRatioF()
        pm = QPixmap(max(1, int(g.content_w * dpr)), max(1, int(g.content_h * dpr)))
        pm.setDevicePixelRatio(dpr)
        c = self._ensure_colours()
        pm.fill(c["base"])
        p = QPainter(pm)
        p.setRenderHints(SMOOTH)
        p.setTransform(qtransform(g.view))
        paint_static(p, g, c)
        p.end()
        self._static = pm
        return pm

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        g = self._ensure_geometry()
        p = QPainter(self)
        rect = self._drawing_rect()
        c = self._ensure_colours()
        if g is None:
            p.fillRect(rect, c["base"])
            p.setPen(c["muted"])
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.tr("No lifecycle machine selected"))
            return
        vp = QRectF(self._vp)
        sx, sy = self._scroll()
        if vp.width() < rect.width() and vp.height() < rect.height():  # the corner between the scroll bars
            p.fillRect(
                QRectF(vp.right(), vp.bottom(), rect.width() - vp.width(), rect.height() - vp.height()),
                self.palette().color(QPalette.ColorRole.Window),
            )
        p.setClipRect(vp)
        engine = p.paintEngine()
        if engine is not None and engine.type() in _VECTOR_ENGINES:  # a vector device (SVG, PDF): shapes
            p.setRenderHints(SMOOTH)
            p.setTransform(qtransform(self._view(g)))
            paint_static(p, g, c)
        else:  # only the part in view
            pm = self._ensure_static(g)
            dpr = pm.devicePixelRatio()
            p.drawPixmap(vp, pm, QRectF(sx * dpr, sy * dpr, vp.width() * dpr, vp.height() * dpr))
            p.setRenderHints(SMOOTH)
            p.setTransform(qtransform(self._view(g)))
        paint_highlights(p, g, c, self._model, self.current_label, self._progress, True, self.hasFocus())
        pinned = self._pinned_legend(g, vp) if (sx or sy) and g.legend else None
        if pinned is not None:  # scrolled so that the legend is (partly) out of view: a copy pinned
            paint_pinned_legend(p, g, c, vp, pinned, self._view(g), self.current_label, self._model.as_of is not None)
        paint_frame(p, vp, c)
        p.end()

    _corner: tuple[tuple | None, QRectF] = (None, QRectF())  # the last corner chosen, and for what

    def _legend_corner(self, g: Geometry, vp: QRectF, size: QSize) -> QRectF:
        """Where the pinned legend covers least: the corner of the view (top left first) over
        the fewest states, then labels, then lines; never over the current state or where the
        held step goes when another corner is free of them."""
        m = self._model
        key = (id(g), self._scroll(), vp.getRect(), size.width(), size.height(), m.state, m.pending)
        if self._corner[0] == key:
            return QRectF(self._corner[1])
        hot = m.hot()
        best = qrect(quietest_corner(g, self._view(g).inverted(), plain_rect(vp), size.width(), size.height(), hot))
        self._corner = (key, QRectF(best))
        return best

    def _pinned_legend(self, g: Geometry, vp: QRectF) -> tuple[QRectF, Rect] | None:
        """The pinned legend's box in the widget and the legend's own rectangle (in the layout's
        coordinates); None while the legend itself is in view."""
        size = legend_pin(g, self._view(g), plain_rect(vp), PIN_PAD) if any(self._scroll()) else None
        return (self._legend_corner(g, vp, QSize(*size)), g.legend_area()) if size is not None else None
