"""The one way a test waits for something to become true: :func:`until`.

Tests drive real servers through real pipes and a real event loop, so what they check happens
a little later. ``until`` re-checks a predicate every 10 ms and fails the test with what it was
waiting for when the bound passes (a loaded 2-core CI machine: the bound is generous; a test that
passes waits only as long as the thing takes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import anyio

#: How long a test waits at most by default (seconds).
BOUND = 30.0
#: How often the predicate is re-checked (seconds).
POLL = 0.01

T = TypeVar("T")


async def until(predicate: Callable[[], T], timeout: float = BOUND, what: str = "condition") -> T:
    """Wait until ``predicate()`` returns something truthy and return it; after ``timeout``
    seconds fail with an AssertionError naming ``what``."""
    try:
        with anyio.fail_after(timeout):
            while True:
                value = predicate()
                if value:
                    return value
                await anyio.sleep(POLL)
    except TimeoutError:
        raise AssertionError(f"timed out after {timeout} s waiting for {what}") from None
