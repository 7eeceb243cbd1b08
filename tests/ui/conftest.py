"""Qt tests run offscreen; async tests run anyio on a qasync loop over the test's QApplication."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def gui_thread_collector(qapp):
    """As in the app: the cyclic collector runs on the GUI thread only (inspector.ui.collector)."""
    from inspector.ui.collector import collect_on_gui_thread

    return collect_on_gui_thread(qapp)


@pytest.fixture
def anyio_backend(qapp):
    import qasync

    return ("asyncio", {"loop_factory": lambda: qasync.QEventLoop(qapp)})


@pytest.fixture
def window_and_controller(qapp, tmp_path):
    """The whole app (as ``inspector.ui.app.build`` makes it) with its config in ``tmp_path``."""
    from inspector.ui.app import build

    controller, window = build(qapp, config=tmp_path)
    window.resize(1400, 900)
    window.show()
    yield controller, window
    window.close()
    window.deleteLater()
