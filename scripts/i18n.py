"""Refresh the translation files: extract, merge the Chinese glossary, compile.

    .venv/bin/python scripts/i18n.py [--check]

1. ``pyside6-lupdate`` extracts every ``tr()``/``translate()`` string of ``inspector/ui``.
2. Strings that live in the Qt-free layers and are shown by the UI through
   ``QCoreApplication.translate(context, text)`` are added from their tables: lifecycle
   states and edges ("Lifecycle"), rules ("Rules"), step explanations ("Steps"), the words of
   a handout ("Handout"), the teaching notes on each method ("Teaching").
3. Translations come from ``resources/i18n/zh_CN.json`` (``{"context": {"source": "译文"}}``).
4. ``pyside6-lrelease`` compiles ``resources/i18n/inspector_zh_CN.qm``.

``--check`` exits 1 and lists the strings that have no translation yet.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
I18N = ROOT / "resources" / "i18n"
TS = I18N / "inspector_zh_CN.ts"
QM = I18N / "inspector_zh_CN.qm"
GLOSSARY = I18N / "zh_CN.json"


def tool(name: str) -> str:
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if not found:
        raise SystemExit(f"{name} not found (it ships with PySide6-Essentials)")
    return found


def protocol_strings() -> dict[str, list[str]]:
    from inspector.protocol.lifecycle import STATE_INFO, TABLES, TRANSPORTS, for_transport
    from inspector.protocol.rules import RULES
    from inspector.protocol.teaching import NOTES
    from inspector.session.session import CLIENT_STEPS, LEGACY_STEPS, MODERN_STEPS, SERVER_STEPS, SHUTDOWN_STEPS

    lifecycle: list[str] = []
    for info in STATE_INFO.values():
        lifecycle += [info.title, info.explanation]
    for table in TABLES.values():
        for transport in TRANSPORTS:
            lifecycle += [tr.label for tr in for_transport(table, transport)]
    from inspector.protocol.versions import ALL_VERSIONS
    from inspector.session.features import availability

    features: set[str] = set()
    for era in (None, "legacy", "modern"):
        for version in (None, *ALL_VERSIONS):
            for caps in (None, {}, {"tools": {}, "resources": {}, "prompts": {}, "logging": {}, "tasks": {}}, {"resources": {"subscribe": True}}):
                features |= {v.reason for v in availability(era, version, caps).values()}
    from inspector.session.handout import WORDS

    return {
        "Handout": sorted(set(WORDS.values())),
        "Features": sorted(features),
        "Lifecycle": sorted(set(lifecycle)),
        "Rules": sorted({r.text for r in RULES.values()}),
        "Steps": sorted(set(LEGACY_STEPS.values()) | set(MODERN_STEPS.values()) | set(CLIENT_STEPS.values()) | set(SERVER_STEPS.values()) | set(SHUTDOWN_STEPS.values())),
        "Teaching": sorted({n.sends for n in NOTES.values()} | {n.answer for n in NOTES.values() if n.answer}),
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    I18N.mkdir(parents=True, exist_ok=True)
    sources = sorted(str(p) for p in (ROOT / "inspector" / "ui").rglob("*.py"))
    subprocess.run([tool("pyside6-lupdate"), *sources, "-no-obsolete", "-ts", str(TS)], check=True, capture_output=True)
    tree = ET.parse(TS)
    root = tree.getroot()
    contexts = {c.findtext("name"): c for c in root.findall("context")}
    for name, texts in protocol_strings().items():
        ctx = contexts.get(name)
        if ctx is None:
            ctx = ET.SubElement(root, "context")
            ET.SubElement(ctx, "name").text = name
            contexts[name] = ctx
        have = {m.findtext("source") for m in ctx.findall("message")}
        for text in texts:
            if text in have:
                continue
            m = ET.SubElement(ctx, "message")
            ET.SubElement(m, "source").text = text
            ET.SubElement(m, "translation", {"type": "unfinished"})
    glossary = json.loads(GLOSSARY.read_text(encoding="utf-8")) if GLOSSARY.exists() else {}
    missing: list[tuple[str, str]] = []
    for name, ctx in contexts.items():
        table = {**glossary.get("*", {}), **glossary.get(name, {})}
        for m in ctx.findall("message"):
            src = m.findtext("source") or ""
            t = m.find("translation")
            if t is None:
                t = ET.SubElement(m, "translation")
            zh = table.get(src)
            if zh:
                t.text = zh
                t.attrib.pop("type", None)
            else:
                t.text = None
                t.set("type", "unfinished")
                missing.append((name, src))
    tree.write(TS, encoding="utf-8", xml_declaration=True)
    subprocess.run([tool("pyside6-lrelease"), str(TS), "-qm", str(QM)], check=True, capture_output=True)
    total = sum(len(c.findall("message")) for c in contexts.values())
    print(f"{TS.relative_to(ROOT)}: {total} strings, {total - len(missing)} translated; wrote {QM.relative_to(ROOT)}")
    if missing:
        for ctx, src in missing[:50]:
            print(f"  untranslated [{ctx}] {src!r}")
        if len(missing) > 50:
            print(f"  … and {len(missing) - 50} more")
        if args.check:
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
