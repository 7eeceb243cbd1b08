"""The resources and completions controllers (session/controllers/resources.py, completions.py),
headless, against real servers over real pipes: the demo server in both eras (lists, reads,
templates with completion, subscriptions and updates, list changes) and the npm reference
server (a list, a template, completion, subscription updates). Also the protocol facts they
use (protocol/errors.py, versions.completion_takes_context, protocol/uri_template.py)."""

from __future__ import annotations

import json
import re
import sys

import anyio
import pytest
from peers import reference_server  # noqa: E402
from polling import until  # noqa: E402

from inspector.demo.catalog import COUNTER_URI, ITEMS, ITEMS_TEMPLATE, LOGO_URI, README_TEXT, README_URI
from inspector.protocol.engine import ClientConfig
from inspector.protocol.errors import ERROR_NAMES, error_name
from inspector.protocol.uri_template import expand_template, template_required, template_variables
from inspector.protocol.versions import ALL_VERSIONS, LATEST_LEGACY, EraMode, completion_takes_context
from inspector.resources import resource_path
from inspector.session import Direction, Session, SessionOptions
from inspector.session.controllers.base import FAIL_ERROR, FAIL_SESSION, LISTED
from inspector.session.controllers.completions import (
    MAX_VALUES,
    completion_params,
    fetch_completions,
    prompt_ref,
    read_completion,
    resource_ref,
)
from inspector.session.controllers.resources import (
    CONTENT_BAD_BASE64,
    CONTENT_NO_BODY,
    READ,
    READ_NO_CONTENTS,
    READING,
    SUBSCRIBING,
    SUBSCRIPTIONS,
    UPDATED,
    Listening,
    ResourcesController,
    contents_weight,
    decode_content,
    file_name_for,
    missing_variables,
    reads_as_prose,
    subscription_of,
)
from inspector.session.operations import ListPager
from inspector.transport.base import StdioSpec

pytestmark = pytest.mark.anyio

DEMO = [sys.executable, "-m", "inspector.demo"]


def options(argv: list[str], *, era: EraMode = EraMode.LEGACY, legacy_version: str = LATEST_LEGACY) -> SessionOptions:
    return SessionOptions(
        transport=StdioSpec(argv=list(argv)),
        config=ClientConfig(era=era, legacy_version=legacy_version),
        stdin_grace=3.0,
        term_grace=2.0,
        request_timeout=15.0,
    )


def sent(session: Session, method: str) -> list[dict]:
    """The params of every ``method`` request the client wrote, in order."""
    rec = session.recording
    return [
        rec[i].json().get("params") or {}
        for i in range(len(rec))
        if rec.direction_at(i) is Direction.C2S and rec.method_at(i) == method
    ]


def attached(session: Session) -> tuple[ResourcesController, list[str]]:
    """A controller on ``session`` as a window would set it up, the server's notifications
    forwarded to it; and the events it reported."""
    neg = session.negotiation()
    caps = neg.server_capabilities.get("resources") or {}
    ctl = ResourcesController()
    events: list[str] = []
    ctl.subscribe(events.append)
    session.change_listeners.append(lambda _seq, obj: ctl.on_notification(obj.get("method"), obj.get("params")))
    ctl.attach(
        session,
        neg.era,
        neg.version,
        announces_changes=caps.get("listChanged") is True,
        subscribable=caps.get("subscribe") is True,
    )
    return ctl, events


async def call_tool(session: Session, name: str, arguments: dict | None = None) -> None:
    reply = await session.request("tools/call", {"name": name, "arguments": arguments or {}})
    assert reply.ok, reply.error


# ---------------------------------------------------------------------- protocol facts


def test_completion_context_versions_are_those_whose_schema_has_it() -> None:
    for version in ALL_VERSIONS:
        schema = json.loads(resource_path("schema", version, "schema.json").read_text(encoding="utf-8"))
        defs = schema.get("$defs") or schema["definitions"]
        params = defs.get("CompleteRequestParams") or defs["CompleteRequest"]["properties"]["params"]
        assert completion_takes_context(version) == ("context" in params["properties"]), version
    assert not completion_takes_context(None) and not completion_takes_context("1999-01-01")


def test_error_names_are_the_specifications() -> None:
    assert error_name(-32601) == "Method not found" and error_name(-32602) == "Invalid params"
    assert error_name(-32002) == "Resource not found" and error_name(-32022) == "Unsupported protocol version"
    assert error_name(-32000) is None and error_name("-32601") is None and error_name(True) is None
    # every MCP code the 2026-07-28 spec page lists (its own, and those it retired) is named
    page = resource_path("spec", "2026-07-28", "basic", "index.mdx").read_text(encoding="utf-8")
    listed = {int(code) for code in re.findall(r"^(?:\| |- )`(-320\d\d)`", page, re.MULTILINE)}
    assert listed == {-32020, -32021, -32022, -32002, -32042} and listed <= set(ERROR_NAMES)


def test_uri_templates_variables_required_and_expansion() -> None:
    assert template_variables("demo://items/{category}/{item}") == ["category", "item"]
    assert template_variables("file:///{+path}{?q,lang}{#frag}{/path}") == ["path", "q", "lang", "frag"]
    assert template_required("file:///{+path}{?q,lang}{#frag}") == ["path", "frag"]
    assert template_required("x://{;a}{&b}") == []
    assert expand_template("demo://items/{category}/{item}", {"category": "a b/c"}) == "demo://items/a%20b%2Fc/"
    assert expand_template("file:///{+path}", {"path": "src/main.rs"}) == "file:///src/main.rs"
    assert expand_template("x://s{?q,lang}", {"q": "mcp", "lang": ""}) == "x://s?q=mcp"
    assert expand_template("x://{var:3}{.ext}", {"var": "value", "ext": "txt"}) == "x://val.txt"
    # a server's template the library cannot read is no exception: no variables, itself
    assert (
        template_variables("x://{var:abc}") == [] and expand_template("x://{var:abc}", {"var": "1"}) == "x://{var:abc}"
    )
    assert missing_variables(ITEMS_TEMPLATE, {"item": "apple"}) == ["category"]
    assert missing_variables(ITEMS_TEMPLATE, {"category": "fruit", "item": "apple"}) == []
    assert (
        ResourcesController.target(ITEMS_TEMPLATE, {"category": "fruit", "item": "apple"}) == "demo://items/fruit/apple"
    )
    assert ResourcesController.target(None, {}, README_URI) == README_URI
    assert ResourcesController.target("{a}", {}) is None
    # a subscription is about one whole uri: none while a required variable is empty
    partial = ResourcesController.target(ITEMS_TEMPLATE, {"category": "fruit"})
    assert partial is not None and partial.startswith("demo://items/fruit")
    assert ResourcesController.target(ITEMS_TEMPLATE, {"category": "fruit"}, complete=True) is None
    whole = {"category": "fruit", "item": "apple"}
    assert ResourcesController.target(ITEMS_TEMPLATE, whole, complete=True) == "demo://items/fruit/apple"
    assert ResourcesController.target(None, {}, README_URI, complete=True) == README_URI


def test_a_contents_mime_and_uri_read_for_showing_and_saving() -> None:
    assert reads_as_prose("text/plain") and reads_as_prose("Text/Markdown; charset=utf-8")
    assert not reads_as_prose("application/json") and not reads_as_prose("text/x-python") and not reads_as_prose("")
    assert file_name_for("file:///tmp/notes/") == "notes"  # a trailing slash: the folder's name
    assert file_name_for("db://rows?id=1&x=<b>") == "rows_id_1_x_b"  # only word characters, dots and dashes
    assert file_name_for("") == "resource" and file_name_for("x://..", "content.bin") == "content.bin"


def test_completion_params_by_version_and_results_as_data() -> None:
    ref = resource_ref(ITEMS_TEMPLATE)
    with_context = completion_params("2025-06-18", ref, "item", "a", {"category": "fruit"})
    assert with_context == {
        "ref": {"type": "ref/resource", "uri": ITEMS_TEMPLATE},
        "argument": {"name": "item", "value": "a"},
        "context": {"arguments": {"category": "fruit"}},
    }
    assert "context" not in completion_params("2025-03-26", ref, "item", "a", {"category": "fruit"})
    assert "context" not in completion_params("2026-07-28", prompt_ref("greeting"), "style", "", {})
    answer = read_completion(
        "a", {"completion": {"values": ["x", 3, "y", *map(str, range(200))], "total": 250, "hasMore": True}}
    )
    assert answer.ok and answer.values[:2] == ("x", "y") and len(answer.values) == MAX_VALUES
    assert answer.total == 250 and answer.has_more and answer.value == "a"
    odd = read_completion("", {"completion": {"values": "no", "total": True, "hasMore": "yes"}})
    assert odd.values == () and odd.total is None and not odd.has_more
    assert read_completion("", None).values == ()


# ---------------------------------------------------------------------- the demo server


async def test_demo_lists_reads_and_a_failed_read_as_data() -> None:
    session = Session(options(DEMO))
    async with session:
        await session.start()
        ctl, events = attached(session)
        ctl.refresh()
        await until(lambda: all(pl.outcome is not None for pl in ctl.lists), what="both lists")
        assert README_URI in [r["uri"] for r in ctl.resources.items]
        assert [t["uriTemplate"] for t in ctl.templates.items] == [ITEMS_TEMPLATE]
        assert [p.get("cursor") for p in sent(session, "resources/list")] == [None]

        assert ctl.read(README_URI) and ctl.reading == README_URI and ctl.shown_uri == README_URI
        await until(lambda: ctl.last_read is not None, what="the read")
        out = ctl.last_read
        assert out.ok and out.uri == README_URI and out.listed == 1 and out.contents[0]["text"] == README_TEXT
        assert ctl.reading is None and events[-2:] == [READING, READ]

        out = await ctl.fetch("demo://nothing/here")
        assert out is not None and not out.ok and out.failure is not None and out.failure.code == FAIL_ERROR
        assert out.failure.error["code"] == -32002 and out.problem is None  # legacy: resource not found

        # the entries decoded: a text's UTF-8 bytes, a blob's bytes (the demo's logo is a PNG)
        text = decode_content(out.contents[0]) if (out := await ctl.fetch(README_URI)) and out.contents else None
        assert text is not None and text.is_text and text.data == README_TEXT.encode() and text.problem is None
        out = await ctl.fetch(LOGO_URI)
        assert out is not None and out.contents is not None
        logo = decode_content(out.contents[0])
        assert (
            not logo.is_text and logo.mime == "image/png" and logo.data.startswith(b"\x89PNG") and logo.problem is None
        )
        assert contents_weight(out.contents) == len(out.contents[0]["blob"])
        # how they are shown: markdown reads as prose, a PNG is saved under its uri's last segment
        assert reads_as_prose(text.mime) and text.mime == "text/markdown"
        assert file_name_for(logo.uri) == "logo.png" and file_name_for(text.uri) == "readme.md"

        # a template's expansion is read like a resource
        uri = ctl.target(ITEMS_TEMPLATE, {"category": "fruit", "item": "mango"})
        out = await ctl.fetch(uri)
        assert out is not None and out.ok and out.contents[0]["uri"] == "demo://items/fruit/mango"
        assert [p["uri"] for p in sent(session, "resources/read")] == [
            README_URI,
            "demo://nothing/here",
            README_URI,
            LOGO_URI,
            "demo://items/fruit/mango",
        ]


async def test_demo_a_newer_read_wins_and_leaving_drops_the_answer() -> None:
    session = Session(options(DEMO))
    async with session:
        await session.start()
        ctl, _events = attached(session)
        results: list[object] = []

        async def older(gen: int) -> None:
            results.append(await ctl.fetch(README_URI, gen))

        async with anyio.create_task_group() as tg:
            tg.start_soon(older, ctl.reads.next())
            assert ctl.read(COUNTER_URI)  # a newer read before the first one's answer
            await until(lambda: results and ctl.last_read is not None, what="both reads")
        assert [p["uri"] for p in sent(session, "resources/read")] == [README_URI, COUNTER_URI]  # both were sent
        assert results == [None] and ctl.last_read.uri == COUNTER_URI and ctl.shown_uri == COUNTER_URI
        ctl.leave()
        assert await ctl.fetch(README_URI, ctl.reads.value - 1) is None  # not the read wanted now
        assert ctl.last_read.uri == COUNTER_URI and ctl.shown_uri is None


async def test_demo_legacy_subscription_updates_reread_and_list_changes() -> None:
    session = Session(options(DEMO))
    async with session:
        await session.start()
        ctl, events = attached(session)
        assert ctl.subscribable and not ctl.modern
        ctl.refresh()
        await until(lambda: all(pl.outcome is not None for pl in ctl.lists), what="both lists")
        assert ctl.read(COUNTER_URI)
        await until(lambda: ctl.last_read is not None, what="the read")

        assert ctl.toggle_subscription(COUNTER_URI)
        await until(lambda: ctl.subscription is not None, what="resources/subscribe")
        assert ctl.subscribed == {COUNTER_URI} and ctl.following(COUNTER_URI) and ctl.subscription.failure is None
        assert sent(session, "resources/subscribe") == [{"uri": COUNTER_URI}] and ctl.pending is None
        assert events.index(SUBSCRIBING) < events.index(SUBSCRIPTIONS)  # the front-end's busy line: on, then off

        await call_tool(session, "touch_resource", {"uri": COUNTER_URI})
        await until(lambda: ctl.updates, what="the update")
        assert ctl.updates[0].uri == COUNTER_URI and ctl.updates[0].subscription is None and UPDATED in events
        # the shown resource changed: it is read again by itself
        await until(lambda: len(sent(session, "resources/read")) == 2 and ctl.reading is None, what="the re-read")

        ctl.auto_reread = False
        await call_tool(session, "touch_resource", {"uri": COUNTER_URI})
        await until(lambda: len(ctl.updates) == 2, what="the second update")
        await anyio.sleep(0.2)
        assert len(sent(session, "resources/read")) == 2  # not read again

        assert ctl.toggle_subscription(COUNTER_URI)
        await until(lambda: not ctl.subscribed, what="resources/unsubscribe")
        assert sent(session, "resources/unsubscribe") == [{"uri": COUNTER_URI}]

        # a list change reloads both lists
        lists_before = len(sent(session, "resources/list")), len(sent(session, "resources/templates/list"))
        await call_tool(session, "add_item", {"kind": "resource"})
        await until(
            lambda: (
                len(sent(session, "resources/list")) == lists_before[0] + 1
                and len(sent(session, "resources/templates/list")) == lists_before[1] + 1
                and not any(pl.loading for pl in ctl.lists)
            ),
            what="the reload",
        )
        assert any(r.get("name") == "added-1" for r in ctl.resources.items)
        ctl.clear_updates()
        assert ctl.updates == []


async def test_demo_subscribe_failure_and_no_subscribe_without_the_capability() -> None:
    session = Session(options(DEMO))
    async with session:
        await session.start()
        ctl, _events = attached(session)
        outcome = await ctl.send_subscription("resources/subscribe", "demo://nothing/here")
        assert (
            outcome.failure is not None
            and outcome.failure.code == FAIL_ERROR
            and outcome.failure.error["code"] == -32002
        )
        assert not ctl.subscribed and ctl.subscription == outcome  # refused: not subscribed
        ctl.subscribable = False
        assert not ctl.toggle_subscription(COUNTER_URI)
        ctl.detach()
        assert not ctl.read(README_URI) and not ctl.toggle_subscription(COUNTER_URI)
        outcome = await ctl.send_subscription("resources/subscribe", COUNTER_URI)
        assert outcome.failure is not None and outcome.failure.code == FAIL_SESSION and not ctl.subscribed


async def test_demo_modern_updates_come_on_the_shared_listen_stream() -> None:
    session = Session(options(DEMO, era=EraMode.MODERN))
    async with session:
        await session.start()
        ctl, _events = attached(session)
        assert ctl.modern and ctl.announces_changes and ctl.subscribable
        hub = session.listen_hub
        await until(lambda: hub.state == "listening", what="the list-changes stream")
        assert hub.filter == {"resourcesListChanged": True}

        assert ctl.toggle_subscription(COUNTER_URI) and ctl.watched == [COUNTER_URI] and ctl.following(COUNTER_URI)
        await until(
            lambda: hub.state == "listening" and hub.filter.get("resourceSubscriptions") == [COUNTER_URI],
            what="the stream reopened with the resource",
        )
        assert [p["notifications"] for p in sent(session, "subscriptions/listen")][-1] == {
            "resourcesListChanged": True,
            "resourceSubscriptions": [COUNTER_URI],
        }
        assert not sent(session, "resources/subscribe")  # no such request in 2026-07-28
        now = ctl.listening()
        assert now.state == "listening" and now.asked == (COUNTER_URI,) and now.honored == (COUNTER_URI,)
        assert now.request_id is not None and hub.owns(now.request_id) and now.note is None

        await call_tool(session, "touch_resource", {"uri": COUNTER_URI})
        await until(lambda: ctl.updates, what="the update")
        update = ctl.updates[0]
        assert update.uri == COUNTER_URI and update.subscription is not None and hub.owns(update.subscription)

        ctl.stop_listening()
        assert ctl.watched == []
        await until(
            lambda: hub.state == "listening" and "resourceSubscriptions" not in hub.filter, what="the stream without it"
        )
        assert hub.filter == {"resourcesListChanged": True} and ctl.listening().asked == ()

        # modern: an unknown resource is -32602
        out = await ctl.fetch("demo://nothing/here")
        assert out is not None and out.failure is not None and out.failure.error["code"] == -32602

        # a list change comes on the stream (it carries the stream's id) and reloads both lists
        before = len(sent(session, "resources/list")), len(sent(session, "resources/templates/list"))
        await call_tool(session, "add_item", {"kind": "resource"})
        await until(
            lambda: (
                len(sent(session, "resources/list")) == before[0] + 1
                and len(sent(session, "resources/templates/list")) == before[1] + 1
                and not any(pl.loading for pl in ctl.lists)
            ),
            what="the reload",
        )
        assert any(r.get("name") == "added-1" for r in ctl.resources.items)
        rec = session.recording
        changes = [
            rec[i].json()["params"]
            for i in range(len(rec))
            if rec.direction_at(i) is Direction.S2C and rec.method_at(i) == "notifications/resources/list_changed"
        ]
        assert changes and all(hub.owns(subscription_of(p)) for p in changes)


@pytest.mark.parametrize("version, contextual", [("2025-11-25", True), ("2025-03-26", False)])
async def test_demo_completion_sends_context_where_the_version_has_it(version: str, contextual: bool) -> None:
    session = Session(options(DEMO, legacy_version=version))
    async with session:
        await session.start()
        assert session.negotiation().version == version
        answer = await fetch_completions(session, resource_ref(ITEMS_TEMPLATE), "item", "", {"category": "fruit"})
        assert answer.ok and answer.value == ""
        asked = sent(session, "completion/complete")[-1]
        assert ("context" in asked) is contextual
        everything = sorted({i for items in ITEMS.values() for i in items})
        assert list(answer.values) == (list(ITEMS["fruit"]) if contextual else everything)
        assert answer.total == len(answer.values) and not answer.has_more

        refused = await fetch_completions(session, resource_ref("demo://unknown/{x}"), "x", "")
        assert not refused.ok and refused.failure is not None and refused.failure.code == FAIL_ERROR
        assert refused.failure.error["code"] == -32602 and refused.values == ()


async def test_demo_read_without_contents_is_a_problem_not_a_crash() -> None:
    # the demo always answers with contents; a recorded answer without them is checked here
    from inspector.session.controllers.resources import read_outcome
    from inspector.session.session import Reply

    out = read_outcome("x://y", Reply(id=1, seq=3, result={"contents": "nope"}, error=None, latency=0.01))
    assert not out.ok and out.problem == READ_NO_CONTENTS and out.failure is None
    out = read_outcome(
        "x://y", Reply(id=1, seq=3, result={"contents": [{"uri": "x://y", "text": ""}, 7]}, error=None, latency=0.01)
    )
    assert out.ok and out.listed == 2 and out.contents == ({"uri": "x://y", "text": ""},)
    bad = decode_content({"uri": "x://b", "blob": "not base64!"})
    assert bad.problem == CONTENT_BAD_BASE64 and bad.data == b"" and not bad.is_text
    assert decode_content({"uri": "x://e", "mimeType": 3}).problem == CONTENT_NO_BODY
    assert decode_content({"text": "\ud800"}).data == "\ud800".encode("utf-8", "surrogatepass")  # a lone surrogate kept


# ---------------------------------------------------------------------- the reference server


@pytest.mark.peer
async def test_reference_server_list_template_completion_and_updates() -> None:
    session = Session(options(reference_server()))
    async with session:
        await session.start()
        ctl, _events = attached(session)
        listed: list[str] = []
        ctl.resources.subscribe(listed.append)
        assert ctl.resources.refresh()
        await until(lambda: ctl.resources.outcome is not None, what="the resources")
        assert "demo://resource/static/document/architecture.md" in [r["uri"] for r in ctl.resources.items]
        assert LISTED in listed and ctl.resources.outcome.failure is None

        ctl.templates.refresh()
        await until(lambda: ctl.templates.outcome is not None, what="the templates")
        blob = "demo://resource/dynamic/blob/{resourceId}"
        assert blob in [t["uriTemplate"] for t in ctl.templates.items]
        assert template_required(blob) == ["resourceId"]
        answer = await fetch_completions(session, resource_ref(blob), "resourceId", "3")
        assert answer.ok and "3" in answer.values
        out = await ctl.fetch(ctl.target(blob, {"resourceId": "3"}) or "")
        assert out is not None and out.ok and isinstance(out.contents[0].get("blob"), str)

        doc = "demo://resource/static/document/architecture.md"
        assert ctl.toggle_subscription(doc)
        await until(lambda: ctl.subscribed == {doc}, what="resources/subscribe")
        await call_tool(session, "toggle-subscriber-updates")
        try:
            await until(lambda: any(u.uri == doc for u in ctl.updates), what="an update", timeout=15)
        finally:
            await call_tool(session, "toggle-subscriber-updates")  # off again


def test_replay_shows_recorded_listings_and_reset_forgets_them() -> None:
    recorded = ListPager("resources/list", "resources")
    recorded.take_page({"resources": [{"uri": README_URI, "name": "readme"}, "junk"], "nextCursor": "p2"})
    ctl = ResourcesController()
    events: list[str] = []
    ctl.resources.subscribe(events.append)
    ctl.show_listings({"resources/list": recorded, "resources/templates/list": None})
    assert not ctl.live and [r["uri"] for r in ctl.resources.items] == [README_URI] and ctl.resources.more
    assert ctl.resources.pager is not recorded  # a copy: the recording's pager is not changed by the view
    assert ctl.templates.items == [] and not ctl.templates.loaded
    assert not ctl.resources.refresh() and not ctl.read(README_URI)  # no session: nothing is sent
    assert ctl.listening() == Listening()  # no stream without a session
    ctl.updated({"uri": README_URI}, at=1.0)
    assert [u.uri for u in ctl.updates] == [README_URI]
    ctl.reset()
    assert ctl.resources.items == [] and ctl.updates == [] and events[-1] == LISTED
