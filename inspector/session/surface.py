"""A server's surface: what it offered in one session, read from the session's recording.

Theory of operation
-------------------
The surface of a session is what the server offered: its identity (``serverInfo``: name,
version, title...), its instructions, the protocol version the start sequence settled and that
version's era, its capabilities, and the four lists a client reads - tools, prompts, resources
and resource templates - with, in 2026-07-28, the cache hints (``ttlMs``, ``cacheScope``,
server/utilities/caching) of ``server/discover`` and of each list's answers. :func:`surface_of`
reads it from a :class:`~.recording.Recording`, live or loaded (an imported host log or HAR is a
recording too), as of its last entry, so a live session's surface is read the same way as a
file's: from the messages alone, never from a front-end's state.

It asks :class:`~.rebuild.Rebuild` - the replay's reading of a recording - and so reads the
lists exactly as a panel shows them:

* the negotiation is the last start exchange (``initialize`` or ``server/discover``) whose
  answer took the lifecycle to *operating* or *ready*; before that, nothing was negotiated and
  ``capabilities`` is None (an empty object is a server that declared nothing);
* a list is its **last listing**: a request without a cursor starts a listing, every later page
  (a request with the cursor the previous answer gave) adds its items, and the next request
  without a cursor - the client listing again, after a ``list_changed`` notification or on its
  own - starts a new one that replaces it. So every page the session fetched counts, and when a
  list was fetched again the last answer wins. A listing whose last page named a ``nextCursor``
  the session never followed is ``complete = False``, and so is one whose first page the
  recording holds was asked with a cursor (the pages before it are not in the recording: a
  host log that begins mid-session, a proxy attached late); one with a ``list_changed`` notification
  after its last answer is ``stale`` (the server said it changed, and nobody listed it again);
  one whose last answer was an error is ``failed`` (the error kept; the items of its earlier
  pages kept too);
* a list the session never asked for - or never had answered - is **not listed**: absent from
  :attr:`Surface.lists` (``listing(kind)`` is None), which is not the same as a listing with no
  items (a server that answered ``{"tools": []}``).

Items are kept as the server described them (every member, ``_meta`` included), in the order it
sent them; entries a list's rules refuse (a tool without a string name) are left out the way
the panel leaves them out. ``x-mcp-header`` annotations stay inside ``inputSchema`` where the
server put them; :meth:`Surface.tool_headers` reads them as ``{property pointer: header}`` with
the transport's own rules (``protocol.http_meta``).

A surface is plain data: :meth:`Surface.to_json` writes it with a format name and version
(``probe --save-surface``), :meth:`Surface.from_json` reads one back, checking what it trusts
(:class:`SurfaceError` names the first thing that is wrong); a round trip gives an equal surface.
:func:`load_surface` takes either a surface file or a recording file.
"""

from __future__ import annotations

import bisect
import json
import stat
from dataclasses import dataclass, field
from pathlib import Path

import orjson

from inspector.protocol.http_meta import header_problems
from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.versions import era_of

from .rebuild import Rebuild, reply_at
from .recording import Direction, Recording, RecordingError
from .views import negotiation_facts

__all__ = [
    "KEY_FIELDS",
    "KINDS",
    "LIST_METHODS",
    "RecordingError",
    "SURFACE_FORMAT",
    "SURFACE_VERSION",
    "Listing",
    "Surface",
    "SurfaceError",
    "cache_hints",
    "header_pointers",
    "pointer_step",
    "load_surface",
    "surface_of",
    "whole_surface_file",
]

SURFACE_FORMAT = "mcp-session-inspector/surface"
SURFACE_VERSION = 1
#: the largest surface file read (a recording file has no such bound: it is read as a stream)
MAX_SURFACE_FILE = 64 << 20
# Version history: 1 the first format.

#: The lists of a surface, in the order they are shown.
KINDS: tuple[str, ...] = ("tools", "prompts", "resources", "resourceTemplates")
#: kind -> the request that lists it
LIST_METHODS: dict[str, str] = {
    "tools": "tools/list",
    "prompts": "prompts/list",
    "resources": "resources/list",
    "resourceTemplates": "resources/templates/list",
}
#: kind -> the member that names an item of it (what a diff keys items by)
KEY_FIELDS: dict[str, str] = {
    "tools": "name",
    "prompts": "name",
    "resources": "uri",
    "resourceTemplates": "uriTemplate",
}
#: kind -> the notification that says the list changed
CHANGED: dict[str, str] = {
    "tools": "notifications/tools/list_changed",
    "prompts": "notifications/prompts/list_changed",
    "resources": "notifications/resources/list_changed",
    "resourceTemplates": "notifications/resources/list_changed",
}
#: the members of a cacheable result that are cache hints (2026-07-28 server/utilities/caching)
CACHE_MEMBERS = ("ttlMs", "cacheScope")


class SurfaceError(ValueError):
    """A surface file that cannot be read: the sentence says what is wrong."""


def cache_hints(result: JsonValue) -> JsonObject:
    """The cache hints a result carries (``ttlMs``, ``cacheScope``; {} when none)."""
    if not isinstance(result, dict):
        return {}
    return {k: result[k] for k in CACHE_MEMBERS if k in result}


@dataclass
class Listing:
    """One list as the session last listed it (see the module docstring)."""

    items: list[JsonObject] = field(default_factory=list)
    pages: int = 0  # answers with items that made this listing
    complete: bool = True  # False: the last page named a nextCursor nobody followed
    stale: bool = False  # a list_changed notification came after the listing's last answer
    error: JsonValue = None  # the error answer that ended the listing (None: none)
    cache: list[JsonObject] = field(default_factory=list)  # each page's cache hints (2026-07-28), in order

    @property
    def failed(self) -> bool:
        return self.error is not None

    def to_json(self) -> JsonObject:
        d: JsonObject = {"items": list(self.items), "pages": self.pages, "complete": self.complete}
        if self.stale:
            d["stale"] = True
        if self.error is not None:
            d["error"] = self.error
        if self.cache:
            d["cache"] = list(self.cache)
        return d

    @classmethod
    def from_json(cls, d: JsonValue, where: str) -> Listing:
        if not isinstance(d, dict):
            raise SurfaceError(f"{where} is not an object")
        items, cache = d.get("items"), d.get("cache", [])
        if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
            raise SurfaceError(f"{where}/items is not an array of objects")
        if not isinstance(cache, list) or not all(isinstance(c, dict) for c in cache):
            raise SurfaceError(f"{where}/cache is not an array of objects")
        pages, complete, stale = d.get("pages"), d.get("complete"), d.get("stale", False)
        if not isinstance(pages, int) or isinstance(pages, bool) or pages < 0:
            raise SurfaceError(f"{where}/pages is not a whole number")
        if not isinstance(complete, bool) or not isinstance(stale, bool):
            raise SurfaceError(f"{where}/complete or stale is not true or false")
        return cls(
            [i for i in items if isinstance(i, dict)],
            pages,
            complete,
            stale,
            d.get("error"),
            [c for c in cache if isinstance(c, dict)],
        )


@dataclass
class Surface:
    """What a server offered in one session (see the module docstring)."""

    server_info: JsonObject = field(default_factory=dict)
    instructions: str | None = None
    protocol_version: str | None = None  # None: the start sequence never finished
    era: str | None = None  # "legacy" / "modern", of the negotiated version
    capabilities: JsonObject | None = None  # None: nothing negotiated; {}: the server declared nothing
    supported_versions: list[str] | None = None  # 2026-07-28: server/discover's supportedVersions
    discover_cache: JsonObject = field(default_factory=dict)  # 2026-07-28: server/discover's cache hints
    lists: dict[str, Listing] = field(default_factory=dict)  # kind -> its last listing; absent: not listed
    source: str | None = None  # where it was read from (a file name), for people; not compared

    @property
    def negotiated(self) -> bool:
        return self.capabilities is not None

    def listing(self, kind: str) -> Listing | None:
        """The kind's last listing; None when the session never listed it."""
        return self.lists.get(kind)

    def tool_headers(self) -> dict[str, dict[str, str]]:
        """tool name -> {JSON pointer of the property in its inputSchema: header name} for the
        tools that carry ``x-mcp-header`` annotations (valid or not: the annotations as given)."""
        listing = self.lists.get("tools")
        out: dict[str, dict[str, str]] = {}
        for tool in listing.items if listing is not None else []:
            found = header_pointers(tool.get("inputSchema"))
            if found and isinstance(tool.get("name"), str):
                out[str(tool["name"])] = found
        return out

    # ---------------------------------------------------------------- JSON

    def to_json(self) -> JsonObject:
        """The surface as a JSON document (a surface file's one object)."""
        d: JsonObject = {
            "format": SURFACE_FORMAT,
            "version": SURFACE_VERSION,
            "serverInfo": dict(self.server_info),
            "protocolVersion": self.protocol_version,
            "era": self.era,
            "capabilities": self.capabilities,
        }
        if self.source is not None:
            d["source"] = self.source
        if self.instructions is not None:
            d["instructions"] = self.instructions
        if self.supported_versions is not None:
            d["supportedVersions"] = list(self.supported_versions)
        if self.discover_cache:
            d["discoverCache"] = dict(self.discover_cache)
        d["lists"] = {kind: self.lists[kind].to_json() for kind in KINDS if kind in self.lists}
        headers = self.tool_headers()
        if headers:  # derived (read again from the tools): for people and tools reading the file
            d["toolHeaders"] = {name: dict(h) for name, h in headers.items()}
        return d

    def dumps(self) -> bytes:
        """The surface file's bytes. A server's schema nested deeper than orjson writes (254
        levels; it reads 1024) is written by the standard library's encoder instead;
        :class:`SurfaceError` when even that cannot."""
        doc = self.to_json()
        try:
            return orjson.dumps(doc, option=orjson.OPT_INDENT_2) + b"\n"
        except orjson.JSONEncodeError:
            pass
        try:
            return json.dumps(doc, indent=2, ensure_ascii=False).encode("utf-8", "surrogatepass") + b"\n"
        except (RecursionError, ValueError, TypeError) as exc:
            raise SurfaceError(f"the surface cannot be written as JSON: {exc}") from None

    @classmethod
    def from_json(cls, d: JsonValue) -> Surface:
        """A surface from :meth:`to_json`'s document; :class:`SurfaceError` when it is not one."""
        if not isinstance(d, dict) or d.get("format") != SURFACE_FORMAT:
            raise SurfaceError(f"not a surface file (its format is not {SURFACE_FORMAT!r})")
        version = d.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version > SURFACE_VERSION:
            raise SurfaceError(
                f"surface format version {version}, written by a newer mcp-session-inspector: this one reads "
                f"versions 1 to {SURFACE_VERSION} (upgrade it, or write the surface again with this one)"
            )
        if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= SURFACE_VERSION:
            raise SurfaceError(
                f"surface format version {version!r} is not one this program reads (1 to {SURFACE_VERSION})"
            )
        info, caps, lists = d.get("serverInfo", {}), d.get("capabilities"), d.get("lists", {})
        if not isinstance(info, dict):
            raise SurfaceError("/serverInfo is not an object")
        if caps is not None and not isinstance(caps, dict):
            raise SurfaceError("/capabilities is neither an object nor null")
        if not isinstance(lists, dict) or not set(lists) <= set(KINDS):
            raise SurfaceError(f"/lists is not an object of {', '.join(KINDS)}")
        texts = {k: d.get(k) for k in ("protocolVersion", "era", "instructions", "source")}
        for k, v in texts.items():
            if v is not None and not isinstance(v, str):
                raise SurfaceError(f"/{k} is not a string")
        supported, cache = d.get("supportedVersions"), d.get("discoverCache", {})
        if supported is not None and not (isinstance(supported, list) and all(isinstance(v, str) for v in supported)):
            raise SurfaceError("/supportedVersions is not an array of strings")
        if not isinstance(cache, dict):
            raise SurfaceError("/discoverCache is not an object")
        return cls(
            server_info=info,
            instructions=_str(texts["instructions"]),
            protocol_version=_str(texts["protocolVersion"]),
            era=_str(texts["era"]),
            capabilities=caps,
            supported_versions=[str(v) for v in supported] if isinstance(supported, list) else None,
            discover_cache=cache,
            lists={k: Listing.from_json(lists[k], f"/lists/{k}") for k in KINDS if k in lists},
            source=_str(texts["source"]),
        )

    @classmethod
    def loads(cls, data: bytes) -> Surface:
        try:
            return cls.from_json(orjson.loads(data))
        except orjson.JSONDecodeError as exc:
            raise SurfaceError(f"not JSON: {exc}") from None


def _str(v: JsonValue) -> str | None:
    return v if isinstance(v, str) else None


def pointer_step(key: str | int) -> str:
    """A key as one JSON Pointer step (RFC 6901), its slash first."""
    return "/" + str(key).replace("~", "~0").replace("/", "~1")


def header_pointers(input_schema: JsonValue) -> dict[str, str]:
    """``{JSON Pointer of a property in the schema: its x-mcp-header}`` for every annotation
    found where the transport's rules read them (valid or not: as the server gave them)."""
    found, _problems = header_problems(input_schema)
    return {"".join("/properties" + pointer_step(p) for p in path): h for path, h in found.items()}


# ---------------------------------------------------------------- from a recording


def surface_of(rec: Recording, *, source: str | None = None) -> Surface:
    """The surface of the session ``rec`` holds, as of its last entry (see the module docstring)."""
    last = len(rec) - 1
    rebuild = Rebuild(rec)
    state = rebuild.at(last)
    surface = Surface(source=source)
    if state.negotiated:
        facts = negotiation_facts(rec, last) or {}
        answer = facts.get("answer")
        server = facts.get("server")
        era = era_of(state.version) if state.version is not None else None
        surface.server_info = dict(state.server_info)
        surface.instructions = _str(server.get("instructions")) if isinstance(server, dict) else None
        surface.protocol_version = state.version
        surface.era = era.value if era is not None else state.era
        surface.capabilities = dict(state.server_capabilities or {})
        if facts.get("method") == "server/discover" and isinstance(answer, dict):
            versions = answer.get("supportedVersions")
            if isinstance(versions, list):
                surface.supported_versions = [v for v in versions if isinstance(v, str)]
            surface.discover_cache = cache_hints(answer)
    changed_rows = _changed_rows(rec)
    for kind in KINDS:
        method = LIST_METHODS[kind]
        pager = state.listing(method)
        if pager is None:
            continue  # never listed (or never answered)
        rows = rebuild.listing_rows(method, last)
        replies = [r for r in (reply_at(rec, seq) for seq in rows) if r is not None]
        failed = replies[-1].error if replies and not replies[-1].ok else None
        hints = [h for h in (cache_hints(r.result) for r in replies if r.ok) if h]
        notes = changed_rows.get(CHANGED[kind], [])
        stale = bool(rows) and bisect.bisect_right(notes, rows[-1]) < len(notes)
        complete = not pager.more and not _started_midway(rec, rows)
        surface.lists[kind] = Listing(list(pager.items), pager.pages, complete, stale, failed, hints)
    return surface


def _started_midway(rec: Recording, rows: list[int]) -> bool:
    """Whether a listing's first answer the recording holds is to a request with a cursor: the
    pages before it are not in the recording (a host log that begins mid-session, a proxy
    attached late, a listing longer than the replay follows back), so its items are not all
    known."""
    if not rows:
        return False
    asked = rec.paired_at(rows[0])
    obj = rec[asked].json() if asked is not None else None
    params = obj.get("params") if isinstance(obj, dict) else None
    return isinstance(params, dict) and params.get("cursor") is not None


def _changed_rows(rec: Recording) -> dict[str, list[int]]:
    """The entries of the server's list_changed notifications, ascending, by method."""
    wanted = frozenset(CHANGED.values())
    out: dict[str, list[int]] = {}
    start = rec.released
    for i, m in enumerate(rec.methods(start), start):
        if m in wanted and rec.direction_at(i) is Direction.S2C:
            out.setdefault(m, []).append(i)
    return out


def load_surface(path: str | Path) -> Surface:
    """A surface file, or the surface of a recording file (its first bytes tell which).

    Raises :class:`SurfaceError` for a file that cannot be read or a surface file that is
    wrong, and :class:`RecordingError` for anything else that is no recording (the recording
    loader's sentence). Only a regular file is opened here (a FIFO never blocks the caller)."""
    p = Path(path)
    try:
        st = p.stat()
        if stat.S_ISREG(st.st_mode):
            with open(p, "rb") as f:
                head = f.read(4096)
                if b'"' + SURFACE_FORMAT.encode() + b'"' in head:  # to_json writes the format first
                    if st.st_size > MAX_SURFACE_FILE:
                        raise SurfaceError(f"{p.name} is larger than a surface file may be ({MAX_SURFACE_FILE} bytes)")
                    return Surface.loads(head + f.read())
    except OSError as exc:
        raise SurfaceError(f"cannot read {p}: {exc.strerror or exc}") from None
    try:
        rec = Recording.load(p)
    except RecordingError:
        found = whole_surface_file(p)
        if found is None:
            raise
        return found
    return surface_of(rec, source=p.name)


def whole_surface_file(path: str | Path) -> Surface | None:
    """A surface file whose format is not among its first bytes (rewritten by another tool:
    ``jq -S`` sorts ``format`` after ``capabilities``), read whole; None when the file is no
    JSON object of that format (or not a regular file, or larger than a surface file may be).
    :class:`SurfaceError` for one of that format that is wrong."""
    p = Path(path)
    try:
        st = p.stat()
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_SURFACE_FILE:
            return None
        data = p.read_bytes()
    except OSError:
        return None
    try:
        doc = orjson.loads(data)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(doc, dict) or doc.get("format") != SURFACE_FORMAT:
        return None
    return Surface.from_json(doc)
