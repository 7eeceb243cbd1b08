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
)
command -v python3 >/dev/null || apt_pkgs+=(python3)
python3 -c 'import venv, ensurepip' 2>/dev/null || apt_pkgs+=(python3-venv)
if [ "$want_tests" = 1 ]; then
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
