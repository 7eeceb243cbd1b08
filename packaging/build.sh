#!/usr/bin/env bash
# Build the one-folder Linux bundle and its tarball, then check them.
#
#   bash packaging/build.sh              # build + self-test the bundle in a clean environment
#   bash packaging/build.sh --no-check   # build only
#
# Output (git-ignored):
#   dist/mcp-session-inspector-VERSION-linux-ARCH/          app/ (the bundle), share/, install.sh
#   dist/mcp-session-inspector-VERSION-linux-ARCH.tar.gz
#
# Works on a fresh Debian 12 (runs scripts/setup.sh first). The bundle is built in its own venv,
# build/packaging/venv: PyInstaller and its hooks pinned in packaging/requirements.txt, the app's
# dependencies at the versions .venv has (the ones the tests ran with), the app from this
# checkout. SOURCE_DATE_EPOCH (the last commit's time) and PYTHONHASHSEED=0 keep rebuilds of one
# commit alike; the tarball is written with sorted names, fixed times and owners.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
check=1
[ "${1:-}" = "--no-check" ] && check=0

started=$(date +%s)
say() { echo "== packaging: $*"; }

say "setup (system libraries, .venv)"
bash scripts/setup.sh

# PyInstaller needs binutils (objdump, strip, readelf) and a shared libpython (Debian's python3
# has it in libpython3.X); appstream and desktop-file-utils check the desktop entry and metadata;
# shared-mime-info's update-mime-database builds the file types check.sh installs.
pyver=$(.venv/bin/python -c 'import sys; print("%d.%d" % sys.version_info[:2])')
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  need=()
  command -v objdump >/dev/null && command -v strip >/dev/null && command -v readelf >/dev/null || need+=(binutils)
  if [ "$(.venv/bin/python -c 'import sys; print(sys.base_prefix)')" = /usr ]; then
    dpkg-query -W -f='${Status}' "libpython$pyver" 2>/dev/null | grep -q "install ok installed" || need+=("libpython$pyver")
  fi
  command -v appstreamcli >/dev/null || need+=(appstream)
  command -v desktop-file-validate >/dev/null || need+=(desktop-file-utils)
  command -v update-mime-database >/dev/null || need+=(shared-mime-info)  # check.sh: the installed file types
  if [ "${#need[@]}" -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  fi
fi

version=$(.venv/bin/python -c 'import inspector; print(inspector.__version__)')
arch=$(uname -m)
name=mcp-session-inspector-$version-linux-$arch
work=build/packaging
venv=$work/venv
stage=dist/$name
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 1767225600)}
export PYTHONHASHSEED=0
export PIP_DISABLE_PIP_VERSION_CHECK=1

say "build venv ($venv)"
mkdir -p "$work"
# the app's runtime dependencies (pyproject.toml), at the versions .venv has
.venv/bin/python - > "$work/requirements-app.txt" <<'EOF'
import tomllib
print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"]))
EOF
.venv/bin/python -m pip freeze --exclude-editable 2>/dev/null | grep -v ' @ ' > "$work/constraints.txt" || true
stamp=$(cat packaging/requirements.txt "$work/requirements-app.txt" "$work/constraints.txt" | sha256sum | cut -c1-16)
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.stamp" 2>/dev/null)" != "$stamp" ]; then
  rm -rf "$venv"
  "$(.venv/bin/python -c 'import sys; print(sys._base_executable)')" -m venv "$venv"  # .venv's python
  "$venv/bin/python" -m pip install -q -c "$work/constraints.txt" -r packaging/requirements.txt -r "$work/requirements-app.txt" 2>&1 | grep -v "^WARNING: Location" || true
  "$venv/bin/python" -c 'import PyInstaller, PySide6, qasync, anyio' || { echo "packaging: the build venv is incomplete" >&2; exit 1; }
  echo "$stamp" > "$venv/.stamp"
fi
echo "PyInstaller $("$venv/bin/python" -c 'import PyInstaller; print(PyInstaller.__version__)'), PySide6 $("$venv/bin/python" -c 'import PySide6; print(PySide6.__version__)')"

say "icons"
rm -rf "$work/icons"
QT_QPA_PLATFORM=offscreen "$venv/bin/python" packaging/render_icons.py "$work/icons" >/dev/null

say "PyInstaller (one folder)"
t0=$(date +%s)
"$venv/bin/python" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$work/dist" --workpath "$work/work" packaging/mcp-session-inspector.spec
echo "PyInstaller took $(( $(date +%s) - t0 )) s"

say "assemble $stage"
rm -rf "$stage" "$stage.tar.gz"
mkdir -p "$stage/share/applications" "$stage/share/metainfo" "$stage/share/icons"
cp -a "$work/dist/mcp-session-inspector" "$stage/app"
# PyInstaller links top-level names to Qt's libraries; the spec dropped some of those libraries
find "$stage/app" -xtype l -delete
cp -a "$work/icons/hicolor" "$stage/share/icons/"
cp packaging/linux/io.github.mcp_session_inspector.Inspector.desktop "$stage/share/applications/"
cp packaging/linux/io.github.mcp_session_inspector.Inspector.metainfo.xml "$stage/share/metainfo/"
mkdir -p "$stage/share/mime/packages"
cp packaging/linux/io.github.mcp_session_inspector.Inspector.mime.xml \
  "$stage/share/mime/packages/io.github.mcp_session_inspector.Inspector.xml"
install -m 755 packaging/install.sh "$stage/install.sh"
echo "$version" > "$stage/VERSION"
cat > "$stage/README.txt" <<EOF
MCP Session Inspector $version for Linux ($arch), a one-folder bundle: no Python needed.

  ./install.sh                      install into ~/.local (menu entry, icons, command)
  ./install.sh --prefix /opt/mcp-session-inspector   (as root; menu entry in /usr/local/share)
  ./install.sh --uninstall [--prefix DIR]
  app/mcp-session-inspector         run it without installing (--help, --self-test)

Debian/Ubuntu packages it still needs from the system (Debian 12 / Ubuntu 23.04 or newer; the
xcb libraries of Qt's X11 plugin are in the bundle):
  libgl1 libegl1 libxcb1 libfontconfig1 fonts-dejavu-core
  Chinese text: fonts-wqy-microhei (or fonts-noto-cjk)
EOF

say "validate the desktop entry and the AppStream metadata"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$stage/share/applications/"*.desktop
else
  echo "desktop-file-validate not installed: skipped"
fi
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net "$stage/share/metainfo/"*.metainfo.xml
else
  echo "appstreamcli not installed: skipped"
fi

say "tarball"
# reproducible: sorted names, fixed times, no owners; gzip without a name or time stamp
find "$stage" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
  --pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime \
  -C dist -cf - "$name" | gzip -n -6 > "$stage.tar.gz"

echo "bundle:  $(du -sh "$stage/app" | cut -f1)  ($root/$stage/app/mcp-session-inspector)"
echo "tarball: $(du -sh "$stage.tar.gz" | cut -f1)  $root/$stage.tar.gz"
echo "built in $(( $(date +%s) - started )) s"

if [ "$check" = 1 ]; then
  bash packaging/check.sh "$stage"
fi
