"""The demo's command line and its place in the layers: --help, the lesson table, imports."""

from __future__ import annotations

import subprocess
import sys

import orjson
import pytest

from inspector.demo import lessons
from inspector.demo.lessons import LESSONS, FloodSpec, Hook
from inspector.demo.server import build_parser


def test_help_lists_every_switch_with_one_sentence() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "inspector.demo", "--help"], capture_output=True, text=True, timeout=30
    )
    assert proc.returncode == 0
    flat = "".join(proc.stdout.split())  # argparse wraps lines (also after hyphens)
    for lesson in LESSONS:
        assert f"--{lesson.name}" in proc.stdout
        assert "".join(lesson.teaches.split()) in flat
        # one sentence: it ends with a full stop and has no other sentence end inside
        body = lesson.teaches.rstrip(".")
        assert lesson.teaches.endswith(".") and ". " not in body, lesson.teaches
    for flag in ("--flood-count", "--flood-rate", "--flood-now"):
        assert flag in proc.stdout


def test_every_lesson_acts_through_a_hook() -> None:
    names = [lesson.name for lesson in LESSONS]
    assert names == [
        "slow-start",
        "noise",
        "early-request",
        "wrong-version",
        "never-answer-initialize",
        "crash-during-initialize",
        "ignore-stdin-close",
        "ignore-sigterm",
        "flood",
        "oversized",
        "duplicate-response",
        "unknown-id-response",
    ]
    for lesson in LESSONS:
        assert lesson.hooks and set(lesson.hooks) <= set(Hook)
        if lesson.runtime:
            assert Hook.SWITCHED_ON in lesson.hooks or Hook.STDIN_EOF in lesson.hooks or Hook.RESPONSE in lesson.hooks


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        ([], {}),
        (["--flood", "100:2000"], {"flood": FloodSpec(100.0, 2000)}),
        (["--flood-count", "7"], {"flood": FloodSpec(0.0, 7)}),
        (["--flood", "5:9", "--flood-rate", "50", "--flood-now"], {"flood": FloodSpec(50.0, 9, True)}),
        (["--flood-now"], {"flood": FloodSpec(0.0, lessons.DEFAULT_FLOOD_COUNT, True)}),
        (
            ["--slow-start", "1.5", "--noise", "--wrong-version", "1999-01-01"],
            {"slow-start": 1.5, "noise": True, "wrong-version": "1999-01-01"},
        ),
        (["--oversized", "1048576", "--ignore-sigterm"], {"oversized": 1048576, "ignore-sigterm": True}),
    ],
)
def test_switches_parse_into_the_active_table(argv: list[str], expected: dict) -> None:
    assert lessons.active_from(build_parser().parse_args(argv)) == expected


@pytest.mark.parametrize(
    "argv", [["--flood", "fast"], ["--flood", "10"], ["--slow-start", "-1"], ["--oversized", "10"], ["--bogus"]]
)
def test_bad_switches_are_usage_errors(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        build_parser().parse_args(argv)
    assert exc.value.code == 2


def test_flood_lines_are_150_bytes_of_valid_json() -> None:
    block = lessons.flood_block(0, 1000, 6)
    lines = block.splitlines(keepends=True)
    assert len(lines) == 1000 and {len(line) for line in lines} == {150}
    assert orjson.loads(lines[999])["params"]["data"].startswith("message 000999 ")
    assert len(lessons.oversized_line(5000)) == 5000


def test_the_demo_imports_only_the_protocol_layer() -> None:
    code = (
        "import sys, inspector.demo.server, inspector.demo.features;"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('anyio', 'asyncio', 'PySide6', 'qasync', 'mcp')"
        " or m.startswith(('inspector.session', 'inspector.transport', 'inspector.ui', 'inspector.cli')));"
        "print(' '.join(bad))"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == ""
