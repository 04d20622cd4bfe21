#!/usr/bin/env bash
# The bench's programs from Debian's packages (docs/benchmarks.md "Load generator"): wrk drives
# the load, HAProxy balances the cluster rows. Installed when missing (as root, through apt-get);
# otherwise a one-line reason and a non-zero exit. .ci/run calls it too (the wrk test).
set -euo pipefail
missing=()
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-bench-tools: ${missing[*]} missing: install Debian's packages (apt-get install ${missing[*]})" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
