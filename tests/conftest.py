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


@pytest.fixture(autouse=True)
def every_sent_message_is_schema_valid(request, monkeypatch):
    """Fails a test whose sessions sent a schema-invalid message (see wire_check.py)."""
    import wire_check

    from inspector.session.recording import Recording

    wire_check.start()
    original = Recording.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        wire_check.watch_recording(self)

    monkeypatch.setattr(Recording, "__init__", init)
    yield
    if request.node.get_closest_marker("malformed_c2s") is None:
        bad = wire_check.invalid_c2s()
        if bad:
            pytest.fail("the inspector sent schema-invalid messages:\n" + "\n".join(bad[:10]), pytrace=False)
