"""Validator candidates for the one JSON-Schema stack, measured on the same messages.

For protocol versions 2025-11-25 and 2026-07-28, every candidate validates the same mix of
wire messages (valid ones, as in a healthy session, and invalid ones) against the composed
root that SchemaValidator builds:

* inspector: ``SchemaValidator.check`` as the ingest pipeline calls it (jsonschema-rs, dispatch
  and verdict included);
* jsonschema-rs: the library alone (``validate``; the first error with its instance path);
* fastjsonschema: its public ``compile`` only, on the root relabelled draft-07 (it knows no
  later draft) - measured when it is installed (``pip install fastjsonschema``);
* jsonschema: the pure-Python reference library, for scale.

Prints messages per second for each and whether every candidate agrees with the reference
verdicts. Run: ``.venv/bin/python benchmarks/validators.py``.
"""

from __future__ import annotations

import time

import jsonschema
import jsonschema_rs

from inspector.protocol import schema as S

TOOLS = [
    {
        "name": f"tool_{i}",
        "title": f"Tool {i}",
        "description": "Does a thing with its arguments, politely." * 2,
        "inputSchema": {
            "type": "object",
            "properties": {"a": {"type": "string"}, "b": {"type": "integer", "minimum": 0}},
            "required": ["a"],
        },
        "annotations": {"readOnlyHint": True},
    }
    for i in range(20)
]

MESSAGES = [
    (
        "notification",
        "s2c",
        "notifications/message",
        None,
        {
            "jsonrpc": "2.0",
            "method": "notifications/message",
            "params": {"level": "info", "logger": "bench", "data": "x" * 80},
        },
    ),
    (
        "notification",
        "s2c",
        "notifications/progress",
        None,
        {
            "jsonrpc": "2.0",
            "method": "notifications/progress",
            "params": {"progressToken": 7, "progress": 3, "total": 10},
        },
    ),
    (
        "request",
        "c2s",
        "tools/call",
        None,
        {
            "jsonrpc": "2.0",
            "id": 12,
            "method": "tools/call",
            "params": {"name": "echo", "arguments": {"text": "hello"}},
        },
    ),
    (
        "result",
        "s2c",
        None,
        "tools/call",
        {"jsonrpc": "2.0", "id": 12, "result": {"content": [{"type": "text", "text": "hello"}], "isError": False}},
    ),
    ("result", "s2c", None, "tools/list", {"jsonrpc": "2.0", "id": 2, "result": {"tools": TOOLS}}),
    (
        "request",
        "c2s",
        "resources/read",
        None,
        {"jsonrpc": "2.0", "id": 4, "method": "resources/read", "params": {"uri": "file:///tmp/x.txt"}},
    ),
    ("error", "s2c", None, None, {"jsonrpc": "2.0", "id": 5, "error": {"code": -32601, "message": "Method not found"}}),
    (
        "notification",
        "s2c",
        "notifications/message",
        None,
        {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "loud", "data": 1}},
    ),
    (
        "request",
        "c2s",
        "tools/call",
        None,
        {"jsonrpc": "2.0", "id": 12, "method": "tools/call", "params": {"arguments": {}}},
    ),
    ("result", "s2c", None, "tools/call", {"jsonrpc": "2.0", "id": 12, "result": {"content": [{"type": "text"}]}}),
    (
        "request",
        "c2s",
        "resources/read",
        None,
        {"jsonrpc": "2.0", "id": 4, "method": "resources/read", "params": {"uri": "not a uri"}},
    ),
]


def candidates(v: S.SchemaValidator, kind, direction, method, request_method, obj):
    entry = v.compiled_for(obj, kind, direction, method, request_method)
    out = {
        "inspector": lambda o: (
            v.check(o, kind=kind, direction=direction, method=method, request_method=request_method).ok
        ),
        "jsonschema-rs": _rs(entry.validator),
    }
    try:
        import fastjsonschema
    except ImportError:
        pass
    else:
        root = dict(entry.schema)
        root["$schema"] = "http://json-schema.org/draft-07/schema#"
        out["fastjsonschema"] = _fjs(
            fastjsonschema, fastjsonschema.compile(root, formats=S.FORMAT_CHECKERS, use_default=False)
        )
    cls = jsonschema.validators.validator_for(entry.schema, default=jsonschema.Draft7Validator)
    checker = jsonschema.FormatChecker(formats=())
    for name, func in S.FORMAT_CHECKERS.items():
        checker.checks(name)(func)
    out["jsonschema"] = _js(cls(entry.schema, format_checker=checker))
    return out


def _rs(validator):
    def run(obj) -> bool:
        try:
            validator.validate(obj)
            return True
        except jsonschema_rs.ValidationError as first:
            _ = (list(first.instance_path), first.message)
            return False

    return run


def _fjs(module, fn):
    def run(obj) -> bool:
        try:
            fn(obj)
            return True
        except module.JsonSchemaValueException:
            return False

    return run


def _js(validator):
    def run(obj) -> bool:
        if validator.is_valid(obj):
            return True
        first = next(iter(validator.iter_errors(obj)))
        _ = (list(first.absolute_path), first.message)
        return False

    return run


def run(version: str, rounds: int) -> None:
    v = S.SchemaValidator(version)
    built = []
    for kind, direction, method, request_method, obj in MESSAGES:
        c = candidates(v, kind, direction, method, request_method, obj)
        built.append((c, obj, c["jsonschema"](obj)))  # the reference verdict
    names = list(built[0][0])
    agree = all(c[n](obj) == expected for c, obj, expected in built for n in names)
    valid = sum(1 for b in built if b[2])
    print(
        f"== {version} ({v._dialect}): {valid} valid and {len(built) - valid} invalid messages; every "
        f"candidate agrees with jsonschema: {agree}"
    )
    for label, subset in (("valid", [b for b in built if b[2]]), ("invalid", [b for b in built if not b[2]])):
        for name in names:
            n = rounds if name != "jsonschema" else max(1, rounds // 20)
            t0 = time.perf_counter()
            for _ in range(n):
                for c, obj, _expected in subset:
                    c[name](obj)
            dt = time.perf_counter() - t0
            print(f"  {label:7s} {name:16s} {n * len(subset) / dt:12,.0f} msg/s")


def main() -> None:
    for version in ("2025-11-25", "2026-07-28"):
        run(version, 3000)


if __name__ == "__main__":
    main()
