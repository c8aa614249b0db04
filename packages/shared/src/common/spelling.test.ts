import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PERSON_ROLE_NAMES } from './catalog';
import { ROLE_NAMES } from './roles';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCES = ['apps/web/src', 'apps/web/e2e', 'apps/api/src', 'apps/api/test', 'packages/shared/src', 'bench'];

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'results') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(tsx?|css|html|md)$/.test(name)) yield full;
  }
}

describe('one spelling of the driver role (spec §6: "Chofer")', () => {
  it('the role is named "Chofer" and no source spells it with an accent', () => {
    expect(ROLE_NAMES[4]).toBe('Chofer');
    expect(PERSON_ROLE_NAMES.driver).toBe('Chofer');
    const accented = ['Ch', 'ó', 'fer'].join('');
    const found: string[] = [];
    for (const dir of SOURCES) {
      for (const file of files(path.join(root, dir))) {
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (line.toLowerCase().includes(accented.toLowerCase()))
              found.push(`${path.relative(root, file)}:${i + 1}`);
          });
      }
    }
    expect(found).toEqual([]);
  });
});

describe('taxes: the Canaries charge IGIC, not IVA (issue 12)', () => {
  it('no screen claims VAT (IVA) is included: prices read "impuestos incluidos" until taxes are configurable', () => {
    const wrong = ['IVA', 'incluido'].join(' ').toLowerCase();
    const found: string[] = [];
    for (const dir of ['apps/web/src', 'apps/api/src', 'packages/shared/src']) {
      for (const file of files(path.join(root, dir))) {
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (line.toLowerCase().includes(wrong)) found.push(`${path.relative(root, file)}:${i + 1}`);
          });
      }
    }
    expect(found).toEqual([]);
  });
});
