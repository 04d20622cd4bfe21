#!/bin/sh
# A CPU profile of touchline (cache off) under one operation's load, summarised.
# Usage: bench/miss/profile-op.sh <operation> <seconds> <out folder>
op=$1; seconds=$2; out=$3
cd "$(dirname "$0")/../.." || exit 1
mkdir -p "$out/$op"
port=$((4800 + $$ % 100))
pid=$(bench/miss/serve.sh "$port" "$out/$op")
for _ in $(seq 1 60); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.5; done
node --import tsx bench/miss/measure.ts "http://127.0.0.1:$port" 0 bench/results/miss-db.json "$op" "$seconds" \
  > "$out/$op/load.json"
kill -INT "$pid"
while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
node --import tsx bench/miss/profile-summary.ts "$out/$op"/CPU.*.0.0*.cpuprofile 30 > "$out/$op/summary.txt"
echo "$out/$op/summary.txt"
