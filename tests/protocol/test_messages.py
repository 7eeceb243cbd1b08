from __future__ import annotations

import pytest

from inspector.protocol.messages import Kind, parse_line, valid_id


@pytest.mark.parametrize(
    "raw, kind, method, id",
    [
        (b'{"jsonrpc":"2.0","id":0,"method":"ping"}\n', Kind.REQUEST, "ping", 0),
        (b'{"jsonrpc":"2.0","id":"a","method":"ping"}\n', Kind.REQUEST, "ping", "a"),
        (
            b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n',
            Kind.NOTIFICATION,
            "notifications/initialized",
            None,
        ),
        (b'{"result":{},"jsonrpc":"2.0","id":7}\n', Kind.RESULT, None, 7),
        (b'{"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"x"}}\n', Kind.ERROR, None, 7),
        (b"Server starting...\n", Kind.NOISE, None, None),
        (b"\n", Kind.NOISE, None, None),
        (b"[]\n", Kind.BATCH, None, None),
        (b'"text"\n', Kind.INVALID, None, None),
        (b'{"jsonrpc":"2.0"}\n', Kind.INVALID, None, None),
        (b'{"jsonrpc":"2.0","method":5}\n', Kind.INVALID, None, None),
    ],
)
def test_classification(raw, kind, method, id):
    p = parse_line(raw)
    assert (p.kind, p.method, p.id) == (kind, method, id)
    if kind in (Kind.NOISE, Kind.INVALID, Kind.BATCH):
        assert p.problem


def test_error_code_extracted():
    assert parse_line(b'{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"v"}}').error_code == -32022
    assert parse_line(b'{"jsonrpc":"2.0","id":1,"error":"oops"}').error_code is None


def test_ids():
    assert valid_id(0) and valid_id("0") and valid_id(-3)
    assert not valid_id(None) and not valid_id(1.5) and not valid_id(True) and not valid_id([1])


def test_version_lists_match_the_official_wire_models():
    from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS

    from inspector.protocol.versions import LEGACY_VERSIONS, MODERN_VERSIONS

    assert LEGACY_VERSIONS == tuple(HANDSHAKE_PROTOCOL_VERSIONS)
    assert MODERN_VERSIONS == tuple(MODERN_PROTOCOL_VERSIONS)
