#!/usr/bin/env bash
# Issue 19's server target: the anchor benchmark's measured tables (compare's method, our side only) at 100 actions/s,
# once alone and once beside SIDE_TABLES tables where the server's hard bots play each other (bench/hard_tables.py).
# The target: p99 beside the bots no worse than 1.5x p99 alone. Run from the project root once .venv exists:
#     bash bench/hard_side.sh            # env: RATES=100 I_S=30 SIDE_TABLES=20 SIDE_PLAYERS=4 SIDE_GAME=turncoats
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${BENCH_WORK:-/tmp/anchor-bench}
if [ ! -d "$WORK/ours/node_modules" ]; then
  mkdir -p "$WORK/ours" && cp "$ROOT/../shared/bench/ours/"* "$WORK/ours/"
  (cd "$WORK/ours" && npm ci --no-audit --no-fund >/dev/null)
fi
OUT=$ROOT/bench/results/$(date -u +%Y-%m-%d-%H%M)-hard-side
mkdir -p "$OUT"
export SERVER_DIR=$ROOT RATES=${RATES:-100} I_S=${I_S:-30} SKIP_I=1
PY=$ROOT/.venv/bin/python
SERVE="exec $PY -m app.cli serve --host 127.0.0.1 --port \$PORT"
SIDE="$PY -m bench.hard_tables --url http://127.0.0.1:\$PORT --tables ${SIDE_TABLES:-20} \
--players ${SIDE_PLAYERS:-4} --game ${SIDE_GAME:-turncoats} > $OUT/side.log 2>&1 &"
NAME=alone SERVER_CMD="cd $ROOT && $SERVE" bash "$WORK/ours/run.sh" "$OUT/alone.jsonl" >/dev/null
NAME=beside-hard SERVER_CMD="cd $ROOT && $SIDE $SERVE" bash "$WORK/ours/run.sh" "$OUT/beside.jsonl" >/dev/null
"$PY" - "$OUT" <<'PY'
import json, sys
from pathlib import Path
out = Path(sys.argv[1])
rows: dict = {}
for name in ("alone", "beside"):
    for line in (out / f"{name}.jsonl").read_text().splitlines():
        record = json.loads(line)
        if "latency_ms" in record:
            rows.setdefault(record["offered_mps"], {})[name] = record
print("| offered /s | p50 / p99 alone (ms) | p50 / p99 beside hard bots (ms) | p99 ratio | completed /s alone, beside |")
print("|---|---|---|---|---|")
for rate, pair in sorted(rows.items()):
    a, b = pair["alone"], pair["beside"]
    la, lb = a["latency_ms"], b["latency_ms"]
    print(f"| {rate} | {la['p50']} / {la['p99']} | {lb['p50']} / {lb['p99']} | {lb['p99'] / la['p99']:.2f} |"
          f" {a['moves']['completed_mps']}, {b['moves']['completed_mps']} |")
print((out / "side.log").read_text().strip())
PY
echo "results in $OUT"
