/**
 * The architecture check (issue 31 item 4, STYLE.md rules 10-11), run by `npm run check:architecture`,
 * by CI and by `architecture.test.ts` in `npm test`:
 *
 * 1. dependency-cruiser with the rules of `.dependency-cruiser.cjs`: no import cycle between files,
 *    lib/ db/ config/ and plugins/ import no module, nothing below imports the composition root, no
 *    module reads another module's repository, shared imports no app, the apps import each other not.
 * 2. On the same graph, collapsed: no cycle between the API's modules (`apps/api/src/modules/<m>`) nor
 *    between the web's features (`apps/web/src/features/<f>`). Test files don't count here: a test of
 *    one module may build its world with another's helpers.
 * 3. A module re-exports only its own files (`export … from` or an imported name exported again): a
 *    helper is imported from its owner (dependency-cruiser's swc parser does not tell re-exports apart).
 *
 * Prints every finding and exits 1 if there is any.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['apps/api/src', 'apps/web/src', 'packages/shared/src'];
const isTest = (p: string) => /\.test\.tsx?$|test-helpers\.ts$|test-fixtures\.ts$|\/test\//.test(p);

/** The group a file belongs to for the collapsed check: `api:<module>` or `web:<feature>`. */
function groupOf(file: string): string | undefined {
  const api = /^apps\/api\/src\/modules\/([^/]+)\//.exec(file);
  if (api) return `api:${api[1]}`;
  const web = /^apps\/web\/src\/features\/([^/]+)\//.exec(file);
  if (web) return `web:${web[1]}`;
  return undefined;
}

/** Every cycle of a directed graph's strongly connected components (Tarjan), each as a path. */
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) as number, idx.get(w) as number));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop() as string;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** For a component, the file-level edges that make it (one example per pair of groups). */
function edgesWithin(result: ICruiseResult, members: Set<string>) {
  const seen = new Map<string, string>();
  for (const m of result.modules) {
    if (isTest(m.source)) continue;
    const from = groupOf(m.source);
    if (!from || !members.has(from)) continue;
    for (const d of m.dependencies) {
      const to = groupOf(d.resolved);
      if (!to || to === from || !members.has(to)) continue;
      const key = `${from} → ${to}`;
      if (!seen.has(key)) seen.set(key, `${m.source} → ${d.resolved}`);
    }
  }
  return [...seen.entries()].map(([k, v]) => `${k} (e.g. ${v})`);
}

function groupCycles(result: ICruiseResult): string[] {
  const graph = new Map<string, Set<string>>();
  for (const m of result.modules) {
    if (isTest(m.source)) continue;
    const from = groupOf(m.source);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const d of m.dependencies) {
      const to = groupOf(d.resolved);
      if (to && to !== from) graph.get(from)?.add(to);
    }
  }
  return cyclesOf(graph).map(
    (scc) => `cycle between ${scc.join(', ')}:\n      ${edgesWithin(result, new Set(scc)).join('\n      ')}`,
  );
}

const EXPORT_FROM = /^\s*export\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s+['"]([^'"]+)['"]/gm;
const IMPORT = /^\s*import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/gm;
const EXPORT_LIST = /^\s*export\s+(?:type\s+)?\{([^}]*)\}\s*;/gm;
const names = (list: string) =>
  list
    .split(',')
    .map((s) => s.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((s) => {
      const [name, alias] = s.split(/\s+as\s+/);
      return { name: name.trim(), alias: (alias ?? name).trim() };
    });

/** Whether `specifier`, imported by `file`, points outside `file`'s own module. */
function outsideModule(file: string, specifier: string): boolean {
  const own = /^apps\/api\/src\/modules\/([^/]+)\//.exec(file)?.[1];
  if (!specifier.startsWith('.')) return true;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return !target.startsWith(`apps/api/src/modules/${own}/`);
}

function reExports(result: ICruiseResult): string[] {
  const problems: string[] = [];
  for (const m of result.modules) {
    if (!/^apps\/api\/src\/modules\//.test(m.source) || isTest(m.source)) continue;
    const text = readFileSync(path.join(root, m.source), 'utf8');
    for (const match of text.matchAll(EXPORT_FROM)) {
      if (outsideModule(m.source, match[1])) problems.push(`${m.source} re-exports '${match[1]}'`);
    }
    const importedFrom = new Map<string, string>();
    for (const match of text.matchAll(IMPORT)) {
      for (const n of names(match[1])) importedFrom.set(n.alias, match[2]);
    }
    for (const match of text.matchAll(EXPORT_LIST)) {
      for (const n of names(match[1])) {
        const from = importedFrom.get(n.name);
        if (from && outsideModule(m.source, from)) problems.push(`${m.source} re-exports ${n.name} of '${from}'`);
      }
    }
  }
  return problems;
}

/** Runs every check; the findings as lines (empty when the code keeps its shape). */
export async function checkArchitecture(): Promise<string[]> {
  const require = createRequire(import.meta.url);
  const config = require(path.join(root, '.dependency-cruiser.cjs'));
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const { output } = await cruise(SOURCES, {
      ...config.options,
      ruleSet: { forbidden: config.forbidden },
      validate: true,
      outputType: 'json',
    });
    const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
    const violations = (result.summary.violations as IViolation[]).map((v) => {
      const cycle = v.cycle?.length ? ` (${v.cycle.map((c) => c.name).join(' → ')})` : '';
      return `${v.rule.name}: ${v.from} → ${v.to}${cycle}`;
    });
    return [...violations, ...groupCycles(result), ...reExports(result)];
  } finally {
    process.chdir(cwd);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const problems = await checkArchitecture();
  if (problems.length > 0) {
    console.error(`The code's layers point the wrong way (${problems.length}):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('Architecture: no import cycle, no module cycle, every layer points one way.');
}
