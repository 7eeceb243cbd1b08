"""The negotiation summary as words: what the client offered and what the server declared, row
by row, with a headline and the server's instructions.

Theory of operation. :func:`~.views.negotiation_facts` (through the
:class:`~.views.NegotiationTracker`) reads the start exchange from a recording; the window's
negotiation view shows those facts as a tree. What the tree says is decided here, without Qt:
:func:`negotiation_table` gives the headline (nothing yet, waiting, an error answer, the
negotiated or requested version), the rows (protocol version, name, version, then each
capability under "Capabilities") and the instructions. Every word is English in :data:`WORDS`
and goes through the caller's ``tr(context, text)`` (context "NegotiationView", the view's own;
``scripts/i18n.py`` reads the table). Server text is returned as it is, for plain-text widgets.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.messages import Kind

from .translate import Translate, untranslated

__all__ = ["CONTEXT", "WORDS", "NegotiationRow", "NegotiationTable", "negotiation_table", "short_value"]

CONTEXT = "NegotiationView"

#: Every word of this module, English ("NegotiationView" context).
WORDS: dict[str, str] = {
    "later": "Nothing negotiated yet at this entry: the start exchange comes later.",
    "none": "No negotiation yet: connect to a server.",
    "error": "{method} was answered with error {code}: {message}",
    "waiting": "{method} sent, waiting for the answer.",
    "negotiated": "Negotiated version: {v}",
    "requested": "Requested version {v}; server supports {s}",
    "protocol": "Protocol version",
    "name": "Name",
    "version": "Version",
    "capabilities": "Capabilities",
    "not_offered": "not offered",
    "not_declared": "not declared",
    "instructions": "Instructions from the server:",
}


def short_value(value: JsonValue) -> str:
    """A JSON value in one short line: an object as ``key: value`` pairs, booleans in JSON's words."""
    if isinstance(value, dict):
        if not value:
            return "{}"
        return ", ".join(f"{k}: {short_value(v)}" for k, v in value.items())
    if isinstance(value, list):
        return "[" + ", ".join(short_value(v) for v in value) + "]"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "—"
    return str(value)


@dataclass
class NegotiationRow:
    """One row: what it is about, the client's side, the server's side, and rows under it (a
    ``heading``, such as "Capabilities", has no sides of its own)."""

    label: str
    left: str = ""
    right: str = ""
    children: list[NegotiationRow] = field(default_factory=list)
    heading: bool = False


@dataclass
class NegotiationTable:
    headline: str
    rows: list[NegotiationRow] = field(default_factory=list)
    instructions: str = ""


def _object(value: JsonValue) -> JsonObject:
    return value if isinstance(value, dict) else {}


def negotiation_table(facts: JsonObject | None, replay: bool = False, tr: Translate = untranslated) -> NegotiationTable:
    """What the negotiation view shows of ``facts`` (None: nothing negotiated yet; ``replay``:
    as of a replayed entry, before the start exchange)."""
    w = WORDS
    if facts is None:
        return NegotiationTable(tr(CONTEXT, w["later"] if replay else w["none"]))
    offer = _object(facts.get("offer"))
    server = facts.get("server")
    method = facts.get("method")
    if not isinstance(server, dict):
        if facts.get("answer_kind") is Kind.ERROR:
            err = _object(facts.get("answer"))
            code, message = short_value(err.get("code")), short_value(err.get("message"))
            headline = tr(CONTEXT, w["error"]).format(method=method, code=code, message=message)
        else:
            headline = tr(CONTEXT, w["waiting"]).format(method=method)
        server = None
    elif method == "initialize":
        headline = tr(CONTEXT, w["negotiated"]).format(v=short_value(server.get("version")))
    else:
        v, s = short_value(offer.get("version")), short_value(server.get("version"))
        headline = tr(CONTEXT, w["requested"]).format(v=v, s=s)
    offer_info, server_info = _object(offer.get("info")), _object(server.get("info") if server else None)

    def row(label: str, left: JsonValue, right: JsonValue) -> NegotiationRow:
        return NegotiationRow(label, short_value(left), short_value(right))

    rows = [
        row(tr(CONTEXT, w["protocol"]), offer.get("version"), server.get("version") if server else None),
        row(tr(CONTEXT, w["name"]), offer_info.get("name"), server_info.get("name") if server else None),
        row(tr(CONTEXT, w["version"]), offer_info.get("version"), server_info.get("version") if server else None),
    ]
    caps = NegotiationRow(tr(CONTEXT, w["capabilities"]), heading=True)
    client_caps, server_caps = (
        _object(offer.get("capabilities")),
        _object(server.get("capabilities") if server else None),
    )
    for name in sorted(set(client_caps) | set(server_caps)):
        left = client_caps.get(name) if name in client_caps else tr(CONTEXT, w["not_offered"])
        right = server_caps.get(name) if name in server_caps else tr(CONTEXT, w["not_declared"])
        caps.children.append(row(name, left, right))
    rows.append(caps)
    instructions = server.get("instructions") if server else None
    text = tr(CONTEXT, w["instructions"]) + "\n" + str(instructions) if instructions else ""
    return NegotiationTable(headline, rows, text)
