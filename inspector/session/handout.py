"""Handouts: a session (live or recorded) as a Markdown transcript or a self-contained HTML page.

Both carry the same content: the negotiation at the top (server and client, transport, era and
version, the capabilities the client offered and the server declared, final state and outcome,
counts by direction), then every entry in order - its
number, time, direction, kind, method and id, the lifecycle state after it, the transition it
took, the rules it broke with their text, and the message itself pretty-printed (other lines
as they were written). Qt-free: the words go through ``tr(context, text)`` - the window passes
Qt's translator, so a handout follows the UI language; the default keeps English. Kinds, event
names and eras are translated from the tables the window uses (:mod:`.labels`; an entry's heading
is :mod:`.entry_text`'s, the facts and formatters the transcript, the timeline and the details
use: a latency reads as it does there), states and
edges from the lifecycle's, outcomes from the engine's; JSON, methods, ids, rule ids and server
text stay as they are. Server text is data: Markdown puts it in fenced blocks, HTML escapes
every character of it. An HTML section carries its entry's facts for programs too
(``data-dir``, ``data-t``, ``data-state``: the recording's own names).
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from dataclasses import dataclass, field

import orjson

from inspector.protocol.engine import OUTCOMES
from inspector.protocol.jsontypes import JsonObject, JsonValue
from inspector.protocol.lifecycle import STATE_INFO
from inspector.protocol.messages import Kind
from inspector.protocol.rules import RULES
from inspector.transport.base import TransportKind

from .entry_text import EntryHead, entry_head, format_duration, format_id
from .labels import ERA_LABELS, HTTP_NOTE
from .recording import Direction, Recording
from .translate import Translate, untranslated
from .version_in_force import version_in_force
from .views import negotiation_facts

#: The handout's own words ("Handout" context; scripts/i18n.py extracts them for Chinese).
WORDS = {
    "title": "MCP session transcript",
    "summary": "Negotiation",
    "messages": "Entries",
    "server": "Server",
    "client": "Client",
    "transport": "Transport",
    "era": "Era",
    "version": "Protocol version",
    "offered": "offered",
    "server_caps": "Server capabilities",
    "client_caps": "Client capabilities",
    "state": "Final state",
    "outcome": "Outcome",
    "entries": "Entries",
    "violations": "Rules broken",
    "state_after": "State after it",
    "transition": "Transition",
    "schema_invalid": "Invalid against the JSON Schema",
    "hand_written": "hand-written",
    "c2s": "client → server",
    "s2c": "server → client",
    "stderr": "stderr",
    "event": "event",
    "none": "none",
    "latency": "latency",
}


@dataclass
class HandoutEntry:
    """One entry as a handout writes it: the heading's facts (the transcript's, the timeline's and
    the details' too) and what this handout words for its reader."""

    head: EntryHead
    kind: str  # in the reader's language (an event's name for an event, an HTTP note)
    state: str  # the title of the state after it, in the reader's language
    body: str  # pretty JSON, or the text as written
    is_json: bool
    violations: list[tuple[str, str]] = field(default_factory=list)  # (rule id, text)
    transition: str | None = None


class Handout:
    """What a transcript says, in the reader's language; ``markdown()`` and ``html()`` write it."""

    def __init__(
        self, recording: Recording, summary: JsonObject | None = None, tr: Translate = untranslated, lang: str = "en"
    ) -> None:
        self.rec = recording
        self.summary = summary or recording.summary or {}
        self.tr = tr
        self.lang = lang

    def w(self, key: str) -> str:
        return self.tr("Handout", WORDS[key])

    # ------------------------------------------------------------------ content

    def facts(self) -> list[tuple[str, str]]:
        s, h = self.summary, self.rec.header
        start = negotiation_facts(self.rec) or {}
        offer = start.get("offer") or {}
        declared = (start.get("server") or {}).get("capabilities")
        info = s.get("server_info") or (start.get("server") or {}).get("info") or {}
        client = offer.get("info") or {}
        transport = str(s.get("transport") or h.get("transport") or TransportKind.STDIO)
        where = h.get("url") or " ".join(str(a) for a in h.get("argv") or ())
        # without a summary (a killed session's file) the version the recording settled
        settled = version_in_force(self.rec).negotiated(len(self.rec) - 1) if len(self.rec) else None
        version = str(s.get("protocol_version") or settled or "–")
        if s.get("offered_version") and s.get("offered_version") != s.get("protocol_version"):
            version += f" ({self.w('offered')} {s['offered_version']})"
        counts = s.get("counts") or self.rec.counts()
        state = s.get("state") or (self.rec.state_at(len(self.rec) - 1).value if len(self.rec) else "–")
        era = s.get("era")
        # over HTTP there is no process and so no stderr: the side lines are the transport's notes
        words = {k: self.w(k) for k in ("c2s", "s2c", "stderr", "event")}
        words["note"] = self.tr("Timeline", HTTP_NOTE)
        dirs = dict(counts.get("by_dir") or {})
        if TransportKind.named(transport).is_http:  # counted as one, as a format 2 summary counted them under stderr
            words["stderr"] = words["note"]
            dirs["stderr"] = dirs.get("stderr", 0) + dirs.pop("note", 0)
        by_dir = ", ".join(f"{words.get(k, k)} {v}" for k, v in dirs.items())
        out = [
            (self.w("server"), f"{info.get('name', '?')} {info.get('version', '')}".strip()),
            (self.w("client"), f"{client.get('name', '?')} {client.get('version', '')}".strip()),
            (self.w("transport"), f"{transport}: {where}" if where else transport),
            (self.w("era"), self.tr("Eras", ERA_LABELS[era]) if era in ERA_LABELS else str(era or "–")),
            (self.w("version"), version),
            (self.w("client_caps"), self._capabilities(offer.get("capabilities"))),
            (self.w("server_caps"), self._capabilities(s.get("server_capabilities") or declared)),
            (self.w("state"), self._state_title(state)),
            (
                self.w("entries"),
                f"{counts.get('entries', len(self.rec))} ({by_dir})"
                if by_dir
                else str(counts.get("entries", len(self.rec))),
            ),
        ]
        if s.get("outcome"):
            out.append((self.w("outcome"), self._outcome(s)))
        broken = (counts.get("violations") or {}) if isinstance(counts, dict) else {}
        if broken:
            out.append((self.w("violations"), ", ".join(f"{k} ×{v}" for k, v in sorted(broken.items()))))
        return out

    def _capabilities(self, caps: JsonValue) -> str:
        """Capability names in order, each with the names of its settings: ``roots (listChanged)``."""
        if not isinstance(caps, dict) or not caps:
            return self.w("none")
        return ", ".join(
            str(name) + (f" ({', '.join(map(str, value))})" if isinstance(value, dict) and value else "")
            for name, value in sorted(caps.items())
        )

    def _outcome(self, s: JsonObject) -> str:
        """How the session failed, in the reader's words when the engine named the outcome."""
        text = OUTCOMES.get(str(s.get("outcome_code")))
        if text is None or s.get("outcome_code") == "spawn-failed":  # its words are the system's
            return str(s["outcome"])
        try:
            return self.tr("FailureBanner", text).format(**(s.get("outcome_args") or {}))
        except (KeyError, IndexError, ValueError):
            return str(s["outcome"])

    def _kind(self, head: EntryHead) -> str:
        """An entry's kind as the timeline words it (an event by its name, an HTTP side line as
        an HTTP note)."""
        context, words = head.label()
        return self.tr(context, words)

    def _state_title(self, value: JsonValue) -> str:
        for state, info in STATE_INFO.items():
            if state.value == value:
                return self.tr("Lifecycle", info.title)
        return str(value)

    def entries(self) -> Iterator[HandoutEntry]:
        rec = self.rec
        for i in range(len(rec)):
            e = rec[i]
            head = entry_head(rec, i)
            extra = e.extra or {}
            obj = e.json() if e.direction in (Direction.C2S, Direction.S2C) and e.kind not in (Kind.NOISE,) else None
            if obj is not None:
                body, is_json = orjson.dumps(obj, option=orjson.OPT_INDENT_2).decode(), True
            else:
                body, is_json = e.text.rstrip("\r\n"), False
            tr_ = extra.get("transition")
            item = HandoutEntry(
                head=head,
                kind=self._kind(head),
                state=self._state_title(head.state.value),
                body=body,
                is_json=is_json,
                violations=[(r, self.tr("Rules", RULES[r].text) if r in RULES else "") for r in e.violations],
                transition=self._transition(tr_) if isinstance(tr_, dict) else None,
            )
            yield item

    def _transition(self, tr_: JsonObject) -> str:
        """A transition as "from → to (edge)", in the reader's words."""
        edge = self.tr("Lifecycle", str(tr_.get("label", "")))
        return f"{self._state_title(tr_.get('from'))} → {self._state_title(tr_.get('to'))} ({edge})"

    def _head(self, x: HandoutEntry) -> str:
        h = x.head
        direction = h.direction.label
        where = (
            "HTTP" if h.side else self.w(direction) if direction in WORDS else direction
        )  # as the timeline's Direction column
        bits = [f"{h.seq}", f"{h.t:.3f} s", where, x.kind]
        if h.method:
            bits.append(h.method)
        if h.id is not None:
            bits.append(f"id {format_id(h.id, None)}")
        if h.latency is not None:
            bits.append(f"{self.w('latency')} {format_duration(h.latency)}")
        if h.hand_written:
            bits.append(self.w("hand_written"))
        return " · ".join(bits)

    def _notes(self, x: HandoutEntry) -> list[tuple[str, str | None, bool]]:
        """The lines under an entry's heading: (text, the rule it names or None, a fault)."""
        out: list[tuple[str, str | None, bool]] = [(f"{self.w('state_after')}: {x.state}", None, False)]
        if x.transition:
            out.append((f"{self.w('transition')}: {x.transition}", None, False))
        if x.head.schema_ok is False:
            out.append((self.w("schema_invalid"), None, True))
        out += [(text, rule_id, True) for rule_id, text in x.violations]
        return out

    # ------------------------------------------------------------------ writers

    def markdown(self) -> str:
        out = [f"# {self.w('title')}", "", f"## {self.w('summary')}", ""]
        for key, value in self.facts():
            out.append(f"- **{key}**: {_md_inline(value)}")
        out += ["", f"## {self.w('messages')}", ""]
        for x in self.entries():
            out.append(f"### {_md_inline(self._head(x))}")
            out.append("")
            for text, rule_id, _fault in self._notes(x):
                out.append(f"- `{rule_id}`: {_md_inline(text)}" if rule_id else f"- {_md_inline(text)}")
            out.append("")
            fence = "```" if "```" not in x.body else "~~~~"
            out += [fence + ("json" if x.is_json else "text"), x.body, fence, ""]
        return "\n".join(out)

    def html(self) -> str:
        e = html.escape
        out = [
            "<!DOCTYPE html>",
            f'<html lang="{e(self.lang.replace("_", "-"))}"><head><meta charset="utf-8">',
            f"<title>{e(self.w('title'))}</title>",
            f"<style>{_CSS}</style></head><body>",
            f"<h1>{e(self.w('title'))}</h1>",
            f"<h2>{e(self.w('summary'))}</h2><table class=facts>",
        ]
        for key, value in self.facts():
            out.append(f"<tr><th>{e(key)}</th><td>{e(value)}</td></tr>")
        out.append(f"</table><h2>{e(self.w('messages'))}</h2>")
        for x in self.entries():
            h = x.head
            classes = f"entry {h.direction.label}" + (" flagged" if x.violations or h.schema_ok is False else "")
            facts = f'data-dir="{e(h.direction.label)}" data-t="{h.t:.6f}" data-state="{e(h.state.value)}"'
            out.append(f'<section class="{classes}" id="e{h.seq}" {facts}><h3>{e(self._head(x))}</h3><ul>')
            for text, rule_id, fault in self._notes(x):
                code = f"<code>{e(rule_id)}</code>: " if rule_id else ""
                out.append(f"<li{' class=bad' if fault else ''}>{code}{e(text)}</li>")
            out.append(f"</ul><pre><code>{e(x.body)}</code></pre></section>")
        out.append("</body></html>")
        return "\n".join(out)


def _md_inline(text: str) -> str:
    """Text inside a Markdown line, with the characters that would format it escaped."""
    return "".join("\\" + c if c in "\\`*_[]<>#|" else c for c in text.replace("\n", " "))


_CSS = (
    "body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}"
    "table.facts th{text-align:left;padding-right:1rem;vertical-align:top}"
    "section.entry{border-left:4px solid #ccc;padding-left:.8rem;margin:1rem 0}"
    "section.c2s{border-color:#195fbe}section.s2c{border-color:#1e823c}section.stderr{border-color:#965500}"
    "section.event{border-color:#6946a0}section.flagged h3{color:#b91e1e}"
    "h3{font-size:1rem;margin:.2rem 0}ul{margin:.2rem 0}li.bad{color:#b91e1e}"
    "pre{background:#f5f5f7;padding:.5rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}"
)


def write_handout(
    path: str, recording: Recording, summary: JsonObject | None = None, tr: Translate = untranslated, lang: str = "en"
) -> None:
    """Write ``path`` as Markdown (``.md``) or HTML (anything else), UTF-8."""
    handout = Handout(recording, summary, tr, lang)
    text = handout.markdown() if str(path).lower().endswith((".md", ".markdown")) else handout.html()
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
