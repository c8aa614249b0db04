/**
 * What the browser benchmarks of the public pages share (size.ts, lighthouse.ts): build the web app
 * into a temporary folder (or use WEB_DIST), start the real server on a free 127.0.0.1 port with a
 * fresh temporary DATA_DIR (embedded database + demo data), find demo data through the API, and
 * remove it all at the end.
 *
 * One benchmark per process: the children and temporary folders are kept here until cleanup().
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) without its own address-bar popup, a
 * renderer that loaded beside every page measured and lowered Lighthouse's BenchmarkIndex while it
 * did (docs/benchmarks-public-pages.md).
 */
export const CHROMIUM_LAUNCHER = path.join(REPO, 'scripts/chromium.sh');
export const ADMIN = 'admin@trayecto.demo';
export const DEMO_PASSWORD = 'Demo2026!';

const children: ChildProcess[] = [];
const temps: string[] = [];

/** A temporary folder (`<prefix>-<label>-XXXX`) removed by cleanup(). */
export function tempDir(prefix: string, label: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-${label}-`));
  temps.push(dir);
  return dir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** WEB_DIST when set; otherwise `vite build` of apps/web into a temporary folder (never apps/web/dist). */
export function buildWeb(prefix: string): string {
  if (process.env.WEB_DIST) return path.resolve(process.env.WEB_DIST);
  const out = tempDir(prefix, 'dist');
  console.log(`Compilando la web en ${out} …`);
  execFileSync(
    process.execPath,
    [
      path.join(REPO, 'node_modules/vite/bin/vite.js'),
      'build',
      'apps/web',
      '-c',
      'apps/web/vite.config.ts',
      '--outDir',
      out,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: REPO, stdio: 'inherit' },
  );
  return out;
}

/**
 * The API server (apps/api/src/server.ts through tsx, NODE_ENV=production) serving `dist`, with
 * SEED_DEMO on a fresh DATA_DIR. Resolves to its base URL once /api/v1/ready answers.
 */
export async function startServer(dist: string, prefix: string): Promise<string> {
  const port = await freePort();
  const dataDir = tempDir(prefix, 'data');
  const proc = spawn(
    process.execPath,
    ['--import', './bench/exit-with-parent.mjs', '--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: REPO,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        WEB_DIST: dist,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  children.push(proc);
  // A fresh DATA_DIR is migrated and seeded first: ~30 s on a quiet machine, over 2 minutes when
  // other work shares its two cores.
  return untilReady(proc, `http://127.0.0.1:${port}`, 600_000);
}

/**
 * Resolves to `base` once the API process `proc` answers GET /api/v1/ready; throws with the last
 * lines it printed if it exits or `timeoutMs` passes first.
 */
export async function untilReady(proc: ChildProcess, base: string, timeoutMs: number): Promise<string> {
  const tail: string[] = [];
  const keep = (b: Buffer) => {
    tail.push(...b.toString('utf8').split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 30));
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/api/v1/ready`)).ok) return base;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`El servidor no arrancó:\n${tail.join('\n')}`);
}

/** Stops the servers and removes the temporary folders (WEB_DIST is never removed). */
export async function cleanup() {
  for (const proc of children) {
    if (proc.exitCode === null) proc.kill('SIGTERM');
  }
  await new Promise((r) => setTimeout(r, 300));
  for (const dir of temps.splice(0)) {
    if (dir !== process.env.WEB_DIST) rmSync(dir, { recursive: true, force: true });
  }
}

// ── Demo data ────────────────────────────────────────────────────────────────────────────────────

export async function api<T>(base: string, pathname: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}${pathname}`, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export type DemoProduct = { id: string; code: string; name: string; state: string };
export type DemoBooking = { id: string; locator: string };
export type DemoSession = { token: string; userId: string; userName: string };

/**
 * Logs in as the demo administrator and picks a product (the active one with code `productCode`
 * when given, else an active "Teide" tour, else the first) and a booking from today on in one of
 * `bookingStates` (comma list; default confirmed,pending).
 */
export async function demoData(
  base: string,
  opts: { productCode?: string; bookingStates?: string } = {},
): Promise<{ product: DemoProduct; booking: DemoBooking; session: DemoSession }> {
  const login = await api<{ token: string; user: { id: string; name: string } }>(base, '/api/v1/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ADMIN, password: DEMO_PASSWORD }),
  });
  const auth = { Authorization: `Bearer ${login.token}` };
  const products = await api<DemoProduct[]>(base, '/api/v1/products?per_page=100', { headers: auth });
  const product =
    (opts.productCode ? products.find((p) => p.state === 'active' && p.code === opts.productCode) : undefined) ??
    products.find((p) => p.state === 'active' && p.name.includes('Teide')) ??
    products[0];
  const today = new Date().toISOString().slice(0, 10);
  const bookings = await api<DemoBooking[]>(
    base,
    `/api/v1/bookings?date[gte]=${today}&state[in]=${opts.bookingStates ?? 'confirmed,pending'}&per_page=1`,
    { headers: auth },
  );
  if (!product || !bookings[0]) throw new Error('Faltan datos de demostración (producto o reserva)');
  return {
    product,
    booking: bookings[0],
    session: { token: login.token, userId: login.user.id, userName: login.user.name },
  };
}

/**
 * A web booking waiting for its online payment (issue 32): the demo's product paid in full online
 * (LOR-01, Teide Aventura with Redsys test keys), 2 adults on its first departure with seats, booked
 * through the public API as a customer would. Its page shows the pay step.
 */
export async function heldDemoBooking(base: string, productCode = 'LOR-01'): Promise<DemoBooking> {
  const login = await api<{ token: string }>(base, '/api/v1/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ADMIN, password: DEMO_PASSWORD }),
  });
  const products = await api<DemoProduct[]>(base, '/api/v1/products?per_page=100', {
    headers: { Authorization: `Bearer ${login.token}` },
  });
  const product = products.find((p) => p.state === 'active' && p.code === productCode);
  if (!product) throw new Error(`Falta el producto ${productCode} en los datos de demostración`);
  const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
  const slots = await api<{ date: string; time: string; available: boolean; seats_left: number }[]>(
    base,
    `/api/v1/public/products/${product.id}/availability?from=${day(2)}&to=${day(40)}`,
  );
  const slot = slots.find((s) => s.available && s.seats_left >= 2);
  if (!slot) throw new Error(`Sin salidas con plazas para ${productCode}`);
  return api<DemoBooking>(base, '/api/v1/public/bookings', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({
      product_id: product.id,
      date: slot.date,
      time: slot.time,
      pax: { adult: 2 },
      customer_name: 'Lena Schmidt',
      customer_email: 'lena.schmidt@example.de',
      customer_phone: '+49 170 1234567',
      customer_country: 'DE',
      language: 'es',
      accommodation_id: null,
      accept_terms: true,
    }),
  });
}

// ── Figures ──────────────────────────────────────────────────────────────────────────────────────

export const median = (xs: number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
export const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
export const ms = (n: number | null) => (n === null ? '—' : `${Math.round(n)} ms`);
