"""The proxied folder: private (0700, files 0600) and kept to the user's cap, never losing a live
recording or one kept elsewhere; the real proxy applies it when it starts."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from peers import ROOT, misbehave

from inspector.session.proxied_folder import (
    DEFAULT_KEEP,
    KEEP_CHOICES,
    KEEP_SETTING,
    LIVE_GRACE,
    keep_folder,
    prepared_folder,
    saved_keep,
    settings_file,
)
from inspector.session.recording import Recording, RecordingWriter
from inspector.session.settings import SETTINGS
from inspector.session.watch import announce, proxied_folder

INIT = (
    b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
    b'"capabilities":{},"clientInfo":{"name":"raw-host","version":"1"}}}\n'
)
DAY = 86400.0
HEADER = b'{"format":"mcp-session-inspector/recording","version":4,"proxied":{"command":["x"],"name":"x"}}\n'


def env_for(tmp_path: Path) -> dict[str, str]:
    return {
        "HOME": str(tmp_path / "home"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_RUNTIME_DIR": str(tmp_path / "run"),
    }


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def recording(folder: Path, name: str, *, age_days: float, size: int = 0, header: bytes = HEADER) -> Path:
    path = folder / name
    path.write_bytes(header + b"x" * size)
    when = time.time() - age_days * DAY
    os.utime(path, (when, when))
    return path


def save_keep(env: dict[str, str], value: str) -> None:
    """settings.ini as QSettings writes a key with a slash: a section per first part."""
    path = settings_file(env)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"[General]\ntheme=dark\n\n[proxied]\nkeep={value}\n", encoding="utf-8")


def test_the_folder_is_made_private_and_tightened_when_found_looser(tmp_path):
    env = env_for(tmp_path)
    folder = prepared_folder(env)
    assert folder == proxied_folder(env) and mode(folder) == 0o700
    folder.chmod(0o755)
    loose = recording(folder, "s-20260101-000000-1.jsonl", age_days=0)
    loose.chmod(0o644)
    assert prepared_folder(env) == folder and mode(folder) == 0o700
    folder.chmod(0o775)
    keep_folder(env, "all", live=set())
    assert mode(folder) == 0o700 and mode(loose) == 0o600


def test_the_age_cap_removes_old_proxied_recordings_only(tmp_path):
    env = env_for(tmp_path)
    folder = prepared_folder(env)
    old = recording(folder, "old-20250101-000000-11.jsonl", age_days=40)
    young = recording(folder, "young-20260101-000000-12.jsonl", age_days=3)
    live = recording(folder, "live-20250101-000000-13.jsonl", age_days=40)
    users = recording(folder, "my-own-copy.jsonl", age_days=400)  # not a name a proxy gives
    foreign = recording(folder, "foreign-20250101-000000-14.jsonl", age_days=40, header=b'{"format":"other"}\n')
    outside = recording(tmp_path, "kept-20250101-000000-15.jsonl", age_days=400)
    (folder / "link-20250101-000000-16.jsonl").symlink_to(outside)
    hard = recording(folder, "hard-20250101-000000-17.jsonl", age_days=40)
    os.link(hard, tmp_path / "saved-elsewhere.jsonl")
    # a running proxy announced ``live`` (this process stands for it: its pid is alive)
    announce("live", ["x"], live, env=env)

    kept = keep_folder(env, "500mb-30d")
    assert kept.removed == [old.absolute()]
    for path in (young, live, users, foreign, outside, hard, folder / "link-20250101-000000-16.jsonl"):
        assert path.exists(), path
    assert not old.exists()
    assert kept.files == len([p for p in folder.iterdir() if not p.is_symlink()])


def test_the_size_cap_removes_the_oldest_first_and_never_a_fresh_one(tmp_path):
    env = env_for(tmp_path)
    folder = prepared_folder(env)
    mb = 1 << 20  # MiB: the cap counts as the dialog does
    files = [recording(folder, f"s-2026010{n}-000000-{n}.jsonl", age_days=6 - n, size=30 * mb) for n in range(1, 6)]
    fresh = recording(folder, "s-20260109-000000-9.jsonl", age_days=LIVE_GRACE / 2 / DAY, size=30 * mb)
    kept = keep_folder(env, "100mb-7d", live=set())
    # 180 MiB in six files: the three oldest go (90 MiB left), the fresh one stays whatever its age
    assert kept.removed == [p.absolute() for p in files[:3]]
    assert [p.exists() for p in files] == [False, False, False, True, True]
    assert fresh.exists() and kept.total_bytes <= 100 * mb
    # "all" keeps everything, however old or large
    recording(folder, "s-20200101-000000-1.jsonl", age_days=2000, size=200 * mb)
    assert keep_folder(env, "all", live=set()).removed == []


def test_a_recording_a_writer_holds_is_never_removed_however_old(tmp_path):
    """A proxy that could not announce itself and has been quiet for weeks (its file's time is old)
    still writes its recording: the writer's lock keeps it; once the writer is closed it may go."""
    env = env_for(tmp_path)
    folder = prepared_folder(env)
    path = folder / "quiet-20250101-000000-21.jsonl"
    rec = Recording({"proxied": {"command": ["x"], "name": "quiet"}})
    writer = RecordingWriter(path, rec, mode=0o600)
    when = time.time() - 40 * DAY
    os.utime(path, (when, when))
    assert keep_folder(env, "100mb-7d", live=set()).removed == []
    assert path.exists()
    writer.close({"kind": "summary"})
    os.utime(path, (when, when))
    assert keep_folder(env, "100mb-7d", live=set()).removed == [path.absolute()]


def test_the_choice_is_read_from_the_saved_settings_and_a_damaged_one_is_the_default(tmp_path):
    env = env_for(tmp_path)
    assert SETTINGS[KEEP_SETTING].default == DEFAULT_KEEP and DEFAULT_KEEP in KEEP_CHOICES
    assert saved_keep(env) == DEFAULT_KEEP  # no settings.ini yet
    save_keep(env, "100mb-7d")
    assert saved_keep(env) == "100mb-7d"
    said: list[str] = []
    save_keep(env, "forever-and-ever")
    assert saved_keep(env, said.append) == DEFAULT_KEEP
    assert said and "proxied/keep" in said[0] and "forever-and-ever" in said[0]
    assert settings_file(env, "darwin") == tmp_path / "home" / "Library" / "Preferences" / (
        "mcp-session-inspector/settings.ini"
    )


@pytest.mark.parametrize("choice", ["100mb-7d", "all"])
def test_a_proxy_that_starts_keeps_the_folder_to_the_saved_cap_and_writes_privately(tmp_path, choice):
    env = {**os.environ, **env_for(tmp_path)}
    folder = proxied_folder(env)
    folder.mkdir(parents=True, mode=0o755)
    folder.chmod(0o755)
    old = recording(folder, "old-20250101-000000-11.jsonl", age_days=10)
    save_keep(env, choice)
    argv = [sys.executable, "-m", "inspector", "proxy", "--name", "capped", "--", *misbehave("good")]
    done = subprocess.run(argv, input=INIT, capture_output=True, cwd=ROOT, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert mode(folder) == 0o700
    new = [p for p in folder.iterdir() if p.name.startswith("capped-")]
    assert len(new) == 1 and mode(new[0]) == 0o600
    assert old.exists() is (choice == "all")
