"""Fixtures of the session tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from search_ways import require_native

from inspector.session import views


@pytest.fixture(params=["native", "python"])
def search_way(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Every text index made during the test takes the way named: the C part or pure Python."""
    if request.param == "native":
        require_native()
    else:
        monkeypatch.setattr(views, "NATIVE_SEARCH", None)
    yield request.param
