/**
 * GET /api/v1/jobs (issue 31 item 3): the Administrador reads every background task's state and
 * the newest jobs; nobody else does. The answers are checked against the OpenAPI document.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { enqueueJob } from '../../lib/jobs/queue';
import { api, type World } from '../bookings/bookings.test-helpers';

let app: FastifyInstance;
let w: World;

beforeAll(async () => {
  app = await buildTestApp();
  w = await createWorld(app);
}, 60_000);
afterAll(async () => {
  await app?.close();
});

describe('GET /jobs', () => {
  it('every periodic task with its Spanish name, runs and state; the newest jobs; counts', async () => {
    await app.background.runner.register();
    await app.background.runner.runTask('messages.deliver');
    const queued = await enqueueJob(app.db, {
      kind: 'bookings.hold_expiry',
      payload: { booking_id: 'x' },
      runAt: new Date(Date.now() + 3_600_000),
      dedupeKey: 'hold:x',
    });
    const res = await api(app).get('/api/v1/jobs', w.tokens.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tasks.map((t: { name: string }) => t.name)).toEqual([
      'messages.deliver',
      'messages.reminders',
      'idempotency.purge',
      'rate-limit.purge',
      'jobs.purge',
      'payments.hold-sweep',
      'channels.purge-requests',
      'invoices.send-pending',
      'reports.compact-totals',
      'commissions.compact-due',
    ]);
    const deliver = body.tasks.find((t: { name: string }) => t.name === 'messages.deliver');
    expect(deliver).toMatchObject({
      label: 'Envío de mensajes (correo y webhooks)',
      state: 'ok',
      run_count: 1,
      failure_count: 0,
      last_error: null,
      every_seconds: 3,
      running_on: null,
    });
    expect(Date.parse(deliver.next_run_at)).toBeGreaterThan(Date.parse(deliver.last_started_at));
    expect(body.tasks.find((t: { name: string }) => t.name === 'jobs.purge')).toMatchObject({
      label: 'Limpieza de trabajos terminados',
      state: 'pending',
      run_count: 0,
    });
    expect(body.jobs).toMatchObject([
      { id: queued, kind: 'bookings.hold_expiry', state: 'queued', attempts: 0, max_attempts: 5, dedupe_key: 'hold:x' },
    ]);
    expect(body.counts).toEqual({ queued: 1, running: 0, done: 0, failed: 0, cancelled: 0 });
    expect((await api(app).get('/api/v1/jobs?state=failed', w.tokens.admin)).json().jobs).toEqual([]);
    expect((await api(app).get('/api/v1/jobs?state=perdido', w.tokens.admin)).statusCode).toBe(400);
  });

  it('is the Administrador’s only', async () => {
    for (const t of [w.tokens.A1, w.tokens.A2, w.tokens.A3, w.tokens.A4, w.tokens.A5, w.tokens.B1]) {
      expect((await api(app).get('/api/v1/jobs', t)).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/jobs' })).statusCode).toBe(401);
  });
});
