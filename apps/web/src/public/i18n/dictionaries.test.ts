/**
 * The public pages' dictionaries against the Spanish source (issue 15 §7 "no Spanish string leaks
 * into another language; missing keys fail the build"): every language has exactly Spanish's keys,
 * every namespace (functions with Spanish's number of parameters), and no text of another language
 * is still Spanish's, words that are the same in both languages aside (ALLOWED). tsc checks the
 * keys too (each language is typed `TPublicDict`); this also catches extra keys, a function whose
 * result is still Spanish, and values left empty.
 */
import { PUBLIC_LOCALES, type TPublicLocale } from '@trayecto/shared/i18n';
import { describe, expect, it } from 'vitest';
import de from './dict/de';
import en from './dict/en';
import es, { type TPublicDict } from './dict/es';
import fr from './dict/fr';
import it_ from './dict/it';
import nl from './dict/nl';

const DICTS: Record<TPublicLocale, TPublicDict> = { es, en, de, fr, it: it_, nl };

/**
 * Texts that are the same word in Spanish and another language (not a missing translation): brand
 * and product names, international words and numbers.
 */
const ALLOWED_VALUES = new Set([
  'Trayecto',
  'OpenStreetMap',
  'OK',
  'Email',
  'Total',
  'Subtotal',
  'Senior',
  'seniors',
  'Gratis',
  'Adulto',
  'Error 404',
  // The name of a Spanish payment method (ADR 022).
  'Bizum',
  // Yes / no of a booking question (ADR 024): "No" in English and Italian too.
  'No',
]);
/** Paths whose value may equal Spanish's in some language (e.g. "3 h 30 min"). */
const ALLOWED_PATHS = new Set<string>(['errors.source']);

/** Spanish messages with numbers in them and their translation: lists of their own (below). */
const PATTERNS = 'errors.patterns';

type TFinding = { path: string; problem: string };

/** Sample arguments for a dictionary function: numbers that read as plurals, and names. */
const SAMPLES: unknown[][] = [
  [3, 5, 7, 9],
  ['Ana', 'Bea', 'Cris', 'Dani'],
];

function callAll(fn: (...args: unknown[]) => unknown): string[] {
  return SAMPLES.map((args) => {
    try {
      return String(fn(...args.slice(0, fn.length)));
    } catch {
      return '';
    }
  });
}

/** Every difference in shape between `source` and `other`, and every value still Spanish. */
function compare(source: unknown, other: unknown, path: string, out: TFinding[], isSource: boolean) {
  const kind = (v: unknown) =>
    v instanceof RegExp ? 'regexp' : Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v;
  if (kind(source) !== kind(other)) {
    out.push({ path, problem: `is ${kind(other)}, Spanish has ${kind(source)}` });
    return;
  }
  switch (kind(source)) {
    case 'string': {
      const s = source as string;
      const o = other as string;
      if (!isSource && s !== '' && o === '') out.push({ path, problem: 'is empty' });
      else if (!isSource && s !== '' && o === s && !ALLOWED_VALUES.has(s) && !ALLOWED_PATHS.has(path))
        out.push({ path, problem: `is still Spanish: "${s}"` });
      return;
    }
    case 'function': {
      const f = source as (...a: unknown[]) => unknown;
      const g = other as (...a: unknown[]) => unknown;
      if (f.length !== g.length) {
        out.push({ path, problem: `takes ${g.length} parameters, Spanish's ${f.length}` });
        return;
      }
      if (isSource || ALLOWED_PATHS.has(path)) return;
      const spanish = callAll(f);
      const translated = callAll(g);
      if (translated.some((t, i) => t !== '' && t === spanish[i] && !ALLOWED_VALUES.has(t)))
        out.push({ path, problem: `still answers Spanish: "${translated.find((t, i) => t === spanish[i])}"` });
      return;
    }
    case 'regexp':
      // The patterns match the Spanish messages: the same in every language.
      if ((source as RegExp).source !== (other as RegExp).source) out.push({ path, problem: 'another pattern' });
      return;
    case 'array': {
      const a = source as unknown[];
      const b = other as unknown[];
      if (path === PATTERNS) {
        // Spanish needs none (its messages are shown as they are); see the test of their own.
        for (const [i, entry] of b.entries()) {
          const ok = Array.isArray(entry) && entry[0] instanceof RegExp && typeof entry[1] === 'function';
          if (!ok) out.push({ path: `${path}[${i}]`, problem: 'is not [RegExp, (match) => string]' });
        }
        return;
      }
      if (a.length !== b.length) out.push({ path, problem: `has ${b.length} items, Spanish ${a.length}` });
      a.forEach((v, i) => {
        if (i < b.length) compare(v, b[i], `${path}[${i}]`, out, isSource);
      });
      return;
    }
    case 'object': {
      const a = source as Record<string, unknown>;
      const b = other as Record<string, unknown>;
      for (const key of Object.keys(a)) {
        const at = path ? `${path}.${key}` : key;
        if (!(key in b)) out.push({ path: at, problem: 'is missing' });
        else compare(a[key], b[key], at, out, isSource);
      }
      for (const key of Object.keys(b)) {
        if (!(key in a)) out.push({ path: path ? `${path}.${key}` : key, problem: 'is not in Spanish' });
      }
      return;
    }
    default:
      return;
  }
}

describe('public dictionaries (issue 15: missing keys and Spanish leaks fail the build)', () => {
  it('one dictionary per public language', () => {
    expect(Object.keys(DICTS).sort()).toEqual([...PUBLIC_LOCALES].sort());
  });

  for (const locale of PUBLIC_LOCALES.filter((l) => l !== 'es')) {
    it(`${locale}: exactly the Spanish keys, every function with Spanish's parameters, nothing left in Spanish`, () => {
      const findings: TFinding[] = [];
      compare(es, DICTS[locale], '', findings, false);
      expect(findings.map((f) => `${locale} ${f.path} ${f.problem}`)).toEqual([]);
    });
  }

  it('every language translates the same Spanish messages with numbers (errors.patterns)', () => {
    const sources = (l: TPublicLocale) => DICTS[l].errors.patterns.map(([re]) => re.source).sort();
    for (const locale of PUBLIC_LOCALES.filter((l) => l !== 'es' && l !== 'en')) {
      expect(sources(locale), locale).toEqual(sources('en'));
    }
  });

  it('the checker itself finds a missing key, an extra one, a different arity and a Spanish leak', () => {
    const findings: TFinding[] = [];
    compare(
      { a: 'Hola', b: { c: (n: number) => `${n} plazas` }, d: 'Adiós', e: (n: number) => `${n} días` },
      { a: 'Hello', b: { c: (n: number, m: number) => `${n}${m}` }, x: 'extra', e: (n: number) => `${n} días` },
      '',
      findings,
      false,
    );
    expect(findings.map((f) => `${f.path} ${f.problem}`)).toEqual([
      "b.c takes 2 parameters, Spanish's 1",
      'd is missing',
      'e still answers Spanish: "3 días"',
      'x is not in Spanish',
    ]);
  });
});
