#!/usr/bin/env bash
# Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) with its own address-bar popup
# turned off: the browser journeys (apps/web/playwright.config.ts) and the browser benches
# (bench/lighthouse.ts, public-cpu.ts, size.ts) start every browser here.
#
# Chromium 156 in headless mode loads the address bar's popup (a WebUI page,
# chrome://omnibox-popup.top-chrome) in a renderer of its own for every window, so for every
# test's browser context: about as much CPU as the app's own first load (form-refusals.spec.ts
# alone: 180 s of CPU with it, 152 s without). The two features below stop it. Chromium keeps only
# the last --disable-features it is given, so Playwright's own list and ours go into one switch.
set -euo pipefail
disabled="WebUIOmniboxPopup,WebUIOmniboxAimPopup"
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) disabled="${arg#--disable-features=},$disabled" ;;
    *) args+=("$arg") ;;
  esac
done
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
# CHROMIUM_PATH may name this script itself (a bench that starts "the Chromium" it is given).
[ "$chromium" -ef "$0" ] && chromium=/usr/bin/chromium
exec "$chromium" "${args[@]}" "--disable-features=$disabled"
