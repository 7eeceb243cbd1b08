"""Playback of a recording, sans-IO: which entry is due at a speed, next message, violations."""

from __future__ import annotations

import orjson
from recording_driver import Driver

from inspector.session.playback import MESSAGE_S, NEXT_MESSAGE, TICK_S, Playback


def recording():
    """Five entries at recorded times 0, 0.5, 1, 2 and 4 s; the fourth breaks a rule."""
    d = Driver()

    def at(t: float, send, obj) -> None:
        d.t = t - d.step
        if isinstance(obj, str):
            d.event(obj, "a link event")
        else:
            send(orjson.dumps(obj) + b"\n")

    at(
        0.0,
        d.c2s,
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "c", "version": "1"},
            },
        },
    )
    at(0.5, None, "spawned")
    at(
        1.0,
        d.s2c,
        {
            "jsonrpc": "2.0",
            "id": 1,
            "result": {
                "protocolVersion": "2025-11-25",
                "capabilities": {"logging": {}},
                "serverInfo": {"name": "s", "version": "1"},
            },
        },
    )
    at(2.0, d.s2c, {"jsonrpc": "1.0", "method": "notifications/message", "params": {"level": "info", "data": "x"}})
    at(4.0, d.s2c, {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "y"}})
    return d.rec


def test_due_follows_the_recorded_time_at_a_speed():
    pb = Playback(recording())
    pb.play()
    assert pb.due(0.4) == 0 and pb.due(0.6) == 1 and pb.due(1.5) == 2
    pb.seek(2)
    pb.speed = 2.0
    pb.play()  # from entry 2 (t=1.0): one wall second is two recorded seconds
    assert pb.due(0.4) == 2 and pb.due(0.6) == 3 and pb.playing
    assert pb.due(1.6) == 4 and not pb.playing  # the end stops it
    pb.play()  # from the end: start over
    assert pb.position == 0 and pb.playing


def test_next_message_skips_events_and_violations_are_marks():
    pb = Playback(recording())
    pb.speed = NEXT_MESSAGE
    pb.play()
    assert pb.due(10.0) == 0  # time does not move it: steps do
    assert pb.step() == 2 and pb.step() == 3  # entry 1 is an event, not a message
    assert pb.marks() == [3]  # jsonrpc 1.0
    pb.seek(0)
    assert pb.next_violation() == 3 and pb.position == 3
    pb.seek(len(pb.rec) - 1)
    assert pb.next_violation() == 3  # past the last one it goes round to the start, as a search does
    assert pb.wait_until_next() == 2.0


def test_a_tick_gives_the_entry_due_on_the_playbacks_clock():
    now = [100.0]
    pb = Playback(recording(), clock=lambda: now[0])
    assert pb.interval == TICK_S
    pb.play()
    now[0] += 0.6
    assert pb.tick() == 1  # 0.6 s played: the entry recorded at 0.5 s
    pb.seek(0)  # a seek starts the clock again from there
    assert pb.tick() == 0
    now[0] += 1.5
    assert pb.tick() == 2
    pb.speed = NEXT_MESSAGE
    assert pb.interval == MESSAGE_S
    pb.play()
    assert pb.tick() == 3  # a message further, however much time went by
