"""Roots, sampling and elicitation answered through the UI handlers, in both eras, against the
real demo server (legacy: JSON-RPC requests; 2026-07-28: InputRequiredResult rounds) and the npm
reference server (legacy). Dialogs are filled and clicked like a user would, never exec()'d."""

from __future__ import annotations

import sys
from contextlib import asynccontextmanager

import anyio
import pytest
from answer_views import client_answers, retry_responses  # noqa: E402
from peers import reference_server  # noqa: E402
from polling import until  # noqa: E402
from PySide6.QtCore import Qt
from PySide6.QtGui import QDesktopServices
from ui_driver import type_into  # noqa: E402

from inspector.session import Direction, Session, SessionError
from inspector.session.profiles import ProfileStore, ServerProfile, demo_profile
from inspector.ui.client_side import (
    ElicitationDialog,
    ElicitationForm,
    Origin,
    SamplingDialog,
    UiClientHandlers,
)
from inspector.ui.connection import RootsEditor
from inspector.ui.controller import SessionController
from inspector.ui.schema_form import SchemaForm

pytestmark = pytest.mark.anyio
BOUND = 30.0
ROOTS = [{"uri": "file:///tmp/project", "name": "project"}]


def reference_argv() -> list[str]:
    return reference_server()


def profile_for(server: str, era: str) -> ServerProfile:
    if server == "demo":
        profile = demo_profile()
    else:
        argv = reference_argv()
        profile = ServerProfile(
            name="reference server",
            command=argv[0],
            args=argv[1:],
            capabilities=["roots", "sampling", "elicitation.form", "elicitation.url"],
        )
    profile.era = era
    profile.roots = [dict(r) for r in ROOTS]
    profile.stdin_grace = profile.term_grace = 1.0
    profile.request_timeout = BOUND
    return profile


class Live:
    def __init__(self, session: Session, handlers: UiClientHandlers, tg) -> None:
        self.session = session
        self.handlers = handlers
        self.tg = tg
        self.replies: dict[str, object] = {}

    @property
    def rec(self):
        return self.session.recording

    def call(self, key: str, name: str, arguments: dict | None = None) -> None:
        """tools/call in the background (it waits for a dialog); the reply lands in replies[key]."""

        async def go() -> None:
            try:
                self.replies[key] = await self.session.request(
                    "tools/call", {"name": name, "arguments": arguments or {}}
                )
            except SessionError as exc:
                self.replies[key] = exc

        self.tg.start_soon(go)

    async def reply(self, key: str):
        return await until(lambda: self.replies.get(key), what=f"the reply to {key}")

    async def dialog(self, cls):
        return await until(
            lambda: next((d for d in self.handlers.open_dialogs if isinstance(d, cls)), None), what=cls.__name__
        )

    async def tool(self, name: str) -> None:
        """Wait until the server lists ``name`` (the reference server registers some after initialized)."""
        with anyio.fail_after(BOUND):
            while True:
                reply = await self.session.request("tools/list")
                if reply.ok and any(t.get("name") == name for t in reply.result.get("tools", [])):
                    return
                await anyio.sleep(0.1)


@asynccontextmanager
async def live(
    server: str = "demo",
    era: str = "legacy",
    *,
    editor: RootsEditor | None = None,
    timeout: float = 300.0,
    attach_tg: bool = True,
):
    profile = profile_for(server, era)
    handlers = UiClientHandlers(None, profile.roots, timeout=timeout)
    if editor is not None:
        editor.set_roots(profile.roots)
        # as the window does: the edited server's roots are the handlers' (live, during a session too)
        editor.changed.connect(lambda: handlers.set_roots(editor.roots()))
    async with anyio.create_task_group() as tg:
        session = Session(profile.to_options(), handlers=handlers)
        session.recording.header["server_name"] = profile.name
        handlers.attach(session, tg if attach_tg else None)
        async with session:
            await session.start()
            assert session.engine.era.value == era
            yield Live(session, handlers, tg)
        tg.cancel_scope.cancel()


def text_of(reply) -> str:
    assert not isinstance(reply, Exception), reply
    assert reply.ok, reply.error
    return "\n".join(b.get("text", "") for b in reply.result.get("content", []))


# ----------------------------------------------------------------------------- roots


@pytest.mark.parametrize("era", ["legacy", "modern"])
@pytest.mark.parametrize("attach_tg", [True, False], ids=["attach-with-task-group", "attach-session-only"])
async def test_roots_come_from_the_editor(qapp, era, attach_tg):
    editor = RootsEditor()
    async with live("demo", era, editor=editor, attach_tg=attach_tg) as s:
        assert editor.add_root("file:///home/ada/notes", "notes")
        expected = [
            {"uri": "file:///tmp/project", "name": "project"},
            {"uri": "file:///home/ada/notes", "name": "notes"},
        ]
        assert s.handlers.roots == expected
        s.call("roots", "list_roots")
        text = text_of(await s.reply("roots"))
        assert "2 root(s)" in text and "notes: file:///home/ada/notes" in text
        if era == "legacy":
            assert client_answers(s.rec, "roots/list")[-1]["result"] == {"roots": expected}
            # the change during the session was announced (roots.listChanged was declared)
            await until(lambda: _notes(s.rec), what="roots/list_changed")
        else:
            assert retry_responses(s.rec) == {"roots": {"roots": expected}}
            assert not _notes(s.rec)  # no roots/list_changed in 2026-07-28
            assert client_answers(s.rec, "roots/list") == []  # never a JSON-RPC response in modern stdio
        assert s.handlers.history[-1] == ("roots/list", "answered")


def _notes(rec) -> list:
    return [
        i
        for i in range(len(rec))
        if rec.direction_at(i) is Direction.C2S and rec.method_at(i) == "notifications/roots/list_changed"
    ]


def test_roots_editor_edits_and_rejects_non_file_uris(qapp, tmp_path):
    editor = RootsEditor()
    changes: list[int] = []
    editor.changed.connect(lambda: changes.append(1))
    editor.set_roots(ROOTS)
    assert changes == []  # set_roots is not a user edit
    assert not editor.add_root("https://example.com/x")
    assert editor.problem.isVisibleTo(editor) and "file://" in editor.problem.text()
    assert editor.add_folder(str(tmp_path))
    assert editor.roots()[-1] == {"uri": tmp_path.as_uri(), "name": tmp_path.name}
    editor.uri_edit.setText("file:///srv/data")
    editor.add_uri_button.click()
    assert editor.roots()[-1] == {"uri": "file:///srv/data", "name": "data"}
    assert editor.uri_edit.text() == ""
    # edit in place: a bad URI is flagged and left out, a good one is taken
    editor.table.item(0, 0).setText("ftp://nope")
    assert [r["uri"] for r in editor.roots()] == [tmp_path.as_uri(), "file:///srv/data"]
    assert "ftp://nope" in editor.problem.text()
    editor.table.item(0, 0).setText("file:///tmp/project2")
    assert editor.roots()[0]["uri"] == "file:///tmp/project2" and not editor.problem.isVisibleTo(editor)
    editor.table.selectRow(1)
    editor.remove_button.click()
    assert [r["uri"] for r in editor.roots()] == ["file:///tmp/project2", "file:///srv/data"]
    assert len(changes) == 5  # two adds, two edits, one removal
    dialog = editor.pick_folder()  # non-blocking picker
    assert dialog.isVisible()
    dialog.reject()


def test_profile_roots_survive_a_save_and_load(tmp_path):
    store = ProfileStore(tmp_path)
    p = ServerProfile(name="s", command="node", roots=[{"uri": "file:///a", "name": "A"}])
    store.save([demo_profile(), p])
    loaded = store.load()
    assert loaded[1].roots == [{"uri": "file:///a", "name": "A"}]
    assert loaded[0].roots == []


# ----------------------------------------------------------------------------- sampling


@pytest.mark.parametrize("era", ["legacy", "modern"])
async def test_sampling_approved_with_an_edited_response(qapp, era):
    async with live("demo", era) as s:
        s.call("sample", "sample_llm", {"prompt": "Say hello to the tests.", "max_tokens": 42})
        dialog = await s.dialog(SamplingDialog)
        path = "InputRequiredResult input request" if era == "modern" else "JSON-RPC request sampling/createMessage"
        assert path in dialog.banner.headline.text()
        assert "Demo server" in dialog.banner.headline.text()
        assert "Say hello to the tests." in dialog.request_view.toPlainText()
        assert "You are a helpful assistant" in dialog.request_view.toPlainText()  # the system prompt
        assert dialog.max_tokens_label.text() == "42"
        assert dialog.isVisible() and not dialog.isModal()
        dialog.text_edit.setPlainText("Hello, tests!")
        dialog.model_edit.setText("test-model-1")
        dialog.stop_reason.setCurrentText("maxTokens")
        dialog.approve_button.click()
        text = text_of(await s.reply("sample"))
        assert text == "The model test-model-1 answered: Hello, tests!"
        expected = {
            "role": "assistant",
            "content": {"type": "text", "text": "Hello, tests!"},
            "model": "test-model-1",
            "stopReason": "maxTokens",
        }
        if era == "legacy":
            assert client_answers(s.rec, "sampling/createMessage")[-1]["result"] == expected
        else:
            assert retry_responses(s.rec) == {"sample": expected}
        assert s.handlers.open_dialogs == []
        assert s.handlers.history[-1] == ("sampling/createMessage", "answered")


@pytest.mark.parametrize("era", ["legacy", "modern"])
async def test_sampling_rejected(qapp, era):
    async with live("demo", era) as s:
        s.call("sample", "sample_llm")
        dialog = await s.dialog(SamplingDialog)
        dialog.reject_button.click()
        reply = await s.reply("sample")
        text = text_of(reply)
        if era == "legacy":
            err = client_answers(s.rec, "sampling/createMessage")[-1]["error"]
            assert err["code"] == -1 and err["message"] == "User rejected sampling request"
            assert reply.result["isError"] is True and "-1" in text
        else:
            # An InputResponse can only be a result: the refused request is left out of the retry
            # and the server decides (the demo ends the tool with isError).
            assert retry_responses(s.rec) == {}
            assert reply.result["isError"] is True and "retried without an answer" in text


@pytest.mark.parametrize("era", ["legacy", "modern"])
async def test_sampling_dialog_never_hangs_when_the_session_ends(qapp, era):
    closed: list[tuple[bool, str]] = []
    async with live("demo", era) as s:
        s.handlers.signals.dialogClosed.connect(lambda d, how: closed.append((d.isVisible(), how)))
        s.call("sample", "sample_llm")
        dialog = await s.dialog(SamplingDialog)
        assert dialog.isVisible()
    # leaving the session shut the server down: the dialog went away unanswered
    assert s.handlers.open_dialogs == []
    assert len(closed) == 1 and closed[0][0] is False and closed[0][1] in ("session ended", "cancelled")
    assert s.handlers.history[-1] == ("sampling/createMessage", closed[0][1])
    if era == "modern":
        assert isinstance(s.replies.get("sample"), SessionError)  # the retry found the server gone


@pytest.mark.parametrize("era", ["legacy", "modern"])
async def test_through_the_controller_disconnect_ends_an_open_dialog(qapp, era):
    """The app's wiring: the controller builds the handlers per profile and attaches the session."""
    controller = SessionController()
    made: list[UiClientHandlers] = []
    controller.handlers_factory = lambda profile: (
        made.append(UiClientHandlers(None, profile.roots, controller=controller)) or made[-1]
    )
    replies: dict = {}
    async with anyio.create_task_group() as tg:
        controller.task_group = tg
        assert controller.connect_profile(profile_for("demo", era))
        await until(
            lambda: controller.session is not None and controller.session.state.value in ("operating", "ready"),
            what="a ready session",
        )
        handlers = made[0]
        assert handlers.origin("roots/list").era == era

        async def call() -> None:
            try:
                replies["sample"] = await controller.session.request(
                    "tools/call", {"name": "sample_llm", "arguments": {}}
                )
            except SessionError as exc:
                replies["sample"] = exc

        tg.start_soon(call)
        await until(lambda: handlers.open_dialogs, what="the sampling dialog")
        controller.end_session()
        await until(lambda: not controller.running, what="the session to end")
        await until(lambda: "sample" in replies, what="the tool call to end")
        assert handlers.open_dialogs == []
        assert handlers.history[-1][0] == "sampling/createMessage" and handlers.history[-1][1] in (
            "session ended",
            "cancelled",
        )
        tg.cancel_scope.cancel()


@pytest.mark.parametrize("era", ["legacy", "modern"])
async def test_session_ended_hook_closes_open_dialogs(qapp, era):
    async with live("demo", era) as s:
        s.call("form", "elicit_form")
        await s.dialog(ElicitationDialog)
        s.handlers.session_ended()  # what a controller calls when its session stops
        text = text_of(await s.reply("form"))
        assert "The user chose 'cancel'" in text
        assert s.handlers.history[-1] == ("elicitation/create", "session ended")


async def test_sampling_is_rejected_after_the_timeout(qapp):
    async with live("demo", "legacy", timeout=0.5) as s:
        s.call("sample", "sample_llm")
        dialog = await s.dialog(SamplingDialog)
        assert "Rejected automatically in 0:01" in dialog.countdown.text()
        reply = await s.reply("sample")
        assert reply.result["isError"] is True
        err = client_answers(s.rec, "sampling/createMessage")[-1]["error"]
        assert err == {
            "code": -1,
            "message": "User rejected sampling request",
            "data": {"reason": "no answer within 0.5 s"},
        }
        assert s.handlers.history[-1] == ("sampling/createMessage", "timeout")
        assert s.handlers.open_dialogs == []


# ----------------------------------------------------------------------------- elicitation


@pytest.mark.parametrize("era", ["legacy", "modern"])
async def test_elicitation_form_with_defaults_accepted(qapp, era):
    async with live("demo", era) as s:
        s.call("form", "elicit_form")
        dialog = await s.dialog(ElicitationDialog)
        assert dialog.mode == "form"
        path = "InputRequiredResult input request" if era == "modern" else "JSON-RPC request elicitation/create"
        assert path in dialog.banner.headline.text()
        assert dialog.message.text() == "Tell the demo a little about yourself."
        form = dialog.form
        # defaults are pre-filled
        assert form.value() == {
            "name": "Ada Lovelace",
            "age": 36,
            "newsletter": False,
            "color": "green",
            "toppings": ["cheese"],
        }
        assert form.field("color").combo.currentText() == "Green"  # titled enum shows its title
        # errors are shown where they are typed, and nothing is sent
        type_into(form.field("name").line, "")
        type_into(form.field("email").line, "not-an-address")
        type_into(form.field("age").line, "200")
        dialog.accept_button.click()
        assert dialog.isVisible() and "form" not in s.replies
        assert (
            form.field("name").error_label.isVisibleTo(dialog) and form.field("name").error_label.text() == "required"
        )
        assert form.field("email").error_label.text() == "must be an e-mail address"
        assert form.field("age").error_label.text() == "must be at most 150"
        assert not form.field("color").error_label.isVisibleTo(dialog)
        # fixing a field clears its message as you type
        type_into(form.field("age").line, "36")
        assert not form.field("age").error_label.isVisibleTo(dialog)
        type_into(form.field("name").line, "Ada Lovelace")
        type_into(form.field("email").line, "ada@example.com")
        form.field("newsletter").box.setChecked(True)
        toppings = form.field("toppings").list
        next(toppings.item(i) for i in range(toppings.count()) if toppings.item(i).text() == "olive").setCheckState(
            Qt.CheckState.Checked
        )
        dialog.accept_button.click()
        text = text_of(await s.reply("form"))
        content = {
            "name": "Ada Lovelace",
            "email": "ada@example.com",
            "age": 36,
            "newsletter": True,
            "color": "green",
            "toppings": ["cheese", "olive"],
        }
        assert "The user accepted and sent" in text and '"email": "ada@example.com"' in text
        answer = {"action": "accept", "content": content}
        if era == "legacy":
            assert client_answers(s.rec, "elicitation/create")[-1]["result"] == answer
        else:
            assert retry_responses(s.rec) == {"form": answer}


@pytest.mark.parametrize("era", ["legacy", "modern"])
@pytest.mark.parametrize("button", ["decline", "cancel"])
async def test_elicitation_declined_or_cancelled(qapp, era, button):
    async with live("demo", era) as s:
        s.call("form", "elicit_form")
        dialog = await s.dialog(ElicitationDialog)
        getattr(dialog, f"{button}_button").click()
        text = text_of(await s.reply("form"))
        assert f"The user chose '{button}'" in text
        if era == "legacy":
            assert client_answers(s.rec, "elicitation/create")[-1]["result"] == {"action": button}
        else:
            assert retry_responses(s.rec) == {"form": {"action": button}}


@pytest.mark.parametrize("era", ["legacy", "modern"])
async def test_url_elicitation_opens_the_link_only_after_confirmation(qapp, era, monkeypatch):
    opened: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", staticmethod(lambda url: opened.append(url.toString()) or True))
    async with live("demo", era) as s:
        s.call("url", "elicit_url")
        dialog = await s.dialog(ElicitationDialog)
        assert dialog.mode == "url" and dialog.form is None
        assert dialog.url.startswith("https://example.com/mcp-session-inspector/demo-sign-in?request=")
        assert dialog.url_edit.toPlainText() == dialog.url and dialog.host_label.text() == "example.com"
        assert "Sign in to the (imaginary) demo service" in dialog.message.text()
        assert opened == []  # shown, not opened
        dialog.open_button.click()
        assert opened == [dialog.url]
        assert dialog.open_status.text() == "Opened in your browser."
        dialog.accept_button.click()
        text = text_of(await s.reply("url"))
        assert "agreed to open the URL" in text
        if era == "legacy":
            assert client_answers(s.rec, "elicitation/create")[-1]["result"] == {
                "action": "accept"
            }  # no content in url mode
        else:
            assert retry_responses(s.rec) == {"sign_in": {"action": "accept"}}
    assert opened == [dialog.url]


def test_url_elicitation_refuses_to_open_other_schemes(qapp, monkeypatch):
    opened: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", staticmethod(lambda url: opened.append(url.toString()) or True))
    dialog = ElicitationDialog(
        {"mode": "url", "message": "x", "url": "file:///etc/passwd", "elicitationId": "1"},
        Origin("elicitation/create"),
        None,
    )
    assert not dialog.open_button.isEnabled() and "file" in dialog.url_problem.text()
    dialog.open_button.click()
    assert not dialog.confirm_open()
    assert opened == []
    answers: list = []
    dialog.answered.connect(answers.append)
    dialog.close()  # closing the window is a cancel
    assert answers == [{"action": "cancel"}]


def test_elicitation_form_covers_the_primitive_schema(qapp):
    schema = {
        "type": "object",
        "properties": {
            "s": {"type": "string", "minLength": 2, "maxLength": 4, "pattern": "^[a-z]+$"},
            "d": {"type": "string", "format": "date"},
            "dt": {"type": "string", "format": "date-time"},
            "u": {"type": "string", "format": "uri"},
            "n": {"type": "number", "minimum": 0, "maximum": 1000, "default": 3.14},
            "i": {"type": "integer", "default": 42},
            "legacy": {"type": "string", "enum": ["p1", "p2"], "enumNames": ["Cats", "Dogs"], "default": "p2"},
            "plain": {"type": "string", "enum": ["a", "b"]},
            "multi": {
                "type": "array",
                "items": {"anyOf": [{"const": "f1", "title": "Tuna"}, {"const": "f2", "title": "Salmon"}]},
                "maxItems": 1,
            },
            "b": {"type": "boolean"},
        },
        "required": ["s", "plain"],
    }
    form = ElicitationForm(schema)
    assert isinstance(form, SchemaForm)  # one form engine for tool arguments and elicitation
    assert [f.key for f in form.fields()] == list(schema["properties"])  # in the schema's order
    # defaults pre-filled; an optional boolean without a default is "not set" and left out
    assert form.value() == {"n": 3.14, "i": 42, "legacy": "p2"}
    assert form.errors() == {"s": "required", "plain": "required"}
    assert form.field("legacy").combo.currentText() == "Dogs"
    form.set_value(
        {
            "s": "abc",
            "plain": "b",
            "d": "2024-02-30",
            "dt": "2024-01-01T10:00:00",
            "u": "nope",
            "multi": ["f1", "f2"],
            "i": "4.5",
        }
    )
    assert form.errors() == {
        "d": "must be a date (YYYY-MM-DD)",
        "dt": "needs a time zone (Z or ±hh:mm)",
        "u": "must be a URI (scheme:...)",
        "multi": "allows at most 1 item(s)",
        "i": "must be a whole number",
    }
    form.set_value({"s": "ABC", "plain": "b"})
    assert form.errors() == {"s": "must match the pattern ^[a-z]+$"}
    done = {
        "s": "abc",
        "d": "2024-02-29",
        "dt": "2024-01-01T10:00:00Z",
        "u": "https://x.org",
        "n": 3.14,
        "i": 7,
        "legacy": "p2",
        "plain": "b",
        "multi": ["f2"],
        "b": False,
    }
    form.set_value(done)
    assert form.errors() == {} and form.value() == done
    assert ElicitationForm({}).empty_note.text() == "The server asked for no fields: Accept sends empty content."


# ----------------------------------------------------------------------------- the reference server


@pytest.mark.peer
@pytest.mark.parametrize("approve", [True, False])
async def test_reference_server_sampling(qapp, approve):
    async with live("reference", "legacy") as s:
        await s.tool("trigger-sampling-request")
        s.call("sample", "trigger-sampling-request", {"prompt": "What is MCP?", "maxTokens": 50})
        dialog = await s.dialog(SamplingDialog)
        assert "JSON-RPC request sampling/createMessage" in dialog.banner.headline.text()
        assert "What is MCP?" in dialog.request_view.toPlainText()
        assert "temperature 0.7" in dialog.extra_label.text()
        if approve:
            dialog.text_edit.setPlainText("A protocol for tools.")
            dialog.model_edit.setText("ref-test-model")
            dialog.approve_button.click()
            text = text_of(await s.reply("sample"))
            assert "LLM sampling result" in text and "A protocol for tools." in text and "ref-test-model" in text
            answer = client_answers(s.rec, "sampling/createMessage")[-1]
            assert answer["result"]["content"] == {"type": "text", "text": "A protocol for tools."}
        else:
            dialog.reject_button.click()
            reply = await s.reply("sample")
            answer = client_answers(s.rec, "sampling/createMessage")[-1]
            assert answer["error"]["code"] == -1
            # the server turns the rejected request into a tool error (or a JSON-RPC error)
            assert (reply.ok and reply.result.get("isError")) or not reply.ok
            assert "User rejected sampling request" in (text_of(reply) if reply.ok else reply.error["message"])


@pytest.mark.peer
async def test_reference_server_elicitation_form_with_defaults(qapp):
    async with live("reference", "legacy") as s:
        await s.tool("trigger-elicitation-request")
        s.call("form", "trigger-elicitation-request")
        dialog = await s.dialog(ElicitationDialog)
        form = dialog.form
        assert len(form.fields()) == 13
        # the optional boolean "check" has no default: left "not set", it is not sent
        assert form.field("check").box.checkState() == Qt.CheckState.PartiallyChecked
        dialog.accept_button.click()  # name is required and has no default
        assert form.field("name").error_label.text() == "required" and "form" not in s.replies
        type_into(form.field("name").line, "Grace Hopper")
        # The default 3.14 fits the requested schema (type number) but not the answer's:
        # 2025-11-25's ElicitResult carries only strings, integers, booleans and string lists.
        dialog.accept_button.click()
        assert (
            form.field("number").error_label.text()
            == "Answers in this protocol version carry whole numbers only: enter a whole number."
        )
        assert form.field("number").error_label.isVisible() and not dialog.problem.isVisible()
        await anyio.sleep(0.2)
        assert "form" not in s.replies and not client_answers(s.rec, "elicitation/create")
        type_into(form.field("number").line, "3")
        dialog.accept_button.click()
        text = text_of(await s.reply("form"))
        assert "User provided the requested information" in text and "Name: Grace Hopper" in text
        content = client_answers(s.rec, "elicitation/create")[-1]["result"]["content"]
        assert content == {
            "name": "Grace Hopper",
            "firstLine": "It was a dark and stormy night.",
            "integer": 42,
            "number": 3,
            "untitledSingleSelectEnum": "Monica",
            "untitledMultipleSelectEnum": ["Guitar"],
            "titledSingleSelectEnum": "hero-1",
            "titledMultipleSelectEnum": ["fish-1"],
            "legacyTitledEnum": "pet-1",
        }
        # the roots request it sends after initialized was answered from the profile's roots
        answers = await until(lambda: client_answers(s.rec, "roots/list"), what="the answer to roots/list")
        assert answers[-1]["result"] == {"roots": ROOTS}


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
