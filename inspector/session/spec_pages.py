"""The specification's bundled pages (resources/spec), read for the window's spec viewer.

Theory of operation. Explanations across the window cite the spec as ``"<version> <page>#<section>"``.
The pages are the spec's MDX; :func:`mdx_to_markdown` turns one into the Markdown Qt renders (the
front matter becomes the title, the site's callout components become quotes, cards become links,
components Qt cannot show are dropped; the words are the spec's own, unchanged).
:func:`spec_versions` and :func:`spec_pages` list what is bundled, and :func:`link_ref` says which
page a link on a page points to; :func:`read_page` reads the page a reference names, and
:func:`ref_in_version` is the page to show when another version is chosen. Qt-free (``ui/spec_viewer.py`` shows them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from inspector.resources import resource_path, spec_file

__all__ = [
    "SpecPage",
    "licence_text",
    "link_ref",
    "mdx_to_markdown",
    "read_page",
    "ref_in_version",
    "spec_pages",
    "spec_versions",
]

_FRONT = re.compile(r"\A---\n(.*?)\n---\n", re.S)
_TITLE = re.compile(r"^title:\s*(.+)$", re.M)
_CALLOUT = re.compile(r"^\s*<(Note|Warning|Info|Tip|Check)\b[^>]*>\s*$")
_CALLOUT_END = re.compile(r"^\s*</(Note|Warning|Info|Tip|Check)>\s*$")
_CARD = re.compile(r'<Card\b[^>]*?title="([^"]*)"[^>]*?href="([^"]*)"[^>]*>', re.S)
_TAG_LINE = re.compile(r"^\s*</?[A-Z][A-Za-z]*\b[^>]*/?>\s*$|^\s*<div\b[^>]*/>\s*$|^\s*</?div\b[^>]*>\s*$")
_INLINE_TAG = re.compile(
    r"</?(?:Note|Warning|Info|Tip|Check|CardGroup|Card|Steps|Step|Tabs|Tab|Accordion|AccordionGroup)\b[^>]*>"
)
_SPEC_LINK = re.compile(r"^/?(?:specification/)?(\d{4}-\d{2}-\d{2}|draft|latest)/(.+)$")


def mdx_to_markdown(text: str) -> str:
    """The Markdown Qt renders for one spec page (MDX): the same words, the site's markup gone."""
    title = ""
    m = _FRONT.match(text)
    if m:
        t = _TITLE.search(m.group(1))
        title = t.group(1).strip().strip("\"'") if t else ""
        text = text[m.end() :]
    text = _CARD.sub(lambda c: f"\n- [{c.group(1)}]({c.group(2)})\n", text)
    out: list[str] = [f"# {title}", ""] if title else []
    quoting = False
    fence = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fence = not fence
            out.append(("> " if quoting else "") + line)
            continue
        if fence:
            out.append(("> " if quoting else "") + line)
            continue
        if line.startswith("import ") or line.startswith("export "):
            continue
        c = _CALLOUT.match(line)
        if c:
            quoting = True
            out.append(f"> **{c.group(1)}**")
            out.append(">")
            continue
        if _CALLOUT_END.match(line):
            quoting = False
            out.append("")
            continue
        if _TAG_LINE.match(line):
            continue
        line = _INLINE_TAG.sub("", line)
        out.append(("> " + line.strip()) if quoting else line)
    return "\n".join(out) + "\n"


def spec_versions() -> list[str]:
    """The bundled versions of the spec, newest first."""
    root = resource_path("spec")
    return sorted((p.name for p in root.iterdir() if p.is_dir()), reverse=True) if root.is_dir() else []


def spec_pages(version: str) -> list[str]:
    """The pages of ``version``, as reference paths ("basic/lifecycle", "basic/transports")."""
    base = resource_path("spec", version)
    if not base.is_dir():
        return []
    pages = []
    for f in sorted(base.rglob("*.mdx")):
        rel = f.relative_to(base).with_suffix("").as_posix()
        pages.append(rel[: -len("/index")] if rel.endswith("/index") else ("" if rel == "index" else rel))
    return sorted(pages, key=lambda p: (p.count("/"), p))


def link_ref(shown: str, path: str, fragment: str) -> str:
    """The reference (``"<version> <page>#<section>"``) of a link with ``path`` and ``fragment``
    on the page ``shown`` (a reference): within the page, to a page of a version ("/2025-06-18/x",
    "/specification/latest/x": the shown version), or relative to the page shown."""
    version = shown.partition(" ")[0]
    if not path:  # a link within the page
        return f"{shown.partition('#')[0]}#{fragment}"
    m = _SPEC_LINK.match(path.lstrip("/")) if path.startswith("/") else None
    if m is not None:
        version = version if m.group(1) in ("latest", "draft") else m.group(1)
        page = m.group(2)
    else:  # relative to the page shown
        here = shown.partition(" ")[2].partition("#")[0]
        parts = (here.rsplit("/", 1)[0] + "/" + path if "/" in here else path).split("/")
        stack: list[str] = []
        for part in parts:
            if part == "..":
                stack = stack[:-1]
            elif part not in ("", "."):
                stack.append(part)
        page = "/".join(stack)
    return f"{version} {page.removesuffix('.mdx')}" + (f"#{fragment}" if fragment else "")


@dataclass(frozen=True)
class SpecPage:
    """The page a reference names: its Markdown, its version, its page path ("" for the index)
    and the section to scroll to."""

    markdown: str
    version: str
    page: str
    anchor: str


def read_page(ref: str) -> SpecPage | None:
    """The bundled page ``ref`` (``"<version> <page>#<section>"``) names, or None."""
    found = spec_file(ref)
    if found is None:
        return None
    path, anchor = found
    version = ref.strip().partition(" ")[0]
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError:
        return None
    base = resource_path("spec", version)
    page = next((p for p in spec_pages(version) if path in (base / f"{p}.mdx", base / p / "index.mdx")), "")
    return SpecPage(mdx_to_markdown(text), version, page, anchor)


def ref_in_version(version: str, page: str) -> str:
    """The reference to show when ``version`` is chosen on ``page``: the same page there, else the
    version's index, else its first page ("" when it has none)."""
    for ref in (f"{version} {page}", f"{version} index"):
        if spec_file(ref) is not None:
            return ref
    pages = spec_pages(version)
    return f"{version} {pages[0]}" if pages else ""


def overview_ref(version: str | None) -> str:
    """The page to open when none is named: the overview of ``version`` (the negotiated one) when
    it is bundled, else of the newest bundled version ("" when none is)."""
    versions = spec_versions()
    return f"{version if version in versions else versions[0]} index" if versions else ""


def licence_text() -> str:
    """The licence of the bundled pages (or why it could not be read)."""
    try:
        return resource_path("spec", "LICENSE").read_text(encoding="utf-8")
    except OSError as exc:
        return str(exc)


#: What the specification viewer says (its "SpecViewer" context; ``scripts/i18n.py`` reads this table).
CONTEXT = "SpecViewer"
WORDS = {
    "title": "MCP specification",
    "back": "Back",
    "forward": "Forward",
    "licence": "Licence",
    "licence_tip": "The licence of the specification pages bundled with the inspector",
    "source": "The Model Context Protocol specification, version {version}, as bundled with the inspector "
    "(unchanged; see Licence).",
    "not_bundled": "That page is not bundled with the inspector: {link}",
}
#: The viewer's buttons worded from :data:`WORDS`: a button's name -> the keys of its text and tooltip.
CONTROLS = {"back": ("back", ""), "forward": ("forward", ""), "licence": ("licence", "licence_tip")}


@dataclass
class History:
    """The pages a viewer showed, for Back and Forward: ``refs`` in the order they were opened,
    ``at`` the one shown (-1: none yet). A page opened drops the pages ahead of the one shown."""

    refs: list[str] = field(default_factory=list)
    at: int = -1

    def opened(self, ref: str) -> None:
        """``ref`` was opened (not reached by Back or Forward): it is the newest page."""
        del self.refs[self.at + 1 :]
        self.refs.append(ref)
        self.at = len(self.refs) - 1

    def step(self, by: int) -> str | None:
        """The page ``by`` away from the one shown (-1: Back, 1: Forward), or None when there is none."""
        index = self.at + by
        return self.refs[index] if 0 <= index < len(self.refs) and self.at >= 0 else None

    @property
    def can_back(self) -> bool:
        return self.step(-1) is not None

    @property
    def can_forward(self) -> bool:
        return self.step(1) is not None
