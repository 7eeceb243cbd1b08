"""MCP content blocks read for showing: what each block is, its facts and its payload, as data.

Theory of operation. A tool result, a prompt message and a resource read carry ``content``
lists; the window shows one card per block (``ui/content.py``). What a card says is read here,
without Qt, and tested headless (``tests/session/test_content_blocks.py``): :func:`read_block`
gives a :class:`BlockReading` with the block's kind, its chip word ("TEXT", "IMAGE"…), the facts
of its header (MIME type, size, WAV duration, annotations), its decoded payload (base64 as the
resources controller decodes a blob), the text to show, the URI, the name a "Save…" suggests,
and the error that stops it from showing. The card adds what only Qt can tell (whether the bytes
are an image it can read, its size in pixels) and the counts said with plural forms.

Every word is English in :data:`WORDS` and goes through the caller's ``tr(context, text)`` (the
window's ``QCoreApplication.translate``, context "ContentView"; ``scripts/i18n.py`` reads the
table). A size is :mod:`.entry_text`'s one formatter.
"""

from __future__ import annotations

import io
import wave
from collections.abc import Callable
from dataclasses import dataclass, field

from inspector.protocol.jsontypes import JsonObject, JsonValue, str_member
from inspector.protocol.schema import ValueCheck, check_value

from .controllers.resources import CONTENT_BAD_BASE64, decode_content, file_name_for
from .entry_text import size_text
from .schema_words import check_text
from .translate import Translate, untranslated

__all__ = [
    "CONTEXT",
    "WORDS",
    "BlockReading",
    "ImageView",
    "StructuredVerdict",
    "WavInfo",
    "card_parts",
    "image_view",
    "in_a_box",
    "read_block",
    "read_contents",
    "structured_verdict",
    "wav_info",
]

#: the translation context of :data:`WORDS` (the content view's own)
CONTEXT = "ContentView"

#: Every word of this module, English ("ContentView" context).
WORDS: dict[str, str] = {
    "text": "TEXT",
    "image": "IMAGE",
    "audio": "AUDIO",
    "resource": "RESOURCE",
    "resource_link": "RESOURCE LINK",
    "unknown": "UNKNOWN",
    "unknown_type": "UNKNOWN: {0}",
    "as_json": "shown as JSON",
    "no_object": "not a content block object",
    "no_text": "the text member is missing or not a string",
    "bad_base64": "the data is not valid base64",
    "no_string": "the data is not a string",
    "seconds": "{0:.2f} s",
    "wav": "{0} Hz, {1} ch, {2}-bit",
    "wav_unreadable": "WAV header not readable",
    "for": "for {0}",
    "priority": "priority {0}",
    "modified": "modified {0}",
    "no_resource": "the resource member is missing or not an object",
    "no_body": "the resource has neither text nor blob",
    "blob": "blob, {0}",
    "no_uri": "the link has no uri",
    "empty": "EMPTY",
    "no_blocks": "no content blocks",
    # the structured content's card: the verdict of the tool's outputSchema
    "structured": "STRUCTURED CONTENT",
    "not_checked": "no outputSchema declared: not checked",
    "broke_promise": "the tool declares an outputSchema but returned no structuredContent",
    "matches": "matches the outputSchema",
    "does_not_match": "does not match the outputSchema {0}",
    # an image at a size to look at
    "enlarged": "shown at {0}×",
    "smaller": "shown at {0}%",
}

LONG_TEXT = 4000  # characters above which text goes into a scrollable box (so do more than LONG_LINES lines)
LONG_LINES = 40
MIN_IMAGE_SIDE = 64  # smaller images are enlarged (nearest neighbour) to at least this
MAX_IMAGE_SIDE = 420

#: the file name extension a "Save…" suggests, by MIME type
EXTENSIONS = {
    "image/png": "png",
    "image/jpeg": "jpg",
    "image/gif": "gif",
    "image/webp": "webp",
    "image/svg+xml": "svg",
    "audio/wav": "wav",
    "audio/x-wav": "wav",
    "audio/wave": "wav",
    "audio/mpeg": "mp3",
    "audio/ogg": "ogg",
}


@dataclass(frozen=True)
class WavInfo:
    """What a WAV file's header says."""

    duration: float  # seconds
    rate: int  # frames a second
    channels: int
    bits: int  # a sample's


def wav_info(data: bytes) -> WavInfo | None:
    """Duration, rate and channels of a WAV file, or None when the header cannot be read."""
    if not (data[:4] == b"RIFF" and data[8:12] == b"WAVE"):
        return None
    try:
        with wave.open(io.BytesIO(data)) as w:
            rate = w.getframerate()
            frames = w.getnframes()
            return WavInfo(frames / rate if rate else 0.0, rate, w.getnchannels(), w.getsampwidth() * 8)
    except (wave.Error, EOFError, ValueError, OSError):
        return None


def annotations_text(block: JsonObject, tr: Translate = untranslated) -> str:
    """A block's annotations in brief: audience, priority, last modified ("" for none)."""
    ann = block.get("annotations")
    if not isinstance(ann, dict):
        return ""
    parts = []
    audience = ann.get("audience")
    if isinstance(audience, list):
        parts.append(tr(CONTEXT, WORDS["for"]).format(", ".join(str(a) for a in audience)))
    if isinstance(ann.get("priority"), (int, float)):
        parts.append(tr(CONTEXT, WORDS["priority"]).format(ann["priority"]))
    if isinstance(ann.get("lastModified"), str):
        parts.append(tr(CONTEXT, WORDS["modified"]).format(ann["lastModified"]))
    return " · ".join(parts)


@dataclass
class BlockReading:
    """What a card shows of one block. ``kind``: "text", "image", "audio", "resource",
    "resource_link", the unknown type's name, or "?" for what is no object; ``as_json``: shown
    as pretty JSON (an unknown block); ``meta``: the header's facts, in order (the card puts a
    character count first: ``characters``); ``annotations`` stay apart for an image, whose
    pixel size comes before them."""

    kind: str
    chip: str
    meta: list[str] = field(default_factory=list)
    error: str | None = None
    data: bytes | None = None
    text: str | None = None
    characters: int | None = None
    mime: str = ""
    uri: str = ""
    annotations: str = ""
    suggested_name: str = "content.bin"
    as_json: bool = False
    audio: WavInfo | None = None
    name: str = ""  # a link's
    description: str = ""  # a link's


def _decoded(data: JsonValue, tr: Translate) -> tuple[bytes | None, str | None]:
    """``(bytes, None)`` or ``(None, why)``: base64 ``data`` decoded as the resources controller
    decodes a blob."""
    decoded = decode_content({"blob": data})
    if decoded.problem == CONTENT_BAD_BASE64:
        return None, tr(CONTEXT, WORDS["bad_base64"])
    if decoded.problem is not None:
        return None, tr(CONTEXT, WORDS["no_string"])
    return decoded.data, None


def unknown(kind: str, error: str | None = None, tr: Translate = untranslated) -> BlockReading:
    """A block shown as JSON (an unknown type, or one that could not be shown)."""
    chip = tr(CONTEXT, WORDS["unknown_type"]).format(kind) if kind != "?" else tr(CONTEXT, WORDS["unknown"])
    return BlockReading(kind, chip, [tr(CONTEXT, WORDS["as_json"])], error, as_json=True)


def read_block(block: JsonValue, tr: Translate = untranslated) -> BlockReading:
    """What a card shows of ``block`` (see :class:`BlockReading`)."""
    if not isinstance(block, dict):
        return unknown("?", tr(CONTEXT, WORDS["no_object"]), tr)
    kind = block.get("type")
    read = _READERS.get(kind) if isinstance(kind, str) else None
    if read is None:
        return unknown(str(kind), None, tr)
    return read(block, tr)


def _text(block: JsonObject, tr: Translate) -> BlockReading:
    r = BlockReading("text", tr(CONTEXT, WORDS["text"]), annotations=annotations_text(block, tr))
    text = block.get("text")
    if not isinstance(text, str):
        r.error = tr(CONTEXT, WORDS["no_text"])
    else:
        r.text, r.characters = text, len(text)
    r.meta = [r.annotations] if r.annotations else []
    return r


def _media(block: JsonObject, kind: str, tr: Translate) -> BlockReading:
    """An image or an audio block: its MIME type, the name a save suggests, its data decoded."""
    mime = str_member(block, "mimeType", "?")
    r = BlockReading(kind, tr(CONTEXT, WORDS[kind]), [mime], mime=mime)
    r.suggested_name = f"{kind}.{EXTENSIONS.get(mime, 'bin')}"
    r.data, r.error = _decoded(block.get("data"), tr)
    if r.data is not None:
        r.meta.append(size_text(len(r.data), with_exact=True))
    r.annotations = annotations_text(block, tr)
    return r


def _image(block: JsonObject, tr: Translate) -> BlockReading:
    return _media(block, "image", tr)


def _audio(block: JsonObject, tr: Translate) -> BlockReading:
    r = _media(block, "audio", tr)
    if r.data is None:
        return r
    r.audio = wav_info(r.data)
    if r.audio is not None:
        r.meta.append(tr(CONTEXT, WORDS["seconds"]).format(r.audio.duration))
        r.meta.append(tr(CONTEXT, WORDS["wav"]).format(r.audio.rate, r.audio.channels, r.audio.bits))
    elif "wav" in r.mime:
        r.meta.append(tr(CONTEXT, WORDS["wav_unreadable"]))
    if r.annotations:
        r.meta.append(r.annotations)
    return r


def read_contents(res: JsonValue, tr: Translate = untranslated) -> BlockReading:
    """What a card shows of one ``ResourceContents`` entry (a ``resources/read`` answer's, or
    an embedded resource's): its URI, MIME type, text or decoded blob; the name a save suggests
    (:func:`~.controllers.resources.file_name_for`)."""
    r = BlockReading("resource", tr(CONTEXT, WORDS["resource"]))
    if not isinstance(res, dict):
        r.error = tr(CONTEXT, WORDS["no_resource"])
        return r
    r.uri = str_member(res, "uri", "?")
    r.mime = str_member(res, "mimeType")
    r.annotations = annotations_text(res, tr)
    r.suggested_name = file_name_for(r.uri, "resource.bin")
    text = res.get("text")
    if isinstance(text, str):
        r.text, r.characters = text, len(text)
    elif "blob" in res:
        r.data, r.error = _decoded(res.get("blob"), tr)
        if r.data is not None:
            r.meta.append(tr(CONTEXT, WORDS["blob"]).format(size_text(len(r.data), with_exact=True)))
    else:
        r.error = tr(CONTEXT, WORDS["no_body"])
    r.meta += [m for m in (r.mime, r.annotations) if m]
    return r


def _resource(block: JsonObject, tr: Translate) -> BlockReading:
    """An embedded resource: its contents, with the block's annotations before the resource's."""
    r = read_contents(block.get("resource"), tr)
    outer = annotations_text(block, tr)
    if outer:
        r.meta = [m for m in r.meta if m != r.annotations] + [outer]
        r.annotations = outer
    return r


def _link(block: JsonObject, tr: Translate) -> BlockReading:
    r = BlockReading("resource_link", tr(CONTEXT, WORDS["resource_link"]))
    r.uri = str_member(block, "uri")
    r.name = str(block.get("title") or block.get("name") or r.uri)
    r.description = str_member(block, "description")
    r.mime = str_member(block, "mimeType")
    r.annotations = annotations_text(block, tr)
    size = block.get("size")
    sized = size_text(size, with_exact=True) if isinstance(size, int) else ""
    r.meta = [m for m in (r.mime, sized, r.annotations) if m]
    if not r.uri:
        r.error = tr(CONTEXT, WORDS["no_uri"])
    return r


_READERS: dict[str, Callable[[JsonObject, Translate], BlockReading]] = {
    "text": _text,
    "image": _image,
    "audio": _audio,
    "resource": _resource,
    "resource_link": _link,
}


def in_a_box(text: str) -> bool:
    """Whether a block's text is shown in a scrolling box rather than as a label (a long one)."""
    return len(text) > LONG_TEXT or text.count("\n") + 1 > LONG_LINES


@dataclass(frozen=True)
class ImageView:
    """An image at a size to look at: the box it is scaled into with its aspect kept ("" note and
    its own size: not scaled), whether smoothly (made smaller) or keeping its pixels sharp (a
    tiny one enlarged), and the note that says so."""

    width: int
    height: int
    smooth: bool = False
    note: str = ""


def image_view(width: int, height: int, tr: Translate = untranslated) -> ImageView:
    """How an image of ``width`` × ``height`` pixels is shown: a tiny one enlarged a whole number
    of times to at least :data:`MIN_IMAGE_SIDE`, a large one made smaller into a square of
    :data:`MAX_IMAGE_SIDE` (the note's percentage is of the width Qt gives it: a side scaled in
    whole pixels, rounded down), any other at its own size."""
    side = max(width, height)
    if 0 < side < MIN_IMAGE_SIDE:
        factor = max(2, MIN_IMAGE_SIDE // side)
        return ImageView(width * factor, height * factor, False, tr(CONTEXT, WORDS["enlarged"]).format(factor))
    if side > MAX_IMAGE_SIDE:
        fitted = MAX_IMAGE_SIDE * width // max(height, 1)  # the width at the box's height
        shown = fitted if fitted <= MAX_IMAGE_SIDE else MAX_IMAGE_SIDE
        note = tr(CONTEXT, WORDS["smaller"]).format(round(100 * shown / width))
        return ImageView(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, True, note)
    return ImageView(width, height)


@dataclass(frozen=True)
class StructuredVerdict:
    """What the structured content's card says of the tool's ``outputSchema``: the check (None
    when there was nothing to check against), its line and the line's tone ("muted", "error",
    "warn", "ok")."""

    check: ValueCheck | None
    text: str
    tone: str


def structured_verdict(output_schema: JsonObject | None, structured: JsonValue, tr: Translate) -> StructuredVerdict:
    """The verdict of a tool's ``structuredContent`` (None: there is none) against its
    ``outputSchema`` (None: none declared); ``tr`` also words the validator's problem."""
    w = WORDS
    if output_schema is None:
        return StructuredVerdict(None, tr(CONTEXT, w["not_checked"]), "muted")
    if structured is None:
        return StructuredVerdict(ValueCheck(False), "✗ " + tr(CONTEXT, w["broke_promise"]), "error")
    check = check_value(output_schema, structured)
    if check.ok is None:
        return StructuredVerdict(check, "⚠ " + check_text(check, tr), "warn")
    if check.ok:
        return StructuredVerdict(check, "✓ " + tr(CONTEXT, w["matches"]), "ok")
    return StructuredVerdict(check, "✗ " + tr(CONTEXT, w["does_not_match"]).format(check_text(check, tr)), "error")


def card_parts(r: BlockReading, read: bool) -> list[str]:
    """What the card of a block shows besides its header, in order (the card lays each out):
    "text" (a text block's), "uri", "box_text" (an embedded resource's text, fixed-width),
    "read_text" (a read's text, whole, saved as UTF-8), "image", "hex" (a read's bytes), "link",
    "save" (the payload can be saved). ``read``: an entry of a ``resources/read`` answer. A
    block shown as JSON (``as_json``) has a card of its own."""
    parts: list[str] = []
    if r.kind == "text" and r.text is not None:
        parts.append("text")
    elif r.kind == "image" and r.data is not None:
        parts += ["save", "image"]
    elif r.kind == "resource" and r.uri:
        parts.append("uri")
        if r.text is not None:
            parts.append("read_text" if read else "box_text")
        elif r.data is not None:
            if r.mime.lower().startswith("image/"):
                parts.append("image")
            if read:
                parts.append("hex")
    elif r.kind == "resource_link":
        parts.append("link")
    if r.kind in ("audio", "resource") and (r.data is not None or (read and r.text is not None)):
        parts.append("save")
    return parts
