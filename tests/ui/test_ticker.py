"""One tick source drives every view that follows a live recording."""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject
from recording_driver import Driver  # noqa: E402

from inspector.session.frames import FLOOD_BATCH_ROWS, FLOOD_INTERVAL_MS, INTERVAL_MS
from inspector.ui.ticker import Ticker, app_ticker
from inspector.ui.timeline import TimelineModel


class Counter(QObject):
    def __init__(self, log: list, name: str, took: int = 0) -> None:
        super().__init__()
        self.log, self.name, self.took = log, name, took

    def tick(self) -> int:
        self.log.append(self.name)
        return self.took


def test_subscribers_tick_in_order_and_the_timer_runs_only_while_one_is_active(qapp):
    ticker = Ticker()
    log: list[str] = []
    a, b = Counter(log, "a"), Counter(log, "b")
    sa, sb = ticker.subscribe(a, a.tick), ticker.subscribe(b, b.tick)
    assert not ticker.is_running()
    sb.set_active(True)
    sa.set_active(True)
    assert ticker.is_running()
    ticker.tick()
    assert log == ["a", "b"]  # subscription order, not activation order
    sa.set_active(False)
    ticker.tick()
    assert log == ["a", "b", "b"]
    sb.set_active(False)
    assert not ticker.is_running()


def test_a_flood_slows_the_ticks_and_calm_speeds_them_up_again(qapp):
    ticker = Ticker()
    log: list[str] = []
    busy = Counter(log, "busy", took=FLOOD_BATCH_ROWS)
    ticker.subscribe(busy, busy.tick).set_active(True)
    assert ticker.plan.shortest(1) == INTERVAL_MS
    assert ticker.tick() == FLOOD_BATCH_ROWS
    assert ticker.plan.shortest(1) == FLOOD_INTERVAL_MS
    busy.took = 3
    ticker.tick()
    assert ticker.plan.shortest(1) == INTERVAL_MS


def test_a_destroyed_subscriber_is_dropped(qapp):
    ticker = Ticker()
    log: list[str] = []
    gone = Counter(log, "gone")
    ticker.subscribe(gone, gone.tick).set_active(True)
    assert ticker.is_running()
    del gone
    gc.collect()
    ticker.tick()
    assert log == []
    assert not ticker.is_running()


def test_tables_follow_a_live_recording_through_the_applications_ticker(qapp, qtbot):
    ticker = app_ticker(qapp)
    assert app_ticker(qapp) is ticker
    drive = Driver()
    model = TimelineModel()
    model.set_recording(drive.rec)
    assert model.is_live() and ticker.is_running()
    drive.handshake()
    drive.stderr(b"a line on stderr")
    qtbot.waitUntil(lambda: model.rowCount() == len(drive.rec), timeout=2000)
    model.set_live(False)
    assert not model.is_live()
