/**
 * The security suite's table of every /api/v1 route (issue 7): who may call it (PRODUCT.md §3, one
 * row per route, plus rows for the "read self / own" nuances), how to call it well for operator A,
 * and how operator A's admin attacks operator B's rows with it. route-inventory.test.ts fails when
 * the application registers a route that is missing here.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { cashHandovers, commissionStatements } from '../../src/db/schema';
import { createUser, login, PASSWORD } from '../factories';
import { formBody, signRedsysNotification } from '../stand-ins/redsys-rest';
import {
  accommodationBody,
  bookingBody,
  day,
  type Method,
  multipartImage,
  personBody,
  pngBytes,
  productBody,
  type Req,
  type SecurityWorld,
  send,
  uniq,
  vehicleBody,
} from './fixtures';

export type Level = 0 | 1 | 2 | 3 | 4 | 5;
export const LEVELS: Level[] = [0, 1, 2, 3, 4, 5];
/** 'ok' = a 2xx answer; a number = exactly that status (e.g. 422 past the permission check). */
export type Expect = 'ok' | number;

export type Ctx = { app: FastifyInstance; w: SecurityWorld; level: Level; token: string };

export type RoleRow = {
  /** "METHOD /api/v1/path/:param", as Fastify registers it. */
  route: string;
  /** What the row checks when a route has several rows. */
  label?: string;
  /** Levels not listed answer 403. */
  expect: Partial<Record<Level, Expect>>;
  request: (c: Ctx) => Req | Promise<Req>;
};

/** The level's token in operator A (level 0: the administrator). */
export function tokenOf(w: SecurityWorld, level: Level): string {
  return level === 0 ? w.tokens.admin : w.tokens[`A${level}` as 'A1'];
}

const allow = (levels: Level[], e: Expect = 'ok'): Partial<Record<Level, Expect>> =>
  Object.fromEntries(levels.map((l) => [l, e]));
const ALL: Level[] = [0, 1, 2, 3, 4, 5];
const PLANNERS: Level[] = [0, 1, 3];
const MANAGERS: Level[] = [0, 1];
const SELLERS: Level[] = [0, 1, 2, 3];
const CREW_AND_PLANNERS: Level[] = [0, 1, 3, 4, 5];
/** «Informes» (issue 34): each report's path and who reads it. */
const REPORT_ROUTES: { path: string; levels: Level[] }[] = [
  { path: '/reports/sales', levels: [0, 1, 2] },
  { path: '/reports/occupancy', levels: MANAGERS },
  { path: '/reports/cancellations', levels: [0, 1, 2] },
  { path: '/reports/taxes', levels: MANAGERS },
];
/** ACCESS.departureCancel (issue 14): the office decides a departure does not run. */
const DEPARTURE_CANCELLERS: Level[] = PLANNERS;

const r = (method: Method, url: string, payload?: unknown): Req => ({ method, url, payload });
const V1 = '/api/v1';

// Fresh rows of operator A, made by its admin, for the calls that consume them (DELETE, cancel).
async function created(app: FastifyInstance, w: SecurityWorld, url: string, payload: unknown) {
  const res = await send(app, { method: 'POST', url: `${V1}${url}`, token: w.tokens.A1, payload });
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
}
/** «Comisiones» (issue 34): an open statement of A's channel (no lines), written straight to the table. */
async function statementOfA(app: FastifyInstance, w: SecurityWorld) {
  const [row] = await app.db
    .insert(commissionStatements)
    .values({
      tourOperatorId: w.a.opId,
      partyKind: 'channel',
      channelId: w.a.channel.id,
      periodFrom: day(-30),
      periodTo: day(0),
      totalCents: 0,
      lineCount: 0,
      createdBy: w.A.l1.id,
    })
    .returning();
  return row;
}
/** «Caja» (issue 34): a handover of A's guide (closing no payment), written straight to the table. */
async function handoverOfA(app: FastifyInstance, w: SecurityWorld) {
  const [row] = await app.db
    .insert(cashHandovers)
    .values({
      tourOperatorId: w.a.opId,
      holderId: w.A.l5.id,
      expectedCents: 0,
      receivedCents: 0,
      differenceCents: 0,
      paymentCount: 0,
      receivedBy: w.A.l1.id,
    })
    .returning();
  return row;
}
async function freshImage(app: FastifyInstance, w: SecurityWorld) {
  const mp = multipartImage(await pngBytes());
  const res = await send(app, {
    method: 'POST',
    url: `${V1}/products/${w.a.product.id}/images`,
    token: w.tokens.A1,
    payload: mp.payload,
    headers: mp.headers,
  });
  if (res.statusCode !== 201) throw new Error(`image: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
}
const adminOp = (c: Ctx) => (c.level === 0 ? { tour_operator_id: c.w.a.opId } : {});
let sheetDay = 20;
/**
 * Cancelling a departure consumes it (issue 14): every attempt gets a departure of its own of A's
 * product (18:00, from day 200 on: no other row books those), with a booking on it when the level
 * may cancel, so the answer is about the role and never about what an earlier attempt left.
 */
let cancelDay = 200;
async function departureToCancel({ app, w, level }: Ctx) {
  const date = day(cancelDay++);
  if (DEPARTURE_CANCELLERS.includes(level)) {
    await created(app, w, '/bookings', bookingBody(w.a.product.id, { date, time: '18:00' }));
  }
  return { date, time: '18:00', reason: 'weather', next_steps: 'Te devolvemos el importe íntegro en 3 días.' };
}

export const ROLE_ROWS: RoleRow[] = [
  // Auth
  { route: 'GET /api/v1/auth/me', expect: allow(ALL), request: () => r('GET', `${V1}/auth/me`) },
  {
    route: 'POST /api/v1/auth/logout',
    expect: allow(ALL),
    // Logging out revokes every token of the user: a throwaway user of the same level.
    request: async ({ app, w, level }) => {
      const u = await createUser(app, { level, tourOperatorId: level === 0 ? null : w.a.opId });
      return { ...r('POST', `${V1}/auth/logout`), token: await login(app, u.email) };
    },
  },
  // "Mi cuenta" (issue 12): every level, on the caller only.
  {
    route: 'PUT /api/v1/auth/me',
    expect: allow(ALL),
    request: () => r('PUT', `${V1}/auth/me`, { phone: '+34 600 222 333' }),
  },
  {
    route: 'POST /api/v1/auth/me/password',
    expect: allow(ALL),
    // A password change revokes the user's other tokens: a throwaway user of the same level.
    request: async ({ app, w, level }) => {
      const u = await createUser(app, { level, tourOperatorId: level === 0 ? null : w.a.opId });
      return {
        ...r('POST', `${V1}/auth/me/password`, {
          current_password: PASSWORD,
          password: 'Otra-clave-2026',
          re_password: 'Otra-clave-2026',
        }),
        token: await login(app, u.email),
      };
    },
  },
  // The caller's own screen settings (issue 12): every level, their own row only
  {
    route: 'GET /api/v1/auth/me/preferences',
    expect: allow(ALL),
    request: () => r('GET', `${V1}/auth/me/preferences`),
  },
  {
    route: 'PUT /api/v1/auth/me/preferences',
    expect: allow(ALL),
    request: () => r('PUT', `${V1}/auth/me/preferences`, { columns: { bookings: ['channel'] } }),
  },
  // Users (PRODUCT.md §3: 0 all; 1 own operator; 2, 4, 5 read self; 3 reads sellers/drivers/guides)
  { route: 'GET /api/v1/users', expect: allow(ALL), request: () => r('GET', `${V1}/users`) },
  // The list as a CSV file (issue 13): the list's roles, exactly.
  {
    route: 'GET /api/v1/users/export.csv',
    expect: allow(ALL),
    request: () => r('GET', `${V1}/users/export.csv`),
  },
  {
    route: 'POST /api/v1/users',
    expect: allow(MANAGERS),
    request: (c) =>
      r('POST', `${V1}/users`, {
        full_name: 'Nuevo Chofer',
        email: `nuevo-${uniq()}@example.com`,
        level: 4,
        password: 'Secreta123',
        re_password: 'Secreta123',
        ...adminOp(c),
      }),
  },
  {
    route: 'POST /api/v1/users',
    label: 'without a password (issue 14: invited by e-mail to choose one)',
    expect: allow(MANAGERS),
    request: (c) =>
      r('POST', `${V1}/users`, {
        full_name: 'Nueva Guía',
        email: `invitada-${uniq()}@example.com`,
        level: 5,
        ...adminOp(c),
      }),
  },
  {
    // A new link to choose the password (issue 14), for a user the caller manages.
    route: 'POST /api/v1/users/:id/invitation',
    expect: allow(MANAGERS),
    request: ({ w }) => r('POST', `${V1}/users/${w.a.otherDriver.id}/invitation`),
  },
  {
    route: 'POST /api/v1/users/:id/invitation',
    label: 'an inactive user (409 STATE_CONFLICT past the permission check)',
    expect: allow(MANAGERS, 409),
    request: async ({ app, w }) => {
      const u = await createUser(app, { level: 4, tourOperatorId: w.a.opId, state: 2 });
      return r('POST', `${V1}/users/${u.id}/invitation`);
    },
  },
  {
    route: 'GET /api/v1/users/:id',
    label: 'self',
    expect: allow(ALL),
    request: ({ w, level }) => r('GET', `${V1}/users/${level === 0 ? w.admin.id : w.A[`l${level}` as 'l1'].id}`),
  },
  {
    route: 'GET /api/v1/users/:id',
    label: 'another Chofer of the operator',
    expect: { ...allow(PLANNERS), 2: 404, 4: 404, 5: 404 },
    request: ({ w }) => r('GET', `${V1}/users/${w.a.otherDriver.id}`),
  },
  {
    route: 'PUT /api/v1/users/:id',
    expect: allow(MANAGERS),
    request: ({ w }) => r('PUT', `${V1}/users/${w.a.otherDriver.id}`, { phone: '+34 600 111 222' }),
  },
  {
    route: 'DELETE /api/v1/users/:id',
    expect: allow(MANAGERS),
    request: async ({ app, w }) => {
      const u = await createUser(app, { level: 5, tourOperatorId: w.a.opId });
      return r('DELETE', `${V1}/users/${u.id}`);
    },
  },
  // Tour operators (0 all; 1 read/edit own; 3 read own)
  { route: 'GET /api/v1/tour-operators', expect: allow(PLANNERS), request: () => r('GET', `${V1}/tour-operators`) },
  // The list as a CSV file (issue 13): the list's roles, exactly.
  {
    route: 'GET /api/v1/tour-operators/export.csv',
    expect: allow(PLANNERS),
    request: () => r('GET', `${V1}/tour-operators/export.csv`),
  },
  // Message settings (issue 14): the office reads them, the administrators change them.
  {
    route: 'GET /api/v1/tour-operators/:id/message-settings',
    expect: allow(PLANNERS),
    request: ({ w }) => r('GET', `${V1}/tour-operators/${w.a.opId}/message-settings`),
  },
  {
    route: 'PUT /api/v1/tour-operators/:id/message-settings',
    expect: allow(MANAGERS),
    request: ({ w, level }) =>
      r('PUT', `${V1}/tour-operators/${w.a.opId}/message-settings`, {
        sender_name: `Excursiones A (${level})`,
        reminder_time: '19:30',
      }),
  },
  // Online payment settings (ADR 022): the administrators only, reading and changing.
  {
    route: 'GET /api/v1/tour-operators/:id/payment-settings',
    expect: allow(MANAGERS),
    request: ({ w }) => r('GET', `${V1}/tour-operators/${w.a.opId}/payment-settings`),
  },
  {
    route: 'PUT /api/v1/tour-operators/:id/payment-settings',
    expect: allow(MANAGERS),
    request: ({ w, level }) =>
      r('PUT', `${V1}/tour-operators/${w.a.opId}/payment-settings`, {
        provider: null,
        mode: 'test',
        hold_minutes: 10 + level,
      }),
  },
  // Sales channels and their API keys (issue 33, ADR 023): the administrators only.
  { route: 'GET /api/v1/channels', expect: allow(MANAGERS), request: () => r('GET', `${V1}/channels`) },
  {
    route: 'POST /api/v1/channels',
    expect: allow(MANAGERS),
    request: (c) => r('POST', `${V1}/channels`, { name: `Canal ${uniq()}`, commission_pct: 15, ...adminOp(c) }),
  },
  {
    route: 'GET /api/v1/channels/:id',
    expect: allow(MANAGERS),
    request: ({ w }) => r('GET', `${V1}/channels/${w.a.channel.id}`),
  },
  {
    route: 'PUT /api/v1/channels/:id',
    expect: allow(MANAGERS),
    request: ({ w, level }) => r('PUT', `${V1}/channels/${w.a.channel.id}`, { notes: `Revisado (${level})` }),
  },
  {
    route: 'POST /api/v1/channels/:id/keys',
    expect: allow(MANAGERS),
    request: ({ w, level }) => r('POST', `${V1}/channels/${w.a.channel.id}/keys`, { label: `Nivel ${level}` }),
  },
  {
    route: 'GET /api/v1/channels/:id/keys',
    expect: allow(MANAGERS),
    request: ({ w }) => r('GET', `${V1}/channels/${w.a.channel.id}/keys`),
  },
  {
    route: 'DELETE /api/v1/channels/:id/keys/:keyId',
    expect: allow(MANAGERS),
    // A fresh key each time: the operator's own one stays live for the other rows.
    request: async ({ app, w }) => {
      const key = await created(app, w, `/channels/${w.a.channel.id}/keys`, {});
      return r('DELETE', `${V1}/channels/${w.a.channel.id}/keys/${key.id}`);
    },
  },
  {
    route: 'GET /api/v1/channels/:id/requests',
    expect: allow(MANAGERS),
    request: ({ w }) => r('GET', `${V1}/channels/${w.a.channel.id}/requests`),
  },
  {
    route: 'POST /api/v1/tour-operators',
    expect: allow([0]),
    request: () => r('POST', `${V1}/tour-operators`, { name: `Operador ${uniq()}` }),
  },
  {
    route: 'GET /api/v1/tour-operators/:id',
    expect: allow(PLANNERS),
    request: ({ w }) => r('GET', `${V1}/tour-operators/${w.a.opId}`),
  },
  {
    route: 'PUT /api/v1/tour-operators/:id',
    expect: allow(MANAGERS),
    request: ({ w }) => r('PUT', `${V1}/tour-operators/${w.a.opId}`, { phone: '+34 922 000 000' }),
  },
  // Products (0 all; 1 all of own; 2 read active; 3 read, edit availability)
  { route: 'GET /api/v1/products', expect: allow(SELLERS), request: () => r('GET', `${V1}/products`) },
  // The list as a CSV file (issue 13): the list's roles, exactly.
  {
    route: 'GET /api/v1/products/export.csv',
    expect: allow(SELLERS),
    request: () => r('GET', `${V1}/products/export.csv`),
  },
  {
    route: 'POST /api/v1/products',
    expect: allow(MANAGERS),
    request: (c) => r('POST', `${V1}/products`, { ...productBody(c.w.a.accommodation.id), ...adminOp(c) }),
  },
  {
    route: 'GET /api/v1/products/:id',
    label: 'active',
    expect: allow(SELLERS),
    request: ({ w }) => r('GET', `${V1}/products/${w.a.product.id}`),
  },
  {
    route: 'GET /api/v1/products/:id',
    label: 'draft (the Vendedor reads active ones only)',
    expect: { ...allow(PLANNERS), 2: 404 },
    request: ({ w }) => r('GET', `${V1}/products/${w.a.draftProduct.id}`),
  },
  {
    route: 'PUT /api/v1/products/:id',
    label: 'availability',
    expect: allow(PLANNERS),
    request: ({ w }) => r('PUT', `${V1}/products/${w.a.draftProduct.id}`, { closed_dates: [day(200)] }),
  },
  {
    route: 'PUT /api/v1/products/:id',
    label: 'name (the Operador edits availability only)',
    expect: allow(MANAGERS),
    request: ({ w }) => r('PUT', `${V1}/products/${w.a.draftProduct.id}`, { name: 'Borrador renombrado' }),
  },
  {
    route: 'DELETE /api/v1/products/:id',
    expect: allow(MANAGERS),
    request: async ({ app, w }) =>
      r('DELETE', `${V1}/products/${(await created(app, w, '/products', productBody(w.a.accommodation.id))).id}`),
  },
  {
    route: 'GET /api/v1/products/:id/availability',
    expect: allow(SELLERS),
    request: ({ w }) => r('GET', `${V1}/products/${w.a.product.id}/availability?from=${day(1)}&to=${day(7)}`),
  },
  {
    route: 'PUT /api/v1/products/:id/departures',
    expect: allow(PLANNERS),
    request: ({ w }) =>
      r('PUT', `${V1}/products/${w.a.product.id}/departures`, { date: day(100), time: '09:00', notes: 'Revisada' }),
  },
  {
    // Closes the departure and cancels its bookings (issue 14): a departure of its own per attempt.
    route: 'POST /api/v1/products/:id/departures/cancel',
    expect: allow(DEPARTURE_CANCELLERS),
    request: async (c) => r('POST', `${V1}/products/${c.w.a.product.id}/departures/cancel`, await departureToCancel(c)),
  },
  {
    route: 'POST /api/v1/products/:id/images',
    expect: allow(MANAGERS),
    request: async ({ w }) => {
      const mp = multipartImage(await pngBytes(), 'Foto');
      return { method: 'POST', url: `${V1}/products/${w.a.draftProduct.id}/images`, ...mp };
    },
  },
  {
    route: 'PUT /api/v1/products/:id/images/order',
    expect: allow(MANAGERS),
    request: async ({ app, w }) => {
      const res = await send(app, { method: 'GET', url: `${V1}/products/${w.a.product.id}`, token: w.tokens.A1 });
      const ids = (res.json().images as { id: string }[]).map((i) => i.id).reverse();
      return r('PUT', `${V1}/products/${w.a.product.id}/images/order`, { ids });
    },
  },
  {
    route: 'PUT /api/v1/products/:id/images/:imageId',
    expect: allow(MANAGERS),
    request: ({ w }) =>
      r('PUT', `${V1}/products/${w.a.product.id}/images/${w.a.image?.id}`, { alt: 'Vista desde el mirador' }),
  },
  {
    route: 'DELETE /api/v1/products/:id/images/:imageId',
    expect: allow(MANAGERS),
    request: async ({ app, w, level }) => {
      // Only the levels that may delete get a fresh image; the others are refused before reading.
      const id = MANAGERS.includes(level) ? (await freshImage(app, w)).id : w.a.image?.id;
      return r('DELETE', `${V1}/products/${w.a.product.id}/images/${id}`);
    },
  },
  // Vehicles and persons (0 all; 1, 3 all of own; 4, 5 read)
  { route: 'GET /api/v1/vehicles', expect: allow(CREW_AND_PLANNERS), request: () => r('GET', `${V1}/vehicles`) },
  // The list as a CSV file (issue 13): the list's roles, exactly.
  {
    route: 'GET /api/v1/vehicles/export.csv',
    expect: allow(CREW_AND_PLANNERS),
    request: () => r('GET', `${V1}/vehicles/export.csv`),
  },
  {
    route: 'POST /api/v1/vehicles',
    expect: allow(PLANNERS),
    request: (c) => r('POST', `${V1}/vehicles`, { ...vehicleBody(), ...adminOp(c) }),
  },
  {
    route: 'GET /api/v1/vehicles/:id',
    expect: allow(CREW_AND_PLANNERS),
    request: ({ w }) => r('GET', `${V1}/vehicles/${w.a.vehicle.id}`),
  },
  {
    route: 'PUT /api/v1/vehicles/:id',
    expect: allow(PLANNERS),
    request: ({ w }) => r('PUT', `${V1}/vehicles/${w.a.vehicle.id}`, { notes: 'Revisado' }),
  },
  {
    route: 'DELETE /api/v1/vehicles/:id',
    expect: allow(PLANNERS),
    request: async ({ app, w }) =>
      r('DELETE', `${V1}/vehicles/${(await created(app, w, '/vehicles', vehicleBody())).id}`),
  },
  { route: 'GET /api/v1/persons', expect: allow(CREW_AND_PLANNERS), request: () => r('GET', `${V1}/persons`) },
  // The list as a CSV file (issue 13): the list's roles, exactly.
  {
    route: 'GET /api/v1/persons/export.csv',
    expect: allow(CREW_AND_PLANNERS),
    request: () => r('GET', `${V1}/persons/export.csv`),
  },
  {
    route: 'POST /api/v1/persons',
    expect: allow(PLANNERS),
    request: (c) => r('POST', `${V1}/persons`, { ...personBody(), ...adminOp(c) }),
  },
  {
    route: 'GET /api/v1/persons/:id',
    expect: allow(CREW_AND_PLANNERS),
    request: ({ w }) => r('GET', `${V1}/persons/${w.a.person.id}`),
  },
  {
    route: 'PUT /api/v1/persons/:id',
    expect: allow(PLANNERS),
    request: ({ w }) => r('PUT', `${V1}/persons/${w.a.person.id}`, { notes: 'Habla alemán' }),
  },
  {
    route: 'DELETE /api/v1/persons/:id',
    expect: allow(PLANNERS),
    request: async ({ app, w }) => r('DELETE', `${V1}/persons/${(await created(app, w, '/persons', personBody())).id}`),
  },
  // Accommodations (everyone reads; 0, 1, 3 write their own)
  { route: 'GET /api/v1/accommodations', expect: allow(ALL), request: () => r('GET', `${V1}/accommodations`) },
  // The list as a CSV file (issue 13): the list's roles, exactly.
  {
    route: 'GET /api/v1/accommodations/export.csv',
    expect: allow(ALL),
    request: () => r('GET', `${V1}/accommodations/export.csv`),
  },
  {
    route: 'GET /api/v1/accommodations/zones',
    expect: allow(ALL),
    request: () => r('GET', `${V1}/accommodations/zones`),
  },
  {
    route: 'POST /api/v1/accommodations/import',
    expect: allow(PLANNERS),
    request: (c) =>
      r('POST', `${V1}/accommodations/import`, {
        csv: 'name;zone\nHotel Importado;Los Cristianos\n',
        dry_run: true,
        ...adminOp(c),
      }),
  },
  {
    route: 'POST /api/v1/accommodations',
    expect: allow(PLANNERS),
    request: (c) => r('POST', `${V1}/accommodations`, { ...accommodationBody(), ...adminOp(c) }),
  },
  {
    route: 'GET /api/v1/accommodations/:id',
    expect: allow(ALL),
    request: ({ w }) => r('GET', `${V1}/accommodations/${w.a.accommodation.id}`),
  },
  {
    route: 'PUT /api/v1/accommodations/:id',
    expect: allow(PLANNERS),
    request: ({ w }) => r('PUT', `${V1}/accommodations/${w.a.accommodation.id}`, { pickup_point: 'Puerta principal' }),
  },
  {
    route: 'DELETE /api/v1/accommodations/:id',
    expect: allow(PLANNERS),
    request: async ({ app, w }) =>
      r('DELETE', `${V1}/accommodations/${(await created(app, w, '/accommodations', accommodationBody())).id}`),
  },
  // Bookings (0 all; 1, 3 all of own; 2 create + those they sold; 4, 5 those on their sheets)
  { route: 'GET /api/v1/bookings', expect: allow(ALL), request: () => r('GET', `${V1}/bookings`) },
  // The list as a CSV file (issue 13): the list's roles, exactly.
  {
    route: 'GET /api/v1/bookings/export.csv',
    expect: allow(ALL),
    request: () => r('GET', `${V1}/bookings/export.csv`),
  },
  {
    route: 'POST /api/v1/bookings',
    expect: allow(SELLERS),
    request: ({ w }) => r('POST', `${V1}/bookings`, bookingBody(w.a.product.id, { date: day(3) })),
  },
  {
    route: 'GET /api/v1/bookings/calendar',
    expect: allow(SELLERS),
    request: () => r('GET', `${V1}/bookings/calendar?from=${day(0)}&to=${day(7)}`),
  },
  {
    route: 'GET /api/v1/bookings/calendar/days',
    expect: allow(SELLERS),
    request: () => r('GET', `${V1}/bookings/calendar/days?from=${day(0)}&to=${day(7)}`),
  },
  {
    route: 'GET /api/v1/bookings/calendar/columns',
    expect: allow(SELLERS),
    request: () => r('GET', `${V1}/bookings/calendar/columns?from=${day(0)}&to=${day(7)}`),
  },
  {
    route: 'POST /api/v1/bookings/quote',
    expect: allow(SELLERS),
    request: ({ w }) =>
      r('POST', `${V1}/bookings/quote`, { product_id: w.a.product.id, date: day(2), time: '09:00', pax: { adult: 2 } }),
  },
  {
    route: 'GET /api/v1/bookings/:id',
    label: 'sold by the Vendedor, on the Chofer and Guía sheet',
    expect: allow(ALL),
    request: ({ w }) => r('GET', `${V1}/bookings/${w.a.booking.id}`),
  },
  {
    route: 'GET /api/v1/bookings/:id',
    label: 'sold by the office, on no sheet',
    expect: { ...allow(PLANNERS), 2: 404, 4: 404, 5: 404 },
    request: ({ w }) => r('GET', `${V1}/bookings/${w.a.officeBooking.id}`),
  },
  {
    route: 'PUT /api/v1/bookings/:id',
    label: 'sold by the Vendedor',
    expect: allow(SELLERS),
    request: ({ w }) => r('PUT', `${V1}/bookings/${w.a.booking.id}`, { room: '102' }),
  },
  {
    route: 'PUT /api/v1/bookings/:id',
    label: 'sold by the office',
    expect: { ...allow(PLANNERS), 2: 404 },
    request: ({ w }) => r('PUT', `${V1}/bookings/${w.a.officeBooking.id}`, { room: '7' }),
  },
  {
    route: 'POST /api/v1/bookings/:id/cancel',
    expect: allow(SELLERS),
    request: async ({ app, w }) => {
      const res = await send(app, {
        method: 'POST',
        url: `${V1}/bookings`,
        token: w.tokens.A2,
        payload: bookingBody(w.a.product.id, { date: day(4) }),
      });
      return r('POST', `${V1}/bookings/${res.json().id}/cancel`, { reason: 'El cliente no puede venir' });
    },
  },
  {
    route: 'GET /api/v1/bookings/:id/payments',
    expect: allow(ALL),
    request: ({ w }) => r('GET', `${V1}/bookings/${w.a.booking.id}/payments`),
  },
  {
    route: 'POST /api/v1/bookings/:id/payments',
    expect: allow(SELLERS),
    request: ({ w }) => r('POST', `${V1}/bookings/${w.a.booking.id}/payments`, { amount_cents: 100, method: 'card' }),
  },
  {
    route: 'GET /api/v1/bookings/:id/events',
    expect: allow(ALL),
    request: ({ w }) => r('GET', `${V1}/bookings/${w.a.booking.id}/events`),
  },
  // A booking's messages (issue 14): those who edit bookings, on the bookings they may read.
  {
    route: 'GET /api/v1/bookings/:id/messages',
    label: 'sold by the Vendedor',
    expect: allow(SELLERS),
    request: ({ w }) => r('GET', `${V1}/bookings/${w.a.booking.id}/messages`),
  },
  {
    route: 'GET /api/v1/bookings/:id/messages',
    label: 'sold by the office (not the Vendedor’s)',
    expect: { ...allow(PLANNERS), 2: 404 },
    request: ({ w }) => r('GET', `${V1}/bookings/${w.a.officeBooking.id}/messages`),
  },
  // "Enviar por WhatsApp" (issue 14): everyone, on the bookings they may read (the crew: their sheets).
  {
    route: 'POST /api/v1/bookings/:id/whatsapp',
    label: 'sold by the Vendedor, on the Chofer and Guía sheet',
    expect: allow(ALL),
    request: ({ w }) => r('POST', `${V1}/bookings/${w.a.booking.id}/whatsapp`, { kind: 'booking_confirmed' }),
  },
  {
    route: 'POST /api/v1/bookings/:id/whatsapp',
    label: 'sold by the office, on no sheet',
    expect: { ...allow(PLANNERS), 2: 404, 4: 404, 5: 404 },
    request: ({ w }) => r('POST', `${V1}/bookings/${w.a.officeBooking.id}/whatsapp`, { kind: 'booking_reminder' }),
  },
  // ADR 022: a payment link — the office and the Vendedor on the bookings they sold (operator A has
  // no payment provider: 409 PAYMENTS_NOT_CONFIGURED past the permission check).
  {
    route: 'POST /api/v1/bookings/:id/payment-links',
    expect: allow(SELLERS, 409),
    request: ({ w }) => r('POST', `${V1}/bookings/${w.a.booking.id}/payment-links`, { channel: 'none' }),
  },
  // ADR 022: a refund through the provider — the office only (no online payment: 422 REFUND_EXCEEDS_PAID).
  {
    route: 'POST /api/v1/bookings/:id/refunds',
    expect: allow(PLANNERS, 422),
    request: ({ w }) => ({
      ...r('POST', `${V1}/bookings/${w.a.booking.id}/refunds`, { amount_cents: 100, reason: 'Prueba' }),
      headers: { 'idempotency-key': randomUUID() },
    }),
  },
  // «Facturas» (issue 34): the office (0, 1, 3) reads and issues invoices; the security world has no
  // invoice, so the reads of one answer 404 past the permission check (invoices.routes.test.ts reads real ones).
  { route: 'GET /api/v1/invoices', expect: allow(PLANNERS), request: () => r('GET', `${V1}/invoices`) },
  {
    route: 'GET /api/v1/invoices/:id',
    expect: allow(PLANNERS, 404),
    request: () => r('GET', `${V1}/invoices/${randomUUID()}`),
  },
  {
    route: 'GET /api/v1/invoices/:id/record',
    expect: allow(PLANNERS, 404),
    request: () => r('GET', `${V1}/invoices/${randomUUID()}/record`),
  },
  {
    route: 'GET /api/v1/invoices/:id/pdf',
    expect: allow(PLANNERS, 404),
    request: () => r('GET', `${V1}/invoices/${randomUUID()}/pdf`),
  },
  {
    route: 'POST /api/v1/invoices/:id/record/resend',
    expect: allow(PLANNERS, 404),
    request: () => r('POST', `${V1}/invoices/${randomUUID()}/record/resend`),
  },
  {
    route: 'POST /api/v1/invoices/:id/corrections',
    expect: allow(PLANNERS, 404),
    request: () => r('POST', `${V1}/invoices/${randomUUID()}/corrections`, { reason: 'Devolución' }),
  },
  {
    route: 'GET /api/v1/bookings/:id/invoices',
    expect: allow(PLANNERS),
    request: ({ w }) => r('GET', `${V1}/bookings/${w.a.booking.id}/invoices`),
  },
  {
    // Not paid in full (1000 of it): 409 NOT_INVOICEABLE past the permission check.
    route: 'POST /api/v1/bookings/:id/invoices',
    expect: allow(PLANNERS, 409),
    request: ({ w }) => r('POST', `${V1}/bookings/${w.a.booking.id}/invoices`, { kind: 'simplified' }),
  },
  // Mensajes (issue 14): the office (0, 1, 3) reads the outbox and sends a customer e-mail again.
  { route: 'GET /api/v1/messages', expect: allow(PLANNERS), request: () => r('GET', `${V1}/messages`) },
  {
    // Issue 31: a Vendedor opens the messages of the bookings they sold (this one is theirs).
    route: 'GET /api/v1/messages/:id',
    label: 'of a booking the seller sold',
    expect: allow(SELLERS),
    request: ({ w }) => r('GET', `${V1}/messages/${w.a.message.id}`),
  },
  {
    route: 'GET /api/v1/messages/:id',
    label: 'of a booking the office sold',
    expect: { ...allow(PLANNERS), 2: 404 },
    request: ({ w }) => r('GET', `${V1}/messages/${w.a.sentMessage.id}`),
  },
  // The list as a CSV file (issue 31 item 12): the list's roles, exactly.
  {
    route: 'GET /api/v1/messages/export.csv',
    expect: allow(PLANNERS),
    request: () => r('GET', `${V1}/messages/export.csv`),
  },
  {
    // The original stays sent: every attempt writes a copy of its own.
    route: 'POST /api/v1/messages/:id/resend',
    expect: allow(PLANNERS),
    request: ({ w }) => r('POST', `${V1}/messages/${w.a.sentMessage.id}/resend`),
  },
  {
    route: 'POST /api/v1/messages/:id/resend',
    label: 'still queued (409 STATE_CONFLICT past the permission check)',
    expect: allow(PLANNERS, 409),
    request: ({ w }) => r('POST', `${V1}/messages/${w.a.message.id}/resend`),
  },
  // Schedule sheets (0 all; 1, 3 all of own; 4 read assigned + state; 5 read assigned + check-in)
  {
    route: 'GET /api/v1/schedule-sheets',
    expect: allow(CREW_AND_PLANNERS),
    request: () => r('GET', `${V1}/schedule-sheets`),
  },
  {
    route: 'POST /api/v1/schedule-sheets',
    expect: allow(PLANNERS),
    request: ({ w }) =>
      r('POST', `${V1}/schedule-sheets`, { product_id: w.a.product.id, date: day(sheetDay++), time: '18:00' }),
  },
  {
    route: 'POST /api/v1/schedule-sheets/generate',
    expect: allow(PLANNERS),
    request: () => r('POST', `${V1}/schedule-sheets/generate`, { date: day(3) }),
  },
  {
    route: 'GET /api/v1/schedule-sheets/:id',
    expect: allow(CREW_AND_PLANNERS),
    request: ({ w }) => r('GET', `${V1}/schedule-sheets/${w.a.sheet.id}`),
  },
  {
    route: 'PUT /api/v1/schedule-sheets/:id',
    label: 'assignments (planners)',
    expect: { ...allow(PLANNERS), 4: 403, 5: 403 },
    request: ({ w, level }) => r('PUT', `${V1}/schedule-sheets/${w.a.sheet.id}`, { notes: `Nota del nivel ${level}` }),
  },
  {
    route: 'PUT /api/v1/schedule-sheets/:id',
    label: 'state (the crew)',
    expect: allow(CREW_AND_PLANNERS),
    request: ({ w }) => r('PUT', `${V1}/schedule-sheets/${w.a.sheet.id}`, { state: 'ready' }),
  },
  {
    route: 'DELETE /api/v1/schedule-sheets/:id',
    expect: allow(PLANNERS),
    request: async ({ app, w, level }) => {
      if (!PLANNERS.includes(level)) return r('DELETE', `${V1}/schedule-sheets/${w.a.sheet.id}`);
      const sheet = await created(app, w, '/schedule-sheets', {
        product_id: w.a.product.id,
        date: day(sheetDay++),
        time: '09:00',
      });
      return r('DELETE', `${V1}/schedule-sheets/${sheet.id}`);
    },
  },
  {
    route: 'POST /api/v1/schedule-sheets/:id/check-in',
    // The sheet is tomorrow's: the office checks in early with a reason; the Chofer and the Guía get
    // past the permission check and are told boarding opens on the departure's day (409).
    expect: { ...allow(PLANNERS), 4: 409, 5: 409 },
    request: ({ w, level }) =>
      r('POST', `${V1}/schedule-sheets/${w.a.sheet.id}/check-in`, {
        booking_id: w.a.booking.id,
        ...(PLANNERS.includes(level) ? { override_reason: 'Prueba de seguridad' } : {}),
      }),
  },
  {
    route: 'POST /api/v1/schedule-sheets/:id/finish',
    // The departure has not started: 422 proves the caller got past the permission check.
    expect: allow(CREW_AND_PLANNERS, 422),
    request: ({ w }) => r('POST', `${V1}/schedule-sheets/${w.a.sheet.id}/finish`),
  },
  // Dashboard (everyone, each their own scope)
  { route: 'GET /api/v1/dashboard', expect: allow(ALL), request: () => r('GET', `${V1}/dashboard`) },
  // Audit log (issue 7: visible to administrators: 0 everything, 1 its operator's)
  { route: 'GET /api/v1/audit-log', expect: allow(MANAGERS), request: () => r('GET', `${V1}/audit-log`) },
  // The list as a CSV file (issue 13): the list's roles, exactly.
  {
    route: 'GET /api/v1/audit-log/export.csv',
    expect: allow(MANAGERS),
    request: () => r('GET', `${V1}/audit-log/export.csv`),
  },
  // The state of the background work (issue 31): the platform's, the administrator's only.
  { route: 'GET /api/v1/jobs', expect: allow([0]), request: () => r('GET', `${V1}/jobs`) },
  // «Comisiones» (issue 34): 0–2 read (a Vendedor their own: another party's statement is 404), 0–1 make and settle.
  {
    route: 'GET /api/v1/commissions/due',
    expect: allow([0, 1, 2]),
    request: () => r('GET', `${V1}/commissions/due?from=${day(-30)}&to=${day(30)}`),
  },
  {
    route: 'GET /api/v1/commissions/due/summary',
    expect: allow([0, 1, 2]),
    request: () => r('GET', `${V1}/commissions/due/summary?from=${day(-30)}&to=${day(30)}`),
  },
  {
    route: 'POST /api/v1/commissions/statements',
    label: 'nothing due in a far period: 422 past the role check',
    expect: allow(MANAGERS, 422),
    request: ({ w }) =>
      r('POST', `${V1}/commissions/statements`, {
        party_kind: 'seller',
        seller_id: w.A.l2.id,
        from: day(300),
        to: day(301),
      }),
  },
  {
    route: 'GET /api/v1/commissions/statements',
    expect: allow([0, 1, 2]),
    request: () => r('GET', `${V1}/commissions/statements`),
  },
  {
    route: 'GET /api/v1/commissions/statements/:id',
    label: "a channel's: not the Vendedor's own",
    expect: { ...allow(MANAGERS), 2: 404 },
    request: async ({ app, w }) => r('GET', `${V1}/commissions/statements/${(await statementOfA(app, w)).id}`),
  },
  {
    route: 'GET /api/v1/commissions/statements/:id/export.csv',
    label: "a channel's: not the Vendedor's own",
    expect: { ...allow(MANAGERS), 2: 404 },
    request: async ({ app, w }) =>
      r('GET', `${V1}/commissions/statements/${(await statementOfA(app, w)).id}/export.csv`),
  },
  {
    route: 'POST /api/v1/commissions/statements/:id/settle',
    expect: allow(MANAGERS),
    request: async ({ app, w }) =>
      r('POST', `${V1}/commissions/statements/${(await statementOfA(app, w)).id}/settle`, {
        settled_on: day(0),
        method: 'transfer',
      }),
  },
  // «Caja» (issue 34): the office (0, 1, 3).
  { route: 'GET /api/v1/cash/holders', expect: allow(PLANNERS), request: () => r('GET', `${V1}/cash/holders`) },
  {
    route: 'GET /api/v1/cash/holders/:id',
    expect: allow(PLANNERS),
    request: ({ w }) => r('GET', `${V1}/cash/holders/${w.A.l5.id}`),
  },
  {
    route: 'POST /api/v1/cash/handovers',
    label: 'a payment that is not held: 422 past the role check',
    expect: allow(PLANNERS, 422),
    request: ({ w }) =>
      r('POST', `${V1}/cash/handovers`, { holder_id: w.A.l5.id, payment_ids: [randomUUID()], received_cents: 0 }),
  },
  { route: 'GET /api/v1/cash/handovers', expect: allow(PLANNERS), request: () => r('GET', `${V1}/cash/handovers`) },
  {
    route: 'GET /api/v1/cash/handovers/:id',
    expect: allow(PLANNERS),
    request: async ({ app, w }) => r('GET', `${V1}/cash/handovers/${(await handoverOfA(app, w)).id}`),
  },
  // «Informes» (issue 34): sales and cancellations for 0–2 (a Vendedor's own), occupancy and taxes for 0–1; each as JSON, CSV and XLSX.
  ...REPORT_ROUTES.flatMap(({ path, levels }) =>
    ['', '/export.csv', '/export.xlsx'].map((suffix) => ({
      route: `GET ${V1}${path}${suffix}`,
      expect: allow(levels),
      request: () => r('GET', `${V1}${path}${suffix}?from=${day(-30)}&to=${day(30)}`),
    })),
  ),
];

/** Routes that need no token (PRODUCT.md §2 "public (no token)", health, login), called without one. */
export const PUBLIC_ROWS: { route: string; request: (w: SecurityWorld) => Req; expect: Expect }[] = [
  { route: 'GET /api/v1/health', expect: 'ok', request: () => r('GET', `${V1}/health`) },
  { route: 'GET /api/v1/ready', expect: 'ok', request: () => r('GET', `${V1}/ready`) },
  {
    route: 'POST /api/v1/auth/login',
    expect: 'ok',
    request: (w) => r('POST', `${V1}/auth/login`, { email: w.A.l1.email, password: 'Secreta123' }),
  },
  {
    // "¿Has olvidado tu contraseña?": 202 whatever the address (issue 14).
    route: 'POST /api/v1/auth/password-reset',
    expect: 'ok',
    request: (w) => r('POST', `${V1}/auth/password-reset`, { email: w.A.l1.email }),
  },
  {
    // Without a link's token: 422 RESET_TOKEN_INVALID (the valid path is in auth.password-reset.test.ts).
    route: 'POST /api/v1/auth/password-reset/confirm',
    expect: 422,
    request: () =>
      r('POST', `${V1}/auth/password-reset/confirm`, {
        token: 'not-a-real-token',
        password: 'Nueva-clave-1',
        re_password: 'Nueva-clave-1',
      }),
  },
  {
    route: 'GET /api/v1/public/products/:id',
    expect: 'ok',
    request: (w) => r('GET', `${V1}/public/products/${w.a.product.id}`),
  },
  {
    route: 'GET /api/v1/public/products/:id/availability',
    expect: 'ok',
    request: (w) => r('GET', `${V1}/public/products/${w.a.product.id}/availability`),
  },
  {
    route: 'GET /api/v1/public/accommodations',
    expect: 'ok',
    request: (w) => r('GET', `${V1}/public/accommodations?product_id=${w.a.product.id}`),
  },
  {
    route: 'POST /api/v1/public/bookings',
    expect: 'ok',
    request: (w) => ({
      ...r('POST', `${V1}/public/bookings`, { ...bookingBody(w.a.product.id, { date: day(5) }), accept_terms: true }),
      headers: { 'idempotency-key': `sec-${uniq()}` },
    }),
  },
  {
    route: 'GET /api/v1/public/bookings/:id',
    expect: 'ok',
    request: (w) => r('GET', `${V1}/public/bookings/${w.a.booking.id}`),
  },
  {
    route: 'PUT /api/v1/public/bookings/:id',
    expect: 'ok',
    request: (w) => r('PUT', `${V1}/public/bookings/${w.a.booking.id}`, { customer_phone: '+34 611 222 333' }),
  },
  {
    // Operator A takes no payments online and the product is paid on the day: 409, past any auth check.
    route: 'POST /api/v1/public/bookings/:id/payments',
    expect: 409,
    request: (w) => r('POST', `${V1}/public/bookings/${w.a.booking.id}/payments`, {}),
  },
  {
    // A provider's notification carries no token: its signature is checked against the order's
    // operator; an order nobody has is answered 200 and ignored (ADR 022).
    route: 'POST /api/v1/payments/redsys/notification',
    expect: 'ok',
    request: () => ({
      ...r(
        'POST',
        `${V1}/payments/redsys/notification`,
        formBody(signRedsysNotification({ order: '0000unknown0', amountCents: 100 })),
      ),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  {
    route: 'POST /api/v1/payments/stripe/webhook',
    expect: 'ok',
    request: () => ({
      ...r(
        'POST',
        `${V1}/payments/stripe/webhook`,
        JSON.stringify({
          id: 'evt_unknown',
          object: 'event',
          type: 'checkout.session.completed',
          data: { object: { id: 'cs_test_unknown', object: 'checkout.session' } },
        }),
      ),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    }),
  },
  {
    route: 'POST /api/v1/public/bookings/:id/cancel',
    // The free-cancellation window (720 h) is over: 409 is past any auth check, and nothing changes.
    expect: 409,
    request: (w) => r('POST', `${V1}/public/bookings/${w.a.booking.id}/cancel`, { reason: 'Cambio de planes' }),
  },
  // «Facturas» (issue 34): the customer's invoices by their booking's link.
  {
    route: 'GET /api/v1/public/bookings/:id/invoices',
    expect: 'ok',
    request: (w) => r('GET', `${V1}/public/bookings/${w.a.booking.id}/invoices`),
  },
  {
    // Not paid in full: 409 NOT_INVOICEABLE, and nothing is written.
    route: 'POST /api/v1/public/bookings/:id/invoices',
    expect: 409,
    request: (w) => r('POST', `${V1}/public/bookings/${w.a.booking.id}/invoices`, {}),
  },
  {
    route: 'GET /api/v1/public/bookings/:id/invoices/:invoiceId/pdf',
    expect: 404,
    request: (w) => r('GET', `${V1}/public/bookings/${w.a.booking.id}/invoices/${randomUUID()}/pdf`),
  },
];

/** Operator A's admin (level 1) on operator B's rows: `expect` lists the acceptable refusals. */
export type TenantRow = { route: string; label: string; expect: number[]; request: (w: SecurityWorld) => Req };
const nf = [404];

export const TENANT_ROWS: TenantRow[] = [
  // «Comisiones» and «Caja» (issue 34): B's seller, guide and their money.
  {
    route: 'POST /api/v1/commissions/statements',
    label: "for B's seller",
    expect: [422],
    request: (w) =>
      r('POST', `${V1}/commissions/statements`, {
        party_kind: 'seller',
        seller_id: w.B.l2.id,
        from: day(-30),
        to: day(30),
      }),
  },
  {
    route: 'GET /api/v1/cash/holders/:id',
    label: "B's guide",
    expect: nf,
    request: (w) => r('GET', `${V1}/cash/holders/${w.B.l5.id}`),
  },
  {
    route: 'POST /api/v1/cash/handovers',
    label: "from B's guide",
    expect: [422],
    request: (w) =>
      r('POST', `${V1}/cash/handovers`, { holder_id: w.B.l5.id, payment_ids: [randomUUID()], received_cents: 0 }),
  },
  {
    route: 'GET /api/v1/users/:id',
    label: "B's seller",
    expect: nf,
    request: (w) => r('GET', `${V1}/users/${w.B.l2.id}`),
  },
  {
    route: 'PUT /api/v1/users/:id',
    label: "promote B's seller",
    expect: nf,
    request: (w) => r('PUT', `${V1}/users/${w.B.l2.id}`, { level: 1, full_name: 'Hackeado' }),
  },
  {
    route: 'DELETE /api/v1/users/:id',
    label: "B's admin",
    expect: nf,
    request: (w) => r('DELETE', `${V1}/users/${w.B.l1.id}`),
  },
  {
    route: 'POST /api/v1/users',
    label: 'a user in B',
    // Ignored tour_operator_id (created in A) would also be safe; B must get no user.
    expect: [201, 403, 404, 422],
    request: (w) =>
      r('POST', `${V1}/users`, {
        full_name: 'Intruso',
        email: `intruso-${uniq()}@example.com`,
        level: 1,
        password: 'Secreta123',
        re_password: 'Secreta123',
        tour_operator_id: w.b.opId,
      }),
  },
  {
    route: 'POST /api/v1/users/:id/invitation',
    label: "B's admin (a link to take over the account, were it sent)",
    expect: nf,
    request: (w) => r('POST', `${V1}/users/${w.B.l1.id}/invitation`),
  },
  {
    route: 'GET /api/v1/tour-operators/:id/message-settings',
    label: "B's",
    expect: nf,
    request: (w) => r('GET', `${V1}/tour-operators/${w.b.opId}/message-settings`),
  },
  {
    route: 'PUT /api/v1/tour-operators/:id/message-settings',
    label: "B's: every customer message off, another sender",
    expect: nf,
    request: (w) =>
      r('PUT', `${V1}/tour-operators/${w.b.opId}/message-settings`, {
        sender_name: 'Hackeado',
        reply_to: 'intruso@example.com',
        enabled_kinds: [],
      }),
  },
  {
    route: 'GET /api/v1/tour-operators/:id/payment-settings',
    label: "B's",
    expect: nf,
    request: (w) => r('GET', `${V1}/tour-operators/${w.b.opId}/payment-settings`),
  },
  {
    route: 'PUT /api/v1/tour-operators/:id/payment-settings',
    label: "B's: payments switched off",
    expect: nf,
    request: (w) =>
      r('PUT', `${V1}/tour-operators/${w.b.opId}/payment-settings`, { provider: null, mode: 'test', hold_minutes: 1 }),
  },
  // Sales channels (issue 33): B's channel, its keys and its log.
  {
    route: 'GET /api/v1/channels/:id',
    label: "B's channel",
    expect: nf,
    request: (w) => r('GET', `${V1}/channels/${w.b.channel.id}`),
  },
  {
    route: 'PUT /api/v1/channels/:id',
    label: "B's channel: switched off, its webhook pointed elsewhere",
    expect: nf,
    request: (w) =>
      r('PUT', `${V1}/channels/${w.b.channel.id}`, {
        name: 'Hackeado',
        active: false,
        webhook_url: 'https://intruso.example/hook',
        webhook_secret: 'secreto-del-intruso-123',
      }),
  },
  {
    route: 'POST /api/v1/channels',
    label: 'a channel in B',
    // Ignored tour_operator_id (created in A) is safe too; B must get no channel.
    expect: [201, 403, 404, 422],
    request: (w) => r('POST', `${V1}/channels`, { name: `Intruso ${uniq()}`, tour_operator_id: w.b.opId }),
  },
  {
    route: 'POST /api/v1/channels/:id/keys',
    label: "a key of B's channel (to book as B's reseller)",
    expect: nf,
    request: (w) => r('POST', `${V1}/channels/${w.b.channel.id}/keys`, { label: 'Intrusa' }),
  },
  {
    route: 'GET /api/v1/channels/:id/keys',
    label: "B's channel's keys",
    expect: nf,
    request: (w) => r('GET', `${V1}/channels/${w.b.channel.id}/keys`),
  },
  {
    route: 'DELETE /api/v1/channels/:id/keys/:keyId',
    label: "B's key on B's channel",
    expect: nf,
    request: (w) => r('DELETE', `${V1}/channels/${w.b.channel.id}/keys/${w.b.channelKey.id}`),
  },
  {
    route: 'DELETE /api/v1/channels/:id/keys/:keyId',
    label: "B's key through A's own channel",
    expect: nf,
    request: (w) => r('DELETE', `${V1}/channels/${w.a.channel.id}/keys/${w.b.channelKey.id}`),
  },
  {
    route: 'GET /api/v1/channels/:id/requests',
    label: "B's channel's request log",
    expect: nf,
    request: (w) => r('GET', `${V1}/channels/${w.b.channel.id}/requests`),
  },
  {
    route: 'GET /api/v1/tour-operators/:id',
    label: 'B',
    expect: nf,
    request: (w) => r('GET', `${V1}/tour-operators/${w.b.opId}`),
  },
  {
    route: 'PUT /api/v1/tour-operators/:id',
    label: 'rename B',
    expect: nf,
    request: (w) => r('PUT', `${V1}/tour-operators/${w.b.opId}`, { name: 'Hackeado', state: 2 }),
  },
  {
    route: 'GET /api/v1/products/:id',
    label: "B's product",
    expect: nf,
    request: (w) => r('GET', `${V1}/products/${w.b.product.id}`),
  },
  {
    route: 'PUT /api/v1/products/:id',
    label: "B's product",
    expect: nf,
    request: (w) => r('PUT', `${V1}/products/${w.b.product.id}`, { name: 'Hackeado', state: 'inactive' }),
  },
  {
    route: 'DELETE /api/v1/products/:id',
    label: "B's product",
    expect: nf,
    request: (w) => r('DELETE', `${V1}/products/${w.b.product.id}`),
  },
  {
    route: 'POST /api/v1/products',
    label: 'a product in B',
    expect: [201, 403, 404, 422],
    request: (w) => r('POST', `${V1}/products`, { ...productBody(w.a.accommodation.id), tour_operator_id: w.b.opId }),
  },
  {
    route: 'GET /api/v1/products/:id/availability',
    label: "B's product",
    expect: nf,
    request: (w) => r('GET', `${V1}/products/${w.b.product.id}/availability?from=${day(1)}&to=${day(3)}`),
  },
  {
    route: 'PUT /api/v1/products/:id/departures',
    label: "close B's departure",
    expect: nf,
    request: (w) =>
      r('PUT', `${V1}/products/${w.b.product.id}/departures`, { date: day(1), time: '09:00', closed: true }),
  },
  {
    route: 'POST /api/v1/products/:id/departures/cancel',
    label: "B's departure with B's booking on it",
    expect: nf,
    request: (w) =>
      r('POST', `${V1}/products/${w.b.product.id}/departures/cancel`, {
        date: day(1),
        time: '09:00',
        reason: 'other',
        next_steps: 'Hackeado',
      }),
  },
  {
    route: 'POST /api/v1/products/:id/images',
    label: "upload to B's product",
    expect: nf,
    request: () => r('GET', '/'), // replaced in the test by a real multipart upload
  },
  {
    route: 'PUT /api/v1/products/:id/images/order',
    label: "reorder B's images",
    expect: nf,
    request: (w) => r('PUT', `${V1}/products/${w.b.product.id}/images/order`, { ids: w.b.image ? [w.b.image.id] : [] }),
  },
  {
    route: 'PUT /api/v1/products/:id/images/:imageId',
    label: "B's image",
    expect: nf,
    request: (w) => r('PUT', `${V1}/products/${w.b.product.id}/images/${w.b.image?.id}`, { alt: 'Hackeado' }),
  },
  {
    route: 'PUT /api/v1/products/:id/images/:imageId',
    label: "B's image under A's product",
    expect: nf,
    request: (w) => r('PUT', `${V1}/products/${w.a.product.id}/images/${w.b.image?.id}`, { alt: 'Hackeado' }),
  },
  {
    route: 'DELETE /api/v1/products/:id/images/:imageId',
    label: "B's image",
    expect: nf,
    request: (w) => r('DELETE', `${V1}/products/${w.b.product.id}/images/${w.b.image?.id}`),
  },
  {
    route: 'DELETE /api/v1/products/:id/images/:imageId',
    label: "B's image under A's product",
    expect: nf,
    request: (w) => r('DELETE', `${V1}/products/${w.a.product.id}/images/${w.b.image?.id}`),
  },
  {
    route: 'GET /api/v1/vehicles/:id',
    label: "B's",
    expect: nf,
    request: (w) => r('GET', `${V1}/vehicles/${w.b.vehicle.id}`),
  },
  {
    route: 'PUT /api/v1/vehicles/:id',
    label: "B's, with its unavailabilities",
    expect: nf,
    request: (w) => r('PUT', `${V1}/vehicles/${w.b.vehicle.id}`, { seats: 1, unavailable_periods: [] }),
  },
  {
    route: 'DELETE /api/v1/vehicles/:id',
    label: "B's",
    expect: nf,
    request: (w) => r('DELETE', `${V1}/vehicles/${w.b.vehicle.id}`),
  },
  {
    route: 'POST /api/v1/vehicles',
    label: 'a vehicle in B',
    expect: [201, 403, 404, 422],
    request: (w) => r('POST', `${V1}/vehicles`, { ...vehicleBody(), tour_operator_id: w.b.opId }),
  },
  {
    route: 'GET /api/v1/persons/:id',
    label: "B's",
    expect: nf,
    request: (w) => r('GET', `${V1}/persons/${w.b.person.id}`),
  },
  {
    route: 'PUT /api/v1/persons/:id',
    label: "B's",
    expect: nf,
    request: (w) => r('PUT', `${V1}/persons/${w.b.person.id}`, { full_name: 'Hackeado' }),
  },
  {
    route: 'DELETE /api/v1/persons/:id',
    label: "B's",
    expect: nf,
    request: (w) => r('DELETE', `${V1}/persons/${w.b.person.id}`),
  },
  {
    route: 'POST /api/v1/persons',
    label: 'a person in B',
    expect: [201, 403, 404, 422],
    request: (w) => r('POST', `${V1}/persons`, { ...personBody(), tour_operator_id: w.b.opId }),
  },
  {
    route: 'GET /api/v1/accommodations/:id',
    label: "B's own",
    expect: nf,
    request: (w) => r('GET', `${V1}/accommodations/${w.b.accommodation.id}`),
  },
  {
    route: 'PUT /api/v1/accommodations/:id',
    label: "B's own",
    expect: nf,
    request: (w) => r('PUT', `${V1}/accommodations/${w.b.accommodation.id}`, { name: 'Hackeado' }),
  },
  {
    route: 'DELETE /api/v1/accommodations/:id',
    label: "B's own",
    expect: nf,
    request: (w) => r('DELETE', `${V1}/accommodations/${w.b.accommodation.id}`),
  },
  {
    route: 'POST /api/v1/accommodations',
    label: "in B, collected at B's hotel",
    expect: [201, 403, 404, 422],
    request: (w) =>
      r('POST', `${V1}/accommodations`, {
        ...accommodationBody(),
        tour_operator_id: w.b.opId,
        pickup_at_id: w.b.accommodation.id,
      }),
  },
  {
    route: 'POST /api/v1/accommodations/import',
    label: 'into B',
    expect: [200, 403, 404, 422],
    request: (w) =>
      r('POST', `${V1}/accommodations/import`, { csv: 'name\nHotel Intruso\n', tour_operator_id: w.b.opId }),
  },
  {
    route: 'GET /api/v1/bookings/:id',
    label: "B's",
    expect: nf,
    request: (w) => r('GET', `${V1}/bookings/${w.b.booking.id}`),
  },
  {
    route: 'PUT /api/v1/bookings/:id',
    label: "B's",
    expect: nf,
    request: (w) => r('PUT', `${V1}/bookings/${w.b.booking.id}`, { customer_name: 'Hackeado', pax: { adult: 9 } }),
  },
  {
    route: 'POST /api/v1/bookings/:id/cancel',
    label: "B's",
    expect: nf,
    request: (w) => r('POST', `${V1}/bookings/${w.b.booking.id}/cancel`, { reason: 'Hackeado' }),
  },
  {
    route: 'GET /api/v1/bookings/:id/payments',
    label: "B's",
    expect: nf,
    request: (w) => r('GET', `${V1}/bookings/${w.b.booking.id}/payments`),
  },
  {
    route: 'POST /api/v1/bookings/:id/payments',
    label: "refund on B's",
    expect: nf,
    request: (w) =>
      r('POST', `${V1}/bookings/${w.b.booking.id}/payments`, { kind: 'refund', amount_cents: 500, method: 'cash' }),
  },
  {
    route: 'POST /api/v1/bookings/:id/payment-links',
    label: "B's",
    expect: nf,
    request: (w) => r('POST', `${V1}/bookings/${w.b.booking.id}/payment-links`, { channel: 'none' }),
  },
  {
    route: 'POST /api/v1/bookings/:id/refunds',
    label: "B's",
    expect: nf,
    request: (w) => ({
      ...r('POST', `${V1}/bookings/${w.b.booking.id}/refunds`, { amount_cents: 100, reason: 'Hackeado' }),
      headers: { 'idempotency-key': randomUUID() },
    }),
  },
  {
    route: 'POST /api/v1/bookings/:id/invoices',
    label: "B's booking",
    expect: nf,
    request: (w) => r('POST', `${V1}/bookings/${w.b.booking.id}/invoices`, { kind: 'simplified' }),
  },
  {
    route: 'GET /api/v1/bookings/:id/invoices',
    label: "B's booking's invoices",
    expect: nf,
    request: (w) => r('GET', `${V1}/bookings/${w.b.booking.id}/invoices`),
  },
  {
    route: 'GET /api/v1/bookings/:id/events',
    label: "B's history",
    expect: nf,
    request: (w) => r('GET', `${V1}/bookings/${w.b.booking.id}/events`),
  },
  {
    route: 'GET /api/v1/bookings/:id/messages',
    label: "B's",
    expect: nf,
    request: (w) => r('GET', `${V1}/bookings/${w.b.booking.id}/messages`),
  },
  {
    route: 'POST /api/v1/bookings/:id/whatsapp',
    label: "B's (its customer's phone and voucher)",
    expect: nf,
    request: (w) => r('POST', `${V1}/bookings/${w.b.booking.id}/whatsapp`, { kind: 'booking_confirmed' }),
  },
  {
    route: 'GET /api/v1/messages/:id',
    label: "B's",
    expect: nf,
    request: (w) => r('GET', `${V1}/messages/${w.b.message.id}`),
  },
  {
    route: 'POST /api/v1/messages/:id/resend',
    label: "B's sent e-mail (one that B itself may send again)",
    expect: nf,
    request: (w) => r('POST', `${V1}/messages/${w.b.sentMessage.id}/resend`),
  },
  {
    route: 'POST /api/v1/bookings',
    label: "on B's product",
    expect: [404, 422],
    request: (w) => r('POST', `${V1}/bookings`, bookingBody(w.b.product.id)),
  },
  {
    route: 'POST /api/v1/bookings',
    label: "A's product, B's hotel and B's seller",
    expect: [403, 404, 422],
    request: (w) =>
      r(
        'POST',
        `${V1}/bookings`,
        bookingBody(w.a.product.id, { accommodation_id: w.b.accommodation.id, seller_id: w.B.l2.id }),
      ),
  },
  {
    route: 'POST /api/v1/bookings/quote',
    label: "B's product",
    expect: [404, 422],
    request: (w) => r('POST', `${V1}/bookings/quote`, { product_id: w.b.product.id, date: day(2), pax: { adult: 1 } }),
  },
  {
    route: 'GET /api/v1/schedule-sheets/:id',
    label: "B's",
    expect: nf,
    request: (w) => r('GET', `${V1}/schedule-sheets/${w.b.sheet.id}`),
  },
  {
    route: 'PUT /api/v1/schedule-sheets/:id',
    label: "B's",
    expect: nf,
    request: (w) => r('PUT', `${V1}/schedule-sheets/${w.b.sheet.id}`, { notes: 'Hackeado', driver_id: null }),
  },
  {
    route: 'PUT /api/v1/schedule-sheets/:id',
    label: "A's sheet with B's vehicle, driver and person",
    expect: [404, 422],
    request: (w) =>
      r('PUT', `${V1}/schedule-sheets/${w.a.sheet.id}`, {
        vehicle_id: w.b.vehicle.id,
        driver_id: w.B.l4.id,
        person_ids: [w.b.person.id],
      }),
  },
  {
    route: 'DELETE /api/v1/schedule-sheets/:id',
    label: "B's",
    expect: nf,
    request: (w) => r('DELETE', `${V1}/schedule-sheets/${w.b.sheet.id}`),
  },
  {
    route: 'POST /api/v1/schedule-sheets/:id/check-in',
    label: "B's sheet",
    expect: nf,
    request: (w) => r('POST', `${V1}/schedule-sheets/${w.b.sheet.id}/check-in`, { booking_id: w.b.booking.id }),
  },
  {
    route: 'POST /api/v1/schedule-sheets/:id/check-in',
    label: "A's sheet, B's booking (by id and by locator)",
    expect: [404, 409, 422],
    request: (w) => r('POST', `${V1}/schedule-sheets/${w.a.sheet.id}/check-in`, { code: w.b.booking.locator }),
  },
  {
    route: 'POST /api/v1/schedule-sheets/:id/finish',
    label: "B's",
    expect: nf,
    request: (w) => r('POST', `${V1}/schedule-sheets/${w.b.sheet.id}/finish`),
  },
  {
    route: 'POST /api/v1/schedule-sheets',
    label: "for B's product",
    expect: [404, 422],
    request: (w) => r('POST', `${V1}/schedule-sheets`, { product_id: w.b.product.id, date: day(1), time: '18:00' }),
  },
  {
    route: 'POST /api/v1/schedule-sheets/generate',
    label: "B's products and operator",
    // 200 with nothing created is fine: checked in the test (B's rows unchanged).
    expect: [200, 404, 422],
    request: (w) =>
      r('POST', `${V1}/schedule-sheets/generate`, {
        date: day(7),
        product_ids: [w.b.product.id],
        tour_operator_id: w.b.opId,
      }),
  },
];

/** Lists operator A's admin reads with `tour_operator_id[eq]=<B>` (or the route's own B filter). */
export const TENANT_LISTS: { route: string; url: (w: SecurityWorld) => string }[] = [
  { route: 'GET /api/v1/users', url: (w) => `${V1}/users?tour_operator_id[eq]=${w.b.opId}` },
  { route: 'GET /api/v1/tour-operators', url: () => `${V1}/tour-operators?name[like]=Operador%20B&q=Operador%20B` },
  { route: 'GET /api/v1/products', url: (w) => `${V1}/products?tour_operator_id[eq]=${w.b.opId}` },
  { route: 'GET /api/v1/vehicles', url: (w) => `${V1}/vehicles?tour_operator_id[eq]=${w.b.opId}` },
  { route: 'GET /api/v1/persons', url: (w) => `${V1}/persons?tour_operator_id[eq]=${w.b.opId}` },
  { route: 'GET /api/v1/accommodations', url: (w) => `${V1}/accommodations?tour_operator_id[eq]=${w.b.opId}` },
  { route: 'GET /api/v1/accommodations/zones', url: (w) => `${V1}/accommodations/zones?tour_operator_id=${w.b.opId}` },
  { route: 'GET /api/v1/bookings', url: (w) => `${V1}/bookings?tour_operator_id[eq]=${w.b.opId}` },
  {
    route: 'GET /api/v1/bookings/calendar',
    url: (w) => `${V1}/bookings/calendar?from=${day(0)}&to=${day(10)}&tour_operator_id=${w.b.opId}`,
  },
  {
    route: 'GET /api/v1/bookings/calendar/days',
    url: (w) => `${V1}/bookings/calendar/days?from=${day(0)}&to=${day(10)}&tour_operator_id=${w.b.opId}`,
  },
  {
    route: 'GET /api/v1/bookings/calendar/columns',
    url: (w) => `${V1}/bookings/calendar/columns?from=${day(0)}&to=${day(10)}&tour_operator_id=${w.b.opId}`,
  },
  { route: 'GET /api/v1/schedule-sheets', url: (w) => `${V1}/schedule-sheets?tour_operator_id[eq]=${w.b.opId}` },
  { route: 'GET /api/v1/dashboard', url: (w) => `${V1}/dashboard?tour_operator_id=${w.b.opId}` },
  { route: 'GET /api/v1/audit-log', url: (w) => `${V1}/audit-log?tour_operator_id[eq]=${w.b.opId}` },
  { route: 'GET /api/v1/channels', url: (w) => `${V1}/channels?tour_operator_id[eq]=${w.b.opId}` },
  { route: 'GET /api/v1/invoices', url: (w) => `${V1}/invoices?tour_operator_id[eq]=${w.b.opId}` },
  // Mensajes (issue 14): by B's operator, and by B's booking.
  { route: 'GET /api/v1/messages', url: (w) => `${V1}/messages?tour_operator_id[eq]=${w.b.opId}` },
  {
    route: 'GET /api/v1/messages',
    url: (w) => `${V1}/messages?booking_id[in]=${w.b.booking.id},${w.b.officeBooking.id}`,
  },
  // The CSV exports (issue 13): a file of the header alone (tenant-matrix.test.ts checks).
  { route: 'GET /api/v1/users/export.csv', url: (w) => `${V1}/users/export.csv?tour_operator_id[eq]=${w.b.opId}` },
  {
    route: 'GET /api/v1/tour-operators/export.csv',
    url: () => `${V1}/tour-operators/export.csv?name[like]=Operador%20B&q=Operador%20B`,
  },
  {
    route: 'GET /api/v1/products/export.csv',
    url: (w) => `${V1}/products/export.csv?tour_operator_id[eq]=${w.b.opId}`,
  },
  {
    route: 'GET /api/v1/vehicles/export.csv',
    url: (w) => `${V1}/vehicles/export.csv?tour_operator_id[eq]=${w.b.opId}`,
  },
  { route: 'GET /api/v1/persons/export.csv', url: (w) => `${V1}/persons/export.csv?tour_operator_id[eq]=${w.b.opId}` },
  {
    route: 'GET /api/v1/accommodations/export.csv',
    url: (w) => `${V1}/accommodations/export.csv?tour_operator_id[eq]=${w.b.opId}`,
  },
  {
    route: 'GET /api/v1/bookings/export.csv',
    url: (w) => `${V1}/bookings/export.csv?tour_operator_id[eq]=${w.b.opId}`,
  },
  {
    route: 'GET /api/v1/audit-log/export.csv',
    url: (w) => `${V1}/audit-log/export.csv?tour_operator_id[eq]=${w.b.opId}`,
  },
  {
    route: 'GET /api/v1/messages/export.csv',
    url: (w) => `${V1}/messages/export.csv?tour_operator_id[eq]=${w.b.opId}`,
  },
  // «Informes» (issue 34): A's admin naming B's operator still reads A's figures (no id of B; reports.routes.test.ts checks the sums).
  ...REPORT_ROUTES.map(({ path }) => ({
    route: `GET ${V1}${path}`,
    url: (w: SecurityWorld) => `${V1}${path}?from=${day(-30)}&to=${day(30)}&tour_operator_id=${w.b.opId}`,
  })),
  // «Comisiones» and «Caja» (issue 34): A's admin naming B's operator still reads A's only.
  {
    route: 'GET /api/v1/commissions/due',
    url: (w: SecurityWorld) => `${V1}/commissions/due?from=${day(-30)}&to=${day(30)}&tour_operator_id=${w.b.opId}`,
  },
  {
    route: 'GET /api/v1/commissions/due/summary',
    url: (w: SecurityWorld) =>
      `${V1}/commissions/due/summary?from=${day(-30)}&to=${day(30)}&tour_operator_id=${w.b.opId}`,
  },
  {
    route: 'GET /api/v1/commissions/statements',
    url: (w: SecurityWorld) => `${V1}/commissions/statements?tour_operator_id[eq]=${w.b.opId}`,
  },
  { route: 'GET /api/v1/cash/holders', url: () => `${V1}/cash/holders` },
  {
    route: 'GET /api/v1/cash/handovers',
    url: (w: SecurityWorld) => `${V1}/cash/handovers?tour_operator_id[eq]=${w.b.opId}`,
  },
];

/** Routes with nothing of another operator to reach, and why (route-inventory.test.ts checks the rest). */
export const TENANT_EXEMPT: Record<string, string> = {
  'GET /api/v1/commissions/statements/:id':
    "the security world has no statement of B: commissions.routes.test.ts checks B's admin gets 404 on A's",
  'GET /api/v1/commissions/statements/:id/export.csv':
    "the security world has no statement of B: commissions.routes.test.ts checks another seller's is 404",
  'POST /api/v1/commissions/statements/:id/settle':
    "the security world has no statement of B: commissions.routes.test.ts checks B's admin gets 404 on A's",
  'GET /api/v1/cash/handovers/:id':
    "the security world has no handover of B: cash.routes.test.ts checks B's admin gets 404 on A's",
  'GET /api/v1/invoices/:id':
    "the security world has no invoice of B: invoices.routes.test.ts checks B's admin gets 404 on A's",
  'GET /api/v1/invoices/:id/record':
    "the security world has no invoice of B: invoices.routes.test.ts checks B's admin gets 404 on A's",
  'GET /api/v1/invoices/:id/pdf':
    "the security world has no invoice of B: invoices.routes.test.ts checks B's admin gets 404 on A's",
  'POST /api/v1/invoices/:id/record/resend':
    "the security world has no invoice of B: invoices.sender.test.ts checks B's admin gets 404 on A's",
  'POST /api/v1/invoices/:id/corrections':
    "the security world has no invoice of B: invoices.routes.test.ts checks B's admin gets 404 on A's",
  'GET /api/v1/auth/me': 'answers the caller only',
  'POST /api/v1/auth/logout': 'acts on the caller only',
  'PUT /api/v1/auth/me': 'acts on the caller only (no id; ids in the body are ignored: mass-assignment test)',
  'POST /api/v1/auth/me/password': 'acts on the caller only',
  'GET /api/v1/auth/me/preferences':
    "answers the caller's own row only (no user id to pass; preferences.routes.test.ts)",
  'PUT /api/v1/auth/me/preferences':
    "writes the caller's own row only (a user id in the body is refused; preferences.routes.test.ts)",
  'POST /api/v1/tour-operators': 'administrator only (403 for level 1: role matrix)',
  'GET /api/v1/jobs': "administrator only (role matrix): the platform's background work belongs to no operator",
  ...Object.fromEntries(
    REPORT_ROUTES.flatMap(({ path }) =>
      ['/export.csv', '/export.xlsx'].map((suffix) => [
        `GET ${V1}${path}${suffix}`,
        'the JSON report as a file (same service call and scope): its JSON twin is in TENANT_LISTS; reports.routes.test.ts checks the figures',
      ]),
    ),
  ),
};
