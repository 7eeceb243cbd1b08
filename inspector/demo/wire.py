"""The demo server's side of the wire: one locked writer, message builders, the error type.
Error codes are the protocol core's (:mod:`inspector.protocol.errors`)."""

from __future__ import annotations

import os
import threading
from typing import Protocol

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.messages import dumps


class RpcError(Exception):
    """Answer the request with a JSON-RPC error."""

    def __init__(self, code: int, message: str, data: JsonValue = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data


class Cancellable(Protocol):
    """What a write on behalf of a request checks: whether that request was cancelled."""

    cancelled: bool


def result_line(id: JsonValue, result: JsonObject) -> bytes:
    return dumps({"jsonrpc": "2.0", "id": id, "result": result})


def error_line(id: JsonValue, code: int, message: str, data: JsonValue = None) -> bytes:
    err: JsonObject = {"code": code, "message": message}
    if data is not None:
        err["data"] = data
    return dumps({"jsonrpc": "2.0", "id": id, "error": err})


def notification_line(method: str, params: JsonObject | None = None) -> bytes:
    msg: JsonObject = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        msg["params"] = params
    return dumps(msg)


def request_line(id: JsonValue, method: str, params: JsonObject | None = None) -> bytes:
    msg: JsonObject = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        msg["params"] = params
    return dumps(msg)


class Writer:
    """Whole lines to a file descriptor (stdout), one writer at a time.

    Every message of the server goes through here, so lines never interleave. ``lock`` is
    also what makes cancellation exact: a request is marked cancelled under the same lock a
    write for it checks, so nothing for a cancelled request is written after the
    cancellation was read. Once the reader is gone (broken pipe) writes are dropped.
    """

    def __init__(self, fd: int = 1) -> None:
        self.fd = fd
        self.lock = threading.Lock()
        self.broken = False

    def write(self, data: bytes) -> bool:
        with self.lock:
            return self.write_locked(data)

    def write_for(self, owner: Cancellable | None, data: bytes) -> bool:
        """Write unless ``owner`` (a request being served) was cancelled."""
        with self.lock:
            if owner is not None and owner.cancelled:
                return False
            return self.write_locked(data)

    def write_locked(self, data: bytes) -> bool:
        if self.broken:
            return False
        view = memoryview(data)
        try:
            while view:
                n = os.write(self.fd, view)
                view = view[n:]
        except OSError:  # BrokenPipeError and friends: the client is gone
            self.broken = True
            return False
        return True
