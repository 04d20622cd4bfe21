#!/bin/sh
# Every miss-path operation on touchline (cache off, traced) and the hand-written baselines, one
# after another on the same database; JSON lines to stdout. Usage: bench/miss/run-all.sh [seconds]
seconds=${1:-5}
cd "$(dirname "$0")/../.." || exit 1
data=bench/results/miss-db.json
pid=$(bench/miss/serve.sh 4730)
raw=$(bench/miss/serve-raw.sh 4740)
raw_detail=$(echo "$raw" | sed -n 1p); raw_list=$(echo "$raw" | sed -n 2p)
for port in 4730 4740; do
  for _ in $(seq 1 60); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.5; done
done
sleep 1
MISS_TRACE_OUT=/tmp/miss-trace.json node --import tsx bench/miss/measure.ts http://127.0.0.1:4730 "$pid" $data \
  graphql-page,graphql-page+corners,graphql-detail,rest-list,rest-detail,rest-odds,rest-lineups "$seconds"
node --import tsx bench/miss/measure.ts http://127.0.0.1:4740 "$raw_detail" $data raw-detail "$seconds"
node --import tsx bench/miss/measure.ts http://127.0.0.1:4741 "$raw_list" $data raw-list "$seconds"
kill -INT "$pid"; kill "$raw_detail" "$raw_list"
