"""Process groups against real process trees, through the real Session.

Each server runs in its own session and process group (pgid = its pid). The shutdown signals
go to the group, and once the server has exited whatever is left of the group is ended too
(SIGTERM, a short wait, SIGKILL), all recorded as process events before ``exited``. Each test
collects the pids of the whole tree while it runs (from /proc: every process whose process
group or session is the server's pid) and checks that none of them is alive afterwards. A
zombie counts as dead: on some machines nothing reaps adopted orphans.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys

import anyio
import pytest
from peers import FIXTURES, REFERENCE_JS, misbehave

from inspector.protocol.engine import ClientConfig
from inspector.protocol.versions import EraMode
from inspector.session import ConnectionLost, Direction, Session, SessionOptions, StartFailed
from inspector.transport.base import StdioSpec

pytestmark = [
    pytest.mark.anyio,
    pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads process trees from /proc"),
]

BOUND = 30.0  # a loaded 2-core machine; the tests take a second or two
GRACE = 0.5  # the stdin grace of every session here (the servers that ignore stdin wait this long)
TERM_GRACE = 3.0  # after SIGTERM: a loaded machine may take a while to end sh and python (no wait once they have)
PEERS = REFERENCE_JS.parents[3]  # .peers/, where npx finds mcp-server-everything


# ---------------------------------------------------------------------- process trees


def stat(pid: int) -> tuple[str, int, int, int] | None:
    """(state, pgrp, session, starttime) of a process, or None when there is none."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rpartition(b")")[2].split()
    except OSError:
        return None
    return fields[0].decode(), int(fields[2]), int(fields[3]), int(fields[19])


def tree_of(leader: int) -> dict[int, int]:
    """Live (not zombie) processes whose process group or session is ``leader``: pid -> starttime."""
    out: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if name.isdigit() and (st := stat(int(name))) is not None:
            state, pgrp, sid, start = st
            if state != "Z" and leader in (pgrp, sid):
                out[int(name)] = start
    return out


def alive(seen: dict[int, int]) -> list[int]:
    """The processes of ``seen`` still alive (same pid and start time, not a zombie)."""
    out = []
    for pid, start in seen.items():
        st = stat(pid)
        if st is not None and st[0] != "Z" and st[3] == start:
            out.append(pid)
    return out


async def collect_tree(leader: int, size: int) -> dict[int, int]:
    """Wait until the tree under ``leader`` has ``size`` processes; return them."""
    with anyio.fail_after(BOUND):
        while len(tree := tree_of(leader)) < size:
            await anyio.sleep(0.01)
    return tree


async def assert_all_gone(seen: dict[int, int], leader: int) -> None:
    """Poll (bounded) until nothing of the tree is alive; fail with what is left."""
    try:
        with anyio.fail_after(5.0):
            while alive(seen) or tree_of(leader):
                await anyio.sleep(0.01)
    except TimeoutError:
        raise AssertionError(f"left alive: {alive(seen)} (group/session {leader}: {sorted(tree_of(leader))})") from None


def kill_leftovers(seen: dict[int, int]) -> None:
    """Only after a failure: SIGKILL, by pid, whatever of the tree is still alive."""
    for pid in alive(seen):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


# ---------------------------------------------------------------------- sessions


def options(argv: list[str], *, cwd: str | None = None, env: dict[str, str] | None = None) -> SessionOptions:
    return SessionOptions(
        transport=StdioSpec(argv=argv, cwd=cwd, env=env or {}),
        config=ClientConfig(era=EraMode.LEGACY),
        connect_timeout=BOUND,
        request_timeout=BOUND,
        stdin_grace=GRACE,
        term_grace=TERM_GRACE,
    )


def events(session: Session) -> list[tuple[str, str]]:
    """(event, text) of every process event in the recording, in order."""
    return [
        (e.extra["event"], e.text) for e in session.recording if e.direction is Direction.EVENT and "event" in e.extra
    ]


def names(session: Session) -> list[str]:
    return [name for name, _ in events(session)]


def text_of(session: Session, name: str) -> list[str]:
    return [text for event, text in events(session) if event == name]


def sh_wrapper(mode: str) -> list[str]:
    """sh runs the server as a child and stays its parent (it has more to do afterwards)."""
    script = '"$0" "$1" --mode "$2"; echo "wrapper: the server ended" >&2'
    python, path, _, _ = misbehave(mode)
    return ["sh", "-c", script, python, path, mode]


def with_helpers(*args: str) -> list[str]:
    return [sys.executable, str(FIXTURES / "with_helpers.py"), *args]


def helper_pids(session: Session) -> list[int]:
    out = []
    for e in session.recording:
        if e.direction is Direction.STDERR and e.text.startswith("helper pid="):
            out.append(int(e.text.strip().partition("=")[2]))
    return out


# ---------------------------------------------------------------------- a shell wrapper


async def test_sigterm_reaches_the_server_behind_a_shell_wrapper() -> None:
    """sh stays the parent of a server that ignores stdin EOF: SIGTERM to sh alone would
    leave the server running; SIGTERM to the group ends both."""
    session = Session(options(sh_wrapper("ignore-stdin-close")))
    seen: dict[int, int] = {}
    try:
        with anyio.fail_after(BOUND):
            async with session:
                leader = session.transport.pid
                seen = await collect_tree(leader, 2)  # sh and the server
                await session.start()
        await assert_all_gone(seen, leader)
    finally:
        kill_leftovers(seen)
    assert len(seen) == 2
    assert names(session)[-1] == "exited"
    assert session.exit_info is not None and session.exit_info.escalation == "sigterm"
    (sigterm,) = text_of(session, "sigterm_sent")
    assert sigterm.startswith(f"sent SIGTERM to process group {leader}: still running")
    assert "sigkill_sent" not in names(session) and "group_sigkill_sent" not in names(session)
    # sh and the server got the same SIGTERM; on a busy machine sh can be reaped while the
    # kernel is still tearing the server down. Then the watcher says so, gives the rest of the
    # same grace (no second SIGTERM) and sees the group go: never a SIGKILL.
    survived = text_of(session, "group_survived")
    assert all("they got SIGTERM" in text for text in survived), survived
    assert "group_sigterm_sent" not in names(session)
    expected = f"nothing of process group {leader} survived" + (" SIGTERM" if survived else "")
    assert text_of(session, "group_gone") == [expected]
    assert names(session).index("sigterm_sent") < names(session).index("group_gone") < names(session).index("exited")


async def test_a_child_that_outlives_its_shell_wrapper_is_killed() -> None:
    """sh dies of SIGTERM, the server under it ignores SIGTERM: the group survives its leader,
    gets the rest of its grace, then SIGKILL."""
    session = Session(options(sh_wrapper("ignore-sigterm")))
    seen: dict[int, int] = {}
    try:
        with anyio.fail_after(BOUND):
            async with session:
                leader = session.transport.pid
                seen = await collect_tree(leader, 2)
                await session.start()
        await assert_all_gone(seen, leader)
    finally:
        kill_leftovers(seen)
    server = next(pid for pid in seen if pid != leader)
    order = names(session)
    assert order.index("sigterm_sent") < order.index("group_survived") < order.index("group_sigkill_sent")
    assert order.index("group_sigkill_sent") < order.index("group_gone") < order.index("exited") == len(order) - 1
    assert "sigkill_sent" not in order  # the leader (sh) died of SIGTERM
    (survived,) = text_of(session, "group_survived")
    assert survived.startswith(
        f"1 process (pid {server}) of process group {leader} still running after the server exited"
    )
    assert "group_sigterm_sent" not in order  # it already had SIGTERM with the server
    assert text_of(session, "group_sigkill_sent") == [
        f"sent SIGKILL to process group {leader}: 1 process (pid {server}) still running"
    ]
    assert text_of(session, "group_gone") == [f"nothing of process group {leader} survived SIGKILL"]
    assert session.signal == signal.SIGTERM and session.exit_info.escalation == "sigterm"


# ---------------------------------------------------------------------- a server that forks


async def test_a_helper_that_ignores_sigterm_is_killed_after_a_clean_exit() -> None:
    """The server exits on stdin EOF (shutdown step 1), its helper ignores SIGTERM."""
    session = Session(options(with_helpers("--helper", "ignore-sigterm", "--mode", "good")))
    seen: dict[int, int] = {}
    try:
        with anyio.fail_after(BOUND):
            async with session:
                leader = session.transport.pid
                seen = await collect_tree(leader, 2)
                await session.start()
                (helper,) = helper_pids(session)
        await assert_all_gone(seen, leader)
    finally:
        kill_leftovers(seen)
    assert set(seen) == {leader, helper}
    assert session.returncode == 0 and session.exit_info.escalation == "stdin"
    order = names(session)
    assert "sigterm_sent" not in order
    steps = [name for name in order if name.startswith("group_") or name == "exited"]
    assert steps == ["group_survived", "group_sigterm_sent", "group_sigkill_sent", "group_gone", "exited"]
    assert text_of(session, "group_survived") == [
        f"1 process (pid {helper}) of process group {leader} still running after the server exited"
    ]
    assert text_of(session, "group_sigterm_sent") == [
        f"sent SIGTERM to process group {leader}; waiting up to {TERM_GRACE!r} s"
    ]
    assert text_of(session, "group_gone") == [f"nothing of process group {leader} survived SIGKILL"]


async def test_helpers_left_by_a_server_that_exits_by_itself_are_ended() -> None:
    """The server exits (code 7) right after initialize, mid-session, leaving two helpers that
    hold its pipes: the transport ends them without waiting for the session to close."""
    session = Session(options(with_helpers("--helpers", "2", "--mode", "exit-after-init")))
    seen: dict[int, int] = {}
    try:
        with anyio.fail_after(BOUND):
            async with session:
                leader = session.transport.pid
                seen = await collect_tree(leader, 3)
                try:
                    await session.start()
                except (StartFailed, ConnectionLost):
                    pass
                assert await session.wait_exit(BOUND)
                await assert_all_gone(seen, leader)  # before the session is closed
        helpers = helper_pids(session)
    finally:
        kill_leftovers(seen)
    assert len(helpers) == 2 and set(seen) == {leader, *helpers}
    assert session.returncode == 7 and session.exit_info.escalation == "none"
    order = names(session)
    assert "stdin_closed" not in order and "sigterm_sent" not in order
    steps = [name for name in order if name.startswith("group_") or name == "exited"]
    assert steps == ["group_survived", "group_sigterm_sent", "group_gone", "exited"]
    pids = ", ".join(map(str, sorted(helpers)))
    assert text_of(session, "group_survived") == [
        f"2 processes (pids {pids}) of process group {leader} still running after the server exited"
    ]
    assert text_of(session, "group_gone") == [f"nothing of process group {leader} survived SIGTERM"]


# ---------------------------------------------------------------------- npx


def npx_reference_server() -> tuple[list[str], dict[str, str]]:
    npx = shutil.which("npx")
    if npx is None or not REFERENCE_JS.exists():
        pytest.fail("npx or the reference server is missing: run scripts/test.sh (npm ci in .peers/)", pytrace=False)
    # --no-install and offline: the locally installed package only, nothing is downloaded.
    env = {
        "npm_config_offline": "true",
        "npm_config_update_notifier": "false",
        "npm_config_fund": "false",
        "npm_config_audit": "false",
    }
    return [npx, "--no-install", "mcp-server-everything"], env


@pytest.mark.peer
async def test_npx_reference_server_leaves_nothing_behind() -> None:
    argv, env = npx_reference_server()
    session = Session(options(argv, cwd=str(PEERS), env=env))
    seen: dict[int, int] = {}
    try:
        with anyio.fail_after(BOUND):
            async with session:
                leader = session.transport.pid
                await session.start()
                assert (await session.request("tools/list")).ok
                seen = tree_of(leader)  # npm exec, sh -c, node
        await assert_all_gone(seen, leader)
    finally:
        kill_leftovers(seen)
    assert leader in seen and len(seen) >= 2
    assert session.returncode == 0
    assert not any(name.startswith("group_") for name in names(session))


@pytest.mark.peer
async def test_node_outliving_a_killed_npx_is_ended() -> None:
    """npx itself dies (SIGKILL, which it cannot pass on); the node server it started survives
    it, and the transport ends the rest of the group."""
    argv, env = npx_reference_server()
    session = Session(options(argv, cwd=str(PEERS), env=env))
    seen: dict[int, int] = {}
    try:
        with anyio.fail_after(BOUND):
            async with session:
                leader = session.transport.pid
                await session.start()
                seen = tree_of(leader)
                os.kill(leader, signal.SIGKILL)
                assert await session.wait_exit(BOUND)
            await assert_all_gone(seen, leader)
    finally:
        kill_leftovers(seen)
    assert len(seen) >= 2
    assert session.signal == signal.SIGKILL and session.exit_info.escalation == "none"
    order = names(session)
    assert (
        order.index("group_survived")
        < order.index("group_sigterm_sent")
        < order.index("group_gone")
        < order.index("exited")
    )
    (survived,) = text_of(session, "group_survived")
    assert f"of process group {leader} still running after the server exited" in survived
    assert text_of(session, "group_gone") == [f"nothing of process group {leader} survived SIGTERM"]


async def test_abandon_sends_sigterm_to_the_whole_group_at_once() -> None:
    """When the front-end loses its event loop (the window's display vanished) there is no
    spec shutdown to run: ``Session.abandon`` ends the server's group synchronously, here a
    server behind sh that would ignore stdin EOF. HTTP and in-memory transports have nothing
    of theirs to end."""
    session = Session(options(sh_wrapper("ignore-stdin-close")))
    seen: dict[int, int] = {}
    try:
        with anyio.fail_after(BOUND):
            async with session:
                leader = session.transport.pid
                seen = await collect_tree(leader, 2)
                await session.start()
                assert session.abandon() == f"sent SIGTERM to the server's process group {leader}"
                while alive(seen):  # both end of SIGTERM, without the inspector's escalation
                    await anyio.sleep(0.05)
                assert session.abandon() is None  # nothing left: nothing done
                # dead (a zombie counts) can come before the session has read the exit: wait for
                # it, or leaving at once starts the spec shutdown (stdin_closed) on a dead server
                assert await session.wait_exit(BOUND)
        await assert_all_gone(seen, leader)
    finally:
        kill_leftovers(seen)
    assert len(seen) == 2
    assert "stdin_closed" not in names(session)[: names(session).index("exited")]
