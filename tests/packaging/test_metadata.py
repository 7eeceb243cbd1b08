"""The desktop entry, the AppStream metadata and the icon that packaging/ ships: well-formed,
carrying the tags a desktop and a software centre need, and consistent with each other and
with the app (its id, version and binary). The Debian validators run too when installed
(packaging/build.sh installs them)."""

from __future__ import annotations

import configparser
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from inspector import __version__

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
APP_ID = "io.github.mcp_session_inspector.Inspector"
DESKTOP = PACKAGING / "linux" / f"{APP_ID}.desktop"
METAINFO = PACKAGING / "linux" / f"{APP_ID}.metainfo.xml"
ICON = PACKAGING / "icons" / f"{APP_ID}.svg"
MIME = PACKAGING / "linux" / f"{APP_ID}.mime.xml"
#: what the app opens: recordings, host logs (Debian's type), HTTP archives (ours: MIME)
OPENS = {"application/jsonl": "*.jsonl", "text/x-log": "*.log", "application/x-har": "*.har"}


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def test_the_desktop_entry_names_the_app_its_icon_and_its_command() -> None:
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == "MCP Session Inspector"
    assert entry["Exec"] == "mcp-session-inspector %f"  # a file opened with it (install.sh: the absolute path)
    assert entry["MimeType"].split(";") == [*OPENS, ""]
    assert entry["Icon"] == APP_ID
    assert entry["Terminal"] == "false"
    assert "Development" in entry["Categories"].split(";")
    assert entry["StartupWMClass"] == "mcp-session-inspector"  # Qt's WM_CLASS class: the application name
    assert re.search(r"[\u4e00-\u9fff]", entry["Name[zh_CN]"])


def test_the_app_declares_the_same_id() -> None:
    text = (ROOT / "inspector" / "session" / "app_setup.py").read_text()  # the app id, Qt-free
    assert f'APP_ID = "{APP_ID}"' in text
    assert f'APP_ID = "{APP_ID}"' in (PACKAGING / "render_icons.py").read_text()
    assert f'APP_ID = "{APP_ID}"' in (PACKAGING / "mcp-session-inspector.spec").read_text()
    assert f"ID={APP_ID}" in (PACKAGING / "install.sh").read_text()


def test_the_metainfo_has_the_required_tags() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    for tag in ("metadata_license", "project_license", "name", "summary"):
        assert (root.findtext(tag) or "").strip(), tag
    assert root.findtext("metadata_license") == "CC0-1.0"
    assert root.findtext("project_license") == "Apache-2.0"  # as pyproject.toml says
    assert root.find("description/p") is not None
    launchable = root.find("launchable")
    assert launchable is not None and launchable.get("type") == "desktop-id" and launchable.text == DESKTOP.name
    assert root.findtext("provides/binary") == "mcp-session-inspector"
    assert [m.text for m in root.findall("provides/mediatype")] == list(OPENS)  # as the desktop entry says
    releases = [r.get("version") for r in root.findall("releases/release")]
    assert __version__ in releases, f'add a <release version="{__version__}"> to {METAINFO.name}'


def test_the_icon_is_a_square_svg_of_our_own() -> None:
    root = ET.parse(ICON).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 256 256"
    assert root.get("width") == root.get("height") == "256"
    # SVG Tiny features only (Qt's renderer): no markers, filters or CSS
    text = ICON.read_text()
    for unsupported in ("<marker", "<filter", "<style", "<image"):
        assert unsupported not in text


def needs(tool: str, package: str) -> None:
    """Skip without ``tool`` on a developer's machine; under CI (scripts/setup.sh --test installs
    ``package``) its absence fails."""
    if shutil.which(tool) is None:
        if os.environ.get("CI"):
            pytest.fail(f"{tool} is missing: scripts/setup.sh --test installs {package}")
        pytest.skip(f"{package} not installed")


def test_the_types_it_opens_are_known_here_or_declared_by_us() -> None:
    """Debian 12's shared-mime-info names *.log text/x-log and has no type for *.jsonl and *.har:
    those two are declared in the package XML that install.sh installs."""
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    ours = {t.get("type"): [g.get("pattern") for g in t.findall("m:glob", ns)] for t in ET.parse(MIME).getroot()}
    assert ours == {"application/jsonl": ["*.jsonl"], "application/x-har": ["*.har"]}
    system = Path("/usr/share/mime/globs2")
    if system.exists():
        globs = {tuple(line.split(":")[1:3]) for line in system.read_text().splitlines() if not line.startswith("#")}
        assert ("text/x-log", "*.log") in globs  # the distribution's own
        assert not {g for g in globs if g[1] in ("*.jsonl", "*.har")}  # nothing there: ours are needed


def test_desktop_file_validate_accepts_the_entry() -> None:
    needs("desktop-file-validate", "desktop-file-utils")
    done = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream not installed")
def test_appstreamcli_validates_the_metainfo() -> None:
    done = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(METAINFO)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_shell_scripts_parse() -> None:
    for script, shell in (
        (PACKAGING / "install.sh", "sh"),
        (PACKAGING / "build.sh", "bash"),
        (PACKAGING / "check.sh", "bash"),
    ):
        done = subprocess.run([shell, "-n", str(script)], capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, f"{script.name}: {done.stderr}"


def test_pyinstaller_is_pinned() -> None:
    pins = dict(
        line.split("==")
        for line in (PACKAGING / "requirements.txt").read_text().splitlines()
        if line and not line.startswith("#")
    )
    assert set(pins) == {"pyinstaller", "pyinstaller-hooks-contrib"}
    assert all(re.fullmatch(r"\d+(\.\d+)+", v) for v in pins.values())
