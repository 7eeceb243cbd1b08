"""The authorization rules as data (issue 25 groundwork): every id raised somewhere exists, every
rule is raised somewhere, and every spec section a rule or a discovery candidate cites is a
bundled page with that heading, so the spec viewer opens at it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from inspector.protocol.oauth_discovery import (
    PROFILES,
    as_metadata_candidates,
    legacy_metadata_candidates,
    prm_candidates,
)
from inspector.protocol.oauth_rules import AUTH_RULES
from inspector.protocol.rules import RULES
from inspector.resources import spec_file

SOURCES = sorted((Path(__file__).resolve().parents[2] / "inspector" / "protocol").glob("oauth_*.py"))
_ID = re.compile(r'"(auth\.[a-z0-9-]+)"')


def _slug(heading: str) -> str:
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^a-z0-9 -]", "", text)
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    return {_slug(m.group(1)) for m in re.finditer(r"^#{1,6}\s+(.+?)\s*$", path.read_text(encoding="utf-8"), re.M)}


def _mcp_refs(spec: str) -> list[str]:
    """The MCP references in a citation (``VERSION page#anchor`` parts; RFCs are left out)."""
    return [part.strip() for part in spec.split(";") if re.match(r"\s*\d{4}-\d{2}-\d{2} ", part)]


def test_ids_are_auth_and_do_not_collide_with_the_session_rules() -> None:
    assert all(rid.startswith("auth.") for rid in AUTH_RULES)
    assert not set(AUTH_RULES) & set(RULES)
    assert all(rule.id == rid and rule.text.endswith(".") for rid, rule in AUTH_RULES.items())


def test_every_id_in_the_modules_exists_and_every_rule_is_raised() -> None:
    used: set[str] = set()
    for path in SOURCES:
        if path.name == "oauth_rules.py":
            continue
        used |= set(_ID.findall(path.read_text(encoding="utf-8")))
    assert used - set(AUTH_RULES) == set()
    assert set(AUTH_RULES) - used == set()


def _check_ref(ref: str) -> None:
    found = spec_file(ref.split(" (")[0])
    assert found is not None, f"not a bundled page: {ref}"
    path, anchor = found
    if anchor:
        assert anchor.split(" ")[0] in _anchors(path), f"no heading #{anchor} in {path}"


@pytest.mark.parametrize("rule_id", sorted(AUTH_RULES))
def test_each_rule_cites_a_bundled_section(rule_id: str) -> None:
    refs = _mcp_refs(AUTH_RULES[rule_id].spec)
    assert refs, f"{rule_id} cites no MCP page"
    for ref in refs:
        _check_ref(ref)


def test_each_candidate_basis_cites_a_bundled_section() -> None:
    for version in PROFILES:
        cands = [
            *prm_candidates("https://x.example/a/mcp", None, version),
            *prm_candidates("https://x.example/a/mcp", "https://x.example/prm", version),
            *as_metadata_candidates("https://as.example/t", version),
            *as_metadata_candidates("https://as.example", version),
            *legacy_metadata_candidates("https://x.example/a/mcp"),
        ]
        for cand in cands:
            for ref in _mcp_refs(cand.basis):
                _check_ref(ref)
