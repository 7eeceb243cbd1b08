"""Shared test set-up: the Qt blocker for the headless run and the anyio backend.

The real peers (reference server, SDK server, fixture servers) are in ``peers.py``.
"""

from __future__ import annotations

import os
import sys

import pytest

if os.environ.get("INSPECTOR_BLOCK_QT") == "1":
    # The headless run: everything below ui must work with PySide6 absent.
    class _BlockQt:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("PySide6", "shiboken6", "qasync"):
                raise ImportError(f"{name} is blocked in the headless test run")
            return None

    sys.meta_path.insert(0, _BlockQt())


@pytest.fixture
def anyio_backend():
    return "asyncio"
