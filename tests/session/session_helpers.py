"""Helpers shared by the session tests: options, bounded waits, and views of a recording."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterable

import orjson
import wire_check
from peers import FIXTURES, misbehave, reference_server, sdk_server  # noqa: F401 (re-exported)
from polling import BOUND, POLL  # noqa: F401 (re-exported: generous bounds for a loaded 2-core machine)
from polling import until as wait_for  # noqa: F401 - the one wait of the tests, under its old name here

from inspector.protocol.engine import ClientConfig
from inspector.protocol.lifecycle import State
from inspector.protocol.messages import Kind
from inspector.protocol.versions import LATEST_LEGACY, EraMode
from inspector.session import Direction, Entry, Recording, SessionOptions
from inspector.transport.base import StdioSpec


def modern_fixture(*extra: str) -> list[str]:
    """argv of the stdlib-only modern-era fixture server."""
    return [sys.executable, str(FIXTURES / "modern_fixture.py"), *extra]


def options(
    argv: list[str],
    *,
    era: EraMode = EraMode.LEGACY,
    version: str = LATEST_LEGACY,
    capabilities: dict | None = None,
    **kw,
) -> SessionOptions:
    """Session options with short shutdown graces (a good server exits within them)."""
    kw.setdefault("stdin_grace", 3.0)
    kw.setdefault("term_grace", 2.0)
    kw.setdefault("connect_timeout", 15.0)
    kw.setdefault("request_timeout", 15.0)
    config = ClientConfig(era=era, legacy_version=version, capabilities=capabilities or {})
    return SessionOptions(transport=StdioSpec(argv=list(argv)), config=config, **kw)


def find(rec: Recording, **want) -> list[Entry]:
    """Entries whose attributes equal ``want`` (direction, kind, method, id, ...)."""
    out = []
    for e in rec:
        if all(getattr(e, k) == v for k, v in want.items()):
            out.append(e)
    return out


def first(rec: Recording, **want) -> Entry | None:
    found = find(rec, **want)
    return found[0] if found else None


def messages(rec: Recording) -> list[Entry]:
    return [e for e in rec if e.direction in (Direction.C2S, Direction.S2C)]


def rules(rec: Recording | Iterable[Entry]) -> list[str]:
    """Every violation id, in recording order (repeats kept)."""
    return [r for e in rec for r in e.violations]


def transitions(rec: Recording) -> list[tuple[str, str, str, bool]]:
    out = []
    for e in rec:
        tr = e.extra.get("transition")
        if tr:
            out.append((tr["from"], tr["to"], tr["label"], tr["failure"]))
    return out


def state_path(rec: Recording) -> list[State]:
    """The lifecycle states the recording went through, consecutive repeats collapsed."""
    out: list[State] = []
    for e in rec:
        if not out or out[-1] is not e.state:
            out.append(e.state)
    return out


def process_events(rec: Recording) -> list[str]:
    return [e.extra["event"] for e in rec if e.direction is Direction.EVENT and e.kind is Kind.PROCESS]


# ---------------------------------------------------------------------- the probe as a subprocess


class ProbeRun:
    def __init__(self, proc: subprocess.CompletedProcess) -> None:
        self.rc = proc.returncode
        self.stdout = proc.stdout
        self.stderr = proc.stderr.decode("utf-8", "replace")
        lines = [orjson.loads(line) for line in proc.stdout.splitlines() if line.strip()]
        self.summary = lines[-1] if lines and lines[-1].get("kind") == "summary" else None
        self.entries = [d for d in lines if d.get("kind") != "summary"]
        wire_check.watch_entries("probe " + " ".join(map(str, proc.args[4:])), self.entries)

    def rules(self) -> list[str]:
        return [r for d in self.entries for r in d["violations"]]

    def find(self, **want) -> list[dict]:
        return [d for d in self.entries if all(d.get(k) == v for k, v in want.items())]

    def events(self) -> list[str]:
        return [d["event"] for d in self.entries if d["dir"] == "event" and "event" in d]


def probe(*args: str, server: list[str], timeout: float = 60.0) -> ProbeRun:
    """Run ``python -m inspector probe --json ARGS -- SERVER...`` and parse its output."""
    cmd = [sys.executable, "-m", "inspector", "probe", "--json", *args, "--", *server]
    return ProbeRun(subprocess.run(cmd, capture_output=True, timeout=timeout))
