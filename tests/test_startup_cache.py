"""inspector/startup_cache.py: the dataclasses' methods compiled once and kept on disk. Each
test runs in a fresh interpreter (the cache patches the ``dataclasses`` module of the process
that installs it), with its own cache folder."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# A child that installs the cache on ``base``, makes records of every kind, and prints what it
# saw of them and of the table (hits are texts it did not compile).
CHILD = r"""
import dataclasses, json, sys
from pathlib import Path
from inspector import startup_cache

installed = startup_cache.install(Path(sys.argv[1]))
table = startup_cache._table
known_before = len(table.known) if table else 0

@dataclasses.dataclass(frozen=True, slots=True)
class Frozen:
    a: int
    b: str = "x"
    c: tuple = dataclasses.field(default_factory=tuple)

@dataclasses.dataclass(order=True)
class Plain:
    n: int
    m: float = 1.5

f = Frozen(1)
try:
    f.a = 2
    frozen = False
except dataclasses.FrozenInstanceError:
    frozen = True
import inspector.session.recording  # the package's own records
seen = {
    "installed": installed,
    "repr": repr(f) + repr(Plain(3)),
    "eq": f == Frozen(1, "x", ()) and f != Frozen(2),
    "order": Plain(1) < Plain(2),
    "hash": hash(f) == hash(Frozen(1)),
    "frozen": frozen,
    "slots": not hasattr(f, "__dict__"),
    "annotations": repr(Frozen.__init__.__annotations__) + repr(Plain.__lt__.__annotations__),
    "known_before": known_before,
    "new": table.new if table else 0,
}
startup_cache.save()
print(json.dumps(seen))
"""


def run_child(base: Path, **env: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(base)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **env},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_second_start_compiles_nothing_and_the_records_are_the_same(tmp_path: Path) -> None:
    first = run_child(tmp_path)
    assert first["installed"] and first["known_before"] == 0 and first["new"] > 50
    path = next((tmp_path / "mcp-session-inspector" / "startup").glob("dataclasses-*.marshal"))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    second = run_child(tmp_path)
    assert second["known_before"] == first["new"] and second["new"] == 0
    plain = run_child(tmp_path, MCP_INSPECTOR_STARTUP_CACHE="0")
    assert not plain["installed"]
    for seen in (first, second):  # the classes behave as without the cache
        assert {k: seen[k] for k in ("repr", "eq", "order", "hash", "frozen", "slots", "annotations")} == {
            k: plain[k] for k in ("repr", "eq", "order", "hash", "frozen", "slots", "annotations")
        }
    assert second["repr"] == "Frozen(a=1, b='x', c=())Plain(n=3, m=1.5)"
    assert second["eq"] and second["order"] and second["frozen"] and second["slots"]


def test_a_damaged_or_foreign_file_is_ignored_and_replaced(tmp_path: Path) -> None:
    run_child(tmp_path)
    path = next((tmp_path / "mcp-session-inspector" / "startup").glob("dataclasses-*.marshal"))
    good = path.read_bytes()
    path.write_bytes(b"not marshal at all")
    seen = run_child(tmp_path)
    assert seen["known_before"] == 0 and seen["new"] > 50
    assert path.read_bytes() == good  # written again, whole
    import marshal

    path.write_bytes(marshal.dumps({"def f(): pass": 1}))  # a table of something else
    assert run_child(tmp_path)["known_before"] == 0
    run_child(tmp_path)
    os.chmod(path, 0o666)  # writable by others: not trusted
    assert run_child(tmp_path)["known_before"] == 0


def test_probe_and_version_fill_the_users_cache_folder(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "inspector", "--version"], capture_output=True, env=env, cwd=ROOT, timeout=60
    )
    assert done.returncode == 0
    files = list((tmp_path / "mcp-session-inspector" / "startup").glob("dataclasses-*.marshal"))
    assert len(files) == 1 and files[0].stat().st_size > 10_000


def test_a_pipe_or_a_file_that_fails_its_check_is_never_waited_on_or_read(tmp_path: Path) -> None:
    run_child(tmp_path)
    path = next((tmp_path / "mcp-session-inspector" / "startup").glob("dataclasses-*.marshal"))
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF  # one bit of the table changed: the checksum says no
    path.write_bytes(bytes(data))
    assert run_child(tmp_path)["known_before"] == 0
    path.unlink()
    os.mkfifo(path)  # a named pipe where the file was: opened without waiting, not a file
    seen = run_child(tmp_path)
    assert seen["known_before"] == 0 and seen["new"] > 50
    folder = path.parent
    os.chmod(folder, 0o777)  # the folder open to others: nothing in it is read, and a save closes it again
    path.unlink()
    run_child(tmp_path)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert run_child(tmp_path)["known_before"] > 50
