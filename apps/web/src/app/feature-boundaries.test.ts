/**
 * Features reach each other only through what a feature exports (its index.ts, and routes.ts for
 * the router): biome.json's noRestrictedImports rule names every feature folder. This keeps that
 * list whole, so a new feature is guarded from its first file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const FEATURES = path.join(here, '../features');
const BIOME = path.join(here, '../../../../biome.json');

type TBiome = {
  overrides?: {
    includes?: string[];
    linter?: { rules?: { style?: { noRestrictedImports?: { options?: { patterns?: { group: string[] }[] } } } } };
  }[];
};

describe('feature boundaries', () => {
  it('every feature folder is guarded by the import rule (deep imports refused, routes.ts allowed)', () => {
    const biome = JSON.parse(readFileSync(BIOME, 'utf8')) as TBiome;
    const groups = (biome.overrides ?? []).flatMap(
      (o) => o.linter?.rules?.style?.noRestrictedImports?.options?.patterns?.flatMap((p) => p.group) ?? [],
    );
    const features = readdirSync(FEATURES, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(features.length).toBeGreaterThan(5);
    for (const name of features) {
      expect(groups, name).toContain(`**/${name}/**`);
      expect(groups, name).toContain(`!**/${name}/routes`);
    }
  });

  it('every feature others import from has an index.ts, and every routed one a routes.ts', () => {
    for (const name of ['accommodations', 'audit-log', 'products', 'tour-operators']) {
      expect(existsSync(path.join(FEATURES, name, 'index.ts')), name).toBe(true);
    }
    for (const name of readdirSync(FEATURES)) {
      expect(existsSync(path.join(FEATURES, name, 'routes.ts')), name).toBe(true);
    }
  });
});
