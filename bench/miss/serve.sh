#!/bin/sh
# touchline on the miss-path bench database, response cache off, statements traced
# (docs/performance-miss-path.md). Usage: bench/miss/serve.sh <port> [cpu profile folder]
# Prints the server's pid; it runs until killed (SIGINT writes the profile).
port=$1
profile=${2:+--cpu-prof --cpu-prof-dir=$2}
cd "$(dirname "$0")/../.." || exit 1
env HOST=127.0.0.1 PORT="$port" LOG_LEVEL=warn LIVE=off RESPONSE_CACHE=off \
  ADDRESS_RATE_PER_MINUTE=1000000000 TOUCHLINE_DATA_DIR=/tmp/miss-unused \
  DATABASE_URL="${MISS_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/miss_bench}" \
  REDIS_URL=redis://127.0.0.1:6379 REDIS_PREFIX=miss_bench \
  MISS_TRACE_OUT="${MISS_TRACE_OUT:-/tmp/miss-trace.json}" \
  NODE_ENV="${MISS_NODE_ENV:-}" node $profile --import tsx --import ./bench/miss/statement-trace.ts app/main.ts serve \
  >"/tmp/miss-serve-$port.log" 2>&1 &
echo $!
