from __future__ import annotations

import re

import pytest

from inspector.protocol.lifecycle import State
from inspector.protocol.rules import RULES
from inspector.protocol.schema import KNOWN_SCHEMA_VERSIONS, validator_for
from inspector.protocol.teaching import LESSONS, NOTES, MethodNote, StateLesson, note_for, slug
from inspector.protocol.versions import ALL_VERSIONS, MODERN_VERSIONS, methods_for
from inspector.resources import spec_file

DIRECTIONS = ("c2s", "s2c")


def _schema_methods(version: str) -> set[str]:
    """Every method a version's schema knows: the request and notification unions in both
    directions, plus the requests that only travel inside an InputRequiredResult (2026-07-28)."""
    v = validator_for(version)
    found = {m for kind in ("request", "notification") for d in DIRECTIONS for m in v.methods(kind, d)}
    return found | set(v.result_methods())


def _sentences(text: str) -> list[str]:
    assert text.endswith("."), text
    return [s for s in text[:-1].split(". ") if s.strip()]


def _headings(path) -> set[str]:
    return {slug(line) for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("#")}


def _refs():
    for method, note in NOTES.items():
        yield method, note.spec
        if note.spec_modern:
            yield method, note.spec_modern


@pytest.mark.parametrize("version", ALL_VERSIONS)
def test_every_method_of_every_version_has_a_note(version):
    wanted = {m for d in DIRECTIONS for m in methods_for(version, d)}
    if version in KNOWN_SCHEMA_VERSIONS:
        wanted |= _schema_methods(version)
    assert wanted, version
    assert sorted(wanted - NOTES.keys()) == []


def test_every_note_is_about_a_known_method():
    everything = {m for v in ALL_VERSIONS for d in DIRECTIONS for m in methods_for(v, d)}
    everything |= {m for v in KNOWN_SCHEMA_VERSIONS for m in _schema_methods(v)}
    assert sorted(NOTES.keys() - everything) == []


@pytest.mark.parametrize(("method", "ref"), list(_refs()))
def test_every_reference_opens_a_page_and_names_one_of_its_headings(method, ref):
    found = spec_file(ref)
    assert found is not None, (method, ref)
    path, anchor = found
    assert anchor, (method, ref)
    assert anchor in _headings(path), (method, ref)


def test_modern_references_point_at_2026_pages_and_only_for_methods_that_exist_there():
    modern = {m for v in MODERN_VERSIONS for d in DIRECTIONS for m in methods_for(v, d)}
    modern |= {m for v in MODERN_VERSIONS for m in _schema_methods(v)}
    for method, note in NOTES.items():
        if note.spec_modern:
            assert method in modern, method
            assert note.spec_modern.split(" ")[0] in MODERN_VERSIONS, method
            assert note.spec_modern != note.spec, method
        assert note_for(method, modern=True)[1] == (note.spec_modern or note.spec)
        assert note_for(method)[1] == note.spec


@pytest.mark.parametrize("method", sorted(NOTES))
def test_the_text_has_the_right_shape(method):
    note = NOTES[method]
    assert isinstance(note, MethodNote)
    for text in (note.sends, note.answer):
        assert text == text.strip() and "\n" not in text and "`" not in text and "*" not in text, method
        assert "e.g." not in text and "i.e." not in text and "etc." not in text, method
        assert text.isascii(), method
    sends = _sentences(note.sends)
    answer = _sentences(note.answer) if note.answer else []
    assert 2 <= len(sends) <= 4, (method, sends)
    assert 2 <= len(sends) + len(answer) <= 5, (method, sends, answer)
    notification = method.startswith("notifications/")
    assert (note.answer == "") == notification, method


def test_slug_follows_the_heading_rule():
    assert slug("### Version Negotiation") == "version-negotiation"
    assert slug("#### Example: Simple Text Request") == "example-simple-text-request"
    assert slug("### `_meta`") == "meta"
    assert slug("## Security & Endpoint") == "security--endpoint"
    assert slug("### https://") == "https"
    assert slug("#### Server Requirements (Basic Workflow)") == "server-requirements-basic-workflow"


def test_unknown_methods_have_no_note():
    assert note_for(None) is None
    assert note_for("no/such/method") is None
    assert note_for("initialize") == (NOTES["initialize"], "2025-11-25 basic/lifecycle#initialization")


# ---------------------------------------------------------------------- lesson notes per state

_SENTENCES = {"allowed": (1, 3), "next": (1, 2), "failures": (1, 3)}
_PARENS = re.compile(r"\(([^()]*)\)")
_RULE_ID = re.compile(r"(?<![\w/.-])[a-z0-9]+\.[a-z0-9]+(?:-[a-z0-9]+)*(?![\w/.-])")


def _rule_ids(text: str) -> list[str]:
    """Tokens shaped like a rule id (``word.word-word``) inside parentheses."""
    return [m for group in _PARENS.findall(text) for m in _RULE_ID.findall(group)]


def test_every_state_has_a_lesson():
    assert set(LESSONS) == set(State)
    assert all(isinstance(lesson, StateLesson) for lesson in LESSONS.values())


@pytest.mark.parametrize("state", list(State), ids=lambda s: s.value)
def test_the_lesson_has_the_right_shape(state):
    lesson = LESSONS[state]
    for field, (low, high) in _SENTENCES.items():
        text = getattr(lesson, field)
        assert text, (state, field)
        assert text == text.strip() and "\n" not in text and "`" not in text and "*" not in text, (state, field)
        assert "e.g." not in text and "i.e." not in text and "etc." not in text, (state, field)
        assert text.isascii(), (state, field)
        assert low <= len(_sentences(text)) <= high, (state, field, _sentences(text))


@pytest.mark.parametrize("state", list(State), ids=lambda s: s.value)
def test_the_rules_a_lesson_names_exist(state):
    named = _rule_ids(LESSONS[state].failures)
    assert named, state  # every lesson points at something the inspector flags
    for text in (LESSONS[state].allowed, LESSONS[state].next, LESSONS[state].failures):
        assert sorted(set(_rule_ids(text)) - RULES.keys()) == [], state


def test_rule_ids_are_found_in_parentheses():
    found = _rule_ids(
        "flagged (stdio.not-json, http.server-request-modern) and (jsonrpc.batch), not "
        "(io.modelcontextprotocol/logLevel)"
    )
    assert found == ["stdio.not-json", "http.server-request-modern", "jsonrpc.batch"]
