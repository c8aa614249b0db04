/**
 * Lighthouse (performance category) of the public pages: landing, booking form, voucher, the
 * customer's booking page, the same page paying online (a web booking holding its seats, and the
 * bank's return, paid and not paid: issue 32) and the accessibility statement (every page the
 * server renders).
 *
 *   node --import tsx bench/lighthouse.ts [--doc]        (npm run bench:lighthouse)
 *
 * Builds the web app into a temporary folder (or uses WEB_DIST), starts the real server on a free
 * 127.0.0.1 port with a fresh temporary DATA_DIR (embedded database + demo data) and finds, through
 * the API, the demo product with photos (TEI-01, the Teide tour) and a confirmed booking (its voucher
 * and its own page), and the statement as the landing's footer links to it. Each page
 * is then measured LH_RUNS times by Lighthouse run programmatically with its default settings
 * (mobile form factor, simulated throttling: 150 ms RTT, 1.6 Mbit/s, CPU 4×), only the performance
 * category, each run in a fresh headless Chromium (new profile, so no cache nor storage).
 *
 * Per page it prints the median score, LCP, TBT, CLS, FCP and Speed Index, the bytes on the wire
 * (transferSize of the network-requests audit: what the client received, compressed, headers
 * included) in total and for JS, CSS, the HTML document and images, and the LCP element. A page
 * whose median misses the goal (score ≥ 95, LCP ≤ 2000 ms, TBT ≤ 100 ms, CLS ≤ 0.02) gets the items
 * that hold it back, from its median run: render-blocking requests, the LCP breakdown, the scripts
 * with most main-thread time (bootup-time), long tasks and unused JS. It is a benchmark: a missed
 * goal does not fail it, only errors do.
 *
 * Env: WEB_DIST (use this build), LH_RUNS (default 3), CHROMIUM_PATH (default /usr/bin/chromium),
 * BENCH_OUT (write the markdown to this file too), BENCH_DOC=1 or --doc (replace the section between
 * `<!-- lighthouse:start -->` and `<!-- lighthouse:end -->` in docs/benchmarks-public-pages.md, or
 * append it).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathTo } from '@trayecto/shared/paths';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { buildWeb, cleanup, demoData, heldDemoBooking, kb, median, ms, REPO, startServer } from './lib/server';

const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DOC = path.join(REPO, 'docs/benchmarks-public-pages.md');
/** The accessibility statement (apps/web/src/public/match-route.ts; not in the shared ROUTES). */
const STATEMENT_PATH = '/public/accesibilidad';
const START = '<!-- lighthouse:start -->';
const END = '<!-- lighthouse:end -->';
const GOAL = { score: 95, lcp: 2000, tbt: 100, cls: 0.02 };
/** How many items of each kind a page that misses the goal lists. */
const TOP = 3;

type PageDef = { name: string; path: string };
type Run = {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  si: number;
  bytes: { total: number; js: number; css: number; html: number; img: number };
  lcpElement: string;
  blockers: string[];
};
type PageResult = { page: PageDef; runs: Run[]; median: Omit<Run, 'blockers' | 'lcpElement' | 'bytes'>; rep: Run };

// ── Reading a Lighthouse result ─────────────────────────────────────────────────────────────────

type Item = Record<string, unknown>;
type Details = { type?: string; items?: Item[] } | undefined;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function items(lhr: Result, id: string): Item[] {
  return ((lhr.audits[id]?.details as Details)?.items ?? []) as Item[];
}

/** A URL of the server under test as its path (ids as `:id`); other origins whole. */
function shortUrl(url: string, base: string): string {
  const u = (url.startsWith(base) ? url.slice(base.length) : url).replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id');
  return u.length > 80 ? `${u.slice(0, 77)}…` : u;
}

/** The LCP element of the lcp-breakdown-insight audit (it replaces largest-contentful-paint-element). */
function lcpNode(lhr: Result): Item | undefined {
  return items(lhr, 'lcp-breakdown-insight').find((i) => i.type === 'node');
}

function describeNode(node: Item | undefined): string {
  if (!node) return '—';
  const snippet = str(node.snippet).replace(/\s+/g, ' ');
  const label = str(node.nodeLabel).replace(/\s+/g, ' ');
  const tag = snippet.match(/^<([a-z0-9-]+)/i)?.[1]?.toLowerCase() ?? '?';
  const cls = snippet.match(/class="([^"]*)"/)?.[1]?.split(' ')[0];
  const what = `${tag}${cls ? `.${cls}` : ''}`;
  return label ? `${what} «${label.length > 40 ? `${label.slice(0, 39)}…` : label}»` : what;
}

/** Short lines on what holds the page back (its run's own figures). */
function blockers(lhr: Result, base: string): string[] {
  const out: string[] = [];
  for (const i of items(lhr, 'render-blocking-insight').slice(0, TOP)) {
    out.push(
      `bloquea el render: ${shortUrl(str(i.url), base)} (${kb(num(i.totalBytes))}, ${ms(num(i.wastedMs))} estimados)`,
    );
  }
  const breakdown = items(lhr, 'lcp-breakdown-insight').find((i) => i.type === 'table') as Details;
  const phases = (breakdown?.items ?? []).map((p) => `${str(p.label)} ${ms(num(p.duration))}`);
  if (phases.length) out.push(`fases del LCP (traza observada, sin simular): ${phases.join(', ')}`);
  const discovery = items(lhr, 'lcp-discovery-insight').find((i) => i.type === 'checklist') as
    | { items?: Record<string, { label?: string; value?: boolean }> }
    | undefined;
  const missed = Object.values(discovery?.items ?? {})
    .filter((c) => c.value === false)
    .map((c) => c.label ?? '?');
  if (missed.length) out.push(`descubrimiento del LCP, falla: ${missed.join('; ')}`);
  const boot = items(lhr, 'bootup-time')
    .filter((i) => num(i.total) >= 50)
    .slice(0, TOP);
  for (const i of boot) {
    out.push(
      `hilo principal: ${shortUrl(str(i.url), base)} ${ms(num(i.total))} (script ${ms(num(i.scripting))}, parse+compile ${ms(num(i.scriptParseCompile))})`,
    );
  }
  const long = items(lhr, 'long-tasks').slice(0, TOP);
  if (long.length) {
    out.push(
      `tareas largas: ${long.map((i) => `${shortUrl(str(i.url), base) || '?'} ${ms(num(i.duration))} @${ms(num(i.startTime))}`).join(', ')}`,
    );
  }
  for (const i of items(lhr, 'unused-javascript').slice(0, TOP)) {
    out.push(
      `JS sin usar: ${shortUrl(str(i.url), base)} ${kb(num(i.wastedBytes))} de ${kb(num(i.totalBytes))} (${Math.round(num(i.wastedPercent))} %)`,
    );
  }
  return out;
}

function summarize(lhr: Result, base: string): Run {
  const metric = (id: string) => num(lhr.audits[id]?.numericValue);
  const bytes = { total: 0, js: 0, css: 0, html: 0, img: 0 };
  for (const r of items(lhr, 'network-requests')) {
    const size = num(r.transferSize);
    bytes.total += size;
    const type = str(r.resourceType);
    if (type === 'Script') bytes.js += size;
    else if (type === 'Stylesheet') bytes.css += size;
    else if (type === 'Document') bytes.html += size;
    else if (type === 'Image') bytes.img += size;
  }
  return {
    score: Math.round(num(lhr.categories.performance?.score) * 100),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    fcp: metric('first-contentful-paint'),
    si: metric('speed-index'),
    bytes,
    lcpElement: describeNode(lcpNode(lhr)),
    blockers: blockers(lhr, base),
  };
}

// ── Running Lighthouse ───────────────────────────────────────────────────────────────────────────

class LighthouseRuntimeError extends Error {}

let chrome: LaunchedChrome | null = null;
const versions = { chromium: '?', lighthouse: '?', benchmarkIndex: 0 };

/** One run in a fresh Chromium (chrome-launcher gives it a new temporary profile and removes it). */
async function runOnce(url: string, base: string): Promise<Run> {
  chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    // The user agent says 156.0.0.0 (reduced); the browser's own answer has the full version.
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as {
      Browser?: string;
    };
    versions.chromium = version.Browser?.split('/')[1] ?? '?';
    // No config: Lighthouse's default one (mobile, simulated throttling).
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse: ${lhr.runtimeError.code}`);
    versions.lighthouse = lhr.lighthouseVersion;
    versions.benchmarkIndex = lhr.environment.benchmarkIndex;
    for (const w of lhr.runWarnings) console.warn(`  aviso: ${w}`);
    return summarize(lhr, base);
  } finally {
    chrome.kill();
    chrome = null;
  }
}

/** Lighthouse's own hiccups (NO_NAVSTART, NO_FCP…) are retried in a new browser, twice at most. */
async function runWithRetries(url: string, base: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, base);
    } catch (err) {
      if (!(err instanceof LighthouseRuntimeError) || attempt >= 3) throw err;
      console.warn(`  ${err.message}; se repite (intento ${attempt + 1} de 3)`);
    }
  }
}

const med = (xs: number[]) => median(xs) ?? 0;

/** Per-metric medians; the details (bytes, LCP element, blockers) are those of the median-score run. */
function aggregate(page: PageDef, runs: Run[]): PageResult {
  const m = {
    score: med(runs.map((r) => r.score)),
    lcp: med(runs.map((r) => r.lcp)),
    tbt: med(runs.map((r) => r.tbt)),
    cls: med(runs.map((r) => r.cls)),
    fcp: med(runs.map((r) => r.fcp)),
    si: med(runs.map((r) => r.si)),
  };
  const sorted = [...runs].sort((a, b) => a.score - b.score || b.lcp - a.lcp);
  return { page, runs, median: m, rep: sorted[Math.floor((sorted.length - 1) / 2)] };
}

const meetsGoal = (m: PageResult['median']) =>
  m.score >= GOAL.score && m.lcp <= GOAL.lcp && m.tbt <= GOAL.tbt && m.cls <= GOAL.cls;

// ── Output ───────────────────────────────────────────────────────────────────────────────────────

function markdown(results: PageResult[], when: Date): string {
  const header =
    '| página | score | LCP | TBT | CLS | FCP | Speed Index | total | JS | CSS | HTML | imágenes | elemento LCP | objetivo |';
  const sep = `|${'---|'.repeat(14)}`;
  const rows = results.map(({ page, median: m, rep }) => {
    const b = rep.bytes;
    return `| ${page.name} | ${m.score} | ${ms(m.lcp)} | ${ms(m.tbt)} | ${m.cls.toFixed(3)} | ${ms(m.fcp)} | ${ms(m.si)} | ${kb(b.total)} | ${kb(b.js)} | ${kb(b.css)} | ${kb(b.html)} | ${kb(b.img)} | ${rep.lcpElement} | ${meetsGoal(m) ? 'sí' : 'no'} |`;
  });
  const lines = [
    `Lighthouse ${versions.lighthouse}, Chromium ${versions.chromium}, ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC: mediana de ${RUNS} ${RUNS === 1 ? 'ejecución' : 'ejecuciones'} por página (móvil, throttling simulado, BenchmarkIndex ${Math.round(versions.benchmarkIndex)}). Bytes: transferSize (comprimidos, como llegan) de la ejecución mediana.`,
    '',
    header,
    sep,
    ...rows,
    '',
    `Objetivo: score ≥ ${GOAL.score}, LCP ≤ ${GOAL.lcp} ms, TBT ≤ ${GOAL.tbt} ms, CLS ≤ ${GOAL.cls}.`,
  ];
  for (const r of results) {
    if (meetsGoal(r.median) || r.rep.blockers.length === 0) continue;
    lines.push('', `${r.page.name} (${r.page.path.replace(/[0-9a-f-]{36}/g, ':id')}), lo que lo frena:`);
    lines.push(...r.rep.blockers.map((b) => `- ${b}`));
  }
  return lines.join('\n');
}

function method(): string {
  return [
    `Method: \`npm run bench:lighthouse\` (bench/lighthouse.ts) builds the web app, starts the real server`,
    `(NODE_ENV=production, embedded PGlite with the demo data) on 127.0.0.1 and runs Lighthouse`,
    `${versions.lighthouse} programmatically against the landing and booking form of the demo product with photos`,
    `(TEI-01), the voucher and the booking page of a confirmed booking, and the accessibility statement opened`,
    `from the landing's footer: default settings (mobile form factor, simulated`,
    `throttling — 150 ms RTT, 1.6 Mbit/s, CPU 4× slower), performance category only, each run in a fresh`,
    `headless Chromium ${versions.chromium} (new profile: no cache, no storage; its language is en-US, so the pages`,
    `render in English); ${RUNS} ${RUNS === 1 ? 'run' : 'runs'} per page, the`,
    `median of each metric. Simulated figures are computed from the task durations observed on this 2-core`,
    `machine, so they move with its load; the bytes are exact. The "LCP phases" are those of the observed`,
    `(unthrottled) trace.`,
  ].join(' ');
}

function writeDoc(table: string, when: Date) {
  const section = [
    START,
    '## Lighthouse (mobile, simulated throttling)',
    '',
    `Measured ${when.toISOString().slice(0, 10)}. ${method()}`,
    '',
    table,
    END,
  ].join('\n');
  const doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '';
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  const next =
    a >= 0 && b > a
      ? `${doc.slice(0, a)}${section}${doc.slice(b + END.length)}`
      : `${doc.replace(/\n*$/, '')}\n\n${section}\n`;
  writeFileSync(DOC, next);
  console.log(`Sección Lighthouse ${a >= 0 && b > a ? 'sustituida' : 'añadida'} en ${path.relative(REPO, DOC)}`);
}

// ── Main ─────────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const watchdog = setTimeout(() => {
    console.error('bench:lighthouse: más de 60 minutos; se detiene.');
    void stop().finally(() => process.exit(2));
  }, 60 * 60_000);
  watchdog.unref();

  const dist = buildWeb('trayecto-lh');
  const base = await startServer(dist, 'trayecto-lh');
  const { product, booking } = await demoData(base, { productCode: 'TEI-01', bookingStates: 'confirmed' });
  const held = await heldDemoBooking(base);
  console.log(
    `Producto ${product.code} «${product.name}», reserva ${booking.locator}; ${RUNS} ejecución(es) por página`,
  );
  const pages: PageDef[] = [
    { name: 'Landing', path: pathTo('publicLanding', { productId: product.id }) },
    { name: 'Reserva nueva', path: pathTo('publicBooking', { productId: product.id }) },
    { name: 'Bono', path: pathTo('publicBookingVoucher', { bookingId: booking.id }) },
    { name: 'Reserva existente', path: pathTo('publicBookingExisting', { bookingId: booking.id }) },
    // Issue 32: the pay step of a booking holding its seats, and the bank's return (paid, not paid).
    { name: 'Pago pendiente', path: pathTo('publicBookingExisting', { bookingId: held.id }) },
    { name: 'Vuelta: pagado', path: `${pathTo('publicBookingExisting', { bookingId: held.id })}?payment=ok` },
    { name: 'Vuelta: no pagado', path: `${pathTo('publicBookingExisting', { bookingId: held.id })}?payment=ko` },
    {
      name: 'Accesibilidad',
      path: `${STATEMENT_PATH}?desde=${encodeURIComponent(pathTo('publicLanding', { productId: product.id }))}`,
    },
  ];

  const results: PageResult[] = [];
  for (const page of pages) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await runWithRetries(`${base}${page.path}`, base);
      runs.push(run);
      console.log(
        `  ${page.name.padEnd(17)} #${i + 1}  score ${String(run.score).padStart(3)}  LCP ${ms(run.lcp)}  TBT ${ms(run.tbt)}  CLS ${run.cls.toFixed(3)}`,
      );
    }
    results.push(aggregate(page, runs));
  }
  await stop();

  const when = new Date();
  const out = markdown(results, when);
  console.log(`\n${out}`);
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${out}\n`);
  if (process.argv.includes('--doc') || process.env.BENCH_DOC === '1') writeDoc(out, when);
}

async function stop() {
  try {
    chrome?.kill();
  } catch {
    // already gone
  }
  await cleanup();
}

process.on('SIGINT', () => {
  void stop().finally(() => process.exit(130));
});

main().catch(async (err) => {
  console.error(err);
  await stop();
  process.exit(1);
});
