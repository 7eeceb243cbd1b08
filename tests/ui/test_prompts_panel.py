"""The Prompts panel against real servers: the demo (both eras), an SDK server that paginates,
and the npm reference server. Every action is checked on the wire and on screen."""

from __future__ import annotations

import sys
import textwrap

import anyio
import pytest
from peers import reference_server
from polling import until
from ui_driver import type_into

from inspector.protocol.engine import ClientConfig
from inspector.protocol.versions import EraMode
from inspector.session import Direction, Session, SessionOptions
from inspector.session.features import Availability, availability
from inspector.transport.base import StdioSpec
from inspector.ui.controller import SessionController
from inspector.ui.panels.prompts import PromptsPanel

pytestmark = pytest.mark.anyio

DEMO = [sys.executable, "-m", "inspector.demo"]
BOTH = pytest.mark.parametrize("mode", [EraMode.LEGACY, EraMode.MODERN], ids=["legacy", "modern"])


def params_of(session: Session, method: str, direction: Direction = Direction.C2S) -> list[dict]:
    rec = session.recording
    out = []
    for i in range(len(rec)):
        if rec.direction_at(i) is direction and rec.method_at(i) == method:
            obj = rec[i].json()
            if isinstance(obj, dict) and "method" in obj:
                params = dict(obj.get("params") or {})
                if direction is Direction.C2S:
                    params.pop("_meta", None)  # the modern per-request envelope
                out.append(params)
    return out


async def with_panel(qtbot, argv, mode: EraMode, body, *, overrides: dict | None = None) -> PromptsPanel:
    """Start a real session, hand it to a fresh panel (notifications through the controller)."""
    controller = SessionController()
    panel = PromptsPanel(controller)
    qtbot.addWidget(panel)
    panel.resize(1100, 760)
    panel.show()
    controller.notified.connect(panel.on_notification)
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        options = SessionOptions(
            transport=StdioSpec(argv), config=ClientConfig(era=mode), stdin_grace=2.0, term_grace=1.0
        )
        session = Session(options)
        session.notification_listeners.append(controller.forward_notification)
        async with session:
            await session.start()
            eng = session.engine
            era = eng.era.value
            verdict = availability(era, eng.version, eng.server_capabilities)["prompts"]
            if overrides:
                verdict = Availability(**{**verdict.__dict__, **overrides})
            assert verdict.shown
            panel.session_started(session, verdict, era, eng.version)
            await until(lambda: panel.feature.pager.loaded and not panel.busy.busy)
            await body(panel, session)
        panel.session_ended()
        tg.cancel_scope.cancel()
    return panel


# ---------------------------------------------------------------------- demo server


@BOTH
async def test_list_select_complete_and_get(qtbot, mode):
    async def body(panel: PromptsPanel, session: Session) -> None:
        assert [e["name"] for e in panel.list_view.entries()] == ["greeting", "code_review"]
        assert "2 prompts · 1 page" in panel.list_view.count.text()
        assert panel.list_view.tree.topLevelItem(0).text(2) == "name*, style"
        assert not panel.get_button.isEnabled()

        assert panel.list_view.select_where("name", "greeting")
        assert panel.heading.text() == "Greeting" and panel.name_label.text() == "greeting"
        assert list(panel.fields) == ["name", "style"]
        name, style = panel.fields["name"], panel.fields["style"]
        assert panel.required == {"name"}
        label = panel.args_box.form.labelForField(name)
        assert label.text() == "name *" and label.font().bold()
        assert "Who to greet." in name.toolTip() and name.placeholderText() == "required"
        assert style.placeholderText() == "optional"

        # completion, debounced, with the other filled values as context
        type_into(style, "p")
        await until(lambda: style.suggestions() == ["pirate"])
        type_into(name, "A")
        await until(lambda: name.suggestions() == ["Ada", "Alan"])
        asked = params_of(session, "completion/complete")
        assert asked[0] == {
            "ref": {"type": "ref/prompt", "name": "greeting"},
            "argument": {"name": "style", "value": "p"},
        }
        assert asked[1]["argument"] == {"name": "name", "value": "A"} and asked[1]["context"] == {
            "arguments": {"style": "p"}
        }
        if name.hasFocus():
            assert name.suggester.popup().isVisible()
        name.suggester.activated[str].emit("Ada")
        style.setText("pirate")

        panel.get_button.click()
        await until(lambda: panel.last_result is not None)
        assert params_of(session, "prompts/get") == [
            {"name": "greeting", "arguments": {"name": "Ada", "style": "pirate"}}
        ]
        assert panel.conversation.description.text() == "Description: A pirate greeting for Ada"
        bubbles = panel.conversation.bubbles
        assert [b.role for b in bubbles] == ["user"] and bubbles[0].role_label.text() == "User"
        cards = bubbles[0].view.cards()
        assert [c.kind for c in cards] == ["text"] and cards[0].text == "Write a short pirate greeting for Ada."

        # a prompt with an embedded resource: two messages
        panel.list_view.select_where("name", "code_review")
        type_into(panel.fields["language"], "ru")
        await until(lambda: panel.fields["language"].suggestions() == ["rust"])
        panel.fields["language"].setText("rust")
        panel.get_selected()
        await until(lambda: len(panel.conversation.bubbles) == 2)
        kinds = [b.view.cards()[0].kind for b in panel.conversation.bubbles]
        assert kinds == ["text", "resource"]
        assert panel.conversation.bubbles[1].view.cards()[0].uri == "demo://snippet.rust"
        assert "2 message(s)" in panel.status.text()

    await with_panel(qtbot, DEMO, mode, body)


async def test_required_arguments_are_checked_before_sending(qtbot):
    async def body(panel: PromptsPanel, session: Session) -> None:
        panel.list_view.select_where("name", "code_review")
        assert not panel.get_selected()
        assert panel.errors.isVisible() and "language" in panel.errors.text()
        assert params_of(session, "prompts/get") == []

    await with_panel(qtbot, DEMO, EraMode.LEGACY, body)


@BOTH
async def test_error_reply_is_shown_as_plain_text(qtbot, mode):
    async def body(panel: PromptsPanel, session: Session) -> None:
        # a prompt the server does not know (as after a stale list)
        panel.show_prompt({"name": "<i>gone</i>", "arguments": []})
        assert panel.get_selected()
        await until(lambda: panel.errors.isVisible())
        text = panel.errors.text()
        assert "-32602" in text and "Invalid params" in text and "Unknown prompt: <i>gone</i>" in text
        assert panel.errors.textFormat().name == "PlainText"
        assert panel.conversation.bubbles == []

    await with_panel(qtbot, DEMO, mode, body)


@BOTH
async def test_list_changed_refreshes_the_list(qtbot, mode):
    async def body(panel: PromptsPanel, session: Session) -> None:
        if mode is EraMode.MODERN:
            # modern servers announce list changes only on a stream that asked for them
            await until(lambda: panel.stream is not None and panel.stream.state == "listening")
            assert params_of(session, "subscriptions/listen")[-1]["notifications"] == {"promptsListChanged": True}
            assert "listening for prompt list changes" in panel.list_view.live_note.text()
        reply = await session.request("tools/call", {"name": "add_item", "arguments": {"kind": "prompt"}})
        assert reply.ok
        await until(lambda: "added_prompt_1" in [e["name"] for e in panel.list_view.entries()])
        assert len(params_of(session, "prompts/list")) == 2

    await with_panel(qtbot, DEMO, mode, body)


async def test_no_completions_capability_means_plain_fields(qtbot):
    async def body(panel: PromptsPanel, session: Session) -> None:
        panel.list_view.select_where("name", "greeting")
        field = panel.fields["name"]
        assert not field.completes and "did not declare completions" in field.toolTip()
        type_into(field, "A")
        await anyio.sleep(0.4)  # past the debounce
        assert params_of(session, "completion/complete") == []

    await with_panel(qtbot, DEMO, EraMode.LEGACY, body, overrides={"completions": False})


def test_resource_links_in_messages_are_forwarded(qtbot):
    panel = PromptsPanel(SessionController())
    qtbot.addWidget(panel)
    panel.conversation.set_result(
        {
            "messages": [
                {
                    "role": "assistant",
                    "content": {"type": "resource_link", "uri": "demo://static/readme.md", "name": "readme"},
                },
            ]
        }
    )
    bubble = panel.conversation.bubbles[0]
    assert bubble.role_label.text() == "Assistant"
    with qtbot.waitSignal(panel.resourceLinkActivated, timeout=1000) as blocker:
        bubble.view.cards()[0].link_button.click()
    assert blocker.args == ["demo://static/readme.md"]


# ---------------------------------------------------------------------- a server that paginates

PAGED_SERVER = textwrap.dedent(
    '''
    """Official-SDK server with 12 prompts, 5 a page."""
    import warnings

    import anyio
    import mcp_types as types
    from mcp.server import Server
    from mcp.server.stdio import stdio_server

    PROMPTS = [types.Prompt(name=f"p{i:02d}", description=f"prompt {i}") for i in range(12)]


    async def list_prompts(ctx, params):
        cursor = params.cursor if params is not None else None
        start = int(cursor) if cursor is not None else 0
        end = start + 5
        return types.ListPromptsResult(prompts=PROMPTS[start:end], next_cursor=str(end) if end < len(PROMPTS) else None)


    async def get_prompt(ctx, params):
        text = types.TextContent(type="text", text=f"I am {params.name}.")
        return types.GetPromptResult(messages=[types.PromptMessage(role="assistant", content=text)])


    async def main():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            server = Server("paged-prompts", version="1.0", on_list_prompts=list_prompts, on_get_prompt=get_prompt)
        async with stdio_server() as (r, w):
            await server.run(r, w, server.create_initialization_options())


    anyio.run(main)
    '''
)


@pytest.mark.peer
@BOTH
async def test_pagination(qtbot, mode, tmp_path):
    script = tmp_path / "paged_prompts.py"
    script.write_text(PAGED_SERVER)

    async def body(panel: PromptsPanel, session: Session) -> None:
        view = panel.list_view
        assert len(view.entries()) == 5 and view.more_button.isVisible()
        view.more_button.click()
        await until(lambda: len(view.entries()) == 10 and not panel.feature.pager.loading)
        panel.feature.load_more()
        await until(lambda: len(view.entries()) == 12 and not panel.feature.pager.loading)
        assert not view.more_button.isVisible() and "12 prompts · 3 pages" in view.count.text()
        assert [p.get("cursor") for p in params_of(session, "prompts/list")] == [None, "5", "10"]
        assert "use Refresh" in view.live_note.text()  # listChanged not declared
        view.select_where("name", "p11")
        assert "takes no arguments" in panel.args_box.hint.text()
        panel.get_selected()
        await until(lambda: len(panel.conversation.bubbles) == 1)
        assert panel.conversation.bubbles[0].role == "assistant"
        assert panel.conversation.bubbles[0].view.cards()[0].text == "I am p11."

    await with_panel(qtbot, [sys.executable, str(script)], mode, body)


# ---------------------------------------------------------------------- the reference server


@pytest.mark.peer
async def test_reference_server_dependent_completion_and_get(qtbot):
    async def body(panel: PromptsPanel, session: Session) -> None:
        assert panel.list_view.select_where("name", "completable-prompt")
        department, name = panel.fields["department"], panel.fields["name"]
        type_into(department, "")  # asked when the typing pauses (the field's debounce)
        await until(lambda: department.suggestions() == ["Engineering", "Sales", "Marketing", "Support"])
        department.suggester.activated[str].emit("Sales")
        type_into(name, "")
        await until(lambda: name.suggestions() == ["David", "Eve", "Frank"])  # narrowed by context
        name.setText("Eve")
        panel.get_selected()
        await until(lambda: len(panel.conversation.bubbles) == 1)
        assert panel.conversation.bubbles[0].view.cards()[0].text == "Please promote Eve to the head of the Sales team."

        # a JSON-RPC error from the reference server: a prompt it does not have (a stale list)
        panel.show_prompt({"name": "no-such-prompt"})
        panel.get_selected()
        await until(lambda: panel.errors.isVisible())
        assert "prompts/get no-such-prompt failed" in panel.errors.text() and "Error -32602" in panel.errors.text()
        assert panel.conversation.bubbles == []

    await with_panel(qtbot, reference_server(), EraMode.LEGACY, body)
