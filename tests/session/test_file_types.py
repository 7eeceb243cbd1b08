"""What a saved file is written as (session/file_types.py), headless."""

from __future__ import annotations

import os
from pathlib import Path

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


def test_a_folder_the_user_cannot_write_is_said(tmp_path) -> None:
    """A read-only folder (for root, who writes into any folder, /sys: no file can be made there)."""
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o500)
    try:
        target = folder / "x.svg" if os.geteuid() != 0 else Path("/sys/x.svg")
        assert writable_error(str(target)) in (os.strerror(13), os.strerror(30))  # Permission denied, Read-only
    finally:
        folder.chmod(0o700)
    assert writable_error(str(tmp_path / "a-file" / "x.svg")) == os.strerror(2)
    (tmp_path / "a-file").write_bytes(b"")
    assert writable_error(str(tmp_path / "a-file" / "x.svg")) == os.strerror(20)  # Not a directory
