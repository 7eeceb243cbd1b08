"""Fixtures of the session tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from native_ways import require_native

from inspector.session import recording_load, views


@pytest.fixture(params=["native", "python"])
def native_way(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The test's searches and loads take the way named: the C part (``_native``) or pure Python."""
    if request.param == "native":
        require_native()
    else:
        monkeypatch.setattr(views, "NATIVE_SEARCH", None)
        monkeypatch.setattr(recording_load, "NATIVE", None)
    yield request.param
