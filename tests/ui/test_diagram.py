"""The lifecycle diagram: drawn from the protocol's tables only, laid out without overlaps at
every size the app uses, highlighting the state and the edge that led there, explaining a
state on click or Enter, following a recording row by row, readable in light and dark."""

from __future__ import annotations

import orjson
import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt, QTranslator
from PySide6.QtGui import QColor, QHelpEvent, QPalette
from PySide6.QtWidgets import QApplication, QLineEdit, QToolTip, QVBoxLayout, QWidget

from inspector.protocol.engine import Analysis, ClientConfig, ProtocolEngine
from inspector.protocol.lifecycle import STATE_INFO, State, Transition, diagram_table, states_of
from inspector.protocol.messages import Kind
from inspector.protocol.versions import Era, EraMode
from inspector.session import diagram_cache
from inspector.session.recording import Direction, Recording
from inspector.ui.diagram import LifecycleDiagram

MACHINES = [
    pytest.param(EraMode.LEGACY, None, "stdio", id="legacy"),
    pytest.param(EraMode.MODERN, None, "stdio", id="modern"),
    pytest.param(EraMode.AUTO, None, "stdio", id="auto"),
    pytest.param(EraMode.AUTO, Era.LEGACY, "stdio", id="auto-legacy"),
    pytest.param(EraMode.AUTO, Era.MODERN, "stdio", id="auto-modern"),
    pytest.param(EraMode.LEGACY, None, "streamable-http", id="legacy-http"),
    pytest.param(EraMode.AUTO, None, "streamable-http", id="auto-http"),
    pytest.param(EraMode.AUTO, Era.LEGACY, "streamable-http", id="auto-legacy-http"),
]
SIZES = [(700, 220), (900, 260), (1200, 320), (1400, 400)]


@pytest.fixture
def diagram(qtbot):
    w = LifecycleDiagram()
    qtbot.addWidget(w)
    w.resize(1200, 320)
    w.show()
    qtbot.waitExposed(w)
    return w


def transition(table, source: State, target: State, label: str | None = None) -> Transition:
    return next(t for t in table if t.source is source and t.target is target and (label is None or t.label == label))


def centre(w: LifecycleDiagram, state: State) -> QPoint:
    return w.layout_for_tests()["nodes"][state].center().toPoint()


# ------------------------------------------------------------------ layout


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("mode", "era", "transport"), MACHINES)
def test_every_machine_lays_out_without_overlaps(qtbot, mode, era, transport, size):
    w = LifecycleDiagram()
    qtbot.addWidget(w)
    w.resize(*size)
    w.set_machine(mode, era, transport)
    table = diagram_table(mode, era, transport)
    lay = w.layout_for_tests()
    area = lay["area"]
    assert lay["problems"] == []

    # one node per state of the table, nothing else; all inside the widget, none overlapping
    nodes = lay["nodes"]
    assert set(nodes) == set(states_of(table))
    rects = list(nodes.items())
    for i, (s, r) in enumerate(rects):
        assert area.contains(r), f"{s} at {r} outside {area}"
        for s2, r2 in rects[i + 1 :]:
            assert not r.intersects(r2), f"{s} overlaps {s2}"

    # every transition drawn and labelled with its own label; labels clear of labels and nodes
    assert lay["edges"] == set(table)
    for tr in table:
        assert lay["edge_label_text"][tr] == tr.label
    labels = lay["labels"]
    for i, r in enumerate(labels):
        assert area.contains(r), f"label {lay['label_texts'][i]} outside the widget"
        for j, r2 in enumerate(labels[i + 1 :], i + 1):
            assert not r.intersects(r2), f"{lay['label_texts'][i]} overlaps {lay['label_texts'][j]}"
        for s, nr in nodes.items():
            assert not r.intersects(nr), f"{lay['label_texts'][i]} overlaps node {s}"
    for legend in lay["legend"]:
        assert area.contains(legend)
        assert not any(legend.intersects(r) for r in list(nodes.values()) + labels)


@pytest.mark.parametrize(
    ("mode", "era", "min_px"),
    [
        (EraMode.LEGACY, None, 12),
        (EraMode.MODERN, None, 12),
        (EraMode.AUTO, Era.MODERN, 12),
        (EraMode.AUTO, Era.LEGACY, 11),
        (EraMode.AUTO, None, 11),
    ],  # the whole probing machine scrolls rather than shrinks
)
def test_text_stays_readable_at_the_usual_size(qtbot, mode, era, min_px):
    w = LifecycleDiagram()
    qtbot.addWidget(w)
    w.resize(1200, 320)
    w.set_machine(mode, era)
    assert w.layout_for_tests()["font_px"] >= min_px


def test_layout_follows_the_size_and_is_cached(diagram, monkeypatch):
    diagram.set_machine(EraMode.LEGACY)
    small = diagram.layout_for_tests()
    calls = []
    real_fit = diagram_cache.fit  # the layouts are kept by the diagram's state (session/diagram_state.py), fitted there
    monkeypatch.setattr(diagram_cache, "fit", lambda *a: calls.append(a) or real_fit(*a))
    diagram.resize(1400, 400)
    big = diagram.layout_for_tests()
    assert len(calls) == 1
    assert big["font_px"] >= small["font_px"]
    assert big["nodes"][State.OPERATING].right() > small["nodes"][State.OPERATING].right()
    # painting and re-reading use the cache
    diagram.grab()
    diagram.grab()
    diagram.resize(1200, 320)
    diagram.layout_for_tests()
    diagram.resize(1400, 400)
    diagram.layout_for_tests()
    assert len(calls) == 1  # both sizes came from the cache


def test_nodes_are_exactly_the_tables_states(diagram):
    for mode, era in [(EraMode.LEGACY, None), (EraMode.MODERN, None), (EraMode.AUTO, Era.MODERN)]:
        diagram.set_machine(mode, era)
        assert set(diagram.layout_for_tests()["nodes"]) == set(states_of(diagram_table(mode, era)))
        assert diagram.model.table == diagram_table(mode, era)


# ------------------------------------------------------------------ state and last edge


def test_set_state_highlights_and_keeps_the_last_edge(diagram):
    diagram.set_machine(EraMode.LEGACY)
    table = diagram_table(EraMode.LEGACY)
    assert diagram.model.state is None and diagram.model.edge is None
    diagram.set_state(
        State.INITIALIZING,
        {"from": "uninitialized", "to": "initializing", "label": "initialize →", "failure": False},
        animate=False,
    )
    assert diagram.model.state is State.INITIALIZING
    assert diagram.model.edge == transition(table, State.UNINITIALIZED, State.INITIALIZING)
    # a Transition works as well; parallel edges are told apart by their label
    timeout = transition(table, State.INITIALIZING, State.SHUTTING_DOWN, "no answer (timeout)")
    diagram.set_state(State.SHUTTING_DOWN, timeout, animate=False)
    assert diagram.model.edge is timeout and diagram.model.edge.failure
    # a self-loop: same state, new edge
    sigterm = transition(table, State.SHUTTING_DOWN, State.SHUTTING_DOWN, "SIGTERM")
    diagram.set_state(State.SHUTTING_DOWN, sigterm, animate=False)
    assert diagram.model.edge is sigterm and diagram.model.state is State.SHUTTING_DOWN
    diagram.set_state(State.TERMINATED, None, animate=False)
    assert diagram.model.edge is None and diagram.model.state is State.TERMINATED
    assert "Terminated" in diagram.accessibleDescription()


def test_a_recorded_edge_is_found_by_its_event_even_when_its_label_changed(diagram):
    """Recording format 2 keeps the event id: of three parallel failure edges, the one the
    session took is highlighted even if its label was reworded since the file was written."""
    diagram.set_machine(EraMode.LEGACY)
    table = diagram_table(EraMode.LEGACY)
    timeout = transition(table, State.INITIALIZING, State.SHUTTING_DOWN, "no answer (timeout)")
    parallel = [t for t in table if t.source is State.INITIALIZING and t.target is State.SHUTTING_DOWN]
    assert len(parallel) >= 3 and parallel[0] is not timeout
    stored = {
        "from": "initializing",
        "to": "shutting_down",
        "event": timeout.event.value,
        "label": "an older wording",
        "failure": True,
    }
    diagram.set_state(State.SHUTTING_DOWN, stored, animate=False)
    assert diagram.model.edge is timeout


def test_the_same_state_again_does_not_repaint(diagram, monkeypatch):
    diagram.set_machine(EraMode.LEGACY)
    tr = {"from": "initialized", "to": "operating", "label": "notifications/initialized →"}
    diagram.set_state(State.OPERATING, tr, animate=False)
    updates = []
    monkeypatch.setattr(diagram, "update", lambda *a: updates.append(a))
    for _ in range(60):  # one timeline batch per frame for a second
        diagram.set_state(State.OPERATING, dict(tr), animate=True)
        diagram.set_machine(EraMode.LEGACY, None)
    assert updates == []
    assert not diagram.animating


def test_the_last_transition_animates_without_blocking_and_can_be_skipped(qtbot, diagram):
    diagram.set_machine(EraMode.MODERN)
    diagram.set_state(State.DISCOVERING, {"from": "idle", "to": "discovering", "label": "server/discover →"})
    assert diagram.animating  # set_state returned while the animation runs
    diagram.grab()  # paints mid-animation
    qtbot.waitUntil(lambda: not diagram.animating, timeout=3000)
    diagram.set_state(State.READY, {"from": "discovering", "to": "ready", "label": "← DiscoverResult"}, animate=False)
    assert not diagram.animating and diagram.model.state is State.READY
    # a new edge interrupts a running animation cleanly
    diagram.set_state(
        State.READY, {"from": "ready", "to": "ready", "label": "← InputRequiredResult: retry with inputResponses"}
    )
    diagram.set_state(
        State.SHUTTING_DOWN, {"from": "ready", "to": "shutting_down", "label": "close stdin"}, animate=False
    )
    assert not diagram.animating and diagram.model.edge.label == "close stdin"


# ------------------------------------------------------------------ explaining a state


def test_clicking_a_state_emits_it_and_explains_it(qtbot, diagram):
    diagram.set_machine(EraMode.LEGACY)
    label = diagram.explanation.label
    assert label.textFormat() == Qt.TextFormat.PlainText and label.wordWrap()
    with qtbot.waitSignal(diagram.stateClicked, timeout=1000) as blocker:
        qtbot.mouseClick(diagram, Qt.MouseButton.LeftButton, pos=centre(diagram, State.INITIALIZING))
    assert blocker.args == [State.INITIALIZING]
    info = STATE_INFO[State.INITIALIZING]
    text = label.text()
    assert label.isVisible()
    assert text.startswith(info.title)
    assert info.explanation in text
    assert f"Spec: {info.spec}" in text
    assert "on “← InitializeResult” → Initialized" in text
    assert "on “← error to initialize” → Shutting down\u2002✗\u00a0failure" in text

    # the diagram made room for the explanation (beside it when wide, below when not) and still lays out cleanly
    for size in [(1200, 320), (800, 420)]:
        diagram.resize(*size)
        lay = diagram.layout_for_tests()
        panel = diagram.explanation.geometry()
        assert not lay["viewport"].intersects(
            panel.toRectF().adjusted(1, 1, -1, -1)
        )  # what is drawn is clipped to the viewport
        assert lay["problems"] == []
        assert lay["font_px"] >= 11
    diagram.ensure_visible(State.SHUTTING_DOWN)
    with qtbot.waitSignal(diagram.stateClicked, timeout=1000) as blocker:
        qtbot.mouseClick(diagram, Qt.MouseButton.LeftButton, pos=centre(diagram, State.SHUTTING_DOWN))
    assert blocker.args == [State.SHUTTING_DOWN]
    assert "on “SIGTERM” → stays in Shutting down" in label.text()

    # a click on empty space emits nothing
    with qtbot.assertNotEmitted(diagram.stateClicked):
        qtbot.mouseClick(diagram, Qt.MouseButton.LeftButton, pos=QPoint(3, 3))


def test_keyboard_tab_arrows_and_enter(qtbot):
    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    before = QLineEdit()
    w = LifecycleDiagram()
    layout.addWidget(before)
    layout.addWidget(w)
    host.resize(1200, 380)
    host.show()
    qtbot.waitExposed(host)
    w.set_machine(EraMode.LEGACY)
    assert w.accessibleName()
    before.setFocus()
    qtbot.waitUntil(before.hasFocus, timeout=1000)
    qtbot.keyClick(before, Qt.Key.Key_Tab)
    qtbot.waitUntil(w.hasFocus, timeout=1000)
    assert w.model.focus is State.UNINITIALIZED  # no session yet: the first state
    qtbot.keyClick(w, Qt.Key.Key_Right)
    assert w.model.focus is State.INITIALIZING
    qtbot.keyClick(w, Qt.Key.Key_Right)
    qtbot.keyClick(w, Qt.Key.Key_Left)
    assert w.model.focus is State.INITIALIZING
    qtbot.keyClick(w, Qt.Key.Key_Up)
    assert w.model.focus is State.FAILED
    qtbot.keyClick(w, Qt.Key.Key_Down)
    qtbot.keyClick(w, Qt.Key.Key_Down)
    assert w.model.focus in (State.SHUTTING_DOWN, State.TERMINATED)
    with qtbot.waitSignal(w.stateClicked, timeout=1000) as blocker:
        qtbot.keyClick(w, Qt.Key.Key_Return)
    assert blocker.args == [w.model.focus]
    assert STATE_INFO[w.model.focus].explanation in w.explanation.label.text()
    with qtbot.waitSignal(w.stateClicked, timeout=1000):
        qtbot.keyClick(w, Qt.Key.Key_Space)
    qtbot.keyClick(w, Qt.Key.Key_Escape)
    assert not w.explanation.label.isVisible() and w.model.explained is None
    # Right wraps around every state of the machine
    seen = set()
    for _ in range(len(states_of(diagram_table(EraMode.LEGACY)))):
        qtbot.keyClick(w, Qt.Key.Key_Right)
        seen.add(w.model.focus)
    assert seen == set(states_of(diagram_table(EraMode.LEGACY)))


def test_hover_shows_a_pointing_cursor_and_the_title(qtbot, diagram):
    diagram.set_machine(EraMode.MODERN)
    pos = centre(diagram, State.READY)
    qtbot.mouseMove(diagram, pos)
    qtbot.waitUntil(lambda: diagram.cursor().shape() == Qt.CursorShape.PointingHandCursor, timeout=1000)
    QApplication.sendEvent(diagram, QHelpEvent(QEvent.Type.ToolTip, pos, diagram.mapToGlobal(pos)))
    assert QToolTip.text().startswith("Ready")
    qtbot.mouseMove(diagram, QPoint(3, 3))
    qtbot.waitUntil(lambda: diagram.cursor().shape() != Qt.CursorShape.PointingHandCursor, timeout=1000)


# ------------------------------------------------------------------ following a recording


class _Trace:
    """Drives a real sans-IO engine and records what it concludes, like the session does."""

    def __init__(self, mode: EraMode) -> None:
        self.engine = ProtocolEngine(ClientConfig(era=mode))
        self.rec = Recording({"era_mode": mode.value}, t0=0.0)
        self.t = 0.0

    def _add(self, direction: Direction, raw: bytes, a: Analysis) -> int:
        return self.rec.append(direction, self.t, raw, a)

    def c(self, raw: bytes) -> int:
        self.t += 0.01
        return self._add(Direction.C2S, raw, self.engine.outgoing(raw, self.t, len(self.rec)))

    def s(self, obj: dict) -> int:
        self.t += 0.01
        raw = orjson.dumps(obj) + b"\n"
        return self._add(Direction.S2C, raw, self.engine.incoming(raw, self.t, len(self.rec)))

    def event(self, a: Analysis) -> int:
        self.t += 0.01
        return self._add(Direction.EVENT, b"", a)


def test_show_recording_row_follows_a_real_auto_session(diagram):
    tr = _Trace(EraMode.AUTO)
    e = tr.engine
    discover = tr.c(e.build_discover(e.next_id()))
    fallback = tr.s({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found"}})
    init = tr.c(e.build_initialize(e.next_id()))
    result = tr.s(
        {
            "jsonrpc": "2.0",
            "id": 2,
            "result": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "serverInfo": {"name": "s", "version": "1"},
            },
        }
    )
    initialized = tr.c(e.build_initialized())
    tools = tr.c(e.build_request(e.next_id(), "tools/list"))
    exited = tr.event(e.process_exited())
    rec = tr.rec

    diagram.show_recording_row(rec, discover)
    assert diagram.model.table == diagram_table(EraMode.AUTO, None)  # era not known yet: the whole probe
    assert diagram.model.state is State.DISCOVERING
    assert diagram.model.edge.label == "server/discover →"

    diagram.show_recording_row(rec, fallback)
    assert diagram.model.table == diagram_table(EraMode.AUTO, Era.LEGACY)
    assert diagram.model.state is State.UNINITIALIZED
    assert (diagram.model.edge.source, diagram.model.edge.target) == (State.DISCOVERING, State.UNINITIALIZED)
    assert State.READY not in diagram.layout_for_tests()["nodes"]

    for row, state in [(init, State.INITIALIZING), (result, State.INITIALIZED), (initialized, State.OPERATING)]:
        diagram.show_recording_row(rec, row)
        assert diagram.model.state is state
    diagram.show_recording_row(rec, tools)  # no transition on this row: the last one stays
    assert diagram.model.state is State.OPERATING
    assert diagram.model.edge.label == "notifications/initialized →"
    assert not diagram.animating  # rows selected in the timeline jump, they do not animate

    diagram.show_recording_row(rec, exited, animate=True)
    assert diagram.model.state is State.FAILED
    assert diagram.model.edge.failure and diagram.model.edge.source is State.OPERATING
    assert diagram.animating
    # back in time
    diagram.show_recording_row(rec, discover)
    assert diagram.model.state is State.DISCOVERING and diagram.model.table == diagram_table(EraMode.AUTO, None)
    # out of range rows clamp
    diagram.show_recording_row(rec, 10_000)
    assert diagram.model.state is State.FAILED


def test_show_recording_row_from_analysis_objects_modern(diagram):
    table = diagram_table(EraMode.MODERN)
    rec = Recording({"era_mode": "modern"}, t0=0.0)

    def add(state: State, tr: Transition | None) -> int:
        a = Analysis(Kind.NOTE, state)
        a.transition = tr
        return rec.append(Direction.EVENT, 0.0, b"", a)

    add(State.IDLE, None)
    r1 = add(State.DISCOVERING, transition(table, State.IDLE, State.DISCOVERING))
    r2 = add(State.READY, transition(table, State.DISCOVERING, State.READY))
    r3 = add(
        State.READY, transition(table, State.READY, State.READY, "← InputRequiredResult: retry with inputResponses")
    )
    r4 = add(State.SHUTTING_DOWN, transition(table, State.READY, State.SHUTTING_DOWN))

    diagram.show_recording_row(rec, 0)
    assert diagram.model.state is State.IDLE and diagram.model.edge is None
    diagram.show_recording_row(rec, r1)
    assert diagram.model.state is State.DISCOVERING
    diagram.show_recording_row(rec, r3)
    assert diagram.model.edge.label.startswith("← InputRequiredResult")
    diagram.show_recording_row(rec, r2)
    assert diagram.model.edge.target is State.READY and diagram.model.edge.source is State.DISCOVERING
    diagram.show_recording_row(rec, r4)
    assert diagram.model.state is State.SHUTTING_DOWN and diagram.model.edge.label == "close stdin"
    assert diagram.model.table is table


# ------------------------------------------------------------------ pixels


def _dark_palette() -> QPalette:
    p = QPalette()
    colours = {
        QPalette.ColorRole.Window: "#2b2b2b",
        QPalette.ColorRole.WindowText: "#e6e6e6",
        QPalette.ColorRole.Base: "#1e1e1e",
        QPalette.ColorRole.AlternateBase: "#262626",
        QPalette.ColorRole.Text: "#e6e6e6",
        QPalette.ColorRole.Button: "#333333",
        QPalette.ColorRole.ButtonText: "#e6e6e6",
        QPalette.ColorRole.Highlight: "#3d8ee6",
        QPalette.ColorRole.HighlightedText: "#ffffff",
    }
    for role, c in colours.items():
        p.setColor(role, QColor(c))
    return p


def _light_palette() -> QPalette:
    p = QPalette()
    for role, c in {
        QPalette.ColorRole.Base: "#ffffff",
        QPalette.ColorRole.Text: "#1a1a1a",
        QPalette.ColorRole.Window: "#efefef",
        QPalette.ColorRole.Highlight: "#2f7bd6",
        QPalette.ColorRole.HighlightedText: "#ffffff",
    }.items():
        p.setColor(role, QColor(c))
    return p


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize(("mode", "era", "transport"), MACHINES)
def test_renders_non_blank_pixels_in_light_and_dark(qtbot, theme, mode, era, transport):
    w = LifecycleDiagram()
    qtbot.addWidget(w)
    palette = _dark_palette() if theme == "dark" else _light_palette()
    w.setPalette(palette)
    w.resize(1200, 320)
    w.set_machine(mode, era, transport)
    first = states_of(diagram_table(mode, era, transport))[0]
    w.set_state(first, None, animate=False)
    img = w.grab().toImage()
    assert img.width() == 1200 and img.height() == 320
    base = palette.color(QPalette.ColorRole.Base)
    assert QColor(img.pixel(4, 4)).name() == base.name()  # the palette's base, never a hard-coded white
    ink = 0
    for y in range(0, img.height(), 2):
        for x in range(0, img.width(), 2):
            c = QColor(img.pixel(x, y))
            if abs(c.lightness() - base.lightness()) > 60:
                ink += 1
    assert ink > 1500, f"only {ink} drawn pixels"
    # the current state is filled with the palette's highlight colour
    rect = w.layout_for_tests()["nodes"][first]
    inside = QColor(img.pixel(int(rect.left()) + 4, int(rect.center().y())))
    assert inside.name() == palette.color(QPalette.ColorRole.Highlight).name()


# ------------------------------------------------------------------ translation


class _Upper(QTranslator):
    """Pretends to be a translation: protocol-table text in the Lifecycle context in capitals."""

    def translate(self, context, source, disambiguation=None, n=-1):  # noqa: N802
        if context == "Lifecycle":
            return source.upper()
        return None  # not translated (an empty string would mean "translated to nothing")

    def isEmpty(self):  # noqa: N802
        return False


def test_protocol_text_is_translated_at_display_time(qtbot, diagram):
    diagram.set_machine(EraMode.LEGACY)
    diagram.layout_for_tests()
    translator = _Upper()
    QCoreApplication.installTranslator(translator)
    try:
        QCoreApplication.processEvents()  # LanguageChange reaches the widget
        lay = diagram.layout_for_tests()
        assert ["INITIALIZE →"] in lay["label_texts"]
        diagram.explain(State.OPERATING)
        assert diagram.explanation.label.text().startswith("OPERATING")
        assert STATE_INFO[State.OPERATING].explanation.upper() in diagram.explanation.label.text()
    finally:
        QCoreApplication.removeTranslator(translator)
        QCoreApplication.processEvents()
    assert ["initialize →"] in diagram.layout_for_tests()["label_texts"]


MARK = "» "  # what _Marked puts before each text of its context (placeholders kept)


class _Marked(QTranslator):
    """Pretends to be a translation: each text of ``context`` marked (its placeholders kept)."""

    def __init__(self, context: str) -> None:
        super().__init__()
        self.context = context

    def translate(self, context, source, disambiguation=None, n=-1):  # noqa: N802
        return MARK + source if context == self.context else None  # None: not translated

    def isEmpty(self):  # noqa: N802
        return False


def test_the_explanation_panels_words_follow_a_language_switch(qtbot, diagram):
    """The panel's words come from session/diagram_words' table (context LifecycleDiagram): a
    live switch reaches its tooltips, its accessible names and the spec link."""
    diagram.set_machine(EraMode.LEGACY)
    diagram.explain(State.OPERATING)
    panel = diagram.explanation

    def words() -> list[str]:
        close, link = panel.close_button, panel.spec_link
        return [panel.accessibleName(), close.toolTip(), close.accessibleName(), link.toolTip(), link.text()]

    english = words()
    assert english == [
        "State explanation",
        "Close the explanation (Esc)",
        "Close explanation",
        "Open this page of the specification (bundled with the inspector)",
        "Open the spec ↗",
    ]
    translator = _Marked("LifecycleDiagram")
    QCoreApplication.installTranslator(translator)
    try:
        QCoreApplication.processEvents()  # LanguageChange reaches the widget
        assert words() == [MARK + w for w in english]  # the link's arrow after its words
        assert diagram.accessibleName() == MARK + "Lifecycle diagram"
    finally:
        QCoreApplication.removeTranslator(translator)
        QCoreApplication.processEvents()
    assert words() == english


@pytest.mark.parametrize(("mode", "era", "transport"), MACHINES[2:4] + MACHINES[6:7])
def test_a_layout_read_from_the_cache_folder_paints_the_same(qtbot, tmp_path, monkeypatch, mode, era, transport):
    def painted(folder):
        w = LifecycleDiagram()
        qtbot.addWidget(w)
        w.keep_layouts_in(folder)
        w.resize(1200, 320)
        w.set_machine(mode, era, transport)
        return w.grab().toImage()

    plain = painted(None)
    assert not list(tmp_path.iterdir())
    stored = painted(tmp_path)
    assert len(list(tmp_path.iterdir())) == 1
    calls = []
    real_fit = diagram_cache.fit
    monkeypatch.setattr(diagram_cache, "fit", lambda *a: calls.append(a) or real_fit(*a))
    read = painted(tmp_path)
    assert calls == []  # read from the folder, not fitted
    assert plain == stored == read
