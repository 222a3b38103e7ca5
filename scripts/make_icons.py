"""Draw the site's mark (static/favicon.svg: a felt-green tile, a paper card edged in brass, a brass seal) as the
PNG icons the web app manifest names, with the standard library alone: no image tools needed to remake them.

    python scripts/make_icons.py   # writes static/icon-192.png and static/icon-512.png
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "static"
FELT, PAPER, BRASS = (0x1F, 0x4A, 0x37), (0xFB, 0xF6, 0xEA), (0xB8, 0x86, 0x2B)
SAMPLES = 4  # per axis, per pixel: smooth edges


def in_rounded(x: float, y: float, left: float, top: float, right: float, bottom: float, r: float) -> bool:
    """Whether (x, y) lies in the rectangle with corners rounded to radius r (all in the SVG's 32-unit box)."""
    if not (left <= x <= right and top <= y <= bottom):
        return False
    cx = min(max(x, left + r), right - r)
    cy = min(max(y, top + r), bottom - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def colour_at(x: float, y: float) -> tuple[tuple[int, int, int], float]:
    """The mark's colour and opacity at a point, drawn in the SVG's order (the last shape on top)."""
    if (x - 16) ** 2 + (y - 16) ** 2 <= 9:
        return BRASS, 1.0
    if in_rounded(x, y, 9.75, 6.75, 22.25, 25.25, 1.25):
        return PAPER, 1.0
    if in_rounded(x, y, 8.25, 5.25, 23.75, 26.75, 2.75):
        return BRASS, 1.0  # the card's 1.5-unit edge
    if in_rounded(x, y, 0, 0, 32, 32, 6):
        return FELT, 1.0
    return FELT, 0.0


def render(size: int) -> bytes:
    scale = 32 / size
    rows = []
    for py in range(size):
        row = bytearray([0])  # PNG filter: none
        for px in range(size):
            r = g = b = a = 0.0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    (cr, cg, cb), alpha = colour_at((px + (sx + 0.5) / SAMPLES) * scale,
                                                    (py + (sy + 0.5) / SAMPLES) * scale)
                    r, g, b, a = r + cr * alpha, g + cg * alpha, b + cb * alpha, a + alpha
            n = SAMPLES * SAMPLES
            row += bytes([round(r / a), round(g / a), round(b / a)] if a else [0, 0, 0]) + bytes([round(255 * a / n)])
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    for size in (192, 512):
        (STATIC / f"icon-{size}.png").write_bytes(render(size))
