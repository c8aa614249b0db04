import type { TSheetPassenger, TSheetResponse } from '@trayecto/shared';
import { displayDate } from '@trayecto/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { auditLog, bookings, checkIns } from '../../db/schema';
import { api, booked, bookingBody, day, mkProduct, type World } from '../bookings/bookings.test-helpers';
import { moveDeparture, putSheet } from './schedule-sheets.test-helpers';

let app: FastifyInstance;
let w: World;
let get: ReturnType<typeof api>['get'];
let send: ReturnType<typeof api>['send'];
let rows: Record<string, { id: string; locator: string; departure_id: string }>;
let sheet: TSheetResponse;
let evening: TSheetResponse;

beforeAll(async () => {
  app = await buildTestApp();
  ({ get, send } = api(app));
  w = await createWorld(app);
  const tour = await mkProduct(app, w.tokens.A1, { duration_minutes: 120 });
  const mk = (over: Record<string, unknown>) => booked(app, w.tokens.A1, bookingBody(tour.id, over));
  rows = {
    lucia: await mk({ customer_name: 'Lucía Pérez', pax: { adult: 2 } }),
    hans: await mk({ customer_name: 'Hans Müller', pax: { adult: 1 }, state: 'pending' }),
    zoe: await mk({ customer_name: 'Zoe Smith', pax: { adult: 1 } }),
    pepe: await mk({ customer_name: 'Pepe Cancelado', pax: { adult: 1 } }),
    marta: await mk({ customer_name: 'Marta Ruiz', time: '18:00', pax: { adult: 1 } }),
  };
  await send('POST', `/api/v1/bookings/${rows.pepe.id}/cancel`, w.tokens.A1, { reason: 'Enfermedad del cliente' });
  const theirs = await mkProduct(app, w.tokens.B1);
  rows.theirs = await booked(app, w.tokens.B1, bookingBody(theirs.id));
  const gen = await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A1, { date: day(1) });
  const [morning, late] = gen.json().sheets;
  for (const id of [morning.id, late.id]) {
    const res = await putSheet(app, w.tokens.A1, id, { driver_id: w.A.l4.id, guide_id: w.A.l5.id, force: true });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  sheet = (await get(`/api/v1/schedule-sheets/${morning.id}`, w.tokens.A1)).json();
  evening = (await get(`/api/v1/schedule-sheets/${late.id}`, w.tokens.A1)).json();
});
afterAll(async () => {
  await app?.close();
});

const checkIn = (body: Record<string, unknown>, token = w.tokens.A5, id = sheet.id) =>
  send('POST', `/api/v1/schedule-sheets/${id}/check-in`, token, body);
const logOf = async (bookingId: string) =>
  app.db
    .select({ action: checkIns.action, method: checkIns.method, actorId: checkIns.actorId })
    .from(checkIns)
    .where(eq(checkIns.bookingId, bookingId))
    .orderBy(asc(checkIns.createdAt), asc(checkIns.id));
const bookingRow = async (id: string) => (await app.db.select().from(bookings).where(eq(bookings.id, id)))[0];

const sheetRow = async (id: string) =>
  (await get(`/api/v1/schedule-sheets/${id}`, w.tokens.A1)).json() as TSheetResponse;
const fullLogOf = async (bookingId: string) =>
  app.db
    .select({ action: checkIns.action, actorId: checkIns.actorId, overrideReason: checkIns.overrideReason })
    .from(checkIns)
    .where(eq(checkIns.bookingId, bookingId))
    .orderBy(asc(checkIns.createdAt), asc(checkIns.id));

describe('check-in only on the departure day (in the operator time zone)', () => {
  let early: TSheetResponse;
  let ines: { id: string; locator: string; departure_id: string };
  let omar: { id: string; locator: string; departure_id: string };

  beforeAll(async () => {
    // A sheet three days ahead, confirmed and assigned to the crew.
    const product = await mkProduct(app, w.tokens.A1, { duration_minutes: 120 });
    const mk = (name: string) =>
      booked(app, w.tokens.A1, bookingBody(product.id, { date: day(3), customer_name: name, pax: { adult: 1 } }));
    ines = await mk('Inés Early');
    omar = await mk('Omar Early');
    const gen = await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A1, {
      date: day(3),
      product_ids: [product.id],
    });
    const id = gen.json().sheets[0].id as string;
    const res = await putSheet(app, w.tokens.A1, id, {
      driver_id: w.A.l4.id,
      guide_id: w.A.l5.id,
      state: 'ready',
      force: true,
    });
    expect(res.statusCode).toBe(200);
    early = res.json();
    expect(early.check_in_window).toBe('before');
  });

  it('the Chofer and the Guía are refused before the day (409), by tap, scan or locator, and nothing is written', async () => {
    const message = `El embarque de esta hoja se abre el ${displayDate(day(3))}, el día de la salida`;
    for (const [token, body] of [
      [w.tokens.A5, { booking_id: ines.id }],
      [w.tokens.A4, { code: `https://reservas.example.com/public/landing/booking-voucher/${ines.id}` }],
      [w.tokens.A4, { code: ines.locator }],
      [w.tokens.A5, { booking_id: ines.id, present: false }],
    ] as const) {
      const res = await checkIn(body, token, early.id);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().message).toBe(message);
      expect(res.json().code).toBe('CHECK_IN_OUTSIDE_DAY');
    }
    expect(await logOf(ines.id)).toEqual([]);
    expect((await bookingRow(ines.id)).checkedInAt).toBeNull();
    const after = await sheetRow(early.id);
    expect(after.state).toBe('ready');
    expect(after.started_at).toBeNull();
  });

  it('the crew may not override, even with a reason (403)', async () => {
    const res = await checkIn(
      { booking_id: ines.id, override_reason: 'Me lo pidió la oficina' },
      w.tokens.A4,
      early.id,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Solo la oficina puede embarcar fuera del día de la salida');
    expect(await logOf(ines.id)).toEqual([]);
  });

  it('the office must say why: no reason or a blank one answers 422 on override_reason', async () => {
    const message = `La salida es el ${displayDate(day(3))}: para embarcar antes de ese día, indica el motivo`;
    for (const body of [{ booking_id: ines.id }, { booking_id: ines.id, override_reason: '   ' }]) {
      const res = await checkIn(body, w.tokens.A3, early.id);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toBe(message);
      expect(res.json().code).toBe('OVERRIDE_REASON_REQUIRED');
      expect(res.json().errors.override_reason).toEqual([message]);
    }
    expect(await logOf(ines.id)).toEqual([]);
  });

  it('Operador, Admin Tour Operador and Administrador override with a reason, kept in the check-in log and the audit; the sheet does not start', async () => {
    const res = await checkIn(
      { booking_id: ines.id, override_reason: ' Excursión de varios días: embarca en la víspera ' },
      w.tokens.A3,
      early.id,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().checked_in_by.id).toBe(w.A.l3.id);
    expect(await fullLogOf(ines.id)).toEqual([
      { action: 'present', actorId: w.A.l3.id, overrideReason: 'Excursión de varios días: embarca en la víspera' },
    ]);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ines.id), eq(auditLog.action, 'check_in')));
    expect(entry.changes).toEqual({
      checked_in: [false, true],
      override_reason: [null, 'Excursión de varios días: embarca en la víspera'],
    });
    for (const token of [w.tokens.A1, w.tokens.admin]) {
      const ok = await checkIn({ booking_id: omar.id, override_reason: 'Prueba' }, token, early.id);
      expect(ok.statusCode).toBe(200);
    }
    // Still «Confirmada» for the crew: it starts on its day.
    const after = await sheetRow(early.id);
    expect(after.state).toBe('ready');
    expect(after.started_at).toBeNull();
    expect(after.checked_in_pax).toBe(2);
  });

  it('«Iniciar» waits for the day too, for everyone (422 on state)', async () => {
    const message = `La hoja se puede iniciar a partir del ${displayDate(day(3))}, el día de la salida`;
    for (const token of [w.tokens.A4, w.tokens.A5, w.tokens.A3, w.tokens.A1]) {
      const res = await putSheet(app, token, early.id, { state: 'in_progress' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.state).toEqual([message]);
    }
    expect((await sheetRow(early.id)).state).toBe('ready');
  });

  it('on its day everyone checks in without a reason; a reason sent then is not stored', async () => {
    await moveDeparture(app, ines.departure_id, day(0), '23:00');
    expect((await sheetRow(early.id)).check_in_window).toBe('open');
    const res = await checkIn({ booking_id: ines.id, present: false }, w.tokens.A5, early.id);
    expect(res.statusCode).toBe(200);
    expect((await sheetRow(early.id)).state).toBe('in_progress');
    const office = await checkIn({ booking_id: ines.id, override_reason: 'Sin motivo' }, w.tokens.A3, early.id);
    expect(office.statusCode).toBe(200);
    expect((await fullLogOf(ines.id)).map((l) => l.overrideReason)).toEqual([
      'Excursión de varios días: embarca en la víspera',
      null,
      null,
    ]);
  });

  it('after the day: closed for the crew; the office records a late check-in with a reason', async () => {
    // Two days ago: the tour (23:00–01:00) is long over.
    await moveDeparture(app, ines.departure_id, day(-2));
    expect((await sheetRow(early.id)).check_in_window).toBe('after');
    const crew = await checkIn({ booking_id: omar.id, present: false }, w.tokens.A4, early.id);
    expect(crew.statusCode).toBe(409);
    expect(crew.json().message).toBe(
      `La salida fue el ${displayDate(day(-2))} y el embarque ya está cerrado: si falta alguien, pide a la oficina que lo registre`,
    );
    const bare = await checkIn({ booking_id: omar.id, present: false }, w.tokens.A1, early.id);
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors.override_reason).toEqual([
      `La salida fue el ${displayDate(day(-2))}: para registrar un embarque atrasado, indica el motivo`,
    ]);
    const late = await checkIn(
      { booking_id: omar.id, present: false, override_reason: 'No vino: lo confirmó el chofer por teléfono' },
      w.tokens.A1,
      early.id,
    );
    expect(late.statusCode).toBe(200);
    expect((await fullLogOf(omar.id)).at(-1)).toEqual({
      action: 'absent',
      actorId: w.A.l1.id,
      overrideReason: 'No vino: lo confirmó el chofer por teléfono',
    });
  });
});

describe('POST /schedule-sheets/{id}/check-in', () => {
  it('a draft sheet is not boarding yet', async () => {
    // The sheets of this file are for tomorrow: their day comes today.
    await moveDeparture(app, rows.lucia.departure_id, day(0));
    await moveDeparture(app, rows.marta.departure_id, day(0));
    const res = await checkIn({ booking_id: rows.lucia.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('La hoja está en «Borrador»: confírmala antes de empezar el embarque');
    expect((await putSheet(app, w.tokens.A1, sheet.id, { state: 'ready' })).statusCode).toBe(200);
  });

  it('by booking id: present, with who and when; the first check-in starts a ready sheet', async () => {
    const res = await checkIn({ booking_id: rows.lucia.id });
    expect(res.statusCode).toBe(200);
    const p = res.json() as TSheetPassenger;
    expect(p).toMatchObject({
      booking_id: rows.lucia.id,
      customer_name: 'Lucía Pérez',
      checked_in_by: { id: w.A.l5.id, full_name: 'Gema Guía A' },
    });
    expect(p.checked_in_at).not.toBeNull();
    const after = (await get(`/api/v1/schedule-sheets/${sheet.id}`, w.tokens.A1)).json() as TSheetResponse;
    expect(after.state).toBe('in_progress');
    expect(after.started_at).not.toBeNull();
    expect(after.checked_in_pax).toBe(2);
    expect(after.passengers.find((x) => x.booking_id === rows.lucia.id)?.checked_in_at).toBe(p.checked_in_at);

    // Again: the same answer (the first time stays), one more line in the log.
    const again = await checkIn({ booking_id: rows.lucia.id }, w.tokens.A4);
    expect(again.statusCode).toBe(200);
    expect(again.json().checked_in_at).toBe(p.checked_in_at);
    expect(again.json().checked_in_by.id).toBe(w.A.l5.id);
    expect(await logOf(rows.lucia.id)).toEqual([
      { action: 'present', method: 'tap', actorId: w.A.l5.id },
      { action: 'present', method: 'tap', actorId: w.A.l4.id },
    ]);
  });

  it('by locator typed in any case', async () => {
    const res = await checkIn({ code: `  ${rows.zoe.locator.toLowerCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking_id).toBe(rows.zoe.id);
    expect((await logOf(rows.zoe.id)).map((l) => l.method)).toEqual(['locator']);
  });

  it('by the voucher QR (its absolute URL) and by a bare booking id', async () => {
    const url = `https://reservas.example.com/public/landing/booking-voucher/${rows.hans.id}`;
    const res = await checkIn({ code: url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ booking_id: rows.hans.id, state: 'pending' });
    expect(res.json().checked_in_at).not.toBeNull();
    const byId = await checkIn({ code: rows.hans.id.toUpperCase(), method: 'tap' });
    expect(byId.statusCode).toBe(200);
    expect((await logOf(rows.hans.id)).map((l) => l.method)).toEqual(['scan', 'tap']);
  });

  it('undo clears the check-in and is logged', async () => {
    const res = await checkIn({ booking_id: rows.zoe.id, present: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ checked_in_at: null, checked_in_by: null });
    expect((await bookingRow(rows.zoe.id)).checkedInAt).toBeNull();
    expect((await logOf(rows.zoe.id)).map((l) => l.action)).toEqual(['present', 'absent']);
  });

  it('a booking of another departure or operator is not on this sheet (404); a cancelled one is a 409', async () => {
    for (const body of [
      { booking_id: rows.marta.id },
      { code: rows.marta.locator },
      { code: `http://localhost:3000/public/landing/booking-voucher/${rows.theirs.id}` },
      { code: 'TRY-ZZZZZZ' },
    ]) {
      const res = await checkIn(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json().message).toBe('La reserva no está en esta hoja');
    }
    const cancelled = await checkIn({ code: rows.pepe.locator });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('La reserva está cancelada');
    expect(await logOf(rows.pepe.id)).toEqual([]);
    expect((await bookingRow(rows.theirs.id)).checkedInAt).toBeNull();
  });

  it('an unreadable code or no code at all answers 422', async () => {
    const res = await checkIn({ code: "hola' or 1=1 --" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual([
      'Código no reconocido: escribe el localizador (TRY-XXXXXX) o escanea el código QR del bono',
    ]);
    const empty = await checkIn({ present: true });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.code).toEqual(['Campo requerido']);
    expect((await checkIn({ booking_id: rows.lucia.id, method: 'magic' })).statusCode).toBe(422);
  });
});

describe('POST /schedule-sheets/{id}/finish', () => {
  it('not before the departure has started', async () => {
    const product = await mkProduct(app, w.tokens.A1);
    await booked(app, w.tokens.A1, bookingBody(product.id, { date: day(1) }));
    const gen = await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A1, {
      date: day(1),
      product_ids: [product.id],
    });
    const id = gen.json().sheets[0].id as string;
    expect(
      (await putSheet(app, w.tokens.A1, id, { guide_id: w.A.l5.id, state: 'ready', force: true })).statusCode,
    ).toBe(200);
    const res = await send('POST', `/api/v1/schedule-sheets/${id}/finish`, w.tokens.A5);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      `La salida aún no ha empezado: la hoja se puede finalizar a partir de las 09:00 del ${displayDate(day(1))}`,
    );
  });

  it('checked-in bookings become «Realizada», confirmed ones not checked in «No presentado», in one go', async () => {
    await moveDeparture(app, rows.lucia.departure_id, day(-1));
    const res = await send('POST', `/api/v1/schedule-sheets/${sheet.id}/finish`, w.tokens.A4);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ completed: 2, no_show: 1 });
    const states = Object.fromEntries(
      await Promise.all(
        ['lucia', 'hans', 'zoe', 'pepe'].map(async (k) => [k, (await bookingRow(rows[k].id)).state] as const),
      ),
    );
    expect(states).toEqual({ lucia: 'completed', hans: 'completed', zoe: 'no_show', pepe: 'cancelled' });
    expect(await logOf(rows.zoe.id)).toEqual([
      { action: 'present', method: 'locator', actorId: w.A.l5.id },
      { action: 'absent', method: 'tap', actorId: w.A.l5.id },
      { action: 'no_show', method: 'finish', actorId: w.A.l4.id },
    ]);
    const after = (await get(`/api/v1/schedule-sheets/${sheet.id}`, w.tokens.A1)).json() as TSheetResponse;
    expect(after.state).toBe('done');
    expect(after.finished_at).not.toBeNull();
  });

  it('the booking history shows it', async () => {
    const summaries = async (id: string) =>
      ((await get(`/api/v1/bookings/${id}/events`, w.tokens.A1)).json() as { summary: string }[]).map((e) => e.summary);
    expect((await summaries(rows.zoe.id)).at(-1)).toBe('Estado: Confirmada → No presentado');
    expect((await summaries(rows.hans.id)).slice(-2)).toEqual([
      'Estado: Pendiente → Confirmada',
      'Estado: Confirmada → Realizada',
    ]);
    expect((await summaries(rows.lucia.id)).at(-1)).toBe('Estado: Confirmada → Realizada');
  });

  it('a finished sheet is closed: no second finish, no check-in, no edits', async () => {
    const again = await send('POST', `/api/v1/schedule-sheets/${sheet.id}/finish`, w.tokens.A1);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('La hoja ya está finalizada');
    expect((await checkIn({ booking_id: rows.lucia.id })).statusCode).toBe(409);
    const edit = await putSheet(app, w.tokens.A1, sheet.id, { notes: 'x' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('La hoja está finalizada y ya no se puede modificar');
  });

  it('the crew can also start and finish through PUT state (ready → in_progress → done)', async () => {
    const id = evening.id;
    expect((await putSheet(app, w.tokens.A1, id, { state: 'ready' })).statusCode).toBe(200);
    const started = await putSheet(app, w.tokens.A4, id, { state: 'in_progress' });
    expect(started.statusCode).toBe(200);
    expect(started.json().started_at).not.toBeNull();
    expect((await checkIn({ booking_id: rows.marta.id }, w.tokens.A4, id)).statusCode).toBe(200);
    await moveDeparture(app, rows.marta.departure_id, day(-2));
    const done = await putSheet(app, w.tokens.A5, id, { state: 'done' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ state: 'done' });
    expect((await bookingRow(rows.marta.id)).state).toBe('completed');
  });

  it('a draft sheet cannot be finished', async () => {
    const product = await mkProduct(app, w.tokens.A1);
    const b = await booked(app, w.tokens.A1, bookingBody(product.id, { date: day(4) }));
    const gen = await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A1, {
      date: day(4),
      product_ids: [product.id],
    });
    const res = await send('POST', `/api/v1/schedule-sheets/${gen.json().sheets[0].id}/finish`, w.tokens.A1);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Una hoja en «Borrador» no se puede finalizar: confírmala primero');
    expect((await bookingRow(b.id)).state).toBe('confirmed');
  });
});
