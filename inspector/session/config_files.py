"""Other clients' configuration files as files: where each client keeps its file, reading a
file the user names without ever blocking or reading too much, and JSON with comments. No Qt.

Theory of operation
-------------------
:func:`default_locations` lists where Claude Desktop, VS Code (and its user profiles),
Cursor, Windsurf, the MCP Inspector and a registry ``server.json`` keep their files on a
platform; :func:`existing_locations` says which hold one. :func:`read_user_file` reads a
regular file up to a limit (a FIFO, a folder, a symbolic link loop... is an
:class:`UnreadableFile` whose ``why`` is a translatable :class:`~.secrecy.Word`).
:func:`loads_config` reads JSON as the clients write it (comments and trailing commas, removed
by :func:`strip_jsonc` keeping every line and column), an integer of any length a number
(:class:`LongNumber`), an object remembering its duplicated keys; :func:`json_path` names a
place in one (``$.mcpServers["my server"].args[2]``). What a file means is
:mod:`.imports`'s business (and its documents' shapes :mod:`.documents`').
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import orjson

from inspector.protocol.jsontypes import JsonObject, JsonValue

from .recording import file_kind
from .secrecy import Word


def json_text(value: JsonValue) -> str:
    """A string as it is; any other JSON value as its JSON text."""
    return value if isinstance(value, str) else orjson.dumps(value).decode()


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def json_path(base: str, key: str | int) -> str:
    """``$.mcpServers.foo``, ``$.args[2]``, ``$.mcpServers["my server"]``."""
    if isinstance(key, int):
        return f"{base}[{key}]"
    if _IDENT.match(key):
        return f"{base}.{key}"
    return f"{base}[{json.dumps(key, ensure_ascii=False)}]"


def loc_path(base: str, loc: tuple[str | int, ...]) -> str:
    """The JSON path of a pydantic error location under ``base``."""
    for key in loc:
        base = json_path(base, key)
    return base


class UnreadableFile(Exception):
    """A file that cannot be read; ``why`` says so in a few words (a :class:`Word`, or the
    system's own words for a rare error)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class FileTooLarge(UnreadableFile):
    pass


#: why a file cannot be opened, by errno (any other error is said in the system's words)
_ERRNO_WORDS = {
    errno.ENOENT: "no such file",
    errno.ELOOP: "a symbolic link loop (too many levels of symbolic links)",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.ENAMETOOLONG: "the name is too long",
    errno.EISDIR: "a folder, not a file",
}


def _os_why(exc: OSError, path: Path) -> str:
    if exc.errno == errno.ENOENT:
        try:
            if stat.S_ISLNK(os.lstat(path).st_mode):
                return Word("a symbolic link to a file that does not exist")
        except (OSError, ValueError):
            pass
    word = _ERRNO_WORDS.get(exc.errno or 0)
    return Word(word) if word else (exc.strerror or str(exc))


def _not_a_file(mode: int) -> Word:
    kind = file_kind(mode)  # "a folder", "a named pipe (FIFO)"... (the loader's words for it)
    return Word(kind if kind == "not a regular file" else f"{kind}, not a file")


def read_user_file(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path``; :class:`FileTooLarge` when it holds more than
    ``limit``, :class:`UnreadableFile` naming why it cannot be read (no such file, a symbolic
    link loop, permission denied, a folder...). Never blocks on a FIFO, never reads more than
    ``limit + 1`` bytes (a file that grows while it is read is still bounded)."""
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            raise UnreadableFile(_not_a_file(st.st_mode))
        if st.st_size > limit:
            raise FileTooLarge(str(limit))
        flags = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(path, os.O_RDONLY | flags)
    except OSError as exc:
        raise UnreadableFile(_os_why(exc, path)) from None
    except ValueError:  # a NUL in the name, or a character the file system cannot encode
        raise UnreadableFile(Word("the path holds a character no file name can hold")) from None
    try:
        with os.fdopen(fd, "rb") as f:
            mode = os.fstat(f.fileno()).st_mode
            if not stat.S_ISREG(mode):  # replaced since it was looked at
                raise UnreadableFile(_not_a_file(mode))
            data = f.read(limit + 1)
    except OSError as exc:
        raise UnreadableFile(_os_why(exc, path)) from None
    if len(data) > limit:
        raise FileTooLarge(str(limit))
    return data


class LongNumber:
    """A JSON integer with more digits than Python turns into an ``int`` (``sys.get_int_max_str_digits``):
    kept as its text, a number like any other to the checks."""

    __slots__ = ("digits",)

    def __init__(self, digits: str) -> None:
        self.digits = digits

    def __str__(self) -> str:
        return self.digits

    __repr__ = __str__


def _integer(text: str) -> int | LongNumber:
    try:
        return int(text)
    except ValueError:
        return LongNumber(text)


class _Object(JsonObject):
    """A JSON object; ``duplicates`` names the keys it has more than once (the last value wins)."""

    duplicates: tuple[str, ...] = ()


def _object(pairs: list[tuple[str, JsonValue]]) -> JsonObject:
    d = _Object(pairs)
    if len(d) != len(pairs):
        seen: set[str] = set()
        twice = (k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        d.duplicates = tuple(dict.fromkeys(twice))
    return d


def loads_config(text: str) -> JsonValue:
    """JSON (with comments and trailing commas) as the config readers take it: an integer of
    any length is a number (:class:`LongNumber` beyond Python's limit), an object remembers
    its duplicated keys. Raises json.JSONDecodeError and RecursionError only."""
    return json.loads(strip_jsonc(text.lstrip("\ufeff")), parse_int=_integer, object_pairs_hook=_object)


def strip_jsonc(text: str) -> str:
    """JSON with comments (``//``, ``/* */``) and trailing commas as plain JSON; every other
    character keeps its line and column, so errors point where the file has them."""
    out: list[str] = []
    i, n = 0, len(text)
    pending_comma = -1  # index in out of a comma that may turn out to be trailing
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            pending_comma = -1
            i = j + 1
            continue
        if c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
            continue
        if c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
            continue
        if c in "}]" and pending_comma >= 0:
            out[pending_comma] = " "
        if c == ",":
            pending_comma = len(out)
        elif not c.isspace():
            pending_comma = -1
        out.append(c)
        i += 1
    return "".join(out)


@dataclass(frozen=True)
class ConfigLocation:
    client: str  # the client's name (a product name: not translated)
    scope: str  # "user", "profile" (one of VS Code's user profiles), "workspace" (the current folder's) or ""
    path: Path  # a "*" in it stands for any folder (VS Code's profiles/*/mcp.json)
    format: str | None  # None: detect


def default_locations(
    *,
    platform: str | None = None,
    home: Path | None = None,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> list[ConfigLocation]:
    """Where Claude Desktop, VS Code (also Insiders, VSCodium, and each one's user profiles:
    ``User/profiles/*/mcp.json``), Cursor, Windsurf, the MCP Inspector and a registry
    ``server.json`` are usually found on ``platform`` (this one by default): the places looked
    in, whether or not a file is there (:func:`existing_locations` says which hold one)."""
    platform = platform or sys.platform
    home = Path(home) if home is not None else Path.home()
    env = os.environ if env is None else env
    cwd = Path(cwd) if cwd is not None else Path.cwd()
    if platform == "darwin":
        app = home / "Library" / "Application Support"
    elif platform.startswith(("win", "cygwin")):
        app = Path(env.get("APPDATA") or home / "AppData" / "Roaming")
    else:
        app = Path(env.get("XDG_CONFIG_HOME") or home / ".config")
    vscodes = [("VS Code", "Code"), ("VS Code Insiders", "Code - Insiders"), ("VSCodium", "VSCodium")]
    return [
        ConfigLocation("Claude Desktop", "user", app / "Claude" / "claude_desktop_config.json", "claude-desktop"),
        *(ConfigLocation(client, "user", app / folder / "User" / "mcp.json", "vscode") for client, folder in vscodes),
        *(
            ConfigLocation(client, "profile", app / folder / "User" / "profiles" / "*" / "mcp.json", "vscode")
            for client, folder in vscodes
        ),
        ConfigLocation("VS Code", "workspace", cwd / ".vscode" / "mcp.json", "vscode"),
        ConfigLocation("Cursor", "user", home / ".cursor" / "mcp.json", "cursor"),
        ConfigLocation("Cursor", "workspace", cwd / ".cursor" / "mcp.json", "cursor"),
        ConfigLocation("Windsurf", "user", home / ".codeium" / "windsurf" / "mcp_config.json", "windsurf"),
        ConfigLocation("MCP Inspector", "workspace", cwd / "mcp.json", None),
        ConfigLocation("MCP registry", "workspace", cwd / "server.json", "registry"),
    ]


def existing_locations(
    *,
    platform: str | None = None,
    home: Path | None = None,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> list[ConfigLocation]:
    """:func:`default_locations` that hold a file (one for each VS Code profile that has one)."""
    out = []
    for loc in default_locations(platform=platform, home=home, env=env, cwd=cwd):
        parts = loc.path.parts
        star = next((n for n, part in enumerate(parts) if "*" in part), None)
        try:
            if star is None:
                paths = [loc.path]
            else:
                paths = sorted(Path(*parts[:star]).glob(str(Path(*parts[star:]))))
            out += [ConfigLocation(loc.client, loc.scope, path, loc.format) for path in paths if path.is_file()]
        except OSError:
            pass
    return out
