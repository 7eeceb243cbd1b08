"""Small, valid media made in code: a PNG image and a WAV tone (no files shipped)."""

from __future__ import annotations

import base64
import math
import struct
import zlib
from functools import cache


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


@cache
def png_bytes(size: int = 16) -> bytes:
    """A ``size`` x ``size`` RGB PNG: a diagonal gradient with a dark frame."""
    rows = []
    last = size - 1
    for y in range(size):
        row = bytearray(b"\x00")  # filter type 0 (None) for every scanline
        for x in range(size):
            if x in (0, last) or y in (0, last):
                row += b"\x20\x20\x30"
            else:
                row += bytes((40 + 200 * x // last, 90 + 120 * y // last, 220 - 160 * (x + y) // (2 * last)))
        rows.append(bytes(row))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + _chunk(b"IEND", b"")
    )


@cache
def wav_bytes(seconds: float = 0.2, freq: float = 440.0, rate: int = 8000) -> bytes:
    """A mono 8-bit PCM WAV file: a sine tone with a short fade in and out."""
    n = int(seconds * rate)
    fade = max(1, n // 10)
    samples = bytearray(n)
    for i in range(n):
        env = min(1.0, i / fade, (n - 1 - i) / fade)
        samples[i] = 128 + int(100 * env * math.sin(2 * math.pi * freq * i / rate))
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate, 1, 8)  # PCM, mono, rate, byte rate, block align, bits
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", n) + bytes(samples)
    return b"RIFF" + struct.pack("<I", len(body)) + body


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")
