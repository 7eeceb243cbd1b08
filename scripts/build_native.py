"""Build the C parts of the package in place, for the Python that runs this script.

    .venv/bin/python scripts/build_native.py            # build what is out of date; quiet otherwise
    .venv/bin/python scripts/build_native.py --check    # exit 1 when a part is missing or out of date
    .venv/bin/python scripts/build_native.py --stamp F  # and write the built files' paths to F

One part today: ``inspector/session/_native.c`` (the timeline's search and the recording
loader's checks), built into
``inspector/session/_native<EXT_SUFFIX>`` beside it (git-ignored; an editable install and the
bundle's PyInstaller both take it from there). The package works without it, more slowly, so a
machine without a C compiler or Python's headers is told so on stderr and the script exits 2
(``scripts/setup.sh`` installs both on Debian). The compiler runs from an argv list, with the
flags of the Python that runs this script; the result is written next to its place and renamed
into it, so a running app never sees half a file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARTS = [ROOT / "inspector" / "session" / "_native.c"]


def target(source: Path) -> Path:
    return source.with_name(source.stem + str(sysconfig.get_config_var("EXT_SUFFIX")))


def out_of_date(source: Path) -> bool:
    built = target(source)
    return not built.exists() or built.stat().st_mtime < max(source.stat().st_mtime, Path(__file__).stat().st_mtime)


def compiler() -> list[str] | None:
    """The compiler's argv: the one Python was built with (``CC``, e.g. ``gcc -pthread`` or
    ``ccache gcc``) when its program is there, else gcc or cc; None: none."""
    configured = str(sysconfig.get_config_var("CC") or "").split()
    if configured and shutil.which(configured[0]):
        return configured
    found = shutil.which("gcc") or shutil.which("cc")
    return [found] if found else None


def build(source: Path) -> None:
    cc = compiler()
    include = Path(sysconfig.get_paths()["include"])
    if cc is None or not (include / "Python.h").exists():
        missing = "a C compiler (gcc)" if cc is None else f"Python's headers ({include}/Python.h)"
        say = f"build_native: {source.name} not built: {missing} missing; the app works without it, slower"
        print(say, file=sys.stderr)
        raise SystemExit(2)
    built = target(source)
    partial = built.with_name(f".{built.name}.{os.getpid()}")
    flags = ["-O2", "-fPIC", "-shared", "-Wall", "-Wextra", "-std=c11", f"-I{include}"]
    argv = [*cc, *flags, str(source), "-o", str(partial)]
    try:
        done = subprocess.run(argv, check=False)
        if done.returncode != 0:  # its messages are above, on stderr
            print(f"build_native: {source.name} not built: the compiler exited with {done.returncode}", file=sys.stderr)
            raise SystemExit(1)
        os.replace(partial, built)
    finally:
        partial.unlink(missing_ok=True)


def main() -> None:
    args = sys.argv[1:]
    stale = [part for part in PARTS if out_of_date(part)]
    if "--check" in args:
        for part in stale:
            print(f"build_native: {target(part).name} is missing or older than its source", file=sys.stderr)
        raise SystemExit(1 if stale else 0)
    for part in stale:
        build(part)
    if "--stamp" in args:  # the files built, a line each (setup.sh checks they are there)
        stamp = Path(args[args.index("--stamp") + 1])
        stamp.write_text("".join(f"{target(part)}\n" for part in PARTS))


if __name__ == "__main__":
    main()
