"""Where the real peers live, and how to start them (argv lists only).

Importable from every test folder (``pythonpath = ["tests"]`` in pyproject.toml).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "servers"
REFERENCE_JS = ROOT / ".peers" / "node_modules" / "@modelcontextprotocol" / "server-everything" / "dist" / "index.js"


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
