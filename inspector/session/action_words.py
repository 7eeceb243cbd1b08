"""What the window's actions say, as data: each action's text and tooltip, by the action's name.

Theory of operation. ``inspector.ui.window_actions`` makes one ``QAction`` per entry of
:data:`WORDS` (the window's ``act_<name>``) and words it through the caller's
``tr(context, text)`` (see :mod:`.translate`) in the "WindowActions" context, which
``scripts/i18n.py`` reads from this table. What each action does, its shortcut and the menus
it is in are the window's (they are Qt's); the words are here, so the table is one place and
is checked without a display.
"""

from __future__ import annotations

from .translate import Translate

CONTEXT = "WindowActions"

#: name -> (the action's text, its tooltip; "" for none)
WORDS: dict[str, tuple[str, str]] = {
    "connect": ("Connect", "Start the selected server and run the start sequence (Ctrl+Enter)"),
    "disconnect": (
        "Disconnect",
        "Shut the server down per spec: close stdin, wait, SIGTERM, SIGKILL (Ctrl+Shift+Enter)",
    ),
    "step": (
        "Step",
        "Step mode: every message in both directions, and each shutdown step, waits for Continue. Switched on "
        "during a session, the next message waits; off, what waits goes on (Ctrl+T)",
    ),
    "continue": ("Continue", "Send the waiting message (F8)"),
    "follow": ("Follow live", "The diagram follows the newest entry instead of the selected row (Ctrl+L)"),
    "open": ("Open recording…", ""),
    "save": ("Save recording…", ""),
    "watch": (
        "Watch host sessions…",
        "Sessions a host runs through the proxy, running or recent: open one live or as a recording",
    ),
    "compose": (
        "Compose…",
        "Write a message of your own and send it as it is: valid, malformed or out of order (Ctrl+M)",
    ),
    "ping": ("Ping", "Send ping and show how long the answer took (handshake era)"),
    "export": (
        "Export transcript…",
        "A handout of the session: Markdown or a self-contained HTML page, in the window's language",
    ),
    "export_diagram": ("Export diagram…", "The lifecycle diagram as it is drawn now, as SVG or PNG"),
    "presenter": (
        "Presenter",
        "For a projector: larger diagram, step bar and timeline, side panels hidden, lesson notes for the "
        "current state (F11)",
    ),
    "export_sequence": (
        "Export sequence diagram…",
        "The sequence diagram of the rows the timeline shows, as SVG or PNG",
    ),
    "reanalyse": (
        "Re-analyse with the current rules",
        "Judge the opened recording again with this inspector's rules and schemas, and show what came out differently",
    ),
    "spec": (
        "Specification…",
        "The MCP specification pages bundled with the inspector, for the negotiated version (F1)",
    ),
    "import": (
        "Import servers…",
        "Add servers from Claude Desktop, VS Code, Cursor, Windsurf or MCP Inspector settings, or a registry "
        "server.json",
    ),
    "export_server": (
        "Export server entry…",
        "The selected server as an entry for another client's configuration file (Claude Desktop, Cursor, "
        "VS Code, Windsurf, MCP Inspector), secrets left out",
    ),
    "attach": (
        "Attach to a host…",
        "Make Claude Desktop, VS Code, Cursor or Windsurf start a server through the proxy, and back",
    ),
    "quit": ("Quit", ""),
    "compare": (
        "Compare sessions…",
        "What the server offers in two sessions side by side (this one and a recording or surface file, or two "
        "files): added, removed and changed items, breaking changes marked, and where the messages part",
    ),
    "diagnose": (
        "Diagnose",
        "Run the Connection Doctor on the selected server: each check in order, what was seen and what to do",
    ),
    "layout_debugging": (
        "Debugging layout",
        "Timeline first: the timeline and the details get the space, the diagram is smaller",
    ),
    "layout_teaching": ("Teaching layout", "Diagram and step bar first, the timeline and the details below them"),
    "reset_layout": ("Reset layout", "Put the chosen layout back as it starts: its docks, toolbar and proportions"),
}


def action_text(tr: Translate, name: str) -> tuple[str, str]:
    """Action ``name``'s text and tooltip in the window's language ("" for no tooltip)."""
    text, tip = WORDS[name]
    return tr(CONTEXT, text), (tr(CONTEXT, tip) if tip else "")


def usable(running: bool, step_waits: bool, era: str | None) -> dict[str, bool]:
    """Which of the window's session actions can be used now: ``running``, a session runs;
    ``step_waits``, a step-mode message waits for Continue; ``era``, the session's (the modern
    era, 2026-07-28, has no ping). A recording opens only with no session running."""
    return {
        "connect": not running,
        "disconnect": running,
        "continue": running and step_waits,
        "compose": running,
        "ping": running and era != "modern",
        "open": not running,
    }


def all_words() -> list[str]:
    """Every text of the table, for the translation catalogue."""
    return sorted({t for pair in WORDS.values() for t in pair if t})


__all__ = ["CONTEXT", "WORDS", "action_text", "all_words", "usable"]
