/**
 * Main-thread CPU of the public pages from Chromium traces (issue 35, goal 6): what Lighthouse's
 * simulated TBT multiplies, measured as the renderer main thread's own CPU time (the trace's
 * `tdur`), which other work on the machine cannot inflate.
 *
 *   CPU_DISTS=before:/tmp/a,after:/tmp/b node --import tsx bench/public-cpu.ts
 *
 * Starts one server per build (bench/lib/server.ts: the real API, a fresh embedded database with
 * the demo data) and loads every page CPU_RUNS times (default 5) per build, the builds alternating
 * load by load so that both see the same machine. Each load: a fresh browser context (no cache, no
 * storage), a 412×823 phone screen at 1.75×, English (as Lighthouse's Chromium), the trace until
 * 2.5 s after `load`.
 *
 * Per load it prints the main thread's CPU in top-level tasks (total, before and after the first
 * contentful paint), the longest task after it, and "over 50 ms at N×": the sum, over the tasks
 * after the first paint, of what each would exceed 50 ms by at that CPU slowdown (the shape of
 * Lighthouse's simulated TBT on an otherwise idle machine, not its figure); `all` counts the
 * tasks before the first paint too (the first style and layout; Lighthouse's optimistic first
 * paint may leave it after). CPU_VERBOSE=1 lists each load's tasks over 2 ms with what they did.
 *
 * The booking form and the customer's booking are then tapped once (a day of the calendar, the
 * name field): the CPU of the second after the tap is what the first input costs (the parts left
 * for it are taken over then; lib/hydration.tsx). CPU_TAP=0 leaves it out.
 *
 * Env: CPU_DISTS (label:dir,…; default `current:` + a fresh build), CPU_RUNS, CPU_PAGES (comma list
 * of page names), CPU_SLOWDOWNS (default 4,8.6: the default and this machine's calibrated
 * multiplier when quiet), CPU_VERBOSE, CHROMIUM_PATH (the Chromium scripts/chromium.sh starts).
 */
import { chromium } from '@playwright/test';
import { pathTo } from '@trayecto/shared/paths';
import { buildWeb, CHROMIUM_LAUNCHER, cleanup, demoData, heldDemoBooking, median, startServer } from './lib/server';

const RUNS = Math.max(1, Number(process.env.CPU_RUNS ?? 5));
const SLOWDOWNS = (process.env.CPU_SLOWDOWNS ?? '4,8.6').split(',').map(Number);
const VERBOSE = process.env.CPU_VERBOSE === '1';
/** Whether to tap the pages that have a first input to measure (CPU_TAP=0: loads only). */
const TAP = process.env.CPU_TAP !== '0';
const CATEGORIES = [
  '-*',
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'blink.user_timing',
  'v8.execute',
  'v8',
].join(',');

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: Record<string, unknown> & { name?: string; data?: Record<string, unknown> };
};
type Task = { start: number; wall: number; cpu: number; what: string };
type Load = {
  lang: string;
  total: number;
  beforePaint: number;
  afterPaint: number;
  longest: number;
  over: Record<string, number>;
  overAll: Record<string, number>;
  tasks: Task[];
  /** The first tap (pages with one): the main thread's CPU in the second after it, and its longest task. */
  tap: { cpu: number; longest: number } | null;
};

/** What a task spent its CPU on: its children's thread time by kind, the largest first. */
const KINDS: Record<string, string> = {
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  ParseHTML: 'parse',
  ParseAuthorStyleSheet: 'css-parse',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  'V8.CompileCode': 'compile',
  'V8.ParseFunction': 'compile',
  'V8.CompileLazy': 'compile',
  HitTest: 'other',
  'Decode Image': 'image',
};

function analyse(events: TraceEvent[]): Omit<Load, 'lang' | 'tap'> & { tapAt: number | null } {
  // The page's renderer: the process that painted its first content; its main thread.
  const fcpEvent = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcpEvent) throw new Error('sin firstContentfulPaint en la traza');
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === fcpEvent.pid,
  );
  if (!main) throw new Error('sin hilo principal del renderer en la traza');
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const fcp = fcpEvent.ts;
  const parse = own.find((e) => e.name === 'ParseHTML')?.ts ?? 0;
  const top = own.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.ts >= parse).sort((a, b) => a.ts - b.ts);
  const tasks: Task[] = top.map((t) => {
    const end = t.ts + (t.dur ?? 0);
    const by = new Map<string, number>();
    for (const e of own) {
      if (e === t || e.ph !== 'X' || e.ts < t.ts || e.ts >= end) continue;
      const kind = KINDS[e.name];
      if (!kind) continue;
      const data = e.args?.data ?? {};
      const file = typeof data.url === 'string' ? (data.url as string).split('/').pop()?.split('?')[0] || 'inline' : '';
      const fn = typeof data.functionName === 'string' && data.functionName ? ` ${data.functionName}` : '';
      const label = kind === 'script' ? `${e.name}${file ? ` ${file}` : ''}${fn}` : kind;
      by.set(label, (by.get(label) ?? 0) + (e.tdur ?? 0) / 1000);
    }
    const what = [...by.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join(', ');
    return { start: (t.ts - parse) / 1000, wall: (t.dur ?? 0) / 1000, cpu: (t.tdur ?? 0) / 1000, what };
  });
  const fcpAt = (fcp - parse) / 1000;
  const mark = own.find((e) => e.name === 'cpu-tap') ?? events.find((e) => e.name === 'cpu-tap');
  const tapAt = mark ? (mark.ts - parse) / 1000 : null;
  // The load's tasks (those of the tap, when there is one, are reported apart).
  const loaded = tasks.filter((t) => tapAt === null || t.start < tapAt);
  const after = loaded.filter((t) => t.start >= fcpAt);
  const sum = (xs: Task[]) => xs.reduce((s, t) => s + t.cpu, 0);
  const overOf = (xs: Task[], k: number) => xs.reduce((s, t) => s + Math.max(0, t.cpu * k - 50), 0);
  return {
    total: sum(loaded),
    beforePaint: sum(loaded.filter((t) => t.start < fcpAt)),
    afterPaint: sum(after),
    longest: Math.max(0, ...after.map((t) => t.cpu)),
    over: Object.fromEntries(SLOWDOWNS.map((k) => [`${k}`, overOf(after, k)])),
    overAll: Object.fromEntries(SLOWDOWNS.map((k) => [`${k}`, overOf(loaded, k)])),
    tasks: tasks.map((t) => ({
      ...t,
      what: `${tapAt !== null && t.start >= tapAt ? 'tras el toque' : t.start < fcpAt ? 'antes del FCP' : 'después del FCP'}: ${t.what}`,
    })),
    tapAt,
  };
}

async function main() {
  const dists = process.env.CPU_DISTS
    ? process.env.CPU_DISTS.split(',').map((d) => {
        const [label, dir] = d.split(':');
        return { label, dir };
      })
    : [{ label: 'current', dir: buildWeb('trayecto-cpu') }];
  const servers: { label: string; base: string; pages: { name: string; path: string; tap?: string }[] }[] = [];
  for (const { label, dir } of dists) {
    process.env.WEB_DIST = dir;
    const base = await startServer(dir, `trayecto-cpu-${label}`);
    const { product, booking } = await demoData(base, { productCode: 'TEI-01', bookingStates: 'confirmed' });
    const held = await heldDemoBooking(base);
    const existing = (id: string) => pathTo('publicBookingExisting', { bookingId: id });
    servers.push({
      label,
      base,
      pages: [
        { name: 'Landing', path: pathTo('publicLanding', { productId: product.id }) },
        {
          name: 'Reserva nueva',
          path: pathTo('publicBooking', { productId: product.id }),
          tap: 'button.pub-cal-day.is-open',
        },
        { name: 'Bono', path: pathTo('publicBookingVoucher', { bookingId: booking.id }) },
        { name: 'Reserva existente', path: existing(booking.id), tap: '#customer_name' },
        { name: 'Pago pendiente', path: existing(held.id), tap: '#customer_name' },
        { name: 'Vuelta: pagado', path: `${existing(held.id)}?payment=ok` },
        { name: 'Vuelta: no pagado', path: `${existing(held.id)}?payment=ko` },
        {
          name: 'Accesibilidad',
          path: `/public/accesibilidad?desde=${encodeURIComponent(pathTo('publicLanding', { productId: product.id }))}`,
        },
      ],
    });
  }
  const only = process.env.CPU_PAGES?.split(',').map((n) => n.trim().toLowerCase());
  const names = servers[0].pages.map((p) => p.name).filter((n) => !only || only.includes(n.toLowerCase()));

  const browser = await chromium.launch({
    executablePath: CHROMIUM_LAUNCHER,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--lang=en-US'],
  });
  const results = new Map<string, Load[]>();
  try {
    for (const name of names) {
      for (let i = 0; i < RUNS; i++) {
        for (const s of servers) {
          const page = s.pages.find((p) => p.name === name);
          if (!page) continue;
          const context = await browser.newContext({
            viewport: { width: 412, height: 823 },
            deviceScaleFactor: 1.75,
            isMobile: true,
            hasTouch: true,
            locale: 'en-US',
          });
          const tab = await context.newPage();
          await browser.startTracing(tab, { categories: CATEGORIES.split(',') });
          await tab.goto(`${s.base}${page.path}`, { waitUntil: 'load' });
          await tab.waitForTimeout(2500);
          const lang = await tab.evaluate(() => document.documentElement.lang);
          // The first tap (a day of the calendar, a field): what it costs once the page is loaded.
          if (page.tap && TAP) {
            await tab.evaluate(() => performance.mark('cpu-tap'));
            await tab.tap(page.tap);
            await tab.waitForTimeout(1000);
          }
          const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
          await context.close();
          const { tapAt, ...loaded } = analyse(trace.traceEvents);
          const tapped = tapAt === null ? [] : loaded.tasks.filter((t) => t.start >= tapAt && t.start < tapAt + 1000);
          const load: Load = {
            lang,
            ...loaded,
            tap:
              tapAt === null
                ? null
                : {
                    cpu: tapped.reduce((n, t) => n + t.cpu, 0),
                    longest: Math.max(0, ...tapped.map((t) => t.cpu)),
                  },
          };
          const key = `${s.label}|${name}`;
          results.set(key, [...(results.get(key) ?? []), load]);
          const over = SLOWDOWNS.map((k) => `${k}×:${Math.round(load.over[k])}/${Math.round(load.overAll[k])}`).join(
            ' ',
          );
          console.log(
            `${s.label.padEnd(8)} ${name.padEnd(17)} #${i} ${lang} total ${load.total.toFixed(1)} antes ${load.beforePaint.toFixed(1)} después ${load.afterPaint.toFixed(1)} máx ${load.longest.toFixed(1)} ms; >50 (después/todas) ${over}${load.tap ? `; toque ${load.tap.cpu.toFixed(1)} ms (máx ${load.tap.longest.toFixed(1)})` : ''}`,
          );
          if (VERBOSE) {
            for (const t of load.tasks.filter((x) => x.cpu >= 2)) {
              console.log(
                `    @${t.start.toFixed(0)} ms cpu ${t.cpu.toFixed(1)} (pared ${t.wall.toFixed(1)}) ${t.what}`,
              );
            }
          }
        }
      }
    }
  } finally {
    await browser.close();
    await cleanup();
  }

  const m = (xs: number[]) => median(xs) ?? 0;
  const tapCell = (loads: Load[]) => {
    const taps = loads.flatMap((l) => (l.tap ? [l.tap] : []));
    return taps.length ? `${m(taps.map((t) => t.cpu)).toFixed(1)} (${m(taps.map((t) => t.longest)).toFixed(1)})` : '—';
  };
  const f = (x: number) => Math.round(x);
  console.log(
    `\nMedianas de ${RUNS} cargas (CPU del hilo principal en ms; «>50 a N×»: después del FCP / todas las tareas)`,
  );
  console.log(
    `| página | build | total | antes del FCP | después | tarea más larga después | ${SLOWDOWNS.map((k) => `>50 a ${k}×`).join(' | ')} | primer toque: CPU (tarea más larga) |`,
  );
  console.log(`|${'---|'.repeat(7 + SLOWDOWNS.length)}`);
  for (const name of names) {
    for (const s of servers) {
      const loads = results.get(`${s.label}|${name}`) ?? [];
      if (!loads.length) continue;
      console.log(
        `| ${name} | ${s.label} | ${f(m(loads.map((l) => l.total)))} | ${f(m(loads.map((l) => l.beforePaint)))} | ${f(m(loads.map((l) => l.afterPaint)))} | ${m(loads.map((l) => l.longest)).toFixed(1)} | ${SLOWDOWNS.map((k) => `${f(m(loads.map((l) => l.over[k])))} / ${f(m(loads.map((l) => l.overAll[k])))}`).join(' | ')} | ${tapCell(loads)} |`,
      );
    }
  }
}

main().catch(async (err) => {
  console.error(err);
  await cleanup();
  process.exit(1);
});
