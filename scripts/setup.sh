#!/usr/bin/env bash
# Install what the app (and, with --test, the test suite) needs on a fresh Debian 12, as root.
# Idempotent: re-running only installs what is missing.
#   bash scripts/setup.sh          # the app: system libraries, .venv with the package
#   bash scripts/setup.sh --test   # plus test tools, the official Python SDK and the npm reference server
set -euo pipefail
cd "$(dirname "$0")/.."
want_tests=0
[ "${1:-}" = "--test" ] && want_tests=1

export DEBIAN_FRONTEND=noninteractive
apt_pkgs=(
  # Qt offscreen/xcb rendering needs these (PySide6 import fails on libGL.so.1 otherwise)
  libgl1 libegl1 libfontconfig1 libfreetype6 libdbus-1-3 libglib2.0-0 libxkbcommon0 libx11-6
  fonts-dejavu-core fonts-wqy-microhei
  # a real window on X11: what Qt's xcb platform plugin (plugins/platforms/libqxcb.so) and its
  # GL integrations link against (ldd; QT_DEBUG_PLUGINS=1 names a missing one)
  libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
  libxcb-render0 libxcb-render-util0 libxcb-shape0 libxcb-shm0 libxcb-sync1 libxcb-util1
  libxcb-xfixes0 libxcb-xinerama0 libxcb-xkb1 libxkbcommon-x11-0
  # a window without a screen (xvfb-run -a bash scripts/run.sh; the Xvfb window test)
  xvfb xauth
)
command -v python3 >/dev/null || apt_pkgs+=(python3)
python3 -c 'import venv, ensurepip' 2>/dev/null || apt_pkgs+=(python3-venv)
if [ "$want_tests" = 1 ]; then
  apt_pkgs+=(x11-utils)  # xwininfo: the Xvfb window test waits for the window to be mapped
  command -v node >/dev/null || apt_pkgs+=(nodejs)
  command -v npm >/dev/null || apt_pkgs+=(npm)
fi
missing=()
for p in "${apt_pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: missing Debian packages (run as root to install): ${missing[*]}" >&2
  fi
fi

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip 2>&1 | grep -v "^WARNING: Location" || true
if [ "$want_tests" = 1 ]; then
  .venv/bin/python -m pip install -q -e ".[test]" 2>&1 | grep -v "^WARNING: Location" || true
  (cd .peers && npm install --no-audit --no-fund --loglevel=error >/dev/null)
else
  .venv/bin/python -m pip install -q -e . 2>&1 | grep -v "^WARNING: Location" || true
fi
.venv/bin/python -c "import inspector" || { echo "setup: the inspector package did not install" >&2; exit 1; }
# The package is installed editable, so its bytecode is compiled here, as pip does for an
# installed one: where PYTHONDONTWRITEBYTECODE is set, Python never caches it and every start
# (the window, probe) would compile the whole package again (about 0.15 s here). Cheap when
# up to date; run.sh runs this set-up first, so a changed checkout is compiled again.
.venv/bin/python -m compileall -q -j 0 inspector >/dev/null
