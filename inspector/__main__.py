"""``python -m inspector [...]``, and the entry point of the frozen bundle (packaging/).

``--demo-server [demo switches]`` as the first argument runs the built-in demo MCP server on
stdio instead of the app: a frozen bundle has no python to run ``python -m inspector.demo``
with, so it starts its own executable that way (session.profiles.demo_args).
"""

from __future__ import annotations

import sys

DEMO_SERVER_FLAG = "--demo-server"


def run(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == [DEMO_SERVER_FLAG]:
        from inspector.demo.server import main as demo_main  # no Qt, no anyio: starts fast

        return demo_main(argv[1:])
    from inspector import startup_cache

    startup_cache.install()  # before the package's records are made (their methods, compiled once)
    try:
        from inspector.cli import main

        return main(argv)
    finally:
        startup_cache.save()


if __name__ == "__main__":
    raise SystemExit(run())
