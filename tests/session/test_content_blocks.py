"""Content blocks read without Qt (session/content_blocks.py): what each card says, the decoded
payload, the name a save suggests and the error that stops a block from showing."""

from __future__ import annotations

import base64

import pytest

from inspector.demo.media import png_bytes, wav_bytes
from inspector.session.content_blocks import (
    LONG_LINES,
    LONG_TEXT,
    MAX_IMAGE_SIDE,
    WORDS,
    ImageView,
    card_parts,
    image_view,
    in_a_box,
    read_block,
    read_contents,
    structured_verdict,
    wav_info,
)
from inspector.session.translate import untranslated


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def test_text_counts_its_characters_and_keeps_its_annotations_apart():
    r = read_block({"type": "text", "text": "<b>hi</b>", "annotations": {"audience": ["user"], "priority": 0.5}})
    assert (r.kind, r.chip, r.text, r.characters, r.error) == ("text", "TEXT", "<b>hi</b>", 9, None)
    assert r.meta == ["for user · priority 0.5"]
    missing = read_block({"type": "text"})
    assert missing.error == "the text member is missing or not a string" and missing.text is None


def test_image_is_decoded_and_named_for_saving():
    r = read_block({"type": "image", "data": b64(png_bytes()), "mimeType": "image/png"})
    assert r.data == png_bytes() and r.error is None and r.suggested_name == "image.png"
    assert r.meta == ["image/png", f"{len(png_bytes())} B"]
    for data, why in (("***", "not valid base64"), (None, "not a string")):
        bad = read_block({"type": "image", "data": data, "mimeType": "image/gif"})
        assert bad.data is None and bad.error is not None and why in bad.error and bad.meta == ["image/gif"]


def test_audio_says_its_wav_duration_and_format():
    data = wav_bytes()
    info = wav_info(data)
    assert info is not None and info.duration == pytest.approx(0.2, abs=0.01) and info.channels >= 1
    r = read_block({"type": "audio", "data": b64(data), "mimeType": "audio/wav"})
    assert r.audio == info and r.suggested_name == "audio.wav"
    assert r.meta[0] == "audio/wav" and r.meta[2] == f"{info.duration:.2f} s" and "Hz" in r.meta[3]
    odd = read_block({"type": "audio", "data": b64(b"RIFFxxxxWAVE broken"), "mimeType": "audio/wav"})
    assert odd.audio is None and odd.meta[-1] == "WAV header not readable"
    assert wav_info(b"ID3 not a wav") is None


def test_embedded_resources_and_links():
    text = read_block(
        {"type": "resource", "resource": {"uri": "a://r.md", "mimeType": "text/markdown", "text": "# Hi"}}
    )
    assert (text.uri, text.text, text.characters, text.meta) == ("a://r.md", "# Hi", 4, ["text/markdown"])
    blob = read_block({"type": "resource", "resource": {"uri": "a://dir/logo.png", "blob": b64(b"x" * 2000)}})
    assert blob.data == b"x" * 2000 and blob.suggested_name == "logo.png"
    assert blob.meta == ["blob, 2.0 KiB (2,000 B)"]
    assert read_block({"type": "resource", "resource": {"uri": "a://n"}}).error == WORDS["no_body"]
    assert read_block({"type": "resource"}).error == WORDS["no_resource"]
    link = read_block({"type": "resource_link", "uri": "a://l", "name": "l", "title": "The L", "size": 10})
    assert (link.name, link.uri, link.meta, link.error) == ("The L", "a://l", ["10 B"], None)
    assert read_block({"type": "resource_link", "name": "x"}).error == "the link has no uri"


def test_what_is_unknown_is_shown_as_json():
    r = read_block({"type": "hologram"})
    assert r.as_json and r.chip == "UNKNOWN: hologram" and r.meta == ["shown as JSON"] and r.error is None
    odd = read_block("not an object")
    assert odd.as_json and odd.chip == "UNKNOWN" and odd.error == "not a content block object"


def test_words_go_through_the_callers_translation():
    seen = []

    def tr(context: str, text: str) -> str:
        seen.append((context, text))
        return f"«{text}»"

    r = read_block({"type": "image", "data": "***", "annotations": {"lastModified": "2025-01-01"}}, tr)
    assert r.chip == "«IMAGE»" and r.error == "«the data is not valid base64»"
    assert r.annotations == "«modified 2025-01-01»"
    assert {c for c, _ in seen} == {"ContentView"} and {t for _, t in seen} <= set(WORDS.values())


def test_a_read_entry_is_read_as_an_embedded_resource_is():
    entry = {"uri": "a://dir/odd name?.bin", "mimeType": "application/octet-stream", "blob": b64(b"\x00\x01")}
    r = read_contents(entry)
    assert (r.kind, r.uri, r.data, r.error) == ("resource", entry["uri"], b"\x00\x01", None)
    assert r.meta == ["blob, 2 B", "application/octet-stream"] and r.suggested_name == "odd_name_.bin"
    assert read_contents({"uri": "a://t", "text": "hi", "annotations": {"priority": 1}}).meta == ["priority 1"]
    assert read_contents({"uri": "a://n"}).error == WORDS["no_body"]
    assert read_contents("no object").error == WORDS["no_resource"]
    # an embedded resource's own annotations give way to the block's
    block = {"type": "resource", "resource": {"uri": "a://t", "text": "x", "annotations": {"priority": 1}}}
    assert read_block({**block, "annotations": {"priority": 0.5}}).meta == ["priority 0.5"]
    assert read_block(block).meta == ["priority 1"]


def test_a_long_text_goes_into_a_box_and_an_image_is_shown_at_a_size_to_look_at():
    assert not in_a_box("x" * LONG_TEXT) and in_a_box("x" * (LONG_TEXT + 1))
    assert not in_a_box("\n".join(["l"] * LONG_LINES)) and in_a_box("\n".join(["l"] * (LONG_LINES + 1)))
    tiny = image_view(3, 2)
    assert (tiny.width, tiny.height, tiny.smooth, tiny.note) == (63, 42, False, "shown at 21×")
    assert image_view(64, 10) == ImageView(64, 10)  # its own size: no note
    large = image_view(1000, 333)
    assert (large.width, large.height, large.smooth) == (MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, True)
    assert large.note == "shown at 42%"  # 420 of 1000 pixels wide
    tall = image_view(333, 1000)
    assert tall.note == "shown at 42%"  # 139 of 333 (the width rounded down, as Qt scales it)
    assert image_view(3, 2, lambda c, t: f"«{c}:{t}»").note == f"«ContentView:shown at {21}×»"


def test_the_structured_content_verdict_of_the_output_schema():
    schema = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
    tr = untranslated
    none = structured_verdict(None, {"n": 1}, tr)
    assert none.check is None and none.tone == "muted" and none.text == "no outputSchema declared: not checked"
    broke = structured_verdict(schema, None, tr)
    assert broke.check is not None and broke.check.ok is False and broke.tone == "error"
    assert broke.text == "✗ the tool declares an outputSchema but returned no structuredContent"
    ok = structured_verdict(schema, {"n": 1}, tr)
    assert ok.check is not None and ok.check.ok and (ok.text, ok.tone) == ("✓ matches the outputSchema", "ok")
    bad = structured_verdict(schema, {"n": "one"}, tr)
    assert bad.tone == "error" and bad.text.startswith("✗ does not match the outputSchema ") and "n" in bad.text
    broken = structured_verdict({"type": 12}, {"n": 1}, tr)  # a schema that does not compile
    assert (
        broken.check is not None and broken.check.ok is None and broken.tone == "warn" and broken.text.startswith("⚠ ")
    )


def test_what_each_card_shows_of_its_block_and_of_a_read():
    assert card_parts(read_block({"type": "text", "text": "hi"}), False) == ["text"]
    image = read_block({"type": "image", "data": b64(png_bytes()), "mimeType": "image/png"})
    assert card_parts(image, False) == ["save", "image"]
    audio = read_block({"type": "audio", "data": b64(wav_bytes()), "mimeType": "audio/wav"})
    assert card_parts(audio, False) == ["save"]
    embedded = read_block({"type": "resource", "resource": {"uri": "a://t", "text": "x"}})
    assert card_parts(embedded, False) == ["uri", "box_text"]  # nothing decoded to save
    read_text = read_contents({"uri": "a://t", "text": "x"})
    assert card_parts(read_text, True) == ["uri", "read_text", "save"]  # a read's text is saved as UTF-8
    picture = read_contents({"uri": "a://p.png", "mimeType": "image/png", "blob": b64(png_bytes())})
    assert card_parts(picture, True) == ["uri", "image", "hex", "save"]
    assert card_parts(picture, False) == ["uri", "image", "save"]
    link = read_block({"type": "resource_link", "uri": "a://l", "name": "l"})
    assert card_parts(link, False) == ["link"]
    assert card_parts(read_block({"type": "text"}), False) == []  # no text: the error says why
