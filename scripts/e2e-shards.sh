#!/usr/bin/env bash
# The browser journeys in N shards side by side (default 2, one per core), each with its own server
# on its own port and its own fresh embedded database, so no shard sees another's changes.
# Builds the web app once. Prints each shard's log when all are done; fails if any shard failed.
set -euo pipefail
cd "$(dirname "$0")/.."
shards="${E2E_SHARDS:-2}"
base_port="${E2E_BASE_PORT:-3110}"
npm run build
logs=$(mktemp -d)
pids=()
for i in $(seq 1 "$shards"); do
  E2E_PORT=$((base_port + i)) E2E_OUTPUT_DIR="test-results/shard-$i" npx playwright test -c apps/web/playwright.config.ts --shard="$i/$shards" "$@" \
    >"$logs/shard-$i.log" 2>&1 &
  pids+=($!)
done
failed=0
for i in $(seq 1 "$shards"); do
  if wait "${pids[$((i - 1))]}"; then status=passed; else status=FAILED; failed=1; fi
  printf '\n--- e2e shard %s/%s: %s ---\n' "$i" "$shards" "$status"
  cat "$logs/shard-$i.log"
done
rm -rf "$logs"
exit "$failed"
