"""A server's surface read from recordings (session/surface.py), and the diff of two surfaces
(session/surface_diff.py): recordings made here by running real servers through real pipes
(the two-release SDK fixture, the reference server), saved and loaded again; hand-written
recording lines through a real engine where a real server cannot produce the case."""

from __future__ import annotations

import re
import time

import orjson
import pytest
from recording_driver import Driver
from session_helpers import options, reference_server
from surface_sessions import record, surface_server

from inspector.session import Recording, Session, host_logs
from inspector.session.operations import ListPager
from inspector.session.surface import Listing, RecordingError, Surface, SurfaceError, load_surface, surface_of
from inspector.session.surface_diff import ABSENT, PathChange, diff_files, diff_surfaces, json_changes, text_lines

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def anyio_backend():
    return "asyncio"


@pytest.fixture(scope="module")
async def files(tmp_path_factory, anyio_backend) -> dict[str, object]:
    """Recording files: release 1 and 2 (legacy), release 1 again, release 1 modern (twice:
    two TTLs), release 1 listing tools only, the reference server."""
    d = tmp_path_factory.mktemp("surface")
    return {
        "r1": await record(surface_server(1), d / "r1.jsonl"),
        "r2": await record(surface_server(2), d / "r2.jsonl"),
        "r1_again": await record(surface_server(1, "--page-size", "3"), d / "r1_again.jsonl"),
        "modern": await record(surface_server(1), d / "modern.jsonl", modern=True),
        "modern_three": await record(surface_server(1, "--page-size", "3"), d / "modern3.jsonl", modern=True),
        "modern_ttl": await record(surface_server(1, "--ttl", "5000"), d / "modern_ttl.jsonl", modern=True),
        "tools_only": await record(surface_server(1), d / "tools_only.jsonl", kinds=("tools",)),
        "one_page": await record(surface_server(1), d / "one_page.jsonl", kinds=("tools",), pages=1),
        "reference": await record(reference_server(), d / "reference.jsonl"),
    }


def names(surface: Surface, kind: str, key: str = "name") -> list[str]:
    listing = surface.listing(kind)
    assert listing is not None
    return [item[key] for item in listing.items]


# ---------------------------------------------------------------- reading a surface


async def test_a_surface_counts_every_page_the_session_fetched(files):
    s = load_surface(files["r1"])
    assert s.server_info == {"name": "sdk-surface", "version": "1.0"}
    assert (s.protocol_version, s.era) == ("2025-11-25", "legacy")
    assert set(s.capabilities) == {"logging", "prompts", "resources", "tools"}
    tools = s.listing("tools")
    # four tools, two a page: both pages' items, in the server's order
    assert names(s, "tools") == ["add", "search", "report", "legacy_echo"]
    assert tools.pages == 2 and tools.complete and not tools.stale and not tools.failed
    assert names(s, "resources", "uri") == ["demo://a", "demo://b"] and s.listing("resources").pages == 1
    assert names(s, "resourceTemplates", "uriTemplate") == ["demo://items/{id}"]
    assert names(s, "prompts") == ["greet", "farewell"]
    # x-mcp-header annotations, read where the server put them
    assert s.tool_headers() == {"search": {"/properties/region": "Region"}}
    # another page size lists the same surface
    assert diff_surfaces(s, load_surface(files["r1_again"])).same


async def test_a_live_recording_gives_the_surface_its_file_gives():
    # the session's own recording (not saved and loaded) reads the same
    session = Session(options(surface_server(2)))
    async with session:
        await session.start()
        await ListPager("tools/list", "tools").fetch(session, 10)
        live = surface_of(session.recording)
    assert names(live, "tools") == ["add", "search", "report", "summarize"] and live.listing("tools").pages == 2
    assert live.listing("prompts") is None
    assert live.tool_headers() == {"search": {"/properties/region": "Zone"}}


async def test_a_page_never_fetched_leaves_the_listing_incomplete(files):
    s = load_surface(files["one_page"])
    tools = s.listing("tools")
    assert names(s, "tools") == ["add", "search"] and tools.pages == 1 and not tools.complete
    d = diff_surfaces(load_surface(files["tools_only"]), s)
    # the tools on the page never fetched are not judged removed (not breaking): a note says why
    assert d.same and not d.breaking
    back = diff_surfaces(s, load_surface(files["tools_only"]))  # nor added, from A's pages never fetched
    assert back.same and [n.values["side"] for n in back.notes] == ["A"]
    assert [n.code for n in d.notes] == ["list.incomplete"] and d.notes[0].values["side"] == "B"
    assert "note: session B did not fetch every page of tools: items may be missing" in text_lines(d)


async def test_a_list_never_listed_is_not_an_empty_list(files):
    only = load_surface(files["tools_only"])
    assert only.listing("prompts") is None and only.listing("resources") is None
    assert "prompts" not in only.to_json()["lists"]
    d = diff_surfaces(load_surface(files["r1"]), only)
    # not compared: no prompt or resource is "removed"
    assert not any(i.status == "removed" for i in d.items)
    assert {(i.kind, i.key) for i in d.items} == {("list", k) for k in ("prompts", "resources", "resourceTemplates")}
    assert d.codes() == ["list.not_listed"] * 3 and not d.breaking

    # a list answered empty is listed: it is compared, and its items are removed
    drv = Driver()
    drv.handshake()
    drv.request("tools/list")
    drv.s2c(b'{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}\n')
    empty = surface_of(drv.rec)
    assert empty.listing("tools") is not None and empty.listing("tools").items == []
    assert empty.listing("prompts") is None
    d = diff_surfaces(only, empty)
    assert sorted(i.key for i in d.items if i.kind == "tools" and i.status == "removed") == [
        "add",
        "legacy_echo",
        "report",
        "search",
    ]


async def test_modern_sessions_keep_the_cache_hints(files):
    s = load_surface(files["modern"])
    assert (s.protocol_version, s.era) == ("2026-07-28", "modern")
    assert s.supported_versions == ["2026-07-28"]
    assert s.discover_cache == {"ttlMs": 0, "cacheScope": "private"}
    tools = s.listing("tools")
    assert tools.pages == 2 and tools.cache == [{"ttlMs": 60000, "cacheScope": "public"}] * 2
    assert names(s, "tools") == ["add", "search", "report", "legacy_echo"]
    # another page size: other pages, the same hints, the same surface
    three = load_surface(files["modern_three"])
    assert three.listing("tools").pages == 2 and three.listing("tools").items == tools.items
    assert three.listing("prompts").cache == [{"ttlMs": 60000, "cacheScope": "public"}]
    assert diff_surfaces(s, three).same
    # only the TTL differs: a non-breaking change of each list's cache hints
    d = diff_surfaces(s, load_surface(files["modern_ttl"]))
    assert not d.same and not d.breaking
    assert {(i.kind, i.key) for i in d.items} == {
        ("list", k) for k in ("tools", "prompts", "resources", "resourceTemplates")
    }
    assert set(d.codes()) == {"cache.changed"}
    assert d.item("list", "tools").changes[0].pointer == "/cache/0/ttlMs"
    # legacy against modern: the era changed (breaking)
    d = diff_surfaces(load_surface(files["r1"]), s)
    assert d.item("server", "protocol").findings[0].code == "protocol.era_changed" and d.breaking


async def test_the_reference_server_against_itself_is_the_same(files, tmp_path):
    s = load_surface(files["reference"])
    assert s.server_info["name"] == "mcp-servers/everything" and len(s.listing("tools").items) > 5
    again = await record(reference_server(), tmp_path / "again.jsonl")
    d = diff_surfaces(s, load_surface(again))
    assert d.same and not d.breaking and d.to_json()["items"] == []
    assert text_lines(d) == ["The surfaces are the same."]


# ---------------------------------------------------------------- the last listing wins


def _listed(drv: Driver, names_: list[str], *, cursor: str | None = None, next_cursor: str | None = None) -> None:
    params = {"cursor": cursor} if cursor else None
    _, id_ = drv.request("tools/list", params)
    tools = [{"name": n, "inputSchema": {"type": "object"}} for n in names_]
    result: dict = {"tools": tools}
    if next_cursor:
        result["nextCursor"] = next_cursor
    drv.s2c(orjson.dumps({"jsonrpc": "2.0", "id": id_, "result": result}) + b"\n")


def test_a_list_fetched_again_after_list_changed_replaces_the_one_before():
    drv = Driver()
    drv.handshake()
    _listed(drv, ["a", "b"], next_cursor="p2")
    _listed(drv, ["c"], cursor="p2")
    s = surface_of(drv.rec)
    assert names(s, "tools") == ["a", "b", "c"] and s.listing("tools").pages == 2
    changed = b'{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n'
    drv.s2c(changed)
    s = surface_of(drv.rec)
    assert names(s, "tools") == ["a", "b", "c"] and s.listing("tools").stale  # said changed, not listed again
    _listed(drv, ["d"])  # listed again from the start: the last answer wins
    s = surface_of(drv.rec)
    assert names(s, "tools") == ["d"] and s.listing("tools").pages == 1 and not s.listing("tools").stale

    # a listing whose last answer is an error is failed; a failed list is not compared
    _, id_ = drv.request("tools/list")
    drv.s2c(orjson.dumps({"jsonrpc": "2.0", "id": id_, "error": {"code": -32603, "message": "down"}}) + b"\n")
    failed = surface_of(drv.rec)
    assert failed.listing("tools").failed and failed.listing("tools").error["message"] == "down"
    d = diff_surfaces(s, failed)
    assert d.codes() == ["list.failed"] and d.breaking and not any(i.kind == "tools" for i in d.items)


def test_a_recording_that_never_negotiated_has_no_capabilities():
    drv = Driver()
    drv.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t"}})
    s = surface_of(drv.rec)
    assert not s.negotiated and s.capabilities is None and s.lists == {}
    drv.s2c(b'{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{}}}\n')
    drv.c2s(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
    declared_nothing = surface_of(drv.rec)
    assert declared_nothing.capabilities == {} and declared_nothing.negotiated
    d = diff_surfaces(declared_nothing, s)
    assert d.codes() == ["protocol.not_negotiated"] and d.breaking


# ---------------------------------------------------------------- the diff of two releases


async def test_two_releases_diff_with_every_breaking_rule(files):
    a, b = load_surface(files["r1"]), load_surface(files["r2"])
    d = diff_surfaces(a, b)
    assert not d.same and d.breaking
    assert diff_files(files["r1"], files["r2"]).to_json() == d.to_json()
    assert d.counts() == {"removed": 3, "added": 2, "changed": 7, "breaking": 8}

    def codes(kind: str, key: str) -> list[tuple[str, bool, str]]:
        item = d.item(kind, key)
        assert item is not None, (kind, key)
        return [(f.code, f.breaking, f.pointer) for f in item.findings]

    assert codes("tools", "legacy_echo") == [("tool.removed", True, "")]
    assert codes("tools", "summarize") == [("item.added", False, "")]
    assert codes("tools", "add") == [
        ("input.required_added", True, "/inputSchema/properties/c"),
        ("input.type_narrowed", True, "/inputSchema/properties/a"),
    ]
    assert codes("tools", "search") == [
        ("input.type_narrowed", True, "/inputSchema/properties/query"),
        ("input.enum_narrowed", True, "/inputSchema/properties/mode"),
        ("tool.header_changed", False, "/inputSchema/properties/region"),
    ]
    assert codes("tools", "report") == [("output.property_removed", True, "/outputSchema/properties/pages")]
    assert codes("prompts", "farewell") == [("prompt.removed", True, "")]
    assert codes("prompts", "greet") == [("prompt.required_argument_added", True, "/arguments/1")]
    assert codes("resources", "demo://b") == [("resource.removed", True, "")]
    assert codes("resources", "demo://c") == [("item.added", False, "")]
    assert codes("resources", "demo://a") == [] and not d.item("resources", "demo://a").breaking
    assert codes("server", "capabilities") == [("capability.removed", True, "/capabilities/logging")]
    assert codes("server", "serverInfo") == [("server.info_changed", False, "")]
    assert d.item("resourceTemplates", "demo://items/{id}") is None  # unchanged

    # inside a changed item: the JSON pointers that changed, with old and new values
    search = {c.pointer: (c.old, c.new) for c in d.item("tools", "search").changes}
    assert search == {
        "/inputSchema/properties/query/type": (["string", "null"], "string"),
        "/inputSchema/properties/mode/enum": (["exact", "prefix", "fuzzy"], ["exact", "prefix"]),
        "/inputSchema/properties/region/x-mcp-header": ("Region", "Zone"),
        "/title": ("Search", "Search v2"),
    }
    add = {c.pointer: (c.old, c.new) for c in d.item("tools", "add").changes}
    assert add["/inputSchema/properties/c"] == (ABSENT, {"type": "number"})
    assert d.item("resources", "demo://a").changes[0].to_json() == {
        "path": "/mimeType",
        "old": "text/plain",
        "new": "text/markdown",
    }

    # the text names every added, removed and changed item
    lines = text_lines(d)
    assert lines[0] == "The surfaces differ: 2 added, 3 removed, 7 changed (8 breaking)."
    for item in d.items:
        assert any(line.startswith(("- ", "+ ", "~ ")) and f" {item.key}: {item.status}" in line for line in lines)
    assert "- tool legacy_echo: removed [breaking]" in lines
    assert "+ tool summarize: added" in lines
    assert "    ! breaking: the input property c became required" in lines
    assert '    /inputSchema/properties/a/type: "number" -> "integer"' in lines
    assert "    the x-mcp-header of /inputSchema/properties/region changed from Region to Zone" in lines
    # the same as data (and the data is JSON)
    data = orjson.loads(orjson.dumps(d.to_json()))
    assert data["same"] is False and data["breaking"] is True and data["counts"]["changed"] == 7
    assert [(i["kind"], i["key"], i["status"]) for i in data["items"]] == [(i.kind, i.key, i.status) for i in d.items]
    add_json = next(i for i in data["items"] if i["key"] == "add")
    assert {"path": "/inputSchema/properties/c", "new": {"type": "number"}} in add_json["changes"]
    assert add_json["findings"][0]["text"] == "the input property c became required"
    # the other way round: what was added is now removed, what was narrowed is widened
    back = diff_surfaces(b, a)
    assert back.item("tools", "summarize").status == "removed" and back.item("tools", "legacy_echo").status == "added"
    assert back.item("tools", "search").findings == [f for f in back.item("tools", "search").findings if not f.breaking]


# ---------------------------------------------------------------- the rules, one by one


def _tool(schema: dict, output: dict | None = None) -> Surface:
    tool: dict = {"name": "t", "inputSchema": schema}
    if output is not None:
        tool["outputSchema"] = output
    return Surface(capabilities={}, protocol_version="2025-11-25", era="legacy", lists={"tools": Listing([tool], 1)})


def _prop(**p) -> dict:
    return {"type": "object", "properties": {"x": p}}


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (_prop(type="number"), _prop(type="integer"), ["input.type_narrowed"]),
        (_prop(type=["string", "null"]), _prop(type="string"), ["input.type_narrowed"]),
        (_prop(), _prop(type="string"), ["input.type_narrowed"]),  # any type -> string
        (_prop(type="integer"), _prop(type="number"), []),  # widened
        (_prop(type="string"), _prop(type=["string", "null"]), []),  # widened
        (_prop(type="string", enum=["a", "b"]), _prop(type="string", enum=["a"]), ["input.enum_narrowed"]),
        (_prop(type="string"), _prop(type="string", enum=["a"]), ["input.enum_narrowed"]),
        (_prop(type="string", enum=["a"]), _prop(type="string", enum=["a", "b"]), []),  # a value added
        (_prop(type="string"), {"type": "object", "properties": {}}, ["input.property_removed"]),
        (_prop(type="string"), {**_prop(type="string"), "required": ["x"]}, ["input.required_added"]),
        (_prop(type="string"), {**_prop(type="string"), "properties": {"x": {}, "y": {}}}, []),  # optional added
        (_prop(type="string", description="old"), _prop(type="string", description="new"), []),
        # followed into nested objects and array items
        (_prop(type="object", properties={"y": {}}), _prop(type="object", properties={}), ["input.property_removed"]),
        (
            _prop(type="array", items={"type": "number"}),
            _prop(type="array", items={"type": "integer"}),
            ["input.type_narrowed"],
        ),
    ],
)
def test_input_schema_rules(old, new, expected):
    d = diff_surfaces(_tool(old), _tool(new))
    assert d.codes() == expected
    assert d.breaking is bool(expected) and not d.same


def test_output_schema_rules():
    out = {"type": "object", "properties": {"n": {"type": "integer"}, "m": {"type": "object", "properties": {"k": {}}}}}
    fewer = {"type": "object", "properties": {"m": {"type": "object", "properties": {}}}}
    assert diff_surfaces(_tool({}, out), _tool({}, fewer)).codes() == ["output.property_removed"] * 2
    more = {"type": "object", "properties": {**out["properties"], "z": {}}}
    d = diff_surfaces(_tool({}, out), _tool({}, more))
    assert d.codes() == [] and not d.breaking and not d.same  # a property added to the output
    assert diff_surfaces(_tool({}, out), _tool({})).codes() == ["output.property_removed"] * 2  # schema dropped
    required = {**out, "required": ["n", "m"]}
    d = diff_surfaces(_tool({}, required), _tool({}, {**out, "required": ["m"]}))
    assert [(f.code, f.pointer, f.breaking) for f in d.items[0].findings] == [
        ("output.required_removed", "/outputSchema/properties/n", True)
    ]
    assert "the output property n is no longer required: it may be missing" in text_lines(d)[-1]
    assert diff_surfaces(_tool({}, out), _tool({}, required)).codes() == []  # made required: more is promised


def test_capability_and_prompt_rules():
    a = Surface(capabilities={"tools": {"listChanged": True}, "prompts": {}}, protocol_version="2025-06-18")
    b = Surface(capabilities={"tools": {"listChanged": False}, "resources": {}}, protocol_version="2025-11-25")
    d = diff_surfaces(a, b)
    caps = d.item("server", "capabilities")
    assert [(f.code, f.values["capability"]) for f in caps.findings] == [
        ("capability.removed", "tools.listChanged"),
        ("capability.removed", "prompts"),
        ("capability.added", "resources"),
    ]
    # a flag false that is gone means the same: a change, not breaking
    d2 = diff_surfaces(Surface(capabilities={"tools": {"listChanged": False}}), Surface(capabilities={"tools": {}}))
    assert [(f.code, f.breaking) for f in d2.item("server", "capabilities").findings] == [("capability.changed", False)]
    # 2026-07-28: a version the server no longer supports
    d3 = diff_surfaces(
        Surface(supported_versions=["2026-07-28", "2027-01-01"]), Surface(supported_versions=["2027-01-01"])
    )
    assert d3.codes() == ["protocol.supported_removed"] and d3.breaking
    assert "    ! breaking: the server no longer supports protocol version 2026-07-28" in text_lines(d3)
    grown = diff_surfaces(Surface(supported_versions=["2026-07-28"]), Surface(supported_versions=["2026-07-28", "x"]))
    assert grown.codes() == [] and not grown.same
    # a version in the same era: a non-breaking change
    assert [(f.code, f.breaking) for f in d.item("server", "protocol").findings] == [
        ("protocol.version_changed", False)
    ]

    def prompt(*args: dict) -> Surface:
        return Surface(lists={"prompts": Listing([{"name": "p", "arguments": list(args)}], 1)})

    optional, required = {"name": "x"}, {"name": "x", "required": True}
    assert diff_surfaces(prompt(optional), prompt(required)).codes() == ["prompt.required_argument_added"]
    assert diff_surfaces(prompt(), prompt({"name": "y", "required": True})).codes() == [
        "prompt.required_argument_added"
    ]
    assert diff_surfaces(prompt(), prompt({"name": "y"})).codes() == []  # an optional argument added
    assert diff_surfaces(prompt(optional), prompt()).codes() == ["prompt.argument_removed"]
    assert diff_surfaces(prompt(required), prompt(optional)).codes() == []


def test_json_changes_are_pointers():
    old = {"a": {"b/c": 1, "d~": [1, 2]}, "gone": None}
    new = {"a": {"b/c": 2, "d~": [1, 3]}, "new": False}
    assert [c.to_json() for c in json_changes(old, new)] == [
        {"path": "/a/b~1c", "old": 1, "new": 2},
        {"path": "/a/d~0/1", "old": 2, "new": 3},
        {"path": "/gone", "old": None},
        {"path": "/new", "new": False},
    ]
    assert json_changes(1, 1.0) != []  # 1 and 1.0 are different JSON text; told apart
    assert json_changes([1], [1, 2], "/l") == [PathChange("/l", [1], [1, 2])]  # lengths differ: whole arrays


# ---------------------------------------------------------------- surface files


async def test_a_surface_survives_its_json_round_trip(files, tmp_path):
    for key in ("r1", "modern", "tools_only", "reference"):
        s = load_surface(files[key])
        again = Surface.from_json(orjson.loads(orjson.dumps(s.to_json())))
        assert again == s, key
        path = tmp_path / f"{key}.surface.json"
        path.write_bytes(s.dumps())
        assert load_surface(path) == s
        assert diff_surfaces(s, load_surface(path)).same
        assert diff_files(path, files[key]).same  # a surface file against the recording it came from
    doc = load_surface(files["r1"]).to_json()
    assert doc["format"] == "mcp-session-inspector/surface" and doc["version"] == 1
    assert doc["toolHeaders"] == {"search": {"/properties/region": "Region"}}


@pytest.mark.parametrize(
    ("doc", "words"),
    [
        ({"format": "something else"}, "not a surface file"),
        ({"format": "mcp-session-inspector/surface", "version": 99}, "version 99, written by a newer"),
        ({"format": "mcp-session-inspector/surface", "version": 0}, "version 0 is not one this program reads"),
        ({"format": "mcp-session-inspector/surface", "version": "1"}, "version '1' is not one"),
        ({"format": "mcp-session-inspector/surface", "version": 1, "capabilities": []}, "/capabilities"),
        (
            {"format": "mcp-session-inspector/surface", "version": 1, "lists": {"tools": {"items": 3}}},
            "/lists/tools/items",
        ),
        ({"format": "mcp-session-inspector/surface", "version": 1, "lists": {"other": {}}}, "/lists"),
    ],
)
def test_a_wrong_surface_file_is_refused_with_words(doc, words, tmp_path):
    with pytest.raises(SurfaceError, match=re.escape(words)):
        Surface.from_json(doc)
    path = tmp_path / "bad.json"
    path.write_bytes(orjson.dumps(doc))
    if doc["format"] == "mcp-session-inspector/surface":
        with pytest.raises(SurfaceError):
            load_surface(path)


def test_a_recording_file_loads_as_its_surface(tmp_path):
    drv = Driver()
    drv.handshake()
    _listed(drv, ["only"])
    path = tmp_path / "hand.jsonl"
    drv.rec.write_to(path).close()
    s = load_surface(path)
    assert (
        s.source == "hand.jsonl"
        and names(s, "tools") == ["only"]
        and s.server_info == {"name": "demo", "version": "1.0"}
    )
    assert surface_of(Recording.load(path)) == Surface.from_json({**s.to_json(), "source": None})


async def test_a_host_log_of_a_session_gives_the_surface_of_its_recording(files, tmp_path):
    # the session as Claude Desktop logs it (its messages, one a line), converted: an imported
    # recording is a recording, and its surface is the one the session's own recording gives
    rec = Recording.load(files["r2"])
    lines = []
    for i in range(len(rec)):
        who = {"c2s": "client", "s2c": "server"}.get(rec.direction_at(i).label)
        if who is not None:
            stamp = f"2026-01-02T03:{i // 60:02d}:{i % 60:02d}.000Z"
            message = rec.raw_at(i).decode().strip()
            lines.append(f"{stamp} [surface] [info] Message from {who}: {message} {{ metadata: undefined }}")
    log = tmp_path / "mcp-server-surface.log"
    log.write_text("\n".join(lines) + "\n")
    _sessions, recordings = host_logs.convert(log)
    assert len(recordings) == 1 and recordings[0].header["imported_from"]["kind"] == "claude-desktop"
    imported, recorded = surface_of(recordings[0]), surface_of(rec)
    assert imported == recorded and names(imported, "tools") == ["add", "search", "report", "summarize"]
    assert diff_surfaces(recorded, imported).same


def test_a_file_that_cannot_be_read_is_a_surface_error(tmp_path):
    with pytest.raises(SurfaceError, match="cannot read"):
        load_surface(tmp_path / "missing.json")
    not_json = tmp_path / "broken.surface.json"
    not_json.write_bytes(b'{"format": "mcp-session-inspector/surface", "version": 1,')
    with pytest.raises(SurfaceError, match="not JSON"):
        load_surface(not_json)
    with pytest.raises(RecordingError):  # neither a surface nor a recording
        load_surface(tmp_path)
    other = tmp_path / "other.json"
    other.write_bytes(b'{"hello": "world"}\n')
    with pytest.raises(RecordingError):
        load_surface(other)


def test_every_code_has_words_and_every_finding_says_them():
    # words are data keyed by code: each code's words take the values its findings carry
    a = Surface(capabilities={"x": {}}, protocol_version="2025-11-25", era="legacy")
    b = Surface(capabilities={}, protocol_version="2026-07-28", era="modern", lists={"resourceTemplates": Listing()})
    d = diff_surfaces(a, b)
    assert d.codes() == ["protocol.era_changed", "capability.removed", "list.not_listed"]
    lines = text_lines(d)
    assert "    resource templates were listed by session B only: not compared" in lines
    assert lines[0] == "The surfaces differ: 0 added, 0 removed, 3 changed (2 breaking)."
    # the words go through the caller's translation, each with its context
    seen: list[tuple[str, str]] = []

    def tr(context: str, text: str) -> str:
        seen.append((context, text))
        return "[" + text + "]"  # a translation keeps the {placeholders}

    said = text_lines(d, tr)
    assert said[0] == "[The surfaces differ: 0 added, 0 removed, 3 changed (2 breaking).]"
    assert {c for c, _ in seen} == {"SurfaceDiff"} and ("SurfaceDiff", "resource templates") in seen
    assert "    [[resource templates] were listed by session B only: not compared]" in said
    # without paths: the items and findings only
    assert not any(line.startswith("    /") for line in text_lines(d, paths=False))
    assert any(line.startswith("    /") for line in lines)


# ---------------------------------------------------------------- schemas as generators write them


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (_prop(type="string"), _prop(type="string"), []),
        (_prop(), {"type": "object", "properties": {"x": False}}, ["input.type_narrowed"]),  # a schema false
        ({"type": "object", "properties": {"x": True}}, _prop(type="string"), ["input.type_narrowed"]),
        ({"type": "object", "properties": {"x": True}}, _prop(), []),  # true is {}
        (True, {"type": "object"}, ["input.type_narrowed"]),  # a whole schema true
        (  # anyOf's branches together: integer | null narrowed to integer
            _prop(anyOf=[{"type": "integer"}, {"type": "null"}]),
            _prop(type="integer"),
            ["input.type_narrowed"],
        ),
        (_prop(type="integer"), _prop(anyOf=[{"type": "integer"}, {"type": "null"}]), []),  # widened
        (
            _prop(anyOf=[{"type": "string"}, {"type": "number"}]),
            _prop(anyOf=[{"type": "string"}]),
            ["input.type_narrowed"],
        ),
        (_prop(oneOf=[{"type": "string"}, {}]), _prop(type="string"), ["input.type_narrowed"]),  # {}: any
        (_prop(oneOf=[{"type": "string"}, {}]), _prop(type="number"), ["input.type_narrowed"]),
    ],
)
def test_boolean_and_anyof_schemas(old, new, expected):
    assert diff_surfaces(_tool(old), _tool(new)).codes() == expected


def test_pydantic_models_through_refs():
    """Schemas as pydantic writes them for a tool's nested models ($defs and $ref, Optional as
    anyOf with null, a recursive model): a breaking change inside a referenced model is found,
    named through the property that refers to it; a recursive model is walked once."""
    from typing import Optional

    from pydantic import BaseModel

    class Address1(BaseModel):
        street: str
        zip: Optional[int] = None  # noqa: UP045 - as older code writes it

    class Node1(BaseModel):
        name: str
        children: list[Node1] = []

    class Args1(BaseModel):
        home: Address1
        tree: Node1

    class Address2(BaseModel):
        street: str
        zip: int  # required now, and no longer null
        city: str  # a required member added

    class Node2(BaseModel):
        name: str
        weight: float  # required, in a recursive model
        children: list[Node2] = []

    class Args2(BaseModel):
        home: Address2
        tree: Node2

    old, new = Args1.model_json_schema(), Args2.model_json_schema()
    assert "$defs" in old and "$ref" in orjson.dumps(old).decode()
    d = diff_surfaces(_tool(old), _tool(new))
    found = sorted((f.code, f.pointer) for i in d.items for f in i.findings)
    assert found == [
        ("input.required_added", "/inputSchema/properties/home/properties/city"),
        ("input.required_added", "/inputSchema/properties/home/properties/zip"),
        ("input.required_added", "/inputSchema/properties/tree/properties/weight"),
        ("input.type_narrowed", "/inputSchema/properties/home/properties/zip"),
    ]
    assert diff_surfaces(_tool(old), _tool(old)).same
    assert diff_surfaces(_tool(new), _tool(new)).same


def test_reference_loops_and_floods_end():
    """$ref cycles, a reference to the whole schema, one into nothing, and a schema whose
    references fan out exponentially: each compared in bounded time."""
    loop = {"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}}
    assert diff_surfaces(_tool(loop), _tool({**loop, "title": "x"})).codes() == []
    assert diff_surfaces(_tool({"$ref": "#"}), _tool({"$ref": "#", "title": "x"})).codes() == []
    assert diff_surfaces(_tool({"$ref": "#/nowhere"}), _tool({"$ref": "#/nowhere", "title": "x"})).codes() == []
    fan = {
        f"D{i}": {"type": "object", "properties": {k: {"$ref": f"#/$defs/D{i + 1}"} for k in "ab"}} for i in range(40)
    }
    fan_any = {f"D{i}": {"anyOf": [{"$ref": f"#/$defs/D{i + 1}"}] * 50} for i in range(40)}
    for defs, found in ((fan, True), (fan_any, False)):  # past MAX_NODES branches: read as any type
        old = {
            "type": "object",
            "properties": {"x": {"$ref": "#/$defs/D0"}},
            "$defs": {**defs, "D40": {"type": "string"}},
        }
        new = {**old, "$defs": {**defs, "D40": {"type": "integer"}}}
        started = time.monotonic()
        d = diff_surfaces(_tool(old), _tool(new))
        assert time.monotonic() - started < 5
        assert d.breaking is found and not d.same


def test_values_nested_as_deep_as_a_recording_holds():
    """A schema nested ~1000 deep (as deep as orjson reads): compared without exhausting
    Python's recursion; the path that changed is named."""
    depth = 1000
    old = orjson.loads('{"a":' * depth + "1" + "}" * depth)
    new = orjson.loads('{"a":' * depth + "2" + "}" * depth)
    d = diff_surfaces(_tool({}, old), _tool({}, new))
    (item,) = d.items
    assert [c.pointer for c in item.changes] == ["/outputSchema" + "/a" * depth]
    assert json_changes(old, new) == [PathChange("/a" * depth, 1, 2)]
    assert text_lines(d)[2].endswith("…: 1 -> 2")  # the long path cut


def test_server_text_reaches_the_terminal_escaped():
    """A tool name or property with an escape sequence, a line break or a bidi override is
    written as \\uXXXX in the text lines (no terminal reads it as a command)."""
    a = _tool({"type": "object", "properties": {"p\x1b[2J": {}}})
    b = _tool({"type": "object", "properties": {}})
    a.lists["tools"].items.append({"name": "evil\x1b]0;title\x07\u202e\n", "inputSchema": {}})
    lines = text_lines(diff_surfaces(a, b))
    assert not any(ch in line for line in lines for ch in "\x1b\x07\u202e\n")
    assert "- tool evil\\u001b]0;title\\u0007\\u202e\\u000a: removed [breaking]" in lines
    assert any("the input property p\\u001b[2J was removed" in line for line in lines)


def test_many_pages_of_cache_hints_compare_in_one_pass():
    hints = [{"ttlMs": i, "cacheScope": "public"} for i in range(50_000)]
    a = Surface(capabilities={}, lists={"tools": Listing([], 50_000, True, cache=hints)})
    b = Surface(capabilities={}, lists={"tools": Listing([], 50_000, True, cache=hints[:-1])})
    started = time.monotonic()
    d = diff_surfaces(a, b)
    assert time.monotonic() - started < 5
    assert d.codes() == ["cache.changed"]


def test_a_schema_nested_deeper_than_orjson_writes_is_saved_and_reported(tmp_path):
    """orjson reads 1024 levels but writes 254: a tool whose output schema nests 300 deep still
    makes a surface file that reads back equal, and a diff whose JSON says the too-deep value
    in words."""
    deep = orjson.loads('{"a":' * 300 + "1" + "}" * 300)
    a = _tool({}, deep)
    path = tmp_path / "deep.surface.json"
    path.write_bytes(a.dumps())
    assert load_surface(path) == a
    b = _tool({}, {"a": 2})
    data = orjson.loads(orjson.dumps(diff_surfaces(a, b).to_json()))
    (change,) = data["items"][0]["changes"]
    assert change == {"path": "/outputSchema/a", "old": "a value nested deeper than 200 levels", "new": 2}


def test_a_recording_that_begins_mid_listing_is_not_complete():
    """A recording whose first tools/list was asked with a cursor (a host log that begins
    mid-session, a proxy attached late) holds only the later pages: the listing is incomplete,
    so the tools of the pages before are not judged removed."""
    drv = Driver()
    drv.handshake()
    _listed(drv, ["c"], cursor="p2")
    s = surface_of(drv.rec)
    assert names(s, "tools") == ["c"] and not s.listing("tools").complete
    full = Driver()
    full.handshake()
    _listed(full, ["a", "b"], next_cursor="p2")
    _listed(full, ["c"], cursor="p2")
    d = diff_surfaces(surface_of(full.rec), s)
    assert d.same and [n.code for n in d.notes] == ["list.incomplete"]


def test_required_and_type_in_another_order_are_the_same():
    """``required`` and ``type`` arrays are sets: another order is no change (a server that
    builds them from a set writes them in another order each run); an enum's order still is."""
    a = _tool({"type": "object", "properties": {"x": {"type": ["string", "null"]}, "y": {}}, "required": ["x", "y"]})
    b = _tool({"type": "object", "properties": {"x": {"type": ["null", "string"]}, "y": {}}, "required": ["y", "x"]})
    assert diff_surfaces(a, b).same
    named = _tool({"type": "object", "properties": {"required": {"type": "boolean"}}, "required": ["required"]})
    assert diff_surfaces(named, named).same  # a property named "required" is no set
    c = _tool({"type": "object", "properties": {"x": {}, "y": {}, "z": {}}, "required": ["y", "z"]})
    d = diff_surfaces(a, c)
    assert d.codes() == ["input.required_added"]
    assert {ch.pointer: ch.new for ch in d.items[0].changes}["/inputSchema/required/1"] == "z"  # as sent
    assert not diff_surfaces(
        _prop(enum=["a", "b"]) and _tool(_prop(enum=["a", "b"])), _tool(_prop(enum=["b", "a"]))
    ).same


async def test_a_surface_file_another_tool_rewrote_still_reads(files, tmp_path):
    """A surface file rewritten with its keys sorted (``jq -S``: ``format`` after a large
    ``capabilities``, past the first bytes that tell a surface file) reads as the surface it
    holds, not as a broken recording."""
    import json

    from inspector.session.compare_rows import load_side

    s = load_surface(files["r1"])
    s.capabilities = {**(s.capabilities or {}), "experimental": {"note": "x" * 6000}}
    path = tmp_path / "sorted.json"
    path.write_text(json.dumps(s.to_json(), sort_keys=True, indent=2))
    assert path.read_bytes()[:4096].find(b'"mcp-session-inspector/surface"') == -1
    assert load_surface(path) == s
    assert load_side(path) == (s, None)
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "something else"}, indent=2))
    with pytest.raises(RecordingError):
        load_surface(other)  # no surface: the recording loader's words
