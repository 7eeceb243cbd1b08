"""Shared test helpers: where the real peers live, and how to start them (argv lists only)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "servers"
REFERENCE_JS = ROOT / ".peers" / "node_modules" / "@modelcontextprotocol" / "server-everything" / "dist" / "index.js"

if os.environ.get("INSPECTOR_BLOCK_QT") == "1":
    # The headless run: everything below ui must work with PySide6 absent.
    class _BlockQt:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("PySide6", "shiboken6", "qasync"):
                raise ImportError(f"{name} is blocked in the headless test run")
            return None

    sys.meta_path.insert(0, _BlockQt())


@pytest.fixture
def anyio_backend():
    return "asyncio"


def misbehave(mode: str, *extra: str) -> list[str]:
    """argv of the misbehaving fixture server in ``mode``."""
    return [sys.executable, str(FIXTURES / "misbehave.py"), "--mode", mode, *extra]


def sdk_server(*extra: str) -> list[str]:
    """argv of the official Python SDK's low-level server (dual-era)."""
    return [sys.executable, str(FIXTURES / "sdk_lowlevel.py"), *extra]


def reference_server() -> list[str]:
    """argv of @modelcontextprotocol/server-everything (legacy era, TypeScript SDK)."""
    node = shutil.which("node")
    if node is None or not REFERENCE_JS.exists():
        pytest.fail(
            "the reference server is not installed: run scripts/test.sh (it runs npm ci in .peers/)",
            pytrace=False,
        )
    return [node, str(REFERENCE_JS), "stdio"]
