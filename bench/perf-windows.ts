/**
 * On-CPU time per request of every process of the machine, cut to the bench's measured windows
 * (issue 35, goals 2 and 3). A V8 profile samples a thread blocked in a system call as running
 * (docs/performance.md); Linux's `perf` samples only what is on a CPU, and sees PostgreSQL's
 * backends and the kernel too, so the API's and PostgreSQL's extra work beside a bare replay of the
 * same statements can be compared function by function.
 *
 *   perf record -a -e cpu-clock -c 250000 -k CLOCK_MONOTONIC -o /tmp/bench.perf -- \
 *     env BENCH_WINDOWS=/tmp/windows.txt BENCH_NODE_FLAGS=--perf-basic-prof-only-functions \
 *     BENCH_ONLY=fp,fp1 npm run bench
 *   node --import tsx bench/perf-windows.ts /tmp/bench.perf /tmp/windows.txt fp:api fp1:base
 *
 * `-c 250000` takes a sample every 250 µs of CPU, so a sample is 250 µs wherever it falls. The
 * windows come from run.ts (BENCH_WINDOWS: `<id> <side> <server pid> <start> <end> <requests>`, in
 * CLOCK_MONOTONIC seconds); `--perf-basic-prof-only-functions` lets perf name the servers' JavaScript.
 * Each window named `<id>:<side>` is printed as µs per request by process (the server measured, the
 * bench itself: load generator, PostgreSQL, the rest) and its top functions; with two windows, the
 * functions whose µs per request differ most between them.
 *
 * Env: PERF_PERIOD_US (the sample's CPU time, 250), PERF_TOP (functions listed, 25).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const PERIOD_US = Number(process.env.PERF_PERIOD_US ?? 250);
const TOP = Number(process.env.PERF_TOP ?? 25);

type Window = { id: string; side: string; pid: number; start: number; end: number; requests: number };
type Tally = {
  requests: number;
  byKind: Map<string, number>;
  /** The server's and PostgreSQL's CPU by thread and by where the code lives (kernel, JIT, a library). */
  byPlace: Map<string, number>;
  bySymbol: Map<string, number>;
};

const [perfData, windowsFile, ...wanted] = process.argv.slice(2);
if (!perfData || !windowsFile || wanted.length === 0) {
  console.error('uso: perf-windows.ts <perf.data> <ventanas.txt> <id:lado> [<id:lado>]');
  process.exit(2);
}

const windows: Window[] = readFileSync(windowsFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [id, side, pid, start, end, requests] = line.split(' ');
    return { id, side, pid: Number(pid), start: Number(start), end: Number(end), requests: Number(requests) };
  });

/** A sample's process, as a kind: the measured server, the bench (load generator), PostgreSQL, other. */
function kindOf(w: Window, pid: number, comm: string, benchPid: number | undefined): string {
  if (pid === w.pid) return w.side === 'base' ? 'baseline' : 'API';
  if (comm === 'postgres') return 'PostgreSQL';
  if (pid === benchPid) return 'bench (carga)';
  if (pid === 0) return 'idle';
  return `otros (${comm})`;
}

/** Symbols that name the same thing differently from run to run (JIT addresses, perf's map file). */
function cleanSymbol(sym: string, dso: string): string {
  const s = sym.replace(/\+0x[0-9a-f]+$/, '').trim();
  if (s && s !== '[unknown]') return s.replace(/^(LazyCompile|Function|JS):[*~^+]?'?/, '');
  return `[${dso.replace(/^.*\//, '') || 'unknown'}]`;
}

/**
 * A server's JavaScript functions by address, from V8's perf map (`/tmp/perf-<pid>.map`). V8 writes a
 * line per code object it creates and never one for code it frees, so an address can appear under
 * several functions over a run; perf takes the first, which at the measured windows (after the
 * warm-up) is often code long gone: the last line covering an address is the code there now.
 */
class JitMap {
  #starts: number[] = [];
  #entries: { start: number; end: number; order: number; name: string }[] = [];
  constructor(file: string) {
    const lines = readFileSync(file, 'utf8').split('\n');
    for (const [order, line] of lines.entries()) {
      const m = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line);
      if (!m) continue;
      const start = Number.parseInt(m[1], 16);
      this.#entries.push({ start, end: start + Number.parseInt(m[2], 16), order, name: m[3] });
    }
    this.#entries.sort((a, b) => a.start - b.start);
    this.#starts = this.#entries.map((e) => e.start);
  }
  /** The name of the code at `ip` written last, or undefined. */
  at(ip: number): string | undefined {
    let lo = 0;
    let hi = this.#starts.length - 1;
    let last = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.#starts[mid] <= ip) {
        last = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    let best: { order: number; name: string } | undefined;
    // Code objects are small: the ones that could cover `ip` start shortly before it.
    for (let i = last; i >= 0 && i > last - 200; i--) {
      const e = this.#entries[i];
      if (e.start <= ip && ip < e.end && (!best || e.order > best.order)) best = e;
    }
    return best?.name;
  }
}
const jitMaps = new Map<string, JitMap | null>();
function jitName(dso: string, ip: number): string | undefined {
  if (!/\/perf-\d+\.map$/.test(dso)) return undefined;
  if (!jitMaps.has(dso)) {
    try {
      jitMaps.set(dso, new JitMap(dso));
    } catch {
      jitMaps.set(dso, null);
    }
  }
  return jitMaps.get(dso)?.at(ip);
}

function tally(w: Window): Tally {
  // perf script's `--time` takes its own clock's seconds: CLOCK_MONOTONIC with `-k CLOCK_MONOTONIC`.
  const out = execFileSync(
    'perf',
    ['script', '-G', '-i', perfData, '--time', `${w.start},${w.end}`, '-F', 'comm,pid,ip,sym,dso'],
    { maxBuffer: 1 << 30, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const t: Tally = { requests: w.requests, byKind: new Map(), byPlace: new Map(), bySymbol: new Map() };
  // The bench's own process: the node process with the most samples that is not the server.
  const nodeSamples = new Map<number, number>();
  const lines = out.split('\n');
  const parsed: { comm: string; pid: number; sym: string; place: string }[] = [];
  for (const line of lines) {
    // "  node  1234  addr sym (dso)" – comm can contain spaces; pid is the first number field.
    const m = /^\s*(.+?)\s+(\d+)\s+([0-9a-f]+)\s+(.*?)\s+\((.*)\)\s*$/.exec(line);
    if (!m) continue;
    const [, comm, pidS, ip, sym, dso] = m;
    const pid = Number(pidS);
    const place = /\/perf-\d+\.map$/.test(dso) ? 'JIT (JavaScript)' : dso.replace(/^.*\//, '');
    parsed.push({ comm, pid, place, sym: cleanSymbol(jitName(dso, Number.parseInt(ip, 16)) ?? sym, dso) });
    if (pid !== w.pid && pid !== 0 && comm !== 'postgres') nodeSamples.set(pid, (nodeSamples.get(pid) ?? 0) + 1);
  }
  const benchPid = [...nodeSamples.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  for (const { comm, pid, sym, place } of parsed) {
    const kind = kindOf(w, pid, comm, benchPid);
    if (pid === w.pid || comm === 'postgres') {
      const where = `${kind}\t${pid === w.pid ? `${comm} · ` : ''}${place}`;
      t.byPlace.set(where, (t.byPlace.get(where) ?? 0) + PERIOD_US);
    }
    t.byKind.set(kind, (t.byKind.get(kind) ?? 0) + PERIOD_US);
    const key = `${kind}\t${sym}`;
    t.bySymbol.set(key, (t.bySymbol.get(key) ?? 0) + PERIOD_US);
  }
  return t;
}

const perReq = (us: number, t: Tally) => (t.requests > 0 ? us / t.requests : 0);
const fmt = (n: number) => n.toFixed(1).padStart(8);

const tallies = wanted.map((name) => {
  const [id, side] = name.split(':');
  const w = windows.filter((x) => x.id === id && x.side === side).at(-1);
  if (!w) throw new Error(`no hay ventana ${name} en ${windowsFile}`);
  return { name, w, t: tally(w) };
});

for (const { name, w, t } of tallies) {
  console.log(`\n## ${name}: ${t.requests} peticiones en ${(w.end - w.start).toFixed(1)} s`);
  console.log('| proceso | CPU µs/pet. |\n|---|---:|');
  for (const [kind, us] of [...t.byKind.entries()].sort((a, b) => b[1] - a[1])) {
    console.log(`| ${kind} | ${fmt(perReq(us, t))} |`);
  }
  console.log('\n| proceso | hilo · código | CPU µs/pet. |\n|---|---|---:|');
  for (const [key, us] of [...t.byPlace.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    const [kind, where] = key.split('\t');
    console.log(`| ${kind} | ${where} | ${fmt(perReq(us, t))} |`);
  }
  console.log(`\n| función (proceso) | µs/pet. |\n|---|---:|`);
  for (const [key, us] of [...t.bySymbol.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    const [kind, sym] = key.split('\t');
    console.log(`| ${sym} (${kind}) | ${fmt(perReq(us, t))} |`);
  }
}

if (tallies.length === 2) {
  const [a, b] = tallies;
  // The same process kind compared across the two windows: a server's own name differs by side.
  const norm = (key: string) => key.replace(/^(API|baseline)\t/, 'servidor\t');
  const sums = new Map<string, [number, number]>();
  for (const [i, { t }] of [a, b].entries()) {
    for (const [key, us] of t.bySymbol) {
      const k = norm(key);
      const pair = sums.get(k) ?? [0, 0];
      pair[i] += perReq(us, t);
      sums.set(k, pair);
    }
  }
  console.log(`\n## Diferencia por función, µs/pet.: ${a.name} − ${b.name}`);
  console.log(`| función (proceso) | ${a.name} | ${b.name} | diferencia |\n|---|---:|---:|---:|`);
  const rows = [...sums.entries()].sort((x, y) => Math.abs(y[1][0] - y[1][1]) - Math.abs(x[1][0] - x[1][1]));
  for (const [key, [x, y]] of rows.slice(0, TOP * 2)) {
    const [kind, sym] = key.split('\t');
    console.log(`| ${sym} (${kind}) | ${fmt(x)} | ${fmt(y)} | ${fmt(x - y)} |`);
  }
}

/**
 * PERF_INCLUSIVE=<thread> (e.g. MainThread), for a recording with call stacks (`perf record -g`):
 * the server's time in that thread by function, inclusive (each function counted once per sample
 * whatever its depth), µs per request — where a sale's time goes, parts overlapping.
 */
const INCLUSIVE_THREAD = process.env.PERF_INCLUSIVE;
if (INCLUSIVE_THREAD) {
  for (const { name, w } of tallies) {
    const out = execFileSync(
      'perf',
      ['script', '-i', perfData, '--time', `${w.start},${w.end}`, '--pid', String(w.pid), '-F', 'comm,ip,sym,dso'],
      { maxBuffer: 1 << 30, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const inclusive = new Map<string, number>();
    let samples = 0;
    // A sample: its thread's name on a line, then one frame per line (leaf first), then a blank line.
    for (const block of out.split('\n\n')) {
      const [head, ...frames] = block.split('\n').filter((l) => l.trim());
      if (!head || head.trim().split(/\s+/)[0] !== INCLUSIVE_THREAD) continue;
      samples++;
      const seen = new Set<string>();
      for (const frame of frames) {
        const m = /^\s*([0-9a-f]+)\s+(.*?)\s+\((.*)\)\s*$/.exec(frame);
        if (!m) continue;
        seen.add(cleanSymbol(jitName(m[3], Number.parseInt(m[1], 16)) ?? m[2], m[3]));
      }
      for (const fn of seen) inclusive.set(fn, (inclusive.get(fn) ?? 0) + PERIOD_US);
    }
    console.log(`\n## ${name}, hilo ${INCLUSIVE_THREAD}: ${fmt((samples * PERIOD_US) / w.requests)} µs/pet. en total`);
    console.log('| función (inclusiva) | µs/pet. |\n|---|---:|');
    for (const [fn, us] of [...inclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP * 4)) {
      console.log(`| ${fn} | ${fmt(us / w.requests)} |`);
    }
  }
}
