"""What the attach dialog says and does, without Qt (session/attach_words.py, session/relay_words.py):
a host file's row, each server's row, Attach and Detach with their report, a relay's state."""

from __future__ import annotations

import ast
from pathlib import Path

import inspector.session.attach as attach_module
from inspector.session import attach_words, relay_words
from inspector.session.attach import found_host_files, read_found
from inspector.session.translate import untranslated
from inspector.session.url_relays import Relay, RelayWant

CONFIGS = Path(__file__).resolve().parents[1] / "fixtures" / "configs"


def cursor_file(tmp_path: Path) -> tuple[dict[str, object], Path]:
    """A Cursor file in a project folder, with a stdio server and a URL server."""
    home, cwd = tmp_path / "home", tmp_path / "project"
    path = cwd / ".cursor" / "mcp.json"
    path.parent.mkdir(parents=True)
    home.mkdir()
    path.write_text(
        '{"mcpServers": {"local": {"command": "python", "args": ["-m", "x"]}, "web": {"url": "http://example.test/mcp"}}}'
    )
    return {"platform": "linux", "home": home, "env": {"XDG_CONFIG_HOME": str(home / ".config")}, "cwd": cwd}, path


def marked(_context: str, text: str) -> str:
    """A translation that shows which texts went through it."""
    return f"<{text}>"


def test_a_files_row_says_its_host_and_the_restart_or_the_error(tmp_path):
    where, path = cursor_file(tmp_path)
    [found] = found_host_files(**where)
    client, state = attach_words.file_row(found, "", untranslated)
    assert client == "Cursor" and state.startswith("must be restarted after a change: restart Cursor")
    assert attach_words.file_row(found, "it broke", untranslated) == ("Cursor", "it broke")  # the last error first
    client, state = attach_words.file_row(found, "", marked)  # the session layer's restart words are translated
    assert state == "<must be restarted after a change: {how}>".format(how=f"<{found.host.restart_words()}>")
    broken = tmp_path / "broken.json"
    broken.write_text("{nope")
    chosen = read_found(broken)
    client, state = attach_words.file_row(chosen, "", untranslated)
    assert (client, state) == ("chosen file", chosen.why) and chosen.why
    assert attach_words.shown_path(path, tmp_path) == "~/project/.cursor/mcp.json"
    assert attach_words.shown_path(path, tmp_path / "home") == str(path)


def test_files_chosen_by_hand_come_after_the_ones_found_and_once(tmp_path):
    """found_host_files(extra): the one reader of the dialog and the window's relays."""
    where, path = cursor_file(tmp_path)
    broken, missing = tmp_path / "broken.json", tmp_path / "missing.json"
    broken.write_text("{nope")
    found = found_host_files([path, broken, missing], **where)  # the Cursor file is found already
    assert [f.location.path for f in found] == [path, broken, missing]
    assert found[0].host is not None and found[1].host is None and found[1].why and found[2].why
    assert found[1].location.client == ""  # a chosen file names no host: its row says "chosen file"


def test_a_servers_row_says_its_kind_state_and_what_serves_it(tmp_path):
    where, path = cursor_file(tmp_path)
    [found] = found_host_files(**where)
    local, web = found.host.entries
    row = attach_words.entry_row(local, "", untranslated)
    assert (row.kind, row.state, row.runs, row.tip, row.checkable) == ("stdio", "not attached", "python -m x", "", True)
    row = attach_words.entry_row(web, "", untranslated)  # a URL server is attached from the dialog with its address
    assert row.kind == "HTTP" and row.checkable
    lines, errors = attach_words.act("attach", {path: [local, web]}, [found], window_serves=True)
    assert errors == {}
    [found] = found_host_files(**where)
    local, web = found.host.entries
    row = attach_words.entry_row(local, "", untranslated)
    assert row.state == "attached" and row.tip == "python -m x" and row.checkable
    row = attach_words.entry_row(web, "served here", untranslated)
    assert row.state == "attached; served here" and row.runs.endswith("→ http://example.test/mcp")
    assert row.tip.startswith("Without an inspector window, this serves it") and "--upstream" in row.tip
    text = attach_words.report_text(lines, untranslated)
    assert text.startswith(f"Attached local, web in {path}.") and "This window serves web while it is open" in text
    assert "Cursor must be restarted for this to take effect: restart Cursor" in text
    assert "<restart Cursor" in attach_words.report_text(lines, marked)  # the session's words are translated too


def test_detach_and_an_error_say_which_file(tmp_path):
    where, path = cursor_file(tmp_path)
    [found] = found_host_files(**where)
    local = found.host.entries[0]
    lines, errors = attach_words.act("detach", {path: [local]}, [found], window_serves=False)
    assert (lines, errors) == ([], {})  # nothing attached: nothing to detach
    attach_words.act("attach", {path: [local]}, [found], window_serves=False)
    [found] = found_host_files(**where)
    path.unlink()  # gone since it was read: said on the file, nothing reported done
    lines, errors = attach_words.act("detach", {path: found.host.entries[:1]}, [found], window_serves=False)
    assert lines == [] and list(errors) == [path]
    assert attach_words.errors_text({path: "no"}) == f"{path}: no"
    assert attach_words.errors_text({path: f"{path}: no"}) == f"{path}: no"  # named once


def test_every_word_and_session_word_is_a_distinct_table_entry():
    assert len(set(attach_words.WORDS.values())) == len(attach_words.WORDS)
    assert "quit it and start it again" in attach_words.SESSION_WORDS


def test_a_relays_state_in_words():
    want = RelayWant(Path("/h.json"), "web", "http://example.test/mcp", ("127.0.0.1", 8123), ())
    assert relay_words.state_words(None, untranslated) == "this window does not serve it now"
    relay = Relay(want, state="serving")
    assert relay_words.state_words(relay, untranslated) == "this window serves it now on http://127.0.0.1:8123"
    relay = Relay(want, state="failed", why="exit 3")
    assert relay_words.state_words(relay, untranslated) == "this window's relay stopped: exit 3"
    assert relay_words.state_words(Relay(want, state="stopped"), untranslated) == "this window does not serve it now"
    starting = relay_words.state_words(Relay(want), untranslated)  # a new relay is starting
    assert starting == "this window is starting its relay on http://127.0.0.1:8123"
    duplicate = relay_words.state_words(Relay(want, state="duplicate", why="a.json: web"), untranslated)
    assert duplicate == "this window cannot serve it: its address is another server's (a.json: web)"
    relay = Relay(want, state="port-taken", why="in use")
    assert "http://127.0.0.1:8123 is taken" in relay_words.state_words(relay, untranslated)
    lines = relay_words.relay_lines([relay], untranslated)
    assert lines[0].startswith("web: http://127.0.0.1:8123 → http://example.test/mcp; this window does not")
    assert lines[-1].startswith("This window serves the HTTP servers") and len(lines) == 2


def test_every_fixed_word_of_the_session_layer_is_in_the_dialogs_table():
    """The reasons attach.py gives as plain literals, and its restart words, reach the translators."""
    tree = ast.parse(Path(attach_module.__file__).read_text())
    reasons = {
        call.args[3].value
        for call in ast.walk(tree)
        if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "HostEntry" and len(call.args) > 3
        if isinstance(call.args[3], ast.Constant) and call.args[3].value
    }
    assert "it has no command" in reasons and len(reasons) >= 7
    fixed = reasons | set(attach_module.RESTART_WORDS.values()) | {"quit it and start it again"}
    assert fixed <= set(attach_words.SESSION_WORDS)
