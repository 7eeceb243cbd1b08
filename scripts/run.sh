#!/usr/bin/env bash
# Install the app and start it with the built-in demo server preselected (click Connect).
# On a machine without a display, say so and run the headless probe of the demo instead, so
# there is still a full session to look at.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}${QT_QPA_PLATFORM:-}" ]; then
  exec .venv/bin/mcp-session-inspector "$@"
fi
echo "No display here (DISPLAY/WAYLAND_DISPLAY unset): showing the headless probe of the demo server instead." >&2
echo "For the window: run this on a desktop, or 'xvfb-run bash scripts/run.sh', or set QT_QPA_PLATFORM=offscreen." >&2
exec .venv/bin/mcp-session-inspector probe --demo --capability roots --root "$PWD" \
  --request tools/list --request 'tools/call={"name":"echo","arguments":{"message":"hello from the inspector"}}'
