"""The window's settings (``settings.ini``) as read: a damaged value takes its default, with a
note. No Qt.

Theory of operation
-------------------
The window keeps QSettings as the store (it writes there as ever); what it reads back goes
through :func:`read_setting`, which gives a plain value of the setting's kind. :data:`SETTINGS`
says once, per key, what a value may be and its default; :class:`.documents.SavedSettings` is
the pydantic model made from it. A file edited by hand, written by another version or cut
short may hold anything: a value the model refuses (a number for the theme, ``"blue"``, a
layout this version does not have) is read as the default and said as a :class:`SettingNote`
(the key, the value found, pydantic's words), never raised and never used as it is.

The window reads its theme, language and layout before its first paint, and pydantic costs
about 0.07 s to import: a value that is already what the model keeps (the theme ``"dark"``,
a flag ``"true"``, QSettings' INI text for ``True``) is taken without it (:meth:`Setting.plain`
gives the same value the model would: ``tests/session/test_settings.py`` checks both ways on
every key); only a damaged one loads the model. The timeline's saved columns (JSON, their own
model :class:`.documents.TimelineColumns`) are read the same way (:func:`read_timeline_columns`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import orjson

from inspector.protocol.jsontypes import JsonValue

from .translate import Translate

#: a flag as QSettings' INI file writes it (``True`` is written ``true``)
_FLAGS = {"true": True, "false": False}


@dataclass(frozen=True)
class Setting:
    """One key of ``settings.ini``: its default, and the names it may hold (a choice) or a
    flag (``true``/``false``) or any non-empty text (a folder)."""

    default: str | bool
    names: tuple[str, ...] = ()

    @property
    def flag(self) -> bool:
        return isinstance(self.default, bool)

    def plain(self, value: object) -> str | bool | None:
        """``value`` when it is already what the model keeps (as the model keeps it), else None."""
        if self.flag:
            return value if isinstance(value, bool) else _FLAGS.get(value) if isinstance(value, str) else None
        if not isinstance(value, str) or not value:
            return None
        return value if not self.names or value in self.names else None


LAYOUTS = ("debugging", "teaching")  # the named layouts; presenter mode goes over one of them

#: every key the window reads through :func:`read_setting` (the timeline's columns, its own
#: document, and Qt's own geometry and dock blobs are not here)
SETTINGS: dict[str, Setting] = {
    "theme": Setting("system", ("system", "light", "dark")),
    "language": Setting("system", ("system", "en", "zh_CN")),
    "layout": Setting("debugging", LAYOUTS),
    "presenting": Setting(False),
    "recordings_dir": Setting(""),  # "" is the home folder
    # whether the step bar shows its details (explanation, spec link, message) in each layout
    # until the user says otherwise there (remembered per layout): Debugging folds it to its one
    # line, the timeline and the diagram first; Teaching and presenter mode teach
    "stepbar/details/debugging": Setting(False),
    "stepbar/details/teaching": Setting(True),
    "stepbar/details/presenter": Setting(True),
    # how much of the proxied folder is kept (session.proxied_folder.KEEP_CHOICES; read by the proxies too)
    "proxied/keep": Setting("500mb-30d", ("100mb-7d", "500mb-30d", "2gb-90d", "all")),
}


def layout_keys(name: str) -> tuple[str, str, str]:
    """Where the window keeps layout ``name`` (a named one, or ``presenter``) as the user left it:
    the docks and toolbar (Qt's blob), the centre's two splitters."""
    return (f"layouts/{name}/window_state", f"layouts/{name}/central", f"layouts/{name}/lower")


def reset_keys(layout: str, presenting: bool) -> list[str]:
    """What View → Reset layout removes: the chosen ``layout``'s keys and its step bar's details
    (presenter mode's too while ``presenting``), and ``window_state``, where builds before the
    named layouts kept the docks."""
    names = (layout, "presenter") if presenting else (layout,)
    return [*(key for name in names for key in (*layout_keys(name), f"stepbar/details/{name}")), "window_state"]


@dataclass(frozen=True)
class SettingNote:
    """A value in ``settings.ini`` that was not used: its key, the value as found, and why."""

    key: str
    value: JsonValue
    why: str  # pydantic's words ("input should be 'system', 'light' or 'dark'")

    def __str__(self) -> str:
        return f"settings.ini: {self.key} = {self.value!r}: {self.why}; the default is used"


#: What the window's status bar says of a SettingNote (its "Settings" context; ``scripts/i18n.py`` reads it).
NOTE_CONTEXT = "Settings"
NOTE_WORDS = "settings.ini: {key} could not be read ({value}); the default is used"


def note_text(tr: Translate, note: SettingNote) -> str:
    """``note`` in the window's language: the key and the value as found (their default is used)."""
    return tr(NOTE_CONTEXT, NOTE_WORDS).format(key=note.key, value=repr(note.value))


def read_setting(key: str, value: object, said: Callable[[SettingNote], None] | None = None) -> str | bool:
    """The setting ``key`` read from ``value`` (what QSettings gave: None when there is none):
    the value, or the default when it is missing or damaged (then ``said`` gets a note)."""
    setting = SETTINGS[key]
    if value is None:
        return setting.default
    plain = setting.plain(value)
    if plain is not None:
        return plain
    from .documents import SavedSettings, lenient  # pydantic: only for a damaged value

    found: JsonValue = value if isinstance(value, (str, int, float, bool, list, dict)) else repr(value)
    model = lenient(SavedSettings, {key: found}, lambda f: said(SettingNote(key, found, f.expected)) if said else None)
    kept = model.model_dump(by_alias=True)[key]
    assert isinstance(kept, (str, bool))
    return kept


def read_flag(key: str, value: object, said: Callable[[SettingNote], None] | None = None) -> bool:
    """:func:`read_setting` of a flag."""
    return read_setting(key, value, said) is True


def read_text(key: str, value: object, said: Callable[[SettingNote], None] | None = None) -> str:
    """:func:`read_setting` of a choice or a text."""
    return str(read_setting(key, value, said))


#: the timeline's columns as saved: their keys in order, which are shown, and the widths given
Columns = tuple[list[str], dict[str, bool], dict[str, float]]


def read_timeline_columns(text: object) -> Columns:
    """The timeline's saved columns (``timeline/columns``: JSON with ``order``, ``shown`` and
    ``widths`` by column key, see :class:`.documents.TimelineColumns`). Columns saved by the
    window are taken as they are, without pydantic (the timeline reads them before the first
    paint); anything else goes through the model, which leaves out what does not fit."""
    try:
        data = orjson.loads(text) if isinstance(text, str) and text else None
    except orjson.JSONDecodeError:
        data = None
    if not isinstance(data, dict):
        return [], {}, {}
    order, shown, widths = data.get("order", []), data.get("shown", {}), data.get("widths", {})
    if (
        isinstance(order, list)
        and all(isinstance(key, str) for key in order)
        and isinstance(shown, dict)
        and all(type(on) is bool for on in shown.values())
        and isinstance(widths, dict)
        and all(type(width) in (int, float) and 0 < width <= 100 for width in widths.values())
    ):
        return list(order), dict(shown), {key: float(width) for key, width in widths.items()}
    from .documents import TimelineColumns, lenient  # pydantic: only for columns that need it

    columns = lenient(TimelineColumns, data, lambda failure: None)
    return columns.order, columns.shown, columns.widths
