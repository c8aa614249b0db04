/**
 * Summarises a V8 CPU profile of the API written by `BENCH_API_PROFILE=1 npm run bench`
 * (bench/results/prof/*.cpuprofile): self time by package / area, and the top functions.
 *
 *   node --import tsx bench/profile-summary.ts bench/results/prof/<file>.cpuprofile
 */
import { readFileSync } from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const file = process.argv[2];
if (!file) throw new Error('uso: profile-summary.ts <fichero .cpuprofile>');
const prof = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
prof.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

/** Which part of the stack a frame belongs to. */
function area(url: string, fn: string): string {
  if (fn === '(idle)') return '(idle)';
  if (fn === '(garbage collector)') return '(garbage collector)';
  if (fn === '(program)') return '(program)';
  const m = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.includes('/apps/api/src/')) return `app: ${url.split('/apps/api/src/')[1].split('/').slice(0, 2).join('/')}`;
  if (url.includes('/packages/shared/')) return '@trayecto/shared';
  if (url.startsWith('node:') || url === '') return `node internals${fn ? '' : ''}`;
  return url;
}

const areas = new Map<string, number>();
const fns = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id);
  if (!n) continue;
  const { functionName, url, lineNumber } = n.callFrame;
  const a = area(url, functionName);
  areas.set(a, (areas.get(a) ?? 0) + t);
  const key = `${functionName || '(anonymous)'}  ${a}${url ? `:${lineNumber + 1}` : ''}`;
  fns.set(key, (fns.get(key) ?? 0) + t);
}
const pct = (t: number) => `${((t / total) * 100).toFixed(1).padStart(5)} %`;
const busy = total - (areas.get('(idle)') ?? 0);
console.log(`muestras: ${(total / 1e6).toFixed(1)} s, ocupado ${(busy / 1e6).toFixed(1)} s (${pct(busy)})\n`);
console.log('tiempo propio por zona:');
for (const [a, t] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, 20)) console.log(`  ${pct(t)}  ${a}`);
console.log('\nfunciones con más tiempo propio:');
for (const [f, t] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, 25)) console.log(`  ${pct(t)}  ${f}`);
