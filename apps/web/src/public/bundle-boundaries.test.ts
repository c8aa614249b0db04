import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import sharedPackage from '../../../../packages/shared/package.json';

// PRODUCT.md §7: "the public pages ship a small JavaScript bundle of their own, separate from the
// back-office's". The build is measured by bench/size.ts; this guards the sources.
const here = path.dirname(fileURLToPath(import.meta.url));
const sharedRoot = path.resolve(here, '../../../../packages/shared');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/** The static imports of a file (`import … from`, `export … from`, `import '…'`), types left out. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1]);
}

/** Every module specifier of a file, types and dynamic `import()` included. */
function allImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...[...text.matchAll(/^(?:import|export)\s+[^'";]*?['"]([^'"]+)['"]/gm)].map((m) => m[1]),
    ...[...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]),
  ];
}

/** A workspace file a specifier names (relative, or a `@trayecto/shared` subpath), else null. */
function resolveFile(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else if (spec === '@trayecto/shared' || spec.startsWith('@trayecto/shared/')) {
    const sub = `.${spec.slice('@trayecto/shared'.length)}`;
    const target = (sharedPackage.exports as Record<string, string>)[sub];
    if (!target) return null;
    base = path.resolve(sharedRoot, target);
  } else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** What loading `entry` loads at once: its static imports, followed through the workspace. */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const spec of staticImports(file)) {
      if (/\.css$/.test(spec)) continue;
      const target = resolveFile(file, spec);
      if (target) visit(target);
      else packages.add(spec);
    }
  };
  visit(entry);
  return { files, packages };
}

const FORBIDDEN = [/^zod/, /^@mantine\//, /^@tanstack\//, /^react-router/, /^@tabler\//, /^dayjs/];
/** The zod-free subpaths of @trayecto/shared, and `public-fields` (zod/mini: the forms' rules). */
const ALLOWED_SHARED = [
  '@trayecto/shared/paths',
  '@trayecto/shared/pricing',
  '@trayecto/shared/catalog',
  '@trayecto/shared/format',
  '@trayecto/shared/messages',
  '@trayecto/shared/time-zone',
  '@trayecto/shared/dates',
  '@trayecto/shared/countries',
  '@trayecto/shared/public-http',
  '@trayecto/shared/public-fields',
  // Issue 33 item 3: the booking questions' rules (ADR 024), zod-free.
  '@trayecto/shared/questions',
  // Issue 34: the tax a booking's total includes (IGIC/IVA and its rate), zod-free.
  '@trayecto/shared/taxes',
  // Issue 34: the tax ids' shapes of the «factura completa» form, zod-free.
  '@trayecto/shared/tax-id',
  // Issue 15: the languages, and each language's error messages (in that language's chunk only).
  '@trayecto/shared/i18n',
  '@trayecto/shared/i18n/translate-error',
  ...['es', 'en', 'de', 'fr', 'it', 'nl'].map((l) => `@trayecto/shared/i18n/errors/${l}`),
];
/** The one package of zod the public bundle may load, and only with the forms (never the landing). */
const ZOD_MINI = /^zod\/(mini|v4\/core|v4\/mini)(\/|$)/;

describe('public bundle boundaries', () => {
  const files = sources(here);
  const rel = (file: string) => path.relative(here, file);

  it('imports no back-office code, no UI kit, no router, no query library and no zod', () => {
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^import\s+(type\s+)?[^'"]*['"]([^'"]+)['"]/gm)) {
        const spec = m[2];
        // From the public folder itself, '../' leaves it: only its own subfolders are fine.
        const resolved = spec.startsWith('.') ? path.relative(here, path.resolve(path.dirname(file), spec)) : spec;
        expect(resolved.startsWith('..'), `${rel(file)} imports ${spec}`).toBe(false);
        expect(
          FORBIDDEN.some((re) => re.test(spec)),
          `${rel(file)} imports ${spec}`,
        ).toBe(false);
      }
    }
  });

  it('takes only types from @trayecto/shared, runtime helpers from its allowed subpaths', () => {
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^import\s+(type\s+)?[^'"]*['"](@trayecto\/shared[^'"]*)['"]/gm)) {
        const isType = !!m[1];
        if (m[2] === '@trayecto/shared') expect(isType, `${rel(file)}: import type only`).toBe(true);
        else expect(ALLOWED_SHARED, rel(file)).toContain(m[2]);
      }
    }
  });

  it("the shared subpaths load no zod but zod/mini, and zod/mini only through the forms' rules", () => {
    for (const sub of ALLOWED_SHARED) {
      const entry = resolveFile(path.join(here, 'x.ts'), sub);
      expect(entry, sub).not.toBeNull();
      const { packages } = staticGraph(entry as string);
      const zod = [...packages].filter((p) => /^zod/.test(p));
      expect(
        zod.filter((p) => !ZOD_MINI.test(p)),
        `${sub} loads zod's full build`,
      ).toEqual([]);
      if (sub !== '@trayecto/shared/public-fields') expect(zod, `${sub} loads zod`).toEqual([]);
    }
  });

  it('the landing (the entry and what it loads at once) loads no zod at all', () => {
    const { files: loaded, packages } = staticGraph(path.join(here, 'main.tsx'));
    expect(loaded.has(path.join(here, 'pages/landing-page.tsx'))).toBe(true);
    expect([...packages].filter((p) => /^zod/.test(p))).toEqual([]);
    expect([...loaded].map(rel).filter((f) => f.includes('public.fields'))).toEqual([]);
    // The forms' pages are their own chunks.
    expect(loaded.has(path.join(here, 'pages/booking-page.tsx'))).toBe(false);
    expect(loaded.has(path.join(here, 'pages/existing-booking-page.tsx'))).toBe(false);
  });

  it('no page imports another page: what pages share lives in components/ and lib/', () => {
    const pages = path.join(here, 'pages');
    for (const file of files.filter((f) => f.startsWith(pages))) {
      for (const spec of allImports(file)) {
        const target = resolveFile(file, spec);
        if (!target || target === file) continue;
        expect(target.startsWith(pages) && /\.tsx?$/.test(target), `${rel(file)} imports ${spec}`).toBe(false);
      }
    }
  });
});
