"""The cyclic collector runs on the GUI thread only: a Qt wrapper in a cycle is never destroyed
by a collection that a watcher thread's allocation happened to start."""

from __future__ import annotations

import gc
import threading

from PySide6.QtCore import QObject, QThread, QTimer

from inspector.ui.collector import MainThreadCollector, collect_on_gui_thread


def test_one_collector_per_application_and_automatic_collection_off(qapp):
    first = collect_on_gui_thread(qapp)
    assert collect_on_gui_thread(qapp) is first
    assert isinstance(first, MainThreadCollector)
    assert not gc.isenabled()


def test_a_cycle_holding_a_qobject_is_destroyed_on_the_gui_thread_not_where_allocation_happened(qapp, qtbot):
    collector = collect_on_gui_thread(qapp)
    destroyed_in: list[object] = []
    collections_in: list[str] = []

    def watch(phase, info):
        if phase == "stop":
            collections_in.append(threading.current_thread().name)

    class Holder:
        pass

    holder = Holder()
    holder.obj = QObject()  # owned by Python: the collector decides when it dies
    holder.timer = QTimer(holder.obj)
    holder.timer.start(10_000)
    holder.obj.destroyed.connect(lambda *_: destroyed_in.append(QThread.currentThread()))
    holder.me = holder  # a cycle: only the cyclic collector can free it
    del holder

    kept: list = []

    def allocate() -> None:  # far past generation 0's threshold, as a busy thread would
        kept.extend([i] for i in range(50 * collector.thresholds[0]))

    gc.callbacks.append(watch)
    try:
        worker = threading.Thread(target=allocate, name="allocating-worker")
        worker.start()
        worker.join()
        assert "allocating-worker" not in collections_in
        assert destroyed_in == []  # still alive: nothing collected in the worker
        qtbot.waitUntil(lambda: bool(destroyed_in), timeout=5000)  # the GUI-thread timer collects it
    finally:
        gc.callbacks.remove(watch)
    assert destroyed_in == [qapp.thread()]
    assert set(collections_in) == {threading.main_thread().name}
    assert sum(collector.collections) >= 1


def test_young_generations_are_collected_when_due_and_full_passes_are_spaced(qapp):
    collector = MainThreadCollector(qapp, interval_ms=60_000, full_every=3600.0)
    collector.thresholds = (50, 2, 2)
    kept: list = []

    def allocate() -> None:  # generation 0 past its threshold, kept alive
        kept.extend([i] for i in range(100))

    try:
        gc.collect()
        assert collector.check() == -1  # nothing allocated since the full collection
        for _ in range(3):
            allocate()
            assert collector.check() == 0
        allocate()
        assert gc.get_count()[1] > 2
        assert collector.check() == 1  # generation 1 had passed its threshold
        for _ in range(3):
            allocate()
            gc.collect(1)
        assert gc.get_count()[2] > 2
        for _ in range(3):
            allocate()
            gc.collect(0)
        allocate()
        assert collector.check() == 1  # generation 2 is due, but a full pass ran just now
        collector.full_every = 0.0
        for _ in range(3):
            allocate()
            gc.collect(0)
        allocate()
        assert collector.check() == 2
        assert collector.collections == [3, 2, 1]
    finally:
        collector.setParent(None)
        collector.deleteLater()
    assert not gc.isenabled()  # the application's own collector keeps automatic collection off
