"""Fuzzing whole sessions: random hostile server streams never take the session down.

The streams and the checks are in ``session_fuzz.py``; ``scripts/fuzz_sessions.py`` runs the
same property for many more streams (``SESSION_FUZZ`` sets the count here).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import anyio
from hypothesis import HealthCheck, given, settings
from session_fuzz import run_stream, streams

EXAMPLES = int(os.environ.get("SESSION_FUZZ", "150"))


@settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(streams())
def test_random_server_streams_never_escape_and_lose_nothing(case: dict) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        rec = anyio.run(run_stream, case, Path(tmp) / "fuzz.jsonl")
    assert rec.summary is not None  # the recording was finished on the way out
