/**
 * The reports two ways in one run (ADR 026): each report of the `reports` scenarios added up from
 * the bookings (`salesFromBookings`, `taxesFromBookings`, `cancellationsFromBookings`: what the
 * API ran before the totals, and still runs for a Vendedor) and from the booking totals (what it
 * runs now), through the application's own repository functions on a `pg` pool of 10 connections,
 * 10 loops at once for BENCH_SECONDS (default 10) each, after one warm-up call. Prints req/s, p50
 * and p99 of both and their ratio; checks both give the same rows.
 *
 *   npm run bench:generate && node --import tsx bench/report-totals.ts
 */
import os from 'node:os';
import { addDays } from '@trayecto/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../apps/api/src/db/schema';
import * as repo from '../apps/api/src/modules/reports/reports.repository';
import { BENCH_DB_URL, BENCH_OPERATOR_NAME } from './config';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

type Case = { id: string; label: string; bookings: () => Promise<unknown>; totals: () => Promise<unknown> };

async function measure(run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await run();
        times.push(performance.now() - t);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { rps: times.length / SECONDS, p50: at(0.5), p99: at(0.99) };
}

async function main() {
  const pool = new pg.Pool({
    connectionString: BENCH_DB_URL,
    max: CONNECTIONS,
    application_name: 'bench-report-totals',
  });
  const db = drizzle(pool, { schema });
  const { rows } = await pool.query<{ id: string; today: string }>(
    `select id, (now() at time zone timezone)::date::text as today from tour_operators where name = $1`,
    [BENCH_OPERATOR_NAME],
  );
  const op = rows[0];
  if (!op) throw new Error(`No está el operador «${BENCH_OPERATOR_NAME}»: npm run bench:generate`);
  const { rows: counts } = await pool.query<{ bookings: string; totals: string; deltas: string }>(
    `select (select count(*) from bookings) as bookings, (select count(*) from booking_totals) as totals,
            (select count(*) from booking_totals_delta) as deltas`,
  );
  const one: repo.ReportScope = { kind: 'operator', tourOperatorId: op.id };
  const all: repo.ReportScope = { kind: 'all' };
  const today = op.today;
  // The instants of a period: wide enough for any zone (the service computes them from the zones).
  const period = (from: string, to: string, basis: 'sale' | 'service'): repo.Period => ({
    from,
    to,
    basis,
    start: new Date(Date.parse(`${from}T00:00:00Z`) - 2 * 86_400_000),
    end: new Date(Date.parse(`${to}T00:00:00Z`) + 2 * 86_400_000),
  });
  const month = period(addDays(today, -37), addDays(today, -7), 'sale');
  const year = period(addDays(today, -365), today, 'service');
  const quarter = period(addDays(today, -97), addDays(today, -7), 'service');

  const cases: Case[] = [
    {
      id: 'rp1',
      label: 'ventas por día, un mes (fecha de venta)',
      bookings: () => repo.salesFromBookings(db, one, month, 'day'),
      totals: () => repo.salesFromTotals(db, one, month, 'day'),
    },
    {
      id: 'rp2',
      label: 'ventas por producto, un año (fecha de servicio)',
      bookings: () => repo.salesFromBookings(db, one, year, 'product'),
      totals: () => repo.salesFromTotals(db, one, year, 'product'),
    },
    {
      id: 'rp2s',
      label: 'ventas por vendedor, un año (fecha de servicio)',
      bookings: () => repo.salesFromBookings(db, one, year, 'seller'),
      totals: () => repo.salesFromTotals(db, one, year, 'seller'),
    },
    {
      id: 'rp5',
      label: 'cancelaciones, un año',
      bookings: () => repo.cancellationsFromBookings(db, one, year.from, year.to),
      totals: () => repo.cancellationsFromTotals(db, one, year.from, year.to),
    },
    {
      id: 'rp6',
      label: 'impuestos, un trimestre (administrador, todos)',
      bookings: () => repo.taxesFromBookings(db, all, quarter),
      totals: () => repo.taxes(db, all, quarter),
    },
  ];

  const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : undefined;
  const out: string[] = [];
  for (const c of cases.filter((x) => !only || only.has(x.id))) {
    const [a, b] = [await c.bookings(), await c.totals()];
    const same = JSON.stringify(a) === JSON.stringify(b);
    const fromBookings = await measure(c.bookings);
    const fromTotals = await measure(c.totals);
    const line = `| ${c.id} ${c.label} | ${fromBookings.rps.toFixed(1)} | ${fromBookings.p50.toFixed(0)} | ${fromBookings.p99.toFixed(0)} | ${fromTotals.rps.toFixed(1)} | ${fromTotals.p50.toFixed(0)} | ${fromTotals.p99.toFixed(0)} | ${(fromTotals.rps / fromBookings.rps).toFixed(1)} | ${same ? 'sí' : 'NO'} |`;
    console.log(line);
    out.push(line);
    if (!same) process.exitCode = 1;
  }
  console.log(
    `\n${new Date().toISOString()} — ${Number(counts[0]?.bookings).toLocaleString('es-ES')} reservas, ${Number(counts[0]?.totals).toLocaleString('es-ES')} filas de totales (+${counts[0]?.deltas} deltas), ${CONNECTIONS} conexiones, ${SECONDS} s/medida, ${os.cpus().length} CPU, carga ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  console.log(
    '| informe | reservas req/s | p50 ms | p99 ms | totales req/s | p50 ms | p99 ms | × req/s | mismas filas |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const l of out) console.log(l);
  await pool.end();
}

await main();
