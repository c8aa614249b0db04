#!/usr/bin/env bash
# The browser journeys in N lanes side by side (default 2, one per core). Each lane has its own
# server on its own port with its own fresh embedded database, so no lane sees another's changes.
#
# One Playwright run with N workers: worker k talks to lane k's server (E2E_LANES in
# apps/web/playwright.config.ts). Playwright hands a free worker the next spec file, or the next test
# of a file in parallel mode (the axe scans, one role each, the longest: a11y.spec.ts sorts first),
# and a worker keeps its browser from one file to the next. Until 2026-11-29 every file was a
# Playwright run of its own, taken longest first from a queue of this script's: each run cost ~8 s
# of start-up (the CLI, the config, a browser), 40 runs (docs/decisions/021-test-speed.md).
#
# Builds the web app once. When something failed, prints each server's errors after Playwright's
# report. Usage: scripts/e2e-shards.sh [spec files…]   (E2E_SHARDS=lanes, E2E_BASE_PORT=first port - 1)
set -euo pipefail
cd "$(dirname "$0")/.."
lanes="${E2E_SHARDS:-2}"
base_port="${E2E_BASE_PORT:-3110}"

npm run build

work=$(mktemp -d)
cleanup() {
  for pidfile in "$work"/server-*.pid; do
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
  done
  for dirfile in "$work"/data-*; do
    [ -f "$dirfile" ] && rm -rf "$(cat "$dirfile")"
  done
  rm -rf "$work"
}
trap cleanup EXIT

# The compiled server, as production runs it (the same as the Playwright config's webServer),
# every answer written by both writers and compared (RESPONSE_SERIALIZER_CHECK, ADR 038/055): the
# journeys check the compiled writers on every screen they open.
for i in $(seq 1 "$lanes"); do
  port=$((base_port + i))
  data=$(mktemp -d "${TMPDIR:-/tmp}/trayecto-e2e-lane$i.XXXXXX")
  echo "$data" >"$work/data-$i"
  NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATA_DIR="$data" SEED_DEMO=true LOG_LEVEL=warn DATABASE_URL='' \
    RESPONSE_SERIALIZER_CHECK=true \
    SMTP_URL="smtp://127.0.0.1:$((port + 5000))" MAIL_FROM='Trayecto <no-reply@trayecto.demo>' \
    REDSYS_URL="http://127.0.0.1:$((port + 6000))" \
    node --enable-source-maps apps/api/dist/server.js >"$work/server-$i.log" 2>&1 &
  echo $! >"$work/server-$i.pid"
done
for i in $(seq 1 "$lanes"); do
  port=$((base_port + i))
  for _ in $(seq 1 120); do
    curl -fsS "http://127.0.0.1:$port/api/v1/ready" >/dev/null 2>&1 && break
    sleep 1
  done
  if ! curl -fsS "http://127.0.0.1:$port/api/v1/ready" >/dev/null; then
    echo "e2e: lane $i's server did not start on port $port:" >&2
    cat "$work/server-$i.log" >&2
    exit 1
  fi
done
echo "e2e: $lanes lanes, ports $((base_port + 1))-$((base_port + lanes))"

status=0
E2E_LANES="$lanes" E2E_BASE_PORT="$base_port" \
  "$PWD/node_modules/.bin/playwright" test -c apps/web/playwright.config.ts "$@" || status=$?

# A compiled writer that disagreed with its schema is a 500 the journey may not show (a request
# in the background): any in the servers' logs fails the run.
for i in $(seq 1 "$lanes"); do
  if grep -q 'differs from zod' "$work/server-$i.log"; then
    printf '\n>>> lane %s: an answer differed from its schema (ADR 038):\n' "$i"
    grep 'differs from zod' "$work/server-$i.log" | head -5
    status=1
  fi
done

if [ "$status" != 0 ]; then
  # Only the servers' errors and what is not a log line (a crash's stack): a journey's e-mails to a
  # closed port are warnings by the hundred.
  for i in $(seq 1 "$lanes"); do
    printf '\n>>> lane %s server output (errors):\n' "$i"
    grep -v '"level":[1-4]0,' "$work/server-$i.log" | tail -80 || true
  done
fi
exit "$status"
