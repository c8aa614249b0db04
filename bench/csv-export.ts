/**
 * "Exportar CSV" of the bookings (issue 13): how long GET /api/v1/bookings/export.csv takes to
 * stream every booking of operator 1 of the bench database, and how much memory the API process
 * needs meanwhile (peak resident set, VmHWM, before and after: Linux). The file is read as it
 * arrives and thrown away, like a browser saving it.
 *
 *   BENCH_BOOKINGS=100000 npm run bench:generate     # or the 1 M data set
 *   node --import tsx bench/csv-export.ts            # BENCH_EXPORT_QUERY='?state[eq]=confirmed' to filter
 *
 * Needs the bench database (bench/README.md). Not a test.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JWT_SECRET } from './capture';
import { BENCH_DB_URL, BENCH_PASSWORD, BENCH_USER_EMAIL, fmtMs } from './config';
import { freePort } from './lib/server';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const QUERY = process.env.BENCH_EXPORT_QUERY ?? '';

/** Resident set now and its peak so far, in MiB, of a process (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const mib = (n: number) => `${n.toFixed(0)} MiB`;

async function main() {
  const port = await freePort();
  const api = spawn(
    process.execPath,
    ['--import', './bench/exit-with-parent.mjs', '--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: REPO,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: 'production',
        DATABASE_URL: BENCH_DB_URL,
        JWT_SECRET,
        // Required with DATABASE_URL in production (ADR 022): a fixed bench key, 32 bytes as hex.
        APP_ENCRYPTION_KEY: 'b'.repeat(64),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(os.tmpdir(), 'trayecto-bench-data'),
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const API = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (api.exitCode !== null) throw new Error('la API terminó al arrancar');
      try {
        if ((await fetch(`${API}/api/v1/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 600) throw new Error('la API no arrancó en 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = await fetch(`${API}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_USER_EMAIL, password: BENCH_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const total = (
      await fetch(`${API}/api/v1/bookings?per_page=1${QUERY.replace(/^\?/, '&')}`, { headers })
    ).headers.get('x-total-count');
    const pid = api.pid ?? 0;
    const before = memoryOf(pid);
    let during = 0;
    const sampler = setInterval(() => {
      during = Math.max(during, memoryOf(pid).rss);
    }, 50);
    const t0 = performance.now();
    const res = await fetch(`${API}/api/v1/bookings/export.csv${QUERY}`, { headers });
    if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
    let firstByte = 0;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      if (!firstByte) firstByte = performance.now() - t0;
      bytes += chunk.byteLength;
      for (const b of chunk) if (b === 10) lines++;
    }
    const elapsed = performance.now() - t0;
    clearInterval(sampler);
    const after = memoryOf(pid);
    console.log(`GET /api/v1/bookings/export.csv${QUERY} (operator 1, ${total} bookings in the list)`);
    console.log(
      `  rows            ${(lines - 1).toLocaleString('es-ES')} (+ header), ${(bytes / 1048576).toFixed(1)} MiB`,
    );
    console.log(`  first byte      ${fmtMs(firstByte)}`);
    console.log(
      `  whole file      ${fmtMs(elapsed)} (${Math.round(((lines - 1) / elapsed) * 1000).toLocaleString('es-ES')} rows/s)`,
    );
    console.log(
      `  API RSS         ${mib(before.rss)} before, ${mib(during)} highest while streaming, ${mib(after.rss)} after`,
    );
    console.log(`  API peak RSS    ${mib(before.peak)} before the export, ${mib(after.peak)} after (VmHWM)`);
  } finally {
    api.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
