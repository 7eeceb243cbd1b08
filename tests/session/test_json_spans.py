"""What a JSON line's colouring marks, without Qt (session/json_spans.py). The highlighter that
applies it is used by the composer, the step bar and the import dialog (tests/ui)."""

from __future__ import annotations

from inspector.session.json_spans import GROUPS, json_spans


def marked(line: str, emphasis: frozenset[str] = frozenset()) -> tuple[bool, list[tuple[str, str]]]:
    strong, spans = json_spans(line, emphasis)
    return strong, [(line[start : start + length], group) for start, length, group in spans]


def test_keys_strings_numbers_and_literals_are_marked_and_plain_text_is_not():
    assert marked('  "name": "echo", "n": -1.5e3, "ok": true, "x": null,') == (
        False,
        [
            ('"name"', "key"),
            ('"echo"', "string"),
            ('"n"', "key"),
            ("-1.5e3", "number"),
            ('"ok"', "key"),
            ("true", "word"),
            ('"x"', "key"),
            ("null", "word"),
        ],
    )
    assert marked("{ }") == (False, [])
    assert marked('"a \\" quote" trueish') == (False, [('"a \\" quote"', "string")])  # escaped; not a word


def test_a_string_not_closed_on_its_line_runs_to_its_end():
    assert marked('  "text": "first line') == (False, [('"text"', "key"), ('"first line', "string")])


def test_a_line_starting_with_a_chosen_key_is_emphasised_from_that_key_on():
    emphasis = frozenset({"protocolVersion"})
    strong, spans = marked('    "protocolVersion": "2025-11-25",', emphasis)
    assert strong and spans[0] == ('"protocolVersion": "2025-11-25",', "plain")
    assert spans[1:] == [('"protocolVersion"', "key"), ('"2025-11-25"', "string")]
    assert not marked('    "id": 1,', emphasis)[0]  # another key
    assert not marked('    "x": "protocolVersion"', emphasis)[0]  # the name as a value, not the line's key
    assert not marked('    "protocolVersion": 1', frozenset())[0]  # nothing chosen
    assert {group for _text, group in spans} <= set(GROUPS)
