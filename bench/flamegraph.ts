/**
 * A flame graph (SVG) of V8 CPU profiles of the API: every sampled stack from the root (bottom) to
 * the running function (top), each box as wide as the CPU time spent in it and what it called,
 * coloured by the area its code belongs to (the app, Fastify, drizzle, pg, pino, zod, node's
 * internals …). Frames of the compiled bundle are named by their TypeScript source
 * (bench/lib/cpu-profile.ts). Idle time is left out: the width is the busy CPU time.
 *
 *   node --import tsx bench/flamegraph.ts out.svg a.cpuprofile [b.cpuprofile …] [--title "…"] [--requests N]
 *
 * Several profiles are merged (e.g. the per-scenario profiles of BENCH_API_PROFILE=scenarios).
 * Hover a box in a browser for its function, file, time and share.
 */
import { writeFileSync } from 'node:fs';
import { type Frame, frameOf, readProfile, selfTimes, shortFile } from './lib/cpu-profile';

type Node = { frame: Frame; key: string; self: number; total: number; children: Map<string, Node> };

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const title = opt('--title') ?? 'Perfil de CPU de la API';
const requests = Number(opt('--requests') ?? 0) || undefined;
const [out, ...files] = args;
if (!out || files.length === 0) throw new Error('uso: flamegraph.ts salida.svg perfil.cpuprofile […]');

const root: Node = {
  frame: { name: 'todo', file: '', line: 0, area: '(root)' },
  key: 'root',
  self: 0,
  total: 0,
  children: new Map(),
};

for (const file of files) {
  const prof = readProfile(file);
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  for (const [id, t] of selfTimes(prof)) {
    const stack: Frame[] = [];
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (n && n.callFrame.functionName !== '(root)') stack.push(frameOf(n.callFrame));
    }
    if (stack.length === 0 || stack[0].name === '(idle)') continue;
    let node = root;
    node.total += t;
    for (const f of stack.reverse()) {
      const key = `${f.name}|${f.file}|${f.line}`;
      let child = node.children.get(key);
      if (!child) {
        child = { frame: f, key, self: 0, total: 0, children: new Map() };
        node.children.set(key, child);
      }
      child.total += t;
      node = child;
    }
    node.self += t;
  }
}

/** Colour families by area. */
function colourOf(area: string): string {
  const palette: [RegExp, string][] = [
    [/^app: /, '#f28e2b'],
    [/^@trayecto\/shared$/, '#f1a95b'],
    [/^(fastify|find-my-way|avvio|light-my-request|@fastify\/.*|fastify-.*|helmet)$/, '#4e79a7'],
    [/^drizzle-orm$/, '#59a14f'],
    [/^(pg|pg-.*|postgres-.*)$/, '#76b7b2'],
    [/^(pino|@pinojs\/.*|sonic-boom|fast-redact|thread-stream)$/, '#b07aa1'],
    [/^(zod|fastify-type-provider-zod|fast-json-stringify)$/, '#edc948'],
    [/^jose$/, '#e15759'],
    [/^\((garbage collector|program)\)$/, '#9c755f'],
  ];
  for (const [re, c] of palette) if (re.test(area)) return c;
  return area === 'node internals' ? '#bab0ac' : '#d4a6c8';
}

const WIDTH = 1600;
const ROW = 17;
const PAD = 10;
const HEAD = 56;
const total = root.total || 1;
const MIN_W = 0.4;

let depthMax = 0;
const boxes: string[] = [];
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const ms = (us: number) => (us / 1000).toFixed(us < 10_000 ? 1 : 0);

type Placed = { node: Node; x: number; depth: number };
const placed: Placed[] = [];
const place = (node: Node, x: number, depth: number) => {
  const w = (node.total / total) * (WIDTH - 2 * PAD);
  if (w < MIN_W) return;
  placed.push({ node, x, depth });
  depthMax = Math.max(depthMax, depth);
  let cx = x;
  // Widest first: the eye reads the big costs from the left.
  for (const c of [...node.children.values()].sort((a, b) => b.total - a.total)) {
    place(c, cx, depth + 1);
    cx += (c.total / total) * (WIDTH - 2 * PAD);
  }
};
place(root, PAD, 0);

const height = HEAD + (depthMax + 1) * ROW + 70;
for (const { node, x, depth } of placed) {
  const w = (node.total / total) * (WIDTH - 2 * PAD);
  const y = height - 70 - (depth + 1) * ROW;
  const f = node.frame;
  const where = f.file ? `${shortFile(f.file)}:${f.line}` : f.area;
  const share = ((node.total / total) * 100).toFixed(1);
  const perReq = requests ? `, ${(node.total / requests).toFixed(0)} µs/petición` : '';
  const tip = `${f.name} — ${where} (${f.area}): ${ms(node.total)} ms, ${share} %${perReq}`;
  const label = w > 30 ? f.name : '';
  const maxChars = Math.floor((w - 4) / 6.2);
  const text = label.length > maxChars ? `${label.slice(0, Math.max(0, maxChars - 1))}…` : label;
  boxes.push(
    `<g><title>${esc(tip)}</title><rect x="${x.toFixed(1)}" y="${y}" width="${Math.max(0.5, w - 0.5).toFixed(1)}" height="${ROW - 1}" fill="${node === root ? '#e0e0e0' : colourOf(f.area)}" rx="1"/>${
      text && maxChars >= 3 ? `<text x="${(x + 3).toFixed(1)}" y="${y + ROW - 5}">${esc(text)}</text>` : ''
    }</g>`,
  );
}

const legend: [string, string][] = [
  ['app (apps/api/src)', '#f28e2b'],
  ['@trayecto/shared', '#f1a95b'],
  ['Fastify y plugins', '#4e79a7'],
  ['drizzle-orm', '#59a14f'],
  ['pg', '#76b7b2'],
  ['pino (logs)', '#b07aa1'],
  ['zod / serialización', '#edc948'],
  ['jose (token)', '#e15759'],
  ['GC / V8', '#9c755f'],
  ['node (interno)', '#bab0ac'],
  ['otros paquetes', '#d4a6c8'],
];
let lx = PAD;
const legendSvg = legend
  .map(([name, c]) => {
    const s = `<rect x="${lx}" y="${height - 40}" width="12" height="12" fill="${c}"/><text x="${lx + 16}" y="${height - 30}">${esc(name)}</text>`;
    lx += 24 + name.length * 6.4;
    return s;
  })
  .join('');

const busy = `${ms(total)} ms de CPU ocupada${requests ? ` en ${requests} peticiones (${(total / requests).toFixed(0)} µs por petición)` : ''}`;
const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="DejaVu Sans Mono, Menlo, monospace" font-size="11" role="img">
<title>${esc(`Gráfico de llamas: ${title}`)}</title>
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="${PAD}" y="22" font-size="16" font-family="DejaVu Sans, Arial, sans-serif">${esc(title)}</text>
<text x="${PAD}" y="42" font-size="12" fill="#555">${esc(busy)}; ancho = tiempo de CPU (la función y lo que llama), de abajo (raíz) arriba (la que corre)</text>
${boxes.join('\n')}
${legendSvg}
</svg>
`;
writeFileSync(out, svg);
console.log(`${out}: ${placed.length} cajas, ${busy}`);
