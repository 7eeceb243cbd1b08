"""SchemaForm and ArgumentsEditor: fields from JSON Schema, defaults, errors where typed, raw JSON."""

from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGroupBox

from inspector.demo.catalog import INPUT_TYPES_SCHEMA, elicitation_form
from inspector.protocol.schema import check_value
from inspector.session import schema_words
from inspector.session.form_model import NOT_SET
from inspector.session.translate import untranslated
from inspector.ui.schema_form import (
    ArgumentsEditor,
    ArrayField,
    BooleanField,
    EnumField,
    MultiEnumField,
    NumberField,
    ObjectField,
    OpaqueField,
    SchemaForm,
    StringField,
)

DEFAULTS = {
    "count": 3,
    "ratio": 0.5,
    "enabled": True,
    "color": "green",
    "tags": ["demo"],
    "address": {"street": "1 Main Street", "city": "Springfield", "zip": "12345", "geo": {"lat": 0.0, "lon": 0.0}},
}


@pytest.fixture
def form(qtbot):
    f = SchemaForm(copy.deepcopy(INPUT_TYPES_SCHEMA))
    qtbot.addWidget(f)
    f.resize(600, 800)
    f.show()
    return f


def type_into(field, text: str) -> None:
    """Type like a user: key clicks into the field's line edit."""
    QTest.keyClicks(field.line, text)


def erase(field) -> None:
    field.line.setFocus()
    field.line.selectAll()
    QTest.keyClick(field.line, Qt.Key.Key_Backspace)


def test_fields_follow_the_schema_types(form):
    kinds = {f.path_text: type(f) for f in form.fields()}
    assert kinds["text"] is StringField
    assert kinds["count"] is NumberField and kinds["ratio"] is NumberField
    assert kinds["enabled"] is BooleanField
    assert kinds["color"] is EnumField
    assert kinds["tags"] is ArrayField
    assert kinds["sizes"] is MultiEnumField
    assert kinds["address"] is ObjectField and kinds["address.geo"] is ObjectField
    assert kinds["address.geo.lat"] is NumberField
    assert form.unsupported == []
    # nested objects are group boxes, recursively
    address = form.field("address").editor
    assert isinstance(address, QGroupBox) and address.title() == "address"
    assert isinstance(form.field("address.geo").editor, QGroupBox)
    assert form.field("address.geo").editor.parent() is not None


def test_defaults_are_prefilled_and_empty_optional_fields_left_out(form):
    assert form.value() == DEFAULTS  # no "text" (empty, required) and no "sizes" (nothing checked)
    assert form.field("count").line.text() == "3"
    assert form.field("color").combo.currentText() == "green"
    assert form.field("enabled").box.isChecked()
    assert [f.line.text() for f in form.field("tags").items] == ["demo"]


def test_required_fields_are_marked_and_checked(form):
    labels = {lbl.text() for lbl in form.findChildren(type(form.empty_note)) if lbl.objectName() == "fieldLabel"}
    assert "text *" in labels and "count" in labels
    assert form.errors() == {"text": "required"}
    err = form.field("text").error_label
    assert err.isVisibleTo(form) and err.text() == "required"


def test_error_is_shown_under_the_field_where_it_was_typed(form):
    text = form.field("text")
    type_into(text, "hi")
    assert text.error_label.isHidden()
    erase(text)
    assert not text.error_label.isHidden() and text.error_label.text() == "required"
    # the message sits right under its own editor, in the same field container
    assert text.error_label.parent() is text.container
    assert text.error_label.geometry().top() >= text.editor.geometry().bottom()
    count = form.field("count")
    erase(count)
    type_into(count, "11")
    assert count.error_label.text() == "must be at most 10"
    erase(count)
    type_into(count, "2.5")
    assert count.error_label.text() == "must be a whole number"
    zip_ = form.field("address.zip")
    erase(zip_)
    type_into(zip_, "12a")
    assert "pattern" in zip_.error_label.text()
    assert form.field("text").error_label.text() == "required"  # other fields keep their own message
    errors = form.errors()
    assert set(errors) == {"text", "count", "address.zip"}


def test_numbers_ranges_and_placeholders(form):
    ratio = form.field("ratio")
    assert "0 … 1" in ratio.line.placeholderText()
    erase(ratio)
    type_into(ratio, "1.5")
    assert ratio.error_label.text() == "must be at most 1"
    erase(ratio)
    type_into(ratio, "abc")
    assert ratio.error_label.text() == "must be a number"
    assert form.value()["ratio"] == "abc"  # kept as typed, so the raw view shows it too
    assert "A number from 0 to 1." in ratio.line.placeholderText()


def test_enum_combo_and_checkable_multi_enum(form):
    color = form.field("color")
    assert [color.combo.itemText(i) for i in range(color.combo.count())] == ["(not set)", "red", "green", "blue"]
    color.combo.setCurrentIndex(color.combo.findText("blue"))
    sizes = form.field("sizes")
    assert [sizes.list.item(i).text() for i in range(sizes.list.count())] == ["S", "M", "L", "XL"]
    sizes.list.item(0).setCheckState(Qt.CheckState.Checked)
    sizes.list.item(2).setCheckState(Qt.CheckState.Checked)
    value = form.value()
    assert value["color"] == "blue" and value["sizes"] == ["S", "L"]


def test_array_rows_add_and_remove(form, qtbot):
    tags = form.field("tags")
    qtbot.mouseClick(tags.add_button, Qt.MouseButton.LeftButton)
    assert len(tags.items) == 2 and tags.items[1].path_text == "tags[1]"
    type_into(tags.items[1], "second")
    assert form.value()["tags"] == ["demo", "second"]
    tags.remove_item(tags.items[0])
    assert form.value()["tags"] == ["second"] and tags.items[0].path_text == "tags[0]"
    tags.remove_item(tags.items[0])
    assert "tags" not in form.value()


def test_set_value_round_trips_and_keeps_unknown_keys(form):
    value = {
        "text": "hello",
        "count": 7,
        "ratio": 0.25,
        "enabled": False,
        "color": "red",
        "tags": ["a", "b"],
        "sizes": ["M", "XL"],
        "address": {"street": "x", "city": "y", "zip": "54321", "geo": {"lat": 1.5, "lon": -2.0}},
        "extra": {"not": "in the schema"},
    }
    changes = []
    form.changed.connect(lambda: changes.append(1))
    form.set_value(value)
    assert changes
    assert form.value() == value
    assert list(form.model.extra) == ["extra"]
    assert form.errors() == {}


def test_values_outside_an_enum_stay_visible_and_are_flagged(form):
    form.set_value({"text": "t", "color": "purple"})
    assert form.field("color").combo.currentText() == "purple (not in the list)"
    assert form.value()["color"] == "purple"
    assert "color" in form.errors()


def test_elicitation_schema_titles_oneof_enumnames_and_defaults(qtbot):
    rich = SchemaForm(elicitation_form("2025-11-25"))
    qtbot.addWidget(rich)
    color = rich.field("color")
    assert isinstance(color, EnumField)
    assert [color.combo.itemText(i) for i in range(color.combo.count())] == [
        "Red",
        "Green",
        "Blue",
    ]  # required with default: no blank
    assert rich.value() == {
        "name": "Ada Lovelace",
        "age": 36,
        "newsletter": False,
        "color": "green",
        "toppings": ["cheese"],
    }
    assert rich.errors() == {}
    email = rich.field("email")
    assert email.line.placeholderText().startswith("name@example.com")
    type_into(email, "not-an-address")
    assert email.error_label.text() == "must be an e-mail address"
    old = SchemaForm(elicitation_form("2025-06-18"))
    qtbot.addWidget(old)
    c = old.field("color")
    assert [c.combo.itemText(i) for i in range(c.combo.count())] == ["— choose —", "Red", "Green", "Blue"]
    assert old.errors() == {"name": "required", "color": "required"}
    c.combo.setCurrentIndex(2)
    assert old.value()["color"] == "green"


def test_optional_boolean_without_default_can_stay_unset(qtbot):
    form = SchemaForm({"type": "object", "properties": {"flag": {"type": "boolean", "description": "Turn it on"}}})
    qtbot.addWidget(form)
    flag = form.field("flag")
    assert flag.node.value() is NOT_SET and "(not set)" in flag.box.text()
    assert form.value() == {}
    flag.box.setCheckState(Qt.CheckState.Checked)
    assert form.value() == {"flag": True}


def test_local_refs_nullable_types_and_2020_12(qtbot):
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "$defs": {
            "Point": {
                "type": "object",
                "properties": {"x": {"type": "number"}, "y": {"type": "number"}},
                "required": ["x", "y"],
            }
        },
        "properties": {
            "where": {"$ref": "#/$defs/Point"},
            "label": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "mode": {"type": ["string", "null"], "enum": ["a", "b", None]},
            "when": {"type": "string", "format": "date"},
        },
        "required": ["where"],
    }
    form = SchemaForm(schema)
    qtbot.addWidget(form)
    assert form.unsupported == []
    assert isinstance(form.field("where"), ObjectField) and isinstance(form.field("where.x"), NumberField)
    assert isinstance(form.field("label"), StringField)
    assert form.field("when").line.placeholderText().startswith("YYYY-MM-DD")
    assert form.errors() == {"where.x": "required", "where.y": "required"}
    form.set_value({"where": {"x": 1, "y": 2}, "when": "2025-02-30"})
    assert form.errors() == {"when": "must be a date (YYYY-MM-DD)"}
    form.field("when").set("2025-02-28")
    assert form.errors() == {}


def test_server_text_is_plain(qtbot):
    form = SchemaForm(
        {
            "type": "object",
            "properties": {"<b>k</b>": {"type": "string", "title": "<i>Title</i>", "description": "<img src=x>"}},
        }
    )
    qtbot.addWidget(form)
    label = next(lbl for lbl in form.findChildren(type(form.empty_note)) if lbl.objectName() == "fieldLabel")
    assert label.text() == "<i>Title</i>" and label.textFormat() == Qt.TextFormat.PlainText
    field = form.field("<b>k</b>")
    assert "&lt;img src=x&gt;" in field.editor.toolTip()


def test_constructs_the_form_cannot_edit_are_kept_as_json(qtbot):
    schema = {
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "shape": {
                "oneOf": [
                    {"type": "object", "properties": {"r": {"type": "number"}}},
                    {"type": "object", "properties": {"w": {"type": "number"}}},
                ]
            },
            "meta": {"type": "object", "additionalProperties": {"type": "string"}},
        },
    }
    editor = ArgumentsEditor()
    qtbot.addWidget(editor)
    editor.set_schema(schema)
    paths = [p for p, _ in editor.form.unsupported]
    assert paths == ["shape", "meta"]
    assert isinstance(editor.form.field("shape"), OpaqueField)
    assert editor.mode() == "raw" and not editor.note.isHidden()
    assert "raw JSON" in editor.note.text() and "shape" in editor.note.text()
    editor.raw_edit.setPlainText('{"name": "n", "shape": {"r": 2}, "meta": {"a": "b"}}')
    assert editor.set_mode("form")
    assert editor.value() == {"name": "n", "shape": {"r": 2}, "meta": {"a": "b"}}  # nothing lost through the form
    assert editor.set_mode("raw")
    assert editor.value() == {"name": "n", "shape": {"r": 2}, "meta": {"a": "b"}}


def test_raw_editor_validates_against_the_schema_with_a_path(qtbot):
    editor = ArgumentsEditor()
    qtbot.addWidget(editor)
    editor.set_schema(copy.deepcopy(INPUT_TYPES_SCHEMA))
    assert editor.mode() == "form" and editor.note.isHidden()
    editor.form.field("text").set("hello")
    assert editor.set_mode("raw")
    import json

    shown = json.loads(editor.raw_edit.toPlainText())
    assert shown == {**DEFAULTS, "text": "hello"}  # the form's value moved to the raw editor
    assert editor.raw_status.text().startswith("✓")
    shown["address"]["zip"] = "1"
    editor.raw_edit.setPlainText(json.dumps(shown))
    status = editor.raw_status.text()
    assert status.startswith("✗") and "address.zip" in status
    assert editor.errors() == {"address.zip": editor.errors()["address.zip"]}
    del shown["text"]
    shown["address"]["zip"] = "12345"
    editor.raw_edit.setPlainText(json.dumps(shown))
    assert "text" in editor.raw_status.text() and "required" in editor.raw_status.text()
    editor.raw_edit.setPlainText('{"text": "x",\n  "count": }')
    assert editor.raw_status.text().startswith("✗ not JSON: line 2, column")
    with pytest.raises(ValueError):
        editor.value()
    assert not editor.set_mode("form")  # broken JSON cannot go back to the form
    assert editor.mode() == "raw" and "fix the JSON" in editor.raw_status.text()
    editor.raw_edit.setPlainText('{"text": "back", "count": 9}')
    assert editor.set_mode("form")
    assert editor.form.field("text").line.text() == "back" and editor.form.field("count").line.text() == "9"
    assert editor.value() == {"text": "back", "count": 9, "enabled": True}  # the form's check box cannot be "absent"
    assert "enabled" in editor.note.text()


def test_check_value_drafts_refs_and_compile_errors(qtbot):
    v = check_value(
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "properties": {"t": {"type": "array", "items": {"type": "integer"}}},
        },
        {"t": [1, "x"]},
    )
    assert v.ok is False and v.problems[0].location == ("t", 1) and "integer" in v.problems[0].message
    assert schema_words.check_text(v, untranslated) == 'at t[1]: "x" is not of type "integer"'
    required = check_value(
        {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "required": ["a"]}, {}
    )
    assert (
        required.problems[0].location == ("a",)
        and schema_words.check_text(required, untranslated) == "at a: is required"
    )
    bad = check_value({"type": "nope"}, 1)
    assert bad.ok is None and schema_words.check_text(bad, untranslated).startswith("schema could not be compiled")
    remote = check_value({"$ref": "https://example.invalid/schema.json"}, 1)
    assert remote.ok is None and "remote $ref" in remote.compile_error  # never fetched
    tup = {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": False}
    # each draft as declared: draft-07 reads the same tuple as items + additionalItems
    d7 = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "array",
        "items": [{"type": "string"}, {"type": "integer"}],
        "additionalItems": False,
    }
    assert check_value(d7, ["a", 1]).ok is True and check_value(d7, ["a", 1, 2]).ok is False
    # one format set: the form's field and the whole-value check agree on "a@b" (one validator)
    email = {"type": "string", "format": "email"}
    form = SchemaForm({"type": "object", "properties": {"e": email}})
    qtbot.addWidget(form)
    form.set_value({"e": "a@b"})
    assert check_value(email, "a@b").ok is True and form.errors() == {}
    form.set_value({"e": "a b"})
    assert check_value(email, "a b").ok is False and form.errors() == {"e": "must be an e-mail address"}
    assert check_value(tup, ["a", 1]).ok is True
    assert check_value(tup, ["a", "b"]).problems[0].location == (1,)
    assert check_value({"type": "object", "dependentRequired": {"a": ["b"]}}, {"a": 1}).ok is False
    assert check_value(True, {"anything": 1}).ok is True
    value = {"x": 1}
    check_value({"type": "object", "properties": {"y": {"default": 2}}}, value)
    assert value == {"x": 1}  # validation never fills in defaults


# ----------------------------------------------------------------------------- checks come from the validator


def test_problems_are_placed_at_the_field_that_holds_their_path(qtbot):
    schema = {
        "type": "object",
        "properties": {
            "tags": {"type": "array", "items": {"type": "string", "minLength": 2}},
            "sizes": {"type": "array", "items": {"enum": ["S", "M"]}},
            "color": {"oneOf": [{"const": "r", "title": "Red"}, {"const": "g", "title": "Green"}]},
            "code": {"type": "string", "pattern": "^[a-z]+$", "minLength": 3},
            "shape": {
                "oneOf": [
                    {"type": "object", "properties": {"r": {"type": "number", "minimum": 0}}, "required": ["r"]},
                    {"type": "object", "properties": {"w": {"type": "number"}}, "required": ["w"]},
                ]
            },
        },
        "additionalProperties": False,
    }
    form = SchemaForm(schema)
    qtbot.addWidget(form)
    assert isinstance(form.field("shape"), OpaqueField) and isinstance(form.field("sizes"), MultiEnumField)
    form.set_value(
        {"tags": ["ok", "", "x"], "sizes": ["S", "XL"], "color": "b", "code": "AB", "shape": {"r": -1}, "more": 1}
    )
    errors = form.errors()
    # the empty row is left out of the value: "x" is its item 1, and its message is at the row that holds it
    assert "tags[1]" not in errors and errors["tags[2]"] == "must be at least 2 characters long"
    assert form.field("tags[2]").error_label.text() == "must be at least 2 characters long"
    assert errors["sizes"] == "XL is not one of the choices"  # an item of a checkable list: at the list
    assert errors["color"] == "must be one of: Red, Green"  # the choices as the combo names them
    assert (
        errors["code"] == "must be at least 3 characters long"
    )  # the most basic check first, whatever the keyword order
    assert errors["shape"] == "at r: must be at least 0"  # inside a value the form keeps as JSON
    assert "more" in errors[""] and set(errors) == {"tags[2]", "sizes", "color", "code", "shape", ""}
    form.set_value({"tags": ["ok"], "sizes": ["M"], "color": "g", "code": "abc", "shape": {"w": 1}})
    assert form.errors() == {}
    assert not form.field("code").error_label.isVisibleTo(form)


def test_draft_07_definitions_and_required_members_of_a_filled_object(qtbot):
    schema = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "definitions": {
            "Range": {
                "type": "object",
                "properties": {"lo": {"type": "integer", "maximum": 5}, "hi": {"type": "integer"}},
                "required": ["lo", "hi"],
            }
        },
        "type": "object",
        "properties": {"range": {"$ref": "#/definitions/Range"}, "note": {"type": "string"}},
    }
    form = SchemaForm(schema)
    qtbot.addWidget(form)
    assert isinstance(form.field("range.lo"), NumberField)
    assert form.errors() == {}  # the optional object is empty: left out, so nothing in it is required
    type_into(form.field("range.lo"), "9")
    # once it holds something it is sent, and what it lacks is said at the field that lacks it
    assert form.field("range.lo").error_label.text() == "must be at most 5"
    assert form.errors() == {"range.lo": "must be at most 5", "range.hi": "required"}


def test_a_schema_the_validator_cannot_compile_is_said_and_leaves_the_form_unchecked(qtbot):
    schema = {
        "type": "object",
        "properties": {"n": {"type": "number", "minimum": 0, "exclusiveMinimum": True}, "s": {"type": "string"}},
        "required": ["s"],
    }
    editor = ArgumentsEditor()
    qtbot.addWidget(editor)
    editor.set_schema(schema)
    form = editor.form
    assert isinstance(form.field("n"), NumberField) and editor.mode() == "form"  # still a form
    assert not form.empty_note.isHidden() and form.empty_note.text().startswith("⚠ schema could not be compiled: ")
    assert form.errors() == {}  # nothing checked, not even "required": the server judges
    type_into(form.field("n"), "abc")
    assert form.errors() == {"n": "must be a number"}  # text that cannot be a number is still said
    assert editor.set_mode("raw") and editor.raw_status.text().startswith("⚠ schema could not be compiled")
    assert editor.errors() == {}


def test_placed_problems_are_worded_again_on_a_language_switch(qtbot, qapp):
    from PySide6.QtCore import QEvent, QTranslator

    from inspector.resources import resource_path

    form = SchemaForm(
        {
            "type": "object",
            "properties": {"n": {"type": "integer", "maximum": 10}, "c": {"enum": ["a", "b"]}},
            "required": ["c"],
        }
    )
    qtbot.addWidget(form)
    type_into(form.field("n"), "11")
    assert form.field("n").error_label.text() == "must be at most 10"
    form.errors()
    assert form.field("c").error_label.text() == "required"
    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "inspector_zh_CN.qm")))
    qapp.installTranslator(translator)
    try:
        qapp.sendEvent(form, QEvent(QEvent.Type.LanguageChange))
        zh_max = form.field("n").error_label.text()
        zh_required = form.field("c").error_label.text()
        assert zh_max != "must be at most 10" and "10" in zh_max and zh_required != "required"
        assert zh_max == form.errors()["n"] and zh_required == form.errors()["c"]
    finally:
        qapp.removeTranslator(translator)
    qapp.sendEvent(form, QEvent(QEvent.Type.LanguageChange))
    assert form.field("n").error_label.text() == "must be at most 10"


def test_a_schema_that_holds_itself_is_kept_as_json_where_it_recurses(qtbot):
    schema = {
        "$defs": {
            "Node": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "parent": {"$ref": "#/$defs/Node"},
                    "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}},
                },
            }
        },
        "$ref": "#/$defs/Node",
    }
    form = SchemaForm(schema)
    qtbot.addWidget(form)
    assert [p for p, _ in form.unsupported] == ["parent"]
    parent = form.field("parent")
    assert isinstance(parent, OpaqueField) and "recursive $ref" in parent.label.text()
    children = form.field("children")
    assert isinstance(children, ArrayField)
    row = children.add_item({"name": "leaf"})
    assert isinstance(row, ObjectField) and isinstance(form.field("children[0].children"), ArrayField)
    assert form.value() == {"children": [{"name": "leaf"}]}
    assert [p for p, _ in form.unsupported] == ["parent", "children[0].parent"]


def test_the_raw_status_is_said_again_on_a_language_switch(qtbot, qapp):
    from PySide6.QtCore import QEvent, QTranslator

    from inspector.resources import resource_path

    editor = ArgumentsEditor()
    qtbot.addWidget(editor)
    editor.set_schema({"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]})
    assert editor.set_mode("raw")
    english = editor.raw_status.text()
    assert english.startswith("✗") and "required" in english
    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "inspector_zh_CN.qm")))
    qapp.installTranslator(translator)
    try:
        qapp.sendEvent(editor, QEvent(QEvent.Type.LanguageChange))
        chinese = editor.raw_status.text()
        assert chinese.startswith("✗") and chinese != english and "required" not in chinese
    finally:
        qapp.removeTranslator(translator)
    qapp.sendEvent(editor, QEvent(QEvent.Type.LanguageChange))
    assert editor.raw_status.text() == english
