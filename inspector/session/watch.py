"""The Watch list: proxied sessions running now and recent ones, found without a TCP port (Qt-free).

Theory of operation. A proxy (session.proxy) that runs *announces* itself: when it starts it
writes a small JSON file into the user's runtime folder (``XDG_RUNTIME_DIR/mcp-session-inspector``,
or, without XDG_RUNTIME_DIR, a ``run`` folder under the data folder; either is made 0700 so that
only the user reads it) holding its pid, the server's name, the command (as shown: secrets
masked), the recording's path and when it started. The file is written whole under a temporary
name and renamed into place, so a reader never sees half of one; the proxy removes it when it
exits, after the recording is complete. Nothing listens anywhere: the window reads the folder.

:func:`watch_list` is what the window's Watch dialog shows: every announced proxy (running; or
ended, when its pid is gone: a proxy that was killed could not remove its file, so the file is
removed here and the session shown as ended), then the recordings in the proxied folder
(XDG_DATA_HOME/mcp-session-inspector/proxied, where a proxy without ``--record`` writes), newest
first, at most ``cap`` in all. Each row says the name, the command, when it started, how many
entries the recording holds so far and whether it is running. Names and commands come from the
announcement or the recording's header; a file that is not a recording of a proxied session is
left out. A running session's recording is followed as it grows by session.follow.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import orjson

from inspector.protocol.jsontypes import JsonObject

__all__ = [
    "APP_FOLDER",
    "RECENT_CAP",
    "Announcement",
    "Watched",
    "announce",
    "announcements",
    "data_folder",
    "entries_in",
    "pid_alive",
    "read_announcement",
    "process_identity",
    "proxied_folder",
    "proxy_running",
    "runtime_folder",
    "try_announce",
    "watch_list",
    "withdraw",
]

APP_FOLDER = "mcp-session-inspector"
#: How many sessions the Watch list shows at most (running ones first).
RECENT_CAP = 30
#: An announcement file longer than this is not one a proxy wrote.
_MAX_ANNOUNCEMENT = 64 << 10
_BLOCK = 1 << 20
_SUMMARY_START = b'{"kind":"summary"'

Env = dict[str, str]


def _env(env: Env | None) -> Env:
    return dict(os.environ) if env is None else env


def data_folder(env: Env | None = None) -> Path:
    """XDG_DATA_HOME/mcp-session-inspector (default ~/.local/share/...)."""
    e = _env(env)
    return Path(e.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / APP_FOLDER


def proxied_folder(env: Env | None = None) -> Path:
    """Where a proxy without ``--record`` writes its recordings."""
    return data_folder(env) / "proxied"


def runtime_folder(env: Env | None = None, *, create: bool = False) -> Path:
    """Where running proxies announce themselves: XDG_RUNTIME_DIR/mcp-session-inspector, or the
    data folder's ``run`` when XDG_RUNTIME_DIR is unset; ``create``: made (0700) if missing."""
    e = _env(env)
    runtime = e.get("XDG_RUNTIME_DIR")
    folder = Path(runtime) / APP_FOLDER if runtime else data_folder(e) / "run"
    if create:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if folder.stat().st_mode & 0o077:
            folder.chmod(0o700)  # made before by something else, or under a loose umask
    return folder


@dataclass(frozen=True, slots=True)
class Announcement:
    """One proxy's announcement file, as read."""

    file: Path
    pid: int
    name: str
    command: tuple[str, ...]
    recording: Path
    started: float  # seconds since the epoch
    process: str | None = None  # the process's start (process_identity): a pid reused later is not the proxy


def announce(
    name: str,
    command: list[str],
    recording: Path,
    *,
    env: Env | None = None,
    pid: int | None = None,
    started: float | None = None,
) -> Path:
    """Write this proxy's announcement (atomically: whole or not at all); its path. OSError when
    the runtime folder cannot be made or written."""
    folder = runtime_folder(env, create=True)
    pid = os.getpid() if pid is None else pid
    body: JsonObject = {
        "pid": pid,
        "name": name,
        "command": list(command),
        "recording": str(recording.absolute()),
        "started": time.time() if started is None else started,
        "process": process_identity(pid),
    }
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".proxy-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(orjson.dumps(body))
        target = folder / f"proxy-{pid}.json"
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return target


def try_announce(name: str, command: list[str], recording: Path) -> Path | None:
    """:func:`announce` for a proxy that goes on without it: None when the runtime folder cannot be
    written (the Watch list then shows the session once it has ended; the recording is the same)."""
    try:
        return announce(name, command, recording)
    except OSError:
        return None


def withdraw(path: Path) -> None:
    """Remove an announcement (the proxy has exited); already gone is fine."""
    with contextlib.suppress(OSError):
        path.unlink()


def pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: it exists
        return True
    except OSError:
        return False
    return True


def process_identity(pid: int) -> str | None:
    """When process ``pid`` started (clock ticks since boot, from Linux's /proc), so that a pid the
    system gives to another process after the proxy was killed is not taken for the proxy; None
    where that is not known."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return None
    fields = stat[stat.rfind(b")") + 2 :].split()  # after the name (which may hold spaces): field 3 on
    return fields[19].decode() if len(fields) > 19 else None


def proxy_running(pid: int, process: str | None) -> bool:
    """The announcing proxy still runs: its pid is alive and, where known, is the same process."""
    if not pid_alive(pid):
        return False
    now = process_identity(pid) if process is not None else None
    return now is None or now == process


def read_announcement(path: Path) -> Announcement | None:
    """An announcement file as read; None when it is gone or is not one a proxy wrote."""
    return _read_announcement(path)


def _read_announcement(path: Path) -> Announcement | None:
    try:
        with path.open("rb") as f:
            data = f.read(_MAX_ANNOUNCEMENT + 1)
        body = orjson.loads(data) if len(data) <= _MAX_ANNOUNCEMENT else None
    except (OSError, orjson.JSONDecodeError):
        return None
    if not isinstance(body, dict):
        return None
    pid, name, command = body.get("pid"), body.get("name"), body.get("command")
    recording, started = body.get("recording"), body.get("started")
    if type(pid) is not int or not isinstance(name, str) or not isinstance(recording, str):
        return None
    if not isinstance(command, list) or not all(isinstance(a, str) for a in command):
        return None
    if not isinstance(started, (int, float)) or isinstance(started, bool):
        return None
    process = body.get("process")
    return Announcement(
        path,
        pid,
        name,
        tuple(str(a) for a in command),
        Path(recording),
        float(started),
        process if isinstance(process, str) else None,
    )


def announcements(env: Env | None = None) -> tuple[list[Announcement], list[Announcement]]:
    """The announced proxies: (running, ended). An ended one's pid is gone; its file is removed."""
    folder = runtime_folder(env)
    running: list[Announcement] = []
    ended: list[Announcement] = []
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return running, ended
    for n in names:
        if not (n.startswith("proxy-") and n.endswith(".json")):
            continue
        a = _read_announcement(folder / n)
        if a is None:
            continue
        if proxy_running(a.pid, a.process):
            running.append(a)
        else:
            ended.append(a)
            withdraw(a.file)
    return running, ended


#: path -> (inode, bytes counted, newlines in them): a recording only grows, so a list read again
#: every second or two counts only what was added since (a large recording is read once).
_counted: dict[Path, tuple[int, int, int]] = {}
_COUNTED_CAP = 256


def entries_in(path: Path) -> int:
    """How many entries a recording file holds so far: its complete lines, less the header and
    the summary (a partial last line is not counted yet)."""
    try:
        with path.open("rb") as f:
            st = os.fstat(f.fileno())
            inode, counted, lines = _counted.get(path, (st.st_ino, 0, 0))
            if inode != st.st_ino or counted > st.st_size:  # replaced or cut short: counted again
                counted, lines = 0, 0
            f.seek(counted)
            while block := f.read(_BLOCK):
                lines += block.count(b"\n")
                counted += len(block)
            f.seek(max(0, counted - _MAX_ANNOUNCEMENT))
            tail = f.read(counted - f.tell())
    except OSError:
        return 0
    _counted.pop(path, None)
    _counted[path] = (st.st_ino, counted, lines)
    if len(_counted) > _COUNTED_CAP:
        del _counted[next(iter(_counted))]
    summary = False
    if lines > 1 and tail.endswith(b"\n"):
        last = tail[tail.rfind(b"\n", 0, len(tail) - 1) + 1 :]
        summary = last.startswith(_SUMMARY_START)
    return max(0, lines - 1 - int(summary))


def _header(path: Path) -> JsonObject | None:
    try:
        with path.open("rb") as f:
            first = f.readline(_MAX_ANNOUNCEMENT * 16)
        header = orjson.loads(first)
    except (OSError, orjson.JSONDecodeError):
        return None
    return header if isinstance(header, dict) else None


@dataclass(frozen=True, slots=True)
class Watched:
    """One row of the Watch list."""

    name: str
    command: tuple[str, ...]
    recording: Path
    started: float | None  # seconds since the epoch (a recent file: its name's time, else its last write)
    entries: int
    running: bool
    pid: int | None = None
    announcement: Path | None = None  # the running proxy's file (gone: the session ended)
    process: str | None = None  # see Announcement

    def still_running(self) -> bool:
        """The proxy still runs this session: its announcement is there and still names this
        recording (an HTTP proxy announces each new MCP session's), and its process is alive."""
        if self.announcement is None or self.pid is None:
            return False
        now = read_announcement(self.announcement)
        return now is not None and now.recording == self.recording and proxy_running(self.pid, self.process)


_STAMPED = re.compile(r"-(\d{8}-\d{6})-\d+\.jsonl$")  # session.proxy's default_record_path


def _started(path: Path, mtime: float) -> float:
    """When a recording's session started: the local time its default name holds, else when the
    file was last written (a recording named with --record says no more)."""
    found = _STAMPED.search(path.name)
    if found is not None:
        try:
            return time.mktime(time.strptime(found.group(1), "%Y%m%d-%H%M%S"))
        except (ValueError, OverflowError):
            pass
    return mtime


def _from_file(path: Path, mtime: float) -> Watched | None:
    header = _header(path)
    if header is None:
        return None
    proxied = header.get("proxied")
    if not isinstance(proxied, dict):
        return None
    name = proxied.get("name")
    command = proxied.get("command")
    upstream = proxied.get("upstream")  # the HTTP proxy's: where it forwarded to
    shown = tuple(str(a) for a in command) if isinstance(command, list) else ()
    if not shown and isinstance(upstream, str):
        shown = (str(proxied.get("listen") or ""), "→", upstream)
    return Watched(
        name=name if isinstance(name, str) else path.stem,
        command=shown,
        recording=path,
        started=_started(path, mtime),
        entries=entries_in(path),
        running=False,
    )


def watch_list(env: Env | None = None, cap: int = RECENT_CAP) -> list[Watched]:
    """Running proxies (newest first), then ended ones and the recent recordings in the proxied
    folder (newest first): at most ``cap`` rows, one per recording."""
    running, ended = announcements(env)
    rows: list[Watched] = []
    seen: set[Path] = set()
    for a in sorted(running, key=lambda a: -a.started):
        rows.append(
            Watched(a.name, a.command, a.recording, a.started, entries_in(a.recording), True, a.pid, a.file, a.process)
        )
        seen.add(a.recording)
    past: list[tuple[float, Path, Announcement | None]] = []
    for a in ended:
        past.append((a.started, a.recording, a))
    folder = proxied_folder(env)
    try:
        with os.scandir(folder) as it:
            for e in it:
                if e.name.endswith(".jsonl") and e.is_file():
                    with contextlib.suppress(OSError):
                        past.append((e.stat().st_mtime, Path(e.path).absolute(), None))
    except OSError:
        pass
    past.sort(key=lambda p: -p[0])
    for when, path, gone in past:
        if len(rows) >= cap:
            break
        if path in seen:
            continue
        seen.add(path)
        if gone is not None:
            rows.append(Watched(gone.name, gone.command, path, gone.started, entries_in(path), False, gone.pid))
        else:
            row = _from_file(path, when)
            if row is not None:
                rows.append(row)
    return rows[:cap]
