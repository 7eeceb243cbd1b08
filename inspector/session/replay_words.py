"""What the replay bar says (:mod:`inspector.ui.replay`), as data: no Qt.

Its controls' words (:data:`WORDS`, context ``"ReplayBar"``), where the playback is
(:func:`position_text`) and an entry with its recorded time, for the slider's tooltips
(:func:`entry_text`). English, translated by the caller's ``tr`` (:mod:`.translate`);
``scripts/i18n.py`` brings them into the catalogue.
"""

from __future__ import annotations

from .playback import Playback
from .translate import Translate

CONTEXT = "ReplayBar"
WORDS = {
    "play": "Play",
    "pause": "Pause",
    "play_tip": "Play the recording back: the diagram and the timeline follow",
    "next_message": "next message",
    "speed_tip": "Speed against the recorded time, or one message a second",
    "violation": "Next violation",
    "violation_tip": "Jump to the next entry that broke a rule or the schema (red ticks on the slider)",
    "entry": "entry {row} · recorded at {t:.3f} s of {total:.3f} s",
    "position": "entry {row} of {n} · {t:.3f} s",
    "hint": "The slider moves entry by entry. Light ticks below it: messages; red ticks above it: entries that "
    "broke a rule or the schema.",
}


def entry_text(pb: Playback | None, row: int, tr: Translate) -> str:
    """Entry ``row`` and its recorded time ("" for no entry of the playback)."""
    if pb is None or not (0 <= row < len(pb)):
        return ""
    return tr(CONTEXT, WORDS["entry"]).format(row=row, t=pb.rec.t_at(row), total=pb.rec.t_at(len(pb) - 1))


def position_text(pb: Playback, tr: Translate) -> str:
    """Where the playback is: its entry, of how many, at which recorded time."""
    return tr(CONTEXT, WORDS["position"]).format(row=pb.position, n=len(pb) - 1, t=pb.rec.t_at(pb.position))
