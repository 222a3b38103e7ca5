#!/usr/bin/env bash
# The anchor benchmark's SERVER_CMD for the deployment's shape: nginx running deploy/nginx/tabletop.conf (each
# table's requests and sockets to one worker) in front of WORKERS separate server processes, on PostgreSQL and Redis
# (a fresh database per run):
#   SERVER_CMD="bash $PWD/bench/proxied_workers.sh" NAME=pg2proxy SKIP_I=1 RATES="100 800" bash ../shared/bench/ours/run.sh
# Needs Debian's nginx and openssl, PostgreSQL on 127.0.0.1:5432 (trust auth as user postgres) and Redis on
# 127.0.0.1:6379. PORT comes from the harness (the proxy listens there, plain HTTP: the load generator speaks ws://);
# the workers take the ports after it. Everything runs in this script's process group, so the harness counts the
# proxy's CPU and memory with the workers'.
set -euo pipefail
DIR=${SERVER_DIR:-$(cd "$(dirname "$0")/.." && pwd)}
WORKERS=${WORKERS:-2}
DB=bench_$(date +%s)_$$
TMP=$(mktemp -d)
psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE $DB"
redis-cli -n 1 flushdb >/dev/null
export DATABASE_URL=postgresql://postgres@127.0.0.1:5432/$DB REDIS_URL=redis://127.0.0.1:6379/1
export FORWARDED_ALLOW_IPS=127.0.0.1
cd "$DIR"

own=$TMP/tabletop
mkdir -p "$own"
: > "$own/upstreams.conf"
pids=()
for n in $(seq 1 "$WORKERS"); do
  port=$((PORT + n))
  echo "server 127.0.0.1:$port max_fails=1 fail_timeout=5s;" >> "$own/upstreams.conf"
  "$DIR/.venv/bin/python" -m app.cli serve --host 127.0.0.1 --port "$port" &
  pids+=($!)
done
echo "listen 127.0.0.1:$((PORT + WORKERS + 1));" > "$own/listen-http.conf"  # the redirect side, unused here
echo "listen 127.0.0.1:$PORT;" > "$own/listen-https.conf"  # no `ssl`: plain HTTP on the harness's port
mkdir -p "$own/certs"  # where deploy/nginx/tabletop.conf reads them (it listens without ssl here: never served)
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 -keyout "$own/certs/privkey.pem" \
  -out "$own/certs/fullchain.pem" 2>/dev/null
temps=""
for kind in client_body proxy fastcgi uwsgi scgi; do temps+="  ${kind}_temp_path $TMP/$kind;"$'\n'; done
cat > "$TMP/nginx.conf" <<CONF
daemon off;
$( [ "$(id -u)" = 0 ] && echo "user root;" )
worker_processes 1;
worker_rlimit_nofile 65536;  # two descriptors a proxied socket
pid $TMP/nginx.pid;
error_log $TMP/error.log warn;
events { worker_connections 32768; }  # the harness holds up to ~4,000 sockets (spares included): 8,000 connections
http {
  access_log off;
$temps
  include $TMP/tabletop.conf;
}
CONF
# The deployment's file less its per-visitor limits (limit_conn, limit_req): the harness is a thousand players
# behind one address, which those limits exist to refuse.
grep -vE '^\s*limit_(conn|req)\s' "$DIR/deploy/nginx/tabletop.conf" > "$TMP/tabletop.conf"
nginx -c "$TMP/nginx.conf" -e "$TMP/error.log" &
pids+=($!)
trap 'kill "${pids[@]}" 2>/dev/null; wait; rm -rf "$TMP"' EXIT TERM INT
wait -n
