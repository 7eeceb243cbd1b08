"""A recording file of a whole session with the built-in demo server, through real pipes: the
start sequence, tools (a list, calls, one run as a task), resources (lists and a read), prompts
(a list and a get) and log messages. Used by the rebuild tests and the Qt replay tests."""

from __future__ import annotations

from pathlib import Path

from inspector.session import Session
from inspector.session.operations import call_as_task
from inspector.session.profiles import demo_profile

#: What the session does after the start sequence, in order: (method, params).
STEPS: list[tuple[str, dict]] = [
    ("logging/setLevel", {"level": "debug"}),
    ("tools/list", {}),
    ("tools/call", {"name": "echo", "arguments": {"message": "hello from the recording"}}),
    ("tools/call", {"name": "log_levels", "arguments": {}}),
    ("resources/list", {}),
    ("resources/templates/list", {}),
    ("resources/read", {"uri": "demo://static/readme.md"}),
    ("prompts/list", {}),
    ("prompts/get", {"name": "greeting", "arguments": {"name": "Ada"}}),
    ("tools/call", {"name": "always_fails", "arguments": {}}),
]


async def record_demo_session(path: Path, *, era: str = "legacy", task: bool = True) -> Path:
    """Run the demo through ``STEPS`` (and, in 2025-11-25, ``long_running`` as a task) while
    recording to ``path``; returns ``path``."""
    profile = demo_profile()
    profile.era = era
    profile.stdin_grace = 0.5
    profile.term_grace = 0.5
    session = Session(profile.to_options(record_path=path))
    async with session:
        await session.start()
        for method, params in STEPS:
            if method == "logging/setLevel" and session.negotiation().era == "modern":
                session.use_request_log_level("debug")
                continue
            await session.request(method, params)
        if task and session.negotiation().version == "2025-11-25":
            await call_as_task(
                session, "tools/call", {"name": "long_running", "arguments": {"steps": 2, "step_ms": 50}}
            )
    return path
