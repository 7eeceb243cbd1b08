"""Helpers of the Qt tests: a bounded wait and typing into a line edit (the Driver that builds
a recording the way the session does is in tests/recording_driver.py)."""

from __future__ import annotations

import anyio


async def until(predicate, timeout: float = 20.0) -> None:
    """Wait until ``predicate()`` holds, at most ``timeout`` seconds (then TimeoutError)."""
    with anyio.fail_after(timeout):
        while not predicate():
            await anyio.sleep(0.01)


def type_into(line, text: str) -> None:
    """Replace a line edit's text as a user's edit would (``textEdited`` fires)."""
    line.setFocus()
    line.setText(text)
    line.textEdited.emit(text)
