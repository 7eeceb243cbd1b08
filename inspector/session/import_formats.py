"""The configuration file formats the importer (:mod:`.imports`) reads, by id.

A module of its own: ``probe``'s argument parser, built at every start (the window's too), lists
them as ``--format`` choices without importing the importer and what it pulls in.
"""

from __future__ import annotations

#: format id -> the client's name
FORMATS: dict[str, str] = {
    "claude-desktop": "Claude Desktop",
    "vscode": "VS Code",
    "cursor": "Cursor",
    "windsurf": "Windsurf",
    "mcp-inspector": "MCP Inspector",
    "mcp-servers": "mcpServers file",
    "registry": "MCP registry server.json",
}
