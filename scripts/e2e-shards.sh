#!/usr/bin/env bash
# The browser journeys in N lanes side by side (default 2, one per core). Each lane has its own
# server on its own port with its own fresh embedded database, so no lane sees another's changes.
#
# Work is handed out from one queue, longest first, to whichever lane is free (instead of
# Playwright's --shard, which cuts the test list into equal counts: every slow axe scan landed in
# the same shard, 10.1 against 5.4 minutes). A unit is a spec file, or one test of the axe spec
# (one role each, the slowest). Files are queued by size, a fair proxy for their running time.
#
# Builds the web app once. Prints each lane's log when all are done; fails if any unit failed.
# Usage: scripts/e2e-shards.sh [spec files…]   (E2E_SHARDS=lanes, E2E_BASE_PORT=first port - 1)
set -euo pipefail
cd "$(dirname "$0")/.."
lanes="${E2E_SHARDS:-2}"
base_port="${E2E_BASE_PORT:-3110}"
config=apps/web/playwright.config.ts
e2e_dir=apps/web/e2e
# The installed CLI itself: `npx` resolved it again for every unit (0.8 s each on 2 cores).
playwright="$PWD/node_modules/.bin/playwright"

npm run build

work=$(mktemp -d)
cleanup() {
  for pidfile in "$work"/server-*.pid; do
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

# The queue: one line per unit, "<spec file>\t<grep or empty>".
if [ "$#" -gt 0 ]; then specs=("$@"); else mapfile -t specs < <(ls "$e2e_dir"/*.spec.ts); fi
{
  for spec in "${specs[@]}"; do
    name=$(basename "$spec")
    if [ "$name" = a11y.spec.ts ]; then
      # One unit per test: titles from Playwright's own list, as exact (escaped) patterns.
      "$playwright" test -c "$config" --list "$name" 2>/dev/null |
        sed -n 's/^ *\[[^]]*\] › [^ ]* › [^›]* › \(.*\)$/\1/p' |
        while IFS= read -r title; do
          printf '%s\t%s\n' "$name" "$(printf '%s' "$title" | sed 's/[][\\.*^$()+?{}|/]/\\&/g')\$"
        done
    fi
  done
  for spec in "${specs[@]}"; do
    name=$(basename "$spec")
    [ "$name" = a11y.spec.ts ] || printf '%s\t\n' "$name"
  done | while IFS=$'\t' read -r name _; do
    printf '%s\t%s\t\n' "$(wc -c <"$e2e_dir/$name")" "$name"
  done | sort -rn | cut -f2-
} >"$work/queue"
total=$(wc -l <"$work/queue")
echo 0 >"$work/next"
echo "e2e: $total units in $lanes lanes"

# A small spec file (bytes) shares its Playwright run with the next small ones, up to BATCH of them:
# each run costs ~7 s of start-up (the CLI, the config, a browser) before its first test.
small_bytes="${E2E_SMALL_BYTES:-7000}"
batch="${E2E_BATCH:-3}"
is_small() { # a whole spec file (no --grep) under small_bytes
  local line=$1
  [ -z "${line#*$'\t'}" ] && [ "$(wc -c <"$e2e_dir/${line%%$'\t'*}")" -lt "$small_bytes" ]
}

# Hands out the next unit's line numbers (1-based, one, or several small ones), or nothing when the
# queue is empty.
claim() {
  (
    flock 9
    n=$(($(cat "$work/next") + 1))
    [ "$n" -le "$total" ] || {
      echo "$n" >"$work/next"
      exit 0
    }
    claimed="$n"
    if is_small "$(sed -n "${n}p" "$work/queue")"; then
      while [ "$(wc -w <<<"$claimed")" -lt "$batch" ] && [ "$((n + 1))" -le "$total" ] &&
        is_small "$(sed -n "$((n + 1))p" "$work/queue")"; do
        n=$((n + 1))
        claimed="$claimed $n"
      done
    fi
    echo "$n" >"$work/next"
    echo "$claimed"
  ) 9>"$work/lock"
}

lane() {
  local i=$1 port=$((base_port + $1)) log="$work/lane-$1.log" data failed=0 n line grep started units specs_run
  data=$(mktemp -d "${TMPDIR:-/tmp}/trayecto-e2e-lane$i.XXXXXX")
  # The compiled server, as production runs it (the same as the Playwright config's webServer).
  NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATA_DIR="$data" SEED_DEMO=true LOG_LEVEL=warn DATABASE_URL='' \
    SMTP_URL="smtp://127.0.0.1:$((port + 5000))" MAIL_FROM='Trayecto <no-reply@trayecto.demo>' \
    REDSYS_URL="http://127.0.0.1:$((port + 6000))" \
    node --enable-source-maps apps/api/dist/server.js >"$work/server-$i.log" 2>&1 &
  echo $! >"$work/server-$i.pid"
  for _ in $(seq 1 120); do
    curl -fsS "http://127.0.0.1:$port/api/v1/ready" >/dev/null 2>&1 && break
    sleep 1
  done
  while units=$(claim) && [ -n "$units" ]; do
    specs_run=()
    grep=""
    for n in $units; do
      line=$(sed -n "${n}p" "$work/queue")
      specs_run+=("${line%%$'\t'*}")
      grep=${line#*$'\t'}
    done
    n=${units%% *}
    started=$(date +%s)
    printf '\n>>> lane %s, unit %s/%s: %s %s\n' "$i" "$units" "$total" "${specs_run[*]}" "${grep:+(--grep $grep)}" >>"$log"
    if ! E2E_PORT="$port" E2E_REUSE_SERVER=1 E2E_OUTPUT_DIR="test-results/lane-$i/unit-$n" \
      "$playwright" test -c "$config" "${specs_run[@]}" ${grep:+--grep "$grep"} >"$work/unit.$i" 2>&1; then
      failed=1
      echo "FAILED: ${specs_run[*]} ${grep:+(--grep $grep)}" >>"$work/failures"
      # Playwright's account of each failure (from "  1) [chromium] …" on), for the end of the output:
      # CI shows only its tail, which the lanes' logs and servers' output had filled.
      {
        printf '\n>>> lane %s, unit %s: %s %s\n' "$i" "$units" "${specs_run[*]}" "${grep:+(--grep $grep)}"
        grep -v '^\[WebServer\]' "$work/unit.$i" | sed -n '/^  [0-9][0-9]*) \[/,$p' | head -150 || true
      } >>"$work/failure-details"
    fi
    cat "$work/unit.$i" >>"$log"
    printf '<<< %ss\n' "$(($(date +%s) - started))" >>"$log"
  done
  kill "$(cat "$work/server-$i.pid")" 2>/dev/null || true
  # The server's own output only when something failed (its start-up banner is noise otherwise).
  # Only its errors and what is not a log line (a crash's stack): a journey's e-mails to a closed port
  # are warnings by the hundred.
  if [ "$failed" = 1 ]; then
    printf '\n>>> lane %s server output (errors):\n' "$i" >>"$log"
    grep -v '"level":[1-4]0,' "$work/server-$i.log" | tail -80 >>"$log" || true
  fi
  rm -rf "$data"
  return "$failed"
}

pids=()
for i in $(seq 1 "$lanes"); do
  lane "$i" &
  pids+=($!)
done
failed=0
for i in $(seq 1 "$lanes"); do
  if wait "${pids[$((i - 1))]}"; then status=passed; else status=FAILED; failed=1; fi
  printf '\n--- e2e lane %s/%s: %s ---\n' "$i" "$lanes" "$status"
  # A lane that got no unit (fewer units than lanes) wrote no log.
  [ -f "$work/lane-$i.log" ] && cat "$work/lane-$i.log"
done
if [ -f "$work/failures" ]; then
  printf '\n=== what failed ===\n'
  cat "$work/failure-details" "$work/failures"
fi
exit "$failed"
