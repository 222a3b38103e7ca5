#!/usr/bin/env bash
# The anchor harness's idle-connection memory figure alone (issue 39): `kb_per_conn_connected_gc` of
# ../shared/bench/ours/load.js, measured exactly as `compare` measures it, without its load ladder.
#
# Each repetition starts the server the way ../shared/bench/ours/run.sh does (its default SERVER_CMD, a fresh empty
# folder and a fresh SQLite file, setsid), then runs load.js with the same setup (200 tables x 5 seats by REST, 16
# requests at a time; one websocket per seat, 20 tables at a time, until every seat holds its first state; 500 ms;
# then 400 ms and VmRSS of the server's process tree, minus the reading taken before any table existed). What
# follows that reading (calibration, spares, the load window) enters no memory figure, so it is cut short here:
# no calibration, no spares, a 1 s window at 100 actions/s. Prints one line per repetition and writes the load.js
# lines to OUT.
#
# usage: bash bench/anchor_idle_memory.sh [repetitions] [OUT.jsonl]
# env:   SERVER_DIR (default: this checkout)  SERVER_VENV (default: $SERVER_DIR/.venv, else /work/main/.venv)
#        PORT=18390  MATCHES=200  SEATS=5  GAME=turncoats  BENCH_WORK=/tmp/anchor-bench (where compare keeps ws)
#        SERVER_ENV  extra "NAME=value ..." for the server only (to try a setting)
set -euo pipefail
REPS=${1:-3}
HERE=$(cd "$(dirname "$0")" && pwd)
SERVER_DIR=${SERVER_DIR:-$(dirname "$HERE")}
SERVER_VENV=${SERVER_VENV:-$SERVER_DIR/.venv}
[ -x "$SERVER_VENV/bin/python" ] || SERVER_VENV=/work/main/.venv
OUT=${2:-/tmp/anchor-idle-$(date -u +%Y%m%dT%H%M%SZ).jsonl}
PORT=${PORT:-18390}
MATCHES=${MATCHES:-200}
SEATS=${SEATS:-5}
GAME=${GAME:-turncoats}
WORK=${BENCH_WORK:-/tmp/anchor-bench}
LOAD="$WORK/ours/load.js"
if [ ! -d "$WORK/ours/node_modules/ws" ]; then
  mkdir -p "$WORK/ours" && cp "$SERVER_DIR"/../shared/bench/ours/* "$WORK/ours/"
  (cd "$WORK/ours" && npm ci --no-audit --no-fund >/dev/null)
fi
: > "$OUT"
SRV=""
RUNDIR=""
alive() { ps -o stat= -p "$1" 2>/dev/null | grep -qv '^Z'; }
stop() {
  if [ -n "$SRV" ]; then
    kill -TERM -- "-$SRV" 2>/dev/null || true
    for _ in $(seq 1 100); do alive "$SRV" || break; sleep 0.1; done
    alive "$SRV" && kill -KILL -- "-$SRV" 2>/dev/null || true
    wait "$SRV" 2>/dev/null || true
    SRV=""
  fi
  if [ -n "$RUNDIR" ]; then rm -rf "$RUNDIR"; RUNDIR=""; fi
}
trap stop EXIT
for rep in $(seq 1 "$REPS"); do
  while [ -e /work/notes/QUIET ]; do sleep 30; done
  RUNDIR=$(mktemp -d /tmp/anchor-idle-XXXXXX)
  # shellcheck disable=SC2086
  ( cd "$RUNDIR" && exec env DATABASE_URL="sqlite+aiosqlite:///$RUNDIR/bench.db" PYTHONPATH="$SERVER_DIR" \
      ${SERVER_ENV:-} setsid bash -c "cd $SERVER_DIR && $SERVER_VENV/bin/python -m app.cli serve --host 127.0.0.1 --port $PORT" \
  ) > "$RUNDIR/server.log" 2>&1 &
  SRV=$!
  for _ in $(seq 1 600); do
    curl -sf -o /dev/null --max-time 2 "http://127.0.0.1:$PORT/api/games" && break
    alive "$SRV" || { tail -n 40 "$RUNDIR/server.log" >&2; exit 1; }
    sleep 0.1
  done
  line=$(node "$LOAD" --base "http://127.0.0.1:$PORT" --server-pid "$SRV" --game "$GAME" --seats "$SEATS" \
    --matches "$MATCHES" --rate 100 --duration 1 --warmup 0 --grace 1 --calibrate 0 --on-finish drop \
    --label "idle-$rep")
  echo "$line" >> "$OUT"
  errors=$(grep -c -E 'ERROR|Traceback' "$RUNDIR/server.log" || true)
  echo "$line" | node -e '
    const l = JSON.parse(require("fs").readFileSync(0, "utf8")); const s = l.server;
    console.log(`rep ${process.argv[1]}: ${s.kb_per_conn_connected_gc} KB/conn  (RSS ${s.rss_kb_baseline_gc} -> ` +
      `${s.rss_kb_connected_gc} KB over ${l.connections_open_at_window_end ?? s.connections_open_at_window_end} ` +
      `conns; server log errors ${process.argv[2]})`);' "$rep" "$errors"
  stop
done
echo "written: $OUT" >&2
