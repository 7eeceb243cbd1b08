"""Panel availability follows the negotiated capabilities (real peers, both eras)."""

from __future__ import annotations

import anyio
import pytest
from session_helpers import reference_server, sdk_server

from inspector.protocol.engine import ClientConfig
from inspector.protocol.versions import EraMode
from inspector.session import Session, SessionOptions
from inspector.session.features import PANELS, availability
from inspector.transport.base import StdioSpec

pytestmark = [pytest.mark.anyio, pytest.mark.peer]


async def negotiated(argv: list[str], era: EraMode) -> tuple[str | None, str | None, dict | None]:
    options = SessionOptions(transport=StdioSpec(argv), config=ClientConfig(era=era), stdin_grace=1.0, term_grace=1.0)
    with anyio.fail_after(30):
        async with Session(options) as session:
            await session.start()
            eng = session.engine
            return (eng.era.value if eng.era else None), eng.version, eng.server_capabilities


@pytest.mark.parametrize("era", [EraMode.AUTO, EraMode.LEGACY])
async def test_a_server_that_declares_only_tools_shows_only_tools(era):
    got_era, version, caps = await negotiated(sdk_server("--tools-only"), era)
    verdicts = availability(got_era, version, caps)
    assert [k for k in PANELS if verdicts[k].shown] == ["tools"]
    assert verdicts["prompts"].reason == "the server did not declare prompts"
    assert verdicts["resources"].reason == "the server did not declare resources"
    assert verdicts["logs"].reason == "the server did not declare logging"
    assert "tasks" in verdicts["tasks"].reason


async def test_the_reference_server_shows_every_legacy_panel():
    got_era, version, caps = await negotiated(reference_server(), EraMode.AUTO)
    assert (got_era, version) == ("legacy", "2025-11-25")
    verdicts = availability(got_era, version, caps)
    assert all(verdicts[k].shown for k in PANELS), verdicts
    assert verdicts["resources"].subscribe and verdicts["resources"].completions


async def test_modern_demo_hides_tasks_with_the_reason():
    import sys

    got_era, version, caps = await negotiated([sys.executable, "-m", "inspector.demo"], EraMode.AUTO)
    assert got_era == "modern"
    verdicts = availability(got_era, version, caps)
    assert verdicts["tools"].shown and verdicts["prompts"].shown and verdicts["resources"].shown
    assert not verdicts["tasks"].shown and "2026-07-28" in verdicts["tasks"].reason


def test_before_negotiation_everything_is_hidden():
    verdicts = availability(None, None, None)
    assert not any(v.shown for v in verdicts.values())
    assert all("connect" in v.reason for v in verdicts.values())


def test_tasks_need_2025_11_25():
    verdicts = availability("legacy", "2025-06-18", {"tasks": {}, "tools": {}})
    assert not verdicts["tasks"].shown and "2025-11-25" in verdicts["tasks"].reason
