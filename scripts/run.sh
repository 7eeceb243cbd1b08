#!/usr/bin/env bash
# Install the app and start it with the built-in demo server preselected (click Connect).
# Arguments go to the app (--self-test, --version, probe ...). The set-up runs first: on a first
# run it says on stderr what it installs; when nothing changed it costs about 0.03 s.
# On a machine without a display and without arguments, say how to see the window and run the
# headless probe of the demo instead, so there is still a full session to look at.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ "$#" -gt 0 ] || [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}${QT_QPA_PLATFORM:-}" ]; then
  exec .venv/bin/mcp-session-inspector "$@"
fi
cat >&2 <<'TEXT'
No display here (DISPLAY and WAYLAND_DISPLAY are unset), so the window cannot open. To see it:
  - on a Linux desktop: run  bash scripts/run.sh  from a terminal of the graphical session;
  - from another machine that shows X11 windows (Linux desktop, macOS with XQuartz, Windows
    with an X server): log in with  ssh -X user@this-host  (or ssh -Y), then run
    bash scripts/run.sh  there: the window opens on your screen;
  - on a server, in a virtual screen (nothing to look at, but a real X11 window for
    screenshots and tests):  xvfb-run -a bash scripts/run.sh   (xvfb is installed by setup);
  - rendered without any display, as a check:  bash scripts/run.sh --self-test   (offscreen)
Showing the headless probe of the demo server instead:

TEXT
exec .venv/bin/mcp-session-inspector probe --demo --capability roots --root "$PWD" \
  --request tools/list --request 'tools/call={"name":"echo","arguments":{"message":"hello from the inspector"}}'
