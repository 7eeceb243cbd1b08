"""Following a flood: frames and lanes (ui.ticker), live counts without relayout, the Logs
panel's lazily ranked view that looks through batches as they arrive (ui.panels.logs), and
the cell delegate the following tables paint with (ui.rowmodel)."""

from __future__ import annotations

import time

import orjson
from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QObject, Qt
from PySide6.QtGui import QStaticText
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget
from recording_driver import Driver  # noqa: E402

from inspector.session.controllers.logs import CATCH_UP, UNRANKED, LiveLogView
from inspector.session.frames import FLOOD_BATCH_ROWS, FLOOD_INTERVAL_MS, FLOOD_MAX_MS, INTERVAL_MS
from inspector.session.views import LEVELS, UNKNOWN, LogView
from inspector.ui.panels.logs import LogModel, LogTable
from inspector.ui.rowmodel import CellDelegate
from inspector.ui.ticker import Ticker, app_ticker, set_live_text
from inspector.ui.timeline import Column, TimelineView


def log_line(level: str, i: int) -> bytes:
    return (
        b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"%s","logger":"t","data":"m %d"}}\n'
        % (level.encode(), i)
    )


class Taker(QObject):
    def __init__(self, log: list, name: str, lane: int = 0, took: int = 0, cost: float = 0.0) -> None:
        super().__init__()
        self.tick_lane = lane
        self.log, self.name, self.took, self.cost = log, name, took, cost

    def tick(self) -> int:
        self.log.append(self.name)
        if self.cost:
            time.sleep(self.cost)
        return self.took


# --------------------------------------------------------------------------- ticker


def test_a_flood_takes_the_lanes_in_turns_and_calm_takes_them_together(qapp):
    ticker = Ticker()
    log: list[str] = []
    table = Taker(log, "table")
    window = Taker(log, "window")
    logs = Taker(log, "logs", lane=1)
    for t in (table, window, logs):
        ticker.subscribe(t, t.tick).set_active(True)
    ticker.frame()
    assert log == ["table", "window", "logs"] and not ticker.plan.flooded
    # a flood met by lane 0 in a calm frame: lane 1 takes its share in the next frame
    log.clear()
    table.took = FLOOD_BATCH_ROWS
    ticker.frame()
    assert log == ["table", "window"] and ticker.plan.flooded
    ticker.frame()
    assert log == ["table", "window", "logs"]
    ticker.frame()
    ticker.frame()
    assert log == ["table", "window", "logs", "table", "window", "logs"]
    assert ticker.plan.shortest(2) == FLOOD_INTERVAL_MS // 2  # each of the two lanes every interval
    # a whole round below the flood: calm again, every lane in every frame
    table.took = 5
    ticker.frame()
    ticker.frame()
    assert not ticker.plan.flooded
    log.clear()
    ticker.frame()
    assert log == ["table", "window", "logs"]


def test_frames_are_spaced_by_what_they_and_their_repaint_cost(qapp):
    ticker = Ticker()
    log: list[str] = []
    busy = Taker(log, "busy", took=FLOOD_BATCH_ROWS, cost=0.015)
    ticker.subscribe(busy, busy.tick).set_active(True)
    ticker.frame()  # flooded from now on; the frame cost about 15 ms
    QCoreApplication.sendPostedEvents(ticker, 0)  # the event behind the repaint request
    assert ticker.last_frame_ms >= 15
    # the views take about VIEW_SHARE of the loop: 15 ms of frame -> ~170 ms to the next one
    assert FLOOD_INTERVAL_MS < ticker.next_frame_in() <= FLOOD_MAX_MS
    # nothing more arrives: the next frame takes nothing, and the one after comes quickly
    busy.took, busy.cost = 0, 0.0
    ticker.frame()
    ticker.frame()  # a calm round: not flooded any more
    assert not ticker.plan.flooded and ticker.next_frame_in() == INTERVAL_MS
    # calm frames keep their pace, whatever they cost
    busy.took, busy.cost = 3, 0.02
    ticker.frame()
    QCoreApplication.sendPostedEvents(ticker, 0)
    assert ticker.next_frame_in() == INTERVAL_MS


# --------------------------------------------------------------------------- live text


class LayoutRequests(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def test_a_live_count_does_not_lay_the_window_out_again(qapp):
    box = QWidget()
    row = QHBoxLayout(box)
    label = QLabel()
    row.addWidget(label)
    row.addStretch(1)
    box.resize(500, 40)
    box.show()
    assert set_live_text(label, "1 entries")
    assert not set_live_text(label, "1 entries")
    qapp.processEvents()
    assert label.minimumSize() == label.maximumSize()  # held at a fixed size
    width = label.width()
    requests = LayoutRequests()
    box.installEventFilter(requests)
    for n in range(2, 400, 7):
        set_live_text(label, f"{n:,} entries")
        qapp.processEvents()
    assert requests.count == 0 and label.width() == width and label.text() == "394 entries"
    set_live_text(label, "123,456,789,012 entries, of which many are shown")  # no longer fits: grows
    qapp.processEvents()
    assert label.width() >= label.sizeHint().width() > width
    box.close()


# --------------------------------------------------------------------------- the Logs panel's view


def _traffic() -> tuple[Driver, list[int]]:
    d = Driver()
    d.handshake()
    logs = [d.s2c(log_line(LEVELS[i % 8], i)) for i in range(40)]
    d.c2s(b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":1}}\n')  # wrong direction
    _req, rid = d.request("notifications/message")  # a request of that name, and its answer: not log messages
    d.s2c(b'{"jsonrpc":"2.0","id":%d,"result":{}}\n' % rid)
    logs.append(d.s2c(b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"loud","data":1}}\n'))
    logs += [d.s2c(log_line("error", 100 + i)) for i in range(5)]
    return d, logs


def test_the_live_log_view_finds_what_the_session_view_finds_and_reads_levels_when_needed():
    d, logs = _traffic()
    live, plain = LiveLogView(), LogView()
    live.set_recording(d.rec)
    plain.set_recording(d.rec)
    assert list(live.rows) == list(plain.rows) == logs and live.total == plain.total
    assert UNRANKED in live.ranks  # nothing painted, no floor: no level read yet
    assert [live.rank_of(q) for q in logs] == [plain.rank_of(q) for q in logs]
    assert live.rank_of(logs[40]) == UNKNOWN and live.rank_of(0) == UNKNOWN  # "loud"; not a log message
    live.set_floor(LEVELS.index("error"))
    plain.set_floor(LEVELS.index("error"))
    assert list(live.rows) == list(plain.rows)
    live.set_floor(0)
    live.clear()
    assert len(live) == 0 and live.total == 0
    late = d.s2c(log_line("emergency", 99))
    assert live.catch_up() == 1 and list(live.rows) == [late]
    # idle ticks read the levels ahead, in order
    fresh = LiveLogView()
    fresh.set_recording(d.rec)
    while fresh.rank_some(7):
        pass
    assert UNRANKED not in fresh.ranks


def test_the_live_log_view_looks_through_batches_as_they_arrive_and_ticks_only_append():
    d, logs = _traffic()
    view = LiveLogView()
    view.prescan = True  # the panel is on screen
    view.set_recording(d.rec)
    d.rec.notify()  # what was recorded before: the view took it in when it was set
    n = len(d.rec)
    more = [d.s2c(log_line("info", 1000 + i)) for i in range(3000)]
    d.rec.notify()  # the session announces the batch: looked through now, not at the tick
    assert view.seen == n and len(view) == len(logs)
    assert view.catch_up(budget=100) == 3000  # looked through already: not held to the budget
    assert list(view.rows) == logs + more
    # the view fell behind while hidden: each later batch looks through CATCH_UP times its own
    # size of what lies before it, so it catches up while the flood goes on
    view.prescan = False
    gap = [d.s2c(log_line("info", 5000 + i)) for i in range(200)]
    d.rec.notify()
    view.prescan = True
    seen = view.seen
    after = []
    for k in range(3):
        after += [d.s2c(log_line("info", 6000 + 5 * k + i)) for i in range(5)]
        d.rec.notify()
        assert view.ahead_end == seen + (k + 1) * CATCH_UP * 5  # a bounded bite per batch
    assert view.catch_up(budget=0) == 3 * CATCH_UP * 5  # looked through ahead: only appended
    late = []
    for k in range(3):
        late += [d.s2c(log_line("info", 7000 + 5 * k + i)) for i in range(5)]
        d.rec.notify()
    assert view.ahead_end == len(d.rec)  # caught up: the batches follow again
    assert view.catch_up(budget=0) == len(gap) + len(after) + len(late) - 3 * CATCH_UP * 5
    assert list(view.rows) == logs + more + gap + after + late


# --------------------------------------------------------------------------- a flood in the window's tables


def test_a_flood_in_frames_still_shows_the_last_rows_and_every_log_message(qapp):
    ticker = app_ticker(qapp)
    d = Driver()
    d.handshake()
    timeline = TimelineView()
    timeline.resize(700, 300)
    timeline.set_recording(d.rec)
    logs = LogModel()
    logs.logs.prescan = True  # as when the panel is showing
    logs.set_recording(d.rec)
    table = LogTable(logs)
    table.resize(400, 300)
    timeline.show()
    table.show()
    qapp.processEvents()
    for _ in range(3):  # three floods, each taken in by lanes in turn
        for i in range(2 * FLOOD_BATCH_ROWS):
            d.s2c(log_line(LEVELS[i % 8], i))
        d.rec.notify()
        for _ in range(6):
            ticker.frame()
            qapp.processEvents()
    d.s2c(log_line("error", 1))  # one more after the flood: the next calm frame shows it
    for _ in range(3):
        ticker.frame()
        qapp.processEvents()
    n = len(d.rec)
    assert timeline.model.rowCount() == n and timeline.model.seq_at(n - 1) == n - 1
    assert timeline.count_label.text() == f"{QLocale().toString(n)} entries"
    bar = timeline.table.verticalScrollBar()
    assert timeline.is_following() and bar.value() == bar.maximum() > 0  # the last rows are on screen
    assert logs.rowCount() == logs.total() == n - 3 and logs.seq_at(logs.rowCount() - 1) == n - 1
    logs_bar = table.verticalScrollBar()
    assert logs_bar.value() == logs_bar.maximum() > 0
    timeline.close()
    table.close()


# --------------------------------------------------------------------------- painting


def test_the_cell_delegate_paints_plain_text_elided_and_leaves_selected_rows_to_qt(qapp):
    d = Driver()
    d.handshake()
    rich = "<b>bold</b><img src=x>"
    method = rich + "x" * 200
    d.s2c(orjson.dumps({"jsonrpc": "2.0", "method": method, "params": {}}) + b"\n")
    view = TimelineView()
    view.resize(900, 300)
    view.set_recording(d.rec)
    view.model.fetch_new()
    view.show()
    qapp.processEvents()
    delegate = view.table.itemDelegate()
    assert isinstance(delegate, CellDelegate)
    view.table.selectRow(0)
    view.table.viewport().repaint()
    laid_out = delegate.laid_out_texts()
    assert laid_out and all(st.textFormat() == Qt.TextFormat.PlainText for st, _w, _h in laid_out)
    shown = {st.text() for st, _w, _h in laid_out}
    # the method elided in the middle (the timeline keeps a method's head and tail), as Qt does,
    # to the width of its column; its markup shown as the characters it is
    (elided,) = [(st.text(), w) for st, w, _h in laid_out if st.text().startswith("<b>bold</b>")]
    head, cut, tail = elided[0].partition("…")
    assert cut == "…" and tail and method.startswith(head) and method.endswith(tail) and len(elided[0]) < len(method)
    assert elided[1] <= view.table.horizontalHeader().sectionSize(Column.METHOD)
    assert "initialize" in shown and "notifications/initialized" in shown
    assert isinstance(laid_out[0][0], QStaticText)
    view.close()


def test_the_timelines_live_count_refits_when_the_font_changes(qapp):
    view = TimelineView()
    d = Driver()
    d.handshake()
    view.set_recording(d.rec)
    view.show()
    qapp.processEvents()
    before = view.count_label.height()
    font = view.font()
    font.setPointSizeF(font.pointSizeF() * 1.6)  # presenter mode
    view.setFont(font)
    qapp.processEvents()
    assert view.count_label.height() == view.count_label.sizeHint().height() > before
    assert view.count_label.width() >= view.count_label.sizeHint().width()
    view.close()
