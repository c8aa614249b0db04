/**
 * WCAG 2.x contrast (relative luminance, ratio) for the theme's colours, and the darkening the theme
 * uses to bring a palette shade up to a ratio (issue 22). Hex colours only (#rgb or #rrggbb).
 */

function channels(hex: string): [number, number, number] {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(h)) throw new Error(`Not a hex colour: ${hex}`);
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance (WCAG 2.x, sRGB). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const toHex = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/**
 * The colour itself if it reaches `ratio` against every background, else the same hue darkened in
 * small steps until it does (black at worst).
 */
export function darkenTo(hex: string, backgrounds: readonly string[], ratio: number): string {
  const rgb = channels(hex);
  for (let k = 0; k <= 100; k++) {
    const candidate = toHex(rgb.map((v) => v * (1 - k / 100)));
    if (backgrounds.every((bg) => contrast(candidate, bg) >= ratio)) return candidate;
  }
  return '#000000';
}
