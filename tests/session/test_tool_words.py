"""What a front-end says about a tool and a refused call (session/tool_words.py), as data: the
badges, the facts line, the Run as task box and the refusals, in English through untranslated and
through a caller's tr with the Tools panel's context."""

from __future__ import annotations

from inspector.session import tool_words as words
from inspector.session.controllers.base import CHANGE_RELOAD, CHANGE_UNDECLARED
from inspector.session.controllers.tools import REFUSE_EXCLUDED, REFUSE_UNMIRRORABLE, Refusal, tool_facts
from inspector.session.operations import TaskSupport


def test_badges_in_order_with_task_support() -> None:
    tool = {
        "name": "rm",
        "annotations": {"openWorldHint": True, "readOnlyHint": False, "destructiveHint": True, "title": "x"},
        "execution": {"taskSupport": "optional"},
    }
    assert words.tool_badges(tool) == [("destructive", "error"), ("open world", "event"), ("task optional", "warn")]
    assert words.tool_badges({"name": "x", "annotations": "no", "execution": {"taskSupport": "forbidden"}}) == []
    assert words.tool_badges(tool, excluded=True)[:2] == [("excluded", "error"), ("destructive", "error")]
    seen: list[tuple[str, str]] = []

    def tr(context: str, text: str) -> str:
        seen.append((context, text))
        return text.upper()

    assert words.tool_badges({"name": "x", "annotations": {"readOnlyHint": True}}, tr) == [("READ-ONLY", "ok")]
    assert seen == [("ToolsPanel", "read-only")]


def test_the_facts_after_the_counts() -> None:
    draft = {"$schema": "https://json-schema.org/draft/2020-12/schema", "properties": {"a": {}}}
    facts = tool_facts({"inputSchema": draft, "outputSchema": {}, "execution": {"taskSupport": "required"}})
    assert words.fact_words(facts) == ["2020-12", "declares an outputSchema", "task support: required"]
    odd = tool_facts({"inputSchema": {}, "execution": {"taskSupport": "sometimes"}})
    assert words.fact_words(odd) == ["task support: sometimes"]  # a value the spec does not define, as sent
    assert words.fact_words(tool_facts({})) == []


def test_the_run_as_task_box() -> None:
    assert words.task_box(None) == words.TaskBox(False)  # no session
    assert not words.task_box(TaskSupport("forbidden", True)).shown
    assert not words.task_box(TaskSupport("optional", False)).shown  # the server cannot take a task
    optional = words.task_box(TaskSupport("optional", True))
    assert optional.shown and optional.checked is None and optional.enabled and "polls tasks/get" in optional.tip
    required = words.task_box(TaskSupport("required", True))
    assert (required.checked, required.enabled) == (True, False) and "a plain call is refused" in required.tip
    unusable = words.task_box(TaskSupport("required", False))
    assert unusable.shown and (unusable.checked, unusable.enabled) == (False, False)
    assert "allows neither way" in unusable.tip


def test_why_a_call_did_not_go_out() -> None:
    excluded = words.refusal_text(Refusal(REFUSE_EXCLUDED, "x-mcp-header on a non-primitive"))
    assert excluded == (
        "Not called: this tool is excluded, its x-mcp-header annotations are invalid (x-mcp-header on a non-primitive)."
    )
    big = words.refusal_text(Refusal(REFUSE_UNMIRRORABLE, ("a", "b.c")))
    assert big.startswith("Not called: the integer for a, b.c is outside")
    assert set(words.WORDS) >= set(words.REFUSALS.values()) | set(words.TASK_TIPS.values())


def test_the_note_after_a_list_changed_notification() -> None:
    assert words.list_changed_note(CHANGE_RELOAD) == "The server said the tool list changed: reloaded."
    assert words.list_changed_note(CHANGE_UNDECLARED).endswith("press Refresh to reload.")


def test_the_count_over_the_list() -> None:
    assert words.count_text(0, 0, False) == "0 tools"
    assert words.count_text(1, 1, False) == "1 tool · 1 page"
    assert words.count_text(12, 3, True) == "12 tools · 3 pages · more available"


def test_the_list_tooltip_the_annotations_and_the_schema_checks_summary() -> None:
    tool = {"name": "rm", "description": "Removes a file."}
    assert words.list_tip(tool, None) == "rm\n\nRemoves a file."
    assert words.list_tip({"name": "rm", "description": ""}, "bad header") == (
        "rm\n\nExcluded: its x-mcp-header annotations are invalid (bad header)."
    )
    assert words.annotations_tip(None) is None
    assert words.annotations_tip('{"readOnlyHint": true}') == 'annotations (untrusted hints): {"readOnlyHint": true}'
    assert words.fix_first({}) == ""
    errors = {"": "not an object", "a": "too short", "b": "x", "c": "y", "d": "never shown"}
    assert words.fix_first(errors) == (
        "Fix the arguments first ((arguments): not an object; a: too short; b: x; c: y), "
        "or uncheck the schema check to send them anyway."
    )
    assert set(words.LABELS.values()) | set(words.STATE.values()) <= set(words.WORDS)


def test_every_control_says_words_of_the_table() -> None:
    """CONTROLS names only LABELS (a wrong key would fail the panel at its first wording)."""
    for text_key, tip_key in words.CONTROLS.values():
        assert (text_key or tip_key) and {text_key, tip_key} - {""} <= set(words.LABELS)
    assert words.CONTROLS["call_button"] == ("call", "call_tip")
