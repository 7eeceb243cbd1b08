"""The live lifecycle diagram, drawn from the protocol's own transition tables.

Theory of operation
-------------------
Nothing about states or edges is written down here: :func:`diagram_table` says which
transitions exist, :mod:`inspector.session.diagram_geometry` decides where to put them in
plain numbers (plan per table, :mod:`inspector.session.diagram_plan`; measure per font size and
wrap with the widget's font metrics, place per widget size; the widget caches the result), and
this module
paints the result and handles the widget: the type is never smaller than 11 px, and when even
the smallest layout does not fit the widget scrolls (scroll bars, the wheel, a drag on empty
space), keeping the current state and the held step's target in view as they change.
:meth:`LifecycleDiagram.layout_for_tests` exposes the layout, with its list of problems.
What is under the pointer, the up and down keys' next state, the held step's corner and what to
keep in view are read off the layout by :mod:`~inspector.session.diagram_geometry` too; the
plan, the keyboard's order, the edge a recording names and the scroll position are
:mod:`inspector.session.diagram_plan`'s.

Painting draws a cached pixmap of the static picture (the whole drawing, scrolled), then the
highlights on top (current state, last edge and its animation, focus ring, hover): about a
millisecond a frame, and as much again for the scroll bars when it scrolls
(``benchmarks/diagram_paint.py``). An export (:meth:`LifecycleDiagram.paint_export`) paints the whole drawing
as shapes and text, at rest (no animation, hover or focus ring), with a caption naming the
state, the era and the entry, so an SVG is a drawing and a PNG is sharp at any scale.
``set_state`` with nothing new returns before touching the widget. While the widget is being
resized the previous layout is shown scaled and the new one computed 80 ms after the last
resize; a machine switch lays out in ``set_machine``, not in ``paintEvent``.

Clicking a state, or Enter on the keyboard focus (Tab in, arrows to move), explains it in a
plain-text panel beside the drawing when the widget is wide and below it when not.

Colours come from the widget's :class:`QPalette` (base, text, highlight); the only colour not
in a palette, the error red, is chosen from the base colour's lightness. Failure edges are
dashed and the legend says so, so colour is never the only cue.
"""

from __future__ import annotations

import math
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
    QColor,
    QFocusEvent,
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPaintEngine,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QScrollBar,
    QSizePolicy,
    QStyle,
    QToolButton,
    QToolTip,
    QWidget,
)

from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.lifecycle import STATE_INFO, State, Transition, diagram_table
from inspector.protocol.versions import Era, EraMode
from inspector.session.diagram_geometry import (
    MIN_FONT,
    Geometry,
    block_at,
    fit,
    keep_in_view,
    legend_pin,
    moved_focus,
    node_at,
    quietest_corner,
    scaled,
    wheel_scroll,
)
from inspector.session.diagram_plan import Plan, analyse, explanation_box, focus_order, machine_as_of, resolve_edge
from inspector.session.diagram_shapes import Pt, Rect, View
from inspector.session.diagram_words import (
    accessible_description,
    caption,
    current_label,
    explanation,
    state_tip,
)
from inspector.session.recording import TransportKind

from .diagram_paint import (
    Colours,
    edge_pen,
    font,
    paint_block,
    paint_frame,
    paint_legend,
    paint_node,
    paint_static,
    palette_colours,
    plain_rect,
    qpath,
    qpolygon,
    qrect,
    qtransform,
    text_size,
)
from .theme import mix
from .whole_lines import WholeLines, label_runs

if TYPE_CHECKING:
    from inspector.session.recording import Recording

__all__ = ["LifecycleDiagram"]

MIN_HEIGHT = 180  # the widget's least height: a window never squeezes it to a strip (it scrolls within)
_ANIM_MS = 600

# --------------------------------------------------------------------------- the widget


#: Paint engines that keep shapes (exports): they get the static picture drawn, not the pixmap.
_VECTOR_ENGINES = frozenset({QPaintEngine.Type.SVG, QPaintEngine.Type.Pdf, QPaintEngine.Type.Picture})
_SMOOTH = QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing  # lines and text
_PIN_PAD = 4.0  # round the pinned legend, inside its box
# the keys that move the keyboard focus between states (:func:`moved_focus`)
_MOVES: dict[int, str] = {
    Qt.Key.Key_Right: "next",
    Qt.Key.Key_Left: "previous",
    Qt.Key.Key_Home: "first",
    Qt.Key.Key_End: "last",
    Qt.Key.Key_Up: "up",
    Qt.Key.Key_Down: "down",
}


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
        self._mode: EraMode | None = None
        self._era: Era | None = None
        self._key: tuple | None = None
        self._table: tuple[Transition, ...] = ()
        self._plan: Plan | None = None
        self._geoms: dict[tuple[tuple[Transition, ...], int, int, str, bool], Geometry] = {}
        self._geom: Geometry | None = None
        self._geom_exact = False
        self._relayout = QTimer(self)
        self._relayout.setSingleShot(True)
        self._relayout.setInterval(80)
        self._relayout.timeout.connect(self._on_relayout)
        self._static: QPixmap | None = None
        self._colours: Colours | None = None
        self._state: State | None = None
        self._prev: State | None = None
        self._edge: Transition | None = None
        self._edge_seq: int | None = None
        self._progress = 1.0
        self._focus: State | None = None
        self._hover: State | None = None
        self._explained: State | None = None

        self._anim = QVariantAnimation(self)
        self._anim.setStartValue(0.0)
        self._anim.setEndValue(1.0)
        self._anim.setDuration(_ANIM_MS)
        self._anim.setEasingCurve(QEasingCurve.Type.InOutQuad)
        self._anim.valueChanged.connect(self._on_anim)
        self._anim.finished.connect(self._on_anim_done)

        self._explanation = QLabel()
        self._explanation.setObjectName("lifecycleExplanation")
        self._explanation.setTextFormat(Qt.TextFormat.PlainText)
        self._explanation.setWordWrap(True)
        self._explanation.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self._explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._explanation.setContentsMargins(10, 8, 26, 8)  # room for the close button
        # beside the drawing when the widget is wide, below it when not; hidden until asked for
        self._explain_area = QFrame(self)
        self._explain_area.setObjectName("lifecycleExplanationPanel")
        self._explain_area.setFrameShape(QFrame.Shape.NoFrame)
        scroll = QScrollArea()
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self._explanation)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._explain_scroll = scroll
        # no line cut at the panel's foot
        self._explain_lines = WholeLines(scroll, label_runs(self._explanation), (self._explanation,))
        self._close = QToolButton()
        self._close.setText("✕")
        self._close.setAutoRaise(True)
        self._close.clicked.connect(lambda: self.explain(None))
        self._spec_link = QToolButton()  # opens the spec page the explanation cites
        self._spec_link.setAutoRaise(True)
        self._spec_link.setObjectName("lifecycleSpecLink")
        self._spec_link.setCursor(Qt.CursorShape.PointingHandCursor)
        self._spec_link.clicked.connect(self._open_spec)
        grid = QGridLayout(self._explain_area)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(scroll, 0, 0)
        grid.addWidget(self._close, 0, 0, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignRight)
        grid.addWidget(self._spec_link, 1, 0, Qt.AlignmentFlag.AlignLeft)
        self._pending: Transition | None = None  # step mode: the edge the held step will take
        #: the entry whose state is shown when it is a past one (Follow live off, replay); None:
        #: the state shown is the session's current state
        self._as_of: int | None = None
        self._explain_area.hide()
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
    def current_state(self) -> State | None:
        return self._state

    @property
    def last_edge(self) -> Transition | None:
        return self._edge

    @property
    def pending_edge(self) -> Transition | None:
        return self._pending

    @property
    def as_of(self) -> int | None:
        """The entry the state shown belongs to when it is a past state; None when it is the
        session's current state."""
        return self._as_of

    @property
    def current_label(self) -> str:
        """What the legend says of the highlighted state: "current state", or "as of entry N"."""
        return current_label(QCoreApplication.translate, self._as_of)

    def set_pending(self, tr: Transition | None) -> None:
        """Step mode: draw the edge the held step will take once it goes (None: no such edge)."""
        edge = resolve_edge(self._table, tr)
        if edge != self._pending:
            self._pending = edge
            self._update_accessible()
            self._reveal()
            self.update()

    def _open_spec(self) -> None:
        if self._explained is not None:
            self.specRequested.emit(STATE_INFO[self._explained].spec)

    @property
    def explanation_panel(self) -> QFrame:
        """The panel that shows a state's explanation (beside the diagram when wide, below when not)."""
        return self._explain_area

    @property
    def explanation_scroll(self) -> QScrollArea:
        """The scroll area of the explanation in the panel."""
        return self._explain_scroll

    @property
    def explanation_label(self) -> QLabel:
        return self._explanation

    @property
    def explained_state(self) -> State | None:
        return self._explained

    @property
    def focused_state(self) -> State | None:
        return self._focus

    @property
    def animating(self) -> bool:
        return self._anim.state() == QVariantAnimation.State.Running

    @property
    def table(self) -> tuple[Transition, ...]:
        return self._table

    def set_machine(self, mode: EraMode, era: Era | None = None, transport: str = TransportKind.STDIO) -> None:
        """Draw the machine :func:`diagram_table` gives for ``mode``, the detected ``era`` and
        the session's ``transport`` (its shutdown steps differ; a name not known: stdio's)."""
        transport = TransportKind.named(transport)
        key = (mode, era, transport)
        if key == self._key:
            return
        table = diagram_table(mode, era, transport)
        self._key = key
        self._mode, self._era = mode, era
        if table == self._table:
            return
        self._table = table
        self._plan = plan = analyse(table)  # cached per table
        self._edge = resolve_edge(self._table, self._edge) if self._edge is not None else None
        self._pending = resolve_edge(self._table, self._pending) if self._pending is not None else None
        if self._focus is not None and self._focus not in plan.row_of:
            self._focus = None
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
        n = len(recording)
        if n == 0:
            return
        row = max(0, min(int(row), n - 1))
        self.set_machine(*machine_as_of(recording, row))
        found = recording.transition_as_of(row)
        seq, tr = (found[0], found[1]) if found else (None, None)
        self._set_as_of(row if past else None)
        self._set_state(recording.state_at(row), tr, animate, seq)

    def _set_as_of(self, row: int | None) -> None:
        if row == self._as_of:
            return
        if (row is None) != (self._as_of is None) and self._geom is not None:
            # the legend's slot is measured for "as of entry N": laid out again on the relayout
            # timer, as after a resize (a selection must not wait for a layout)
            self._geom_exact = False
            self._static = None
            self._relayout.start()
        self._as_of = row
        if self._explained is not None:
            self._explanation.setText(self._explanation_text(self._explained))
        self._update_accessible()
        self.update()

    def explain(self, state: State | None) -> None:
        """Fill the explanation area for ``state`` (None hides it)."""
        self._explained = state
        if state is None:
            self._explanation.clear()
            self._explain_area.hide()
        else:
            self._explanation.setText(self._explanation_text(state))
            self._spec_link.setText(self.tr("Open the spec") + " ↗")  # the explanation names the section
            self._explain_area.show()
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
        era = self._era.value if self._era is not None else (self._mode.value if self._mode is not None else None)
        return caption(QCoreApplication.translate, self._state, era, entry)

    def _caption_font(self, g: Geometry) -> QFont:
        return font(g.family, max(MIN_FONT, g.f), False)

    def export_size(self) -> QSize:
        """The size of :meth:`paint_export`'s picture in logical pixels: the whole drawing (not
        only the part scrolled into view) and a caption line under it."""
        g = self._ensure_geometry(exact=True)
        if g is None:
            return QSize(0, 0)
        band = QFontMetricsF(self._caption_font(g)).height() * 1.8
        return QSize(math.ceil(g.content_w), math.ceil(g.content_h + band))

    def paint_export(self, p: QPainter, caption: str) -> None:
        """Paint the whole drawing as shapes and text, at rest (no animation, no hover or focus
        ring), with ``caption`` under it, onto ``p`` at (0, 0) in logical pixels."""
        g = self._ensure_geometry(exact=True)
        if g is None:
            return
        c = self._ensure_colours()
        size = self.export_size()
        p.save()
        p.fillRect(QRectF(0, 0, size.width(), size.height()), c.base)
        p.setRenderHints(_SMOOTH)
        p.setTransform(qtransform(g.view), True)
        paint_static(p, g, c)
        self._paint_highlights(p, g, c, 1.0, decorations=False)
        p.restore()
        p.save()
        p.setFont(self._caption_font(g))
        p.setPen(c.text)
        band = QRectF(8.0, g.content_h, size.width() - 16.0, size.height() - g.content_h)
        p.drawText(band, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, caption)
        p.restore()

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(1000, 280)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(320, MIN_HEIGHT)

    # ------------------------------------------------------------------ state

    def _set_state(
        self, state: State, transition: JsonObject | Transition | None, animate: bool, seq: int | None
    ) -> None:
        edge = resolve_edge(self._table, transition)
        if state is self._state and edge == self._edge and (seq is None or seq == self._edge_seq):
            return  # nothing new: no repaint (called on every timeline batch)
        changed_edge = edge != self._edge or (seq is not None and seq != self._edge_seq)
        self._prev = self._state if state is not self._state else None
        self._state = state
        self._edge = edge
        if seq is not None:
            self._edge_seq = seq
        if animate and changed_edge and edge is not None:
            self._anim.stop()
            self._progress = 0.0
            self._anim.start()
        else:
            self._anim.stop()
            self._on_anim_done()  # at rest at once
        if self.lesson and self._explained is not state:
            self.explain(state)  # lesson notes follow the current state
        elif self._explained is not None:
            self._explanation.setText(self._explanation_text(self._explained))
        self._update_accessible()
        self._reveal()
        self.update()

    lesson = False  # presenter mode: the explanation shows the current state's notes, always

    def set_lesson(self, on: bool) -> None:
        """Lesson notes: the explanation area follows the current state (presenter mode)."""
        self.lesson = on
        self.explain(self._state if on else None)  # places the notes (narrower while on)

    def _on_anim(self, value: float) -> None:
        self._progress = float(value)
        self.update()

    def _on_anim_done(self) -> None:
        self._progress = 1.0
        self._prev = None
        self.update()

    # ------------------------------------------------------------------ text

    def _layout_legend(self) -> list[tuple[str, str]]:
        """The legend as the layout measures it: showing a past state, the "current" slot is
        made wide enough for "as of entry" and seven digits (the number changes without a new layout)."""
        if self._as_of is None:
            return self._legend_texts
        wide = self.tr("as of entry {n}").format(n="0000000")
        return [(kind, wide if kind == "current" else text) for kind, text in self._legend_texts]

    def _retranslate(self) -> None:
        self.setAccessibleName(self.tr("Lifecycle diagram"))
        self._explain_area.setAccessibleName(self.tr("State explanation"))
        self._close.setToolTip(self.tr("Close the explanation (Esc)"))
        self._spec_link.setToolTip(self.tr("Open this page of the specification (bundled with the inspector)"))
        self._close.setAccessibleName(self.tr("Close explanation"))
        self._legend_texts = [
            ("line", self.tr("transition")),
            ("dash", self.tr("✗ failure")),
            ("current", self.tr("current state")),
            ("final", self.tr("final state")),
        ]
        self._update_accessible()
        if self._explained is not None:
            self.explain(self._explained)

    def _update_accessible(self) -> None:
        self.setAccessibleDescription(
            accessible_description(QCoreApplication.translate, self._state, self._as_of, self._edge, self._pending)
        )

    def _explanation_text(self, state: State) -> str:
        return explanation(QCoreApplication.translate, self._table, state, self._state, self._as_of)

    # ------------------------------------------------------------------ geometry

    def _drawing_rect(self) -> QRectF:
        w, h = self.width(), self.height()
        if self._explain_area.isVisibleTo(self):
            if self._beside:
                w = self._explain_area.geometry().left()
            else:
                h = self._explain_area.geometry().top()
        return QRectF(0, 0, max(1, w), max(1, h))

    def _place_explanation(self) -> None:
        if self._explain_area.isVisibleTo(self):
            w, h = self.width(), self.height()
            self._beside, box = explanation_box(w, h, self.lesson, self._explanation.heightForWidth)
            self._explain_area.setGeometry(*box)
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
        plan = self._plan
        rect = self._drawing_rect()
        if old is None or plan is None or self._geom_key(plan, rect.width(), rect.height()) in self._geoms:
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
        plan = self._plan
        if plan is None or not plan.states:
            return None
        rect = self._drawing_rect()
        W, H = max(40.0, rect.width()), max(40.0, rect.height())
        g = self._fit_cached(plan, W, H)
        self._geom = g
        self._geom_exact = True
        self._sync_bars(g, g.view_w, g.view_h)
        self._reveal(quiet=True)
        return g

    def _geom_key(self, plan: Plan, W: float, H: float) -> tuple[tuple[Transition, ...], int, int, str, bool]:
        """A layout's place in the cache: the table, the area, the type's family, and whether the
        legend's "current" slot is measured for "as of entry N"."""
        return (plan.table, int(W), int(H), self.font().family(), self._as_of is None)

    def _fit_cached(self, plan: Plan, W: float, H: float) -> Geometry:
        key = self._geom_key(plan, W, H)
        g = self._geoms.get(key)
        if g is None:
            legend = self._layout_legend()
            g = fit(plan, W, H, text_size(key[3]), QCoreApplication.translate, legend, self._bar_extent(), key[3])
            if len(self._geoms) > 24:
                self._geoms.pop(next(iter(self._geoms)))
            self._geoms[key] = g
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
        wanted = [
            s for s in (only, self._focus if self.hasFocus() else None, self._state) if s is not None and s in g.nodes
        ]
        if not wanted and self._plan is not None and self._plan.initial in g.nodes:
            wanted = [self._plan.initial]
        if not wanted:
            return
        also = self._pending.target if only is None and self._pending is not None else None  # when both fit
        bars = (self._hbar, self._vbar)
        shown = [(bar.value(), bar.maximum()) if bar.isVisibleTo(self) else None for bar in bars]
        view = (self._vp.width(), self._vp.height())
        for bar, v in zip(bars, keep_in_view(g, wanted[0], also, view, shown), strict=True):
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
        if self._explain_area.isVisibleTo(self):
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
            pos = QPointF(event.pos())
            s = self.state_at(pos)
            if s is not None:
                tip = state_tip(QCoreApplication.translate, s, self._state, self._as_of)
                QToolTip.showText(event.globalPos(), tip, self)
                return True
            found = self._in_layout(pos)
            b = block_at(*found) if found is not None else None
            if b is not None:
                QToolTip.showText(event.globalPos(), b.tip, self)
                return True
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
        if s is not self._hover:
            self._hover = s
            if s is None:
                self.unsetCursor()
            else:
                self.setCursor(Qt.CursorShape.PointingHandCursor)
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:  # noqa: N802
        if self._hover is not None:
            self._hover = None
            self.unsetCursor()
            self.update()
        super().leaveEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            s = self.state_at(event.position())
            if s is not None:
                self._focus = s
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
        order = self._order()  # every state of the plan: none without one
        if self._focus is None and order:
            self._focus = self._state if self._state in order else order[0]
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        self.update()
        super().focusOutEvent(event)

    def _order(self) -> list[State]:
        return focus_order(self._plan) if self._plan is not None else []

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        key = event.key()
        order = self._order()
        if not order:
            super().keyPressEvent(event)
            return
        if self._focus not in order:
            self._focus = self._state if self._state in order else order[0]
        move = _MOVES.get(key)
        if move is not None and self._plan is not None:
            g = self._ensure_geometry() if move in ("up", "down") else None
            self._focus = moved_focus(self._plan, g, self._focus, move)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space, Qt.Key.Key_Select):
            self.explain(self._focus)
            self.stateClicked.emit(self._focus)
        elif key == Qt.Key.Key_Escape and self._explained is not None:
            self.explain(None)
        else:
            super().keyPressEvent(event)
            return
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
        pm.fill(c.base)
        p = QPainter(pm)
        p.setRenderHints(_SMOOTH)
        p.setTransform(qtransform(g.view))
        paint_static(p, g, c)
        p.end()
        self._static = pm
        return pm

    def _paint_current_legend(self, p: QPainter, g: Geometry, c: Colours) -> None:
        for kind, _text, _sample, trect in g.legend:
            if kind == "current":
                p.setFont(font(g.family, g.f, False))
                p.setPen(c.muted if self._as_of is None else c.text)
                p.drawText(qrect(trect), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, self.current_label)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        g = self._ensure_geometry()
        p = QPainter(self)
        rect = self._drawing_rect()
        c = self._ensure_colours()
        if g is None:
            p.fillRect(rect, c.base)
            p.setPen(c.muted)
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
            p.setRenderHints(_SMOOTH)
            p.setTransform(qtransform(self._view(g)))
            paint_static(p, g, c)
        else:  # only the part in view
            pm = self._ensure_static(g)
            dpr = pm.devicePixelRatio()
            p.drawPixmap(vp, pm, QRectF(sx * dpr, sy * dpr, vp.width() * dpr, vp.height() * dpr))
            p.setRenderHints(_SMOOTH)
            p.setTransform(qtransform(self._view(g)))
        self._paint_highlights(p, g, c, self._progress, decorations=True)
        if (sx or sy) and g.legend:
            self._paint_pinned_legend(p, g, c, vp)
        paint_frame(p, vp, c)
        p.end()

    _corner: tuple[tuple | None, QRectF] = (None, QRectF())  # the last corner chosen, and for what

    def _legend_corner(self, g: Geometry, vp: QRectF, size: QSize) -> QRectF:
        """Where the pinned legend covers least: the corner of the view (top left first) over
        the fewest states, then labels, then lines; never over the current state or where the
        held step goes when another corner is free of them."""
        key = (id(g), self._scroll(), vp.getRect(), size.width(), size.height(), self._state, self._pending)
        if self._corner[0] == key:
            return QRectF(self._corner[1])
        hot = [s for s in (self._state, self._pending.target if self._pending is not None else None) if s is not None]
        best = qrect(quietest_corner(g, self._view(g).inverted(), plain_rect(vp), size.width(), size.height(), hot))
        self._corner = (key, QRectF(best))
        return best

    def _pinned_legend(self, g: Geometry, vp: QRectF) -> tuple[QRectF, Rect] | None:
        """The pinned legend's box in the widget and the legend's own rectangle (in the layout's
        coordinates); None while the legend itself is in view."""
        size = legend_pin(g, self._view(g), plain_rect(vp), _PIN_PAD) if any(self._scroll()) else None
        return (self._legend_corner(g, vp, QSize(*size)), g.legend_area()) if size is not None else None

    def _paint_pinned_legend(self, p: QPainter, g: Geometry, c: Colours, vp: QRectF) -> None:
        """Scrolled so that the legend is (partly) out of view: a copy of it pinned, on the
        view's background, in the corner where it covers least (:meth:`_legend_corner`), so
        what the highlight means ("current state", "as of entry N") is always said."""
        pinned = self._pinned_legend(g, vp)
        if pinned is None:
            return
        box, area = pinned
        content = g.view.map_rect(area)
        p.save()
        p.resetTransform()
        p.setClipRect(vp)
        # the part of the legend itself still in view is covered: one legend is shown, not a
        # cut one beside its copy (its area holds nothing else)
        p.fillRect(qrect(self._view(g).map_rect(area).adjusted(-2, -2, 2, 2)).intersected(vp), c.base)
        p.setPen(QPen(mix(c.base, c.text, 0.18), 1))
        p.setBrush(c.base)
        p.drawRoundedRect(box, 3, 3)
        p.setTransform(
            qtransform(g.view.shifted(box.left() + _PIN_PAD - content.left, box.top() + _PIN_PAD - content.top))
        )
        paint_legend(p, g, c)
        self._paint_current_legend(p, g, c)
        p.restore()

    def _paint_highlights(self, p: QPainter, g: Geometry, c: Colours, t: float, decorations: bool) -> None:
        """What changes over the static picture: the legend's "current" slot, the held step's
        edge, the last edge (animated at ``t`` < 1), the current state; ``decorations``: the
        hover and keyboard focus rings too (not in an export)."""
        self._paint_current_legend(p, g, c)
        # the edge the held step will take starts at the session's state: not drawn over a past one
        held = self._pending if self._pending != self._edge and self._as_of is None else None
        pending = g.edges.get(held) if held is not None else None
        if held is not None and pending is not None:  # step mode: where the held step will go, dashed
            colour = c.error if pending.failure else c.accent
            pen = QPen(
                colour, max(2.0, g.f / 5.5), Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.RoundJoin
            )
            pen.setDashPattern([2.0, 1.6])
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(pen)
            p.drawPath(qpath(pending.path))
            p.setPen(Qt.PenStyle.NoPen)
            hollow = QColor(colour)
            hollow.setAlphaF(0.55)
            p.setBrush(hollow)
            p.drawPolygon(qpolygon(pending.arrow))
            where = g.edge_block.get(held)
            if where is not None:
                paint_block(p, g, c, g.blocks[where[0]], where[1], strength=0.55)

        last = self._edge
        edge = g.edges.get(last) if last is not None else None
        if last is not None and edge is not None:
            path = qpath(edge.path)
            colour = c.error if edge.failure else c.accent
            pulse = math.sin(math.pi * t) if t < 1.0 else 0.0
            width = max(2.2, g.f / 5.0) + 2.4 * pulse
            if pulse > 0:
                glow = QColor(colour)
                glow.setAlphaF(0.25 * pulse)
                p.setPen(
                    QPen(glow, width + 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
                )
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPath(path)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(edge_pen(c, edge.failure, width, colour))
            p.drawPath(path)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(colour)
            p.drawPolygon(qpolygon(edge.arrow))
            if t < 1.0:
                dot = path.pointAtPercent(min(1.0, max(0.0, t)))
                p.setBrush(colour)
                p.drawEllipse(dot, 0.35 * g.f + 1.5 * pulse, 0.35 * g.f + 1.5 * pulse)
            where = g.edge_block.get(last)
            if where is not None:
                paint_block(p, g, c, g.blocks[where[0]], where[1], strength=1.0)

        if self._prev is not None and self._prev in g.nodes and t < 1.0:
            paint_node(p, g, c, self._prev, current=1.0 - t)
        if self._state is not None and self._state in g.nodes:
            paint_node(p, g, c, self._state, current=t if self._prev is not None else 1.0)

        if not decorations:
            return
        if self._hover is not None and self._hover in g.nodes:
            r = qrect(g.nodes[self._hover])
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(c.accent, 1.6))
            radius = min(r.height() * 0.32, 9.0)
            p.drawRoundedRect(r, radius, radius)
        if self.hasFocus() and self._focus is not None and self._focus in g.nodes:
            r = qrect(g.nodes[self._focus].adjusted(-3.5, -3.5, 3.5, 3.5))
            pen = QPen(c.focus, 2.0, Qt.PenStyle.DotLine)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(pen)
            radius = min(r.height() * 0.32, 11.0)
            p.drawRoundedRect(r, radius, radius)
