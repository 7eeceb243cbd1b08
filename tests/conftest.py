"""Shared test set-up: the Qt blocker for the headless run, the anyio backend, and two checks
every test gets: the messages the inspector sent are schema-valid (wire_check.py), and every
recording its sessions made is judged the same when re-analysed (reanalysis_check.py).

The real peers (reference server, SDK server, fixture servers) are in ``peers.py``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

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


def watch_instances(monkeypatch, cls, watch) -> None:
    """For the rest of the test, ``watch(obj)`` is called with every new ``cls`` object."""
    original = cls.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        watch(self)

    monkeypatch.setattr(cls, "__init__", init)


@pytest.fixture(autouse=True)
def every_sent_message_is_schema_valid(request, monkeypatch):
    """Fails a test whose sessions sent a schema-invalid message (see wire_check.py)."""
    import wire_check

    from inspector.session.recording import Recording

    wire_check.start()
    watch_instances(monkeypatch, Recording, wire_check.watch_recording)
    yield
    if request.node.get_closest_marker("malformed_c2s") is None:
        bad = wire_check.invalid_c2s()
        if bad:
            pytest.fail("the inspector sent schema-invalid messages:\n" + "\n".join(bad[:10]), pytrace=False)


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "reanalysis_differs: the test edits a recording's verdicts on purpose (see tests/reanalysis_check.py)",
    )


@pytest.fixture(autouse=True)
def every_recording_is_judged_the_same_again(request, monkeypatch):
    """Fails a test whose sessions made a recording that re-analysis judges differently."""
    import reanalysis_check

    from inspector.session.session import Session

    reanalysis_check.start()
    watch_instances(monkeypatch, Session, reanalysis_check.watch_session)
    yield
    tmp = getattr(request.node, "funcargs", {}).get("tmp_path")
    on_purpose = request.node.get_closest_marker("reanalysis_differs") is not None
    found = reanalysis_check.differences(tmp if isinstance(tmp, Path) else None)
    reanalysis_check.stats["differed_on_purpose" if on_purpose else "differed"] += len(found)
    if found and not on_purpose:
        pytest.fail("re-analysis contradicts the live session:\n" + "\n".join(found[:5]), pytrace=False)


def pytest_terminal_summary(terminalreporter):
    import reanalysis_check

    s = reanalysis_check.stats
    if s["recordings"] or s["skipped_large"]:
        terminalreporter.write_line(
            f"re-analysis check: {s['recordings']} recordings re-analysed ({s['files']} of them files, "
            f"{s['entries']} entries), {s['differed']} judged differently ({s['differed_on_purpose']} more "
            "in tests marked reanalysis_differs);"
            f" {s['skipped_large']} larger than {reanalysis_check.MAX_ENTRIES} entries skipped; the check "
            f"took {s['seconds']:.2f} s"
        )
