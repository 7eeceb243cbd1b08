"""Attach the proxy to a host's servers, and detach it again: a host's configuration file
rewritten in place so that the host starts ``mcp-session-inspector proxy`` instead of the
server, and given back byte for byte. No Qt.

Theory of operation
-------------------
:func:`read_host_file` reads a host's file (the formats :mod:`.imports` reads, found where
:func:`.config_files.existing_locations` looks, or chosen by hand: :func:`remember_chosen` keeps
those for the next window, :func:`found_host_files` lists them again) and keeps its bytes, their SHA-256 and, for each
server entry, a :class:`HostEntry`: stdio or URL, attached or not, and why it cannot be attached.

Nothing is re-serialised. The file's text is parsed for *spans* (where each value starts and
ends) on :func:`.config_files.strip_jsonc`'s output, which keeps every character's place, so
the spans are the original text's, comments and all. Attaching an entry edits its two values on
the entry's own lines and adds nothing the host does not know:

- ``command`` becomes the inspector's launcher (:func:`launcher`: ``sys.executable`` with
  ``-m inspector`` from a checkout or an installed package, the bundle's executable when frozen);
- ``args`` becomes ``[LAUNCHER ARGS..., "proxy", "--name", NAME, "--", COMMAND, ARGS...]``
  where COMMAND is the original command's JSON text and ARGS the original array's inner text,
  copied verbatim: comments inside it stay comments, variables (``${input:...}``,
  ``${workspaceFolder}``) stay for the host to expand (an entry without ``args`` gains one).

What detaching needs is kept beside the file, never in it (hosts validate their files; an
unknown member may be warned about or refused): ``FILE.inspector-attach.json``, the *record*,
holds per attached server the original ``command`` and ``args`` texts (a URL server: its URL's)
and the rewritten ones, and the SHA-256 of the file as attach or detach last wrote it. An entry is
attached when the record names it and its values are the rewritten ones; its values back at the
original ones: not attached (the record's line is stale, and goes with the next write); anything
else was edited by hand since and is not guessed at (detach by hand, or ``--restore-backup``).

A URL server (``url``, Windsurf's ``serverUrl``) is attached only by name and with a loopback
address to listen on: its URL becomes ``http://127.0.0.1:PORT`` with the same path and query, and
the outcome's ``serve`` is the ``proxy --listen ... --upstream URL`` command that must run while
the host uses it (the window runs it while it is open: :mod:`.url_relays`; or the user does). A
URL holding a variable the host expands cannot be: the proxy needs the URL itself.

``env``, ``cwd``, ``envFile``, ``type`` and the file's ``inputs`` are not touched: the host
applies them to the proxy, which passes its environment and folder on to the server.
Detaching puts the original texts back (an ``args`` that attach added is taken out with its
comma). Every edit is checked by reading the result back as the host would (the command line
must be the one meant).

Writing (:func:`write_host_file`) refuses a file that changed since it was read (its SHA-256
read again just before the write), follows a symbolic link to the file it names, keeps the
file's mode and replaces it atomically; the record is written before the file (a record naming
an entry the file does not have rewritten reads as not attached) and removed after it when no
server is left attached. The first attach leaves the bytes as they were in
``FILE.inspector-backup`` beside it; when the last entry is detached and the file is byte for
byte that backup again, the backup goes; otherwise it stays, and the outcome says so.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import socket
import stat
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from inspector.protocol.jsontypes import JsonObject, JsonValue

from .config_files import ConfigLocation, UnreadableFile, existing_locations, loads_config, read_user_file, strip_jsonc
from .imports import FORMATS, MAX_BYTES, detect_format
from .profiles import _atomic_write

BACKUP_SUFFIX = ".inspector-backup"
#: the record beside the file: what attach changed in it, for detach (see the module's docstring)
RECORD_SUFFIX = ".inspector-attach.json"
_BY_HAND = "detach by hand, or put the backup back (detach --restore-backup)"
_BOM = b"\xef\xbb\xbf"
URL_REFUSAL = (
    "an HTTP server needs a reverse proxy running while the host uses it: attach it with a loopback address to "
    "listen on (--listen 127.0.0.1:PORT) and run the proxy command that attach prints, or keep an inspector "
    "window open: it runs that proxy while it is open"
)
#: where a URL server's entry is pointed: the loopback address and port of ``proxy --listen``
Listen = tuple[str, int]
#: what to do after a change, by format, so that the host starts the server again
RESTART_WORDS = {
    "claude-desktop": "quit Claude Desktop completely (not only its window) and start it again",
    "vscode": "restart the server in VS Code (MCP: List Servers → the server → Restart Server) or reload the window",
    "cursor": "restart Cursor, or turn the server off and on again in Cursor Settings → MCP",
    "windsurf": "refresh the MCP servers in Windsurf (Cascade → MCP servers → Refresh) or restart it",
    "mcp-inspector": "start the MCP Inspector again with this file",
}


class AttachError(Exception):
    """An attach or detach that cannot be done; the message says why (nothing was written)."""


class Refused(AttachError):
    """The file was read, but what was asked is not done: a URL server, one attached already
    (or not attached, to detach), a file that changed since it was read."""


class ChangedSinceRead(Refused):
    pass


def launcher() -> list[str]:
    """How the running inspector is started, absolute: the frozen bundle's executable, or this
    Python with ``-P -m inspector`` (``-P``: the working directory is not put on the module path,
    so a project's own ``inspector`` module in the server's ``cwd`` is never the one that runs)."""
    if getattr(sys, "frozen", False):
        return [os.path.abspath(sys.executable)]
    return [os.path.abspath(sys.executable), "-P", "-m", "inspector"]


def proxy_argv(name: str, command: list[str], lead: list[str] | None = None) -> list[str]:
    """The command line an attached entry runs: ``LAUNCHER proxy --name NAME -- COMMAND...``."""
    return [*(lead or launcher()), "proxy", *_name_args(name), "--", *command]


def _name_args(name: str) -> list[str]:
    """``--name NAME``; ``--name=NAME`` for a name that starts with ``-`` (else the proxy's
    argument parser takes it for an option and the host's server never starts)."""
    return [f"--name={name}"] if name.startswith("-") else ["--name", name]


# ---------------------------------------------------------------------- spans


@dataclass
class _Node:
    start: int
    end: int
    kind: str  # "object", "array", "string", "other"
    members: dict[str, tuple[int, _Node]] = field(default_factory=dict)  # key -> (where the key starts, value)


class _Spans:
    """A JSON parser over comment-free text that keeps where each value is (not what it holds)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0

    def skip(self) -> None:
        t, n = self.text, len(self.text)
        while self.i < n and t[self.i].isspace():
            self.i += 1

    def value(self, depth: int = 0) -> _Node:
        if depth > 400:
            raise AttachError("the file is nested too deeply")
        self.skip()
        t, start = self.text, self.i
        c = t[start] if start < len(t) else ""
        if c in "{[":
            node = _Node(start, start, "object" if c == "{" else "array")
            close = "}" if c == "{" else "]"
            self.i += 1
            while True:
                self.skip()
                if t[self.i] == close:
                    break
                if c == "{":
                    key_start = self.i
                    key = json.loads(t[key_start : self.string_end()])
                    self.skip()
                    self.i += 1  # the colon
                    node.members[key] = (key_start, self.value(depth + 1))  # the last one wins, as for the host
                else:
                    self.value(depth + 1)
                self.skip()
                if t[self.i] == ",":
                    self.i += 1
            self.i += 1
        elif c == '"':
            node = _Node(start, start, "string")
            self.string_end()
        else:
            node = _Node(start, start, "other")
            while self.i < len(t) and t[self.i] not in ",]} \t\r\n":
                self.i += 1
        node.end = self.i
        return node

    def string_end(self) -> int:
        t, j = self.text, self.i + 1
        while t[j] != '"':
            j += 2 if t[j] == "\\" else 1
        self.i = j + 1
        return self.i


# ---------------------------------------------------------------------- reading


@dataclass(frozen=True)
class HostEntry:
    name: str
    kind: str  # "stdio", "url" or "other"
    attached: bool
    why_not: str = ""  # why it cannot be attached (not attached) or detached (attached); "" when it can
    command_line: str = ""  # the server's command line (the original one when attached)
    runs: str = ""  # what the host starts now (the proxy when attached)
    argv: tuple[str, ...] = ()  # a stdio server's command line (the original one when attached)

    @property
    def can_attach(self) -> bool:
        return not self.attached and not self.why_not

    @property
    def can_detach(self) -> bool:
        return self.attached and not self.why_not

    def serve(self, lead: list[str] | None = None) -> list[str] | None:
        """An attached URL entry's ``proxy --listen ... --upstream URL`` command, which must run
        while the host uses it (None: no URL entry, or not attached)."""
        if self.kind != "url" or not self.attached:
            return None
        now = urlsplit(self.runs)
        if now.hostname is None or now.port is None:
            return None
        return http_proxy_argv(self.name, self.command_line, (now.hostname, now.port), lead)


@dataclass
class HostFile:
    path: Path  # as named
    target: Path  # the file written (a symbolic link followed)
    data: bytes  # the bytes read
    digest: str  # their SHA-256
    fmt: str
    text: str  # without a byte order mark
    bom: bytes
    entries: list[HostEntry]
    servers: _Node  # the servers' object
    record: dict[str, JsonObject] = field(default_factory=dict)  # the record's servers (see the docstring)
    record_error: str = ""  # why the record beside the file cannot be read ("": it can, or there is none)
    record_digest: str = ""  # the file's SHA-256 as attach or detach last wrote it

    @property
    def client(self) -> str:
        """The host's name ("the host" for a plain mcpServers file)."""
        return "the host" if self.fmt == "mcp-servers" else FORMATS.get(self.fmt, self.fmt)

    @property
    def backup(self) -> Path:
        return self.target.with_name(self.target.name + BACKUP_SUFFIX)

    @property
    def record_path(self) -> Path:
        return self.target.with_name(self.target.name + RECORD_SUFFIX)

    @property
    def edited_since_written(self) -> bool:
        """Whether the file is not what attach or detach last wrote (edited by hand, or by the host)."""
        return bool(self.record_digest) and self.record_digest != self.digest

    def entry(self, name: str) -> HostEntry:
        for e in self.entries:
            if e.name == name:
                return e
        raise AttachError(
            f"{self.path}: no server called {name!r} (it has {', '.join(map(repr, self.names())) or 'none'})"
        )

    def names(self) -> list[str]:
        return [e.name for e in self.entries]

    def restart_words(self) -> str:
        return RESTART_WORDS.get(self.fmt, "quit it and start it again")

    # ------------------------------------------------------------------ editing

    def attached(self, names: Iterable[str], lead: list[str] | None = None, listen: Listen | None = None) -> bytes:
        """The file's bytes with the servers ``names`` attached (each must be attachable; a URL
        server is pointed at ``listen``, which takes one)."""
        lead = lead or launcher()
        edits: list[tuple[int, int, str]] = []
        wanted: dict[str, JsonValue] = {}
        for name in names:
            e = self.entry(name)
            if e.attached:
                raise Refused(f"{self.path}: {name!r} is attached already{': ' + e.why_not if e.why_not else ''}")
            if e.why_not:
                raise Refused(f"{self.path}: {name!r} cannot be attached: {e.why_not}")
            if e.kind == "url":
                if listen is None:
                    raise Refused(f"{self.path}: {name!r} cannot be attached: {URL_REFUSAL}")
                if any(self.entry(n).kind == "url" for n in wanted):
                    raise Refused(f"{self.path}: one URL server per --listen address: attach {name!r} on its own")
                wanted[name] = loopback_url(e.command_line, listen)
                edits += self._attach_url_edits(name, str(wanted[name]))
                continue
            edits += self._attach_edits(name, lead)
            wanted[name] = proxy_argv(name, self._command(self.text, self.servers.members[name][1]), lead)
        out = _apply(self.text, edits)
        self._check(out, wanted)
        return self.bom + out.encode()

    def detached(self, names: Iterable[str] | None = None) -> bytes:
        """The file's bytes with the servers ``names`` (every attached one: None) detached."""
        chosen = [e.name for e in self.entries if e.attached] if names is None else list(names)
        edits: list[tuple[int, int, str]] = []
        wanted: dict[str, JsonValue] = {}
        for name in chosen:
            e = self.entry(name)
            if not e.attached:
                raise Refused(f"{self.path}: {name!r} is not attached")
            if e.why_not:
                raise Refused(f"{self.path}: {name!r} cannot be detached: {e.why_not}")
            edits += self._detach_edits(name)
            wanted[name] = e.command_line if e.kind == "url" else list(e.argv)
        out = _apply(self.text, edits)
        self._check(out, wanted)
        return self.bom + out.encode()

    def _attach_edits(self, name: str, lead: list[str]) -> list[tuple[int, int, str]]:
        t, stripped = self.text, strip_jsonc(self.text)
        node = self.servers.members[name][1]
        cmd = node.members["command"][1]
        args = node.members["args"][1] if "args" in node.members else None
        head = ", ".join(_dumps(a) for a in [*lead[1:], "proxy", "--name", name, "--"]) + ", " + t[cmd.start : cmd.end]
        new_cmd = _dumps(lead[0])
        if args is None:
            return [(cmd.start, cmd.end, f'{new_cmd}, "args": [{head}]')]
        inner, inner_stripped = t[args.start + 1 : args.end - 1], stripped[args.start + 1 : args.end - 1]
        if inner_stripped.strip():
            inner = ("," if inner[:1].isspace() else ", ") + inner
        return [(cmd.start, cmd.end, new_cmd), (args.start, args.end, f"[{head}{inner}]")]

    def _attach_url_edits(self, name: str, url: str) -> list[tuple[int, int, str]]:
        node = self.servers.members[name][1]
        u = node.members[_url_key(node) or "url"][1]
        return [(u.start, u.end, _dumps(url))]

    def _detach_edits(self, name: str) -> list[tuple[int, int, str]]:
        t, stripped = self.text, strip_jsonc(self.text)
        node = self.servers.members[name][1]
        saved = self.record[name]
        if "url" in saved:
            u = node.members[_url_key(node) or "url"][1]
            return [(u.start, u.end, str(saved["url"]))]
        cmd = node.members["command"][1]
        args = node.members["args"][1]
        if saved["args"] is None:  # attach added the args member right after the command
            added = f', "args": {t[args.start : args.end]}'
            if t.startswith(added, cmd.end):
                return [(cmd.start, cmd.end + len(added), str(saved["command"]))]
            return [
                (cmd.start, cmd.end, str(saved["command"])),
                _member_removal(stripped, node.members["args"][0], args.end),
            ]
        return [(cmd.start, cmd.end, str(saved["command"])), (args.start, args.end, str(saved["args"]))]

    def record_for(self, data: bytes, attached: Iterable[str] = (), detached: Iterable[str] = ()) -> bytes | None:
        """The record for the file's new bytes ``data``: the servers recorded and still attached,
        less ``detached``, with ``attached`` (their original texts this file's, the rewritten ones
        ``data``'s); None when no server is left attached."""
        gone = set(detached)
        servers = {n: r for n, r in self.record.items() if n not in gone and self._is_attached(n)}
        if attached:
            text = data[len(self.bom) :].decode()
            new = _servers_node(_Spans(strip_jsonc(text)).value(), self.fmt)
            if new is None:  # _check read it back already: a slip in the edits
                raise AttachError(f"{self.path}: the edit lost the servers: nothing was written")
            for name in attached:
                old_node, new_node = self.servers.members[name][1], new.members[name][1]
                servers[name] = _record_entry(self.text, old_node, text, new_node)
        if not servers:
            return None
        record = {
            "about": "what mcp-session-inspector attach changed in the file beside this one; detach puts it back",
            "file": str(self.target),
            "sha256": hashlib.sha256(data).hexdigest(),
            "servers": servers,
        }
        return (json.dumps(record, indent=2, ensure_ascii=False) + "\n").encode()

    def _is_attached(self, name: str) -> bool:
        return any(e.name == name and e.attached for e in self.entries)

    @staticmethod
    def _command(text: str, node: _Node) -> list[str]:
        """The command line an entry runs (TypeError: not all strings)."""
        cmd = json.loads(text[node.members["command"][1].start : node.members["command"][1].end])
        args: JsonValue = []
        if "args" in node.members:
            a = node.members["args"][1]
            args = loads_config(text[a.start : a.end])
        argv = [cmd, *args] if isinstance(args, list) else None
        if argv is None or not all(isinstance(x, str) for x in argv):
            raise TypeError("not a list of strings")
        return argv

    def _check(self, out: str, wanted: dict[str, JsonValue]) -> None:
        """``out`` read back as the host reads it: valid, and each attached server running ``wanted``."""
        try:
            data = loads_config(out)
        except (ValueError, RecursionError) as exc:  # a slip in the edits: never written
            raise AttachError(f"{self.path}: the edit would break the file ({exc}): nothing was written") from None
        servers = _servers_of(data, self.fmt)
        for name, want in wanted.items():
            entry = servers.get(name) if isinstance(servers, dict) else None
            if not isinstance(entry, dict):
                got: JsonValue = None
            elif isinstance(want, str):
                got = entry.get("url", entry.get("serverUrl"))
            else:
                got = [entry.get("command"), *entry.get("args", [])]
            if got != want:
                raise AttachError(f"{self.path}: {name!r}: the edit would not reach the proxy: nothing was written")


def _dumps(value: JsonValue) -> str:
    return json.dumps(value, ensure_ascii=False)


def _apply(text: str, edits: list[tuple[int, int, str]]) -> str:
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _member_removal(stripped: str, key_start: int, value_end: int) -> tuple[int, int, str]:
    """The edit that takes out the member from ``key_start`` to ``value_end`` with its comma."""
    j = key_start - 1
    while stripped[j].isspace():
        j -= 1
    if stripped[j] == ",":
        return (j, value_end, "")
    k = value_end
    while k < len(stripped) and stripped[k].isspace():
        k += 1
    if k < len(stripped) and stripped[k] == ",":
        k += 1
        while k < len(stripped) and stripped[k] in " \t":
            k += 1
    return (key_start, k, "")


def _servers_of(data: JsonValue, fmt: str) -> JsonValue:
    if not isinstance(data, dict):
        return None
    if fmt == "vscode":
        mcp = data.get("mcp")
        return data.get("servers", mcp.get("servers") if isinstance(mcp, dict) else None)
    return data.get("mcpServers")


def _servers_node(root: _Node, fmt: str) -> _Node | None:
    if fmt == "vscode" and "servers" not in root.members and "mcp" in root.members:
        root = root.members["mcp"][1]
        return root.members["servers"][1] if "servers" in root.members else None
    key = "servers" if fmt == "vscode" else "mcpServers"
    return root.members[key][1] if key in root.members else None


def _classify(name: str, text: str, node: _Node, saved: JsonObject | None, no_record: str) -> HostEntry:
    """The entry ``name`` (``saved``: its line in the record; ``no_record``: why an entry running
    the proxy has none)."""
    m = node.members
    if node.kind != "object":
        return HostEntry(name, "other", False, "its entry is not an object")
    kind_text = json.loads(text[m["type"][1].start : m["type"][1].end]) if "type" in m else "stdio"
    line = ""
    if "command" in m and m["command"][1].kind == "string":
        try:
            line = shlex.join(HostFile._command(text, node))
        except (TypeError, ValueError):
            line = ""
    runs = line
    url_key = _url_key(node)
    if saved is not None:
        edited = f"its {'URL' if 'url' in saved else 'command or args'} were edited by hand since attach: {_BY_HAND}"
        if "url" in saved:
            now = _member_value(text, node, url_key or "url")
            was = json.loads(str(saved["url"]))
            if now == json.loads(str(saved["rewritten"]["url"])):
                return HostEntry(name, "url", True, "", was, str(now))
            if now != was:
                return HostEntry(name, "url", True, edited.replace(" were ", " was "), was, str(now))
        else:
            orig = [json.loads(str(saved["command"])), *(loads_config(str(saved["args"])) if saved["args"] else [])]
            rewritten = saved["rewritten"]
            now_argv = [_member_value(text, node, "command"), *(_member_value(text, node, "args") or [])]
            if now_argv == [json.loads(rewritten["command"]), *loads_config(rewritten["args"])]:
                return HostEntry(name, "stdio", True, "", shlex.join(orig), runs, tuple(orig))
            if now_argv != orig:
                return HostEntry(name, "stdio", True, edited, shlex.join(orig), runs, tuple(orig))
        # its values are the original ones again: not attached (the record's line is stale)
    if url_key or kind_text not in ("stdio", None):
        if url_key is None or m[url_key][1].kind != "string":
            return HostEntry(name, "url", False, "it has no URL")
        url = json.loads(text[m[url_key][1].start : m[url_key][1].end])
        if "${" in url:
            return HostEntry(
                name, "url", False, "its URL holds a variable the host expands: the proxy needs the URL", url
            )
        if urlsplit(url).scheme not in ("http", "https") or not urlsplit(url).netloc:
            return HostEntry(name, "url", False, "its URL is no http:// or https:// URL", url)
        return HostEntry(name, "url", False, "", url, url)
    if "command" not in m or m["command"][1].kind != "string":
        return HostEntry(name, "other", False, "it has no command")
    if "args" in m and m["args"][1].kind != "array":
        return HostEntry(name, "stdio", False, "its args are not a list", line, runs)
    if not line:
        return HostEntry(name, "stdio", False, "its args are not all strings")
    if _runs_proxy(HostFile._command(text, node)):
        return HostEntry(name, "stdio", False, f"it runs the inspector's proxy already: {no_record}", line, runs)
    return HostEntry(name, "stdio", False, "", line, runs)


def _member_value(text: str, node: _Node, key: str) -> JsonValue:
    """The value of ``node``'s member ``key`` (None when it has none)."""
    if key not in node.members:
        return None
    v = node.members[key][1]
    return loads_config(text[v.start : v.end])


def _record_entry(old_text: str, old: _Node, new_text: str, new: _Node) -> JsonObject:
    """A server's line in the record: its original texts (``old_text``'s) and the rewritten ones."""

    def span(text: str, node: _Node, key: str) -> str | None:
        v = node.members[key][1] if key in node.members else None
        return None if v is None else text[v.start : v.end]

    key = _url_key(old)
    if key is not None:
        return {"key": key, "url": span(old_text, old, key), "rewritten": {"url": span(new_text, new, key)}}
    return {
        "command": span(old_text, old, "command"),
        "args": span(old_text, old, "args"),
        "rewritten": {"command": span(new_text, new, "command"), "args": span(new_text, new, "args")},
    }


def _read_record(path: Path) -> tuple[dict[str, JsonObject], str]:
    """The record's servers and the file's SHA-256 it holds (ValueError: it is not a record)."""
    try:
        raw = read_user_file(path, MAX_BYTES)
    except UnreadableFile as exc:
        raise ValueError(exc.why) from None
    data = json.loads(raw)
    servers = data.get("servers") if isinstance(data, dict) else None
    if not isinstance(servers, dict) or not isinstance(data.get("sha256"), str):
        raise ValueError("no servers and file hash")
    for entry in servers.values():
        texts = [entry.get("url")] if isinstance(entry, dict) and "url" in entry else []
        if isinstance(entry, dict) and not texts:
            texts = [entry.get("command"), entry.get("args") or "[]"]
        rewritten = entry.get("rewritten") if isinstance(entry, dict) else None
        if not isinstance(rewritten, dict) or not texts:
            raise ValueError("a server without its texts")
        for text in [*texts, *rewritten.values()]:
            if not isinstance(text, str):
                raise ValueError("a text that is no string")
            loads_config(text)  # ValueError: not JSON
    return servers, data["sha256"]


def _url_key(node: _Node) -> str | None:
    return next((k for k in ("url", "serverUrl") if k in node.members), None)


def loopback_url(upstream: str, listen: Listen) -> str:
    """Where a host reaches ``upstream`` through ``proxy --listen``: the same path and query on
    the loopback address."""
    host, port = listen
    parts = urlsplit(upstream)
    where = f"[{host}]" if ":" in host else host
    return urlunsplit(("http", f"{where}:{port}", parts.path, parts.query, parts.fragment))


def free_listen(host: str = "127.0.0.1") -> Listen:
    """A loopback port nothing listens on now, for an entry's proxy to listen on later."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, 0))
        return host, int(s.getsockname()[1])


def http_proxy_argv(name: str, upstream: str, listen: Listen, lead: list[str] | None = None) -> list[str]:
    """The command that serves an attached URL entry: ``proxy --listen ADDRESS:PORT --upstream URL``."""
    host, port = listen
    where = f"[{host}]" if ":" in host else host
    return [*(lead or launcher()), "proxy", *_name_args(name), "--listen", f"{where}:{port}", "--upstream", upstream]


def _runs_proxy(argv: list[str]) -> bool:
    """Whether ``argv`` starts the proxy (``mcp-session-inspector proxy``, ``python -m inspector proxy``)."""
    args = [a for a in argv[1:] if a != "-P"]  # python [-P] -m inspector proxy
    inspector = Path(argv[0]).name.startswith("mcp-session-inspector") or args[:2] == ["-m", "inspector"]
    return inspector and "proxy" in args[:3]


def read_host_file(path: str | Path, fmt: str | None = None) -> HostFile:
    """A host's configuration file, read for attaching and detaching (:class:`AttachError`
    says why it cannot be: unreadable, not UTF-8, not JSON, not a host's file)."""
    path = Path(path)
    target = Path(os.path.realpath(path))
    try:
        data = read_user_file(target, MAX_BYTES)
    except UnreadableFile as exc:
        raise AttachError(f"{path}: cannot be read: {exc.why}") from None
    bom = _BOM if data.startswith(_BOM) else b""
    try:
        text = data[len(bom) :].decode()
    except UnicodeDecodeError as exc:
        raise AttachError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    try:
        parsed = loads_config(text)
    except (ValueError, RecursionError) as exc:
        raise AttachError(f"{path}: not JSON ({exc})") from None
    fmt = fmt or detect_format(parsed, path.name, target.parent)
    if fmt is None or fmt == "registry":
        raise AttachError(f"{path}: not a host's configuration file (no mcpServers, no VS Code servers)")
    root = _Spans(strip_jsonc(text)).value()
    servers = _servers_node(root, fmt)
    if servers is None or servers.kind != "object":
        raise AttachError(f"{path}: it holds no servers")
    record_path = target.with_name(target.name + RECORD_SUFFIX)
    record: dict[str, JsonObject] = {}
    record_error = record_digest = ""
    no_record = f"written by hand, or attach's record beside it ({record_path.name}) is gone"
    if os.path.lexists(record_path):
        try:
            record, record_digest = _read_record(record_path)
        except (ValueError, RecursionError) as exc:
            record_error = f"attach's record beside it, {record_path.name}, cannot be read ({exc}): {_BY_HAND}"
            no_record = record_error
    entries = [_classify(name, text, node, record.get(name), no_record) for name, (_, node) in servers.members.items()]
    digest = hashlib.sha256(data).hexdigest()
    return HostFile(path, target, data, digest, fmt, text, bom, entries, servers, record, record_error, record_digest)


# ---------------------------------------------------------------------- writing


@dataclass
class Outcome:
    """What an attach or detach did, in words for the user."""

    file: Path
    changed: list[str]  # the servers attached or detached
    backup: Path | None  # the backup kept beside the file (None: there is none)
    notes: list[str] = field(default_factory=list)
    serve: list[list[str]] = field(default_factory=list)  # the proxies to run for attached URL servers


def write_host_file(
    host: HostFile, data: bytes, *, backup: bool = False, attached: Iterable[str] = (), detached: Iterable[str] = ()
) -> None:
    """Write ``data`` over ``host``'s file, unless the file changed since it was read
    (:class:`ChangedSinceRead`); the file's mode is kept; the write is atomic. ``backup``: the
    bytes read are left in :attr:`HostFile.backup` first, unless a backup is there already. The
    record (:meth:`HostFile.record_for` with the servers ``attached`` and ``detached``) is written
    before the file, or removed after it when no server is left attached."""
    if host.record_error:
        raise Refused(f"{host.path}: {host.record_error}")
    keep = [(host.backup, host.data)] if backup and not host.backup.exists() else []
    record = host.record_for(data, attached, detached)
    if record is not None:
        keep.append((host.record_path, record))
    _replace_checked(host.path, host.target, host.digest, data, keep)
    if record is None:
        _remove_record(host.record_path)


def _remove_record(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        raise AttachError(f"{path}: cannot be removed: {exc.strerror or exc}") from None


def _replace_checked(shown: Path, target: Path, digest: str, data: bytes, keep: list[tuple[Path, bytes]]) -> None:
    """``data`` over ``target`` if its bytes still have the SHA-256 ``digest`` (``keep``: files
    written first); ``shown`` names it in the words."""
    try:
        now = read_user_file(target, MAX_BYTES)
    except UnreadableFile as exc:
        raise AttachError(f"{shown}: cannot be read again: {exc.why}") from None
    if hashlib.sha256(now).hexdigest() != digest:
        raise ChangedSinceRead(
            f"{shown} changed since it was read (another program wrote it): nothing was written; try again"
        )
    mode = stat.S_IMODE(os.stat(target).st_mode)
    try:
        for path, content in keep:
            _atomic_write(path, content, mode)
        _atomic_write(target, data, mode)
    except OSError as exc:
        raise AttachError(f"{shown}: cannot be written: {exc.strerror or exc}") from None


def restore_backup(path: str | Path) -> Outcome:
    """The file at ``path`` given back the bytes of its ``.inspector-backup`` (which then goes),
    whatever it holds now: for an entry edited past detaching, or a file that no longer reads as
    JSON. Edits made since the first attach are lost. The outcome names the servers that were
    attached (none when the file did not read as a host's file)."""
    path = Path(path)
    target = Path(os.path.realpath(path))
    backup = target.with_name(target.name + BACKUP_SUFFIX)
    try:
        now = read_user_file(target, MAX_BYTES)
        old = read_user_file(backup, MAX_BYTES)
    except UnreadableFile as exc:
        raise AttachError(f"{path} or its backup {backup.name}: cannot be read: {exc.why}") from None
    try:
        entries = read_host_file(path).entries  # attached, or running the proxy with the record lost
        attached = [
            e.name for e in entries if e.attached or (e.kind == "stdio" and e.runs and _runs_proxy(shlex.split(e.runs)))
        ]
    except AttachError:
        attached = []
    _replace_checked(path, target, hashlib.sha256(now).hexdigest(), old, [])
    backup.unlink()
    _remove_record(target.with_name(target.name + RECORD_SUFFIX))
    return Outcome(path, attached, None, ["the file is byte for byte as it was before the first attach"])


def attach(
    path: str | Path,
    names: list[str] | None,
    *,
    fmt: str | None = None,
    lead: list[str] | None = None,
    listen: Listen | None = None,
) -> Outcome:
    """Attach the servers ``names`` (every attachable stdio one: None) of the file at ``path``;
    a URL server (named) is pointed at ``listen`` (port 0: a free one now), and the outcome's
    ``serve`` says the proxy command to run while the host uses it."""
    host = read_host_file(path, fmt)
    if host.record_error:
        raise Refused(f"{host.path}: {host.record_error}")
    every = [e.name for e in host.entries if e.kind == "stdio" and not e.attached and not e.why_not]
    chosen = every if names is None else names
    if not chosen:
        raise Refused(f"{host.path}: no server to attach (each is attached already or cannot be)")
    if listen is not None and listen[1] == 0:
        listen = free_listen(listen[0])
    data = host.attached(chosen, lead, listen)
    out = Outcome(host.path, chosen, host.backup)
    for name in chosen:
        e = host.entry(name)
        if e.kind == "url" and listen is not None:
            out.serve.append(http_proxy_argv(name, e.command_line, listen, lead))
    write_host_file(host, data, backup=True, attached=chosen)
    if lead is None and not installed():
        out.notes.append(
            "this Python runs the inspector from a checkout it is not installed in: a host started elsewhere "
            "will not find it (pip install -e . in the checkout, then attach again)"
        )
    return out


def attach_checked(path: str | Path, names: list[str], *, fmt: str | None = None) -> Outcome:
    """Attach the servers ``names`` of one file as a window's list checks them: the stdio ones in
    one write, each URL one on a free loopback port of its own; one outcome for all. A refusal
    after some were written says which were (:class:`AttachError` carries the words)."""
    host = read_host_file(path, fmt)
    urls = [n for n in names if host.entry(n).kind == "url"]
    stdio = [n for n in names if n not in urls]
    total = Outcome(host.path, [], None)
    for batch, listen in [(stdio, None)] * bool(stdio) + [([n], ("127.0.0.1", 0)) for n in urls]:
        try:
            out = attach(path, batch, fmt=fmt, listen=listen)
        except AttachError as exc:
            if not total.changed:
                raise
            raise type(exc)(f"{exc} (attached before it: {', '.join(total.changed)})") from None
        total.changed += out.changed
        total.backup = out.backup
        total.serve += out.serve
        total.notes += [n for n in out.notes if n not in total.notes]
    return total


def installed() -> bool:
    """Whether ``python -m inspector`` works from any folder (a frozen bundle, or an installed
    package: an editable install counts), not only from the checkout."""
    if getattr(sys, "frozen", False):
        return True
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        distribution("mcp-session-inspector")
    except PackageNotFoundError:
        return False
    return True


def detach(path: str | Path, names: list[str] | None, *, fmt: str | None = None) -> Outcome:
    """Detach the servers ``names`` (every attached one: None) of the file at ``path``."""
    host = read_host_file(path, fmt)
    if host.record_error:
        raise Refused(f"{host.path}: {host.record_error}")
    chosen = [e.name for e in host.entries if e.attached] if names is None else names
    if not chosen:
        raise Refused(f"{host.path}: no server is attached")
    data = host.detached(chosen)
    write_host_file(host, data, detached=chosen)
    out = Outcome(host.path, chosen, host.backup if host.backup.exists() else None)
    if out.backup is not None and len(chosen) == sum(e.attached for e in host.entries):
        try:
            same = out.backup.read_bytes() == data
        except OSError:
            same = False
        if same:
            out.backup.unlink()
            out.backup = None
            out.notes.append("the file is byte for byte as it was before the first attach")
        else:
            out.notes.append(f"the file differs from {out.backup.name} (edited since the attach): the backup is kept")
    return out


@dataclass(frozen=True)
class FoundFile:
    location: ConfigLocation
    host: HostFile | None
    why: str = ""  # why it cannot be read (host is None)


#: the host files chosen by hand (Choose file…), kept for the next window: a JSON list of paths in
#: the user's data folder (the attach dialog lists them again, and the window serves their URL relays)
CHOSEN_FILES = "chosen-host-files.json"


def _chosen_store(where: dict[str, object]) -> Path:
    env = where.get("env")
    env = env if isinstance(env, dict) else os.environ
    home = where.get("home")
    base = env.get("XDG_DATA_HOME") or Path(str(home) if home else Path.home()) / ".local" / "share"
    return Path(base) / "mcp-session-inspector" / CHOSEN_FILES


def chosen_host_files(**where: object) -> list[Path]:
    """The host files chosen by hand in an earlier window that still exist (``where``: as
    :func:`found_host_files`'s home and env); none when the list cannot be read."""
    try:
        items = json.loads(_chosen_store(where).read_bytes())
    except (OSError, ValueError):
        return []
    paths = [Path(p) for p in items if isinstance(p, str)] if isinstance(items, list) else []
    return [p for p in paths if p.is_file()]


def remember_chosen(path: Path, **where: object) -> None:
    """Keep a host file chosen by hand for the next window (the user's alone: 0600). OSError: it
    could not be written (the caller says so; this window has the file all the same)."""
    path = Path(path).absolute()
    known = chosen_host_files(**where)
    if path in known:
        return
    store = _chosen_store(where)
    store.parent.mkdir(parents=True, exist_ok=True)
    _atomic_write(store, (json.dumps([str(p) for p in [*known, path]], indent=1) + "\n").encode(), mode=0o600)


def found_host_files(extra: Iterable[Path] = (), **where: object) -> list[FoundFile]:
    """The host files where the importer looks (:func:`.config_files.existing_locations`;
    ``where`` passes its platform, home, env and cwd), each read or said why not, then the files
    chosen by hand that are not among them (:func:`read_found`): those an earlier window kept
    (:func:`chosen_host_files`), then ``extra``."""
    out = []
    for loc in existing_locations(**where):  # type: ignore[arg-type]
        if loc.format == "registry":
            continue
        try:
            out.append(FoundFile(loc, read_host_file(loc.path, loc.format)))
        except AttachError as exc:
            out.append(FoundFile(loc, None, str(exc)))
    seen = {f.location.path for f in out}
    for p in [*chosen_host_files(**where), *extra]:
        if p not in seen:
            seen.add(p)
            out.append(read_found(p))
    return out


def read_found(path: str | Path) -> FoundFile:
    """A host file chosen by hand (not where the importer looks), read as :func:`found_host_files`
    reads each one, or said why not."""
    path = Path(path)
    try:
        host = read_host_file(path)
    except AttachError as exc:
        return FoundFile(ConfigLocation("", "chosen", path, None), None, str(exc))
    return FoundFile(ConfigLocation(host.client, "chosen", path, host.fmt), host)
