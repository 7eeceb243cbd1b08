"""The lesson switches: one table row per misbehaviour a workshop wants to show.

A :class:`Lesson` is a name (the command-line flag), one sentence on what it teaches (the
``--help`` text), how to read its value, and hooks: functions the server calls at fixed
points of its life (:class:`Hook`). The server never tests for a particular lesson; it fires
a hook point and every active lesson with a hook there takes part. Lessons marked
``runtime`` can also be flipped while connected with the ``lesson_switch`` tool.
"""

from __future__ import annotations

import argparse
import enum
import os
import signal
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.messages import dumps

from .wire import request_line

if TYPE_CHECKING:  # the server imports this module
    from .server import DemoServer


class Hook(enum.Enum):
    START = "start"  # once, before the first read of stdin
    INITIALIZE = "initialize"  # legacy: initialize arrived; ctx: InitializeContext
    READY = "ready"  # once: legacy after notifications/initialized, modern after the first answer
    RESPONSE = "response"  # an answer after the start sequence is being written; ctx: ResponseContext
    STDIN_EOF = "stdin_eof"  # stdin ended; ctx: EofContext
    SWITCHED_ON = "switched_on"  # lesson_switch turned the lesson on while connected
    SWITCHED_OFF = "switched_off"  # ... and off


@dataclass
class InitializeContext:
    requested: JsonValue  # the protocolVersion the client asked for
    version: str  # the version the server will answer with
    answer: bool = True
    after: list[bytes] = field(default_factory=list)  # lines written with the answer, in the same write


@dataclass
class ResponseContext:
    copies: int = 1


@dataclass
class EofContext:
    exit: bool = True


@dataclass(frozen=True)
class FloodSpec:
    rate: float  # lines per second; 0 = as fast as possible
    count: int
    now: bool = False  # start before the first message instead of when the session is up


HookFn = Callable[..., None]


@dataclass(frozen=True)
class Lesson:
    name: str  # the flag without "--"
    teaches: str  # one sentence for --help
    metavar: str | None = None  # None: an on/off flag
    parse: Callable[[str], Any] | None = None
    legacy_only: bool = False  # answer server/discover like a legacy server, so the handshake runs
    runtime: bool = False  # lesson_switch may flip it while connected
    hooks: Mapping[Hook, HookFn] = field(default_factory=dict)
    extra: tuple[tuple[str, dict], ...] = ()  # more argparse options that belong to this lesson
    collect: Callable[[argparse.Namespace], Any] | None = None  # value from the parsed options

    @property
    def dest(self) -> str:
        return self.name.replace("-", "_")

    def value_from(self, ns: argparse.Namespace) -> Any:
        if self.collect is not None:
            return self.collect(ns)
        value = getattr(ns, self.dest, None)
        return value if value not in (False, None) else None


# ---------------------------------------------------------------------- value parsers


def _seconds(text: str) -> float:
    value = float(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more seconds")
    return value


def _size(text: str) -> int:
    value = int(text)
    if value < 200:
        raise argparse.ArgumentTypeError("must be at least 200 bytes")
    return value


def _flood(text: str) -> FloodSpec:
    rate, sep, count = text.partition(":")
    try:
        spec = FloodSpec(float(rate), int(count))
    except ValueError:
        spec = None
    if not sep or spec is None or spec.rate < 0 or spec.count < 0:
        raise argparse.ArgumentTypeError(f"expected RATE:COUNT (e.g. 0:200000 or 100:1000), got {text!r}")
    return spec


def _version(text: str) -> str:
    if not text:
        raise argparse.ArgumentTypeError("the version must not be empty")
    return text


def _collect_flood(ns: argparse.Namespace) -> FloodSpec | None:
    spec: FloodSpec | None = ns.flood
    if spec is None and ns.flood_count is None and ns.flood_rate is None and not ns.flood_now:
        return None
    rate = ns.flood_rate if ns.flood_rate is not None else (spec.rate if spec else 0.0)
    count = ns.flood_count if ns.flood_count is not None else (spec.count if spec else DEFAULT_FLOOD_COUNT)
    return FloodSpec(rate, count, bool(ns.flood_now))


DEFAULT_FLOOD_COUNT = 200_000

# ---------------------------------------------------------------------- hook bodies

NOISE_LINES = (
    b"MCP Session Inspector demo server starting...\n",
    b"(lesson --noise: these lines are not JSON-RPC; stdout is for MCP messages only)\n",
    b"Listening on stdio\n",
)

FLOOD_LINE_BYTES = 150  # terminator included
FLOOD_BLOCK_LINES = 1000
_FLOOD_PREFIX = (
    b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"flood","data":"message '
)
_FLOOD_SUFFIX = b'"}}\n'


def flood_block(start: int, stop: int, width: int) -> bytes:
    """Lines ``start..stop`` of a flood: each exactly FLOOD_LINE_BYTES long (for width <= 30)."""
    pad = b"." * max(0, FLOOD_LINE_BYTES - len(_FLOOD_PREFIX) - width - 1 - len(_FLOOD_SUFFIX))
    template = _FLOOD_PREFIX + b"%0" + str(width).encode() + b"d " + pad + _FLOOD_SUFFIX
    return b"".join([template % i for i in range(start, stop)])


def run_flood(server: DemoServer, spec: FloodSpec) -> None:
    """Write the flood (called on its own thread). Rate 0: blocks of 1000 lines back to back."""
    count, rate = spec.count, spec.rate
    width = max(6, len(str(max(0, count - 1))))
    write = server.writer.write
    if rate <= 0:
        for start in range(0, count, FLOOD_BLOCK_LINES):
            if not write(flood_block(start, min(start + FLOOD_BLOCK_LINES, count), width)):
                return
        return
    block = max(1, min(FLOOD_BLOCK_LINES, int(rate // 100)))  # about 100 writes per second at most
    t0 = time.monotonic()
    for start in range(0, count, block):
        due = t0 + start / rate
        delay = due - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        if not write(flood_block(start, min(start + block, count), width)):
            return


def oversized_line(size: int) -> bytes:
    """One notifications/message line of exactly ``size`` bytes, terminator included."""
    head = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"oversized","data":"'
    tail = b'"}}\n'
    return head + b"x" * max(0, size - len(head) - len(tail)) + tail


def unknown_id_line(server: DemoServer) -> bytes:
    result: JsonObject = {"resultType": "complete"} if server.is_modern else {}
    return dumps({"jsonrpc": "2.0", "id": "demo-no-such-request", "result": result})


def _slow_start(server: DemoServer, value: float) -> None:
    time.sleep(value)


def _noise_at_start(server: DemoServer, value: JsonValue) -> None:
    server.writer.write(b"".join(NOISE_LINES))


def _noise_now(server: DemoServer, value: JsonValue) -> None:
    server.writer.write(b"lesson_switch noise: this line is not JSON-RPC either\n")


def _early_request(server: DemoServer, value: JsonValue, ctx: InitializeContext) -> None:
    ctx.after.append(request_line("demo-early-1", "roots/list"))


def _wrong_version(server: DemoServer, value: str, ctx: InitializeContext) -> None:
    ctx.version = value


def _never_answer(server: DemoServer, value: JsonValue, ctx: InitializeContext) -> None:
    ctx.answer = False


def _crash(server: DemoServer, value: JsonValue, ctx: InitializeContext) -> None:
    sys.stderr.write(
        "demo: fatal: cannot open /etc/mcp-demo/config.toml: No such file or directory\n"
        "demo: (lesson --crash-during-initialize: exiting with code 3 before answering initialize)\n"
    )
    sys.stderr.flush()
    os._exit(3)


def _keep_running(server: DemoServer, value: JsonValue, ctx: EofContext) -> None:
    ctx.exit = False


def _ignore_sigterm(server: DemoServer, value: JsonValue) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def _restore_sigterm(server: DemoServer, value: JsonValue) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _flood_at_start(server: DemoServer, spec: FloodSpec) -> None:
    if spec.now:
        server.spawn(run_flood, server, spec)


def _flood_when_ready(server: DemoServer, spec: FloodSpec) -> None:
    if not spec.now:
        server.spawn(run_flood, server, spec)


def _flood_now(server: DemoServer, spec: FloodSpec) -> None:
    server.spawn(run_flood, server, spec)


def _oversized(server: DemoServer, size: int) -> None:
    server.writer.write(oversized_line(size))


def _unknown_id(server: DemoServer, value: JsonValue) -> None:
    server.writer.write(unknown_id_line(server))


def _duplicate(server: DemoServer, value: JsonValue, ctx: ResponseContext) -> None:
    ctx.copies = 2


# ---------------------------------------------------------------------- the table

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "slow-start",
        "Waits SECONDS before reading stdin, so the client's first message sits unanswered and its probe or "
        "connect timeout is put to the test.",
        metavar="SECONDS",
        parse=_seconds,
        hooks={Hook.START: _slow_start},
    ),
    Lesson(
        "noise",
        "Writes banner lines that are not JSON to stdout before the first message: stdout is for MCP "
        "messages only (stdio.not-json).",
        runtime=True,
        hooks={Hook.START: _noise_at_start, Hook.SWITCHED_ON: _noise_now},
    ),
    Lesson(
        "early-request",
        "Sends roots/list right after the initialize result, before the client's initialized notification "
        "(lifecycle.request-before-initialized).",
        legacy_only=True,
        hooks={Hook.INITIALIZE: _early_request},
    ),
    Lesson(
        "wrong-version",
        "Answers initialize with VERSION whatever the client asked for: an unknown one makes the client "
        "disconnect (lifecycle.version-unsupported), another legacy one is flagged "
        "(lifecycle.version-not-offered).",
        metavar="VERSION",
        parse=_version,
        legacy_only=True,
        hooks={Hook.INITIALIZE: _wrong_version},
    ),
    Lesson(
        "never-answer-initialize",
        "Reads initialize and never answers it: the client's connect timeout has to end the start "
        "(lifecycle.no-answer).",
        legacy_only=True,
        hooks={Hook.INITIALIZE: _never_answer},
    ),
    Lesson(
        "crash-during-initialize",
        "Writes an error to stderr and exits with code 3 when initialize arrives: the client should show the "
        "exit code and stderr, not a timeout (lifecycle.exited-during-initialize).",
        legacy_only=True,
        hooks={Hook.INITIALIZE: _crash},
    ),
    Lesson(
        "ignore-stdin-close",
        "Keeps running after its stdin closes, so the client has to escalate to SIGTERM "
        "(lifecycle.ignored-stdin-close).",
        runtime=True,
        hooks={Hook.STDIN_EOF: _keep_running},
    ),
    Lesson(
        "ignore-sigterm",
        "Ignores SIGTERM (and stdin closing), so only SIGKILL ends it (lifecycle.ignored-sigterm).",
        runtime=True,
        hooks={
            Hook.START: _ignore_sigterm,
            Hook.SWITCHED_ON: _ignore_sigterm,
            Hook.SWITCHED_OFF: _restore_sigterm,
            Hook.STDIN_EOF: _keep_running,
        },
    ),
    Lesson(
        "flood",
        "Sends COUNT notifications/message lines of 150 bytes at RATE per second (0 = as fast as possible) "
        "once the session is up: a throughput and backpressure benchmark.",
        metavar="RATE:COUNT",
        parse=_flood,
        runtime=True,
        hooks={Hook.START: _flood_at_start, Hook.READY: _flood_when_ready, Hook.SWITCHED_ON: _flood_now},
        extra=(
            (
                "--flood-count",
                {"type": int, "metavar": "N", "help": f"flood: number of lines (default {DEFAULT_FLOOD_COUNT})."},
            ),
            (
                "--flood-rate",
                {
                    "type": float,
                    "metavar": "R",
                    "help": "flood: lines per second, 0 = as fast as possible (default 0).",
                },
            ),
            (
                "--flood-now",
                {
                    "action": "store_true",
                    "help": "flood: start before the first message instead of once the session is up.",
                },
            ),
        ),
        collect=_collect_flood,
    ),
    Lesson(
        "oversized",
        "Sends one notifications/message line of BYTES bytes once the session is up: line-length limits and "
        "reader buffers.",
        metavar="BYTES",
        parse=_size,
        runtime=True,
        hooks={Hook.READY: _oversized, Hook.SWITCHED_ON: _oversized},
    ),
    Lesson(
        "duplicate-response",
        "Answers every request after the start sequence twice with the same id: one request, one response "
        "(jsonrpc.response-duplicate).",
        runtime=True,
        hooks={Hook.RESPONSE: _duplicate},
    ),
    Lesson(
        "unknown-id-response",
        "Sends a response to a request id the client never used once the session is up (jsonrpc.response-unknown-id).",
        runtime=True,
        hooks={Hook.READY: _unknown_id, Hook.SWITCHED_ON: _unknown_id},
    ),
)

BY_NAME: dict[str, Lesson] = {lesson.name: lesson for lesson in LESSONS}
RUNTIME: tuple[str, ...] = tuple(lesson.name for lesson in LESSONS if lesson.runtime)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "lesson switches", "each one shows one kind of misbehaviour in the client's transcript"
    )
    for lesson in LESSONS:
        if lesson.metavar is None:
            group.add_argument("--" + lesson.name, action="store_true", help=lesson.teaches)
        else:
            group.add_argument(
                "--" + lesson.name, metavar=lesson.metavar, type=lesson.parse or str, help=lesson.teaches
            )
        for flag, kwargs in lesson.extra:
            group.add_argument(flag, **kwargs)


def active_from(ns: argparse.Namespace) -> JsonObject:
    """name -> value of every lesson switched on by the command line."""
    out: JsonObject = {}
    for lesson in LESSONS:
        value = lesson.value_from(ns)
        if value is not None:
            out[lesson.name] = value
    return out


def runtime_value(lesson: Lesson, text: str | None) -> Any:
    """The value lesson_switch gives a lesson (raises ValueError with a sentence)."""
    if lesson.metavar is None:
        return True
    if text is None or text == "":
        if lesson.name == "flood":
            return FloodSpec(0.0, 10_000)
        if lesson.name == "oversized":
            return 1_048_576
        raise ValueError(f"{lesson.name} needs a value ({lesson.metavar})")
    try:
        return lesson.parse(text) if lesson.parse else text
    except (argparse.ArgumentTypeError, ValueError) as exc:
        raise ValueError(f"{lesson.name}: {exc}") from None
