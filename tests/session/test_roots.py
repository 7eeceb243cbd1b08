"""The roots a client offers (session/roots.py), headless: which URIs are roots, names, lists."""

from __future__ import annotations

from inspector.session.roots import (
    WORDS,
    RootProblem,
    normalize_roots,
    offered_roots,
    problem_text,
    root_name,
    root_problem,
    rows_problems,
)


def test_only_absolute_file_uris_are_roots() -> None:
    assert root_problem("file:///srv/data") is None and root_problem("  file:///srv/data \n") is None
    assert root_problem("") is RootProblem.EMPTY and root_problem("   ") is RootProblem.EMPTY
    assert root_problem("https://example.com/x") is RootProblem.NOT_FILE
    assert root_problem("/srv/data") is RootProblem.NOT_FILE  # a path is not a URI
    assert root_problem("file://relative") is RootProblem.RELATIVE
    assert root_problem("file:relative/path") is RootProblem.RELATIVE


def test_a_root_is_named_after_its_last_folder(tmp_path) -> None:
    assert root_name("file:///srv/data") == "data" and root_name("file:///srv/data/") == "data"
    assert root_name("file:///home/me/my%20project") == "my project"
    assert root_name(tmp_path.as_uri()) == tmp_path.name
    assert root_name("file:///") == ""


def test_the_rows_offered_and_a_list_made_regular() -> None:
    rows = [(" file:///a ", " A "), ("ftp://b", "B"), ("", ""), ("file:///c", "")]
    assert offered_roots(rows) == [{"uri": "file:///a", "name": "A"}, {"uri": "file:///c", "name": ""}]
    saved = [{"uri": " file:///a", "name": None}, {"uri": ""}, "file:///x", {"name": "no uri"}, {"uri": "file:///b"}]
    assert normalize_roots(saved) == [{"uri": "file:///a", "name": ""}, {"uri": "file:///b", "name": ""}]
    assert normalize_roots(None) == []


def test_a_root_the_person_adds_is_admitted_named_or_refused() -> None:
    from inspector.session.roots import admit_root

    roots = [{"uri": "file:///a", "name": "A"}]
    assert admit_root(" file:///srv/my%20data ", "", roots) == (
        {"uri": "file:///srv/my%20data", "name": "my data"},
        None,
    )
    assert admit_root("file:///b", "Bee", roots) == ({"uri": "file:///b", "name": "Bee"}, None)
    assert admit_root("https://x/y", "", roots) == (None, RootProblem.NOT_FILE)
    assert admit_root("", "", roots) == (None, RootProblem.EMPTY)
    assert admit_root("file:///a ", "", roots) == (None, RootProblem.ALREADY)


def _marked(context: str, text: str) -> str:
    return f"<{context}|{text}>"


def test_what_the_editor_says_of_a_row_that_is_no_root() -> None:
    assert problem_text(RootProblem.RELATIVE, "file://relative") == "A file:// URI needs an absolute path (file:///…)."
    assert problem_text(RootProblem.ALREADY, " file:///a ") == "file:///a is already a root."
    assert problem_text(RootProblem.EMPTY, "", _marked) == "<RootsEditor|Type a file:// URI.>"
    # every problem has its words, and the table's words are what the catalogue reads
    assert {p.value for p in RootProblem} <= set(WORDS)
    bad, said = rows_problems(["file:///a", "ftp://nope", "", "file:///b"], _marked)
    assert bad == [False, True, True, False]
    assert said.splitlines() == [
        "ftp://nope: <RootsEditor|Roots must be file:// URIs.>",
        "(empty): <RootsEditor|Type a file:// URI.>",
        "<RootsEditor|Rows with a problem are not offered.>",
    ]
    assert rows_problems(["file:///a"]) == ([False], "")
    assert rows_problems([]) == ([], "")
