"""The difference between two surfaces (:mod:`.surface`): what was added, removed and changed,
and which of it breaks a client written against the first.

Theory of operation
-------------------
:func:`diff_surfaces` compares surface ``a`` (the baseline, the older release) with ``b`` (the
newer). Its result, :class:`SurfaceDiff`, is a list of :class:`ItemDiff`: one per item that was
added, removed or changed. Items are keyed as a client knows them: tools and prompts by
``name``, resources by ``uri``, resource templates by ``uriTemplate`` (an item repeated in one
list: the last one counts). Beside the four lists, the server itself is compared as items of
kind ``server``: ``protocol`` (the negotiated version and its era), ``supportedVersions``
(2026-07-28), ``serverInfo``, ``instructions``, ``capabilities`` and ``cache`` (server/discover's
cache hints). What is said of a whole list is an item of kind ``list`` keyed by the list: a list
listed by one session only (its items are not compared: a list never listed is not an empty
list), a list that failed (not compared either), and its pages' cache hints (each different
hint once, so two page sizes with the same hints are the same).

Inside a changed item, :attr:`ItemDiff.changes` holds every JSON Pointer (RFC 6901, from the
item's root) whose value differs, with the old and the new value (:data:`ABSENT` for a member
that is not there): objects are walked member by member, arrays element by element when their
lengths agree, else compared whole; a ``required`` or ``type`` array of strings is a set, compared
sorted (another order is no change).

Each item carries :class:`Finding` s: a stable code (:data:`DIFF_WORDS` holds its English
words; ``scripts/i18n.py`` brings them to other languages, so codes never change meaning), the
pointer it is about, the values its words need, and whether it is **breaking** - a change
that can make a client that worked with ``a`` fail with ``b``:

* a tool, prompt, resource or resource template removed;
* an input schema (a tool's ``inputSchema``, followed through ``properties`` and ``items``):
  a property added to ``required`` (``input.required_added``), a property removed
  (``input.property_removed``), a type narrowed - a JSON type the old schema accepted that the
  new one does not, ``integer`` counting as part of ``number`` and no ``type`` as every type
  (``input.type_narrowed``: ``["string","null"]`` -> ``"string"``, ``number`` -> ``integer``) -
  or an ``enum`` losing values (``input.enum_narrowed``). A schema ``true`` is the empty schema
  and ``false`` accepts nothing; a local ``$ref`` (``#/$defs/...``, as generators write nested
  models) is followed within its own side's schema (a finding's pointer then goes through the
  property that refers, not into ``$defs``; a recursive schema is walked once per pair of
  references, and at most :data:`MAX_NODES` nodes an item); a node with no ``type`` but an
  ``anyOf``/``oneOf`` accepts the types of its branches together (``Optional[int]`` made ``int``
  is ``integer | null`` narrowed to ``integer``);
* an output schema property removed (``output.property_removed``: a client reading
  ``structuredContent`` may rely on it), or no longer required (``output.required_removed``:
  it may be missing now);
* a prompt argument that became required or was added required, or was removed;
* a capability removed (a member of ``capabilities`` gone, or a flag going from true to false or
  gone; a flag false that is gone is no change of meaning, and not breaking);
* in 2026-07-28, a version gone from server/discover's ``supportedVersions``;
* the negotiated version moving to another era (``protocol.era_changed``), a session that
  negotiated nothing where the baseline did, and a list that fails where it was listed.

Every other difference is a non-breaking change: an item added, a description or title
changed, a property added optional, a type widened, the server's version, the cache hints,
an ``x-mcp-header`` renamed (``tool.header_changed``: intermediaries route on it, so it is
named, though a client's call still works). What limits the comparison without being a
difference - a listing whose last page named a cursor nobody followed, one a ``list_changed``
said was stale - is a note (:attr:`SurfaceDiff.notes`), which does not make two surfaces differ.
An item missing from a listing with pages never fetched may be on one of them: it is neither
removed (B's listing) nor added (A's listing), only the items both listings hold are compared.

:func:`text_lines` says it for a terminal (every added, removed and changed item named, with
its paths and findings); :meth:`SurfaceDiff.to_json` gives the same as data.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeAlias
from urllib.parse import unquote

import orjson

from inspector.protocol.jsontypes import JsonObject, JsonValue

from .recording import quote_value
from .surface import KEY_FIELDS, KINDS, Surface, header_pointers, load_surface, pointer_step
from .translate import Translate, untranslated

__all__ = [
    "ABSENT",
    "DIFF_CONTEXT",
    "DIFF_WORDS",
    "KIND_WORDS",
    "LINE_WORDS",
    "LIST_WORDS",
    "Finding",
    "ItemDiff",
    "PathChange",
    "SurfaceDiff",
    "diff_files",
    "diff_surfaces",
    "json_changes",
    "printable",
    "text_lines",
]


class Absent(enum.Enum):
    """A member that is not there (told apart from null)."""

    ABSENT = "absent"


ABSENT = Absent.ABSENT
Value: TypeAlias = JsonValue | Absent

DIFF_CONTEXT = "SurfaceDiff"
#: the English words of each finding's code; ``{...}`` are the finding's values
DIFF_WORDS: dict[str, str] = {
    "item.added": "added",
    "server.info_changed": "the server's identity changed",
    "server.instructions_changed": "the server's instructions changed",
    "protocol.version_changed": "the protocol version changed from {old} to {new}",
    "protocol.era_changed": "the protocol version changed era, from {old} to {new}",
    "protocol.not_negotiated": "session {side} negotiated nothing",
    "protocol.supported_removed": "the server no longer supports protocol version {version}",
    "capability.removed": "the capability {capability} was removed",
    "capability.added": "the capability {capability} was added",
    "capability.changed": "the capability {capability} changed",
    "cache.changed": "the cache hints of {where} changed",
    "list.not_listed": "{kind} were listed by session {side} only: not compared",
    "list.failed": "listing {kind} failed in session {side}: not compared",
    "list.incomplete": "session {side} did not fetch every page of {kind}: items may be missing",
    "list.stale": "session {side}'s {kind} were announced changed after they were listed",
    "tool.removed": "the tool was removed",
    "prompt.removed": "the prompt was removed",
    "resource.removed": "the resource was removed",
    "template.removed": "the resource template was removed",
    "input.required_added": "the input property {property} became required",
    "input.property_removed": "the input property {property} was removed",
    "input.type_narrowed": "the type of {property} was narrowed from {old} to {new}",
    "input.enum_narrowed": "the values of {property} lost {lost}",
    "output.property_removed": "the output property {property} was removed",
    "output.required_removed": "the output property {property} is no longer required: it may be missing",
    "prompt.required_argument_added": "the argument {argument} became required",
    "prompt.argument_removed": "the argument {argument} was removed",
    "tool.header_changed": "the x-mcp-header of {property} changed from {old} to {new}",
}
#: the words around the findings
LINE_WORDS: dict[str, str] = {
    "same": "The surfaces are the same.",
    "differ": "The surfaces differ: {added} added, {removed} removed, {changed} changed ({breaking} breaking).",
    "breaking": "breaking",
    "absent": "(absent)",
    "note": "note",
    "added": "added",
    "removed": "removed",
    "changed": "changed",
}
#: a list's name where a finding's words name it (its ``kind`` or ``where`` value)
LIST_WORDS: dict[str, str] = {
    "tools": "tools",
    "prompts": "prompts",
    "resources": "resources",
    "resourceTemplates": "resource templates",
}
#: a kind's name in a line (singular)
KIND_WORDS: dict[str, str] = {
    "tools": "tool",
    "prompts": "prompt",
    "resources": "resource",
    "resourceTemplates": "resource template",
    "server": "server",
    "list": "list",
}
_REMOVED_CODE = {
    "tools": "tool.removed",
    "prompts": "prompt.removed",
    "resources": "resource.removed",
    "resourceTemplates": "template.removed",
}
_ORDER = {"removed": 0, "added": 1, "changed": 2}


@dataclass(frozen=True)
class PathChange:
    """One JSON Pointer whose value differs (``ABSENT``: not there on that side)."""

    pointer: str
    old: Value
    new: Value

    def to_json(self) -> JsonObject:
        """The change as data; a value nested deeper than :data:`MAX_VALUE_DEPTH` is said in
        words (JSON writers stop at 254 levels, and this one sits inside a report)."""
        d: JsonObject = {"path": self.pointer}
        for name, v in (("old", self.old), ("new", self.new)):
            if v is not ABSENT:
                d[name] = (
                    v if _nesting(v) <= MAX_VALUE_DEPTH else f"a value nested deeper than {MAX_VALUE_DEPTH} levels"
                )
        return d


#: the deepest value a change's JSON carries as it is
MAX_VALUE_DEPTH = 200


def _nesting(v: JsonValue) -> int:
    """How deep ``v`` nests (a scalar 0), counted to one past :data:`MAX_VALUE_DEPTH` at most."""
    deepest, stack = 0, [(v, 0)]
    while stack:
        x, depth = stack.pop()
        if isinstance(x, dict | list):
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_VALUE_DEPTH:
                return deepest
            stack += [(c, depth) for c in (x.values() if isinstance(x, dict) else x)]
    return deepest


@dataclass(frozen=True)
class Finding:
    """What a difference means: its code, whether it breaks a client, where, and its words' values."""

    code: str
    breaking: bool = False
    pointer: str = ""
    values: dict[str, str] = field(default_factory=dict)

    def text(self, tr: Translate = untranslated) -> str:
        shown = {
            k: tr(DIFF_CONTEXT, LIST_WORDS[v]) if k in ("kind", "where") and v in LIST_WORDS else v
            for k, v in self.values.items()
        }
        return tr(DIFF_CONTEXT, DIFF_WORDS[self.code]).format(**shown)

    def to_json(self) -> JsonObject:
        d: JsonObject = {"code": self.code, "breaking": self.breaking}
        if self.pointer:
            d["path"] = self.pointer
        if self.values:
            d["values"] = dict(self.values)
        d["text"] = self.text()
        return d


@dataclass
class ItemDiff:
    """One item added, removed or changed."""

    kind: str  # one of surface.KINDS, "server" or "list"
    key: str
    status: str  # "added" / "removed" / "changed"
    changes: list[PathChange] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    @property
    def breaking(self) -> bool:
        return any(f.breaking for f in self.findings)

    def to_json(self) -> JsonObject:
        return {
            "kind": self.kind,
            "key": self.key,
            "status": self.status,
            "breaking": self.breaking,
            "changes": [c.to_json() for c in self.changes],
            "findings": [f.to_json() for f in self.findings],
        }


@dataclass
class SurfaceDiff:
    """The difference between two surfaces (see the module docstring)."""

    items: list[ItemDiff] = field(default_factory=list)
    notes: list[Finding] = field(default_factory=list)
    a_source: str | None = None
    b_source: str | None = None

    @property
    def same(self) -> bool:
        return not self.items

    @property
    def breaking(self) -> bool:
        return any(i.breaking for i in self.items)

    def counts(self) -> dict[str, int]:
        c = {s: sum(1 for i in self.items if i.status == s) for s in _ORDER}
        c["breaking"] = sum(1 for i in self.items if i.breaking)
        return c

    def item(self, kind: str, key: str) -> ItemDiff | None:
        return next((i for i in self.items if i.kind == kind and i.key == key), None)

    def codes(self) -> list[str]:
        """Every finding's code, in order (tests and quick checks)."""
        return [f.code for i in self.items for f in i.findings]

    def to_json(self) -> JsonObject:
        return {
            "same": self.same,
            "breaking": self.breaking,
            "counts": dict(self.counts()),
            "a": self.a_source,
            "b": self.b_source,
            "items": [i.to_json() for i in self.items],
            "notes": [n.to_json() for n in self.notes],
        }


# ---------------------------------------------------------------- JSON paths


#: members whose array of strings is a set (JSON Schema's ``required`` and ``type``): an item's
#: diff takes another order of one as no change
SET_MEMBERS = frozenset(("required", "type"))


def json_changes(old: Value, new: Value, pointer: str = "", *, sets: frozenset[str] = frozenset()) -> list[PathChange]:
    """Every JSON Pointer under ``pointer`` whose value differs between ``old`` and ``new``
    (walked with a stack of its own: a value nested as deep as a recording holds never
    exhausts Python's recursion). A member named in ``sets`` whose two values are arrays of
    the same strings in another order is no change."""
    out: list[PathChange] = []
    stack: list[tuple[Value, Value, str]] = [(old, new, pointer)]
    while stack:
        o, n, ptr = stack.pop()
        if type(o) is type(n) and _equal(o, n):
            continue
        if isinstance(o, dict) and isinstance(n, dict):
            keys = [k for k in o if k not in sets or not _same_set(o[k], n.get(k, ABSENT))]
            keys += [k for k in n if k not in o]
            stack += reversed([(o.get(k, ABSENT), n.get(k, ABSENT), ptr + pointer_step(k)) for k in keys])
        elif isinstance(o, list) and isinstance(n, list) and len(o) == len(n):
            stack += reversed([(a, b, ptr + pointer_step(i)) for i, (a, b) in enumerate(zip(o, n, strict=True))])
        else:
            out.append(PathChange(ptr, o, n))
    return out


def _same_set(a: Value, b: Value) -> bool:
    """Both arrays of strings, the same ones in any order."""
    if not (isinstance(a, list) and isinstance(b, list) and len(a) == len(b)):
        return False
    if not all(isinstance(x, str) for x in (*a, *b)):
        return False
    return sorted(str(x) for x in a) == sorted(str(x) for x in b)


def _equal(a: Value, b: Value) -> bool:
    """``a == b``; False when they nest deeper than the comparison goes (then walked)."""
    try:
        return bool(a == b)
    except RecursionError:
        return False


# ---------------------------------------------------------------- schema rules


#: the most ``$ref`` s followed one after another from a node (a chain longer is not followed)
MAX_REFS = 32
#: the most schema nodes one item's rules visit (``$ref`` s can name a node many times over)
MAX_NODES = 10_000


class _Schema:
    """One side's schema, read as its rules need: ``true`` is the empty schema (every value),
    ``false`` one with no type (no value), a local ``$ref`` (``#/...``, as generators write
    ``$defs``) is followed within the same schema (its sibling keywords kept over the target's)."""

    def __init__(self, root: JsonValue) -> None:
        self.root = root
        self.branches_left = MAX_NODES  # anyOf/oneOf branches read for types (``$ref`` s can repeat them)

    def node(self, v: JsonValue) -> tuple[JsonObject, str | None]:
        """``v`` as an object, and the ``$ref`` it was reached by (None: none)."""
        ref: str | None = None
        for _ in range(MAX_REFS):
            if v is True:
                return {}, ref
            if v is False:
                return {"type": []}, ref
            if not isinstance(v, dict):
                return {}, ref
            target = v.get("$ref")
            if not isinstance(target, str) or not target.startswith("#"):
                return v, ref
            found = self._pointer(target[1:])
            if found is None:
                return v, ref
            ref = target
            siblings = {k: x for k, x in v.items() if k != "$ref"}
            v = {**found, **siblings} if isinstance(found, dict) and siblings else found
        return {}, ref

    def _pointer(self, pointer: str) -> JsonValue | None:
        at: JsonValue = self.root
        for raw in pointer.split("/")[1:] if pointer else []:
            step = unquote(raw).replace("~1", "/").replace("~0", "~")
            if isinstance(at, dict) and step in at:
                at = at[step]
            elif isinstance(at, list) and step.isdigit() and int(step) < len(at):
                at = at[int(step)]
            else:
                return None
        return at


def _types(schema: JsonObject, side: _Schema | None = None, depth: int = 0) -> set[str] | None:
    """The JSON types a schema node accepts by its ``type`` (None: no ``type``, every type); a
    node with no ``type`` but an ``anyOf`` or ``oneOf`` accepts what its branches do together."""
    t = schema.get("type")
    if isinstance(t, str):
        return {t}
    if isinstance(t, list):
        return {x for x in t if isinstance(x, str)}
    branches = schema.get("anyOf", schema.get("oneOf"))
    if isinstance(branches, list) and branches and side is not None and depth < MAX_REFS:
        side.branches_left -= len(branches)
        if side.branches_left < 0:
            return None
        out: set[str] = set()
        for branch in branches:
            found = _types(side.node(branch)[0], side, depth + 1)
            if found is None:
                return None
            out |= found
        return out
    return None


def _accepts(types: set[str] | None, t: str) -> bool:
    return types is None or t in types or (t == "integer" and "number" in types)


def _type_text(types: set[str] | None) -> str:
    if types is None:
        return "any"
    return " | ".join(sorted(types)) if types else "none"


def _obj(v: JsonValue) -> JsonObject:
    return v if isinstance(v, dict) else {}


def _names(v: JsonValue) -> list[str]:
    return [x for x in v if isinstance(x, str)] if isinstance(v, list) else []


@dataclass
class _Sides:
    """The two schemas an input or output schema's rules walk, and the ``$ref`` s on the way (a
    recursive schema - a tree's node naming itself - is walked once)."""

    old: _Schema
    new: _Schema
    seen: frozenset[tuple[str | None, str | None]] = frozenset()
    visits: list[int] = field(default_factory=lambda: [0])  # shared by every side below: the nodes visited

    def pair(self, o: JsonValue, n: JsonValue) -> tuple[JsonObject, JsonObject, _Sides] | None:
        """Both nodes as objects and the sides below them; None when the walk came by these refs
        or has visited :data:`MAX_NODES` nodes."""
        self.visits[0] += 1
        if self.visits[0] > MAX_NODES:
            return None
        (old, ref_o), (new, ref_n) = self.old.node(o), self.new.node(n)
        if ref_o is None and ref_n is None:
            return old, new, self
        key = (ref_o, ref_n)
        if key in self.seen:
            return None
        return old, new, _Sides(self.old, self.new, self.seen | {key}, self.visits)


def _input_findings(o: JsonValue, n: JsonValue, ptr: str, out: list[Finding], sides: _Sides) -> None:
    """Breaking changes of an input schema node (see the module docstring), recursively."""
    found = sides.pair(o, n)
    if found is None:
        return
    old, new, sides = found
    t_old, t_new = _types(old, sides.old), _types(new, sides.new)
    known = t_old if t_old is not None else {"array", "boolean", "null", "number", "object", "string"}
    if t_old != t_new and any(not _accepts(t_new, t) for t in known):
        vals = {"property": ptr or "/", "old": _type_text(t_old), "new": _type_text(t_new)}
        out.append(Finding("input.type_narrowed", True, ptr, vals))
    e_old, e_new = old.get("enum"), new.get("enum")
    if isinstance(e_new, list):
        if isinstance(e_old, list):
            lost = ", ".join(quote_value(v) for v in e_old if v not in e_new)
        else:  # any value was accepted; now only the enum's
            lost = "every value but " + ", ".join(quote_value(v) for v in e_new)
        if lost:
            out.append(Finding("input.enum_narrowed", True, ptr, {"property": ptr or "/", "lost": lost}))
    p_old, p_new = _obj(old.get("properties")), _obj(new.get("properties"))
    required_before = set(_names(old.get("required")))
    for name in _names(new.get("required")):
        if name not in required_before:
            where = ptr + "/properties" + pointer_step(name)
            out.append(Finding("input.required_added", True, where, {"property": name}))
    for name, sub in p_old.items():
        where = ptr + "/properties" + pointer_step(name)
        if name not in p_new:
            out.append(Finding("input.property_removed", True, where, {"property": name}))
        else:
            _input_findings(sub, p_new[name], where, out, sides)
    i_old, i_new = old.get("items"), new.get("items")
    if isinstance(i_old, dict | bool) and isinstance(i_new, dict | bool):
        _input_findings(i_old, i_new, ptr + "/items", out, sides)


def _output_findings(o: JsonValue, n: JsonValue, ptr: str, out: list[Finding], sides: _Sides) -> None:
    """An output schema's properties removed, recursively (through local ``$ref`` s)."""
    found = sides.pair(o, n)
    if found is None:
        return
    old, new, sides = found
    p_old, p_new = _obj(old.get("properties")), _obj(new.get("properties"))
    required_now = set(_names(new.get("required")))
    for name, sub in p_old.items():
        where = ptr + "/properties" + pointer_step(name)
        if name not in p_new:
            out.append(Finding("output.property_removed", True, where, {"property": name}))
            continue
        if name in _names(old.get("required")) and name not in required_now:
            out.append(Finding("output.required_removed", True, where, {"property": name}))
        _output_findings(sub, p_new[name], where, out, sides)


def _header_findings(old: JsonObject, new: JsonObject) -> list[Finding]:
    def headers(tool: JsonObject) -> dict[str, str]:
        return {"/inputSchema" + p: h for p, h in header_pointers(tool.get("inputSchema")).items()}

    h_old, h_new = headers(old), headers(new)
    out = []
    for where in list(h_old) + [w for w in h_new if w not in h_old]:
        before, after = h_old.get(where), h_new.get(where)
        if before != after:
            vals = {"property": where, "old": before or "none", "new": after or "none"}
            out.append(Finding("tool.header_changed", False, where, vals))
    return out


def _prompt_findings(old: JsonObject, new: JsonObject) -> list[Finding]:
    def arguments(prompt: JsonObject) -> dict[str, tuple[int, JsonObject]]:
        args = prompt.get("arguments")
        items = args if isinstance(args, list) else []
        return {str(a["name"]): (i, a) for i, a in enumerate(items) if isinstance(a, dict) and "name" in a}

    a_old, a_new = arguments(old), arguments(new)
    out = []
    for name, (i, _arg) in a_old.items():
        if name not in a_new:
            out.append(Finding("prompt.argument_removed", True, f"/arguments/{i}", {"argument": name}))
    for name, (i, arg) in a_new.items():
        was_required = name in a_old and a_old[name][1].get("required") is True
        if arg.get("required") is True and not was_required:
            out.append(Finding("prompt.required_argument_added", True, f"/arguments/{i}", {"argument": name}))
    return out


def item_findings(kind: str, old: JsonObject, new: JsonObject) -> list[Finding]:
    """The classified findings of one changed item of ``kind``."""
    out: list[Finding] = []
    if kind == "tools":
        for member, rules in (("inputSchema", _input_findings), ("outputSchema", _output_findings)):
            o, n = old.get(member, {}), new.get(member, {})
            rules(o, n, "/" + member, out, _Sides(_Schema(o), _Schema(n)))
        out += _header_findings(old, new)
    elif kind == "prompts":
        out += _prompt_findings(old, new)
    return out


# ---------------------------------------------------------------- the diff


def _keyed(kind: str, items: Iterable[JsonObject]) -> dict[str, JsonObject]:
    key = KEY_FIELDS[kind]
    return {str(i[key]): i for i in items if isinstance(i.get(key), str)}


def _list_diff(kind: str, a: Surface, b: Surface, diff: SurfaceDiff) -> None:
    la, lb = a.listing(kind), b.listing(kind)
    for side, listing in (("A", la), ("B", lb)):
        if listing is not None and not listing.complete:
            diff.notes.append(Finding("list.incomplete", values={"kind": kind, "side": side}))
        if listing is not None and listing.stale:
            diff.notes.append(Finding("list.stale", values={"kind": kind, "side": side}))
    if la is None and lb is None:
        return
    if la is None or lb is None:
        side = "A" if lb is None else "B"
        diff.items.append(
            ItemDiff(
                "list", kind, "changed", findings=[Finding("list.not_listed", values={"kind": kind, "side": side})]
            )
        )
        return
    if la.failed or lb.failed:
        if la.failed and lb.failed and la.error == lb.error:
            return
        findings = [
            Finding("list.failed", side == "B", values={"kind": kind, "side": side})
            for side, listing in (("A", la), ("B", lb))
            if listing.failed
        ]
        changes = json_changes(la.error if la.failed else ABSENT, lb.error if lb.failed else ABSENT, "/error")
        diff.items.append(ItemDiff("list", kind, "changed", changes, findings))
        return
    old, new = _keyed(kind, la.items), _keyed(kind, lb.items)
    # an item missing from a listing with pages never fetched may be on one of them: not judged
    # (the list.incomplete note says so; a server past the probe's MAX_PAGES is not "breaking")
    removed = [
        ItemDiff(kind, k, "removed", findings=[Finding(_REMOVED_CODE[kind], True)])
        for k in old
        if k not in new and lb.complete
    ]
    added = [ItemDiff(kind, k, "added", findings=[Finding("item.added")]) for k in new if k not in old and la.complete]
    changed = []
    for k in old:
        if k in new:
            changes = json_changes(old[k], new[k], sets=SET_MEMBERS)
            if changes:
                changed.append(ItemDiff(kind, k, "changed", changes, item_findings(kind, old[k], new[k])))
    for group in (removed, added, changed):
        diff.items += sorted(group, key=lambda i: i.key)
    ca, cb = _distinct(la.cache), _distinct(lb.cache)
    if ca != cb:  # the hints, not how many pages carried them
        changes = json_changes(ca, cb, "/cache")
        diff.items.append(
            ItemDiff("list", kind, "changed", changes, [Finding("cache.changed", values={"where": kind})])
        )


def _distinct(hints: list[JsonObject]) -> list[JsonValue]:
    """Each different cache hint once, in the order the pages gave them (in one pass: a
    recording of many pages, each with other hints, costs no more than their count)."""
    out: dict[str, JsonValue] = {}
    for h in hints:
        out.setdefault(_hint_key(h), h)
    return list(out.values())


def _hint_key(v: JsonValue) -> str:
    """A JSON value as text that is the same for equal values (members sorted)."""
    try:
        return orjson.dumps(v, option=orjson.OPT_SORT_KEYS, default=str).decode()
    except orjson.JSONEncodeError:  # deeper than the encoder goes
        return repr(v)


def _capability_findings(changes: list[PathChange]) -> list[Finding]:
    out = []
    for c in changes:
        name = c.pointer.removeprefix("/capabilities/").replace("/", ".")
        if (c.new is ABSENT and c.old is not False) or (c.old is True and c.new is not True):
            out.append(Finding("capability.removed", True, c.pointer, {"capability": name}))
        elif c.old is ABSENT:
            out.append(Finding("capability.added", False, c.pointer, {"capability": name}))
        else:
            out.append(Finding("capability.changed", False, c.pointer, {"capability": name}))
    return out


def _server_diff(a: Surface, b: Surface, diff: SurfaceDiff) -> None:
    items = diff.items
    if a.negotiated != b.negotiated:
        side = "A" if not a.negotiated else "B"
        f = Finding("protocol.not_negotiated", side == "B", values={"side": side})
        items.append(ItemDiff("server", "protocol", "changed", findings=[f]))
    elif a.protocol_version != b.protocol_version or a.era != b.era:
        vals = {"old": str(a.protocol_version), "new": str(b.protocol_version)}
        changes = json_changes(
            {"protocolVersion": a.protocol_version, "era": a.era}, {"protocolVersion": b.protocol_version, "era": b.era}
        )
        code = "protocol.era_changed" if a.era != b.era else "protocol.version_changed"
        items.append(
            ItemDiff(
                "server", "protocol", "changed", changes, [Finding(code, code == "protocol.era_changed", values=vals)]
            )
        )
    changes = json_changes(a.server_info, b.server_info, "/serverInfo")
    if changes:
        items.append(ItemDiff("server", "serverInfo", "changed", changes, [Finding("server.info_changed")]))
    if a.instructions != b.instructions:
        changes = json_changes(_or_absent(a.instructions), _or_absent(b.instructions), "/instructions")
        items.append(ItemDiff("server", "instructions", "changed", changes, [Finding("server.instructions_changed")]))
    if a.supported_versions is not None and b.supported_versions is not None:
        changes = json_changes(a.supported_versions, b.supported_versions, "/supportedVersions")
        if changes:
            findings = [
                Finding("protocol.supported_removed", True, "/supportedVersions", {"version": v})
                for v in a.supported_versions
                if v not in b.supported_versions
            ]
            items.append(ItemDiff("server", "supportedVersions", "changed", changes, findings))
    if a.negotiated and b.negotiated:
        changes = json_changes(a.capabilities, b.capabilities, "/capabilities")
        if changes:
            items.append(ItemDiff("server", "capabilities", "changed", changes, _capability_findings(changes)))
    changes = json_changes(a.discover_cache, b.discover_cache, "/discoverCache")
    if changes:
        items.append(
            ItemDiff(
                "server", "cache", "changed", changes, [Finding("cache.changed", values={"where": "server/discover"})]
            )
        )


def _or_absent(v: str | None) -> Value:
    return ABSENT if v is None else v


def diff_surfaces(a: Surface, b: Surface) -> SurfaceDiff:
    """What changed from surface ``a`` (the baseline) to ``b`` (see the module docstring)."""
    diff = SurfaceDiff(a_source=a.source, b_source=b.source)
    _server_diff(a, b, diff)
    for kind in KINDS:
        _list_diff(kind, a, b, diff)
    return diff


def diff_files(a: str | Path, b: str | Path) -> SurfaceDiff:
    """The diff of two files, each a recording or a surface file (:func:`~.surface.load_surface`;
    it raises :class:`~.surface.SurfaceError` or :class:`~.recording.RecordingError` when one
    cannot be read: a usage error for ``diff``, not a difference)."""
    return diff_surfaces(load_surface(a), load_surface(b))


# ---------------------------------------------------------------- words


#: the longest item key or finding shown whole in a line (the rest is cut with "…")
SHOWN_LIMIT = 500


def printable(text: str, limit: int = SHOWN_LIMIT) -> str:
    """Server text as it may reach a terminal or an XML file: every character that is not
    printable (controls - an escape sequence's ESC -, line breaks, bidi overrides, lone
    surrogates) written as ``\\uXXXX``, cut at ``limit`` characters."""
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text)


def _value_text(v: Value, tr: Translate) -> str:
    return tr(DIFF_CONTEXT, LINE_WORDS["absent"]) if v is ABSENT else printable(quote_value(v))


def text_lines(diff: SurfaceDiff, tr: Translate = untranslated, *, paths: bool = True) -> list[str]:
    """The diff for a terminal: a summary, then each item (``-`` removed, ``+`` added, ``~``
    changed) with its changed paths (``paths``) and its findings, then the notes."""
    w = {k: tr(DIFF_CONTEXT, v) for k, v in LINE_WORDS.items()}
    lines = [w["same"] if diff.same else w["differ"].format(**diff.counts())]
    for item in diff.items:
        mark = {"removed": "-", "added": "+", "changed": "~"}[item.status]
        kind = tr(DIFF_CONTEXT, KIND_WORDS[item.kind])
        head = f"{mark} {kind} {printable(item.key)}: {w[item.status]}"
        if item.breaking:
            head += f" [{w['breaking']}]"
        lines.append(head)
        if paths:
            for c in item.changes:
                where = printable(c.pointer or "/")
                lines.append(f"    {where}: {_value_text(c.old, tr)} -> {_value_text(c.new, tr)}")
        for f in item.findings:
            if f.code in ("item.added",) or f.code == _REMOVED_CODE.get(item.kind):
                continue  # the head line says it
            lines.append(f"    {'! ' + w['breaking'] + ': ' if f.breaking else ''}{printable(f.text(tr))}")
    for n in diff.notes:
        lines.append(f"{w['note']}: {printable(n.text(tr))}")
    return lines
