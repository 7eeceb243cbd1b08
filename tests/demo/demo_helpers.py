"""Helpers for the demo server tests: how to start it, run the probe, and check the schema."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterable
from typing import Any

import anyio
import orjson
import pytest

from inspector import cli
from inspector.protocol.engine import ClientConfig
from inspector.protocol.schema import validator_for
from inspector.protocol.versions import LATEST_LEGACY, EraMode
from inspector.session import Direction, Recording, SessionOptions
from inspector.transport.base import StdioSpec

BOUND = 30.0  # generous bound for a loaded CI machine; every wait finishes far sooner
# The demo exits within milliseconds of stdin closing, so a long grace costs nothing and keeps
# a loaded machine from turning a slow start into a SIGTERM; the ignore-* lessons use short ones.
GRACES = ("--stdin-grace", "10", "--term-grace", "5")
ALL_CAPS = ("--capability", "roots", "--capability", "sampling", "--capability", "elicitation", "--capability", "tasks")
MESSAGE_KINDS = ("request", "notification", "result", "error")


def demo(*switches: str) -> list[str]:
    """argv of the demo server with lesson switches."""
    return [sys.executable, "-m", "inspector.demo", *switches]


def options(
    *switches: str,
    era: EraMode = EraMode.LEGACY,
    version: str = LATEST_LEGACY,
    capabilities: dict | None = None,
    log_level: str | None = None,
    **kw: Any,
) -> SessionOptions:
    kw.setdefault("stdin_grace", 10.0)
    kw.setdefault("term_grace", 5.0)
    kw.setdefault("connect_timeout", 15.0)
    kw.setdefault("request_timeout", 15.0)
    config = ClientConfig(era=era, legacy_version=version, capabilities=capabilities or {}, log_level=log_level)
    return SessionOptions(transport=StdioSpec(argv=demo(*switches)), config=config, **kw)


class Run:
    """What one probe run printed (``--json``): the entries, the summary, the exit code."""

    def __init__(self, code: int, lines: list[dict], stderr: str = "") -> None:
        self.code = code
        self.summary = lines[-1] if lines and lines[-1].get("kind") == "summary" else {}
        self.entries = [d for d in lines if d.get("kind") != "summary"]
        self.stderr = stderr

    def rules(self) -> list[str]:
        return [r for d in self.entries for r in d["violations"]]

    def find(self, **want: Any) -> list[dict]:
        return [d for d in self.entries if all(d.get(k) == v for k, v in want.items())]

    def events(self) -> list[str]:
        return [d["event"] for d in self.entries if d["dir"] == "event" and "event" in d]

    def states(self) -> list[str]:
        out: list[str] = []
        for d in self.entries:
            if not out or out[-1] != d["state"]:
                out.append(d["state"])
        return out

    def transitions(self) -> list[tuple[str, str, bool]]:
        return [
            (d["transition"]["from"], d["transition"]["to"], d["transition"]["failure"])
            for d in self.entries
            if d.get("transition")
        ]

    def s2c(self) -> list[dict]:
        return [d for d in self.entries if d["dir"] == "s2c"]

    def results(self, method: str) -> list[dict]:
        """The decoded result objects of every answer to ``method``."""
        return [orjson.loads(d["raw"])["result"] for d in self.find(dir="s2c", kind="result", method=method)]


def probe(capsys: pytest.CaptureFixture[str], *args: str, server: list[str]) -> Run:
    """``inspector.cli.main(["probe", "--json", ...])`` in-process."""
    code = cli.main(["probe", "--json", *args, "--", *server])
    captured = capsys.readouterr()
    lines = [orjson.loads(line) for line in captured.out.splitlines() if line.strip()]
    return Run(code, lines, captured.err)


def probe_subprocess(*args: str, server: list[str], timeout: float = 60.0) -> Run:
    """``python -m inspector probe --json ...`` as a real process (its exit code is the point)."""
    cmd = [sys.executable, "-m", "inspector", "probe", "--json", *args, "--", *server]
    proc = subprocess.run(cmd, capture_output=True, timeout=timeout)
    lines = [orjson.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    return Run(proc.returncode, lines, proc.stderr.decode("utf-8", "replace"))


def request_args(requests: Iterable[tuple[str, dict | None]]) -> list[str]:
    out: list[str] = []
    for method, params in requests:
        out += ["--request", method if params is None else f"{method}={orjson.dumps(params).decode()}"]
    return out


# ---------------------------------------------------------------------- the schema, independently


def schema_problems(messages: Iterable[tuple[dict, str, str | None]], version: str) -> list[str]:
    """Check (message, kind, method) triples the server sent against ``version``'s schema.

    ``method`` is the message's method, or for a response the method of the request it
    answers. Returns one line per invalid message.
    """
    validator = validator_for(version)
    out = []
    for obj, kind, method in messages:
        if kind not in MESSAGE_KINDS:
            continue
        is_response = kind in ("result", "error")
        verdict = validator.check(
            obj,
            kind=kind,
            direction="s2c",
            method=None if is_response else method,
            request_method=method if is_response else None,
        )
        if not verdict.ok:
            out.append(f"{kind} {method}: {verdict.definition}: {verdict.errors} in {orjson.dumps(obj)[:300]!r}")
    return out


def run_schema_problems(run: Run, version: str) -> list[str]:
    triples = [(orjson.loads(d["raw"]), d["kind"], d["method"]) for d in run.s2c() if d["kind"] in MESSAGE_KINDS]
    return schema_problems(triples, version)


def recording_schema_problems(rec: Recording, version: str) -> list[str]:
    triples = [
        (e.json(), e.kind.label, e.method)
        for e in rec
        if e.direction is Direction.S2C and e.kind.label in MESSAGE_KINDS
    ]
    return schema_problems(triples, version)


async def wait_for(rec: Recording, predicate: Any, what: str, timeout: float = BOUND) -> Any:
    """Wait until ``predicate()`` is truthy, re-checking each time the recording grows; bounded."""
    changed = anyio.Event()

    def on_batch(start: int, end: int) -> None:
        changed.set()

    rec.add_listener(on_batch)
    try:
        with anyio.fail_after(timeout):
            while True:
                value = predicate()
                if value:
                    return value
                await changed.wait()
                changed = anyio.Event()
    except TimeoutError:
        raise AssertionError(f"timed out after {timeout} s waiting for {what}") from None
    finally:
        rec.remove_listener(on_batch)
