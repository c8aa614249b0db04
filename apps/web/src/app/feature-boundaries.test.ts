/**
 * Features reach each other only through what a feature exports (its index.ts, and routes.ts for
 * the router): biome.json's noRestrictedImports rule names every feature folder. This keeps that
 * list whole, so a new feature is guarded from its first file; and the features' imports of each
 * other never go round in a cycle (issue 31 item 4).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

/** Every source file under a folder (tests left out: they may compose features freely). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Which features each feature imports (type-only imports too: they still tie the two together). */
function featureGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const feature of readdirSync(FEATURES)) {
    const edges = new Map<string, string>();
    graph.set(feature, edges);
    for (const file of sourceFiles(path.join(FEATURES, feature))) {
      const source = readFileSync(file, 'utf8');
      for (const [, spec = ''] of source.matchAll(/(?:from|import\(?)\s*'(\.[^']+)'/g)) {
        const target = path.relative(FEATURES, path.resolve(path.dirname(file), spec)).split(path.sep);
        const other = target[0];
        if (other && other !== '..' && other !== feature && !edges.has(other)) {
          edges.set(other, path.relative(FEATURES, file));
        }
      }
    }
  }
  return graph;
}

/** A path of imports that comes back to where it started, or null. */
function findCycle(graph: Map<string, Map<string, string>>): string[] | null {
  const done = new Set<string>();
  const walk = (node: string, trail: string[]): string[] | null => {
    const at = trail.indexOf(node);
    if (at >= 0) return [...trail.slice(at), node];
    if (done.has(node)) return null;
    for (const next of graph.get(node)?.keys() ?? []) {
      const cycle = walk(next, [...trail, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = walk(node, []);
    if (cycle) return cycle;
  }
  return null;
}

describe('no import cycle between features', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([
      ['products', new Map([['bookings', 'products/a.ts']])],
      ['bookings', new Map([['products', 'bookings/b.ts']])],
      ['users', new Map([['audit-log', 'users/c.ts']])],
      ['audit-log', new Map<string, string>()],
    ]);
    expect(findCycle(graph)).toEqual(['products', 'bookings', 'products']);
    graph.get('bookings')?.clear();
    expect(findCycle(graph)).toBeNull();
  });

  it('the features import each other one way only (what both need lives in lib/ or components/)', () => {
    const graph = featureGraph();
    // The known edges still read as edges (so an empty graph cannot pass by accident).
    expect(graph.get('bookings')?.has('products')).toBe(true);
    const cycle = findCycle(graph);
    const where = cycle?.slice(1).map((to, i) => `${cycle[i]} → ${to} (${graph.get(cycle[i] ?? '')?.get(to)})`);
    expect(where ?? [], 'features importing each other in a cycle').toEqual([]);
  });
});
