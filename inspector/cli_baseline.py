"""``probe --save-surface FILE`` and ``probe --baseline FILE [--junit FILE]``: the probe's surface
kept, or held against an earlier one (a drift check for CI).

Theory of operation: a surface is read from the session's recording
(:func:`~inspector.session.surface.surface_of`), so it holds the lists the session listed. A
probe that asks only for ``tools/list`` would compare the first page of tools; so with either
option the probe, once the given requests are done, lists every list the server declared a
capability for (tools; prompts; resources and resource templates), following every cursor up to
:data:`MAX_PAGES` pages, each listing noted in the transcript (``probe_note``) - the surface is
then the server's whole offer, whatever the requests were. A session that failed has no surface
worth keeping: nothing is saved, nothing compared (the JUnit report then holds the session's
failure as an error).

The comparison is :func:`~inspector.session.surface_diff.diff_surfaces` (baseline first), said
in the summary (``baseline``: the file, the counts, the diff as ``diff --json`` gives it; in
text, the diff's lines) and in the exit code: :data:`~inspector.cli.EXIT_BREAKING` when a
change can break a client written against the baseline, :data:`~inspector.cli.EXIT_CHANGED`
for changes that do not; the session's own failures (codes 2 to 9) and 128+N come first.

JUnit (``--junit FILE``, written with :mod:`xml.etree.ElementTree`): one ``testsuite`` with a
``testcase`` per item either surface holds (``classname`` the kind, ``name`` the item's key: a
tool's name, a resource's URI) and per aspect of the server (protocol, serverInfo...). A breaking
change is a ``failure``; a non-breaking change passes and says what changed in ``system-out``
(server text with its controls escaped: XML 1.0 has no place for them, and a CI's parser refuses
a report that holds one):
an added tool or a reworded description is not a broken build, and a pipeline that wants every
change to fail has exit code 11. Both files are written atomically (a temporary file beside
them, then renamed): a baseline is never left half-written.
"""

from __future__ import annotations

import os
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path

from inspector.protocol.jsontypes import JsonObject
from inspector.session import ConnectionLost, RequestTimeout, Session
from inspector.session.operations import ListPager
from inspector.session.recording import Recording
from inspector.session.surface import KEY_FIELDS, KINDS, LIST_METHODS, Surface, SurfaceError, surface_of
from inspector.session.surface_diff import KIND_WORDS, ItemDiff, SurfaceDiff, diff_surfaces, printable, text_lines

#: the most pages of one list the probe fetches for the surface
MAX_PAGES = 100
#: the capability that declares each list
LIST_CAPABILITY = {"tools": "tools", "prompts": "prompts", "resources": "resources", "resourceTemplates": "resources"}
#: the server's aspects a JUnit report has a testcase for (surface_diff's items of kind "server")
SERVER_ASPECTS = ("protocol", "supportedVersions", "serverInfo", "instructions", "capabilities", "cache")


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it (OSError when it cannot)."""
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class SurfaceWork:
    """What ``--save-surface``, ``--baseline`` and ``--junit`` ask of one probe run. The
    baseline is read before anything starts (:class:`~inspector.cli_diff.CompareError`: a usage
    error)."""

    def __init__(self, save: Path | None, baseline: Path | None, junit: Path | None) -> None:
        from inspector.cli_diff import read_side

        self.save = save
        self.baseline_path = baseline
        self.junit = junit
        self.baseline: Surface | None = read_side(baseline)[0] if baseline is not None else None

    async def list_all(self, session: Session) -> tuple[int, str]:
        """List every list the server declared, every page (noted); the probe's exit code and
        reason when a listing timed out or the connection was lost."""
        from inspector.cli import EXIT_OK, EXIT_SERVER, EXIT_TIMEOUT

        caps = session.negotiation().server_capabilities or {}
        kinds = [k for k in KINDS if LIST_CAPABILITY[k] in caps]
        if not kinds:
            return EXIT_OK, "ok"
        session.record_note(
            "listing " + ", ".join(LIST_METHODS[k] for k in kinds) + " (every page) for the surface",
            {"event": "probe_note"},
        )
        try:
            for kind in kinds:
                await ListPager(LIST_METHODS[kind], kind).fetch(session, MAX_PAGES)
        except RequestTimeout as exc:
            return EXIT_TIMEOUT, str(exc)
        except ConnectionLost as exc:
            return EXIT_SERVER, str(exc)
        return EXIT_OK, "ok"

    def finish(self, rec: Recording, code: int, reason: str) -> tuple[int, str, JsonObject | None]:
        """Once the session is over: save, compare, report. The exit code and reason (the
        session's own failure first; a file that cannot be written: EXIT_OUTPUT) and the
        summary's ``baseline`` block (None without --baseline)."""
        from inspector.cli import EXIT_BREAKING, EXIT_CHANGED, EXIT_OK, EXIT_OUTPUT

        block: JsonObject | None = None
        diff: SurfaceDiff | None = None
        surface = surface_of(rec) if code == EXIT_OK else None
        problems: list[str] = []
        if surface is not None and self.save is not None:
            try:
                write_atomically(self.save, surface.dumps())
            except OSError as exc:
                problems.append(f"cannot write the surface {self.save}: {exc.strerror or exc}")
            except SurfaceError as exc:  # nested deeper than any JSON writer here goes
                problems.append(f"cannot write the surface {self.save}: {exc}")
        if self.baseline is not None:
            block = {"file": str(self.baseline_path), "compared": surface is not None}
            if surface is not None:
                diff = diff_surfaces(self.baseline, surface)
                block.update(diff.to_json())
            else:
                block["why"] = "the session failed: nothing compared"
        if self.junit is not None and self.baseline is not None:
            try:
                write_atomically(self.junit, junit_xml(self.baseline, surface, diff, code, reason, self.baseline_path))
            except OSError as exc:
                problems.append(f"cannot write the JUnit report {self.junit}: {exc.strerror or exc}")
        if problems:
            return EXIT_OUTPUT, "; ".join(problems) + ("" if code == EXIT_OK else f"; {reason}"), block
        if code != EXIT_OK or diff is None or diff.same:
            return code, reason, block
        counts = diff.counts()
        words = (
            f"{counts['added']} added, {counts['removed']} removed, {counts['changed']} changed "
            f"({counts['breaking']} breaking)"
        )
        if diff.breaking:
            return (
                EXIT_BREAKING,
                f"the surface differs from the baseline {self.baseline_path}, breaking: {words}",
                block,
            )
        return (
            EXIT_CHANGED,
            f"the surface differs from the baseline {self.baseline_path}, nothing breaking: {words}",
            block,
        )


def baseline_lines(block: JsonObject) -> list[str]:
    """The summary's ``baseline`` for people: the file and the diff's lines."""
    head = f"baseline          {block.get('file')}: "
    if not block.get("compared"):
        return [head + str(block.get("why"))]
    lines = [head + ("the same" if block.get("same") else "differs")]
    for item in block.get("items") or []:
        if not isinstance(item, dict):
            continue
        mark = {"removed": "-", "added": "+", "changed": "~"}.get(str(item.get("status")), "?")
        breaking = " [breaking]" if item.get("breaking") else ""
        kind = KIND_WORDS.get(str(item.get("kind")), str(item.get("kind")))
        lines.append(f"  {mark} {kind} {printable(str(item.get('key')))}: {item.get('status')}{breaking}")
        for f in item.get("findings") or []:
            if (
                isinstance(f, dict)
                and f.get("code") not in ("item.added",)
                and not str(f.get("code")).endswith(".removed")
            ):
                lines.append(f"      {'breaking: ' if f.get('breaking') else ''}{printable(str(f.get('text')))}")
    for n in block.get("notes") or []:
        if isinstance(n, dict):
            lines.append(f"  note: {printable(str(n.get('text')))}")
    return lines


# ---------------------------------------------------------------------- JUnit


def _keys(kind: str, surfaces: Iterable[Surface | None]) -> list[str]:
    out: dict[str, None] = {}
    for s in surfaces:
        listing = s.listing(kind) if s is not None else None
        for item in listing.items if listing is not None else ():
            key = item.get(KEY_FIELDS[kind])
            if isinstance(key, str):
                out[key] = None
    return list(out)


def _case(suite: ET.Element, classname: str, name: str, item: ItemDiff | None) -> ET.Element:
    case = ET.SubElement(suite, "testcase", classname=classname, name=printable(name), time="0")
    if item is None:
        return case
    single = SurfaceDiff(items=[item])
    lines = "\n".join(text_lines(single)[1:])
    if item.breaking:
        message = printable("; ".join(f.text() for f in item.findings if f.breaking), 2000)
        failure = ET.SubElement(case, "failure", message=message, type="breaking")
        failure.text = lines
    else:
        out = ET.SubElement(case, "system-out")
        out.text = lines
    return case


def junit_xml(
    baseline: Surface, surface: Surface | None, diff: SurfaceDiff | None, code: int, reason: str, path: Path | None
) -> bytes:
    """The JUnit XML report (see the module docstring): one suite, a case per item."""
    root = ET.Element("testsuites")
    suite = ET.SubElement(root, "testsuite", name="mcp-surface")
    props = ET.SubElement(suite, "properties")
    ET.SubElement(props, "property", name="baseline", value=str(path))
    session = ET.SubElement(suite, "testcase", classname="probe", name="session", time="0")
    if surface is None or diff is None:
        error = ET.SubElement(session, "error", message=printable(reason, 2000), type=f"exit {code}")
        error.text = "the session failed: the surface was not compared"
    else:
        found = {(i.kind, i.key): i for i in diff.items}
        for aspect in SERVER_ASPECTS:
            _case(suite, "server", aspect, found.pop(("server", aspect), None))
        for kind in KINDS:
            for key in _keys(kind, (baseline, surface)):
                _case(suite, kind, key, found.pop((kind, key), None))
        for (kind, key), item in found.items():  # what is said of a whole list
            _case(suite, kind, key, item)
        if diff.notes:
            notes = ET.SubElement(suite, "system-out")
            notes.text = "\n".join("note: " + printable(n.text()) for n in diff.notes)
    cases = suite.findall("testcase")
    suite.set("tests", str(len(cases)))
    suite.set("failures", str(sum(1 for c in cases if c.find("failure") is not None)))
    suite.set("errors", str(sum(1 for c in cases if c.find("error") is not None)))
    suite.set("skipped", "0")
    for key in ("tests", "failures", "errors"):
        root.set(key, suite.get(key, "0"))
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"
