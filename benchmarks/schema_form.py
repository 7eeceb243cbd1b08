"""The arguments form on a big tool schema: build, one keystroke, check everything, raw check.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/schema_form.py [--props N] [--rows R]

The schema has N properties (strings with lengths and patterns, formatted strings, bounded
numbers, enums, titled oneOf choices, checkable lists, nested objects through a ``$ref``, arrays
of objects with R rows). Every check goes through the protocol's validator, which checks the
form's whole value, so a keystroke costs a check of everything; this measures that it stays
well under a frame. Prints the median of each step in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def big_schema(props: int) -> dict[str, Any]:
    """A tool schema of ``props`` properties of every kind the form builds."""
    out: dict[str, Any] = {}
    required: list[str] = []
    for i in range(props):
        kind = i % 8
        if kind == 0:
            out[f"s{i}"] = {
                "type": "string",
                "minLength": 2,
                "maxLength": 40,
                "pattern": "^[a-z0-9 ]+$",
                "default": "abc",
            }
            required.append(f"s{i}")
        elif kind == 1:
            out[f"d{i}"] = {"type": "string", "format": "date-time", "default": "2024-01-01T00:00:00Z"}
        elif kind == 2:
            out[f"n{i}"] = {"type": "number", "minimum": 0, "maximum": 100, "multipleOf": 0.5, "default": 1.5}
        elif kind == 3:
            out[f"e{i}"] = {"type": "string", "enum": ["red", "green", "blue"], "default": "red"}
        elif kind == 4:
            out[f"c{i}"] = {"oneOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}], "default": "a"}
        elif kind == 5:
            out[f"m{i}"] = {"type": "array", "items": {"enum": ["S", "M", "L"]}, "uniqueItems": True, "default": ["S"]}
        elif kind == 6:
            out[f"o{i}"] = {"$ref": "#/$defs/Point"}
        else:
            out[f"a{i}"] = {"type": "array", "items": {"$ref": "#/$defs/Point"}, "maxItems": 1000}
    return {
        "type": "object",
        "$defs": {
            "Point": {
                "type": "object",
                "properties": {
                    "x": {"type": "integer", "minimum": -1000, "default": 0},
                    "y": {"type": "integer", "maximum": 1000, "default": 0},
                },
                "required": ["x", "y"],
            }
        },
        "properties": out,
        "required": required,
    }


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--props", type=int, default=200)
    parser.add_argument("--rows", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()

    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from inspector.ui.schema_form import ArgumentsEditor, SchemaForm

    app = QApplication.instance() or QApplication([])
    schema = big_schema(args.props)
    builds = []
    for _ in range(3):
        t0 = time.perf_counter()
        form = SchemaForm(schema)
        builds.append(time.perf_counter() - t0)
        form.deleteLater()
    form = SchemaForm(schema)
    for name, field in [(n, form.field(n)) for n in schema["properties"] if n.startswith("a")]:
        assert field is not None, name
        for _ in range(args.rows):
            field.add_item()
    fields = len(form.fields())
    first = form.field("s0")
    assert first is not None
    keystrokes = []
    for i in range(args.repeat):
        t0 = time.perf_counter()
        QTest.keyClicks(first.line, "x" if i % 2 else "Y")  # one key: a check of the whole value
        keystrokes.append(time.perf_counter() - t0)
    checks = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        errors = form.errors()
        checks.append(time.perf_counter() - t0)
    assert "s0" in errors, errors  # the capital letters break the pattern: the check is real
    editor = ArgumentsEditor()
    editor.set_schema(schema)
    value = form.value()
    text = json.dumps(value)
    editor.set_mode("raw")
    raws = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        editor.raw_edit.setPlainText(text)  # the raw editor checks the text it holds on each change
        raws.append(time.perf_counter() - t0)
    assert editor.raw_status.text().startswith("✗"), editor.raw_status.text()
    print(f"schema form, {args.props} properties, {fields} fields ({args.rows} rows per array of objects):")
    print(
        f"  build {median_ms(builds):.1f} ms · keystroke {median_ms(keystrokes):.2f} ms"
        f" · errors() {median_ms(checks):.2f} ms · raw check {median_ms(raws):.2f} ms"
    )
    app.processEvents()


if __name__ == "__main__":
    main()
