"""The details pane explains an entry's notes (issue 21, point 5): an error with id null for a
line the server could not read is not a violation; the pane says why, with the rule's text."""

from __future__ import annotations

import pytest


from recording_driver import Driver  # noqa: E402
from inspector.protocol.engine import NULL_ID_NOTE  # noqa: E402
from inspector.protocol.rules import RULES  # noqa: E402
from inspector.ui.detail import DetailPane  # noqa: E402


@pytest.fixture
def pane(qtbot):
    p = DetailPane()
    qtbot.addWidget(p)
    p.resize(700, 600)
    p.show()
    return p


def test_a_null_id_parse_error_is_explained_not_flagged(pane):
    d = Driver()
    d.handshake()
    seq = d.s2c(b'{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}\n')
    pane.set_entry(d.rec, seq)
    text = pane.findings_text()
    assert f"ℹ {NULL_ID_NOTE}  (info)" in text
    assert RULES[NULL_ID_NOTE].text in text and RULES[NULL_ID_NOTE].spec in text
    assert "⚠" not in text and "Invalid against the JSON Schema" not in text
    # the same id null on a result is still a violation
    seq = d.s2c(b'{"jsonrpc":"2.0","id":null,"result":{}}\n')
    pane.set_entry(d.rec, seq)
    text = pane.findings_text()
    assert "⚠ jsonrpc.id-invalid" in text and NULL_ID_NOTE not in text
