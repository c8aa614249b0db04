import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contrast, darkenTo } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { COLORS, SURFACES } from './theme';

/**
 * WCAG 1.4.3 / 1.4.11 over the theme's tokens (issue 22): every pair of colours the screens put
 * text on, as Mantine draws its variants with primary shade 8, and the public pages' variables.
 */
const AA = 4.5;
const UI = 3;

describe('contrast formula', () => {
  it('matches the WCAG reference values', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
    expect(contrast('#0c8599', '#ffffff')).toBeCloseTo(4.35, 2); // the old brand: too light
    expect(contrast('#868e96', '#ffffff')).toBeCloseTo(3.32, 2); // Mantine's dimmed grey
  });
  it('darkens a colour only as much as needed', () => {
    expect(darkenTo('#000000', ['#ffffff'], AA)).toBe('#000000');
    const c = darkenTo('#fab005', ['#ffffff'], AA);
    expect(contrast(c, '#ffffff')).toBeGreaterThanOrEqual(AA);
  });
});

describe('back-office theme', () => {
  for (const [name, shades] of Object.entries(COLORS)) {
    it(`${name}: filled, outline, light and text variants reach 4.5:1`, () => {
      // Filled buttons and badges: white on shade 8, white on shade 9 when hovered.
      expect(contrast('#ffffff', shades[8])).toBeGreaterThanOrEqual(AA);
      expect(contrast('#ffffff', shades[9])).toBeGreaterThanOrEqual(AA);
      // Outline badges, `c="{name}"` text, anchors: shade 8 on every surface.
      for (const bg of SURFACES) expect(contrast(shades[8], bg)).toBeGreaterThanOrEqual(AA);
      // Light badges and subtle buttons: shade 9 on shade 1, and on shade 2 when hovered.
      expect(contrast(shades[9], shades[1])).toBeGreaterThanOrEqual(AA);
      expect(contrast(shades[9], shades[2])).toBeGreaterThanOrEqual(AA);
    });
  }

  it('dimmed text (grey 6) and placeholders reach 4.5:1 on every surface and on brand tints', () => {
    for (const bg of [...SURFACES, COLORS.gray[2], COLORS.brand[0]]) {
      expect(contrast(COLORS.gray[6], bg)).toBeGreaterThanOrEqual(AA);
    }
  });

  it('errors (red 8) read at 4.5:1; the focus ring (brand 8) and field borders at 3:1', () => {
    for (const bg of SURFACES) {
      expect(contrast(COLORS.red[8], bg)).toBeGreaterThanOrEqual(AA);
      expect(contrast(COLORS.brand[8], bg)).toBeGreaterThanOrEqual(UI);
      expect(contrast('#7c838b', bg)).toBeGreaterThanOrEqual(UI);
    }
  });

  it('global.css uses the accessible tokens for focus and field borders', () => {
    const css = readFileSync(path.join(here, '../styles/global.css'), 'utf8');
    expect(css).toMatch(/\.mantine-Input-input:focus[\s\S]*?outline: 2px solid var\(--mantine-color-brand-8\)/);
    expect(css).toContain('--input-bd: #7c838b');
  });
});

const here = path.dirname(fileURLToPath(import.meta.url));

/** The `--name: #hex` variables of the public pages' :root. */
function publicVars(): Record<string, string> {
  const css = readFileSync(path.join(here, '../public/public.css'), 'utf8');
  const root = /:root\s*{([\s\S]*?)}/.exec(css)?.[1] ?? '';
  return Object.fromEntries([...root.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{3,6})\s*;/gi)].map((m) => [m[1], m[2]]));
}

describe('public pages', () => {
  const v = publicVars();
  const backgrounds = [v['--bg'], v['--card'], v['--brand-soft'], v['--brand-softer']];

  it('has its colour variables', () => {
    for (const k of ['--ink', '--muted', '--ok', '--danger', '--brand', '--bg', '--card', '--brand-soft']) {
      expect(v[k], k).toMatch(/^#/);
    }
  });

  for (const fg of ['--ink', '--muted', '--ok', '--danger', '--brand']) {
    it(`${fg} text reaches 4.5:1 on the page, the cards and the brand tints`, () => {
      for (const bg of backgrounds) expect(contrast(v[fg], bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(AA);
    });
  }

  it('white on the brand colour (buttons) reaches 4.5:1', () => {
    expect(contrast('#ffffff', v['--brand'])).toBeGreaterThanOrEqual(AA);
  });

  it('no public stylesheet sets a known too-light grey for text', () => {
    const css = readFileSync(path.join(here, '../public/booking-form/booking-form.css'), 'utf8');
    expect(css).not.toContain('#8694a2');
  });
});
