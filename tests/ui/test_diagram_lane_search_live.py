"""The lane search of every channel the diagram really lays out gives the exhaustive search's
answer to the last bit (issue 23: the search is a branch and bound now, for start-up): every
transition table the diagram draws, at the widget sizes the fit and paint checks use, in English
and in Chinese (the labels' sizes set the lanes' band and heights).

With ``DIAGRAM_CHANNELS_WRITE=1`` it also writes the distinct channels it saw, per language, to
``tests/fixtures/diagram_channels_<language>.json.gz``, which the headless
``tests/session/test_diagram_lane_search.py`` checks without Qt."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest
from diagram_lanes_reference import ChannelJson, channel_to_json, lanes_facts, reference_lanes
from PySide6.QtCore import QTranslator

import inspector.session.diagram_geometry as diagram_geometry
from inspector.protocol.lifecycle import TRANSPORTS, diagram_table
from inspector.protocol.versions import Era, EraMode
from inspector.session.diagram_lanes import Channel, Lanes
from inspector.ui.diagram import LifecycleDiagram

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
# the normal window with the step bar, presenter mode, a wide desktop (diagram_paint.py); the
# small and the wide widget of test_diagram_fits.py; the window sizes it checks, as widget sizes
SIZES = [(820, 180), (1260, 330), (1600, 300), (520, 200), (1700, 560), (1280, 720), (1600, 1000), (1920, 1080)]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_channel_laid_out_gets_the_exhaustive_searchs_lanes(qapp, monkeypatch, language):
    seen: list[tuple[Channel, list[int], Lanes]] = []
    searched = diagram_geometry.best_lanes

    def spy(ch: Channel, idx: list[int]) -> Lanes:
        lanes = searched(ch, idx)
        seen.append((ch, list(idx), lanes))
        return lanes

    monkeypatch.setattr(diagram_geometry, "best_lanes", spy)
    translator = QTranslator()
    if language != "en":
        assert translator.load(str(ROOT / "resources" / "i18n" / f"inspector_{language}.qm"))
        qapp.installTranslator(translator)
    try:
        machines = {}
        for mode in EraMode:
            for era in [None, *Era]:
                for transport in TRANSPORTS:
                    machines.setdefault(diagram_table(mode, era, transport), (mode, era, transport))
        assert len(machines) == 21
        for mode, era, transport in machines.values():
            for size in SIZES:
                widget = LifecycleDiagram()
                widget.resize(*size)
                widget.show()
                qapp.processEvents()
                widget.set_machine(mode, era, transport)
                assert widget.layout_for_tests()["nodes"]
                widget.close()
                widget.deleteLater()
                qapp.processEvents()
    finally:
        if language != "en":
            qapp.removeTranslator(translator)
    distinct: dict[str, ChannelJson] = {}
    for ch, idx, lanes in seen:
        data = channel_to_json(ch, idx)
        key = json.dumps(data, sort_keys=True)
        if key in distinct:
            continue
        distinct[key] = data
        assert lanes_facts(lanes) == lanes_facts(reference_lanes(ch, idx)), data
    # channels of two to five routes, searched in every order by the reference
    assert {len(d["idx"]) for d in distinct.values()} >= {2, 3, 4, 5}
    assert len(distinct) > 1000
    if os.environ.get("DIAGRAM_CHANNELS_WRITE") == "1":
        with gzip.open(FIXTURES / f"diagram_channels_{language}.json.gz", "wt", encoding="utf-8") as f:
            json.dump(list(distinct.values()), f)
