/**
 * The operator's brand colour as CSS variables, kept readable (WCAG AA 4.5:1): `--brand` for
 * buttons, accents and brand-coloured text on white, `--brand-ink` for text on it, and two soft
 * tints for backgrounds. A colour too light to carry white text is darkened until it does.
 */
const FALLBACK = '#0b7285';

function parseHex(color: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: string, b: string): number {
  const la = luminance(parseHex(a) ?? [0, 0, 0]);
  const lb = luminance(parseHex(b) ?? [0, 0, 0]);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Mixes a colour towards black until it reads on white at 4.5:1. */
function darkenForWhite(rgb: [number, number, number]): string {
  let c = rgb;
  for (let i = 0; i < 20 && contrastRatio(toHex(c), '#ffffff') < 4.5; i++) {
    c = c.map((v) => v * 0.88) as [number, number, number];
  }
  return toHex(c);
}

export function brandVars(color: string | null | undefined): Record<string, string> {
  const rgb = parseHex(color ?? '') ?? (parseHex(FALLBACK) as [number, number, number]);
  // A light brand colour (yellow, pastel) is darkened until white text on it passes AA.
  const brand = darkenForWhite(rgb);
  return {
    '--brand': brand,
    '--brand-ink': '#ffffff',
    '--brand-text': brand,
    '--brand-soft': `color-mix(in srgb, ${brand} 10%, white)`,
    '--brand-softer': `color-mix(in srgb, ${brand} 5%, white)`,
  };
}
