"""The demo server's engine room: the reader loop, the era decision, dispatch and the calls."""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from inspector.protocol.correlation import id_key
from inspector.protocol.errors import INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR
from inspector.protocol.framing import LineSplitter
from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.messages import Kind, Parsed, parse_line
from inspector.protocol.versions import (
    LATEST_LEGACY,
    LEGACY_VERSIONS,
    META_CLIENT_CAPABILITIES,
    META_LOG_LEVEL,
    META_PROTOCOL_VERSION,
    META_SERVER_INFO,
    MODERN_VERSIONS,
    UNSUPPORTED_PROTOCOL_VERSION,
    methods_for,
)

from . import language, lessons
from .catalog import LEVEL_RANK, has, instructions, server_capabilities, server_info
from .lessons import BY_NAME, EofContext, Hook, InitializeContext, ResponseContext
from .wire import (
    RpcError,
    Writer,
    error_line,
    notification_line,
    request_line,
    result_line,
)

if TYPE_CHECKING:  # features imports this module
    from .features import Task

LEGACY = "legacy"
MODERN = "modern"

#: How long a tool waits for the client to answer a server->client request (legacy era).
ASK_TIMEOUT = 600.0
#: At stdin EOF, how long work in progress (requests, a flood, tasks) may take to finish.
EOF_GRACE = 0.5


class Cancelled(Exception):
    """The request was cancelled (or the client went away): answer nothing."""


class Slot:
    """A server->client request waiting for the client's response."""

    __slots__ = ("event", "response")

    def __init__(self) -> None:
        self.event = threading.Event()
        self.response: dict | None = None


class Call:
    """One request being served (or the work of one task).

    Everything written on behalf of the request goes through :meth:`send`, which drops the
    line once the request is cancelled: after ``notifications/cancelled`` the client sees
    nothing more for it, not even a response.
    """

    __slots__ = (
        "server",
        "id",
        "method",
        "params",
        "version",
        "caps",
        "modern",
        "log_level",
        "progress_token",
        "cancelled",
        "wakeups",
        "task",
    )

    def __init__(
        self,
        server: DemoServer,
        id: JsonValue,
        method: str,
        params: dict,
        *,
        version: str,
        caps: dict,
        modern: bool,
        log_level: str | None,
    ) -> None:
        self.server = server
        self.id = id
        self.method = method
        self.params = params
        self.version = version
        self.caps = caps
        self.modern = modern
        self.log_level = log_level
        meta = params.get("_meta")
        self.progress_token = meta.get("progressToken") if isinstance(meta, dict) else None
        self.cancelled = False
        self.wakeups: list[threading.Event] = []
        self.task: Task | None = None  # the Task this call's work belongs to, if any

    def send(self, line: bytes) -> bool:
        return self.server.writer.write_for(self, line)

    def notify(self, method: str, params: dict | None = None) -> bool:
        return self.send(notification_line(method, params))

    def progress(self, progress: float, total: float | None = None, message: str | None = None) -> None:
        if self.progress_token is None:
            return
        params: JsonObject = {"progressToken": self.progress_token, "progress": progress}
        if total is not None:
            params["total"] = total
        if message is not None and has(self.version, "progress-message"):
            params["message"] = message
        self.notify("notifications/progress", params)

    def wants_log(self, level: str) -> bool:
        floor = self.log_level
        return floor is not None and LEVEL_RANK[level] >= LEVEL_RANK[floor]

    def log(self, level: str, data: JsonValue, logger: str = "demo") -> bool:
        if not self.wants_log(level):
            return False
        return self.notify("notifications/message", {"level": level, "logger": logger, "data": data})

    def cancel(self) -> None:
        """Mark cancelled and wake whatever the work is waiting on (call under writer.lock)."""
        self.cancelled = True
        for event in list(self.wakeups):
            event.set()

    def wait(self, seconds: float) -> bool:
        """Sleep up to ``seconds``; True when the request was cancelled meanwhile."""
        event = threading.Event()
        self.wakeups.append(event)
        try:
            if self.cancelled:
                return True
            event.wait(seconds)
            return self.cancelled
        finally:
            self.wakeups.remove(event)


class Handler:
    """How to serve a method: its function, and whether it runs on a worker thread.

    Work that waits (progress, answers from the client, blocking task results) runs on a
    worker so the reader keeps reading (cancellations, client answers); the rest runs on the
    reader thread, in order. ``threaded`` may also decide per call.
    """

    __slots__ = ("fn", "threaded")

    def __init__(self, fn: Callable[[Call], dict | None], threaded: bool | Callable[[Call], bool] = False) -> None:
        self.fn = fn
        self.threaded = threaded

    def on_worker(self, call: Call) -> bool:
        return self.threaded(call) if callable(self.threaded) else self.threaded


# Methods whose answer ends the start sequence: never duplicated by lessons.
START_METHODS = frozenset({"initialize", "server/discover"})
# Results that must carry caching hints in 2026-07-28 (server/utilities/caching).
CACHEABLE = frozenset(
    {"server/discover", "tools/list", "prompts/list", "resources/list", "resources/templates/list", "resources/read"}
)


def has_modern_envelope(params: JsonValue) -> bool:
    """The 2026-07-28 per-request envelope: ``params._meta`` naming a protocol version."""
    if not isinstance(params, dict):
        return False
    meta = params.get("_meta")
    return isinstance(meta, dict) and META_PROTOCOL_VERSION in meta


class DemoServer:
    def __init__(self, active: JsonObject | None = None, *, fd_in: int = 0, fd_out: int = 1) -> None:
        from . import features  # the handlers; imported here to keep the module graph flat

        self.features = features
        self.handlers: dict[str, Handler] = features.HANDLERS
        self.writer = Writer(fd_out)
        self.fd_in = fd_in
        self.active: JsonObject = dict(active or {})
        self.lock = threading.RLock()  # server state: calls, pending, subscriptions, items
        self.era: str | None = None
        self.version: str = LATEST_LEGACY  # legacy: negotiated (behaviour follows it)
        self.client_caps: dict = {}
        self.init_answered = False
        self.initialized = False
        self.ready_fired = False
        self.log_level = "debug"  # legacy: logging/setLevel
        self.calls: dict[Hashable, Call] = {}
        self.pending: dict[Hashable, Slot] = {}
        self.workers: set[threading.Thread] = set()  # requests being served, floods, tasks
        self.closing = False
        self._next_request = 0
        self.state = features.State()

    # ------------------------------------------------------------------ lessons

    def fire(self, hook: Hook, ctx: JsonValue = None) -> None:
        for name, value in list(self.active.items()):
            fn = BY_NAME[name].hooks.get(hook)
            if fn is not None:
                if ctx is None:
                    fn(self, value)
                else:
                    fn(self, value, ctx)

    @property
    def legacy_only(self) -> bool:
        return any(BY_NAME[name].legacy_only for name in self.active)

    @property
    def is_modern(self) -> bool:
        return self.era == MODERN

    def switch(self, name: str, on: bool, value: JsonValue) -> None:
        """lesson_switch: turn a runtime lesson on (and fire it) or off."""
        lesson = BY_NAME[name]
        if on:
            self.active[name] = value
            fn = lesson.hooks.get(Hook.SWITCHED_ON)
        else:
            value = self.active.pop(name, None)
            fn = lesson.hooks.get(Hook.SWITCHED_OFF)
        if fn is not None:
            fn(self, value)

    def _ready(self) -> None:
        if not self.ready_fired:
            self.ready_fired = True
            self.fire(Hook.READY)

    # ------------------------------------------------------------------ threads

    def spawn(self, fn: Callable[..., Any], *args: Any) -> threading.Thread:
        """Run ``fn`` on a daemon thread; at stdin EOF the exit waits EOF_GRACE for it at most."""

        def run() -> None:
            try:
                fn(*args)
            finally:
                with self.lock:
                    self.workers.discard(threading.current_thread())

        t = threading.Thread(target=run, daemon=True)
        with self.lock:
            self.workers.add(t)
        t.start()
        return t

    # ------------------------------------------------------------------ main loop

    def serve(self) -> int:
        self.fire(Hook.START)
        splitter = LineSplitter()
        while True:
            try:
                data = os.read(self.fd_in, 65536)
            except OSError:
                data = b""
            if not data:
                break
            for line in splitter.feed(data):
                self.handle_line(line)
        tail = splitter.flush()
        if tail:
            self.handle_line(tail)
        return self.stdin_closed()

    def stdin_closed(self) -> int:
        ctx = EofContext()
        self.fire(Hook.STDIN_EOF, ctx)
        if not ctx.exit:
            while True:  # the lesson: only a signal ends us now
                time.sleep(3600)
        self.features.close_subscriptions(self)
        deadline = time.monotonic() + EOF_GRACE
        with self.lock:
            workers = list(self.workers)
        for t in workers:
            t.join(max(0.0, deadline - time.monotonic()))
        with self.writer.lock:  # lock order everywhere: writer.lock, then self.lock
            self.closing = True
            with self.lock:
                calls = list(self.calls.values())
                slots = list(self.pending.values())
            for call in calls:
                call.cancel()
            for slot in slots:
                slot.event.set()
        return 0

    def handle_line(self, raw: bytes) -> None:
        p = parse_line(raw)
        kind = p.kind
        if kind is Kind.REQUEST:
            self.on_request(p)
        elif kind is Kind.NOTIFICATION:
            self.on_notification(p)
        elif kind is Kind.RESULT or kind is Kind.ERROR:
            self.on_response(p)
        elif kind is Kind.NOISE:
            if p.problem != "empty line":
                self.writer.write(error_line(None, PARSE_ERROR, "Parse error", p.problem))
        else:
            self.writer.write(error_line(None, INVALID_REQUEST, "Invalid Request", p.problem))

    # ------------------------------------------------------------------ requests

    def on_request(self, p: Parsed) -> None:
        id, method = p.id, p.method or ""  # a request always has its method
        params = p.obj.get("params")
        if params is None:
            params = {}
        if not isinstance(params, dict):
            self.writer.write(error_line(id, INVALID_PARAMS, "params must be an object"))
            return
        if self.era is None:
            modern = not self.legacy_only and method != "initialize" and has_modern_envelope(params)
            self.era = MODERN if modern else LEGACY
        if self.era == MODERN:
            self.modern_request(id, method, params)
        else:
            self.legacy_request(id, method, params)

    def legacy_request(self, id: JsonValue, method: str, params: dict) -> None:
        if method == "initialize":
            self.initialize(id, params)
            return
        handler = self.handlers.get(method)
        if handler is None or method not in methods_for(self.version, "c2s"):
            self.writer.write(error_line(id, METHOD_NOT_FOUND, "Method not found", method))
            return
        if has_modern_envelope(params):
            self.writer.write(
                error_line(
                    id,
                    INVALID_REQUEST,
                    "this connection serves the handshake protocol era (a legacy session); requests carrying "
                    "the 2026-07-28 _meta envelope are not accepted on it",
                )
            )
            return
        if not self.init_answered and method != "ping":
            self.writer.write(
                error_line(id, INVALID_REQUEST, f"{method} before initialize: the first request must be initialize")
            )
            return
        call = Call(
            self,
            id,
            method,
            params,
            version=self.version,
            caps=self.client_caps,
            modern=False,
            log_level=self.log_level,
        )
        self.run(handler, call)

    def modern_request(self, id: JsonValue, method: str, params: dict) -> None:
        if method == "initialize":
            self.writer.write(
                error_line(
                    id,
                    UNSUPPORTED_PROTOCOL_VERSION,
                    "this connection serves the 2026-07-28 protocol (its first request carried the _meta "
                    "envelope); the initialize handshake is not accepted",
                    {"supported": list(MODERN_VERSIONS), "requested": str(params.get("protocolVersion"))},
                )
            )
            return
        meta = params.get("_meta")
        if (
            not isinstance(meta, dict)
            or not isinstance(meta.get(META_PROTOCOL_VERSION), str)
            or not isinstance(meta.get(META_CLIENT_CAPABILITIES), dict)
        ):
            self.writer.write(
                error_line(
                    id,
                    INVALID_PARAMS,
                    f"params._meta must carry {META_PROTOCOL_VERSION!r} (a string) and "
                    f"{META_CLIENT_CAPABILITIES!r} (an object) on every request",
                )
            )
            return
        version = meta[META_PROTOCOL_VERSION]
        if version not in MODERN_VERSIONS:
            self.writer.write(
                error_line(
                    id,
                    UNSUPPORTED_PROTOCOL_VERSION,
                    "Unsupported protocol version",
                    {"supported": list(MODERN_VERSIONS), "requested": version},
                )
            )
            return
        level = meta.get(META_LOG_LEVEL)
        if level is not None and level not in LEVEL_RANK:
            self.writer.write(
                error_line(id, INVALID_PARAMS, f"unknown log level {level!r}", {"levels": list(LEVEL_RANK)})
            )
            return
        handler = self.handlers.get(method)
        if handler is None or method not in methods_for(version, "c2s"):
            self.writer.write(error_line(id, METHOD_NOT_FOUND, "Method not found", method))
            return
        call = Call(
            self, id, method, params, version=version, caps=meta[META_CLIENT_CAPABILITIES], modern=True, log_level=level
        )
        self.run(handler, call)

    def initialize(self, id: JsonValue, params: dict) -> None:
        if self.init_answered:
            self.writer.write(error_line(id, INVALID_REQUEST, "initialize was already answered on this connection"))
            return
        requested = params.get("protocolVersion")
        version = requested if requested in LEGACY_VERSIONS else LATEST_LEGACY
        ctx = InitializeContext(requested, version)
        self.fire(Hook.INITIALIZE, ctx)
        if not ctx.answer:
            return
        self.version = ctx.version if ctx.version in LEGACY_VERSIONS else version
        caps = params.get("capabilities")
        self.client_caps = caps if isinstance(caps, dict) else {}
        result: JsonObject = {
            "protocolVersion": ctx.version,
            "capabilities": server_capabilities(self.version),
            "serverInfo": server_info(self.version),
            "instructions": instructions(),
        }
        self.init_answered = True
        self.writer.write(result_line(id, result) + b"".join(ctx.after))

    def run(self, handler: Handler, call: Call) -> None:
        if handler.on_worker(call):
            with self.lock:
                self.calls[id_key(call.id)] = call
            self.spawn(self._serve, handler, call)
        else:
            self._serve(handler, call)

    def _serve(self, handler: Handler, call: Call) -> None:
        try:
            result = handler.fn(call)
        except RpcError as exc:
            self.respond(call, error_line(call.id, exc.code, exc.message, exc.data))
        except Cancelled:
            self.forget(call)
        except Exception as exc:  # a bug in the demo must not take it down
            traceback.print_exc(file=sys.stderr)
            self.respond(call, error_line(call.id, INTERNAL_ERROR, f"demo server error: {type(exc).__name__}: {exc}"))
        else:
            if result is None:  # no answer now (cancelled, or a subscriptions/listen stream)
                return
            if call.modern:
                result = self.decorate(call, result)
            self.respond(call, result_line(call.id, result))

    def decorate(self, call: Call, result: dict) -> dict:
        """2026-07-28: resultType, caching hints, serverInfo in _meta."""
        out: JsonObject = {"resultType": result.get("resultType", "complete")}
        out.update(result)
        if out["resultType"] == "complete" and call.method in CACHEABLE:
            out.setdefault("ttlMs", 0)
            out.setdefault("cacheScope", "public")
        meta = dict(out.get("_meta") or {})
        meta[META_SERVER_INFO] = server_info(call.version)
        out["_meta"] = meta
        return out

    def respond(self, call: Call, line: bytes) -> None:
        copies = 1
        if call.method not in START_METHODS:
            ctx = ResponseContext()
            self.fire(Hook.RESPONSE, ctx)
            copies = ctx.copies
        self.writer.write_for(call, line * copies)
        self.forget(call)
        if self.era == MODERN:
            self._ready()

    def forget(self, call: Call) -> None:
        with self.lock:
            key = id_key(call.id)
            if self.calls.get(key) is call:
                del self.calls[key]

    # ------------------------------------------------------------------ notifications and responses

    def on_notification(self, p: Parsed) -> None:
        method = p.method
        params = p.obj.get("params")
        if method == "notifications/cancelled":
            if isinstance(params, dict) and "requestId" in params:
                self.cancel(params["requestId"])
        elif method == "notifications/initialized":
            if self.era == LEGACY and self.init_answered and not self.initialized:
                self.initialized = True
                self._ready()
        # anything else (roots/list_changed, progress, tasks/status) needs no action here

    def cancel(self, request_id: JsonValue) -> None:
        try:
            key = id_key(request_id)
        except TypeError:
            return
        with self.writer.lock:
            with self.lock:
                call = self.calls.pop(key, None)
            if call is not None:
                call.cancel()
        if call is not None:
            self.features.cancelled(self, call)

    def on_response(self, p: Parsed) -> None:
        try:
            key = id_key(p.id)
        except TypeError:
            return
        with self.lock:
            slot = self.pending.get(key)
        if slot is not None:
            slot.response = p.obj
            slot.event.set()

    # ------------------------------------------------------------------ server -> client (legacy)

    def ask_client(self, call: Call, method: str, params: dict) -> dict:
        """Send a request to the client and wait for its answer (legacy era, worker thread).

        Returns the result; raises :class:`RpcError` with the client's error, or
        :class:`Cancelled` when the request being served was cancelled meanwhile.
        """
        with self.lock:
            self._next_request += 1
            rid = f"demo-{self._next_request}"
            slot = Slot()
            self.pending[id_key(rid)] = slot
        call.wakeups.append(slot.event)
        try:
            if not call.send(request_line(rid, method, params)):
                raise Cancelled
            slot.event.wait(ASK_TIMEOUT)
            if call.cancelled or self.closing:
                raise Cancelled
            response = slot.response
        finally:
            call.wakeups.remove(slot.event)
            with self.lock:
                self.pending.pop(id_key(rid), None)
        if response is None:
            raise RpcError(INTERNAL_ERROR, f"the client did not answer {method} within {ASK_TIMEOUT:.0f} s")
        if "error" in response:
            err = response.get("error")
            err = err if isinstance(err, dict) else {}
            raise RpcError(err.get("code", INTERNAL_ERROR), str(err.get("message", "")), err.get("data"))
        result = response.get("result")
        return result if isinstance(result, dict) else {}


# ---------------------------------------------------------------------- command line


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m inspector.demo",
        description=(
            "The MCP Session Inspector demo server: an MCP server over stdio that speaks both protocol eras "
            "(initialize for 2024-11-05 .. 2025-11-25, server/discover and per-request _meta for 2026-07-28) "
            "and offers every feature the inspector has a panel for. Without switches it behaves well; each "
            "lesson switch below makes it misbehave in one way a workshop wants to show. Runtime lessons can "
            "also be flipped while connected with the lesson_switch tool."
        ),
    )
    parser.add_argument(
        "--lang",
        choices=language.LANGUAGES,
        default="en",
        help=(
            "language of the titles, descriptions, instructions and forms a person reads (names, URIs and "
            "results stay as they are; default en)"
        ),
    )
    lessons.add_arguments(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    language.set_language(args.lang)
    server = DemoServer(lessons.active_from(args))
    try:
        code = server.serve()
    except KeyboardInterrupt:
        code = 130
    sys.stderr.flush()
    os._exit(code)  # daemon threads (flood, workers) must not keep the process alive
