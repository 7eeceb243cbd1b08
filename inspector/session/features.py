"""Which feature panels a negotiated session allows, and why the others are hidden.

Pure functions of the negotiation (era, version, server capabilities, client capabilities),
so the desktop app and tests reach the same verdicts. Reasons are full sentences a learner
can read ("the server did not declare prompts").
"""

from __future__ import annotations

from dataclasses import dataclass

from inspector.protocol.jsontypes import JsonObject
from inspector.protocol.versions import MODERN_VERSIONS

PANELS = ("tools", "resources", "prompts", "logs", "tasks")


@dataclass(frozen=True)
class Availability:
    panel: str
    shown: bool
    reason: str  # why it is shown or hidden
    # finer switches inside a shown panel
    subscribe: bool = False  # resources: resources/subscribe (legacy) or subscriptions/listen (modern)
    list_changed: bool = False  # tools/resources/prompts: list_changed notifications declared
    completions: bool = False  # resources/prompts: completion/complete declared


def _declared(caps: JsonObject | None, name: str) -> JsonObject | None:
    if not isinstance(caps, dict):
        return None
    value = caps.get(name)
    return value if isinstance(value, dict) else None


def availability(era: str | None, version: str | None, server_caps: JsonObject | None) -> dict[str, Availability]:
    """Verdict per panel. ``era`` is "legacy" or "modern"; ``server_caps`` what the server declared."""
    out: dict[str, Availability] = {}
    if not isinstance(server_caps, dict):
        for name in PANELS:
            out[name] = Availability(name, False, "no negotiation yet: connect to a server")
        return out
    modern = era == "modern" or version in MODERN_VERSIONS
    completions = _declared(server_caps, "completions") is not None

    tools = _declared(server_caps, "tools")
    out["tools"] = (
        Availability("tools", True, "the server declared tools", list_changed=bool(tools.get("listChanged")))
        if tools is not None
        else Availability("tools", False, "the server did not declare tools")
    )
    resources = _declared(server_caps, "resources")
    if resources is None:
        out["resources"] = Availability("resources", False, "the server did not declare resources")
    else:
        subscribe = bool(resources.get("subscribe"))
        out["resources"] = Availability(
            "resources",
            True,
            "the server declared resources" + (" with subscribe" if subscribe else ""),
            subscribe=subscribe,
            list_changed=bool(resources.get("listChanged")),
            completions=completions,
        )
    prompts = _declared(server_caps, "prompts")
    out["prompts"] = (
        Availability(
            "prompts",
            True,
            "the server declared prompts",
            list_changed=bool(prompts.get("listChanged")),
            completions=completions,
        )
        if prompts is not None
        else Availability("prompts", False, "the server did not declare prompts")
    )
    if _declared(server_caps, "logging") is not None:
        how = "per-request log level in _meta" if modern else "logging/setLevel"
        out["logs"] = Availability("logs", True, f"the server declared logging ({how})")
    else:
        out["logs"] = Availability("logs", False, "the server did not declare logging")
    tasks = _declared(server_caps, "tasks")
    if modern:
        out["tasks"] = Availability("tasks", False, "tasks are not part of 2026-07-28 (they moved to an extension)")
    elif version != "2025-11-25":
        out["tasks"] = Availability(
            "tasks", False, f"tasks need protocol 2025-11-25; this session negotiated {version}"
        )
    elif tasks is None:
        out["tasks"] = Availability("tasks", False, "the server did not declare tasks")
    else:
        out["tasks"] = Availability("tasks", True, "the server declared tasks")
    return out
