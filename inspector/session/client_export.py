"""A saved server as an entry of another client's MCP configuration file. No Qt.

Theory of operation
-------------------
:func:`export_entry` writes a :class:`~.profiles.ServerProfile` in the shape a client reads
(:data:`EXPORT_CLIENTS`): ``mcpServers`` (``servers`` for VS Code) with one entry, a
:class:`~.documents.ClientEntry` dumped from its pydantic model, secret values left out and
named, and notes for what the format has no place for (words from ``imports.MESSAGES``,
translated by the window). Reading those files is :mod:`.imports`'; adding a client is one
row in :data:`EXPORT_CLIENTS` and its shape here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from inspector.protocol.links import TransportKind
from inspector.transport.base import Needs

from .profiles import EnvVar, ServerProfile, header_secret, stored_url

#: the clients :func:`export_entry` writes an entry for -> their names
EXPORT_CLIENTS: dict[str, str] = {
    "claude-desktop": "Claude Desktop",
    "cursor": "Cursor",
    "windsurf": "Windsurf",
    "mcp-inspector": "MCP Inspector",
    "vscode": "VS Code",
}


@dataclass(frozen=True)
class ExportedEntry:
    text: str  # {"mcpServers": {name: {...}}} ("servers" for VS Code), indented; "" when the client has no place
    left_out: tuple[str, ...]  # what was not written: secret variables and headers, by name
    notes: tuple[str, ...] = ()  # settings the format has no place for


def _without_secrets(items: list[EnvVar], left_out: list[str]) -> dict[str, str]:
    """Name -> value of the items (env variables or headers) that are not secret; the names of
    the secret ones are added to ``left_out``."""
    left_out += [item.name for item in items if item.secret]
    return {item.name: item.value for item in items if not item.secret}


def export_entry(profile: ServerProfile, client: str = "mcp-inspector") -> ExportedEntry:
    """``profile`` as an entry of ``client``'s file (:data:`EXPORT_CLIENTS`): ``mcpServers``
    (``servers`` for VS Code); secret values are left out, and named in ``left_out``. A server
    started as a command is written the same for all (VS Code adds ``"type": "stdio"``); a URL
    server takes each client's shape: ``type`` + ``url`` (the MCP Inspector: streamable-http or
    sse; VS Code: http or sse), ``url`` alone (Cursor), ``serverUrl`` (Windsurf), and none for
    Claude Desktop, whose file holds only servers it starts (``text`` is empty, a note says why)."""
    from .documents import ClientEntry, McpServersFile, VsCodeFile
    from .imports import MESSAGES

    if client not in EXPORT_CLIENTS:
        raise ValueError(f"unknown client {client!r} (known: {', '.join(EXPORT_CLIENTS)})")
    left_out: list[str] = []
    notes: list[str] = []
    if profile.needs is Needs.COMMAND:  # a server it starts (the registered choice's needs)
        env = _without_secrets(profile.env, left_out)
        entry = ClientEntry(
            type="stdio" if client == "vscode" else None,  # VS Code's own type name (its format), not ours
            command=profile.command,
            args=list(profile.args) or None,
            env=env or None,
            cwd=profile.cwd or None,
        )
        if not profile.inherit_env:
            notes.append(MESSAGES["export_env"])
    elif client == "claude-desktop":
        return ExportedEntry("", (), (MESSAGES["export_no_url_servers"],))
    else:
        # the wire the server's spec goes over (auto HTTP: HTTP+SSE when that answered last time)
        sse = profile.choice is not None and TransportKind.named(profile.to_spec().kind).wire is TransportKind.SSE
        # the clients' own type names (their formats), not ours
        kind = {"mcp-inspector": "sse" if sse else "streamable-http", "vscode": "sse" if sse else "http"}.get(client)
        judged = [EnvVar(h.name, h.value, header_secret(h)) for h in profile.headers]
        headers = _without_secrets(judged, left_out) or None
        url = profile.url
        if profile.url_kept_secret:  # written masked: the file may be shared; the URL is named as left out
            url = stored_url(url, profile.url_secret)
            left_out.append("URL")
        if client == "windsurf":
            entry = ClientEntry(type=kind, serverUrl=url, headers=headers)
        else:
            entry = ClientEntry(type=kind, url=url, headers=headers)
        if not profile.verify_tls:
            notes.append(MESSAGES["export_tls"])
        if profile.oauth:
            notes.append(MESSAGES["export_oauth"])
    name = profile.name or "server"
    document = VsCodeFile(servers={name: entry}) if client == "vscode" else McpServersFile(mcpServers={name: entry})
    text = json.dumps(document.model_dump(exclude_none=True), indent=2, ensure_ascii=False) + "\n"
    return ExportedEntry(text, tuple(left_out), tuple(notes))
