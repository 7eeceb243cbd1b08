"""The roots a client offers (Qt-free): which URIs can be roots, and the list as the spec has it.

The spec's roots are ``file://`` URIs with an absolute path, each with an optional name. The
roots editor (:class:`inspector.ui.connection.RootsEditor`) shows a table a person edits; what a row's URI
lacks is a :class:`RootProblem` code (the editor words it), the rows that pass are offered
(:func:`offered_roots`), a root added without a name is named after the last part of its path
(:func:`root_name`), a URI the person adds is admitted or refused (:func:`admit_root`: a
problem, or already a root), and a saved or imported list is made regular by :func:`normalize_roots`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from pathlib import PurePosixPath
from urllib.parse import unquote, urlsplit

from inspector.protocol.jsontypes import JsonObject, JsonValue

from .translate import Translate, untranslated


class RootProblem(enum.StrEnum):
    """Why a URI cannot be a root."""

    EMPTY = "empty"
    NOT_FILE = "not-file"  # another scheme than file
    RELATIVE = "relative"  # no absolute path (file://relative)
    ALREADY = "already"  # one of the roots already (admit_root)


def root_problem(uri: str) -> RootProblem | None:
    """What keeps ``uri`` (surrounding blanks ignored) from being a root, or None."""
    uri = uri.strip()
    if not uri:
        return RootProblem.EMPTY
    parts = urlsplit(uri)
    if parts.scheme != "file":
        return RootProblem.NOT_FILE
    if not parts.path.startswith("/"):
        return RootProblem.RELATIVE
    return None


def root_name(uri: str) -> str:
    """The last part of a root's path, percent-decoded (``file:///srv/my%20data`` → ``my data``)."""
    return PurePosixPath(unquote(urlsplit(uri.strip()).path)).name


def offered_roots(rows: Iterable[tuple[str, str]]) -> list[JsonObject]:
    """``[{"uri", "name"}]`` of the (URI, name) rows that are roots, in order, blanks trimmed."""
    return [{"uri": uri.strip(), "name": name.strip()} for uri, name in rows if root_problem(uri) is None]


def normalize_roots(roots: Iterable[JsonValue] | None) -> list[JsonObject]:
    """``[{"uri", "name"}]`` with string values; entries without a URI are dropped."""
    out: list[JsonObject] = []
    for r in roots or []:
        if isinstance(r, dict) and isinstance(r.get("uri"), str) and r["uri"].strip():
            out.append({"uri": r["uri"].strip(), "name": str(r.get("name") or "").strip()})
    return out


def admit_root(uri: str, name: str, roots: Iterable[JsonObject]) -> tuple[JsonObject | None, RootProblem | None]:
    """The root ``{"uri", "name"}`` a person adds to ``roots`` (named after its path when ``name``
    is empty), or None and why not: its URI's problem, or :attr:`RootProblem.ALREADY` when it is
    one of ``roots`` already."""
    problem = root_problem(uri)
    if problem is not None:
        return None, problem
    uri = uri.strip()
    if any(r.get("uri") == uri for r in roots):
        return None, RootProblem.ALREADY
    return {"uri": uri, "name": name or root_name(uri)}, None


#: What the roots editor says of its rows (its "RootsEditor" context; ``scripts/i18n.py`` reads this table).
CONTEXT = "RootsEditor"
WORDS: dict[str, str] = {
    RootProblem.EMPTY: "Type a file:// URI.",
    RootProblem.NOT_FILE: "Roots must be file:// URIs.",
    RootProblem.RELATIVE: "A file:// URI needs an absolute path (file:///…).",
    RootProblem.ALREADY: "{uri} is already a root.",
    "not_offered": "Rows with a problem are not offered.",
}


def problem_text(problem: RootProblem, uri: str, tr: Translate = untranslated) -> str:
    """Why ``uri`` is not a root (or not added), in ``tr``'s language."""
    return tr(CONTEXT, WORDS[problem]).format(uri=uri.strip())


def rows_problems(uris: Sequence[str], tr: Translate = untranslated) -> tuple[list[bool], str]:
    """For the URIs of the editor's rows: which of them are no roots, and what the editor says of
    them (a row's URI and its problem a line, then that they are not offered; "" when none is)."""
    problems = [root_problem(uri) for uri in uris]
    said = [f"{uri or '(empty)'}: {problem_text(p, uri, tr)}" for uri, p in zip(uris, problems, strict=True) if p]
    text = "\n".join(said) + "\n" + tr(CONTEXT, WORDS["not_offered"]) if said else ""
    return [p is not None for p in problems], text
