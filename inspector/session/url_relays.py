"""The window's relays: the loopback reverse proxies that serve the URL servers attached to hosts. No Qt.

Theory of operation
-------------------
Attaching a URL server (:mod:`.attach`) points the host's entry at ``http://127.0.0.1:PORT``
with the upstream's path, and keeps the upstream URL in the record beside the host's file. Some
program must listen on that port while the host uses it: the window does, for as long as it is
open. :func:`wanted` reads what to serve from the host files found where the importer looks
(:func:`.attach.found_host_files`): one :class:`RelayWant` per attached URL entry, with the
command that serves it (:meth:`.attach.HostEntry.serve`: the inspector's launcher with
``proxy --name NAME --listen 127.0.0.1:PORT --upstream URL``).

Each relay is a child process: the inspector's own HTTP proxy (:mod:`.http_proxy`), started from
that argv list by the stdio transport (:class:`~inspector.transport.stdio.StdioTransport`: its own
process group, its stdout and stderr read to the end, the shutdown that ends the group), so a
relay records its sessions as any ``proxy --listen`` does, announces itself in the runtime folder
(the Watch list shows each relay by itself) and dies with its group, never with the window's
event loop. A child is simplest: no server runs on the window's loop, and a relay that fails
takes nothing else with it.

:class:`Relays` keeps one :class:`Relay` per (host file, server name). :meth:`Relays.sync` is
given the host files as read now and the task group to run in: a wanted relay that is not running
(never started, failed, ended) is started; a running one no longer wanted (detached, its file
gone) is stopped. Its state follows the child: ``starting`` until the proxy says it listens
(its first stderr line, ``listening on http://...``), then ``serving``; ``port-taken`` when it
exits because the address is in use (another window serves it, or a proxy the user runs: said,
not fatal; the address is looked at every :data:`PORT_POLL` seconds, a bind in this process, and
once it is free the child starts again: when the other window closes, this one takes over),
``failed`` when it exits otherwise before or while serving, ``stopped`` once stopped
here. Every stderr line is kept (bounded: the last :data:`STDERR_KEPT`), with every process
event in words. Two entries on one address: the first one listed is started, the second said.
:meth:`Relays.stop_all` (the window closes) stops them all: stdin closed, SIGTERM to the group at
once (either ends the relay cleanly, its recording closed), SIGKILL after
:data:`STOP_GRACE` seconds; it returns when every child is gone (:meth:`Relays.abandon`, when no
loop is left to wait on: SIGTERM to each group, not waited for). ``on_change`` is called after
each change of state, on the caller's loop.

A relay also ends when the window ends without stopping it (killed, crashed): each child is started
with :data:`RELAY_OF` naming the window's pid, and the proxy calls :func:`die_with_window` before
it listens: on Linux the kernel sends it SIGTERM when its parent goes (``PR_SET_PDEATHSIG``), and
it ends at once when the window is already gone; and, on every system with pipes that can be waited
on (not Windows), the proxy reads its stdin, a pipe from the window, and ends cleanly at its end
(``HttpProxyOptions.until_stdin_ends``), which comes when the window goes however it goes. Only
loopback addresses are served: an attached entry whose address is no loopback one, or whose
upstream is no http(s) URL (a record written by hand), is left out by :func:`wanted`, never
started; a child that cannot be started is ``failed``, never an error in the window's task group.
"""

from __future__ import annotations

import errno
import ipaddress
import os
import signal
import socket
import sys
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import anyio
import anyio.abc

from inspector.transport.base import ProcessEvent, ProcessEventKind, SideLine, SpawnError, StdioSpec
from inspector.transport.stdio import StdioTransport

from .attach import FoundFile, Listen

__all__ = [
    "PORT_POLL",
    "RELAY_OF",
    "STDERR_KEPT",
    "STOP_GRACE",
    "Relay",
    "RelayWant",
    "Relays",
    "die_with_window",
    "wanted",
]

#: how many of a relay's stderr lines (and process events) are kept
STDERR_KEPT = 500
#: seconds between SIGTERM and SIGKILL when a relay is stopped
STOP_GRACE = 3.0
#: seconds between two looks at an address found taken, to serve it once it is free
PORT_POLL = 2.0
_IN_USE = os.strerror(errno.EADDRINUSE)
#: the environment variable a relay is started with: the pid of the window that runs it
RELAY_OF = "MCP_INSPECTOR_RELAY_OF"
_PR_SET_PDEATHSIG = 1
RUNNING = ("starting", "serving")


@dataclass(frozen=True)
class RelayWant:
    """An attached URL entry to serve: its host file, server name, upstream URL and loopback address."""

    file: Path
    name: str
    upstream: str
    listen: Listen
    argv: tuple[str, ...]

    @property
    def key(self) -> tuple[Path, str]:
        return self.file, self.name

    @property
    def origin(self) -> str:
        host, port = self.listen
        return f"http://{f'[{host}]' if ':' in host else host}:{port}"


def _bindable(listen: Listen) -> bool:
    """Whether nothing listens on ``listen`` now (bound as the proxy binds: SO_REUSEADDR)."""
    host, port = listen
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def die_with_window(env: dict[str, str] | None = None) -> None:
    """In a relay (``env`` names :data:`RELAY_OF`): end with the window that started it (see the
    module). Elsewhere: nothing."""
    window = (os.environ if env is None else env).get(RELAY_OF, "")
    if not window.isdigit():
        return
    if sys.platform == "linux":
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != int(window):  # the window went before the line above ran
        os.kill(os.getpid(), signal.SIGTERM)


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a name: never resolved here
        return False


def wanted(found: Iterable[FoundFile], lead: list[str] | None = None) -> list[RelayWant]:
    """The attached URL entries of the host files ``found``, in their order (``lead``: the
    launcher, :func:`.attach.launcher` when None)."""
    out = []
    for f in found:
        if f.host is None:
            continue
        for e in f.host.entries:
            argv = e.serve(lead)
            if argv is None:
                continue
            where = argv[argv.index("--listen") + 1].rsplit(":", 1)
            host, upstream = where[0].strip("[]"), e.command_line
            if not _loopback(host):  # the inspector attaches on loopback only: a record written by hand
                continue
            if not isinstance(upstream, str) or urlsplit(upstream).scheme not in ("http", "https"):
                continue  # a record written by hand whose URL is no http(s) URL (the proxy would refuse it)
            out.append(RelayWant(f.location.path, e.name, upstream, (host, int(where[1])), tuple(argv)))
    return out


@dataclass
class Relay:
    """One relay and what is known of it now (see the module)."""

    want: RelayWant
    state: str = "starting"  # starting, serving, port-taken, failed, stopped, or "duplicate"
    why: str = ""  # failed, port-taken, duplicate: in words (the child's own last words when it said any)
    pid: int | None = None
    returncode: int | None = None
    stderr: deque[str] = field(default_factory=lambda: deque(maxlen=STDERR_KEPT))
    transport: StdioTransport | None = None  # while the child runs
    stop: anyio.Event = field(default_factory=anyio.Event)
    done: anyio.Event = field(default_factory=anyio.Event)

    @property
    def running(self) -> bool:
        return self.state in RUNNING


class Relays:
    """The relays of one window (see the module)."""

    def __init__(self, on_change: Callable[[], None] | None = None) -> None:
        self.relays: dict[tuple[Path, str], Relay] = {}
        self.on_change = on_change or (lambda: None)

    def get(self, file: Path, name: str) -> Relay | None:
        return self.relays.get((file, name))

    def sync(self, task_group: anyio.abc.TaskGroup, wants: Iterable[RelayWant]) -> None:
        """Start the wanted relays not running, stop the running ones not wanted (see the module)."""
        wants = list(wants)
        keys = {w.key for w in wants}
        for key, relay in list(self.relays.items()):
            if key not in keys or relay.want not in wants:  # detached, or attached again elsewhere
                relay.stop.set()
                if not relay.running:
                    del self.relays[key]
        taken: dict[Listen, RelayWant] = {}
        for w in wants:
            first = taken.setdefault(w.listen, w)
            old = self.relays.get(w.key)
            if old is not None and old.want == w and old.running:
                continue
            if old is not None:  # the same server on another address, or one not running: the old one goes
                old.stop.set()
            relay = Relay(w)
            self.relays[w.key] = relay
            if first is not w:
                relay.state = "duplicate"
                relay.why = f"{first.name} in {first.file} is attached on the same address"
                continue
            task_group.start_soon(self._run, relay, name=f"relay {w.name}")
        self.on_change()

    async def _run(self, relay: Relay) -> None:
        """The relay's child, run again each time the address it found taken is free (see the module)."""
        try:
            while True:
                await self._run_child(relay)
                if relay.state != "port-taken" or relay.stop.is_set():
                    break
                while not relay.stop.is_set() and not _bindable(relay.want.listen):
                    with anyio.move_on_after(PORT_POLL):
                        await relay.stop.wait()
                if relay.stop.is_set():
                    break
                relay.state, relay.why, relay.pid, relay.returncode = "starting", "", None, None
                relay.stderr.append("[port-free] the address is free again: the relay starts again")
                self.on_change()
        finally:
            if relay.stop.is_set():
                relay.state = "stopped"
            relay.done.set()
            if self.relays.get(relay.want.key) is relay and relay.state == "stopped":
                del self.relays[relay.want.key]
            self.on_change()

    async def _run_child(self, relay: Relay) -> None:
        spec = StdioSpec(argv=list(relay.want.argv), env={RELAY_OF: str(os.getpid())})
        try:
            async with StdioTransport(spec, drain_grace=0.5) as transport:
                relay.pid, relay.transport = transport.pid, transport
                self.on_change()
                async with anyio.create_task_group() as tg:

                    async def stop_when_asked() -> None:
                        await relay.stop.wait()
                        await transport.shutdown(grace=0.0, force_grace=STOP_GRACE)

                    tg.start_soon(stop_when_asked)
                    async for event in transport.events():
                        self._event(relay, event)
                    tg.cancel_scope.cancel()
        except (SpawnError, OSError, TypeError, ValueError) as exc:  # never the window's task group's end
            relay.state, relay.why = "failed", str(exc)
        finally:
            relay.transport = None
            if relay.running and not relay.stop.is_set():
                relay.state = "failed"
                relay.why = relay.why or self._last_words(relay) or f"the relay exited with {relay.returncode}"
            self.on_change()

    def _event(self, relay: Relay, event: object) -> None:
        if isinstance(event, SideLine):
            line = event.data.decode(errors="replace").rstrip("\r\n")
            relay.stderr.append(line)
            if relay.state == "starting" and "listening on http" in line:
                relay.state = "serving"
                self.on_change()
            elif _IN_USE in line and relay.state != "port-taken":
                relay.state, relay.why = "port-taken", line
                self.on_change()
        elif isinstance(event, ProcessEvent):
            relay.stderr.append(f"[{event.kind.value}] {event.detail}".rstrip())
            if event.kind is ProcessEventKind.EXITED:
                relay.returncode = event.returncode if event.signal is None else -event.signal
                if relay.running and not relay.stop.is_set():
                    relay.state = "failed"
                    relay.why = self._last_words(relay) or f"the relay exited with {relay.returncode}"
                    self.on_change()

    @staticmethod
    def _last_words(relay: Relay) -> str:
        said = [line for line in relay.stderr if line and not line.startswith("[")]
        return said[-1] if said else ""

    def running(self) -> list[Relay]:
        return [r for r in self.relays.values() if r.running]

    def abandon(self) -> list[str]:
        """SIGTERM to every relay's process group at once, without waiting (the window's loop is
        gone: the display went away); what was done, in words."""
        said = [r.transport.abandon() for r in self.relays.values() if r.transport is not None]
        return [f"relay {r}" for r in said if r]

    async def stop_all(self, wait: float = STOP_GRACE + 5.0) -> None:
        """Stop every relay and wait (at most ``wait`` seconds) until each child is gone."""
        relays = list(self.relays.values())
        for r in relays:
            r.stop.set()
        with anyio.CancelScope(shield=True), anyio.move_on_after(wait):
            for r in relays:
                if r.state != "duplicate":
                    await r.done.wait()
