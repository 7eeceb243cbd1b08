"""The two ways of the search and the loader (the C part, ``_native``, and pure Python), for the
tests that must give the same answers either way (the ``native_way`` fixture, in this folder's
conftest.py, is parametrized over both). Where the C part is not built, its cases are skipped
with the reason, except under CI (``CI`` set), where ``scripts/setup.sh`` builds it and its
absence is a failure."""

from __future__ import annotations

import os

import pytest

from inspector.session import native


def require_native() -> None:
    """Fail (CI) or skip (elsewhere, saying why) when the C part is not there to test."""
    if native.NATIVE is not None:
        return
    why = "the C part (_native) is not built (python scripts/build_native.py), or MCP_INSPECTOR_NATIVE=0"
    if os.environ.get("CI"):
        pytest.fail(why + ": CI builds it (scripts/setup.sh)", pytrace=False)
    pytest.skip(why)
