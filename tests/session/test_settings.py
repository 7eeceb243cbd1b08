"""The window's settings are read through one model (``session/settings.py``, ``documents.SavedSettings``):
a damaged value takes its default with a note, never raises and is never used as it is; a clean
one is read without loading pydantic, with the value the model gives."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from inspector.session.documents import SavedSettings
from inspector.session.settings import (
    LAYOUTS,
    SETTINGS,
    SettingNote,
    layout_keys,
    read_flag,
    read_setting,
    read_text,
    reset_keys,
)


def clean_values(key: str) -> list[object]:
    """The values a settings file may hold for ``key`` that are what the model keeps."""
    setting = SETTINGS[key]
    if setting.flag:
        return [True, False, "true", "false"]
    return list(setting.names) or ["/home/someone/recordings", "C:\\Users\\someone"]


@pytest.mark.parametrize("key", sorted(SETTINGS))
def test_a_clean_value_reads_as_the_model_reads_it_without_a_note(key: str) -> None:
    for value in clean_values(key):
        notes: list[SettingNote] = []
        got = read_setting(key, value, notes.append)
        assert notes == []
        assert got == SavedSettings.model_validate({key: value}).model_dump(by_alias=True)[key]
        assert got == SETTINGS[key].plain(value)  # the way without pydantic


@pytest.mark.parametrize("key", sorted(SETTINGS))
def test_a_missing_value_is_the_default_and_no_note(key: str) -> None:
    notes: list[SettingNote] = []
    assert (
        read_setting(key, None, notes.append) == SETTINGS[key].default == SavedSettings().model_dump(by_alias=True)[key]
    )
    assert notes == []


DAMAGED = [
    ("theme", "blue", "system", "value error, expected one of system, light, dark"),
    ("theme", 5, "system", "input should be a valid string"),
    ("language", "klingon", "system", "value error, expected one of system, en, zh_CN"),
    ("layout", "presenter", "debugging", "value error, expected one of debugging, teaching"),
    ("layout", ["debugging"], "debugging", "input should be a valid string"),
    ("presenting", "yes", False, "input should be a valid boolean"),
    ("presenting", 1, False, "input should be a valid boolean"),
    ("stepbar/details/teaching", "no", True, "input should be a valid boolean"),
    ("recordings_dir", "", "", "string should have at least 1 character"),
    ("recordings_dir", {"a": 1}, "", "input should be a valid string"),
]


@pytest.mark.parametrize(("key", "value", "default", "why"), DAMAGED)
def test_a_damaged_value_takes_its_default_with_a_note(key: str, value: object, default: object, why: str) -> None:
    notes: list[SettingNote] = []
    assert read_setting(key, value, notes.append) == default
    assert notes == [SettingNote(key, value, why)]
    assert str(notes[0]) == f"settings.ini: {key} = {value!r}: {why}; the default is used"
    assert read_setting(key, value) == default  # no one listening: still no exception


def test_a_value_no_json_holds_is_said_by_its_text() -> None:
    """QSettings gives Qt objects for some keys (a QByteArray for a window's geometry); such a
    value where a name belongs is said by its repr."""
    notes: list[SettingNote] = []
    assert read_text("theme", b"dark", notes.append) == "system"
    assert notes == [SettingNote("theme", "b'dark'", "value error, expected one of system, light, dark")]
    assert read_flag("presenting", object()) is False


def test_reading_clean_settings_loads_no_pydantic() -> None:
    """The window reads its theme, language and layout before its first paint: clean values
    cost no pydantic import (about 0.07 s); a damaged one loads it."""
    code = (
        "import sys; from inspector.session.settings import read_setting as r; "
        "[r(k, v) for k, v in (('theme', 'dark'), ('language', 'zh_CN'), ('layout', 'teaching'), "
        "('presenting', 'true'), ('recordings_dir', '/tmp'))]; print('pydantic' in sys.modules, end=' '); "
        "r('theme', 7); print('pydantic' in sys.modules)"
    )
    env = {**os.environ, "INSPECTOR_BLOCK_QT": "1"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == "False True"


COLUMNS = [
    '{"order": ["kind", "method", "id"], "shown": {"latency": false}, "widths": {"kind": 12, "method": 30.5}}',
    '{"order": [], "shown": {}, "widths": {}}',
    '{"order": ["kind"]}',  # members missing: their defaults
    '{"order": ["kind", 3, "method"], "shown": {"latency": false, "size": 1},'
    ' "widths": {"kind": 12, "method": true, "id": 250, "size": 0.5}, "other": 1}',
    '{"order": "kind"}',
    '{"widths": {"kind": 0}}',
    "[1, 2]",
    "not json",
    "",
    None,
]


@pytest.mark.parametrize("text", COLUMNS)
def test_the_timeline_columns_read_as_the_model_reads_them(text: object) -> None:
    from inspector.session.documents import TimelineColumns
    from inspector.session.settings import read_timeline_columns

    model = TimelineColumns.read(text)
    assert read_timeline_columns(text) == (model.order, model.shown, model.widths)


def test_columns_the_window_wrote_are_read_without_pydantic() -> None:
    """A returning user who arranged the timeline's columns: read before the first paint,
    without pydantic (columns_to_save wrote them); columns edited into damage load it."""
    code = (
        "import sys; from inspector.session.settings import read_timeline_columns as r; "
        "from inspector.session.timeline_table import columns_to_save; "
        "print(r(columns_to_save([2, 0, 1], {1: False}, {0: 12.5, 2: 40})) != ([], {}, {}), end=' '); "
        "print('pydantic' in sys.modules, end=' '); "
        "r('{\"widths\": {\"kind\": 500}}'); print('pydantic' in sys.modules)"
    )
    env = {**os.environ, "INSPECTOR_BLOCK_QT": "1"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == "True False True"


def test_a_damaged_value_is_worded_for_the_status_bar_in_the_settings_context():
    from inspector.session.settings import NOTE_CONTEXT, SettingNote, note_text

    asked: list[tuple[str, str]] = []

    def tr(context: str, text: str) -> str:
        asked.append((context, text))
        return text

    note = SettingNote("theme", "purple", "input should be 'system', 'light' or 'dark'")
    assert note_text(tr, note) == "settings.ini: theme could not be read ('purple'); the default is used"
    assert [context for context, _text in asked] == [NOTE_CONTEXT] == ["Settings"]


def test_where_a_layout_is_kept_and_what_reset_removes():
    assert layout_keys("teaching") == (
        "layouts/teaching/window_state",
        "layouts/teaching/central",
        "layouts/teaching/lower",
    )
    assert reset_keys("debugging", False) == [*layout_keys("debugging"), "stepbar/details/debugging", "window_state"]
    both = reset_keys("teaching", True)  # presenter mode over Teaching: both start again
    assert set(layout_keys("presenter")) <= set(both) and "stepbar/details/presenter" in both
    assert set(layout_keys("teaching")) <= set(both) and both[-1] == "window_state"
    assert {f"stepbar/details/{name}" for name in (*LAYOUTS, "presenter")} <= set(SETTINGS)  # keys the window reads
