"""Refresh the translation catalogue: extract new strings, keep every translation, compile.

    .venv/bin/python scripts/i18n.py [--check] [--merge FILE.json]

The catalogue ``resources/i18n/inspector_zh_CN.ts`` is the source of truth: translate in Qt
Linguist (``pyside6-linguist resources/i18n/inspector_zh_CN.ts``) or by hand, and run this script.

1. ``pyside6-lupdate`` brings in every ``tr()``/``translate()`` string of ``inspector/ui``. It
   keeps every translation already in the catalogue, adds new strings as unfinished and marks
   strings that left the code ``vanished`` (kept, so their translation can come back).
2. Strings that live in the Qt-free layers and are shown by the UI through
   ``QCoreApplication.translate(context, text)`` are added from their tables in the same way:
   lifecycle states and edges ("Lifecycle"), rules ("Rules"), step explanations ("Steps"), the
   words of a handout ("Handout"), the teaching notes ("Teaching"), feature verdicts
   ("Features"), the detail pane's findings (``inspector.session.entry_detail``, "DetailPane"),
   the content cards' words (``inspector.session.content_blocks``, "ContentView"), the notes of
   a listing and of the listen stream (``inspector.session.note_words``), the negotiation
   summary (``inspector.session.negotiation_text``, "NegotiationView"),
   the schema form's words for the validator's checks and what it cannot edit
   (``inspector.session.schema_words``, "SchemaForm"; the raw tab's status in "ArgumentsEditor"),
   the authorization steps (``inspector.session.auth_view``, "AuthView"; the OAuth rules in "Rules"),
   the composer's words for a judged text (``inspector.session.composing``, "ComposerDialog"),
   the transports a user can pick (their registered labels, "Transports"), what can be wrong
   with a saved server's field (``inspector.session.profiles``, "ProfileEditor"), and
   the answer dialogs' words (``inspector.session.answer_words``: "Origin", "AnswerDialog",
   "SamplingDialog", "ElicitationDialog"),
   the names of kinds, events and eras (``inspector.session.labels``: in "Timeline", "Events",
   "Eras", contexts the window's own strings share), the timeline's headers and cells
   (``inspector.session.timeline_words``, "Timeline"), the sequence diagram's rows
   (``inspector.session.sequence_rows``, "SequenceView"), a surface diff's words
   (``inspector.session.surface_diff``, "SurfaceDiff"), where two recordings part
   (``inspector.session.recording_align``, "RecordingAlign"), the compare view's words
   (``inspector.session.compare_rows``, "CompareView") and the Connection Doctor's checks
   (``inspector.session.doctor_words``, "Doctor"). One that left its
   table and the sources is marked ``vanished``; one that came back is revived.
3. Translations of strings that are still unfinished may be dropped into
   ``resources/i18n/zh_CN.json`` (``{"context": {"source": "译文"}}``; context ``"*"`` for any
   context) or a file given with ``--merge``. They fill empty unfinished strings only: a
   translation in the catalogue, finished or a draft, is never overwritten. What the catalogue
   took is removed from the drop file (the ``"*"`` glossary stays).
4. ``pyside6-lrelease`` compiles ``resources/i18n/inspector_zh_CN.qm``.
5. Plurals: a count is said with Qt's plural forms (``self.tr("%Ln entries", "", n)``, a
   ``numerus`` message; Chinese has one form). English needs a catalogue for those too ("1 entry",
   "2 entries"), as Qt's documentation says: ``pyside6-lupdate -pluralonly`` keeps
   ``resources/i18n/inspector_en.ts`` (the plural messages only; fill both forms) and it is
   compiled to ``inspector_en.qm``, which the app loads for English.

``--check`` exits 1 and lists the strings that have no translation yet (in either catalogue).
"""

from __future__ import annotations

import argparse
import json
import os
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
EN_TS = I18N / "inspector_en.ts"  # English plural forms only


def _done(t: ET.Element) -> bool:
    """A translation with its text: every plural form of a numerus message, else the text."""
    forms = t.findall("numerusform")
    return all((f.text or "").strip() for f in forms) if forms else bool(t.text)


def english_plurals(sources: list[str], ts: Path, qm: Path) -> tuple[int, list[tuple[str, str]]]:
    """Step 5: the English catalogue of plural forms. Returns (its messages, those unfinished)."""
    subprocess.run(
        [
            tool("pyside6-lupdate"),
            *sources,
            "-locations",
            "none",
            "-pluralonly",
            "-target-language",
            "en",
            "-ts",
            str(ts),
        ],
        check=True,
        capture_output=True,
    )
    missing = []
    total = 0
    for c in ET.parse(ts).getroot().findall("context"):
        for m in c.findall("message"):
            t = m.find("translation")
            if t is None or t.get("type") in ("vanished", "obsolete"):
                continue
            total += 1
            if t.get("type") == "unfinished" or not _done(t):
                missing.append((c.findtext("name") or "", m.findtext("source") or ""))
    compile_qm(ts, qm)
    return total, missing


def compile_qm(ts: Path, qm: Path) -> None:
    """``pyside6-lrelease`` into a new file put in place at once: a running app (or a test) has
    the old ``.qm`` mapped into memory, and rewriting it in place ends that process (SIGBUS)."""
    part = qm.with_name(qm.name + ".part")
    subprocess.run([tool("pyside6-lrelease"), str(ts), "-qm", str(part)], check=True, capture_output=True)
    os.replace(part, qm)


def tool(name: str) -> str:
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if not found:
        raise SystemExit(f"{name} not found (it ships with PySide6-Essentials)")
    return found


def protocol_strings() -> dict[str, list[str]]:
    from inspector.protocol.lifecycle import STATE_INFO, TABLES, TRANSPORTS, for_transport
    from inspector.protocol.rules import RULES
    from inspector.protocol.teaching import LESSONS, NOTES
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
            for caps in (
                None,
                {},
                {"tools": {}, "resources": {}, "prompts": {}, "logging": {}, "tasks": {}},
                {"resources": {"subscribe": True}},
            ):
                features |= {v.reason for v in availability(era, version, caps).values()}
    from inspector.protocol.oauth_rules import AUTH_RULES
    from inspector.session import (
        action_words,
        answer_words,
        attach_words,
        auth_view,
        call_words,
        compare_rows,
        composing,
        content_blocks,
        diagram_words,
        doctor_words,
        entry_detail,
        failure_words,
        file_words,
        host_logs,
        import_view,
        labels,
        log_words,
        negotiation_text,
        note_words,
        panel_words,
        prompt_words,
        recording_align,
        relay_words,
        replay_words,
        request_words,
        resource_words,
        roots,
        schema_words,
        sequence_rows,
        server_editor,
        session_runner,
        settings,
        spec_pages,
        step_words,
        surface_diff,
        task_words,
        timeline_words,
        tool_words,
        value_text,
        wait_words,
        watch_words,
    )
    from inspector.session import import_problems as problems
    from inspector.session.handout import WORDS
    from inspector.session.profiles import demo_profile
    from inspector.transport.base import transport_choices

    return {
        **{context: sorted(set(texts)) for context, texts in labels.CONTEXTS.items()},
        "Timeline": sorted(set(labels.CONTEXTS["Timeline"]) | set(timeline_words.all_words())),  # and the cells' words
        "Imports": sorted(
            set(problems.MESSAGES.values())
            | set(problems.PLACES.values())
            | set(problems.KINDS.values())
            | {problems.NUMBER}
            | set(problems.JSON_ERRORS)
            | set(problems.WORDS)
        ),
        "Handout": sorted(set(WORDS.values())),
        "FailureBanner": failure_words.all_words(),  # why a session failed, shared with the banner's own
        "StatusLine": sorted(set(failure_words.STATUS_WORDS.values())),  # how the server ended, with its own
        "WindowFiles": sorted(set(file_words.WORDS.values())),  # unreadable lines, re-analysis: with its own
        "WindowActions": action_words.all_words(),  # the actions' texts and tooltips, with the menus' own
        "ExportDialog": sorted({*import_view.EXPORT_INTROS.values(), *import_view.EXPORT_WORDS.values()}),  # and notes
        "ImportDialog": sorted(import_view.IMPORT_WORDS.values()),  # a row's secrets, the values to type: with its own
        "SessionController": sorted(session_runner.WORDS.values()),  # why the runner refuses, an internal error
        "Settings": [settings.NOTE_WORDS],  # a damaged value of settings.ini, in the status bar
        "StepBar": sorted(set(step_words.WORDS.values())),  # the held step's title, Continue's tip: with its own
        "LifecycleDiagram": sorted(set(diagram_words.WORDS.values())),  # what the diagram says, with its own
        "DetailPane": sorted(set(entry_detail.WORDS.values())),  # the detail pane's findings, shared with its own
        "ContentView": sorted(set(content_blocks.WORDS.values())),  # what a content card says of its block
        "FeaturePanel": sorted(  # a listing's notes and problems
            {*note_words.LIST_WORDS.values(), note_words.LIST_FAILED, request_words.CANCELLED}
        ),
        "PagedListView": sorted(note_words.PAGER_WORDS.values()),  # the line under a paged list, with its own
        "CompletionField": sorted(note_words.COMPLETION_WORDS.values()),  # a note on the suggestions
        "ToolsPanel": sorted(set(tool_words.WORDS)),  # a tool's badges, facts, exclusion, Run as task, refusals
        "ToolResultPane": call_words.WORDS,  # the banner over a call's answer, with the pane's own
        "PromptsPanel": prompt_words.WORDS,  # the list's changes, the arguments' hint and tips, with its own
        "PanelHost": panel_words.WORDS,  # the hidden panels' line and the placeholder, with the host's own
        "WaitNote": wait_words.WORDS,  # what became of a list request waited on, with the note's own
        "ResourcesPanel": sorted(  # its words, the stream's notes, a request's error
            {*note_words.LISTEN_WORDS.values(), *resource_words.WORDS.values(), *request_words.WORDS.values()}
        ),
        "NegotiationView": sorted(set(negotiation_text.WORDS.values())),  # the negotiation summary
        "TasksPanel": sorted({value_text.MINUTES, *task_words.WORDS.values()}),  # its words, a span in milliseconds
        "LogsPanel": sorted(set(log_words.WORDS.values())),  # its words, the server-level line, the count
        "LogModel": sorted(set(log_words.MODEL_WORDS.values())),  # the table's columns, a message's tooltip
        "SequenceView": sorted(set(sequence_rows.WORDS.values())),  # a row's words, shared with the view's own
        "SchemaForm": sorted(set(schema_words.WORDS)),  # the schema form's checks and refusals, shared with its own
        "ArgumentsEditor": sorted(set(schema_words.ARGUMENTS_WORDS.values())),  # its raw tab's status, with its own
        "ComposerDialog": sorted(set(composing.WORDS.values())),  # what the composer says of a text, with its own
        "AttachDialog": sorted({*attach_words.WORDS.values(), *attach_words.SESSION_WORDS}),  # and the session's
        "UrlRelays": sorted(set(relay_words.WORDS.values())),  # a relay's state, the tooltip, with the label's own
        "WatchDialog": sorted({*watch_words.WORDS.values(), *watch_words.KEEP_WORDS.values()}),  # with its own
        "ReplayBar": sorted(set(replay_words.WORDS.values())),  # the replay bar's controls, where it is
        "HostLogOpen": sorted(host_logs.OPEN_WORDS.values()),  # opening a host log or HAR file
        "Transports": sorted({w for c in transport_choices() for w in (c.label, c.short_label)}),  # and the short words
        **answer_words.all_words(),  # the answer dialogs' words ("Origin", "SamplingDialog"…), with their own
        "SpecViewer": sorted(set(spec_pages.WORDS.values())),  # the specification viewer's words
        "RootsEditor": sorted(set(roots.WORDS.values())),  # why a row is no root, with the editor's own
        "ProfileEditor": server_editor.all_words(),  # a saved server's fields and problems, with its own
        "ConnectionPanel": server_editor.list_words(),  # a server without a name, the list's buttons, with its own
        "Profiles": [demo_profile().name],  # the built-in server's name, stored in English
        "Features": sorted(features),
        "Lifecycle": sorted(set(lifecycle)),
        "Rules": sorted({r.text for r in (*RULES.values(), *AUTH_RULES.values())}),  # and the OAuth rules
        "AuthView": auth_view.all_words(),  # the authorization steps' words, with the Authorization tab's own
        "Steps": sorted(
            set(LEGACY_STEPS.values())
            | set(MODERN_STEPS.values())
            | set(CLIENT_STEPS.values())
            | set(SERVER_STEPS.values())
            | set(SHUTDOWN_STEPS.values())
        ),
        "SurfaceDiff": sorted(  # a surface diff's findings, lines, lists and kinds (the compare view, the CLI)
            {
                *surface_diff.DIFF_WORDS.values(),
                *surface_diff.LINE_WORDS.values(),
                *surface_diff.LIST_WORDS.values(),
                *surface_diff.KIND_WORDS.values(),
            }
        ),
        "RecordingAlign": sorted(set(recording_align.ALIGN_WORDS.values())),  # where two recordings part
        "CompareView": sorted(set(compare_rows.WORDS.values())),  # the compare view's own words
        "Doctor": sorted({*doctor_words.all_words(), *doctor_words.VERDICT_WORDS.values()}),  # and the dialog's
        "Teaching": sorted(
            {n.sends for n in NOTES.values()}
            | {n.answer for n in NOTES.values() if n.answer}
            | {text for lesson in LESSONS.values() for text in (lesson.allowed, lesson.next, lesson.failures)}
        ),
    }


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true")
    parser.add_argument(
        "--merge", type=Path, default=GLOSSARY, help="translations to fill unfinished strings with (JSON)"
    )
    parser.add_argument("--ts", type=Path, default=TS, help="the catalogue (default: %(default)s)")
    parser.add_argument("--qm", type=Path, default=QM, help="the compiled catalogue to write")
    parser.add_argument(
        "--en-ts",
        type=Path,
        default=None,
        help=f"the English plural catalogue (default: {_shown(EN_TS)}, or beside --ts)",
    )
    args = parser.parse_args()
    ts, qm = args.ts.resolve(), args.qm.resolve()
    en_ts = (args.en_ts or (EN_TS if ts == TS.resolve() else ts.with_name(f"{ts.stem}_en.ts"))).resolve()
    I18N.mkdir(parents=True, exist_ok=True)
    sources = sorted(str(p) for p in (ROOT / "inspector" / "ui").rglob("*.py"))
    # lupdate marks the Qt-free contexts vanished (no tr() of theirs in the sources), and with
    # that forgets whether a translation was still unfinished: remember each message's state
    before = (
        {
            (c.findtext("name"), m.findtext("source")): (
                m.find("translation").get("type") if m.find("translation") is not None else "unfinished"
            )
            for c in ET.parse(ts).getroot().findall("context")
            for m in c.findall("message")
        }
        if ts.exists()
        else {}
    )
    subprocess.run(
        [tool("pyside6-lupdate"), *sources, "-locations", "none", "-ts", str(ts)], check=True, capture_output=True
    )
    tree = ET.parse(ts)
    root = tree.getroot()
    contexts = {c.findtext("name"): c for c in root.findall("context")}
    # what lupdate found in the sources: a context may hold both (Timeline: its own and the kinds)
    in_sources = {
        (c.findtext("name"), m.findtext("source"))
        for c in root.findall("context")
        for m in c.findall("message")
        if m.find("translation") is None or m.find("translation").get("type") not in ("vanished", "obsolete")
    }
    for name, texts in protocol_strings().items():
        ctx = contexts.get(name)
        if ctx is None:
            ctx = ET.SubElement(root, "context")
            ET.SubElement(ctx, "name").text = name
            contexts[name] = ctx
        wanted = set(texts)
        have = {}
        for m in ctx.findall("message"):
            have[m.findtext("source")] = m
        for text in texts:
            if text not in have:
                m = ET.SubElement(ctx, "message")
                ET.SubElement(m, "source").text = text
                ET.SubElement(m, "translation", {"type": "unfinished"})
        for src, m in have.items():
            t = m.find("translation")
            if t is None:
                continue
            if src not in wanted and t.get("type") != "vanished" and (name, src) not in in_sources:
                t.set("type", "vanished" if t.text else "obsolete")
            elif src in wanted and t.get("type") in ("vanished", "obsolete"):
                was = before.get((name, src))
                if not t.text or was == "unfinished":  # a draft stays a draft
                    t.set("type", "unfinished")
                else:
                    t.attrib.pop("type")
    drop = json.loads(args.merge.read_text(encoding="utf-8")) if args.merge.exists() else {}
    taken: set[tuple[str, str]] = set()
    missing: list[tuple[str, str]] = []
    total = 0
    for name, ctx in contexts.items():
        table = {**drop.get("*", {}), **drop.get(name, {})}
        for m in ctx.findall("message"):
            t = m.find("translation")
            if t is None:
                t = ET.SubElement(m, "translation", {"type": "unfinished"})
            if t.get("type") in ("vanished", "obsolete"):
                continue
            total += 1
            src = m.findtext("source") or ""
            if t.get("type") != "unfinished" and _done(t):
                if table.get(src) == t.text:
                    taken.add((name, src))
                continue
            zh = table.get(src)
            if t.text or t.findall(
                "numerusform"
            ):  # a draft (unfinished, with text, as Qt Linguist saves one): it is the translator's
                missing.append((name, src))  # (plural forms are filled in the catalogue)
            elif zh:
                t.text = zh
                t.attrib.pop("type", None)
                taken.add((name, src))
            else:
                missing.append((name, src))
    tree.write(ts, encoding="utf-8", xml_declaration=True)
    compile_qm(ts, qm)
    if drop:  # what the catalogue holds now is no longer pending
        left = {
            ctx: {src: zh for src, zh in entries.items() if ctx == "*" or (ctx, src) not in taken}
            for ctx, entries in drop.items()
        }
        left = {ctx: entries for ctx, entries in left.items() if entries}
        if left != drop:
            args.merge.write_text(json.dumps(left, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{_shown(ts)}: {total} strings, {total - len(missing)} translated; wrote {_shown(qm)}")
    en_total, en_missing = english_plurals(sources, en_ts, en_ts.with_suffix(".qm"))
    print(
        f"{_shown(en_ts)}: {en_total} plural strings, {en_total - len(en_missing)} with their English forms; "
        f"wrote {_shown(en_ts.with_suffix('.qm'))}"
    )
    missing += [(f"{ctx} (English plural forms)", src) for ctx, src in en_missing]
    if missing:
        for ctx, src in missing[:50]:
            print(f"  untranslated [{ctx}] {src!r}")  # or a draft not yet marked finished
        if len(missing) > 50:
            print(f"  … and {len(missing) - 50} more")
        if args.check:
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
