"""What a saved file is written as (session/file_types.py), headless."""

from __future__ import annotations

import os

import pytest

from inspector.session.file_types import FileType, type_of, with_suffix, writable_error

PNG = FileType("png", "PNG image", (".png",), scale=2.0)
SVG = FileType("svg", "SVG drawing", (".svg", ".svgz"))
TYPES = (PNG, SVG)


def test_the_filter_names_every_extension() -> None:
    assert SVG.filter == "SVG drawing (*.svg *.svgz)" and PNG.filter == "PNG image (*.png)"


def test_the_type_comes_from_the_extension_case_ignored() -> None:
    assert type_of("/tmp/Life.PNG", TYPES) is PNG and type_of("a.svgz", TYPES) is SVG
    assert type_of("notes.v2", TYPES) is None


def test_the_chosen_type_adds_its_extension_only_when_missing() -> None:
    assert with_suffix("lifecycle", PNG) == "lifecycle.png"
    assert with_suffix("notes.v2", PNG) == "notes.v2.png"
    assert with_suffix("a.SVGZ", SVG) == "a.SVGZ"


def test_writable_error_says_why_and_leaves_nothing_behind(tmp_path) -> None:
    target = tmp_path / "out.png"
    assert writable_error(str(target)) is None and not target.exists()
    target.write_bytes(b"kept")
    assert writable_error(str(target)) is None and target.read_bytes() == b"kept"
    assert writable_error(str(tmp_path / "missing" / "out.png")) == os.strerror(2)  # No such file or directory


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_read_only_folder_is_said(tmp_path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o500)
    try:
        assert writable_error(str(folder / "x.svg")) == os.strerror(13)  # Permission denied
    finally:
        folder.chmod(0o700)
