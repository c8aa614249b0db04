/**
 * Demo photos without binary files in the repository: each demo product gets two or three scenes
 * drawn as SVG (the Teide, the cliffs of Masca, parrots, whales, La Orotava's balconies), rendered
 * by sharp and stored through the product-images pipeline (processImage → WebP large + thumbnail
 * in the `stored_files` table, like an upload). Deterministic: the same scenes on every start.
 */
import sharp from 'sharp';
import type { DbOrTx } from '../db/client';
import { IMAGE_CONTENT_TYPE, newImagePaths, type ProcessedImage, processImage } from '../modules/products/image-files';
import { insertImage, insertImageFiles } from '../modules/products/product-images.repository';

const W = 1200;
const H = 800;

type Scene = { alt: string; svg: string };

/** A small deterministic random generator (mulberry32), so stars and waves are the same each time. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const svg = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;

const linear = (id: string, stops: [number, string][], vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

const radial = (id: string, inner: string, outer: string) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}" stop-opacity="0"/></radialGradient>`;

const sky = (id: string, stops: [number, string][]) => ({
  defs: linear(id, stops),
  body: `<rect width="${W}" height="${H}" fill="url(#${id})"/>`,
});

const sun = (x: number, y: number, r: number, color: string) =>
  `<circle cx="${x}" cy="${y}" r="${r * 3}" fill="url(#glow)"/><circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`;

function stars(seed: number, n: number, maxY: number) {
  const rnd = random(seed);
  let out = '';
  for (let i = 0; i < n; i++) {
    const r = rnd() < 0.1 ? 2.2 : 0.6 + rnd() * 1.2;
    out += `<circle cx="${(rnd() * W).toFixed(1)}" cy="${(rnd() * maxY).toFixed(1)}" r="${r.toFixed(2)}" fill="#fff" opacity="${(0.4 + rnd() * 0.6).toFixed(2)}"/>`;
  }
  return out;
}

function waves(seed: number, y0: number, color: string, n = 40) {
  const rnd = random(seed);
  let out = '';
  for (let i = 0; i < n; i++) {
    const x = rnd() * W;
    const y = y0 + rnd() * (H - y0);
    const len = 20 + rnd() * 60 * (y / H);
    out += `<path d="M${x.toFixed(0)} ${y.toFixed(0)} q${(len / 2).toFixed(0)} -4 ${len.toFixed(0)} 0" stroke="${color}" stroke-width="${(1 + (y / H) * 2).toFixed(1)}" fill="none" opacity="0.5"/>`;
  }
  return out;
}

/** A volcano cone with a snowy top (the Teide) at x, rising to `top`. */
const teide = (x: number, top: number, base: number, body: string, snow: string) =>
  `<path d="M${x - 520} ${base} L${x - 90} ${top + 40} Q${x} ${top - 8} ${x + 90} ${top + 40} L${x + 560} ${base} Z" fill="${body}"/>` +
  `<path d="M${x - 90} ${top + 40} Q${x} ${top - 8} ${x + 90} ${top + 40} L${x + 60} ${top + 70} L${x + 25} ${top + 55} L${x - 10} ${top + 78} L${x - 50} ${top + 58} Z" fill="${snow}"/>`;

const palm = (x: number, base: number, h: number, color: string) => {
  const top = base - h;
  const leaf = (dx: number, dy: number) =>
    `<path d="M${x} ${top} q${dx / 2} ${dy - 40} ${dx} ${dy}" stroke="${color}" stroke-width="14" fill="none" stroke-linecap="round"/>`;
  return `<path d="M${x - 6} ${base} Q${x + 18} ${base - h / 2} ${x} ${top}" stroke="${color}" stroke-width="16" fill="none"/>${leaf(-110, 40)}${leaf(110, 30)}${leaf(-70, 80)}${leaf(80, 85)}${leaf(10, -60)}`;
};

const parrot = (x: number, y: number, s: number, body: string, wing: string, head: string) =>
  `<g transform="translate(${x} ${y}) scale(${s})">` +
  `<path d="M0 0 q40 -10 60 30 q10 40 -20 90 l-30 70 l-10 -70 q-30 -60 0 -120 Z" fill="${body}"/>` +
  `<path d="M10 40 q50 10 40 80 l-40 40 Z" fill="${wing}"/>` +
  `<circle cx="18" cy="6" r="26" fill="${head}"/><circle cx="26" cy="0" r="5" fill="#111"/>` +
  `<path d="M38 4 q22 4 14 24 q-8 -10 -18 -10 Z" fill="#222"/></g>`;

const house = (x: number, base: number, w: number, h: number, wall: string, balcony: boolean) =>
  `<rect x="${x}" y="${base - h}" width="${w}" height="${h}" fill="${wall}"/>` +
  `<path d="M${x - 10} ${base - h} L${x + w / 2} ${base - h - 50} L${x + w + 10} ${base - h} Z" fill="#9a3412"/>` +
  `<rect x="${x + w * 0.2}" y="${base - h * 0.45}" width="${w * 0.22}" height="${h * 0.45}" fill="#5b3a1e"/>` +
  `<rect x="${x + w * 0.6}" y="${base - h * 0.8}" width="${w * 0.22}" height="${h * 0.22}" fill="#1e3a5f"/>` +
  (balcony
    ? `<rect x="${x + w * 0.5}" y="${base - h * 0.6}" width="${w * 0.42}" height="${h * 0.12}" fill="#6b3f1d"/>${Array.from({ length: 6 }, (_, i) => `<rect x="${x + w * 0.52 + i * w * 0.065}" y="${base - h * 0.6}" width="4" height="${h * 0.12}" fill="#3b2412"/>`).join('')}`
    : '');

const glow = (color: string) => radial('glow', color, color);

/** The scenes of each demo product, by its code. */
export const DEMO_SCENES: Record<string, Scene[]> = {
  'TEI-01': [
    (() => {
      const s = sky('s', [
        [0, '#1e3a8a'],
        [0.45, '#f97316'],
        [0.75, '#fde68a'],
      ]);
      return {
        alt: 'El Teide al amanecer sobre un mar de nubes',
        svg: svg(
          s.defs +
            glow('#fff7ed') +
            linear('g', [
              [0, '#7c2d12'],
              [1, '#292524'],
            ]),
          `${s.body}${sun(880, 430, 46, '#fff7ed')}${teide(560, 170, 640, 'url(#g)', '#f8fafc')}` +
            `<path d="M0 600 Q200 560 400 600 T800 590 T1200 600 V800 H0 Z" fill="#f1f5f9" opacity="0.95"/>` +
            `<path d="M0 660 Q300 630 600 665 T1200 650 V800 H0 Z" fill="#e2e8f0"/>`,
        ),
      };
    })(),
    (() => {
      const s = sky('s', [
        [0, '#0ea5e9'],
        [1, '#bae6fd'],
      ]);
      return {
        alt: 'Los Roques de García y el Teide con cielo despejado',
        svg: svg(
          s.defs +
            glow('#fffbeb') +
            linear('g', [
              [0, '#a16207'],
              [1, '#78350f'],
            ]),
          `${s.body}${sun(180, 140, 40, '#fffbeb')}${teide(820, 150, 620, '#57534e', '#f8fafc')}` +
            `<path d="M0 620 L1200 600 V800 H0 Z" fill="url(#g)"/>` +
            `<path d="M300 620 L320 430 Q350 380 380 430 L390 520 L420 470 L440 620 Z" fill="#44403c"/>` +
            `<path d="M0 700 Q400 660 800 700 T1200 690 V800 H0 Z" fill="#92400e" opacity="0.7"/>`,
        ),
      };
    })(),
    (() => {
      const s = sky('s', [
        [0, '#020617'],
        [0.7, '#1e1b4b'],
        [1, '#4c1d95'],
      ]);
      return {
        alt: 'Cielo estrellado sobre las Cañadas del Teide',
        svg: svg(
          s.defs + glow('#e0e7ff'),
          `${s.body}${stars(7, 260, 560)}<circle cx="980" cy="150" r="38" fill="#e0e7ff"/>` +
            `${teide(480, 260, 700, '#0f172a', '#cbd5e1')}<path d="M0 700 L1200 680 V800 H0 Z" fill="#020617"/>`,
        ),
      };
    })(),
  ],
  'MAS-01': [
    (() => {
      const s = sky('s', [
        [0, '#38bdf8'],
        [1, '#e0f2fe'],
      ]);
      return {
        alt: 'El caserío de Masca entre montañas',
        svg: svg(
          s.defs +
            linear('m', [
              [0, '#65a30d'],
              [1, '#365314'],
            ]) +
            linear('r', [
              [0, '#78716c'],
              [1, '#44403c'],
            ]),
          `${s.body}<path d="M0 800 L0 260 L220 120 L420 330 L520 200 L700 420 L900 150 L1200 300 V800 Z" fill="url(#r)"/>` +
            `<path d="M0 800 L0 470 Q300 380 600 520 Q900 420 1200 500 V800 Z" fill="url(#m)"/>` +
            `${house(520, 560, 90, 70, '#fef3c7', false)}${house(630, 590, 110, 80, '#fde68a', true)}${house(460, 600, 70, 55, '#ffedd5', false)}` +
            `${palm(780, 620, 150, '#14532d')}`,
        ),
      };
    })(),
    (() => {
      const s = sky('s', [
        [0, '#0369a1'],
        [0.5, '#7dd3fc'],
        [1, '#f0f9ff'],
      ]);
      return {
        alt: 'Los acantilados de Los Gigantes desde el mar',
        svg: svg(
          s.defs +
            linear('sea', [
              [0, '#0284c7'],
              [1, '#0c4a6e'],
            ]) +
            linear(
              'c',
              [
                [0, '#57534e'],
                [1, '#1c1917'],
              ],
              false,
            ),
          `${s.body}<path d="M620 560 L640 120 L760 90 L900 140 L1050 100 L1200 130 V560 Z" fill="url(#c)"/>` +
            `<path d="M660 560 L680 200 M760 560 L770 160 M880 560 L890 190 M1000 560 L1010 150" stroke="#292524" stroke-width="6" opacity="0.5"/>` +
            `<rect y="540" width="${W}" height="260" fill="url(#sea)"/>${waves(11, 560, '#e0f2fe')}` +
            `<path d="M180 610 L330 610 L300 640 L200 640 Z" fill="#f8fafc"/><path d="M250 610 L250 520 L300 600 Z" fill="#f1f5f9"/>`,
        ),
      };
    })(),
  ],
  'LOR-01': [
    (() => {
      const s = sky('s', [
        [0, '#16a34a'],
        [1, '#bbf7d0'],
      ]);
      return {
        alt: 'Guacamayos de colores en Loro Parque',
        svg: svg(
          s.defs,
          `${s.body}<path d="M0 520 Q300 470 600 520 T1200 500 V800 H0 Z" fill="#166534"/>` +
            `<path d="M80 360 L1120 330" stroke="#713f12" stroke-width="22" stroke-linecap="round"/>` +
            `${parrot(250, 200, 1.2, '#dc2626', '#2563eb', '#ef4444')}${parrot(560, 180, 1.3, '#2563eb', '#facc15', '#3b82f6')}${parrot(860, 190, 1.15, '#16a34a', '#dc2626', '#22c55e')}`,
        ),
      };
    })(),
    (() => {
      const s = sky('s', [
        [0, '#0ea5e9'],
        [1, '#e0f2fe'],
      ]);
      return {
        alt: 'Delfines saltando en la piscina del parque',
        svg: svg(
          s.defs +
            linear('w', [
              [0, '#06b6d4'],
              [1, '#0e7490'],
            ]),
          `${s.body}${palm(120, 520, 300, '#14532d')}${palm(1080, 520, 260, '#14532d')}` +
            `<rect y="500" width="${W}" height="300" fill="url(#w)"/>${waves(23, 520, '#ecfeff', 60)}` +
            `<path d="M420 520 Q470 330 640 360 Q600 380 610 420 Q540 400 470 520 Z" fill="#64748b"/>` +
            `<path d="M640 540 Q700 360 860 400 Q820 420 830 460 Q760 440 700 560 Z" fill="#475569"/>`,
        ),
      };
    })(),
  ],
  'TEI-NOCHE': [
    (() => {
      const s = sky('s', [
        [0, '#020617'],
        [1, '#312e81'],
      ]);
      return {
        alt: 'La Vía Láctea sobre el Teide',
        svg: svg(
          s.defs,
          `${s.body}<path d="M-100 700 Q500 200 1300 -100" stroke="#c7d2fe" stroke-width="160" opacity="0.12" fill="none"/>` +
            `${stars(3, 320, 650)}${teide(700, 300, 720, '#0b1120', '#94a3b8')}<rect y="700" width="${W}" height="100" fill="#020617"/>`,
        ),
      };
    })(),
    (() => {
      const s = sky('s', [
        [0, '#7c2d12'],
        [0.5, '#ea580c'],
        [1, '#fcd34d'],
      ]);
      return {
        alt: 'Puesta de sol en las Cañadas',
        svg: svg(
          s.defs + glow('#fef3c7'),
          `${s.body}${sun(300, 520, 60, '#fef3c7')}${teide(800, 240, 700, '#431407', '#fed7aa')}<path d="M0 640 L1200 610 V800 H0 Z" fill="#1c1917"/>`,
        ),
      };
    })(),
  ],
  'CAT-01': [
    (() => {
      const s = sky('s', [
        [0, '#0284c7'],
        [1, '#e0f2fe'],
      ]);
      return {
        alt: 'Calderón tropical junto al catamarán',
        svg: svg(
          s.defs +
            linear('sea', [
              [0, '#0369a1'],
              [1, '#082f49'],
            ]),
          `${s.body}<path d="M0 430 Q150 400 300 430 L300 440 H0 Z" fill="#475569" opacity="0.6"/>` +
            `<rect y="430" width="${W}" height="370" fill="url(#sea)"/>${waves(5, 450, '#bae6fd', 70)}` +
            `<path d="M380 620 Q520 520 700 600 Q720 640 690 650 Q520 660 380 640 Z" fill="#1e293b"/>` +
            `<path d="M540 560 L560 500 L590 565 Z" fill="#1e293b"/>` +
            `<path d="M820 470 L1060 470 L1040 500 L840 500 Z" fill="#f8fafc"/><path d="M930 470 L930 300 L1020 460 Z" fill="#f1f5f9"/>`,
        ),
      };
    })(),
    (() => {
      const s = sky('s', [
        [0, '#1d4ed8'],
        [0.6, '#f472b6'],
        [1, '#fed7aa'],
      ]);
      return {
        alt: 'Cola de ballena al atardecer frente a La Gomera',
        svg: svg(
          s.defs +
            glow('#fff7ed') +
            linear('sea', [
              [0, '#9d174d'],
              [1, '#1e1b4b'],
            ]),
          `${s.body}${sun(860, 440, 50, '#fff7ed')}<path d="M760 470 Q900 410 1100 470 Z" fill="#4c1d95" opacity="0.7"/>` +
            `<rect y="470" width="${W}" height="330" fill="url(#sea)"/>${waves(9, 480, '#fbcfe8', 60)}` +
            `<path d="M470 600 Q480 520 420 470 Q500 480 520 540 Q540 480 620 470 Q560 520 570 600 Z" fill="#0f172a"/>`,
        ),
      };
    })(),
    (() => {
      const s = sky('s', [
        [0, '#38bdf8'],
        [1, '#f0f9ff'],
      ]);
      return {
        alt: 'Delfines mulares nadando junto a la proa',
        svg: svg(
          s.defs +
            linear('sea', [
              [0, '#0ea5e9'],
              [1, '#075985'],
            ]),
          `${s.body}<rect y="380" width="${W}" height="420" fill="url(#sea)"/>${waves(13, 400, '#e0f2fe', 80)}` +
            `<path d="M250 560 Q380 450 560 500 Q520 520 530 550 Q400 540 300 600 Z" fill="#334155"/>` +
            `<path d="M640 640 Q770 530 950 580 Q910 600 920 630 Q790 620 690 680 Z" fill="#475569"/>`,
        ),
      };
    })(),
  ],
  'ORO-01': [
    (() => {
      const s = sky('s', [
        [0, '#60a5fa'],
        [1, '#eff6ff'],
      ]);
      return {
        alt: 'Casas con balcones canarios en La Orotava y el Teide al fondo',
        svg: svg(
          s.defs,
          `${s.body}${teide(900, 180, 520, '#64748b', '#f8fafc')}<rect y="520" width="${W}" height="280" fill="#a8a29e"/>` +
            `${house(60, 700, 240, 230, '#fef9c3', true)}${house(340, 700, 260, 260, '#fee2e2', true)}${house(640, 700, 220, 210, '#e0f2fe', true)}${house(900, 700, 240, 240, '#fefce8', true)}` +
            `<rect y="700" width="${W}" height="100" fill="#57534e"/>`,
        ),
      };
    })(),
    (() => {
      const s = sky('s', [
        [0, '#0ea5e9'],
        [1, '#e0f2fe'],
      ]);
      return {
        alt: 'La costa de Puerto de la Cruz y el Lago Martiánez',
        svg: svg(
          s.defs +
            linear('sea', [
              [0, '#0284c7'],
              [1, '#0c4a6e'],
            ]),
          `${s.body}<rect y="420" width="${W}" height="380" fill="url(#sea)"/>${waves(17, 430, '#e0f2fe', 60)}` +
            `<path d="M0 560 Q300 520 600 580 T1200 560 V800 H0 Z" fill="#1c1917"/>` +
            `<ellipse cx="420" cy="660" rx="200" ry="50" fill="#22d3ee"/>${palm(700, 640, 200, '#14532d')}${palm(820, 650, 170, '#166534')}`,
        ),
      };
    })(),
  ],
};

export type RenderedScenes = Record<string, { alt: string; image: ProcessedImage }[]>;

/**
 * Renders every demo scene through the upload pipeline (SVG → PNG here; processImage makes the
 * large WebP and the thumbnail). CPU work in sharp's threads: seedDemo starts it before its
 * database work and collects it at the end, so it overlaps with seeding.
 */
export async function renderDemoScenes(): Promise<RenderedScenes> {
  const entries = await Promise.all(
    Object.entries(DEMO_SCENES).map(async ([code, scenes]) => {
      const images = await Promise.all(
        scenes.map(async (scene) => {
          const png = await sharp(Buffer.from(scene.svg)).png({ compressionLevel: 0 }).toBuffer();
          return { alt: scene.alt, image: await processImage(png) };
        }),
      );
      return [code, images] as const;
    }),
  );
  return Object.fromEntries(entries);
}

type StoredScene = {
  productId: string;
  tourOperatorId: string;
  position: number;
  alt: string;
  image: ProcessedImage;
  files: { path: string; thumbPath: string };
};

/** Names the rendered scenes of these products (by code) as their images, in order. */
export function planDemoImages(
  products: { id: string; tourOperatorId: string; code: string }[],
  rendered: RenderedScenes,
): StoredScene[] {
  return products.flatMap((p) =>
    (rendered[p.code] ?? []).map(({ alt, image }, position) => ({
      productId: p.id,
      tourOperatorId: p.tourOperatorId,
      position,
      alt,
      image,
      files: newImagePaths(p.id),
    })),
  );
}

/**
 * Records the scenes as the products' images, in order, with both WebP versions in `stored_files`:
 * in the caller's transaction, so the demo gets all its photos or none.
 */
export async function insertDemoImages(tx: DbOrTx, stored: StoredScene[]) {
  for (const s of stored) {
    await insertImage(tx, {
      tourOperatorId: s.tourOperatorId,
      productId: s.productId,
      position: s.position,
      path: s.files.path,
      thumbPath: s.files.thumbPath,
      alt: s.alt,
      width: s.image.width,
      height: s.image.height,
      bytes: s.image.large.length,
    });
    const { tourOperatorId, image } = s;
    await insertImageFiles(tx, [
      {
        path: s.files.path,
        tourOperatorId,
        contentType: IMAGE_CONTENT_TYPE,
        bytes: image.large.length,
        data: image.large,
      },
      {
        path: s.files.thumbPath,
        tourOperatorId,
        contentType: IMAGE_CONTENT_TYPE,
        bytes: image.thumb.length,
        data: image.thumb,
      },
    ]);
  }
}
