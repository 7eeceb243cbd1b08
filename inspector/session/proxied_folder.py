"""The proxied folder: where proxies without ``--record`` keep their recordings, private and capped.

Theory of operation. A proxy a host starts without ``--record`` writes its recording into
``$XDG_DATA_HOME/mcp-session-inspector/proxied/`` (session.proxy's ``default_record_path``). What
a host and its server say is often private (tokens, file contents, prompts), so the folder is
made 0700 and tightened to 0700 if it is found looser, and each recording in it is 0600
(:func:`prepared_folder`; the writer creates the file 0600, and files found looser are
tightened when the folder is kept).

A host starts its servers every time it starts, so the folder would grow without end. It is
kept to a cap the user chooses, the setting ``proxied/keep`` (:data:`KEEP_CHOICES`: a size and
an age; the default keeps 500 MiB and 30 days; ``all`` keeps everything). :func:`keep_folder`
applies it when a proxy starts and when the window opens the Watch list: first the recordings
older than the age go, then, oldest first, as many as it takes to bring the folder under the
size. It removes only what a proxy wrote there and no one needs:

- only regular files directly in the folder (never a symbolic link, never what is outside: a
  recording the user saved elsewhere - File → Save as, a copy, a hard link, whose data another
  name still holds - is never touched), named as ``default_record_path`` names them, whose first
  line is a proxied recording's header;
- never a recording being written: one a running proxy announced (the runtime folder's
  announcements, :mod:`.watch`), one written to in the last :data:`LIVE_GRACE` seconds, nor one
  a writer holds (the proxy's writer keeps a shared ``flock`` on its file: a proxy that could not
  announce itself and has been quiet for hours); the file is opened without following a link and
  must be the one scanned.

The proxy reads the setting from the window's saved settings (``settings.ini`` in the config
folder, QSettings' INI format, read here with ``configparser``: no Qt in a proxy); a value that
is missing or damaged is the default, through :func:`.settings.read_text` as the window reads it.
"""

from __future__ import annotations

import configparser
import contextlib
import os
import re
import stat
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .settings import SETTINGS, read_text
from .watch import Env, announcements, proxied_folder

__all__ = [
    "DEFAULT_KEEP",
    "KEEP_CHOICES",
    "KEEP_SETTING",
    "LIVE_GRACE",
    "Kept",
    "Keep",
    "keep_folder",
    "prepared_folder",
    "saved_keep",
    "settings_file",
]

#: The setting (``settings.ini``): how much of the proxied folder is kept.
KEEP_SETTING = "proxied/keep"
DEFAULT_KEEP = "500mb-30d"
#: A recording written to this recently may still be written: never removed.
LIVE_GRACE = 120.0
_DAY = 86400.0
_MIB = 1 << 20  # binary units, as the Watch dialog says the folder's size (entry_text.format_size)
#: The name session.proxy's default_record_path gives: NAME-YYYYmmdd-HHMMSS-PID.jsonl
_OURS = re.compile(r"^[A-Za-z0-9._-]+-\d{8}-\d{6}-\d+\.jsonl$")
_HEADER_LIMIT = 1 << 20


@dataclass(frozen=True)
class Keep:
    """What a choice keeps: at most ``max_bytes`` in all and nothing older than ``max_days``
    (None: no limit of that kind)."""

    max_bytes: int | None
    max_days: float | None


#: The choices of the setting, by the name saved (the Watch dialog words them).
KEEP_CHOICES: dict[str, Keep] = {
    "100mb-7d": Keep(100 * _MIB, 7),
    "500mb-30d": Keep(500 * _MIB, 30),
    "2gb-90d": Keep(2048 * _MIB, 90),
    "all": Keep(None, None),
}
assert SETTINGS[KEEP_SETTING].default == DEFAULT_KEEP and set(SETTINGS[KEEP_SETTING].names) == set(KEEP_CHOICES)


@dataclass
class Kept:
    """What :func:`keep_folder` did: the recordings removed, and what the folder holds after."""

    folder: Path
    removed: list[Path] = field(default_factory=list)
    files: int = 0
    total_bytes: int = 0
    problems: list[str] = field(default_factory=list)  # files that could not be removed (and why)


def settings_file(env: Env | None = None, platform: str = sys.platform) -> Path:
    """The window's ``settings.ini``, where QSettings keeps it (ui.app.config_dir's folder)."""
    e = dict(os.environ) if env is None else env
    home = Path(e.get("HOME") or Path.home())
    if platform == "darwin":
        base = home / "Library" / "Preferences"
    else:
        base = Path(e.get("XDG_CONFIG_HOME") or home / ".config")
    return base / "mcp-session-inspector" / "settings.ini"


def saved_keep(
    env: Env | None = None, said: Callable[[str], None] | None = None, *, settings: Path | None = None
) -> str:
    """The saved choice of ``proxied/keep`` (the default when none is saved or it is damaged), from
    ``settings`` (None: :func:`settings_file`)."""
    parser = configparser.RawConfigParser(strict=False)
    value: str | None = None
    try:
        with (settings or settings_file(env)).open(encoding="utf-8") as f:
            parser.read_file(f)
        section, _, key = KEEP_SETTING.partition("/")
        value = parser.get(section, key, fallback=None)
    except (OSError, UnicodeDecodeError, configparser.Error):
        value = None
    return read_text(KEEP_SETTING, value, (lambda note: said(str(note))) if said else None)


def prepared_folder(env: Env | None = None) -> Path:
    """The proxied folder, made 0700 (and tightened to it when found looser); OSError if it cannot be."""
    folder = proxied_folder(env)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if stat.S_IMODE(folder.stat().st_mode) != 0o700:
        folder.chmod(0o700)
    return folder


def _remove_if_idle(path: Path, inode: int) -> bool:
    """Remove ``path`` if it is still the file scanned (``inode``; never a link put there since),
    its first line is a proxied recording's header, and no writer holds it (a proxy's
    RecordingWriter keeps a shared ``flock`` on its file while it writes: an exclusive one
    cannot be had). False when it was left; OSError when the removal failed."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_ino != inode:
            return False
        with os.fdopen(os.dup(fd), "rb") as f:
            first = f.readline(_HEADER_LIMIT)
        if not (first.startswith(b"{") and b'"proxied":' in first and b'"format":' in first):
            return False
        try:
            import fcntl
        except ImportError:
            pass
        else:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return False  # a proxy is writing it
        path.unlink()
        return True
    finally:
        os.close(fd)


def keep_folder(
    env: Env | None = None,
    keep: str | None = None,
    *,
    now: float | None = None,
    live: set[Path] | None = None,
    said: Callable[[str], None] | None = None,
) -> Kept:
    """Apply the cap ``keep`` (a name of :data:`KEEP_CHOICES`; None: the saved setting, a damaged
    one said to ``said``) to the proxied folder, tightening what is looser on the way. ``live``:
    recordings being written (None: those the running proxies announced). A folder that does
    not exist is left so."""
    folder = proxied_folder(env)
    result = Kept(folder)
    try:
        st = folder.stat()
    except OSError:
        return result
    if stat.S_IMODE(st.st_mode) != 0o700:
        with contextlib.suppress(OSError):
            folder.chmod(0o700)
    choice = KEEP_CHOICES.get(keep if keep is not None else saved_keep(env, said), KEEP_CHOICES[DEFAULT_KEEP])
    now = time.time() if now is None else now
    if live is None:
        running, _ended = announcements(env)
        live = {a.recording.absolute() for a in running}
    files: list[tuple[float, int, int, Path]] = []  # (last written, size, inode, path) of what may be removed
    try:
        with os.scandir(folder) as it:
            entries = list(it)
    except OSError as exc:
        result.problems.append(f"{folder}: {exc.strerror or exc}")
        return result
    for entry in entries:
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode):
            continue
        result.files += 1
        result.total_bytes += info.st_size
        if entry.name.endswith(".jsonl") and stat.S_IMODE(info.st_mode) & 0o077:
            with contextlib.suppress(OSError):
                os.chmod(entry.path, 0o600, follow_symlinks=False)
        path = Path(entry.path).absolute()
        if (
            _OURS.match(entry.name) is None
            or path in live
            or now - info.st_mtime < LIVE_GRACE
            or info.st_nlink > 1  # another name holds it: the user kept it elsewhere
        ):
            continue
        files.append((info.st_mtime, info.st_size, info.st_ino, path))
    files.sort()
    for mtime, size, inode, path in files:
        too_old = choice.max_days is not None and now - mtime > choice.max_days * _DAY
        too_much = choice.max_bytes is not None and result.total_bytes > choice.max_bytes
        if not (too_old or too_much):
            continue
        try:
            if not _remove_if_idle(path, inode):
                continue
        except OSError as exc:
            result.problems.append(f"{path}: {exc.strerror or exc}")
            continue
        result.removed.append(path)
        result.files -= 1
        result.total_bytes -= size
    return result
