/**
 * Size benchmark of the public pages against the back-office (PRODUCT.md §7: "the public pages
 * ship a small JavaScript bundle of their own, separate from the back-office's").
 *
 *   node --import tsx bench/size.ts        (npm run bench:size)
 *
 * Builds the web app into a temporary folder (or uses WEB_DIST), starts the real server on a free
 * 127.0.0.1 port with a fresh temporary DATA_DIR (embedded database + demo data), finds a demo
 * product and a demo booking through the API, then loads in headless Chromium (Debian's
 * /usr/bin/chromium, a phone viewport, a new browser context and the HTTP cache disabled for
 * every load):
 *
 *   public      landing, booking form, existing booking, voucher
 *   back-office /login, /booking (logged in)
 *
 * For each page it records every JS and CSS response, gzips the bodies with zlib (level 6, what
 * servers use) and takes the largest-contentful-paint (PerformanceObserver
 * 'largest-contentful-paint'), median of BENCH_RUNS loads, per network profile. It also checks
 * that the public pages load nothing of the back-office (no Mantine, TanStack, React Router or zod's
 * full build in their scripts; the landing no zod at all, the forms zod/mini) and prints a table
 * plus the ratio public/back-office.
 *
 * Env: WEB_DIST (use this build), BENCH_RUNS (default 5), BENCH_PROFILES (comma list of `local`,
 * `slow4g`; default both), CHROMIUM_PATH (the Chromium scripts/chromium.sh starts; default /usr/bin/chromium), BENCH_OUT (write the
 * markdown table to this file too).
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { buildWeb, CHROMIUM_LAUNCHER, cleanup, demoData, kb, median, ms, startServer } from './lib/server';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const PROFILES = (process.env.BENCH_PROFILES ?? 'local,slow4g').split(',').map((s) => s.trim());
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
/**
 * Words that only the back-office's libraries contain. zod's full build names its error class
 * `ZodError`; zod/mini (the public forms' checks, ADR 006) has only the core's `$ZodError`.
 */
const BACK_OFFICE_MARKERS = [
  /mantine/i,
  /[`'"]ZodError[`'"]/,
  /@tanstack|QueryClient/,
  /createBrowserRouter|react-router/,
];
/** Any zod at all, zod/mini included: the landing loads none (issue 13). */
const ANY_ZOD = /ZodError/;

type Profile = { name: string; label: string; latency: number; down: number; up: number; cpu: number };
const PROFILE_DEFS: Record<string, Profile> = {
  local: { name: 'local', label: 'localhost, no throttling', latency: 0, down: -1, up: -1, cpu: 1 },
  // Lighthouse's "Slow 4G" mobile: 150 ms RTT, 1.6 Mbps down, 750 kbps up, CPU 4× slower.
  slow4g: { name: 'slow4g', label: 'Slow 4G + 4× CPU', latency: 150, down: 1_600_000 / 8, up: 750_000 / 8, cpu: 4 },
};

type PageDef = {
  group: 'public' | 'back-office';
  name: string;
  path: string;
  loggedIn?: boolean;
  /** Not even zod/mini (the landing). */
  noZod?: boolean;
  /** The language asked for (`?lang=`): the page must load that dictionary chunk and no other. */
  locale?: string;
};
type Asset = { url: string; type: 'js' | 'css'; raw: number; gzip: number; body: string };
type Load = { assets: Asset[]; lcp: number | null; lcpElement: string | null; apiCalls: string[] };
/** BENCH_GROUPS=back-office measures only the back-office pages (the first-screen work, issue 7). */
const GROUPS = (process.env.BENCH_GROUPS ?? 'public,back-office').split(',').map((s) => s.trim());

// ── Measuring a page ─────────────────────────────────────────────────────────────────────────────

const LCP_SCRIPT = `(() => {
  window.__lcp = null;
  window.__lcpEl = null;
  try {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      const last = entries[entries.length - 1];
      if (last) {
        window.__lcp = last.startTime;
        window.__lcpEl = last.element ? last.element.tagName.toLowerCase() : null;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {}
})();`;

async function loadOnce(
  browser: Browser,
  base: string,
  page: PageDef,
  profile: Profile,
  session: { token: string; userId: string; userName: string },
): Promise<Load> {
  const context: BrowserContext = await browser.newContext({
    ...PHONE,
    locale: 'es-ES',
    timezoneId: 'Atlantic/Canary',
  });
  try {
    await context.addInitScript(LCP_SCRIPT);
    if (page.loggedIn) {
      await context.addInitScript((s) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('userId', s.userId);
        localStorage.setItem('userName', s.userName);
        localStorage.setItem('roles', JSON.stringify([0]));
      }, session);
    }
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (profile.latency > 0 || profile.down > 0) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: profile.latency,
        downloadThroughput: profile.down,
        uploadThroughput: profile.up,
      });
    }
    if (profile.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });

    const pending: Promise<Asset | null>[] = [];
    const apiCalls: string[] = [];
    tab.on('request', (req) => {
      const url = req.url();
      if (url.startsWith(`${base}/api/`)) apiCalls.push(`${req.method()} ${url.slice(base.length).split('?')[0]}`);
    });
    tab.on('response', (res) => {
      const url = res.url();
      const type: Asset['type'] | null = /\.js(\?|$)/.test(url) ? 'js' : /\.css(\?|$)/.test(url) ? 'css' : null;
      if (!type || !url.startsWith(base)) return;
      pending.push(
        res
          .body()
          .then((body) => ({
            url: url.slice(base.length),
            type,
            raw: body.length,
            gzip: gzipSync(body, { level: 6 }).length,
            body: body.toString('utf8'),
          }))
          .catch(() => null),
      );
    });
    await tab.goto(`${base}${page.path}`, { waitUntil: 'networkidle', timeout: 120_000 });
    await tab.waitForTimeout(500);
    const { lcp, lcpElement } = await tab.evaluate(() => {
      const w = window as unknown as { __lcp: number | null; __lcpEl: string | null };
      return { lcp: w.__lcp, lcpElement: w.__lcpEl };
    });
    const assets = (await Promise.all(pending)).filter((a): a is Asset => a !== null);
    return { assets, lcp, lcpElement, apiCalls };
  } finally {
    await context.close();
  }
}

// ── Main ─────────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const watchdog = setTimeout(() => {
    console.error('bench:size: más de 15 minutos; se detiene.');
    void cleanup().finally(() => process.exit(2));
  }, 15 * 60_000);
  watchdog.unref();

  const dist = buildWeb('trayecto-size');
  const base = await startServer(dist, 'trayecto-size');
  const { product, booking, session } = await demoData(base);
  const pages: PageDef[] = [
    { group: 'public', name: 'Landing', path: `/public/landing/${product.id}`, noZod: true },
    // Issue 15: the landing in every language (its dictionary is its own chunk, only the active one loads).
    ...['en', 'de', 'fr', 'it', 'nl'].map((l) => ({
      group: 'public' as const,
      name: `Landing (${l})`,
      path: `/public/landing/${product.id}?lang=${l}`,
      noZod: true,
      locale: l,
    })),
    { group: 'public', name: 'Reserva nueva', path: `/public/booking/product/${product.id}` },
    { group: 'public', name: 'Reserva existente', path: `/public/booking/${booking.id}` },
    { group: 'public', name: 'Bono', path: `/public/landing/booking-voucher/${booking.id}` },
    { group: 'back-office', name: 'Login', path: '/login' },
    { group: 'back-office', name: 'Inicio (/)', path: '/', loggedIn: true },
    { group: 'back-office', name: 'Reservas (/booking)', path: '/booking', loggedIn: true },
  ].filter((p) => GROUPS.includes(p.group)) as PageDef[];

  const browser = await chromium.launch({
    executablePath: CHROMIUM_LAUNCHER,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const results: {
    page: PageDef;
    js: number;
    css: number;
    jsRaw: number;
    files: number;
    lcp: Record<string, number | null>;
    lcpElement: string;
    leaks: string[];
    chunks: string[];
    apiCalls: string[];
  }[] = [];
  try {
    for (const page of pages) {
      const lcp: Record<string, number | null> = {};
      let first: Load | null = null;
      for (const name of PROFILES) {
        const profile = PROFILE_DEFS[name];
        if (!profile) throw new Error(`Perfil desconocido: ${name} (local, slow4g)`);
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const load = await loadOnce(browser, base, page, profile, session);
          first ??= load;
          if (load.lcp !== null) times.push(load.lcp);
        }
        lcp[name] = median(times);
        process.stdout.write(`  ${page.name.padEnd(22)} ${profile.label.padEnd(26)} LCP ${ms(lcp[name])}\n`);
      }
      const assets = first?.assets ?? [];
      // Dictionaries: exactly one language chunk, the page's (Spanish when none is asked for).
      const localeChunks = assets.filter((a) => /\/locale-[a-z]{2}-/.test(a.url)).map((a) => a.url);
      const wanted = `/locale-${page.locale ?? 'es'}-`;
      const dictionaryLeaks =
        page.group === 'public' && (localeChunks.length !== 1 || !localeChunks[0].includes(wanted))
          ? [`diccionarios cargados: ${localeChunks.join(', ') || 'ninguno'} (se esperaba solo ${wanted}…)`]
          : [];
      const leaks =
        page.group === 'public'
          ? assets
              .filter(
                (a) =>
                  BACK_OFFICE_MARKERS.some((re) => re.test(a.body)) || (page.noZod === true && ANY_ZOD.test(a.body)),
              )
              .map((a) => a.url)
              .concat(dictionaryLeaks)
          : [];
      results.push({
        page,
        js: assets.filter((a) => a.type === 'js').reduce((n, a) => n + a.gzip, 0),
        jsRaw: assets.filter((a) => a.type === 'js').reduce((n, a) => n + a.raw, 0),
        css: assets.filter((a) => a.type === 'css').reduce((n, a) => n + a.gzip, 0),
        files: assets.length,
        lcp,
        lcpElement: first?.lcpElement ?? '—',
        leaks,
        chunks: assets.map((a) => `${a.url.replace(/^\/assets\//, '')} ${kb(a.gzip)}`),
        apiCalls: first?.apiCalls ?? [],
      });
    }
  } finally {
    await browser.close();
    await cleanup();
  }

  const header = `| página | grupo | JS gzip | CSS gzip | total gzip | JS sin comprimir | ficheros | elemento LCP | ${PROFILES.map(
    (p) => `LCP ${PROFILE_DEFS[p].label}`,
  ).join(' | ')} |`;
  const sep = `|${'---|'.repeat(8 + PROFILES.length)}`;
  const rows = results.map(
    (r) =>
      `| ${r.page.name} | ${r.page.group} | ${kb(r.js)} | ${kb(r.css)} | ${kb(r.js + r.css)} | ${kb(r.jsRaw)} | ${r.files} | ${r.lcpElement} | ${PROFILES.map((p) => ms(r.lcp[p])).join(' | ')} |`,
  );
  const pub = results.filter((r) => r.page.group === 'public');
  const back = results.filter((r) => r.page.group === 'back-office');
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const pubJs = avg(pub.map((r) => r.js));
  const backJs = avg(back.map((r) => r.js));
  const pubAll = avg(pub.map((r) => r.js + r.css));
  const backAll = avg(back.map((r) => r.js + r.css));
  const leaks = pub.flatMap((r) => r.leaks.map((u) => `${r.page.name}: ${u}`));
  const lines = [
    `Tamaño de las páginas públicas frente al back-office (${RUNS} cargas por página y perfil, caché desactivada, Chromium ${browser.version()}, viewport 390×844; LCP = mediana).`,
    '',
    header,
    sep,
    ...rows,
    '',
    pub.length === 0
      ? ''
      : `Media JS gzip: públicas ${kb(pubJs)}, back-office ${kb(backJs)} → públicas/back-office = ${(pubJs / backJs).toFixed(2)} (${(backJs / pubJs).toFixed(1)}× menos).`,
    pub.length === 0
      ? ''
      : `Media JS+CSS gzip: públicas ${kb(pubAll)}, back-office ${kb(backAll)} → ${(pubAll / backAll).toFixed(2)}.`,
    leaks.length
      ? `FRONTERA ROTA: las páginas públicas cargan código del back-office:\n${leaks.map((l) => `  - ${l}`).join('\n')}`
      : 'Frontera: ninguna página pública carga código del back-office (ni Mantine, ni TanStack, ni React Router, ni zod completo; la landing, ni zod/mini).',
  ];
  // What each page downloads and asks the API (the first screen loads only what it needs).
  for (const r of results) {
    lines.push('', `${r.page.name}: ${r.files} ficheros — ${r.chunks.join(', ')}`);
    lines.push(`  API: ${r.apiCalls.length ? r.apiCalls.join(', ') : 'ninguna'}`);
  }
  // Issue 15 §5: the landing stays within 100 kB gzip of JS in every language.
  const LANDING_BUDGET = 100 * 1024;
  const landings = results.filter((r) => r.page.name.startsWith('Landing'));
  const over = landings.filter((r) => r.js > LANDING_BUDGET);
  if (landings.length) {
    lines.push(
      '',
      over.length
        ? `PRESUPUESTO SUPERADO (landing ≤ ${kb(LANDING_BUDGET)} de JS gzip): ${over.map((r) => `${r.page.name} ${kb(r.js)}`).join(', ')}`
        : `Presupuesto: la landing carga ≤ ${kb(LANDING_BUDGET)} de JS gzip en cada idioma (máximo ${kb(Math.max(...landings.map((r) => r.js)))}).`,
    );
  }
  const out = lines.join('\n');
  console.log(`\n${out}`);
  if (over.length) process.exitCode = 1;
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${out}\n`);
  if (leaks.length) process.exitCode = 1;
}

process.on('SIGINT', () => {
  void cleanup().finally(() => process.exit(130));
});

main().catch(async (err) => {
  console.error(err);
  await cleanup();
  process.exit(1);
});
