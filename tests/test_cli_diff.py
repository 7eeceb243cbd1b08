"""``diff A B`` and ``probe --save-surface / --baseline / --junit`` through the real command line
(subprocesses), on recordings and surfaces of the two-release fixture server
(tests/fixtures/servers/sdk_surface.py) run for real through pipes."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import orjson
import pytest
from peers import FIXTURES

from inspector import cli
from inspector.session.surface import Surface

GRACES = ("--stdin-grace", "0.5", "--term-grace", "0.5")


def surface_server(release: int, *extra: str) -> list[str]:
    return [sys.executable, str(FIXTURES / "sdk_surface.py"), "--release", str(release), *extra]


def run(*args: str, timeout: float = 90) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "inspector", *args], capture_output=True, text=True, timeout=timeout)


def probe(*args: str) -> subprocess.CompletedProcess[str]:
    return run("probe", *GRACES, *args)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Three real sessions, recorded with probe (release 1 twice, release 2 once; --save-surface
    makes the probe list every page of every list), and their surface files."""
    folder = tmp_path_factory.mktemp("surfaces")
    out: dict[str, Path] = {}
    for name, release in (("r1", 1), ("r1again", 1), ("r2", 2)):
        out[name], out[name + ".surface"] = folder / f"{name}.jsonl", folder / f"{name}.surface.json"
        made = probe(
            "--record", str(out[name]), "--save-surface", str(out[name + ".surface"]), "--", *surface_server(release)
        )
        assert made.returncode == 0, made.stderr
    out["s1"] = out["r1.surface"]
    return out


# ---------------------------------------------------------------------- diff


def test_two_runs_of_one_release_are_the_same(made: dict[str, Path]) -> None:
    same = run("diff", str(made["r1"]), str(made["r1again"]))
    assert same.returncode == 0, same.stderr
    assert "The surfaces are the same." in same.stdout
    # a surface file and a recording of the same release: the same too
    assert run("diff", str(made["s1"]), str(made["r1again"])).returncode == 0


def test_release_1_against_2_names_every_item_and_marks_the_breaking_ones(made: dict[str, Path]) -> None:
    d = run("diff", str(made["r1"]), str(made["r2"]))
    assert d.returncode == 1, d.stderr
    text = d.stdout
    assert "The surfaces differ: 2 added, 3 removed, 7 changed (8 breaking)." in text
    for line in (
        "- tool legacy_echo: removed [breaking]",
        "+ tool summarize: added",
        "~ tool add: changed [breaking]",
        "- prompt farewell: removed [breaking]",
        "- resource demo://b: removed [breaking]",
        "+ resource demo://c: added",
        "~ resource demo://a: changed",
        "~ server capabilities: changed [breaking]",
    ):
        assert line + "\n" in text, line
    assert "! breaking: the input property c became required" in text
    assert '/inputSchema/properties/a/type: "number" -> "integer"' in text
    assert "the x-mcp-header of /inputSchema/properties/region changed from Region to Zone" in text
    assert "[breaking]" not in text.split("~ resource demo://a: changed", 1)[1].split("\n", 1)[0]


def test_json_gives_the_same_as_data(made: dict[str, Path]) -> None:
    d = run("diff", "--json", str(made["r1"]), str(made["r2"]))
    assert d.returncode == 1
    data = orjson.loads(d.stdout)
    assert data["same"] is False and data["breaking"] is True
    assert data["counts"] == {"removed": 3, "added": 2, "changed": 7, "breaking": 8}
    assert data["a"] == str(made["r1"]) and data["b"] == str(made["r2"])
    items = {(i["kind"], i["key"]): i for i in data["items"]}
    assert items[("tools", "legacy_echo")]["status"] == "removed" and items[("tools", "legacy_echo")]["breaking"]
    assert items[("tools", "summarize")]["status"] == "added" and not items[("tools", "summarize")]["breaking"]
    codes = [f["code"] for f in items[("tools", "search")]["findings"]]
    assert codes.count("input.type_narrowed") == 1 and "input.enum_narrowed" in codes
    assert "messages" not in data
    same = orjson.loads(run("diff", "--json", str(made["r1"]), str(made["r1again"])).stdout)
    assert same["same"] is True and same["items"] == []


def test_json_is_utf8_whatever_stdouts_encoding(made: dict[str, Path], tmp_path: Path) -> None:
    """A stdout in ASCII or latin-1 (``PYTHONIOENCODING``): the JSON is UTF-8 all the same (its
    file names hold an é), where the text escaped it would be no JSON."""
    folder = tmp_path / "josé"
    folder.mkdir()
    a, b = folder / "a.jsonl", folder / "b.jsonl"
    a.write_bytes(made["r1"].read_bytes())
    b.write_bytes(made["r2"].read_bytes())
    for encoding in ("ascii", "latin-1"):
        d = subprocess.run(
            [sys.executable, "-m", "inspector", "diff", "--json", str(a), str(b)],
            capture_output=True,
            timeout=90,
            env={**os.environ, "PYTHONIOENCODING": encoding},
        )
        assert d.returncode == 1, d.stderr
        data = orjson.loads(d.stdout)  # orjson reads UTF-8 only
        assert data["a"] == str(a) and "é" in data["a"]


def test_messages_say_where_the_runs_part(made: dict[str, Path]) -> None:
    d = run("diff", "--messages", "--json", str(made["r1"]), str(made["r2"]))
    assert d.returncode == 1
    messages = orjson.loads(d.stdout)["messages"]
    assert messages["parted"] is True and messages["counts"]["changed"] >= 1
    first = messages["after_parting"][0]
    assert first["status"] == "changed"
    text = run("diff", "--messages", str(made["r1"]), str(made["r2"])).stdout
    assert "\nMessages:\n" in text
    again = run("diff", "--messages", "--json", str(made["r1"]), str(made["r1again"]))
    assert again.returncode == 0  # the surfaces decide the exit code
    assert "parted" in orjson.loads(again.stdout)["messages"]


def test_an_unreadable_side_is_a_usage_error_naming_the_file(made: dict[str, Path], tmp_path: Path) -> None:
    missing = tmp_path / "missing.jsonl"
    d = run("diff", str(missing), str(made["r2"]))
    assert d.returncode == 2 and d.stdout == ""
    assert str(missing) in d.stderr and "No such file" in d.stderr
    junk = tmp_path / "junk.txt"
    junk.write_text("this is no recording\n")
    d = run("diff", str(made["r1"]), str(junk))
    assert d.returncode == 2 and str(junk) in d.stderr and "not a recording" in d.stderr
    d = run("diff", "--messages", str(made["s1"]), str(made["r2"]))
    assert d.returncode == 2 and str(made["s1"]) in d.stderr and "surface file holds no messages" in d.stderr
    assert run("diff", str(made["r1"])).returncode == 2  # B is missing


# ---------------------------------------------------------------------- probe --baseline


def test_save_surface_writes_a_surface_of_every_page(made: dict[str, Path]) -> None:
    surface = Surface.loads(made["s1"].read_bytes())
    tools = surface.listing("tools")
    assert tools is not None and tools.complete and tools.pages >= 2  # two a page: every page was fetched
    assert {t["name"] for t in tools.items} == {"add", "search", "report", "legacy_echo"}
    assert surface.server_info.get("version") == "1.0"
    assert not list(made["s1"].parent.glob(".*.tmp"))  # the temporary file was renamed


def test_the_same_release_against_its_baseline_exits_0_with_a_passing_junit(made: dict[str, Path], tmp_path: Path):
    junit = tmp_path / "report.xml"
    p = probe("--json", "--baseline", str(made["s1"]), "--junit", str(junit), "--", *surface_server(1))
    assert p.returncode == 0, p.stderr
    summary = orjson.loads(p.stdout.splitlines()[-1])
    assert summary["exit"] == 0 and summary["baseline"]["same"] is True and summary["baseline"]["compared"]
    root = ET.parse(junit).getroot()
    suite = root.find("testsuite")
    assert suite is not None and suite.get("name") == "mcp-surface"
    assert suite.get("failures") == "0" and suite.get("errors") == "0"
    names = {(c.get("classname"), c.get("name")) for c in suite.iter("testcase")}
    assert {("tools", "add"), ("prompts", "greet"), ("resources", "demo://a"), ("server", "capabilities")} <= names
    assert int(suite.get("tests") or 0) == len(names)


def test_release_2_against_release_1s_baseline_exits_10_and_fails_the_breaking_items(
    made: dict[str, Path], tmp_path: Path
) -> None:
    junit, recorded = tmp_path / "report.xml", tmp_path / "r2.jsonl"
    p = probe("--baseline", str(made["s1"]), "--junit", str(junit), "--record", str(recorded), "--", *surface_server(2))
    assert p.returncode == cli.EXIT_BREAKING == 10, p.stderr
    kept = orjson.loads(recorded.read_bytes().splitlines()[-1])  # the recording's summary is the printed one
    assert kept["exit"] == 10 and kept["baseline"]["breaking"] is True and kept["baseline"]["file"] == str(made["s1"])
    assert "baseline          " in p.stdout and "  - tool legacy_echo: removed [breaking]" in p.stdout
    assert "  + tool summarize: added\n" in p.stdout  # breaking and other changes told apart
    assert "exit              10 (the surface differs from the baseline" in p.stdout
    assert "breaking: 2 added, 3 removed, 7 changed (8 breaking)" in p.stderr
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None
    cases = {(c.get("classname"), c.get("name")): c for c in suite.iter("testcase")}
    failed = {k for k, c in cases.items() if c.find("failure") is not None}
    assert failed == {
        ("server", "capabilities"),
        ("tools", "add"),
        ("tools", "search"),
        ("tools", "report"),
        ("tools", "legacy_echo"),
        ("prompts", "greet"),
        ("prompts", "farewell"),
        ("resources", "demo://b"),
    }
    assert suite.get("failures") == "8"
    failure = cases[("tools", "add")].find("failure")
    assert failure is not None and "the input property c became required" in (failure.get("message") or "")
    added = cases[("tools", "summarize")]
    assert added.find("failure") is None and "added" in (added.findtext("system-out") or "")
    assert cases[("resourceTemplates", "demo://items/{id}")].find("system-out") is None  # unchanged


def test_only_non_breaking_changes_exit_11(made: dict[str, Path], tmp_path: Path) -> None:
    """Release 1 with other cache hints: something changed, nothing breaks."""
    junit = tmp_path / "report.xml"
    p = probe("--json", "--baseline", str(made["s1"]), "--junit", str(junit), "--", *surface_server(1, "--ttl", "5"))
    assert p.returncode == cli.EXIT_CHANGED == 11, p.stderr
    block = orjson.loads(p.stdout.splitlines()[-1])["baseline"]
    assert block["same"] is False and block["breaking"] is False
    assert {i["kind"] for i in block["items"]} == {"list"}
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None and suite.get("failures") == "0"
    assert any("cache hints" in (c.findtext("system-out") or "") for c in suite.iter("testcase"))


def test_the_sessions_own_failure_comes_first_and_is_a_junit_error(made: dict[str, Path], tmp_path: Path) -> None:
    junit, saved = tmp_path / "report.xml", tmp_path / "not-written.json"
    p = probe(
        "--baseline", str(made["s1"]), "--junit", str(junit), "--save-surface", str(saved), "--",
        str(tmp_path / "no-such-server"),
    )  # fmt: skip
    assert p.returncode == cli.EXIT_SERVER, p.stderr
    assert not saved.exists()  # a failed session's surface is not kept
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None and suite.get("errors") == "1"
    error = suite.find("testcase[@name='session']/error")
    assert error is not None and error.get("type") == "exit 3"


def test_baseline_usage_errors_start_nothing(made: dict[str, Path], tmp_path: Path) -> None:
    missing = tmp_path / "gone.json"
    p = probe("--baseline", str(missing), "--", *surface_server(1))
    assert p.returncode == 2 and str(missing) in p.stderr and p.stdout == ""
    p = probe("--junit", str(tmp_path / "r.xml"), "--", *surface_server(1))
    assert p.returncode == 2 and "goes with --baseline" in p.stderr
    p = probe("--save-surface", str(tmp_path), "--", *surface_server(1))
    assert p.returncode == 2 and "that is a folder" in p.stderr
    same = tmp_path / "same.json"
    for args in (
        ("--record", str(same), "--save-surface", str(same)),
        ("--save-surface", str(same), "--baseline", str(made["s1"]), "--junit", str(same)),
        ("--baseline", str(made["s1"]), "--junit", str(made["s1"])),
    ):
        p = probe(*args, "--", *surface_server(1))
        assert p.returncode == 2 and "name the same file" in p.stderr and not same.exists(), args
    kept = made["s1"].read_bytes()
    p = probe("--baseline", str(made["s1"]), "--save-surface", str(made["s1"]), "--", *surface_server(1))
    assert p.returncode == 0 and made["s1"].read_bytes() == kept  # a baseline saved over: allowed


def claude_log(recording: Path, sessions: int = 1) -> str:
    """A real session as Claude Desktop's mcp-server-NAME.log shows it (``sessions`` times)."""
    from inspector.session.recording import Direction, Recording

    rec = Recording.load(recording)
    lines, second = [], 0

    def line(text: str) -> str:
        nonlocal second
        second += 1
        return f"2026-01-02T03:{second // 60:02d}:{second % 60:02d}.000Z [surface] [info] {text}"

    for _ in range(sessions):
        lines += [line("Initializing server..."), line("Server started and connected successfully")]
        for i in range(len(rec)):
            who = {Direction.C2S: "client", Direction.S2C: "server"}.get(rec.direction_at(i))
            if who is not None:
                lines.append(line(f"Message from {who}: {rec.raw_at(i).decode().strip()} {{ metadata: undefined }}"))
        lines += [line("Client transport closed"), line("Server transport closed")]
    return "\n".join(lines) + "\n"


def test_a_host_log_is_read_as_file_open_reads_it(made: dict[str, Path], tmp_path: Path) -> None:
    log = tmp_path / "mcp-server-surface.log"
    log.write_text(claude_log(made["r2"]))
    assert run("diff", str(made["r2"]), str(log)).returncode == 0  # the same session, logged by the host
    d = run("diff", "--json", str(made["r1"]), str(log))
    assert d.returncode == 1 and orjson.loads(d.stdout)["counts"]["breaking"] == 8
    two = tmp_path / "mcp-server-twice.log"
    two.write_text(claude_log(made["r2"], sessions=2))
    d = run("diff", str(made["r1"]), str(two))
    assert d.returncode == 2 and "it holds 2 sessions" in d.stderr and "convert" in d.stderr


def test_server_text_with_controls_keeps_the_junit_xml_and_the_terminal_clean(
    made: dict[str, Path], tmp_path: Path
) -> None:
    """A baseline whose tool names hold a NUL, an escape sequence and a bidi override (a hostile
    or broken server's): the JUnit report still parses (XML 1.0 has no place for them), and
    neither stdout nor the report carries them raw."""
    doc = orjson.loads(made["s1"].read_bytes())
    tools = doc["lists"]["tools"]["items"]
    tools.append({**tools[0], "name": "gone\x00\x1b[2J\u202e"})
    baseline, junit = tmp_path / "hostile.surface.json", tmp_path / "report.xml"
    baseline.write_bytes(orjson.dumps(doc))
    p = probe("--baseline", str(baseline), "--junit", str(junit), "--", *surface_server(1))
    assert p.returncode == cli.EXIT_BREAKING, p.stderr
    assert not any(ch in p.stdout for ch in "\x00\x1b\u202e")
    assert "  - tool gone\\u0000\\u001b[2J\\u202e: removed [breaking]" in p.stdout
    suite = ET.parse(junit).getroot().find("testsuite")  # it parses
    assert suite is not None
    names = [c.get("name") for c in suite.iter("testcase")]
    assert "gone\\u0000\\u001b[2J\\u202e" in names
    assert not any(ch in junit.read_text() for ch in "\x00\x1b\u202e")
