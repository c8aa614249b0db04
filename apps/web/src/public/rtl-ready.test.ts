import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 15 §6, "right-to-left ready, not shipped": no layout of the public pages assumes
 * left-to-right. Their CSS says start/end (logical properties: `margin-inline-start`,
 * `inset-inline-end`, `text-align: start`, `border-start-end-radius`…), never left/right, so that
 * `<html dir="rtl">` (set by i18n/index.ts from the language) mirrors every page by itself.
 *
 * Not checked, on purpose: top/bottom and widths (they do not depend on the reading direction),
 * gradients, `background-position` and transforms (decorative; the few that mean a direction — the
 * skeleton's shimmer, the back and month arrows — are turned around for `[dir='rtl']` in
 * public.css).
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * What must stay physical, with the reason: `file` relative to apps/web/src/public, `line` the
 * declaration's text. Empty today; add an entry only for something that really is about the
 * screen's left or right and not about the reading direction.
 */
const ALLOWED: { file: string; line: string; why: string }[] = [];

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return files(p, ext);
    return ext.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

const PHYSICAL_PROPERTY =
  /^(?:left|right|(?:margin|padding|scroll-margin|scroll-padding)-(?:left|right)|border-(?:left|right)(?:-(?:width|style|color))?|border-(?:top|bottom)-(?:left|right)-radius)$/;
const PHYSICAL_VALUE = /^(?:text-align|float|clear|caption-side|resize)$/;
/** Shorthands whose four values go top, right, bottom, left (two to four values are symmetric). */
const FOUR_SIDES = /^(?:margin|padding|inset|border-width|border-style|border-color|scroll-margin|scroll-padding)$/;

/** Splits a shorthand's value at top-level spaces (`calc(10px + 2px)` stays one value). */
function values(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of value.trim()) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (/\s/.test(ch) && depth === 0) {
      if (cur) out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

/** Why a declaration assumes left-to-right, or null. */
function physical(property: string, value: string): string | null {
  const prop = property.trim().toLowerCase();
  const v = value.replace(/!important/i, '').trim();
  if (PHYSICAL_PROPERTY.test(prop)) return `${prop}: use the inline-start/end property`;
  if (PHYSICAL_VALUE.test(prop) && /\b(?:left|right)\b/i.test(v)) return `${prop}: ${v}: use start/end`;
  if (FOUR_SIDES.test(prop)) {
    const parts = values(v);
    if (parts.length === 4 && parts[1] !== parts[3]) return `${prop}: ${v}: right ≠ left, use the -inline- longhands`;
  }
  if (prop === 'border-radius') {
    const [horizontal] = v.split('/');
    const parts = values(horizontal);
    const [tl, tr = tl, br = tl, bl = tr] = parts;
    if (tl !== tr || bl !== br) return `${prop}: ${v}: corners differ, use border-start-start-radius…`;
  }
  return null;
}

/** Every `property: value` declaration of a style sheet, comments left out, with its line. */
function declarations(css: string): { property: string; value: string; line: number; text: string }[] {
  const clean = css.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  const out: { property: string; value: string; line: number; text: string }[] = [];
  const re = /(^|[{;\s])([a-z-]+)\s*:\s*([^;{}]+?)\s*(?=;|\})/g;
  for (const m of clean.matchAll(re)) {
    const at = (m.index ?? 0) + m[1].length;
    // A selector's pseudo-class (`a:hover {`) is followed by `{`, never by `;` or `}`: not matched.
    out.push({
      property: m[2],
      value: m[3],
      line: clean.slice(0, at).split('\n').length,
      text: `${m[2]}: ${m[3]}`,
    });
  }
  return out;
}

/** Inline styles of the public TSX (`style={{ marginLeft: 8 }}`, `el.style.left = …`). */
const INLINE_PHYSICAL =
  /\b(?:marginLeft|marginRight|paddingLeft|paddingRight|borderLeft\w*|borderRight\w*|border(?:Top|Bottom)(?:Left|Right)Radius|scrollMargin(?:Left|Right)|scrollPadding(?:Left|Right))\b|\b(?:left|right)\s*:\s*[^,}]|\b(?:textAlign|float|clear)\s*:\s*['"](?:left|right)['"]|\.style\.(?:left|right)\b/;

function inlineStyles(source: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const pushMatches = (block: string, offset: number) => {
    for (const entry of block.split(/,|\n/)) {
      if (INLINE_PHYSICAL.test(entry))
        out.push({ line: source.slice(0, offset).split('\n').length, text: entry.trim() });
    }
  };
  for (const m of source.matchAll(/style=\{\{([\s\S]*?)\}\}/g)) pushMatches(m[1], m.index ?? 0);
  for (const m of source.matchAll(/\.style\.(?:left|right|margin\w*|padding\w*|border\w*)\s*=[^;\n]*/g))
    if (INLINE_PHYSICAL.test(m[0])) out.push({ line: source.slice(0, m.index).split('\n').length, text: m[0] });
  return out;
}

const allowed = (file: string, text: string) =>
  ALLOWED.some((a) => a.file === file && text.replace(/\s+/g, ' ').includes(a.line));

describe('the public pages are right-to-left ready (issue 15 §6)', () => {
  it('the checker knows physical from logical', () => {
    expect(physical('margin-left', '8px')).not.toBeNull();
    expect(physical('left', '0')).not.toBeNull();
    expect(physical('border-right', '1px solid')).not.toBeNull();
    expect(physical('text-align', 'right')).not.toBeNull();
    expect(physical('float', 'left')).not.toBeNull();
    expect(physical('padding', '1px 2px 3px 4px')).not.toBeNull();
    expect(physical('border-radius', '0 12px 12px 0')).not.toBeNull();
    expect(physical('margin-inline-start', '8px')).toBeNull();
    expect(physical('inset-inline', '0')).toBeNull();
    expect(physical('text-align', 'end')).toBeNull();
    expect(physical('float', 'inline-start')).toBeNull();
    expect(physical('padding', '10px 16px calc(10px + env(safe-area-inset-bottom))')).toBeNull();
    expect(physical('margin', '0 auto 12px')).toBeNull();
    expect(physical('border-radius', '12px')).toBeNull();
    expect(physical('border-radius', '20px 20px 0 0')).toBeNull();
    expect(declarations('a:hover { margin-left: 2px } /* left: 0 */ .b{right:0;top:1px}').map((d) => d.text)).toEqual([
      'margin-left: 2px',
      'right: 0',
      'top: 1px',
    ]);
    expect(inlineStyles('<a style={{ marginLeft: 8, width: 2 }} /><b style={{ insetInlineStart: 0 }} />')).toEqual([
      { line: 1, text: 'marginLeft: 8' },
    ]);
  });

  it('no style sheet under apps/web/src/public uses left or right', () => {
    const found: string[] = [];
    const sheets = files(here, /\.css$/);
    expect(sheets.length).toBeGreaterThan(5);
    for (const file of sheets) {
      const rel = path.relative(here, file);
      for (const d of declarations(readFileSync(file, 'utf8'))) {
        const why = physical(d.property, d.value);
        if (why && !allowed(rel, d.text)) found.push(`${rel}:${d.line} ${why}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('no inline style of the public TSX uses left or right', () => {
    const found: string[] = [];
    for (const file of files(here, /\.tsx?$/)) {
      const rel = path.relative(here, file);
      for (const s of inlineStyles(readFileSync(file, 'utf8')))
        if (!allowed(rel, s.text)) found.push(`${rel}:${s.line} ${s.text}`);
    }
    expect(found).toEqual([]);
  });
});
