#!/usr/bin/env bash
# The anchor benchmark's SERVER_CMD for two workers on PostgreSQL and Redis (a fresh database per run):
#   SERVER_CMD="bash $PWD/bench/two_workers.sh" NAME=pg2 bash ../shared/bench/compare
# Needs PostgreSQL on 127.0.0.1:5432 (trust auth as user postgres) and Redis on 127.0.0.1:6379, as on the project's
# machines. PORT comes from the harness; SERVER_DIR is the project root.
set -euo pipefail
DIR=${SERVER_DIR:-$(cd "$(dirname "$0")/.." && pwd)}
DB=bench_$(date +%s)_$$
psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE $DB"
redis-cli -n 1 flushdb >/dev/null
export DATABASE_URL=postgresql://postgres@127.0.0.1:5432/$DB REDIS_URL=redis://127.0.0.1:6379/1
cd "$DIR"
exec "$DIR/.venv/bin/python" -m app.cli serve --host 127.0.0.1 --port "$PORT" --workers "${WORKERS:-2}"
