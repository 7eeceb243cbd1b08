"""Qt tests run offscreen; async tests run anyio on a qasync loop over the test's QApplication."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402


@pytest.fixture
def anyio_backend(qapp):
    import qasync

    return ("asyncio", {"loop_factory": lambda: qasync.QEventLoop(qapp)})
