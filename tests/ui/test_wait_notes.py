"""A panel waiting on a list whose answer was flagged says so, with a way to the entry (issue 22).

The whole window against a real fixture server that answers every list request with an id no
request has (misbehave.py --mode wrong-id-lists), at 1280x720 with a short request timeout:
the Tools, Prompts and Resources panels each say which answer came, at which entry, and why it
was flagged while they wait; the button selects that entry in the timeline; after the timeout
they say the request timed out, with the timeout's entry too. The notes follow a live language
switch both ways.
"""

from __future__ import annotations

import os

import anyio
import pytest
from peers import misbehave
from ui_driver import quick, session_in_window, until

from inspector.session.profiles import ServerProfile
from inspector.session.recording import Direction

pytestmark = pytest.mark.anyio

TIMEOUT = 2.5  # the profile's request timeout: long enough to look at the waiting state, short for a test


def _profile() -> ServerProfile:
    argv = misbehave("wrong-id-lists")
    profile = quick(ServerProfile(name="wrong ids", command=argv[0], args=argv[1:]))
    profile.request_timeout = TIMEOUT
    return profile


async def test_a_panel_waiting_on_a_flagged_answer_says_so_and_links_the_entry(window_and_controller, tmp_path):
    controller, window = window_and_controller
    window.resize(1280, 720)
    async with session_in_window(controller, window, _profile()):
        host = window.panels
        await until(lambda: {"tools", "prompts", "resources"} <= set(host.shown_keys()))
        tools, prompts, resources = host.panels["tools"], host.panels["prompts"], host.panels["resources"]
        rec = controller.session.recording
        watched = ((tools, "tools/list"), (prompts, "prompts/list"), (resources, "resources/list"))
        await until(lambda: all(p.wait_state(m) is not None and p.wait_state(m).unmatched for p, m in watched), 10)
        waiting = {}
        for panel, method in watched:
            state = panel.wait_state(method)
            assert state.waiting and state.timeout_seq is None
            (answer,) = state.unmatched
            assert rec.direction_at(answer.seq) is Direction.S2C and "jsonrpc.response-unknown-id" in rec.violations_at(
                answer.seq
            )
            assert rec.id_at(answer.seq) == state.request_id + 1000
            note = panel.wait_note(method)
            assert note.isVisibleTo(panel)
            text = note.text.text()
            assert text == (
                f"Waiting for {method} (id {state.request_id}): an answer with id {state.request_id + 1000} came at "
                f"#{answer.seq}, flagged: no request has that id."
            )
            assert [b.text() for b in note.buttons if b.isVisibleTo(note)] == [f"Show entry #{answer.seq}"]
            waiting[method] = (state.request_id, answer.seq, text)
        # the list statuses no longer just say "Loading…"
        assert tools.count_label.text() == "Waiting (an answer was flagged)…"
        assert prompts.list_view.count.text() == "Waiting (an answer was flagged)…"
        assert resources.resource_list.count.text() == "Waiting (an answer was flagged)…"
        if os.environ.get("INSPECTOR_GRAB"):
            host.show_panel("tools")
            await anyio.sleep(0.1)
            window.grab().save(str(tmp_path / "waiting.png"))
        # the button selects the flagged answer in the timeline
        note = tools.wait_note("tools/list")
        note.buttons[0].click()
        assert window.timeline.current_seq() == waiting["tools/list"][1]
        prompts.wait_note("prompts/list").buttons[0].click()
        assert window.timeline.current_seq() == waiting["prompts/list"][1]

        # a live language switch, both ways, redraws the note from its state
        window.languages.set_choice("zh_CN")
        try:
            await anyio.sleep(0.05)
            zh = note.text.text()
            assert zh != waiting["tools/list"][2] and "tools/list" in zh and f"#{waiting['tools/list'][1]}" in zh
            assert "Waiting" not in zh and "flagged" not in zh
            assert (
                "Show entry" not in note.buttons[0].text() and f"#{waiting['tools/list'][1]}" in note.buttons[0].text()
            )
            assert "Waiting" not in tools.count_label.text()
        finally:
            window.languages.set_choice("en")
        await anyio.sleep(0.05)
        assert note.text.text() == waiting["tools/list"][2]

        # after the timeout: said, with the timeout's entry beside the answer's
        await until(lambda: all(p.wait_state(m).timeout_seq is not None for p, m in watched), TIMEOUT + 10)
        await until(lambda: not tools.feature.loading)
        for panel, method in watched:
            state = panel.wait_state(method)
            rid, at, _text = waiting[method]
            t = state.timeout_seq
            assert (
                rec.direction_at(t) is Direction.EVENT
                and "lifecycle.no-answer" in rec.violations_at(t)
                and rec.paired_at(t) == state.request_seq
            )
            note = panel.wait_note(method)
            assert note.text.text() == (
                f"{method} (id {rid}) timed out at #{t}, unanswered; an answer with id {rid + 1000} had come at #{at}, "
                "flagged: no request has that id."
            )
            assert [b.text() for b in note.buttons if b.isVisibleTo(note)] == [f"Show entry #{at}", f"Show entry #{t}"]
        tools.wait_note("tools/list").buttons[1].click()
        assert window.timeline.current_seq() == tools.wait_state("tools/list").timeout_seq
        assert tools.count_label.text() == "0 tools"  # no longer loading; the note says why the list is empty
        assert "got no answer" in tools.list_error.text()

        # a new load of the list starts a new wait: the old note goes until this one is flagged
        before = tools.wait_state("tools/list").request_seq
        assert tools.feature.refresh()
        await until(lambda: (tools.wait_state("tools/list").request_seq or 0) > before)
        state = tools.wait_state("tools/list")
        assert state.timeout_seq is None and "timed out" not in tools.wait_note("tools/list").text.text()
        await until(lambda: bool(tools.wait_state("tools/list").unmatched))
        assert tools.wait_note("tools/list").text.text().startswith(f"Waiting for tools/list (id {state.request_id}): ")
    # a new session or recording takes the notes away
    controller.recordingChanged.emit(rec, controller.mode)
    assert not tools.wait_note("tools/list").isVisibleTo(tools)


async def test_a_flagged_answer_of_its_own_is_said_and_a_clean_one_says_nothing(window_and_controller):
    """tools/list answered without "jsonrpc" (misbehave.py --mode no-jsonrpc): the list loads, and
    the note says the answer was flagged, naming the rule (its text in the tooltip). Against the
    well-behaved mode nothing is said."""
    controller, window = window_and_controller
    for mode, flagged in (("no-jsonrpc", True), ("good", False)):
        argv = misbehave(mode)
        async with session_in_window(
            controller, window, quick(ServerProfile(name=mode, command=argv[0], args=argv[1:]))
        ):
            tools = window.panels.panels["tools"]
            await until(
                lambda tools=tools: controller.session is not None and bool(tools.tools) and not tools.feature.loading
            )
            state = tools.wait_state("tools/list")
            note = tools.wait_note("tools/list")
            assert state is not None and state.answer is not None and not state.unmatched
            if flagged:
                assert note.isVisibleTo(tools)
                assert note.text.text() == (
                    f"tools/list (id {state.request_id}) was answered at #{state.answer.seq}, flagged: "
                    "jsonrpc.version; it does not follow the schema."
                )
                assert "jsonrpc.version — The &#x27;jsonrpc&#x27; member is missing" in note.text.toolTip()
                note.buttons[0].click()
                assert window.timeline.current_seq() == state.answer.seq
            else:
                assert state.answer.rules == () and not note.isVisibleTo(tools)
            assert tools.count_label.text().startswith("1 tool")


async def test_a_wait_ended_by_a_disconnect_says_the_request_went_unanswered(window_and_controller):
    controller, window = window_and_controller
    async with session_in_window(controller, window, _profile()):
        tools = window.panels.panels["tools"]
        await until(
            lambda: tools.wait_state("tools/list") is not None and bool(tools.wait_state("tools/list").unmatched), 10
        )
        controller.end_session()  # before the timeout: the request is given up
        await until(lambda: not controller.running)
        state = tools.wait_state("tools/list")
        assert state.abandoned and state.timeout_seq is None
        (answer,) = state.unmatched
        assert tools.wait_note("tools/list").text.text() == (
            f"tools/list (id {state.request_id}) went unanswered: the client stopped waiting (cancelled, or the "
            "server went away); "
            f"an answer with id {answer.id} had come at #{answer.seq}, flagged: no request has that id."
        )
        assert tools.count_label.text() == "0 tools"


async def test_several_answers_no_request_could_take_are_counted(window_and_controller):
    controller, window = window_and_controller
    argv = misbehave("wrong-id-lists", "--repeat", "3")
    async with session_in_window(
        controller, window, quick(ServerProfile(name="three wrong ids", command=argv[0], args=argv[1:]))
    ):
        tools = window.panels.panels["tools"]
        await until(
            lambda: tools.wait_state("tools/list") is not None and tools.wait_state("tools/list").unmatched_count == 3,
            10,
        )
        state = tools.wait_state("tools/list")
        last = state.unmatched[-1]
        assert last.id == state.request_id + 1002
        note = tools.wait_note("tools/list")
        assert note.text.text() == (
            f"Waiting for tools/list (id {state.request_id}): 3 answers no request could take came, the last with "
            f"id {last.id} "
            f"at #{last.seq}, flagged: no request has that id."
        )
        assert [b.text() for b in note.buttons if b.isVisibleTo(note)] == [f"Show entry #{last.seq}"]
