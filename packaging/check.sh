#!/usr/bin/env bash
# Check a built bundle the way a machine without Python would run it: a clean environment
# (env -i: no venv, no PYTHONPATH, PATH=/usr/bin:/bin, a fresh HOME), offscreen.
#
#   bash packaging/check.sh dist/mcp-session-inspector-VERSION-linux-ARCH
#
# 1. --version and --help; 2. --self-test (window painted, demo server connected through the
# bundle's own --demo-server, tools/list, shutdown, Chinese translation), offscreen and, when
# xvfb-run is installed, on Xvfb through Qt's xcb plugin; 3. the headless probe of the demo;
# 4. install.sh into a temporary prefix, the installed command, --uninstall.
set -euo pipefail
stage=${1:?usage: check.sh dist/mcp-session-inspector-VERSION-linux-ARCH}
stage=$(cd "$stage" && pwd)
exe=$stage/app/mcp-session-inspector
[ -x "$exe" ] || { echo "check: $exe not found" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home"
clean=(env -i PATH=/usr/bin:/bin HOME="$tmp/home" LANG=C.UTF-8 QT_QPA_PLATFORM=offscreen)
steps=0
say() { echo "== check: $*"; steps=$((steps + 1)); }

say "libraries the bundle needs from the system"
missing=$(find "$stage/app" -name '*.so*' -type f -exec ldd {} + 2>/dev/null | grep "not found" | grep -v -e libQt6 -e libpyside6 -e libshiboken6 | sort -u || true)
core_missing=$(ldd "$stage/app/_internal/PySide6/Qt/plugins/platforms/libqoffscreen.so" 2>/dev/null | grep "not found" || true)
if [ -n "$core_missing" ]; then
  echo "check: the offscreen platform plugin lacks system libraries:" >&2
  echo "$core_missing" >&2
  exit 1
fi
[ -z "$missing" ] || { echo "(missing here, needed only by plugins for other sessions, e.g. Wayland; a Wayland desktop has them)"; echo "$missing"; }

say "--version / --help"
"${clean[@]}" "$exe" --version
"${clean[@]}" "$exe" --help | head -n 3

say "--self-test (clean environment, offscreen)"
t0=$(date +%s%N)
"${clean[@]}" "$exe" --self-test | tee "$tmp/self-test.txt"
grep -q "C part (search, recording loader): built" "$tmp/self-test.txt" || { echo "check: the bundle lacks the C part (_native)" >&2; exit 1; }
echo "self-test took $(( ($(date +%s%N) - t0) / 1000000 )) ms"

if command -v xvfb-run >/dev/null; then
  say "--self-test on a real X server (Xvfb, Qt's xcb platform: the bundle's xcb plugin and libraries)"
  # xvfb-run gives the command DISPLAY and XAUTHORITY; the rest of the environment stays clean
  xvfb-run -a -s "-screen 0 1400x900x24 -nolisten tcp" bash -c \
    'exec env -i PATH=/usr/bin:/bin HOME="$1" LANG=C.UTF-8 DISPLAY="$DISPLAY" XAUTHORITY="${XAUTHORITY:-}" QT_QPA_PLATFORM=xcb "$2" --self-test' \
    _ "$tmp/home" "$exe"
else
  echo "(xvfb-run not installed: the xcb self-test is skipped; bash scripts/setup.sh installs xvfb)"
fi

say "the headless probe of the demo server (the bundle starts itself with --demo-server)"
"${clean[@]}" "$exe" probe --demo --request tools/list > "$tmp/probe.txt"
grep -q "tools/list" "$tmp/probe.txt" || { echo "check: the probe transcript has no tools/list" >&2; cat "$tmp/probe.txt" >&2; exit 1; }
tail -n 2 "$tmp/probe.txt"

say "servers started by the bundle do not inherit its library paths"
# /usr/bin/env as the "server": it prints its environment on stdout (not MCP, so the probe fails)
"${clean[@]}" "$exe" probe --timeout 2 -- /usr/bin/env > "$tmp/env.txt" 2>&1 || true
if grep -E "LD_LIBRARY_PATH=|QT_PLUGIN_PATH=|_PYI_|_internal" "$tmp/env.txt"; then
  echo "check: a server started by the bundle inherits the bundle's environment (above)" >&2
  exit 1
fi
grep -q "PATH=/usr/bin:/bin" "$tmp/env.txt" || { echo "check: the env server's output is missing" >&2; cat "$tmp/env.txt" >&2; exit 1; }
echo "clean"

say "install.sh into a temporary prefix, then --uninstall"
prefix=$tmp/prefix
"${clean[@]}" "$stage/install.sh" --prefix "$prefix" --share "$tmp/share"
"${clean[@]}" "$prefix/bin/mcp-session-inspector" --version
grep -q "^Exec=$prefix/lib/mcp-session-inspector/mcp-session-inspector %f$" "$tmp/share/applications/io.github.mcp_session_inspector.Inspector.desktop"
[ -f "$tmp/share/mime/packages/io.github.mcp_session_inspector.Inspector.xml" ] || { echo "check: the MIME types are not installed" >&2; exit 1; }
# build.sh installs both tools (desktop-file-utils, shared-mime-info) when it runs as root
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$tmp/share/applications/io.github.mcp_session_inspector.Inspector.desktop"
else
  echo "(desktop-file-validate not installed: the installed entry is not validated)"
fi
if command -v update-mime-database >/dev/null; then
  grep -q "^50:application/x-har:\*\.har$" "$tmp/share/mime/globs2" || { echo "check: update-mime-database did not learn *.har" >&2; exit 1; }
else
  echo "(update-mime-database not installed: the file types are copied, not registered)"
fi
for s in 16 32 48 64 128 256; do
  [ -f "$tmp/share/icons/hicolor/${s}x${s}/apps/io.github.mcp_session_inspector.Inspector.png" ] || { echo "check: icon ${s}x${s} not installed" >&2; exit 1; }
done
"${clean[@]}" "$prefix/lib/mcp-session-inspector/install.sh" --uninstall --prefix "$prefix" --share "$tmp/share"
left=$(find "$prefix" "$tmp/share" \( -type f -o -type l \) ! -name "*.cache" | head -n 5)
[ -z "$left" ] || { echo "check: --uninstall left files behind:" >&2; echo "$left" >&2; exit 1; }
echo "check: $steps passed, 0 failed"  # set -e: any failed step has stopped the script with its message
