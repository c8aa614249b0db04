import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// PRODUCT.md §7: "the public pages ship a small JavaScript bundle of their own, separate from the
// back-office's". The build is measured by bench/size.ts; this guards the sources.
const here = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

const FORBIDDEN = [/^zod/, /^@mantine\//, /^@tanstack\//, /^react-router/, /^@tabler\//, /^dayjs/];
const ALLOWED_SHARED = [
  '@trayecto/shared/paths',
  '@trayecto/shared/pricing',
  '@trayecto/shared/catalog',
  '@trayecto/shared/format',
  '@trayecto/shared/messages',
];

describe('public bundle boundaries', () => {
  const files = sources(here);

  it('imports no back-office code, no UI kit, no router, no query library and no zod', () => {
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^import\s+(type\s+)?[^'"]*['"]([^'"]+)['"]/gm)) {
        const spec = m[2];
        // From the public folder itself, '../' leaves it: only its own subfolders are fine.
        const resolved = spec.startsWith('.') ? path.relative(here, path.resolve(path.dirname(file), spec)) : spec;
        expect(resolved.startsWith('..'), `${path.relative(here, file)} imports ${spec}`).toBe(false);
        expect(
          FORBIDDEN.some((re) => re.test(spec)),
          `${path.relative(here, file)} imports ${spec}`,
        ).toBe(false);
      }
    }
  });

  it('takes only types from @trayecto/shared, runtime helpers from its zod-free subpaths', () => {
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^import\s+(type\s+)?[^'"]*['"](@trayecto\/shared[^'"]*)['"]/gm)) {
        const isType = !!m[1];
        if (m[2] === '@trayecto/shared') expect(isType, `${path.relative(here, file)}: import type only`).toBe(true);
        else expect(ALLOWED_SHARED, path.relative(here, file)).toContain(m[2]);
      }
    }
  });
});
