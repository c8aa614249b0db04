/**
 * Summarises V8 CPU profiles of the API written by `BENCH_API_PROFILE=1|scenarios npm run bench` or
 * bench/overhead.ts (`OVERHEAD_PROFILE`): self time by package / area, the inclusive time of the
 * request's stages (what each costs with everything it calls), and the top functions. Frames of the
 * compiled bundle are mapped back to their TypeScript source (bench/lib/cpu-profile.ts). Several
 * profiles are added up (the turns of one scenario).
 *
 *   node --import tsx bench/profile-summary.ts <file.cpuprofile> [more.cpuprofile …] [requests]
 *
 * With the number of requests the profiles cover, times are also given per request (µs).
 */
import { type Frame, frameOf, readProfile, selfTimes, shortFile } from './lib/cpu-profile';

const args = process.argv.slice(2);
const files = args.filter((a) => a.endsWith('.cpuprofile'));
const requests = args.filter((a) => /^\d+$/.test(a)).map(Number)[0];
if (files.length === 0) throw new Error('uso: profile-summary.ts <fichero .cpuprofile> […] [peticiones]');

// Inclusive time of named stages: a sample counts once for a stage when any frame of its stack
// matches (the first stage that matches, in this order).
const STAGES: [string, (f: Frame) => boolean][] = [
  ['pino: escribir el log', (f) => f.area === 'pino' || f.area === 'sonic-boom' || f.area === '@pinojs/redact'],
  [
    'respuesta: serializar (zod + JSON)',
    (f) => f.area === 'fastify-type-provider-zod' && f.name !== 'validatorCompiler',
  ],
  ['respuesta: enlaces públicos (withPublicLinks)', (f) => f.name === 'withPublicLinks'],
  ['cabeceras de seguridad (helmet)', (f) => f.area === '@fastify/helmet' || f.area === 'helmet'],
  ['token (jose)', (f) => f.area === 'jose'],
  [
    'drizzle: construir SQL',
    (f) => f.area === 'drizzle-orm' && /^(_prepare|toSQL|sqlToQuery|getSQL|buildSelectQuery)$/.test(f.name),
  ],
  ['drizzle: mapear filas', (f) => f.area === 'drizzle-orm' && /^mapResultRow$/.test(f.name)],
  [
    'pg: enviar consultas',
    (f) => (f.area === 'pg' || f.area === 'pg-pool') && /^(query|submit|_pulseQueryQueue)$/.test(f.name),
  ],
  [
    'pg: leer respuestas',
    (f) => f.area === 'pg-protocol' || f.area === 'pg-types' || (f.area === 'pg' && /Row|Result|parse/.test(f.name)),
  ],
  ['app: mappers', (f) => /\.mapper\.ts$/.test(f.file)],
  ['zod: validar la petición', (f) => f.area === 'zod'],
  ['fastify: enrutar, hooks, responder', (f) => f.area === 'fastify' || f.area === 'find-my-way'],
];

const areas = new Map<string, number>();
const fns = new Map<string, number>();
const inclusive = new Map<string, number>();
const stageTime = new Map<string, number>();
let total = 0;
const keyOf = (f: Frame) => `${f.name}  ${f.file ? `${shortFile(f.file)}:${f.line}` : f.area}`;

for (const file of files) {
  const prof = readProfile(file);
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, (typeof prof.nodes)[number]>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parentOf.set(c, n);
  const stackOf = (id: number): Frame[] => {
    const out: Frame[] = [];
    for (let n = byId.get(id); n; n = parentOf.get(n.id)) out.push(frameOf(n.callFrame));
    return out;
  };
  for (const [id, t] of selfTimes(prof)) {
    const n = byId.get(id);
    if (!n) continue;
    total += t;
    const f = frameOf(n.callFrame);
    areas.set(f.area, (areas.get(f.area) ?? 0) + t);
    fns.set(keyOf(f), (fns.get(keyOf(f)) ?? 0) + t);
    const stack = stackOf(id);
    const stage = STAGES.find(([, match]) => stack.some(match))?.[0];
    if (stage) stageTime.set(stage, (stageTime.get(stage) ?? 0) + t);
    const seen = new Set<string>();
    for (const g of stack) {
      const k = keyOf(g);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + t);
    }
  }
}

const pct = (t: number) => `${((t / total) * 100).toFixed(1).padStart(5)} %`;
const per = (t: number) => (requests ? `  ${(t / requests).toFixed(0).padStart(5)} µs/petición` : '');
const idle = areas.get('(idle)') ?? 0;
const busy = total - idle;
console.log(
  `${files.length} perfil(es): ${(total / 1e6).toFixed(1)} s, ocupado ${(busy / 1e6).toFixed(1)} s (${pct(busy)})${requests ? `, ${requests} peticiones: ${(busy / requests).toFixed(0)} µs de CPU por petición` : ''}\n`,
);
console.log('tiempo propio por zona:');
for (const [a, t] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, 24)) console.log(`  ${pct(t)}${per(t)}  ${a}`);
console.log('\netapas (tiempo inclusivo: la función y lo que llama; cada muestra en la primera que encaja):');
for (const [s, t] of [...stageTime].sort((x, y) => y[1] - x[1])) console.log(`  ${pct(t)}${per(t)}  ${s}`);
console.log('\nfunciones con más tiempo inclusivo (sin las del bucle de eventos):');
for (const [f, t] of [...inclusive]
  .filter(
    ([k]) =>
      !/^(processTicksAndRejections|runMicrotasks|listOnTimeout|processTimers|emit|\(anonymous\)|\(root\)) /.test(k),
  )
  .sort((x, y) => y[1] - x[1])
  .slice(0, 40))
  console.log(`  ${pct(t)}${per(t)}  ${f}`);
console.log('\nfunciones con más tiempo propio:');
for (const [f, t] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, 30)) console.log(`  ${pct(t)}${per(t)}  ${f}`);
