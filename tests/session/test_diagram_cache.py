"""The diagram's layouts kept on disk (inspector.session.diagram_cache): a stored layout is used
only when the same words and sizes would fit it again, and then it is the layout ``fit`` gives,
to the last bit; anything else (another measure, another language, a damaged, foreign or
hostile file, a folder that cannot be written) fits the layout as without the cache."""

from __future__ import annotations

import os
import pickle
import stat
import time
from pathlib import Path

import pytest

from inspector.protocol.lifecycle import diagram_table
from inspector.protocol.versions import Era, EraMode
from inspector.session.diagram_cache import (
    KEEP,
    MAX_BYTES,
    STALE_TMP_SECONDS,
    SUFFIX,
    cached_fit,
    code_version,
    file_for,
)
from inspector.session.diagram_geometry import Geometry, fit
from inspector.session.diagram_plan import analyse
from inspector.session.diagram_state import DiagramState, Layouts
from inspector.session.translate import untranslated

LEGEND = [("line", "transition"), ("dash", "✗ failure"), ("current", "current state"), ("final", "final state")]
TABLE = diagram_table(EraMode.AUTO, None, "stdio")


def fake_size(text: str, px: int, bold: bool) -> tuple[float, float]:
    ems = sum(1.0 if ord(ch) > 0x2E80 else (0.6 if bold else 0.55) for ch in text)
    return ems * px, 1.3 * px


def wider(text: str, px: int, bold: bool) -> tuple[float, float]:
    w, h = fake_size(text, px, bold)
    return w * 1.01, h


def shouting(_context: str, text: str) -> str:
    return text.upper()


def same(a: Geometry, b: Geometry) -> bool:
    return pickle.dumps(a) == pickle.dumps(b)


def call(folder: Path | None, w: float = 1260, h: float = 330, size=fake_size, tr=untranslated, table=TABLE):
    return cached_fit(folder, table, analyse(table), w, h, size, tr, LEGEND, 15.0, "Sans")


def files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*" + SUFFIX))


def test_a_stored_layout_is_read_back_and_is_the_fitted_one(tmp_path):
    fitted = fit(analyse(TABLE), 1260, 330, fake_size, untranslated, LEGEND, 15.0, "Sans")
    first = call(tmp_path)
    assert same(first, fitted)
    assert len(files(tmp_path)) == 1
    calls = []

    def counting(text: str, px: int, bold: bool) -> tuple[float, float]:
        calls.append(text)
        return fake_size(text, px, bold)

    again = call(tmp_path, size=counting)
    assert again is not first and same(again, fitted)
    assert again.edges.keys() == fitted.edges.keys() and again.nodes.keys() == fitted.nodes.keys()
    assert calls  # the stored measures were checked again


@pytest.mark.parametrize("era", [None, *Era])
@pytest.mark.parametrize("size", [(820, 180), (520, 200), (1920, 1080), (300, 40)])
def test_every_era_and_odd_sizes_read_back_the_same(tmp_path, era, size):
    table = diagram_table(EraMode.AUTO, era, "streamable-http")
    fitted = fit(analyse(table), *size, fake_size, untranslated, LEGEND, 15.0, "Sans")
    assert same(call(tmp_path, *size, table=table), fitted)
    assert same(call(tmp_path, *size, table=table), fitted)


def test_another_measure_or_language_fits_again(tmp_path):
    call(tmp_path)
    wide = call(tmp_path, size=wider)
    assert same(wide, fit(analyse(TABLE), 1260, 330, wider, untranslated, LEGEND, 15.0, "Sans"))
    loud = call(tmp_path, tr=shouting)
    assert same(loud, fit(analyse(TABLE), 1260, 330, fake_size, shouting, LEGEND, 15.0, "Sans"))
    assert any(b.entries[0].text.isupper() for b in loud.blocks if b.entries)
    assert same(call(tmp_path), fit(analyse(TABLE), 1260, 330, fake_size, untranslated, LEGEND, 15.0, "Sans"))


def test_damaged_foreign_and_hostile_files_are_fitted_again(tmp_path):
    fitted = call(tmp_path)
    (path,) = files(tmp_path)
    for data in (b"", b"not a pickle", path.read_bytes()[:100], pickle.dumps(("x", {}, {}, 3))):
        path.write_bytes(data)
        assert same(call(tmp_path), fitted)
    path.write_bytes(pickle.dumps((1, {}, {}, os.getcwd)))  # a global that is no layout's type
    assert same(call(tmp_path), fitted)


def test_a_link_a_fifo_or_a_huge_file_in_its_place_is_not_read(tmp_path):
    fitted = call(tmp_path)
    (path,) = files(tmp_path)
    good = path.read_bytes()
    target = tmp_path / "elsewhere"
    target.write_bytes(good)  # a valid layout, but reached through a link: not followed
    path.unlink()
    path.symlink_to(target)
    calls = []

    def counting(text: str, px: int, bold: bool) -> tuple[float, float]:
        calls.append(text)
        return fake_size(text, px, bold)

    assert same(call(tmp_path, size=counting), fitted)
    assert calls and not path.is_symlink()  # fitted again (measured) and stored over the link
    path.unlink()
    os.mkfifo(path)  # a FIFO nobody writes: reading it must not block the first paint
    assert same(call(tmp_path), fitted)
    assert stat.S_ISREG(path.stat().st_mode)
    path.write_bytes(good + b"\0" * MAX_BYTES)  # past the cap: not read, fitted again
    assert same(call(tmp_path), fitted)
    assert len(path.read_bytes()) < MAX_BYTES


def test_the_folder_is_made_for_the_user_only(tmp_path):
    folder = tmp_path / "cache" / "layouts"
    call(folder)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert files(folder)


def test_a_temporary_file_a_crash_left_is_removed_once_old(tmp_path):
    old, fresh = tmp_path / "a.tmp", tmp_path / "b.tmp"
    old.write_bytes(b"half")
    fresh.write_bytes(b"being written")
    then = time.time() - STALE_TMP_SECONDS - 60
    os.utime(old, (then, then))
    call(tmp_path)
    assert not old.exists() and fresh.exists()  # another window's write under way is left alone


def test_a_folder_that_cannot_be_written_fits_as_without(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert same(call(blocker / "sub"), call(None))
    assert not (blocker / "sub").exists()


def test_the_folder_keeps_the_newest(tmp_path):
    for w in range(KEEP + 5):
        call(tmp_path, w=600 + w)
    assert len(files(tmp_path)) == KEEP
    assert not list(tmp_path.glob("*.tmp"))


def test_the_file_names_everything_but_the_words_and_sizes(tmp_path):
    base = file_for(tmp_path, TABLE, 1260, 330, LEGEND, 15.0, "Sans")
    assert base is not None and code_version() is not None
    assert base == file_for(tmp_path, TABLE, 1260, 330, LEGEND, 15.0, "Sans")
    others = {
        file_for(tmp_path, TABLE, 1261, 330, LEGEND, 15.0, "Sans"),
        file_for(tmp_path, TABLE, 1260, 331, LEGEND, 15.0, "Sans"),
        file_for(tmp_path, TABLE, 1260, 330, LEGEND[:2], 15.0, "Sans"),
        file_for(tmp_path, TABLE, 1260, 330, LEGEND, 14.0, "Sans"),
        file_for(tmp_path, TABLE, 1260, 330, LEGEND, 15.0, "Serif"),
        file_for(tmp_path, diagram_table(EraMode.AUTO, Era.MODERN, "stdio"), 1260, 330, LEGEND, 15.0, "Sans"),
    }
    assert base not in others and len(others) == 6


def test_layouts_read_and_store_in_their_disk_folder(tmp_path):
    model = DiagramState()
    model.set_machine(EraMode.AUTO, None, "stdio")
    memory = Layouts()
    g = memory.get(model, 1260, 330, "Sans", fake_size, untranslated, 15)
    assert not files(tmp_path)
    disk = Layouts(tmp_path)
    assert same(disk.get(model, 1260, 330, "Sans", fake_size, untranslated, 15), g)
    assert len(files(tmp_path)) == 1
    assert same(Layouts(tmp_path).get(model, 1260, 330, "Sans", fake_size, untranslated, 15), g)
