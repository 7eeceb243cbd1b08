#!/usr/bin/env bash
# Install what the app (and, with --test, the test suite) needs on a fresh Debian 12, as root.
# Idempotent and quick when nothing changed: Debian packages already installed are not asked
# for again (one dpkg-query), and the Python (and npm) installs are skipped while a stamp in
# .venv matches (a hash of pyproject.toml, this script and the package lists). Says on stderr
# what it is doing whenever it does something slow; silent otherwise.
#   bash scripts/setup.sh          # the app: system libraries, .venv with the package
#   bash scripts/setup.sh --test   # plus test tools, the official Python SDK and the npm reference server
set -euo pipefail
cd "$(dirname "$0")/.."
want_tests=0
[ "${1:-}" = "--test" ] && want_tests=1

say() { echo "setup: $*" >&2; }

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
if [ ! -x .venv/bin/python ]; then  # (asking Python costs 0.1 s: only when there is no .venv yet)
  command -v python3 >/dev/null || apt_pkgs+=(python3)
  python3 -c 'import venv, ensurepip' 2>/dev/null || apt_pkgs+=(python3-venv)
fi
# The C part of the search and the loader (scripts/build_native.py): a compiler and Python's headers, asked for only
# when it is to be built (missing, or older than its source: the stamp below). A build that failed without root (no
# compiler or headers, none installable) is not tried again on every start until its source changes.
native_stamp=.venv/.native
native_failed=.venv/.native-failed
native_due=0
native_built=$(cat "$native_stamp" 2>/dev/null || true)  # the file built for .venv's Python
if [ -z "$native_built" ] || [ ! -e "$native_built" ] || [ inspector/session/_native.c -nt "$native_stamp" ] \
  || [ scripts/build_native.py -nt "$native_stamp" ]; then
  native_due=1
  if [ "$(id -u)" != 0 ] && [ "$native_failed" -nt inspector/session/_native.c ] \
    && [ "$native_failed" -nt scripts/build_native.py ]; then
    native_due=0
  fi
fi
if [ "$native_due" = 1 ]; then
  command -v gcc >/dev/null || apt_pkgs+=(gcc libc6-dev)
  py=python3
  [ -x .venv/bin/python ] && py=.venv/bin/python
  include=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null || true)
  [ -n "$include" ] && [ -e "$include/Python.h" ] || apt_pkgs+=(python3-dev)
fi
if [ "$want_tests" = 1 ]; then
  apt_pkgs+=(x11-utils)  # xwininfo: the Xvfb window test waits for the window to be mapped
  # tests/packaging: desktop-file-validate checks the desktop entry; update-mime-database and gio
  # (libglib2.0-bin) install and query the file types the app opens
  apt_pkgs+=(desktop-file-utils shared-mime-info libglib2.0-bin)
  apt_pkgs+=(openssl)  # the HTTPS upstream test makes a self-signed certificate with it
  command -v node >/dev/null || apt_pkgs+=(nodejs)
  command -v npm >/dev/null || apt_pkgs+=(npm)
fi

# Debian packages: one dpkg-query for all of them; apt only for the missing ones.
declare -A installed=()
while read -r name; do installed[$name]=1; done < <(dpkg-query -W -f='${Package} ${Status}\n' "${apt_pkgs[@]}" 2>/dev/null | awk '/ install ok installed$/ {print $1}' || true)
missing=()
for p in "${apt_pkgs[@]}"; do
  [ -n "${installed[$p]:-}" ] || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    say "installing Debian packages (${#missing[@]}: ${missing[*]})…"
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    say "missing Debian packages (run as root to install): ${missing[*]}"
  fi
fi

# The Python packages: what pip installs follows from pyproject.toml and this script, so their
# hash is the stamp. A --test install covers the app's too; the app's never covers --test.
stamp_file=.venv/.setup-stamp
pip_install() {  # pip's own exit status (a failed install must not be stamped), its output on stderr
  local out status=0
  out=$(.venv/bin/python -m pip install -q "$@" 2>&1) || status=$?
  [ -z "$out" ] || grep -v "^WARNING: Location" <<<"$out" >&2 || true
  return "$status"
}
stamp_of() { { cat pyproject.toml scripts/setup.sh; echo "$1"; } | sha256sum | cut -d' ' -f1; }
have=$(cat "$stamp_file" 2>/dev/null || true)
want=$(stamp_of "$([ "$want_tests" = 1 ] && echo test || echo app)")
current=0
[ "$have" = "$want" ] && current=1
[ "$want_tests" = 0 ] && [ "$have" = "$(stamp_of test)" ] && current=1
[ -x .venv/bin/mcp-session-inspector ] || current=0
if [ "$current" = 0 ]; then
  started=$SECONDS
  if [ ! -x .venv/bin/python ]; then
    say "creating the virtualenv (.venv)…"
    python3 -m venv .venv
  fi
  rm -f "$stamp_file"  # an install that fails half-way is not taken for a finished one
  say "installing Python packages into .venv (pip; about a minute the first time)…"
  pip_install --upgrade pip || say "(pip could not upgrade itself; going on with the one there is)"
  if [ "$want_tests" = 1 ]; then
    pip_install -e ".[test]" || { say "pip failed (above): nothing is stamped, the next run tries again"; exit 1; }
  else
    pip_install -e . || { say "pip failed (above): nothing is stamped, the next run tries again"; exit 1; }
  fi
  .venv/bin/python -c "import inspector" || { say "the inspector package did not install"; exit 1; }
  echo "$want" >"$stamp_file"
  say "Python packages ready ($((SECONDS - started)) s)"
fi

if [ "$native_due" = 1 ]; then
  say "building the C part (scripts/build_native.py)…"
  if .venv/bin/python scripts/build_native.py --stamp "$native_stamp"; then
    rm -f "$native_failed"
  else
    touch "$native_failed"
    say "(not built: the app works without it, its search and loading of large recordings more slowly;"
    say " tried again when its source changes, or after: rm $native_failed)"
  fi
fi

# The npm reference server the tests talk to, and in .peers/hosts a real host for the proxy tests
# (the official MCP Inspector's CLI and the Node 22 it needs: apart, so that its node never
# shadows the system's for npx in .peers): one stamp, the hash of both folders' package files.
if [ "$want_tests" = 1 ]; then
  npm_stamp=.peers/node_modules/.setup-stamp
  npm_files=(.peers/package.json .peers/package-lock.json .peers/hosts/package.json .peers/hosts/package-lock.json)
  npm_hash() { { cat "${npm_files[@]}" 2>/dev/null || true; } | sha256sum | cut -d' ' -f1; }
  if [ "$(cat "$npm_stamp" 2>/dev/null || true)" != "$(npm_hash)" ]; then
    say "installing the npm reference server into .peers/node_modules (and the inspector CLI into .peers/hosts)…"
    (cd .peers && npm install --no-audit --no-fund --loglevel=error >/dev/null)
    if [ -f .peers/hosts/package.json ]; then
      (cd .peers/hosts && npm install --no-audit --no-fund --loglevel=error >/dev/null)
    fi
    npm_hash >"$npm_stamp"  # after the installs: npm may have written the lock files
  fi
fi

# The package is installed editable, so its bytecode is compiled here, as pip does for an
# installed one: where PYTHONDONTWRITEBYTECODE is set, Python never caches it and every start
# (the window, probe) would compile the whole package again (about 0.15 s here). run.sh runs
# this set-up first, so a changed checkout is compiled again: when a source file is newer than
# the last compilation (a find that stops at the first; compileall itself takes 0.1 s to find
# nothing to do).
compiled=.venv/.compiled
if [ ! -e "$compiled" ] || [ -n "$(find inspector -name '*.py' -newer "$compiled" -print -quit)" ]; then
  touch "$compiled"  # first: a file saved while compileall runs is compiled next time
  .venv/bin/python -m compileall -q -j 0 inspector >/dev/null
fi
