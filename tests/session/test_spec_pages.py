"""The bundled spec pages read without Qt (session/spec_pages.py): what is bundled, the MDX as the
Markdown the viewer renders, and where a link on a page points."""

from __future__ import annotations

from inspector.resources import spec_file
from inspector.session.spec_pages import (
    CONTROLS,
    WORDS,
    History,
    licence_text,
    link_ref,
    mdx_to_markdown,
    read_page,
    ref_in_version,
    spec_pages,
    spec_versions,
)


def test_every_bundled_page_is_listed_and_found():
    versions = spec_versions()
    assert versions[0] == "2026-07-28" and "2024-11-05" in versions and versions == sorted(versions, reverse=True)
    for version in versions:
        pages = spec_pages(version)
        assert "basic/transports" in pages and pages == sorted(pages, key=lambda p: (p.count("/"), p))  # by depth
        for page in pages:
            assert spec_file(f"{version} {page or 'index'}") is not None, (version, page)
    assert spec_pages("1999-01-01") == []


def test_mdx_becomes_markdown_with_the_same_words():
    mdx = (
        '---\ntitle: "Lifecycle"\n---\nimport X from "y"\n\n<Note>\nBe careful.\n</Note>\n'
        '<CardGroup>\n<Card title="Tools" href="/specification/2025-11-25/server/tools">\n</CardGroup>\n'
        "```json\n<Note>\n```\nText with <Tip>inline</Tip> tags.\n"
    )
    md = mdx_to_markdown(mdx)
    assert md.startswith("# Lifecycle\n")
    assert "> **Note**\n>\n> Be careful.\n" in md
    assert "- [Tools](/specification/2025-11-25/server/tools)" in md
    assert "```json\n<Note>\n```" in md  # code is left as it is
    assert "Text with inline tags." in md and "import X" not in md and "CardGroup" not in md


def test_a_link_points_within_the_page_to_a_version_or_relative_to_the_page():
    here = "2025-11-25 basic/lifecycle#shutdown"
    assert link_ref(here, "", "timeouts") == "2025-11-25 basic/lifecycle#timeouts"
    assert link_ref(here, "/specification/2025-06-18/server/tools", "") == "2025-06-18 server/tools"
    assert link_ref(here, "/specification/latest/basic/transports", "stdio") == "2025-11-25 basic/transports#stdio"
    assert link_ref(here, "transports.mdx", "") == "2025-11-25 basic/transports"
    assert link_ref(here, "../server/tools", "list") == "2025-11-25 server/tools#list"
    assert link_ref("2025-11-25 index", "basic/lifecycle", "") == "2025-11-25 basic/lifecycle"


def test_a_reference_reads_its_page_and_a_version_switch_keeps_the_page_where_it_can():
    page = read_page("2025-11-25 basic/lifecycle#shutdown")
    assert page is not None and (page.version, page.page, page.anchor) == ("2025-11-25", "basic/lifecycle", "shutdown")
    assert page.markdown.startswith("# ") and "<Note" not in page.markdown
    index = read_page("2025-11-25 index")
    assert index is not None and index.page == ""
    assert read_page("2025-11-25 no/such/page") is None
    assert ref_in_version("2025-06-18", "basic/lifecycle") == "2025-06-18 basic/lifecycle"
    assert ref_in_version("2026-07-28", "basic/lifecycle") == "2026-07-28 index"  # not a page there
    assert ref_in_version("1999-01-01", "x") == ""
    assert "Apache License" in licence_text()


def test_the_overview_opened_when_no_page_is_named():
    from inspector.session.spec_pages import overview_ref

    versions = spec_versions()
    assert versions, "the spec pages are bundled"
    assert overview_ref(versions[-1]) == f"{versions[-1]} index"  # the negotiated version's overview
    assert overview_ref(None) == f"{versions[0]} index"  # no session: the newest
    assert overview_ref("1999-01-01") == f"{versions[0]} index"  # a version not bundled: the newest


def test_back_and_forward_over_the_pages_shown() -> None:
    h = History()
    assert (h.can_back, h.can_forward, h.step(-1), h.step(1)) == (False, False, None, None)
    for ref in ("v a", "v b", "v c"):
        h.opened(ref)
    assert h.at == 2 and h.can_back and not h.can_forward and h.step(-1) == "v b"
    h.at -= 2  # Back twice
    assert h.step(1) == "v b" and h.can_forward and not h.can_back and h.step(-1) is None
    h.opened("v d")  # a page opened from the first drops the pages ahead of it
    assert h.refs == ["v a", "v d"] and h.at == 1 and not h.can_forward and h.step(-1) == "v a"


def test_the_viewer_words_each_button_from_its_table() -> None:
    assert set(CONTROLS) == {"back", "forward", "licence"}
    assert all(text in WORDS and (not tip or tip in WORDS) for text, tip in CONTROLS.values())
    said = WORDS["source"].format(version="2025-11-25")
    assert said == (
        "The Model Context Protocol specification, version 2025-11-25, as bundled with the inspector "
        "(unchanged; see Licence)."
    )
