"""A plot of p99 latency against offered load from the anchor benchmark's result files (``run.sh`` JSON lines).

usage: python -m bench.plot out.png label=results.jsonl [label=results.jsonl ...]

Writes an SVG beside ``out.png`` and turns it into the PNG with ImageMagick's ``convert`` (Debian's package; no
plotting library is needed). The y axis is logarithmic; a rung whose completed rate fell below 95 % of offered is
drawn hollow (its p99 measures a queue, not the server's speed).
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

# Debian's ImageMagick (apt-get install imagemagick); a ``convert`` earlier on PATH may be something else.
CONVERT = "/usr/bin/convert" if Path("/usr/bin/convert").exists() else "convert"
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"]
W, H, LEFT, RIGHT, TOP, BOTTOM = 900, 460, 70, 280, 40, 50


def rungs(path: Path) -> list[tuple[float, float, bool]]:
    """(offered/s, p99 ms, sustained) for each rung of the ladder (ii)."""
    out = []
    for line in path.read_text().splitlines():
        entry = json.loads(line)
        if "moves" not in entry or not entry["label"].startswith("ii-") or entry["latency_ms"]["p99"] is None:
            continue
        sustained = entry["moves"]["completed_mps"] >= 0.95 * entry["offered_mps"]
        out.append((float(entry["offered_mps"]), float(entry["latency_ms"]["p99"]), sustained))
    return sorted(out)


def svg(series: list[tuple[str, list[tuple[float, float, bool]]]]) -> str:
    xs = [x for _, points in series for x, _, _ in points]
    ys = [y for _, points in series for _, y, _ in points]
    x0, x1 = math.log10(min(xs)), math.log10(max(xs))
    y0, y1 = math.floor(math.log10(max(min(ys), 0.1))), math.ceil(math.log10(max(ys)))
    x1 = x1 if x1 > x0 else x0 + 1

    def px(x: float) -> float:
        return LEFT + (math.log10(x) - x0) / (x1 - x0) * (W - LEFT - RIGHT)

    def py(y: float) -> float:
        return H - BOTTOM - (math.log10(max(y, 10 ** y0)) - y0) / (y1 - y0) * (H - TOP - BOTTOM)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" '
             f'font-size="12"><rect width="100%" height="100%" fill="white"/>']
    for power in range(y0, y1 + 1):
        y = py(10 ** power)
        parts.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{y}" y2="{y}" stroke="#ddd"/>'
                     f'<text x="{LEFT - 6}" y="{y + 4}" text-anchor="end">{10 ** power:g}</text>')
    for x in sorted(set(xs)):
        parts.append(f'<line x1="{px(x)}" x2="{px(x)}" y1="{TOP}" y2="{H - BOTTOM}" stroke="#eee"/>'
                     f'<text x="{px(x)}" y="{H - BOTTOM + 16}" text-anchor="middle">{x:g}</text>')
    parts.append(f'<text x="{(LEFT + W - RIGHT) / 2}" y="{H - 10}" text-anchor="middle">offered actions/s</text>'
                 f'<text x="{LEFT}" y="{TOP - 14}">p99 latency, ms (log scale)</text>')
    limit = py(250)
    parts.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{limit}" y2="{limit}" stroke="#999" '
                 f'stroke-dasharray="4 3"/><text x="{LEFT + 6}" y="{limit - 4}" '
                 f'fill="#666">250 ms (the sustained rule)</text>')
    for n, (label, points) in enumerate(series):
        colour = COLOURS[n % len(COLOURS)]
        path = " ".join(f"{px(x)},{py(y)}" for x, y, _ in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for x, y, sustained in points:
            fill = colour if sustained else "white"
            parts.append(f'<circle cx="{px(x)}" cy="{py(y)}" r="4" fill="{fill}" stroke="{colour}" stroke-width="2"/>')
        ly = TOP + 20 + 22 * n
        parts.append(f'<line x1="{W - RIGHT + 14}" x2="{W - RIGHT + 34}" y1="{ly}" y2="{ly}" stroke="{colour}" '
                     f'stroke-width="2"/><text x="{W - RIGHT + 40}" y="{ly + 4}">{label}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(argv[0])
    series = []
    for spec in argv[1:]:
        label, _, path = spec.partition("=")
        series.append((label, rungs(Path(path))))
    drawing = out.with_suffix(".svg")
    drawing.write_text(svg(series))
    subprocess.run([CONVERT, str(drawing), str(out)], check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
