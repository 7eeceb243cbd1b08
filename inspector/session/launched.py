"""What a server command launches: the name a proxied session goes by when ``--name`` is not given.

Theory of operation. Hosts rarely start a server's program directly: the command is a launcher -
``npx -y @scope/server-x``, ``npm exec``, ``pnpm dlx``, ``bunx``, ``uvx mcp-server-fetch``, ``uv run
server.py``, ``pipx run``, ``env KEY=V …``, ``node build/index.js``, ``python -m pkg``, ``docker run
… image`` - and "npx" or "docker" names nothing in the Watch list or a recording's file name.
:func:`launched_name` reads the command as its launcher would, far enough to find what it runs:
the launcher's own options are skipped (those known to take a value skip it too; ``--opt=value``
is one word), and the first other word is the package, image, module or script. A package loses
its version (``@1.2``, ``==1.0``, ``[extra]``) and its scope or registry path (``@scope/x`` → ``x``,
``ghcr.io/org/x:tag`` → ``x``); a script loses its folder and suffix, and a script with a generic
name (``index.js``, ``main.py``, under ``build/`` or ``dist/``) is named by the project folder
above it. What the launcher runs may be a launcher again (``env … npx …``, ``uv run python -m
…``): it is read the same way. When nothing can be found (``node -e``, ``sh -c``, a launcher with
no argument), the program's own name is the answer, as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePath

__all__ = ["launched_name"]

#: Options of each launcher that take the next word as their value (``--opt=value`` never does).
_VALUED_NPX = {
    "-p",
    "--package",
    "--registry",
    "--cache",
    "--prefix",
    "--userconfig",
    "-w",
    "--workspace",
    "-c",
    "--call",
}
_VALUED_UV = {
    "--from",
    "--with",
    "--with-editable",
    "--with-requirements",
    "--python",
    "-p",
    "--index",
    "--index-url",
    "--extra-index-url",
    "--directory",
    "--project",
    "--env-file",
    "--constraint",
    "-c",
    "--spec",
    "--pip-args",
    "--group",
    "--extra",
    "--package",
}
_VALUED_NODE = {"-r", "--require", "--import", "--loader", "--experimental-loader", "--env-file", "-C", "--conditions"}
_VALUED_PYTHON = {"-W", "-X", "-Q"}
_VALUED_DOCKER = {
    "-e",
    "--env",
    "--env-file",
    "-v",
    "--volume",
    "--mount",
    "--name",
    "-p",
    "--publish",
    "--network",
    "--net",
    "-w",
    "--workdir",
    "-u",
    "--user",
    "--entrypoint",
    "-l",
    "--label",
    "--platform",
    "--pull",
    "--cpus",
    "-m",
    "--memory",
    "--add-host",
    "--device",
    "--cap-add",
    "--cap-drop",
    "--security-opt",
    "--hostname",
    "-h",
    "--dns",
    "--ulimit",
    "--tmpfs",
    "--runtime",
    "--gpus",
    "--log-driver",
    "--log-opt",
    "--restart",
    "--shm-size",
    "--stop-signal",
    "--ipc",
    "--pid",
    "--group-add",
    "--cidfile",
}
_VALUED_ENV = {"-u", "--unset", "-C", "--chdir", "-S", "--split-string"}
#: A script with one of these names (or in one of these folders) says little: its project folder does.
_GENERIC = {"index", "main", "server", "cli", "app", "run", "start", "__main__", "mcp", "mcp-server", "mcp_server"}
_BUILD_FOLDERS = {"build", "dist", "out", "lib", "src", "bin", "dist-cjs", "dist-esm", "esm", "cjs", "target"}
_PYTHON = re.compile(r"^python(\d+(\.\d+)?)?w?(\.exe)?$")
_NODE_LIKE = {"node", "nodejs", "deno", "tsx", "ts-node", "bun"}
_VERSION = re.compile(r"[=<>~!\[;]|@(?=[^/]*$)")


def _first_word(args: Sequence[str], valued: set[str]) -> int | None:
    """The index of the first word in ``args`` that is not an option (or an option's value)."""
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            return i + 1 if i + 1 < len(args) else None
        if word.startswith("-") and word != "-":
            i += 2 if word in valued else 1
            continue
        return i
    return None


def _package(word: str) -> str:
    """``@scope/name@1.2`` → ``name``; ``name==1.0`` and ``name[extra]`` → ``name``."""
    if word.startswith("@"):
        scope, _, rest = word.partition("/")
        word = rest or scope
    cut = _VERSION.search(word)
    if cut is not None and cut.start() > 0:
        word = word[: cut.start()]
    return word.rstrip("/").rpartition("/")[2]


def _image(word: str) -> str:
    """``ghcr.io/org/name:tag`` or ``name@sha256:…`` → ``name``."""
    word = word.partition("@")[0]
    last = word.rpartition("/")[2]
    return last.partition(":")[0] or last


def _script(word: str) -> str:
    """A script's name: its stem, or its project folder's name when the stem says little."""
    path = PurePath(word)
    if path.stem.lower() not in _GENERIC and path.parent.name.lower() not in _BUILD_FOLDERS:
        return path.stem
    for folder in reversed(path.parent.parts):
        if folder.lower() not in _BUILD_FOLDERS and folder not in ("/", ".", ".."):
            return folder
    return path.stem


def _after(argv: Sequence[str], start: int, valued: set[str]) -> tuple[int, str] | None:
    found = _first_word(argv[start:], valued)
    return None if found is None else (start + found, argv[start + found])


def launched_name(argv: Sequence[str], depth: int = 0) -> str | None:
    """The name of what ``argv`` runs through its launcher (see the module docstring); None when
    ``argv`` is empty. At most a few launchers deep."""
    if not argv:
        return None
    program = PurePath(argv[0]).name
    lower = program.lower().removesuffix(".exe").removesuffix(".cmd")
    own = program if depth == 0 else _script(argv[0])
    if depth > 4:
        return own

    def again(i: int) -> str:
        return launched_name(argv[i:], depth + 1) or own

    if lower in ("npx", "bunx", "pnpx"):
        hit = _after(argv, 1, _VALUED_NPX)
        return _package(hit[1]) if hit else own
    if lower in ("npm", "pnpm", "yarn", "bun") and len(argv) > 1 and argv[1] in ("exec", "x", "dlx"):
        hit = _after(argv, 2, _VALUED_NPX)
        return _package(hit[1]) if hit else own
    if lower == "uvx":
        hit = _after(argv, 1, _VALUED_UV)
        return _package(hit[1]) if hit else own
    if lower in ("uv", "pipx"):  # uv [options] run …, uv tool run PKG, pipx run PKG
        sub = _after(argv, 1, _VALUED_UV)
        if sub is None:
            return own
        if sub[1] == "tool":
            sub = _after(argv, sub[0] + 1, _VALUED_UV)
            if sub is None or sub[1] != "run":
                return own
        if sub[1] != "run":
            return own
        hit = _after(argv, sub[0] + 1, _VALUED_UV)
        if hit is None:
            return own
        if lower == "pipx" or argv[sub[0] - 1] == "tool":
            return _package(hit[1])
        word = hit[1]  # uv run: a script of the project, or a command (which may launch again)
        return _script(word) if word.endswith(".py") else again(hit[0])
    if lower == "env":
        i = 1
        while i < len(argv) and (argv[i].startswith("-") or "=" in argv[i]):
            i += 2 if argv[i] in _VALUED_ENV else 1
        return again(i) if i < len(argv) else own
    if _PYTHON.match(lower):
        i = 1
        while i < len(argv):
            word = argv[i]
            if word == "-m" and i + 1 < len(argv):
                return argv[i + 1]
            if word.startswith("-m") and len(word) > 2:
                return word[2:]
            if word == "-c":
                return own
            if word.startswith("-"):
                i += 2 if word in _VALUED_PYTHON else 1
                continue
            return _script(word)
        return own
    if lower in _NODE_LIKE:
        start = 2 if lower in ("deno", "bun") and len(argv) > 1 and argv[1] == "run" else 1
        for i in range(start, len(argv)):
            if argv[i] in ("-e", "--eval", "-p", "--print"):
                return own
        hit = _after(argv, start, _VALUED_NODE)
        if hit is None:
            return own
        word = hit[1]
        if word.startswith(("npm:", "jsr:")):
            return _package(word[4:])
        return _script(word.rstrip("/").rpartition("/")[2] if "://" in word else word)
    if lower in ("docker", "podman", "nerdctl") and len(argv) > 1:
        ran = 2 if argv[1] == "run" else 3 if argv[1:3] == ["container", "run"] else None
        if ran is None:
            return own
        hit = _after(argv, ran, _VALUED_DOCKER)
        return _image(hit[1]) if hit else own
    if lower in ("cmd", "cmd.exe") and len(argv) > 2 and argv[1].lower() in ("/c", "/k"):
        return again(2)
    return own
