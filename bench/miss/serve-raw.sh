#!/bin/sh
# The hand-written baselines on the miss-path database: detail (bench/raw-pg-server.ts) on <port>,
# list (the same server's route, bench/raw-pg-list.ts) on <port>+1. Prints both pids.
port=$1
cd "$(dirname "$0")/../.." || exit 1
url="${MISS_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/miss_bench}"
DATABASE_URL=$url PORT=$port node --import tsx bench/raw-pg-server.ts >/tmp/miss-raw-$port.log 2>&1 &
echo $!
DATABASE_URL=$url PORT=$((port + 1)) node --import tsx bench/raw-pg-server.ts >/tmp/miss-raw-$((port + 1)).log 2>&1 &
echo $!
