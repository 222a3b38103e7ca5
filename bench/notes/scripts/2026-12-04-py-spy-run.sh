#!/bin/bash
# profile our server during the 100/s window
cd /tmp
SERVER_DIR=/work/main NAME=spy SKIP_I=1 RATES="100" bash /tmp/anchor-bench/ours/run.sh /tmp/spy.jsonl > /tmp/spy.log 2>&1 &
RUN=$!
# wait for the server and the window: the window starts after setup; poll the log for "ramp"/window start
for i in $(seq 1 120); do
  pid=$(pgrep -f "python -m app.cli serve --host 127.0.0.1 --port 18300" -x -n 2>/dev/null; ps -eo pid=,comm=,args= | awk '$2 ~ /python/ && /app.cli serve --host 127.0.0.1 --port 18300/ {print $1}' | head -1)
  [ -n "$pid" ] && break
  sleep 1
done
sleep 17
echo "profiling $pid"
/tmp/spyenv/bin/py-spy record -p $pid -d 20 -r 500 --nonblocking --format raw -o /tmp/spy.raw --threads > /tmp/spy.out 2>&1
wait $RUN
python3 /tmp/abshow.py /tmp/spy.jsonl
