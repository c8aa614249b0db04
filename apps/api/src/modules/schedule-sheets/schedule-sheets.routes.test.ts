import type { TSheetConflict, TSheetResponse, TSheetSummary } from '@trayecto/shared';
import { displayDate } from '@trayecto/shared';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-app';
import { createWorld } from '../../../test/factories';
import { scheduleSheets } from '../../db/schema';
import {
  api,
  booked,
  bookingBody,
  day,
  mkAccommodation,
  mkProduct,
  type World,
} from '../bookings/bookings.test-helpers';
import { sheetTransitionMessage } from './schedule-sheets.rules';
import { mkPerson, mkSheet, mkVehicle, putSheet } from './schedule-sheets.test-helpers';

let app: FastifyInstance;
let w: World;
let get: ReturnType<typeof api>['get'];
let send: ReturnType<typeof api>['send'];
let tour: { id: string };
let short: { id: string };
let rows: Record<string, { id: string; locator: string }>;
let generated: { id: string; product_name: string; time: string }[];
let noonId: string;

const TOUR_NAME = 'Masca y Los Gigantes';
const SHORT_NAME = 'Paseo por La Laguna';

beforeAll(async () => {
  app = await buildTestApp();
  ({ get, send } = api(app));
  w = await createWorld(app);
  const bahia = await mkAccommodation(app, 'Hotel Bahía del Duque', w.A.op.id, 'Costa Adeje', {
    address: 'Avenida de Bruselas s/n',
    pickupPoint: 'Puerta principal',
  });
  const sol = await mkAccommodation(app, 'Apartamentos Sol', w.A.op.id, 'Los Cristianos');
  // "Hotel X, recoger en Bahía": its customers are collected at the Bahía.
  const redirected = await mkAccommodation(app, 'Hotel Jardín Tropical', w.A.op.id, 'Costa Adeje', {
    pickupAtId: bahia,
  });
  tour = await mkProduct(app, w.tokens.A1, {
    name: TOUR_NAME,
    duration_minutes: 240,
    capacity: 30,
    meeting_point: 'Oficina, Avenida de Bruselas 12, Costa Adeje',
    pickups: [
      { accommodation_id: bahia, minutes_before: 40 },
      { accommodation_id: sol, minutes_before: 70 },
    ],
  });
  short = await mkProduct(app, w.tokens.A1, {
    name: SHORT_NAME,
    duration_minutes: 60,
    availability_rules: [
      { weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['12:00', '13:00'], valid_from: day(-30), valid_to: null },
    ],
  });
  const mk = (over: Record<string, unknown>) => booked(app, w.tokens.A1, bookingBody(tour.id, over));
  rows = {
    lucia: await mk({
      customer_name: 'Lucía Pérez',
      pax: { adult: 2 },
      accommodation_id: bahia,
      room: '214',
      notes: 'Celebran un cumpleaños',
    }),
    hans: await mk({
      customer_name: 'Hans Müller',
      customer_phone: '+49 151 1234567',
      pax: { adult: 1, infant: 1 },
      accommodation_id: redirected,
    }),
    ana: await mk({ customer_name: 'Ana Gómez', pax: { adult: 1 }, accommodation_id: sol }),
    zoe: await mk({ customer_name: 'Zoe Smith', pax: { adult: 3 } }),
    pepe: await mk({ customer_name: 'Pepe Cancelado', pax: { adult: 1 }, accommodation_id: sol }),
    marta: await mk({ customer_name: 'Marta Ruiz', time: '18:00', pax: { adult: 1 } }),
  };
  await send('POST', `/api/v1/bookings/${rows.pepe.id}/cancel`, w.tokens.A1, { reason: 'Vuelo cancelado' });
});
afterAll(async () => {
  await app?.close();
});

const sheetAt = (time: string) => generated.find((s) => s.time === time)?.id as string;
const read = async (id: string, token = w.tokens.A1) => {
  const res = await get(`/api/v1/schedule-sheets/${id}`, token);
  expect(res.statusCode).toBe(200);
  return res.json() as TSheetResponse;
};

describe('POST /schedule-sheets/generate', () => {
  it('one sheet per departure of the day with bookings; a second run creates none', async () => {
    const first = await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A3, { date: day(1) });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.created).toBe(2);
    expect(body.existing).toBe(0);
    expect(body.sheets.map((s: { product_name: string; time: string }) => [s.product_name, s.time])).toEqual([
      [TOUR_NAME, '09:00'],
      [TOUR_NAME, '18:00'],
    ]);
    generated = body.sheets;

    const again = await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A1, { date: day(1) });
    expect(again.json()).toEqual({ created: 0, existing: 2, sheets: [] });
    // A day without bookings, and a product filter that leaves everything out.
    expect((await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A1, { date: day(5) })).json().created).toBe(
      0,
    );
    expect(
      (
        await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A1, { date: day(1), product_ids: [short.id] })
      ).json(),
    ).toEqual({ created: 0, existing: 0, sheets: [] });
    const [{ n }] = await app.db.select({ n: count() }).from(scheduleSheets);
    expect(n).toBe(2);
  });

  it('libro de ruta defaults: origin is the first stop zone (or the meeting point), destination the product', async () => {
    const morning = await read(sheetAt('09:00'));
    expect(morning.origin).toBe('Los Cristianos');
    expect(morning.destination).toBe(TOUR_NAME);
    expect(morning.state).toBe('draft');
    const evening = await read(sheetAt('18:00'));
    expect(evening.origin).toBe('Oficina, Avenida de Bruselas 12, Costa Adeje');
  });

  it('bad bodies answer 422', async () => {
    const res = await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A1, { date: '2026-02-30' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.date).toBeDefined();
  });
});

describe('GET /schedule-sheets/{id}: the pickup route and the passenger list', () => {
  it('stops by accommodation in pickup order (shared hotel, "recoger en", meeting point) with running totals', async () => {
    const sheet = await read(sheetAt('09:00'));
    expect(sheet.stops.map((s) => [s.name, s.pickup_time, s.pax, s.running_pax])).toEqual([
      ['Apartamentos Sol', '07:50', 1, 1],
      ['Hotel Bahía del Duque', '08:20', 4, 5],
      ['Punto de encuentro', '09:00', 3, 8],
    ]);
    const bahia = sheet.stops[1];
    expect(bahia.address).toBe('Avenida de Bruselas s/n');
    expect(bahia.pickup_point).toBe('Puerta principal');
    expect(bahia.zone).toBe('Costa Adeje');
    // Hans's hotel redirects to the Bahía: he is collected there, at its time.
    expect(bahia.bookings.map((b) => [b.customer_name, b.pickup_place, b.pickup_time])).toEqual([
      ['Hans Müller', 'Hotel Bahía del Duque', '08:20'],
      ['Lucía Pérez', 'Hotel Bahía del Duque', '08:20'],
    ]);
    const meeting = sheet.stops[2];
    expect(meeting.accommodation_id).toBeNull();
    expect(meeting.address).toBe('Oficina, Avenida de Bruselas 12, Costa Adeje');
    expect(sheet.meeting_point).toBe('Oficina, Avenida de Bruselas 12, Costa Adeje');
  });

  it('passengers: every non-cancelled booking in pickup order, with phone, notes, pax and check-in state', async () => {
    const sheet = await read(sheetAt('09:00'));
    expect(sheet.passengers.map((p) => p.customer_name)).toEqual([
      'Ana Gómez',
      'Hans Müller',
      'Lucía Pérez',
      'Zoe Smith',
    ]);
    const hans = sheet.passengers[1];
    expect(hans).toMatchObject({
      booking_id: rows.hans.id,
      locator: rows.hans.locator,
      customer_phone: '+49 151 1234567',
      pax: { adult: 1, infant: 1 },
      pax_total: 2,
      seats: 1,
      state: 'confirmed',
      payment_state: 'pending',
      pending_cents: 4500,
      checked_in_at: null,
      checked_in_by: null,
    });
    expect(sheet.passengers[2]).toMatchObject({ room: '214', notes: 'Celebran un cumpleaños' });
    expect(sheet).toMatchObject({ bookings_count: 4, pax: 8, seats: 7, capacity: 30, checked_in_pax: 0 });
    expect(sheet.company.name).toBe('Operador A');
    expect(sheet.product.name).toBe(TOUR_NAME);
  });

  it('an unknown or malformed id answers 404', async () => {
    expect((await get('/api/v1/schedule-sheets/00000000-0000-4000-8000-000000000000', w.tokens.A1)).statusCode).toBe(
      404,
    );
    const res = await get('/api/v1/schedule-sheets/nope', w.tokens.A1);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('La hoja de servicio no existe');
  });
});

describe('POST /schedule-sheets: the sheet of one departure', () => {
  it('creates the departure when the product offers it; a second sheet for it is a 409', async () => {
    const res = await send('POST', '/api/v1/schedule-sheets', w.tokens.A1, {
      product_id: short.id,
      date: day(1),
      time: '12:00',
      notes: 'Llevar agua',
    });
    expect(res.statusCode).toBe(201);
    const sheet = res.json() as TSheetResponse;
    noonId = sheet.id;
    expect(sheet).toMatchObject({
      state: 'draft',
      time: '12:00',
      notes: 'Llevar agua',
      pax: 0,
      stops: [],
      passengers: [],
      destination: SHORT_NAME,
    });
    expect(new Date(sheet.ends_at).getTime() - new Date(sheet.starts_at).getTime()).toBe(60 * 60_000);
    const again = await send('POST', '/api/v1/schedule-sheets', w.tokens.A1, {
      product_id: short.id,
      date: day(1),
      time: '12:00',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta salida ya tiene hoja de servicio');
  });

  it('refuses a time the product does not offer, another operator product and a starting state past «Confirmada»', async () => {
    const off = await send('POST', '/api/v1/schedule-sheets', w.tokens.A1, {
      product_id: short.id,
      date: day(1),
      time: '10:00',
    });
    expect(off.statusCode).toBe(422);
    expect(off.json().errors.time).toEqual([`El producto no tiene salida el ${displayDate(day(1))} a las 10:00`]);
    const theirs = await mkProduct(app, w.tokens.B1);
    const other = await send('POST', '/api/v1/schedule-sheets', w.tokens.A1, {
      product_id: theirs.id,
      date: day(1),
      time: '09:00',
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.product_id).toEqual(['El producto no existe']);
    const started = await send('POST', '/api/v1/schedule-sheets', w.tokens.A1, {
      product_id: short.id,
      date: day(1),
      time: '13:00',
      state: 'in_progress',
    });
    expect(started.statusCode).toBe(422);
    const missing = await send('POST', '/api/v1/schedule-sheets', w.tokens.A1, { date: day(1) });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.product_id).toEqual(['Campo requerido']);
  });
});

describe('assignments', () => {
  let late: string;
  let noon: string;
  let morning: string;
  let bus: { id: string; plate: string };
  let ines: { id: string };

  beforeAll(async () => {
    morning = sheetAt('09:00');
    noon = noonId;
    late = (await mkSheet(app, w.tokens.A1, { product_id: short.id, date: day(1), time: '13:00' })).id;
    bus = await mkVehicle(app, w.A.op.id, { plate: '4821KLM', seats: 55 });
    ines = await mkPerson(app, w.A.op.id, 'Inés Barroso', { role: 'guide' });
  });

  it('a driver must be an active Chofer of the operator, a guide a Guía, vehicles and persons active and own (422)', async () => {
    const workshop = await mkVehicle(app, w.A.op.id, { plate: '6617KZD', state: 3 });
    const theirBus = await mkVehicle(app, w.B.op.id);
    const retired = await mkPerson(app, w.A.op.id, 'Nayra González', { state: 2 });
    const theirPerson = await mkPerson(app, w.B.op.id, 'Persona de B');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ driver_id: w.A.l5.id }, 'driver_id', 'El chofer no existe o no es un chofer activo de este tour operador'],
      [{ driver_id: w.B.l4.id }, 'driver_id', 'El chofer no existe o no es un chofer activo de este tour operador'],
      [{ guide_id: w.A.l4.id }, 'guide_id', 'El guía no existe o no es un guía activo de este tour operador'],
      [{ vehicle_id: workshop.id }, 'vehicle_id', 'El vehículo 6617KZD no está activo (En taller)'],
      [{ vehicle_id: theirBus.id }, 'vehicle_id', 'El vehículo no existe'],
      [{ person_ids: [retired.id] }, 'person_ids', 'Nayra González no está activa'],
      [{ person_ids: [theirPerson.id] }, 'person_ids', 'Alguna de las personas no existe'],
      [{ driver_id: 'no-es-un-id' }, 'driver_id', 'Identificador no válido'],
    ];
    for (const [body, field, message] of cases) {
      const res = await putSheet(app, w.tokens.A1, morning, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect((await read(morning)).version).toBe(1);
  });

  it('pax above the vehicle seats saves with an over_capacity warning', async () => {
    const van = await mkVehicle(app, w.A.op.id, { plate: '2156MCD', seats: 5 });
    const res = await putSheet(app, w.tokens.A1, morning, { vehicle_id: van.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().warnings).toEqual([
      {
        kind: 'over_capacity',
        message: 'Hay 7 plazas ocupadas y el vehículo 2156MCD solo tiene 5',
        resource_id: van.id,
        other_sheet_id: null,
      },
    ]);
    expect(res.json().version).toBe(2);
  });

  it('assigns vehicle, driver, guide and persons', async () => {
    const res = await putSheet(app, w.tokens.A1, morning, {
      vehicle_id: bus.id,
      driver_id: w.A.l4.id,
      guide_id: w.A.l5.id,
      person_ids: [ines.id, ines.id],
      origin: 'Costa Adeje',
    });
    expect(res.statusCode).toBe(200);
    const sheet = res.json() as TSheetResponse;
    expect(sheet.vehicle).toMatchObject({ plate: '4821KLM', seats: 55 });
    expect(sheet.vehicle_detail).toMatchObject({ plate: '4821KLM' });
    expect(sheet.driver?.full_name).toBe('Carlos Chofer A');
    expect(sheet.guide?.full_name).toBe('Gema Guía A');
    expect(sheet.persons.map((p) => p.full_name)).toEqual(['Inés Barroso']);
    expect(sheet.origin).toBe('Costa Adeje');
    expect(sheet.warnings).toEqual([]);
  });

  it('each resource already on an overlapping sheet answers 409 with the conflicts, and nothing is saved', async () => {
    const window = `${displayDate(day(1))}, 09:00–13:00`;
    const cases: [Record<string, unknown>, TSheetConflict['kind'], string][] = [
      [{ vehicle_id: 'BUS' }, 'vehicle', `El vehículo 4821KLM ya está en «${TOUR_NAME}» (${window})`],
      [{ driver_id: w.A.l4.id }, 'driver', `El chofer Carlos Chofer A ya está en «${TOUR_NAME}» (${window})`],
      [{ guide_id: w.A.l5.id }, 'guide', `El guía Gema Guía A ya está en «${TOUR_NAME}» (${window})`],
      [{ person_ids: ['INES'] }, 'person', `Inés Barroso ya está en «${TOUR_NAME}» (${window})`],
    ];
    for (const [raw, kind, message] of cases) {
      const body = JSON.parse(JSON.stringify(raw).replace('BUS', bus.id).replace('INES', ines.id));
      const res = await putSheet(app, w.tokens.A1, noon, body);
      expect(res.statusCode, kind).toBe(409);
      expect(res.json().message).toBe('Hay asignaciones que se solapan');
      expect(res.json().code).toBe('ASSIGNMENT_CONFLICT');
      const resource = body.vehicle_id ?? body.driver_id ?? body.guide_id ?? body.person_ids[0];
      expect(res.json().conflicts).toEqual([{ kind, message, resource_id: resource, other_sheet_id: morning }]);
      const fields: Record<string, string> = {
        vehicle: 'vehicle_id',
        driver: 'driver_id',
        guide: 'guide_id',
        person: 'person_ids',
      };
      expect(res.json().errors[fields[kind]]).toEqual([message]);
    }
    const all = await putSheet(app, w.tokens.A1, noon, {
      vehicle_id: bus.id,
      driver_id: w.A.l4.id,
      guide_id: w.A.l5.id,
      person_ids: [ines.id],
    });
    expect(all.statusCode).toBe(409);
    expect(
      all
        .json()
        .conflicts.map((c: TSheetConflict) => c.kind)
        .sort(),
    ).toEqual(['driver', 'guide', 'person', 'vehicle']);
    const noonSheet = await read(noon);
    expect(noonSheet).toMatchObject({ vehicle: null, driver: null, guide: null, persons: [], version: 1 });
  });

  it('a sheet starting when the other ends does not overlap it', async () => {
    const res = await putSheet(app, w.tokens.A1, late, {
      vehicle_id: bus.id,
      driver_id: w.A.l4.id,
      guide_id: w.A.l5.id,
      person_ids: [ines.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().warnings).toEqual([]);
  });

  it('force saves the overlap; both sheets then show it as a warning', async () => {
    const res = await putSheet(app, w.tokens.A1, noon, { driver_id: w.A.l4.id, person_ids: [ines.id], force: true });
    expect(res.statusCode).toBe(200);
    const noonWarnings = (res.json() as TSheetResponse).warnings;
    // The 13:00 sheet has them too, but starts when this one ends: no overlap there.
    expect(noonWarnings.map((c) => [c.kind, c.other_sheet_id])).toEqual([
      ['driver', morning],
      ['person', morning],
    ]);
    const morningSheet = await read(morning);
    expect(morningSheet.warnings.map((c) => [c.kind, c.other_sheet_id]).sort()).toEqual([
      ['driver', noon],
      ['person', noon],
    ]);
    expect(morningSheet.warnings[0].message).toMatch(
      /ya está en «Paseo por La Laguna» \(\d\d\/\d\d\/\d{4}, 12:00–13:00\)$/,
    );
    // The list carries the same warnings.
    const list = (await get(`/api/v1/schedule-sheets?date=${day(1)}`, w.tokens.A1)).json() as TSheetSummary[];
    expect(list.find((s) => s.id === morning)?.warnings).toHaveLength(2);
  });

  it('a vehicle unavailable that day answers 409 vehicle_unavailable; forced, it stays as a warning', async () => {
    const itv = await mkVehicle(app, w.A.op.id, { plate: '7390LBN' }, [{ from: day(0), to: day(2), reason: 'ITV' }]);
    const res = await putSheet(app, w.tokens.A1, late, { vehicle_id: itv.id });
    expect(res.statusCode).toBe(409);
    const message = `El vehículo 7390LBN no está disponible ese día (ITV, del ${displayDate(day(0))} al ${displayDate(day(2))})`;
    expect(res.json()).toMatchObject({
      message: 'El vehículo no está disponible ese día',
      conflicts: [{ kind: 'vehicle_unavailable', message, resource_id: itv.id, other_sheet_id: null }],
      errors: { vehicle_id: [message] },
    });
    const forced = await putSheet(app, w.tokens.A1, late, { vehicle_id: itv.id, force: true });
    expect(forced.statusCode).toBe(200);
    expect(forced.json().warnings.map((c: TSheetConflict) => c.kind)).toContain('vehicle_unavailable');
  });

  it('keeping an assignment that overlaps (forced before) does not block other edits', async () => {
    const res = await putSheet(app, w.tokens.A1, noon, { notes: 'Recoger termos' });
    expect(res.statusCode).toBe(200);
    expect(res.json().notes).toBe('Recoger termos');
  });

  it('unassigning with null', async () => {
    const res = await putSheet(app, w.tokens.A1, noon, { driver_id: null, person_ids: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ driver: null, persons: [], warnings: [] });
  });
});

describe('state machine, versions and deleting', () => {
  let id: string;
  beforeAll(async () => {
    id = sheetAt('18:00');
  });

  it('only along the transitions; the refusal names both states', async () => {
    const res = await putSheet(app, w.tokens.A1, id, { state: 'in_progress' });
    expect(res.statusCode).toBe(422);
    const m = sheetTransitionMessage('draft', 'in_progress');
    expect(res.json()).toMatchObject({ message: m, errors: { state: [m] } });
    const done = await putSheet(app, w.tokens.A1, id, { state: 'done' });
    expect(done.statusCode).toBe(422);
    const ready = await putSheet(app, w.tokens.A1, id, { state: 'ready', version: 1 });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ state: 'ready', version: 2 });
  });

  it('a stale version answers 409 and changes nothing', async () => {
    const res = await putSheet(app, w.tokens.A1, id, { state: 'draft', version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('La hoja de servicio ha cambiado; recarga los datos');
    expect((await read(id)).state).toBe('ready');
  });

  it('an edit that changes nothing keeps the version', async () => {
    const res = await putSheet(app, w.tokens.A1, id, { state: 'ready', version: 2 });
    expect(res.json().version).toBe(2);
  });

  it('only a draft can be deleted', async () => {
    const refused = await send('DELETE', `/api/v1/schedule-sheets/${id}`, w.tokens.A1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Solo se puede eliminar una hoja en «Borrador»');
    expect((await putSheet(app, w.tokens.A1, id, { state: 'draft' })).statusCode).toBe(200);
    expect((await send('DELETE', `/api/v1/schedule-sheets/${id}`, w.tokens.A1)).statusCode).toBe(204);
    expect((await get(`/api/v1/schedule-sheets/${id}`, w.tokens.A1)).statusCode).toBe(404);
    // The departure can be planned again.
    const again = await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A1, { date: day(1) });
    expect(again.json().created).toBe(1);
    const [row] = await app.db.select().from(scheduleSheets).where(eq(scheduleSheets.id, again.json().sheets[0].id));
    expect(row.time).toBe('18:00');
  });
});

describe('GET /schedule-sheets: filters, sort and paging', () => {
  it('by date, state, product, driver; sorted by date, time, product; with X-Total-Count and Link', async () => {
    const res = await get(`/api/v1/schedule-sheets?date[eq]=${day(1)}`, w.tokens.A1);
    expect(res.statusCode).toBe(200);
    const list = res.json() as TSheetSummary[];
    expect(list.map((s) => [s.time, s.product.name])).toEqual([
      ['09:00', TOUR_NAME],
      ['12:00', SHORT_NAME],
      ['13:00', SHORT_NAME],
      ['18:00', TOUR_NAME],
    ]);
    expect(res.headers['x-total-count']).toBe('4');
    expect(res.headers.link).toContain('rel="first"');
    expect(list[0]).toMatchObject({ bookings_count: 4, pax: 8, seats: 7 });

    const q = async (query: string) =>
      ((await get(`/api/v1/schedule-sheets?${query}`, w.tokens.A1)).json() as TSheetSummary[]).map((s) => s.time);
    expect(await q(`date[gte]=${day(1)}&date[lte]=${day(1)}&product_id=${short.id}`)).toEqual(['12:00', '13:00']);
    expect(await q(`driver_id=${w.A.l4.id}`)).toEqual(['09:00', '13:00']);
    expect(await q(`date=${day(2)}`)).toEqual([]);
    expect(await q('sort=-time&per_page=2')).toEqual(['18:00', '13:00']);
    expect(await q('q=laguna')).toEqual(['12:00', '13:00']);
    expect(await q('q=4821')).toEqual(['09:00']);
    const bad = await get('/api/v1/schedule-sheets?customer_name=x', w.tokens.A1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('No se puede filtrar por "customer_name"');
    expect((await get('/api/v1/schedule-sheets?state=finished', w.tokens.A1)).statusCode).toBe(400);
  });
});

describe('stops without a pickup time (issue 12)', () => {
  let sheetId: string;
  let loro: string;
  let luca: { id: string; locator: string };

  beforeAll(async () => {
    const americas = await mkAccommodation(app, 'Hotel Las Américas Park', w.A.op.id, 'Playa de las Américas');
    // A bus stop the product does not pick up at: its bookings get no pickup time.
    loro = await mkAccommodation(app, 'Parada Loro Parque', w.A.op.id, 'Puerto de la Cruz');
    const teide = await mkProduct(app, w.tokens.A1, {
      name: 'Subida al Teide',
      duration_minutes: 420,
      meeting_point: 'Oficina de Los Cristianos',
      pickups: [{ accommodation_id: americas, minutes_before: 70 }],
    });
    const mk = (over: Record<string, unknown>) =>
      booked(app, w.tokens.A1, bookingBody(teide.id, { date: day(4), pax: { adult: 1 }, ...over }));
    await mk({ customer_name: 'Ana Meeting' });
    luca = await mk({ customer_name: 'Luca Rossi', accommodation_id: loro, pax: { adult: 2 } });
    await mk({ customer_name: 'Zoe Américas', accommodation_id: americas });
    await mk({ customer_name: 'Felix Schmidt', accommodation_id: americas });
    // A product without pickup: everyone meets at its meeting point, no pickup time is missing.
    const walk = await mkProduct(app, w.tokens.A1, { pickup_enabled: false, meeting_point: 'Plaza del Charco' });
    await booked(app, w.tokens.A1, bookingBody(walk.id, { date: day(4), accommodation_id: loro }));
    const gen = await send('POST', '/api/v1/schedule-sheets/generate', w.tokens.A1, { date: day(4) });
    expect(gen.json().created).toBe(2);
    sheetId = gen.json().sheets.find((s: { product_name: string }) => s.product_name === 'Subida al Teide').id;
  });

  it('the stop goes after the timed pickups and before the meeting point, and the sheet warns', async () => {
    const sheet = await read(sheetId);
    expect(sheet.stops.map((s) => [s.name, s.pickup_time, s.running_pax])).toEqual([
      ['Hotel Las Américas Park', '07:50', 2],
      ['Parada Loro Parque', null, 4],
      ['Punto de encuentro', '09:00', 5],
    ]);
    expect(sheet.warnings).toEqual([
      {
        kind: 'pickup_without_time',
        message: `Sin hora de recogida en «Parada Loro Parque»: Luca Rossi (${luca.locator}). Indícala en la reserva`,
        resource_id: loro,
        other_sheet_id: null,
      },
    ]);
  });

  it('the passenger list follows the route: pickup order, not the alphabet', async () => {
    const sheet = await read(sheetId);
    expect(sheet.passengers.map((p) => p.customer_name)).toEqual([
      'Felix Schmidt',
      'Zoe Américas',
      'Luca Rossi',
      'Ana Meeting',
    ]);
  });

  it("the list of the day's sheets carries the warning; the product without pickup has none", async () => {
    const list = (await get(`/api/v1/schedule-sheets?date=${day(4)}`, w.tokens.A1)).json() as TSheetSummary[];
    expect(list.map((s) => [s.product.name, s.warnings.map((x) => x.kind)])).toEqual([
      [expect.stringMatching(/^Excursión de prueba/), []],
      ['Subida al Teide', ['pickup_without_time']],
    ]);
  });

  it('once the booking has a pickup time the warning goes and the stop takes its place in time', async () => {
    const res = await send('PUT', `/api/v1/bookings/${luca.id}`, w.tokens.A1, { pickup_time: '08:30' });
    expect(res.statusCode).toBe(200);
    const sheet = await read(sheetId);
    expect(sheet.warnings).toEqual([]);
    expect(sheet.stops.map((s) => [s.name, s.pickup_time])).toEqual([
      ['Hotel Las Américas Park', '07:50'],
      ['Parada Loro Parque', '08:30'],
      ['Punto de encuentro', '09:00'],
    ]);
  });
});
