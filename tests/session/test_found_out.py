"""What a session found out is kept on its saved server (session/found_out.py), against real
servers: the demo in auto mode (its era), and the SDK's HTTP+SSE server reached through auto
HTTP (the transport that answered after the fallback), which the next spec goes straight to."""

from __future__ import annotations

import pytest
from peers import HttpPeer, free_port, sdk_http_server

from inspector.session import Session
from inspector.session.found_out import remember_found
from inspector.session.profiles import ServerProfile, demo_profile
from inspector.transport.base import HttpSpec, TransportKind

pytestmark = pytest.mark.anyio


async def started(profile: ServerProfile) -> Session:
    session = Session(profile.to_options())
    async with session:
        await session.start()
        return session


async def test_auto_mode_keeps_the_era_a_stdio_server_no_transport():
    profile = demo_profile()
    profile.era = "auto"
    session = await started(profile)
    assert remember_found(profile, session)
    assert profile.detected_era == session.negotiation().era and profile.detected_era in ("legacy", "modern")
    assert profile.detected_transport == ""
    chosen = demo_profile()
    chosen.era = "legacy"  # an era chosen: nothing to find out, nothing kept
    assert not remember_found(chosen, await started(chosen)) and chosen.detected_era == ""


async def test_auto_http_keeps_the_transport_that_answered_and_goes_straight_to_it():
    port = free_port()
    with HttpPeer(sdk_http_server(port, "--sse"), port, path="/sse") as peer:
        profile = ServerProfile(name="sse", command="", transport="http-auto", url=peer.url, era="legacy")
        session = await started(profile)
        assert remember_found(profile, session)
        assert profile.detected_transport == "sse" and profile.detected_era == ""
        spec = profile.to_spec()
        assert isinstance(spec, HttpSpec) and spec.mode is TransportKind.SSE  # the next session: HTTP+SSE at once
