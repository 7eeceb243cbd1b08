"""install.sh against a stand-in bundle (a shell script for the executable): what it puts where
under a prefix, the desktop entry's absolute Exec, the icons, and --uninstall taking it all back.
The real bundle goes through the same steps in packaging/check.sh."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
APP_ID = "io.github.mcp_session_inspector.Inspector"
SIZES = (16, 32, 48, 64, 128, 256)


def have(tool: str, package: str) -> bool:
    """Whether ``tool`` is here; under CI (scripts/setup.sh --test installs ``package``) its
    absence fails instead of leaving its checks out."""
    if shutil.which(tool) is not None:
        return True
    if os.environ.get("CI"):
        pytest.fail(f"{tool} is missing: scripts/setup.sh --test installs {package}")
    return False


def fake_stage(tmp: Path) -> Path:
    stage = tmp / "mcp-session-inspector-0.0.0-linux-x86_64"
    app = stage / "app"
    (app / "_internal").mkdir(parents=True)
    exe = app / "mcp-session-inspector"
    exe.write_text("#!/bin/sh\necho stand-in $*\n")
    exe.chmod(0o755)
    (app / "_internal" / "lib.so").write_bytes(b"\0")
    share = stage / "share"
    (share / "applications").mkdir(parents=True)
    (share / "metainfo").mkdir()
    shutil.copy(PACKAGING / "linux" / f"{APP_ID}.desktop", share / "applications")
    shutil.copy(PACKAGING / "linux" / f"{APP_ID}.metainfo.xml", share / "metainfo")
    (share / "mime" / "packages").mkdir(parents=True)
    shutil.copy(PACKAGING / "linux" / f"{APP_ID}.mime.xml", share / "mime" / "packages" / f"{APP_ID}.xml")
    for size in SIZES:
        d = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        d.mkdir(parents=True)
        (d / f"{APP_ID}.png").write_bytes(b"png")
    d = share / "icons" / "hicolor" / "scalable" / "apps"
    d.mkdir(parents=True)
    shutil.copy(PACKAGING / "icons" / f"{APP_ID}.svg", d)
    shutil.copy(PACKAGING / "install.sh", stage / "install.sh")
    (stage / "VERSION").write_text("0.0.0\n")
    return stage


def run(argv: list[str], home: Path) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8"}
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def files_under(path: Path) -> list[Path]:
    return sorted(p for p in path.rglob("*") if (p.is_file() or p.is_symlink()) and not p.name.endswith(".cache"))


def test_install_into_home_local_by_default_and_uninstall(tmp_path: Path) -> None:
    stage = fake_stage(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    out = run(["sh", str(stage / "install.sh")], home).stdout
    local = home / ".local"
    lib = local / "lib" / "mcp-session-inspector"
    assert (lib / "mcp-session-inspector").is_file() and (lib / "_internal" / "lib.so").is_file()
    link = local / "bin" / "mcp-session-inspector"
    assert link.is_symlink() and os.readlink(link) == str(lib / "mcp-session-inspector")
    assert run([str(link), "--version"], home).stdout == "stand-in --version\n"
    desktop = (local / "share" / "applications" / f"{APP_ID}.desktop").read_text()
    assert f"\nExec={lib}/mcp-session-inspector %f\n" in desktop and f"\nIcon={APP_ID}\n" in desktop
    assert "\nMimeType=application/jsonl;text/x-log;application/x-har;\n" in desktop
    assert (local / "share" / "mime" / "packages" / f"{APP_ID}.xml").is_file()
    if have("update-mime-database", "shared-mime-info"):  # the database a desktop reads was rebuilt with our types
        globs = (local / "share" / "mime" / "globs2").read_text()
        assert "application/x-har:*.har" in globs and "application/jsonl:*.jsonl" in globs
    if have("gio", "libglib2.0-bin") and have(
        "update-mime-database", "shared-mime-info"
    ):  # what a file manager says of the files
        samples = tmp_path / "samples"
        samples.mkdir()
        for name, text in (
            ("s.jsonl", '{"a": 1}\n{"b": 2}\n'),
            ("s.har", '{"log": {"entries": []}}'),
            ("s.log", "x\n"),
        ):
            (samples / name).write_text(text)
        for name, kind in (("s.jsonl", "application/jsonl"), ("s.har", "application/x-har"), ("s.log", "text/x-log")):
            said = run(["gio", "info", "-a", "standard::content-type", str(samples / name)], home).stdout
            assert f"standard::content-type: {kind}" in said, said
    if have("desktop-file-validate", "desktop-file-utils"):
        run(["desktop-file-validate", str(local / "share" / "applications" / f"{APP_ID}.desktop")], home)
    for size in SIZES:
        assert (local / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()
    assert (local / "share" / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    assert (local / "share" / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert f"uninstall:     {lib}/install.sh --uninstall\n" in out
    config = home / ".config" / "mcp-session-inspector"
    config.mkdir(parents=True)
    (config / "servers.json").write_text("{}")

    run(["sh", str(lib / "install.sh"), "--uninstall"], home)  # the installed copy
    assert files_under(local) == []
    assert (config / "servers.json").exists()  # settings are the user's


def test_install_with_a_prefix_writes_the_desktop_files_where_desktops_look(tmp_path: Path) -> None:
    stage = fake_stage(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    prefix, share = tmp_path / "opt" / "mcp-session-inspector", tmp_path / "usr-local-share"
    run(["sh", str(stage / "install.sh"), "--prefix", str(prefix), "--share", str(share)], home)
    assert (prefix / "bin" / "mcp-session-inspector").is_symlink()
    assert (share / "applications" / f"{APP_ID}.desktop").is_file()
    # an update replaces the bundle whole: nothing of the old version lingers
    (prefix / "lib" / "mcp-session-inspector" / "_internal" / "stale.so").write_bytes(b"\0")
    run(["sh", str(stage / "install.sh"), "--prefix", str(prefix), "--share", str(share)], home)
    assert not (prefix / "lib" / "mcp-session-inspector" / "_internal" / "stale.so").exists()
    run(["sh", str(stage / "install.sh"), "--uninstall", "--prefix", str(prefix), "--share", str(share)], home)
    assert files_under(prefix) == [] and files_under(share) == []


def test_install_refuses_unknown_arguments(tmp_path: Path) -> None:
    stage = fake_stage(tmp_path)
    done = subprocess.run(["sh", str(stage / "install.sh"), "--frobnicate"], capture_output=True, text=True, timeout=30)
    assert done.returncode == 2 and "unknown argument" in done.stderr
    done = subprocess.run(["sh", str(stage / "install.sh"), "--help"], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and "--uninstall" in done.stdout
