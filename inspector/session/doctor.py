"""The Connection Doctor: why a server cannot be reached, one check at a time. No Qt.

Theory of operation
-------------------
:func:`diagnose` takes what a connection is made from - a saved server (:class:`ServerProfile`)
or a transport spec (:class:`StdioSpec`, :class:`HttpSpec`) - and runs the checks of its
transport in order, stopping at the first that fails; the checks after it are listed as skipped
(``not-run``), so a front-end always shows the whole list. Each result is a :class:`Check`: its
id, a :class:`Verdict`, an outcome code, the facts seen (``values``: a path, an address, an exit
status; ``quoted``: output as the server wrote it) - codes and values only, worded by
:mod:`.doctor_words` (English tables keyed by check id and code; other languages word the same
keys). A warning does not stop the run. ``on_check`` tells a front-end each result as it comes
(a window fills its list while the session runs); :meth:`Diagnosis.data` is the whole as JSON
and :meth:`Diagnosis.lines` as English lines for a terminal.

stdio, in order: the working directory (first, because a relative command or script is looked
for there), the command (found on the PATH the server will get, and where; or a path that
exists), executable, its interpreter (a script's ``#!`` line, ``env`` looked up on PATH; the
script ``python``/``node`` are given; what ``npx``/``uvx`` will fetch), every reference a
command line can hold unexpanded (``${secret:…}``, ``${input:…}``, ``${env:…}``, shell syntax no
shell will expand, empty values), then one real :class:`~.session.Session` with the server
(:mod:`.doctor_run`): it stays up (or how it ended, with its stderr's telling lines), it writes
nothing but JSON-RPC on stdout before the handshake (the lines quoted), it answers the start
sequence in time and in which era. HTTP, in order: the URL parses (``url_problem``), the name
resolves, TCP connects, TLS verifies against the system's trust store (:mod:`.doctor_net`),
then one real session: the status and content type of its start sequence's POST (a refused era
probe followed by an answered ``initialize`` said as such), authorization (a 401 or
403, and whether OAuth metadata is there: :mod:`.auth_discovery`), Streamable HTTP or HTTP+SSE,
the start sequence. The session is the client - the doctor writes no second one; the network
checks below it are plain sockets, in a thread where they block. Nothing here raises for what
the server or the machine does: every failure is a result.
"""

from __future__ import annotations

import dataclasses
import enum
import os
import re
import shlex
import stat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from inspector.protocol.jsontypes import JsonObject
from inspector.transport.base import Authorizer, HttpSpec, StdioSpec, TransportSpec

from .core import SessionOptions
from .doctor_words import TITLES, advice_text, seen_text, shown
from .launched import launched_name
from .profiles import SECRET_REF, ServerProfile


class Verdict(enum.StrEnum):
    PASS = "pass"
    FAIL = "fail"
    WARN = "warn"
    SKIPPED = "skipped"


@dataclass(frozen=True, slots=True)
class Check:
    """One check's result: ``id`` (a key of :data:`~.doctor_words.TITLES`), the verdict, the
    outcome ``code``, the facts that fill its words, and output quoted as it was written."""

    id: str
    verdict: Verdict
    code: str
    values: Mapping[str, str] = field(default_factory=dict)
    quoted: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        return TITLES.get(self.id, self.id)

    @property
    def seen(self) -> str:
        """What was seen, in English."""
        return seen_text(self.id, self.code, self.values)

    @property
    def advice(self) -> str:
        """What to do, in English ("" when the check passed or was skipped)."""
        return advice_text(self.id, self.code, self.values, self.verdict in (Verdict.PASS, Verdict.SKIPPED))

    def data(self) -> JsonObject:
        return {
            "id": self.id,
            "verdict": self.verdict.value,
            "code": self.code,
            "values": dict(self.values),
            "quoted": list(self.quoted),
            "seen": self.seen,
            "advice": self.advice,
        }


@dataclass(frozen=True, slots=True)
class Diagnosis:
    """Every check of one run, in order: those that ran, then the skipped ones."""

    transport: str  # "stdio" or "http"
    target: str  # the command line (secrets masked) or the URL
    checks: tuple[Check, ...]

    @property
    def failed(self) -> Check | None:
        """The check that failed (the run stopped there), or None."""
        return next((c for c in self.checks if c.verdict is Verdict.FAIL), None)

    @property
    def ok(self) -> bool:
        return self.failed is None

    def check(self, check_id: str) -> Check | None:
        return next((c for c in self.checks if c.id == check_id), None)

    def data(self) -> JsonObject:
        return {"transport": self.transport, "target": self.target, "checks": [c.data() for c in self.checks]}

    def lines(self) -> list[str]:
        """The diagnosis in English, a line or more per check (for a terminal); what the server
        wrote is shown, never obeyed (its control characters, an ANSI escape, written as escapes)."""
        marks = {Verdict.PASS: "ok  ", Verdict.FAIL: "FAIL", Verdict.WARN: "warn", Verdict.SKIPPED: "--  "}
        out = [f"Connection Doctor: {shown(self.target)}"]
        for c in self.checks:
            out.append(f"[{marks[c.verdict]}] {c.title}: {shown(c.seen)}")
            out += [f"         | {shown(q)}" for q in c.quoted]
            if c.advice:
                out.append(f"         → {shown(c.advice)}")
        return out


def checks_in_order(transport: str) -> tuple[str, ...]:
    """The ids of a transport's checks ("stdio" or "http"), in the order they run."""
    return STDIO_CHECKS if transport == "stdio" else HTTP_CHECKS


STDIO_CHECKS = ("cwd", "command", "executable", "interpreter", "environment", "process", "stdout", "start")
HTTP_CHECKS = ("url", "resolve", "connect", "tls", "http-status", "authorization", "transport", "start")


def passed(check_id: str, code: str, **values: str) -> Check:
    return Check(check_id, Verdict.PASS, code, values)


def failed(check_id: str, code: str, quoted: Sequence[str] = (), **values: str) -> Check:
    return Check(check_id, Verdict.FAIL, code, values, tuple(quoted))


def warned(check_id: str, code: str, quoted: Sequence[str] = (), **values: str) -> Check:
    return Check(check_id, Verdict.WARN, code, values, tuple(quoted))


#: Told of each check as it is done (and of each skipped one at the end): a front-end's progress.
OnCheck = Callable[[Check], None]


class Run:
    """The checks so far; :meth:`add` says whether to go on (not after a failure)."""

    def __init__(self, order: Sequence[str], on_check: OnCheck | None = None) -> None:
        self.order = tuple(order)
        self.done: list[Check] = []
        self.on_check = on_check

    def add(self, *checks: Check) -> bool:
        for c in checks:
            if self.stopped:
                break
            self.done.append(c)
            if self.on_check is not None:
                self.on_check(c)
        return not self.stopped

    @property
    def stopped(self) -> bool:
        return any(c.verdict is Verdict.FAIL for c in self.done)

    def finish(self, transport: str, target: str) -> Diagnosis:
        ran = {c.id for c in self.done}
        rest = [Check(i, Verdict.SKIPPED, "not-run") for i in self.order if i not in ran]
        for c in rest:
            if self.on_check is not None:
                self.on_check(c)
        return Diagnosis(transport, target, (*self.done, *rest))


# ---------------------------------------------------------------------- the entry point


async def diagnose(
    target: ServerProfile | StdioSpec | HttpSpec,
    *,
    options: SessionOptions | None = None,
    stay_up: float = 0.3,
    on_check: OnCheck | None = None,
    authorizer: Authorizer | None = None,
) -> Diagnosis:
    """Run the checks for ``target`` in order, stopping at the first that fails.

    ``options``: the session's (timeouts, era); by default the profile's, or the defaults for a
    bare spec. ``stay_up``: once the start sequence is done, how long the server must stay up
    (stdio). ``on_check``: told of each result as it comes, in order, skipped ones included.
    ``authorizer``: an HTTP server's credentials as a session with it would have them (a saved
    server's stored OAuth token: :class:`StoredTokenOnly`), so the checks see what it sees."""
    if isinstance(target, ServerProfile):
        try:
            spec: TransportSpec = target.to_spec()
        except ValueError:
            spec = HttpSpec(target.url) if target.url else StdioSpec(target.argv)
        if options is None:
            try:
                options = target.to_options()
            except ValueError:
                options = SessionOptions(transport=spec)
    else:
        spec = target
    options = options or SessionOptions(transport=spec)
    if isinstance(spec, HttpSpec) and authorizer is not None:
        spec = dataclasses.replace(spec, authorizer=authorizer)
    if isinstance(spec, HttpSpec):
        from .doctor_net import diagnose_http

        return await diagnose_http(spec, options, on_check)
    if not isinstance(spec, StdioSpec):
        raise TypeError(f"the doctor knows stdio and HTTP servers, not {spec.kind!r}")
    return await diagnose_stdio(spec, options, stay_up, on_check)


class StoredTokenOnly:
    """An authorizer that sends the token another one holds (a saved server's stored OAuth token,
    refreshed when due as a session would) and never signs in: the doctor opens no browser, and
    a refusal is the authorization check's finding."""

    def __init__(self, inner: Authorizer) -> None:
        self.inner = inner

    def authorization(self) -> str | None:
        return self.inner.authorization()

    async def prepare(self, version: str | None) -> None:
        await self.inner.prepare(version)

    async def refused(self, status: int, challenges: tuple[str, ...], version: str | None) -> bool:
        return False


async def diagnose_stdio(
    spec: StdioSpec, options: SessionOptions, stay_up: float = 0.3, on_check: OnCheck | None = None
) -> Diagnosis:
    """The stdio checks (see the module's theory)."""
    from .doctor_run import run_stdio_session

    run = Run(STDIO_CHECKS, on_check)
    target = shlex.join(spec.shown()) or "(no command)"
    env = effective_env(spec)
    ok = run.add(cwd_check(spec.cwd))
    program: Path | None = None
    if ok:
        command, program = command_check(spec.argv, spec.cwd, env)
        ok = run.add(command)
    if ok and program is not None:
        ok = run.add(executable_check(program))
    if ok and program is not None:
        ok = run.add(interpreter_check(program, spec.argv, spec.cwd, env))
    if ok:
        ok = run.add(environment_check(spec))
    if ok:
        run.add(*await run_stdio_session(spec, options, stay_up))
    return run.finish("stdio", target)


# ---------------------------------------------------------------------- stdio: the machine


def effective_env(spec: StdioSpec) -> dict[str, str]:
    """The environment the server gets (as the stdio transport makes it)."""
    return {**os.environ, **spec.env} if spec.inherit_env else dict(spec.env)


def cwd_check(cwd: str | None) -> Check:
    if not cwd:
        return passed("cwd", "not-set", cwd=os.getcwd())
    path = Path(cwd)
    if not path.exists():
        return failed("cwd", "missing", cwd=cwd)
    if not path.is_dir():
        return failed("cwd", "not-folder", cwd=cwd)
    if not os.access(path, os.X_OK):
        return failed("cwd", "denied", cwd=cwd)
    return passed("cwd", "exists", cwd=cwd)


def _has_separator(name: str) -> bool:
    return os.sep in name or bool(os.altsep and os.altsep in name)


def find_on_path(name: str, env: Mapping[str, str]) -> tuple[Path | None, list[str]]:
    """Where ``name`` is on the PATH of ``env`` (the first executable file, else the first file
    of that name), and the folders looked in."""
    folders = [d for d in os.get_exec_path(dict(env)) if d]
    found: Path | None = None
    for folder in folders:
        candidate = Path(folder) / name
        if candidate.is_file():
            if os.access(candidate, os.X_OK):
                return candidate, folders
            found = found or candidate
    return found, folders


def command_check(argv: Sequence[str], cwd: str | None, env: Mapping[str, str]) -> tuple[Check, Path | None]:
    """The command found on PATH (and where) or as a path; with the file when there is one."""
    if not argv or not str(argv[0]).strip():
        return failed("command", "empty"), None
    name = os.fspath(argv[0])
    if not _has_separator(name):
        found, folders = find_on_path(name, env)
        if found is None:
            shown = os.pathsep.join(folders[:6]) + (os.pathsep + "…" if len(folders) > 6 else "")
            return failed("command", "not-on-path", program=name, count=str(len(folders)), where=shown), None
        return passed("command", "on-path", program=name, path=str(found)), found
    path = Path(name) if Path(name).is_absolute() or not cwd else Path(cwd) / name
    if not path.exists():
        return failed("command", "missing", path=str(path)), None
    if path.is_dir():
        return failed("command", "is-folder", path=str(path)), None
    return passed("command", "path", path=str(path)), path


def executable_check(path: Path) -> Check:
    mode = stat.filemode(path.stat().st_mode)
    if not os.access(path, os.X_OK):
        return failed("executable", "no", path=str(path), mode=mode)
    return passed("executable", "yes", path=str(path), mode=mode)


#: launchers that fetch what they run (the package is named, not checked: it may need the network)
LAUNCHERS = frozenset({"npx", "uvx", "pipx", "bunx", "pnpx", "docker", "podman", "uv"})
_PYTHON = re.compile(r"^python(\d+(\.\d+)?)?$")
_NODE = frozenset({"node", "nodejs", "bun", "deno", "tsx", "ts-node"})
#: options that take a value (skipped with it), and those after which no script follows
_VALUED = frozenset({"-W", "-X", "-r", "--require", "--import", "--loader", "--env-file", "-C"})
_NO_SCRIPT = frozenset({"-m", "-c", "-e", "--eval", "-p", "--print", "-", "run", "--version", "-V", "-h"})
_SCRIPT_SUFFIXES = frozenset({".py", ".pyw", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts"})


def script_argument(argv: Sequence[str]) -> str | None:
    """The script an interpreter (``python``, ``node``…) is to run, when argv names one."""
    i = 1
    while i < len(argv):
        word = argv[i]
        if word in _NO_SCRIPT:
            return None
        if word.startswith("-"):
            i += 2 if word in _VALUED else 1
            continue
        return word if Path(word).suffix in _SCRIPT_SUFFIXES or _has_separator(word) else None
    return None


def _shebang(path: Path) -> tuple[bytes, str | None]:
    """The file's first bytes and its ``#!`` line's words (None: no such line)."""
    with path.open("rb") as f:
        head = f.read(512)
    if not head.startswith(b"#!"):
        return head, None
    return head, head[2:].split(b"\n", 1)[0].decode("utf-8", "replace").strip()


#: the first bytes of a compiled program: ELF, Mach-O (32, 64, universal)
BINARY_MAGIC = (
    b"\x7fELF",
    b"\xfe\xed\xfa\xce",
    b"\xfe\xed\xfa\xcf",
    b"\xce\xfa\xed\xfe",
    b"\xcf\xfa\xed\xfe",
    b"\xca\xfe\xba\xbe",
)


def interpreter_check(path: Path, argv: Sequence[str], cwd: str | None, env: Mapping[str, str]) -> Check:
    """A script's interpreter (its ``#!`` line), the script an interpreter is given, what a
    launcher fetches."""
    try:
        head, line = _shebang(path)
    except OSError as exc:
        return failed("interpreter", "unreadable", path=str(path), error=exc.strerror or str(exc))
    if line is not None:
        words = line.split()
        if not words:
            return failed("interpreter", "no-shebang", path=str(path))
        interpreter = words[0]
        if Path(interpreter).name == "env" and len(words) > 1:
            rest = [w for w in words[1:] if not w.startswith("-") and "=" not in w]  # env's options and NAME=value
            if rest:
                found, _ = find_on_path(rest[0], env)
                if found is None or not os.access(found, os.X_OK):
                    return failed("interpreter", "shebang-env-missing", path=str(path), interpreter=rest[0])
                outcome = passed("interpreter", "shebang-env", path=str(path), interpreter=rest[0], found=str(found))
                return _script_or(outcome, argv, cwd)
        if not (Path(interpreter).is_file() and os.access(interpreter, os.X_OK)):
            return failed("interpreter", "shebang-missing", path=str(path), interpreter=interpreter)
        return _script_or(passed("interpreter", "shebang", path=str(path), interpreter=interpreter), argv, cwd)
    if not head.startswith(BINARY_MAGIC):
        return failed("interpreter", "no-shebang", path=str(path))
    return _script_or(passed("interpreter", "binary", path=str(path)), argv, cwd)


def _script_or(outcome: Check, argv: Sequence[str], cwd: str | None) -> Check:
    """``outcome``, unless the program is an interpreter whose script is missing, or a launcher
    (then what it will fetch is said)."""
    program = Path(os.fspath(argv[0])).name
    if program in LAUNCHERS:
        return passed("interpreter", "launcher", program=program, package=launched_name(argv) or "?")
    if not (_PYTHON.match(program) or program in _NODE):
        return outcome
    script = script_argument(argv)
    if script is None:
        return outcome
    where = Path(script) if Path(script).is_absolute() or not cwd else Path(cwd) / script
    if not where.is_file():
        return failed("interpreter", "script-missing", program=program, script=script, path=str(where.absolute()))
    return passed("interpreter", "script", program=program, script=script)


# ---------------------------------------------------------------------- stdio: references

_INPUT = re.compile(r"\$\{input:([^}]+)\}")
_ENV_REF = re.compile(r"\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}")
_SHELL = re.compile(r"(?<![\\$])\$([A-Za-z_][A-Za-z0-9_]*)\b|(?<!\\)`[^`]*`|^~(?=/|$)")


def environment_check(spec: StdioSpec) -> Check:
    """Every reference the command line and environment hold is filled: nothing left as written
    (no shell runs the command), no variable a ``${secret:…}`` names missing, no empty value."""
    given = set(spec.env)
    args = [os.fspath(a) for a in spec.shown()[1:]]  # a secret's value is never quoted: the shown argv masks it
    texts = args + list(spec.env.values())
    secret = sorted({m.group(1) for a in args for m in SECRET_REF.finditer(a)} - given)
    if secret:
        return failed("environment", "secret-unknown", names=", ".join(secret))
    inputs = sorted({m.group(1) for t in texts for m in _INPUT.finditer(t)})
    if inputs:
        return failed("environment", "input-unfilled", names=", ".join(inputs))
    unexpanded = sorted({m.group(0) for t in texts for m in _ENV_REF.finditer(SECRET_REF.sub("", t))})
    if unexpanded:
        return failed("environment", "env-unexpanded", names=", ".join(unexpanded))
    shell = sorted({m.group(0) for t in args for m in _SHELL.finditer(t)})
    if shell:
        return warned("environment", "shell-syntax", names=", ".join(shell))
    empty = sorted(name for name, value in spec.env.items() if not value)
    if empty:
        return warned("environment", "empty", names=", ".join(empty))
    referenced = sorted(given)
    if not referenced:
        return passed("environment", "none")
    return passed("environment", "set", names=", ".join(referenced))
