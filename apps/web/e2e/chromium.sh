#!/usr/bin/env bash
# Debian's Chromium for the browser journeys, with Chromium's own omnibox popup turned off.
#
# Chromium 156 in headless mode loads the address bar's popup (a WebUI page,
# chrome://omnibox-popup.top-chrome) in a renderer of its own for every window, so for every test's
# browser context: it cost as much CPU as the app's own page (~2.5 s a context on 2 cores). The two
# features below stop it. Chromium keeps only the last --disable-features it is given, so
# Playwright's own list and ours go into one switch.
set -euo pipefail
disabled="WebUIOmniboxPopup,WebUIOmniboxAimPopup"
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) disabled="${arg#--disable-features=},$disabled" ;;
    *) args+=("$arg") ;;
  esac
done
exec "${CHROMIUM_BIN:-/usr/bin/chromium}" "${args[@]}" "--disable-features=$disabled"
