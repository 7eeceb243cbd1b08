"""What the server editor and the saved-server list decide, headless (session/server_editor.py):
each field's problem worded where it was typed, what was found out last time, the versions of an
era, a capability a version cannot carry, the line limit's bytes, and New/Duplicate/Delete/Undo."""

from __future__ import annotations

from inspector.protocol.versions import LEGACY_VERSIONS, MODERN_VERSIONS
from inspector.session import server_editor as words
from inspector.session.profiles import PROBLEMS, EnvVar, Needs, Problem, ServerProfile, demo_profile
from inspector.session.secrecy import secret_header
from inspector.session.server_editor import SecretRows, ServerList
from inspector.session.translate import untranslated
from inspector.transport.base import MASK, TransportKind


def shout(_context: str, text: str) -> str:
    """A 'translation' that shows it was asked (and keeps the placeholders)."""
    return text.replace("{", "\0").upper().replace("\0", "{").replace("{WHY}", "{why}")


def test_each_field_gets_its_problem_worded_and_the_environment_one_a_line():
    profile = ServerProfile(
        name="",
        command="node",
        args=["${secret:TOKEN}"],
        env=[EnvVar("A=B", "1"), EnvVar("", "2")],
    )
    problems = words.field_problems(profile, "node ${secret:TOKEN}", untranslated)
    assert problems["name"] == "Give the server a name."
    # the arguments are typed in the command line: their problem is the command's
    assert problems["command"] == problems["args"] == str(profile.problems()["args"])
    assert (
        problems["env"] == "Environment variable name 'A=B' is not valid.\nEnvironment variable name '' is not valid."
    )
    assert "headers" not in problems


def test_a_command_line_that_cannot_be_split_says_why_in_the_callers_words():
    profile = ServerProfile(name="x", command="")
    profile.set_command_line('node "server.js')
    problems = words.field_problems(profile, 'node "server.js', untranslated)
    assert problems["command"] == "Cannot split the command: no closing quotation mark"
    said = words.field_problems(profile, "node server.js \\", shout)["command"]
    assert said == "CANNOT SPLIT THE COMMAND: A BACKSLASH AT THE END, WITH NOTHING TO ESCAPE"


def test_the_first_header_problem_is_shown_under_the_headers():
    profile = ServerProfile(name="h", command="", transport=TransportKind.STREAMABLE_HTTP, url="http://127.0.0.1:1/mcp")
    profile.headers = [EnvVar("ok", "v"), EnvVar("bad name", "v"), EnvVar("X-Two", "é")]
    problems = words.field_problems(profile, "", untranslated)
    assert problems["headers"] == "Header name 'bad name' is not valid." == problems["headers.1"]
    assert problems["headers.2"] == "The value of X-Two must be one line of plain ASCII."
    assert "url" not in problems and problems["env"] == ""
    assert words.field_problems(None, "", untranslated) == {"env": ""}


def test_a_problem_is_worded_from_its_code_and_a_broken_translation_falls_back_to_english():
    problem = Problem("cwd-not-folder", cwd="/nowhere")
    assert words.problem_text(problem, lambda _c, t: "«" + t + "»") == "«/nowhere is not a folder.»"
    assert words.problem_text(problem, lambda _c, _t: "{missing}") == "/nowhere is not a folder."
    assert words.problem_text("plain text", shout) == "plain text"


def test_what_was_found_out_last_time():
    profile = ServerProfile(name="h", command="", transport=TransportKind.HTTP_AUTO, url="http://127.0.0.1:1/mcp")
    assert words.found_text(profile, untranslated) == "" == words.found_text(None, untranslated)
    profile.detected_era, profile.detected_transport = "modern", TransportKind.SSE
    assert words.found_text(profile, untranslated) == (
        "Last auto detection: modern\nTransport found last time: HTTP+SSE (Connect goes straight to it; "
        "change the URL or the transport to look again)"
    )
    profile.detected_transport = "something-new"  # a saved name no words are for: as it is
    assert words.found_text(profile, untranslated).endswith("Transport found last time: something-new")
    profile.transport = TransportKind.STREAMABLE_HTTP  # only auto HTTP finds a transport out
    assert words.found_text(profile, untranslated) == "Last auto detection: modern"


def test_eras_versions_capabilities_and_timeouts():
    assert list(words.ERA_WORDS) == ["auto", "legacy", "modern"]
    assert words.ERA_VERSIONS["legacy"] == LEGACY_VERSIONS and words.ERA_VERSIONS["modern"] == MODERN_VERSIONS
    assert words.capability_note("tasks", "", untranslated) == ""
    assert words.capability_note("tasks", "2025-11-25", untranslated) == ""
    assert words.capability_note("tasks", "2025-06-18", untranslated) == (
        "Not defined in 2025-06-18; it will not be offered"
    )
    fields = set(ServerProfile.__dataclass_fields__)
    assert set(words.TIMEOUT_WORDS) <= fields
    # a server reached by URL shows no command, folder, environment or process timeouts; a command, no URL
    assert words.hidden_fields(Needs.URL) == {"command", "cwd", "env", "start_timeout", "stdin_grace", "term_grace"}
    assert words.hidden_fields(Needs.COMMAND) == {"url", "headers", "oauth"} == words.hidden_fields(None)
    assert set(PROBLEMS.values()) <= set(words.all_words())


def test_the_line_limit_keeps_its_exact_bytes_unless_the_field_changed():
    exact = 3 * words.MIB + 7
    assert words.max_line_after(exact, round(exact / words.MIB, 2)) == exact
    assert words.max_line_after(exact, 2.5) == int(2.5 * words.MIB)


def test_the_list_adds_duplicates_deletes_and_undoes():
    profiles = [demo_profile(), ServerProfile(name="one", command="a", env=[EnvVar("K", "s", secret=True)])]
    servers = ServerList(profiles)
    assert words.server_label(profiles[0], shout) == "DEMO SERVER (BUILT IN)"
    assert words.server_label(ServerProfile(name="", command=""), untranslated) == "(unnamed)"
    assert not servers.can_delete(0) and servers.delete(0) is None and servers.delete(5) is None

    row = servers.duplicate(1, "one (copy)")
    copied = profiles[row]
    assert row == 2 and copied.name == "one (copy)" and copied.id != profiles[1].id and not copied.builtin
    assert copied.env == profiles[1].env and copied.env is not profiles[1].env  # secrets included, not shared
    assert profiles[servers.duplicate(0, "demo (copy)")].builtin is False

    deleted = servers.delete(1)
    assert deleted is not None and deleted.profile.name == "one" and [p.name for p in profiles][1] == "one (copy)"
    assert servers.undo() == 1 and profiles[1] is deleted.profile and servers.undo() is None

    servers.delete(3)
    assert servers.add("New server") == 3 and servers.deleted is None  # adding forgets the deletion
    assert servers.undo() is None and profiles[3].name == "New server" and profiles[3].command == ""

    servers.delete(3)
    servers.delete(2)
    assert servers.deleted is not None and servers.deleted.row == 2  # only the last one is undone
    profiles.pop()  # the list got shorter meanwhile: the server goes back at the end
    assert servers.undo() == 1 == len(profiles) - 1


def test_secret_rows_keep_a_value_as_typed_show_it_masked_and_ignore_the_mask_typed_back():
    rows = SecretRows()
    rows.set_vars([EnvVar(" TOKEN ", "s3cret", True), EnvVar("A", "1")])
    assert [r.shown for r in rows.rows] == [MASK, "1"] and rows.rows[0].name == "TOKEN"
    assert not rows.edit(0, 1, MASK, True)  # the mask shown is no value typed
    assert rows.edit(0, 1, "n3w", True) and rows.rows[0].value == "n3w" and rows.rows[0].shown == MASK
    assert rows.edit(0, 2, "", False) and rows.rows[0].shown == "n3w"  # unmarked: shown as typed
    assert rows.edit(1, 2, "", True) and rows.vars() == [EnvVar("TOKEN", "n3w", False), EnvVar("A", "1", True)]
    assert not any(r.judged for r in rows.rows)  # no judge: the box is the user's
    rows.append(EnvVar("", ""))
    assert rows.edit(2, 0, " B ", False) and rows.vars()[2] == EnvVar("B", "", False)
    assert rows.remove([2, 0]) and [v.name for v in rows.vars()] == ["A"]
    assert not rows.remove([])


def test_a_judged_row_is_secret_whatever_its_box_says_and_stays_secret_when_no_longer_judged():
    rows = SecretRows(secret_header)
    rows.append(EnvVar("X-Trace", "1"))
    assert not rows.rows[0].judged and rows.rows[0].shown == "1"
    assert rows.edit(0, 0, "Authorization", False)
    assert rows.rows[0].judged and rows.rows[0].secret and rows.rows[0].shown == MASK
    assert rows.edit(0, 2, "", False) and rows.rows[0].secret  # the box cannot unmark a judged row
    assert rows.edit(0, 0, "X-Trace", True) and not rows.rows[0].judged and rows.rows[0].secret  # still checked
    assert rows.edit(0, 2, "", False) and not rows.rows[0].secret and rows.vars() == [EnvVar("X-Trace", "1", False)]


def test_the_editors_words_cover_its_fields_and_controls():
    assert set(words.FIELD_WORDS.values()) | set(words.EDITOR_WORDS.values()) <= set(words.all_words())
    assert {key for pair in words.EDITOR_CONTROLS.values() for key in pair if key} <= set(words.EDITOR_WORDS)


def test_the_lists_buttons_have_their_words_and_tips_in_the_table_for_the_catalogue():
    for key in ("new", "duplicate", "delete", "undo", "compact", "edit"):
        assert key in words.LIST_WORDS
    assert all(key.removesuffix("_tip") in words.LIST_WORDS for key in words.LIST_WORDS)
    assert set(words.LIST_WORDS.values()) | {words.UNNAMED} == set(words.list_words())


def test_the_panel_state_says_which_form_shows_and_which_buttons_take_a_click():
    state = words.PanelState()  # before any session: the list and the editor, Connect only
    assert state.shown() == {"compact_form": False, "full": True}
    assert state.enabled() == {"connect_button": True, "disconnect_button": False, "picker": True}
    state.compact, state.running = True, True  # a session runs: Disconnect only, the picker held
    assert state.shown() == {"compact_form": True, "full": False}
    assert state.enabled() == {"connect_button": False, "disconnect_button": True, "picker": False}


def test_a_new_untouched_server_keeps_its_problems_until_edited_and_a_filled_one_shows_them_at_once():
    assert not words.reveals_at_once(ServerProfile("new", ""))
    assert words.reveals_at_once(ServerProfile("cmd", "node server.js"))
    assert words.reveals_at_once(ServerProfile("web", "", transport=TransportKind.STREAMABLE_HTTP, url="http://x/mcp"))
