"""What the replay bar says, without Qt (session/replay_words.py): an entry with its recorded
time, and where the playback is."""

from __future__ import annotations

from pathlib import Path

from inspector.session.playback import Playback
from inspector.session.recording import Recording
from inspector.session.replay_words import entry_text, position_text
from inspector.session.translate import untranslated

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "recordings" / "v3-http-reset-tools.jsonl"


def test_an_entry_and_the_position_with_their_recorded_times():
    rec = Recording.load(FIXTURE)
    pb = Playback(rec)
    last = len(rec) - 1
    assert entry_text(pb, 1, untranslated) == f"entry 1 · recorded at {rec.t_at(1):.3f} s of {rec.t_at(last):.3f} s"
    assert entry_text(pb, len(rec), untranslated) == entry_text(pb, -1, untranslated) == ""  # no such entry
    assert entry_text(None, 0, untranslated) == ""  # nothing played
    pb.seek(2)
    assert position_text(pb, untranslated) == f"entry 2 of {last} · {rec.t_at(2):.3f} s"
    assert position_text(pb, lambda _c, text: text.replace("entry", "条目")).startswith("条目 2 of")
