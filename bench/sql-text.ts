/**
 * What building a statement's SQL text costs the API (ADR 044): drizzle's own builder against the
 * one-pass builder of apps/api/src/db/sql-text.ts, on the statements the API sends most — a sale's
 * one write statement (the booking with its seats, history, audit entry, message and a hold's job,
 * built by the real `insertNewBooking`), the bookings list's page (~90 columns and its joins) and a
 * booking by id — built on a drizzle handle whose driver answers nothing, so only the building is timed.
 *
 *   node --import tsx bench/sql-text.ts            # SQL_TEXT_ROUNDS=<n> (default 20000)
 *
 * Prints, per statement, µs per build (text only, then the whole statement: builders + text) both
 * ways, alternated in three rounds so that a busy moment hits both. CPU time of one process: it
 * hardly depends on the rest of the machine, unlike the HTTP figures.
 */
import { randomUUID } from 'node:crypto';
import { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../apps/api/src/db/schema';
import { buildQuery, installSqlText, type QueryConfig, uninstallSqlText } from '../apps/api/src/db/sql-text';
import type { DbOrTx } from '../apps/api/src/db/types';
import { enqueueJobInStatement } from '../apps/api/src/lib/jobs/queue';
import { createdFields } from '../apps/api/src/modules/audit/audit.service';
import { insertNewBooking } from '../apps/api/src/modules/bookings/booking-writer';
import * as bookingsRepo from '../apps/api/src/modules/bookings/bookings.repository';
import { takeSeatsQuery } from '../apps/api/src/modules/departures/departures.repository';

const ROUNDS = Number(process.env.SQL_TEXT_ROUNDS ?? 20_000);

// A driver that answers every statement with no rows: the statements are built, never sent.
const client = { query: async () => ({ rows: [], fields: [], rowCount: 0, command: 'SELECT' }) };
const db = drizzle(client as never, { schema }) as unknown as DbOrTx;

const operator = randomUUID();
const user = { id: randomUUID(), email: 'ana@example.com', fullName: 'Ana', level: 2, tourOperatorId: operator };
const now = new Date('2026-11-27T10:00:00Z');

function saleStatement() {
  const id = randomUUID();
  const lines = [{ pax_type: 'adult', quantity: 2, unit_cents: 4500, total_cents: 9000, occupies_seat: true }];
  return insertNewBooking(
    db,
    {
      id,
      locator: 'TRY-ABC123',
      tourOperatorId: operator,
      productId: randomUUID(),
      departureId: randomUUID(),
      date: '2026-12-03',
      time: '09:30',
      lines,
      paxTotal: 2,
      seats: 2,
      subtotalCents: 9000,
      discountCents: 0,
      discountReason: '',
      totalCents: 9000,
      paidCents: 0,
      refundedCents: 0,
      currency: 'EUR',
      customerName: 'María López',
      customerEmail: 'maria@example.com',
      customerPhone: '+34600000000',
      customerCountry: 'ES',
      language: 'es',
      accommodationId: null,
      room: '',
      pickupTime: null,
      pickupTimeOverridden: false,
      notes: '',
      internalNotes: '',
      channel: 'public',
      sellerId: null,
      commissionPct: null,
      commissionCents: 0,
      taxRate: 21,
      createdBy: null,
      state: 'pending',
      paymentState: 'unpaid',
      passengers: [],
      answers: [],
      confirmedAt: null,
      holdExpiresAt: now,
      channelId: null,
      resellerReference: null,
      octoUuid: null,
      createdAt: now,
      updatedAt: now,
    },
    {
      actor: { kind: 'staff', user: user as never, requestId: 'req-1', ip: '127.0.0.1' },
      now,
      event: { product_id: 'p', date: '2026-12-03', time: '09:30', pax: { adult: 2 }, total_cents: 9000 },
      changes: createdFields({ date: '2026-12-03', time: '09:30', total_cents: 9000, customer_name: 'María López' }),
      takeSeats: takeSeatsQuery(db, randomUUID(), 2),
      also: [
        () =>
          enqueueJobInStatement(db, {
            kind: 'payments.hold-expiry',
            payload: { booking_id: id },
            runAt: now,
            dedupeKey: `hold:${id}`,
          }),
      ],
    },
  );
}

const listStatement = () =>
  bookingsRepo.findVisibleBooking(db, { ...user, role: 'admin', level: 1 } as never, randomUUID());

type Case = { name: string; run: () => Promise<unknown> };
const cases: Case[] = [
  { name: 'la venta: su sentencia de escritura', run: saleStatement },
  { name: 'una reserva por id (~90 columnas y sus joins)', run: listStatement },
];

/** The SQL trees a statement builds, captured from drizzle's toQuery while it runs once. */
async function treesOf(run: () => Promise<unknown>): Promise<{ tree: SQL; config: QueryConfig }[]> {
  const proto = SQL.prototype as unknown as { toQuery: (c: QueryConfig) => unknown };
  const toQuery = proto.toQuery;
  const trees: { tree: SQL; config: QueryConfig }[] = [];
  proto.toQuery = function (this: SQL, config: QueryConfig) {
    trees.push({ tree: this, config });
    return toQuery.call(this, config);
  };
  try {
    await run();
  } finally {
    proto.toQuery = toQuery;
  }
  return trees;
}

const usPer = (start: bigint, n: number) => Number(process.hrtime.bigint() - start) / 1000 / n;

async function main() {
  console.log(`SQL text: drizzle 0.45.4 vs sql-text.ts, ${ROUNDS} builds per figure, 3 alternated rounds\n`);
  for (const c of cases) {
    // Once first, so that a part built once per shape (ADR 051) is not captured as a statement.
    await c.run();
    const trees = await treesOf(c.run);
    const toQuery = (SQL.prototype as unknown as { toQuery: (c: QueryConfig) => { sql: string } }).toQuery;
    const chars = trees.reduce((n, t) => n + toQuery.call(t.tree, t.config).sql.length, 0);
    console.log(`${c.name} (${trees.length} sentencia(s), ${chars} caracteres)`);
    for (let round = 1; round <= 3; round++) {
      const textTheirs = process.hrtime.bigint();
      for (let i = 0; i < ROUNDS; i++) for (const t of trees) toQuery.call(t.tree, t.config);
      const theirs = usPer(textTheirs, ROUNDS);
      const textOurs = process.hrtime.bigint();
      for (let i = 0; i < ROUNDS; i++) for (const t of trees) buildQuery(t.tree, t.config);
      const ours = usPer(textOurs, ROUNDS);
      const wholeTheirs = process.hrtime.bigint();
      for (let i = 0; i < ROUNDS; i++) await c.run();
      const wTheirs = usPer(wholeTheirs, ROUNDS);
      installSqlText();
      const wholeOurs = process.hrtime.bigint();
      for (let i = 0; i < ROUNDS; i++) await c.run();
      const wOurs = usPer(wholeOurs, ROUNDS);
      uninstallSqlText();
      console.log(
        `  ronda ${round}: texto ${theirs.toFixed(1)} → ${ours.toFixed(1)} µs; sentencia entera ${wTheirs.toFixed(1)} → ${wOurs.toFixed(1)} µs`,
      );
    }
  }
}

await main();
