"""The window's session runner without Qt (session/session_runner.py), against the real demo
server through real pipes: the events it tells and their order, step mode held and released,
opening and saving a recording, the refusals while a session runs, and the notifications it
passes on. The window's SessionController is this class with the events as Qt signals."""

from __future__ import annotations

import io
from pathlib import Path

import anyio
import pytest
from polling import until

from inspector.protocol.versions import EraMode
from inspector.session.app_setup import SelfTestFailed, SelfTestRun, session_steps, start_demo
from inspector.session.profiles import demo_profile
from inspector.session.recording import Recording, RecordingError
from inspector.session.session_runner import EVENTS, WORDS, SessionRunner

pytestmark = pytest.mark.anyio


class Recorded(SessionRunner):
    """A runner that keeps what it tells (as a listener)."""

    def __init__(self) -> None:
        super().__init__()
        self.told: list[tuple[str, tuple[object, ...]]] = []
        self.listeners.append(self.keep)

    def keep(self, event: str, values: tuple[object, ...]) -> None:
        assert event in EVENTS
        self.told.append((event, values))

    def names(self) -> list[str]:
        return [name for name, _ in self.told]


async def test_a_session_runs_and_ends_telling_each_step_in_order(tmp_path: Path):
    runner = Recorded()
    assert not runner.connect_profile(demo_profile())  # no task group yet: nothing starts
    async with anyio.create_task_group() as tg:
        runner.task_group = tg
        assert runner.connect_profile(demo_profile())
        assert not runner.connect_profile(demo_profile())  # one at a time
        assert runner.running and runner.names()[:2] == ["recordingChanged", "runningChanged"]
        assert runner.told[0][1] == (runner.recording, runner.mode)
        await until(lambda: "ready" in runner.names(), what="the start sequence")
        rec = runner.recording
        assert rec is not None and rec.header["server_name"] == demo_profile().name
        with pytest.raises(RecordingError, match=WORDS["busy"]):
            runner.show_recording(rec)
        runner.end_session()
        await until(lambda: not runner.running, what="the shutdown")
    assert runner.names()[-3:] == ["stepPending", "runningChanged", "finished"]
    assert runner.told[-2][1] == (False,) and runner.told[-3][1] == (None,)
    summary = runner.told[-1][1][0]
    assert isinstance(summary, dict) and summary == runner.summary()
    path = tmp_path / "run.jsonl"
    runner.save_recording(path)
    assert len(Recording.load(path)) == len(rec)


async def test_step_mode_holds_the_start_until_continue_and_run_to_end_releases_it():
    runner = Recorded()
    async with anyio.create_task_group() as tg:
        runner.task_group = tg
        assert runner.connect_profile(demo_profile(), step=True)
        await until(lambda: runner.pending_step is not None, what="the first held message")
        assert runner.stepping
        assert ("stepPending", (runner.pending_step,)) in runner.told
        assert runner.pending_transition() is not None  # initialize: the edge it will take
        sent = len(runner.recording or [])
        assert runner.continue_step()
        await until(lambda: len(runner.recording or []) > sent, what="the step sent")
        assert not runner.set_stepping(False)  # like Run to end
        assert ("steppingChanged", (False,)) in runner.told
        await until(lambda: "ready" in runner.names(), what="the start sequence, no longer held")
        assert not runner.stepping
        assert runner.set_stepping(True)  # the next message waits again
        assert ("steppingChanged", (True,)) in runner.told
        runner.end_session()
        await until(lambda: not runner.running, what="the shutdown")
    assert not runner.set_stepping(True)  # no session runs: nothing to hold


def test_an_opened_recording_is_shown_read_only_with_its_mode_and_summary(tmp_path: Path):
    runner = Recorded()
    with pytest.raises(ValueError, match=WORDS["nothing"]):
        runner.save_recording(tmp_path / "none.jsonl")
    assert runner.summary() is None
    rec = Recording(header={"era_mode": "legacy"})
    rec.summary = {"exit_code": 0}
    assert runner.show_recording(rec) is rec and runner.session is None
    assert runner.told == [("recordingChanged", (rec, EraMode.LEGACY)), ("finished", ({"exit_code": 0},))]
    odd = Recording(header={"era_mode": "no such mode"})
    runner.show_recording(odd)
    assert runner.mode is EraMode.AUTO and runner.told[-1] == ("recordingChanged", (odd, EraMode.AUTO))


def test_notifications_other_than_log_messages_are_passed_on():
    runner = Recorded()
    runner.forward_notification(0, {"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
    runner.forward_notification(1, {"jsonrpc": "2.0", "method": "notifications/message", "params": {"data": 1}})
    runner.forward_notification(2, {"jsonrpc": "2.0", "id": 1, "result": {}})
    runner.forward_notification(3, ["not", "a", "message"])
    runner.forward_notification(4, {"method": "notifications/progress", "params": {"progress": 1}})
    assert runner.told == [
        ("notified", ("notifications/tools/list_changed", {})),
        ("notified", ("notifications/progress", {"progress": 1})),
    ]


def test_the_refusals_are_worded_by_the_callers_translation():
    runner = Recorded()
    runner.translate = lambda context, text: f"[{context}] {text}"
    with pytest.raises(ValueError, match=r"\[SessionController\] there is no session"):
        runner.save_recording("x.jsonl")


async def test_the_self_tests_session_steps_run_the_demo_through_the_runner():
    runner, out = Recorded(), io.StringIO()
    async with anyio.create_task_group() as tg:
        runner.task_group = tg
        await session_steps(SelfTestRun(out, io.StringIO()), runner, [demo_profile()])
    lines = out.getvalue().splitlines()
    assert [line.split(":")[1].split()[0] for line in lines] == ["demo", "tools/list", "demo"]
    assert "demo server connected" in lines[0] and "shut down" in lines[2] and "exit code 0" in lines[2]
    assert not runner.running and runner.names()[-1] == "finished"


async def test_the_self_tests_session_steps_fail_with_the_sessions_reason():
    broken = demo_profile()
    broken.command = "/nonexistent/python-for-the-demo"
    run = SelfTestRun(io.StringIO(), io.StringIO())
    runner = Recorded()
    async with anyio.create_task_group() as tg:
        runner.task_group = tg
        with pytest.raises(SelfTestFailed) as failed:
            await session_steps(run, runner, [broken])
    assert run.step == "demo server"
    assert ("failed", (str(failed.value),)) in runner.told  # the reason the runner told, as it was told


async def test_connect_demo_says_connected_then_how_it_finished_and_ending_waits_for_the_shutdown():
    runner, out = Recorded(), io.StringIO()
    async with anyio.create_task_group() as tg:
        runner.task_group = tg
        assert start_demo(runner, [demo_profile()], out)
        await until(lambda: "connected" in out.getvalue(), what="connected")
        assert runner.running and "finished" not in out.getvalue()
        await runner.end_and_wait()  # returns once the server has shut down per spec
        assert not runner.running and runner.names()[-1] == "finished"
    lines = out.getvalue().splitlines()
    assert lines[0] == "connected" and lines[1].startswith("finished shutdown=") and "exit_code=0" in lines[1]
    assert len(lines) == 2
