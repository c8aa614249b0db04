import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../../test/build-app';
import { bearer, createWorld } from '../../test/factories';

/**
 * ADR 059: the tables a sale adds rows to, whose ids stay in the back-office, take time-ordered
 * ids (UUID version 7, PostgreSQL's `uuid_v7()` of migration 0027); a booking's own id stays random
 * (version 4), since it is the customer's link to the booking.
 */
const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The milliseconds since 1970 a v7 id starts with. */
const msOf = (id: string) => Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);

const TIME_ORDERED = ['audit_log', 'booking_events', 'channel_requests', 'jobs', 'messages'];

describe('time-ordered ids (ADR 059)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('uuid_v7(): version 7, RFC 9562 variant, the time of the call, in order across milliseconds, never the same', async () => {
    const before = Date.now();
    // One call per row, in the order of the series: enough of them to span several milliseconds
    // (the ids of one millisecond are in random order among themselves; across them, in time order).
    const res = await app.db.execute<{ id: string }>(
      sql`select uuid_v7()::text as id from generate_series(1, 20000) as n order by n`,
    );
    const after = Date.now();
    const ids = res.rows.map((r) => r.id);
    for (const id of ids) {
      expect(id).toMatch(V7);
      expect(msOf(id)).toBeGreaterThanOrEqual(before - 1000);
      expect(msOf(id)).toBeLessThanOrEqual(after + 1000);
    }
    expect(z.uuid().safeParse(ids[0]).success).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const ms = ids.map(msOf);
    expect(new Set(ms).size).toBeGreaterThan(1);
    for (let i = 1; i < ms.length; i++) expect(ms[i] as number).toBeGreaterThanOrEqual(ms[i - 1] as number);
    // Across milliseconds the ids sort as text in the order they were made (the index's order).
    const lastOfFirstMs = ids
      .filter((id) => msOf(id) === ms[0])
      .sort()
      .at(-1) as string;
    const firstOfLastMs = ids.filter((id) => msOf(id) === ms.at(-1)).sort()[0] as string;
    expect(firstOfLastMs > lastOfFirstMs).toBe(true);
  });

  it('the five tables default to uuid_v7(); bookings (the customer’s link) and the other tables stay random', async () => {
    const res = await app.db.execute<{ table_name: string; column_default: string }>(sql`
      select table_name, column_default from information_schema.columns
      where table_schema = 'public' and column_name = 'id' and column_default is not null
      order by table_name`);
    const byTable = Object.fromEntries(res.rows.map((r) => [r.table_name, r.column_default]));
    for (const table of TIME_ORDERED) expect(byTable[table], table).toBe('uuid_v7()');
    expect(byTable.bookings).toBe('gen_random_uuid()');
    const others = res.rows.filter((r) => !TIME_ORDERED.includes(r.table_name));
    expect(others.length).toBeGreaterThan(20);
    for (const r of others) expect(r.column_default, r.table_name).toBe('gen_random_uuid()');
  });

  it('rows written through the API: the audit entries of a new user are v7 in the order they were written', async () => {
    const { tokens } = await createWorld(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: bearer(tokens.A1),
      payload: {
        email: 'v7@example.com',
        full_name: 'Vera Siete',
        level: 2,
        password: 'Secreta123',
        re_password: 'Secreta123',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json() as { id: string };
    expect(user.id).toMatch(V4);
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      headers: bearer(tokens.A1),
      payload: { full_name: 'Vera Siete Editada' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const entries = await app.db.execute<{ id: string; action: string }>(sql`
      select id::text as id, action from audit_log where entity_id = ${user.id} order by created_at, id`);
    expect(entries.rows.map((r) => r.action)).toEqual(['create', 'update']);
    for (const r of entries.rows) expect(r.id).toMatch(V7);
    expect(msOf(entries.rows[1]?.id as string)).toBeGreaterThanOrEqual(msOf(entries.rows[0]?.id as string));
  });
});
