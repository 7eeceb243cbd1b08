#!/usr/bin/env bash
# Install the app and run its main job. Until the desktop window lands, that is the headless
# probe of a real MCP server: the npm reference server, installed project-locally.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
exec .venv/bin/mcp-session-inspector probe --capability roots --request tools/list --request prompts/list \
  --request 'tools/call={"name":"echo","arguments":{"message":"hello from the inspector"}}' \
  -- node .peers/node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio
