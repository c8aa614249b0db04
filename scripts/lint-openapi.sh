#!/usr/bin/env bash
# The published contract, checked (issue 21): writes the OpenAPI document the API serves
# (/api/v1/openapi.json) and the OCTO API's own (/api/octo/v1/openapi.json, ADR 023) to a temporary
# directory, lints both with Redocly's recommended ruleset (redocly.yaml; any warning fails), then
# generates a TypeScript client from each with openapi-typescript and type-checks a small program
# written against the main one (scripts/openapi-client/usage.ts), so a document a generator cannot
# use fails CI.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d "${TMPDIR:-/tmp}/trayecto-openapi.XXXXXX")"
trap 'rm -rf "$out"' EXIT

node --import tsx apps/api/src/scripts/openapi-dump.ts "$out/openapi.json" "$out/octo-openapi.json"
npx redocly lint --config redocly.yaml --max-problems 50 "$out/openapi.json" "$out/octo-openapi.json"

# openapi-typescript needs TypeScript 5 (the workspace keeps its own copy beside the root TypeScript 7).
npm exec --workspace apps/api -- openapi-typescript "$out/openapi.json" --output "$out/client/schema.d.ts" --silent
npm exec --workspace apps/api -- openapi-typescript "$out/octo-openapi.json" --output "$out/octo-client/schema.d.ts" --silent
cp scripts/openapi-client/usage.ts scripts/openapi-client/tsconfig.json "$out/client/"
npx tsc -p "$out/client/tsconfig.json" --noEmit
echo "OpenAPI: both documents lint clean; generated TypeScript client compiles."
