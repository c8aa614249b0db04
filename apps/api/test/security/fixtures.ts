/**
 * Shared set-up of the security suite (issue 7): a world of two tour operators, A and B, each with
 * one of every tenant resource created through the real API, plus the helpers every security test
 * uses: an `inject` that scans each answer for secrets and checks every error answer's `code`, and
 * a snapshot of one operator's rows.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorStatus, isErrorCode } from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { api, bookingBody, day } from '../../src/modules/bookings/bookings.test-helpers';
import { buildTestApp } from '../build-app';
import { bearer, createUser, createWorld, login } from '../factories';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Req = {
  method: Method;
  url: string;
  token?: string | null;
  payload?: unknown;
  headers?: Record<string, string>;
};

/** Words that must never appear in an answer (PRODUCT.md §2 "No response ever contains a password or its hash"). */
const SECRET_KEYS = /"(password_hash|passwordHash|token_version|tokenVersion)"\s*:|"(password|re_password)"\s*:\s*"/;
const SECRET_VALUES = /\$argon2(id|i|d)\$/;
/**
 * A live one-time link (password reset, invitation: issue 14): whoever reads its token owns the
 * account. Sent e-mails keep it blanked (`token=[retirado]`); no answer may carry a usable one.
 */
const ONE_TIME_LINK = /[?&]token=[A-Za-z0-9_-]{16,}/;

/** Fails loudly when an answer carries a password, a hash, a token version or a live one-time link, anywhere in its body. */
export function assertNoSecrets(res: LightMyRequestResponse, label = '') {
  const body = res.body;
  if (SECRET_KEYS.test(body) || SECRET_VALUES.test(body) || ONE_TIME_LINK.test(body)) {
    throw new Error(`secret leaked in ${label} (${res.statusCode}): ${body.slice(0, 500)}`);
  }
}

/** Answers the suite has read (counted in the report: every one was scanned for secrets). */
export const scanned = { count: 0, errors: 0 };

/**
 * Issue 13: every error answer carries a machine `code` from the shared list, and its status is
 * that code's. API paths answer errors in JSON always; the pages (HTML, assets) may answer plain
 * text, but any JSON error they give carries a code too.
 */
export function assertErrorCode(res: LightMyRequestResponse, label = '') {
  if (res.statusCode < 400) return;
  const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
  const isApi = label.split(' ')[1]?.startsWith('/api/') ?? false;
  if (!isJson && !isApi) return;
  let code: unknown;
  try {
    code = (res.json() as { code?: unknown }).code;
  } catch {
    code = undefined;
  }
  if (!isErrorCode(code)) {
    throw new Error(`error answer without a known code in ${label} (${res.statusCode}): ${res.body.slice(0, 300)}`);
  }
  if (errorStatus(code) !== res.statusCode) {
    throw new Error(`${label}: code ${code} answered with ${res.statusCode}, its status is ${errorStatus(code)}`);
  }
  scanned.errors += 1;
}

/** app.inject with the token as a Bearer header; every answer is scanned for secrets. */
export async function send(app: FastifyInstance, r: Req): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(r.token ? bearer(r.token) : {}), ...r.headers };
  const payload = r.payload;
  const isRaw = typeof payload === 'string' || Buffer.isBuffer(payload);
  if (isRaw && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/json';
  }
  const res = await app.inject({
    method: r.method,
    url: r.url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
  assertNoSecrets(res, `${r.method} ${r.url}`);
  assertErrorCode(res, `${r.method} ${r.url}`);
  scanned.count += 1;
  return res;
}

/** The JSON error body of an answer, or undefined when it is not JSON with a string message. */
export function errorMessageOf(res: LightMyRequestResponse): string | undefined {
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) return undefined;
  try {
    const body = res.json() as { message?: unknown };
    return typeof body.message === 'string' && body.message.length > 0 ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/** Every table with a tour_operator_id column (read from the database, so a new table is included). */
async function tenantTables(app: FastifyInstance): Promise<string[]> {
  const res = await app.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'tour_operator_id'
    order by table_name`);
  return res.rows.map((r) => r.table_name);
}

/** Every row of one tour operator (its own row included), as text: equal snapshots = nothing changed. */
export async function snapshotOperator(app: FastifyInstance, tourOperatorId: string) {
  const out: Record<string, string[]> = {};
  for (const table of await tenantTables(app)) {
    const res = await app.db.execute<{ row: string }>(
      sql`select t::text as row from ${sql.identifier(table)} t where t.tour_operator_id = ${tourOperatorId} order by 1`,
    );
    out[table] = res.rows.map((r) => r.row);
  }
  const op = await app.db.execute<{ row: string }>(
    sql`select t::text as row from tour_operators t where t.id = ${tourOperatorId}`,
  );
  out.tour_operators = op.rows.map((r) => r.row);
  // The one-time links of its users (issue 14: resets and invitations) carry no tour_operator_id.
  const links = await app.db.execute<{ row: string }>(
    sql`select t::text as row from password_reset_tokens t join users u on u.id = t.user_id
        where u.tour_operator_id = ${tourOperatorId} order by 1`,
  );
  out.password_reset_tokens = links.rows.map((r) => r.row);
  return out;
}

/** A digest of every table of the database: equal digests = no write happened anywhere. */
export async function snapshotDatabase(app: FastifyInstance) {
  const tables = await app.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%migrations%'
      and table_name not in ('rate_limit_hits', 'auth_throttle')
    order by table_name`);
  const out: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    const res = await app.db.execute<{ n: number; h: string | null }>(
      sql`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from ${sql.identifier(table_name)} t`,
    );
    out[table_name] = `${res.rows[0].n}:${res.rows[0].h ?? ''}`;
  }
  return out;
}

let seq = 0;
export const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A small real PNG for the image uploads. */
export const pngBytes = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#0e7490' } })
    .png()
    .toBuffer();

/** multipart/form-data with one file field and an optional alt, as a browser sends it. */
export function multipartImage(data: Buffer, alt?: string) {
  const boundary = `----trayecto${randomUUID()}`;
  const chunks: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from('\r\n'),
  ];
  if (alt !== undefined) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\n${alt}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type Base = Awaited<ReturnType<typeof createWorld>>;

/** One operator's resources, all made through the API by its admin (and its seller for the booking). */
export type Tenant = {
  opId: string;
  product: { id: string };
  draftProduct: { id: string };
  accommodation: { id: string };
  vehicle: { id: string };
  person: { id: string };
  /** Sold by the operator's Vendedor, tomorrow 09:00, on `sheet` (assigned to its Chofer and Guía). */
  booking: { id: string; locator: string };
  /** Sold by the office, in a week: no sheet, not the seller's. */
  officeBooking: { id: string; locator: string };
  sheet: { id: string };
  /** The confirmation e-mail of `booking`, still queued (no SMTP in tests). */
  message: { id: string };
  /** The confirmation e-mail of `officeBooking`, sent (as the mail worker leaves it): it may be sent again. */
  sentMessage: { id: string };
  image: { id: string } | null;
  /** A second Chofer, for "read another user" checks. */
  otherDriver: { id: string; email: string };
  /** A reseller channel (issue 33) selling `product`, with a webhook secret and a live API key. */
  channel: { id: string };
  channelKey: { id: string };
};

export type SecurityWorld = Base & {
  dataDir: string;
  tokensB: { B1: string; B2: string; B3: string; B4: string; B5: string };
  a: Tenant;
  b: Tenant;
  images: boolean;
};

function must(res: LightMyRequestResponse, status: number, what: string) {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A product every test can book: daily at 09:00 and 18:00, pickups at the operator's hotel. */
export function productBody(accommodationId: string, over: Record<string, unknown> = {}) {
  return {
    code: `SEC-${uniq()}`,
    name: 'Excursión de seguridad',
    capacity: 40,
    state: 'active',
    duration_minutes: 240,
    booking_cutoff_hours: 0,
    // 30 days: a customer can never cancel these bookings for free (deterministic at any hour).
    free_cancellation_hours: 720,
    instant_confirmation: true,
    pickup_enabled: true,
    prices: [
      { pax_type: 'adult', amount_cents: 4500, min_age: 12 },
      { pax_type: 'child', amount_cents: 2500, min_age: 3, max_age: 11 },
    ],
    availability_rules: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['09:00', '18:00'], valid_from: day(-30) }],
    pickups: [{ accommodation_id: accommodationId, minutes_before: 30 }],
    ...over,
  };
}

export const vehicleBody = (over: Record<string, unknown> = {}) => ({
  plate: `${uniq().slice(-6).toUpperCase()}SEC`,
  name: 'Autocar de seguridad',
  type: 'bus',
  seats: 50,
  unavailable_periods: [{ from: day(60), to: day(61), reason: 'ITV' }],
  ...over,
});
export const personBody = (over: Record<string, unknown> = {}) => ({
  full_name: `Persona ${uniq()}`,
  role: 'guide',
  languages: ['es', 'en'],
  ...over,
});
export const accommodationBody = (over: Record<string, unknown> = {}) => ({
  name: `Hotel ${uniq()}`,
  type: 'hotel',
  zone: 'Costa Adeje',
  lat_lng: '28.0800,-16.7300',
  ...over,
});

async function buildTenant(
  app: FastifyInstance,
  opId: string,
  t: { admin: string; seller: string; sellerId: string; driverId: string; guideId: string },
  withImage: boolean,
): Promise<Tenant> {
  const s = (method: Method, url: string, token: string, payload?: unknown) =>
    send(app, { method, url, token, payload });
  const accommodation = must(await s('POST', '/api/v1/accommodations', t.admin, accommodationBody()), 201, 'hotel');
  const product = must(await s('POST', '/api/v1/products', t.admin, productBody(accommodation.id)), 201, 'product');
  const draftProduct = must(
    await s('POST', '/api/v1/products', t.admin, productBody(accommodation.id, { state: 'draft', name: 'Borrador' })),
    201,
    'draft product',
  );
  const vehicle = must(await s('POST', '/api/v1/vehicles', t.admin, vehicleBody()), 201, 'vehicle');
  const person = must(await s('POST', '/api/v1/persons', t.admin, personBody()), 201, 'person');
  const booking = must(
    await s(
      'POST',
      '/api/v1/bookings',
      t.seller,
      bookingBody(product.id, { accommodation_id: accommodation.id, room: '101', notes: 'Nota del cliente' }),
    ),
    201,
    'booking',
  );
  const officeBooking = must(
    await s('POST', '/api/v1/bookings', t.admin, bookingBody(product.id, { date: day(7), customer_name: 'Oficina' })),
    201,
    'office booking',
  );
  must(
    await s('POST', `/api/v1/bookings/${booking.id}/payments`, t.admin, { amount_cents: 1000, method: 'cash' }),
    201,
    'payment',
  );
  const gen = must(
    await s('POST', '/api/v1/schedule-sheets/generate', t.admin, { date: day(1), product_ids: [product.id] }),
    200,
    'generate',
  );
  const sheetId = gen.sheets[0].id as string;
  must(
    await s('PUT', `/api/v1/schedule-sheets/${sheetId}`, t.admin, {
      driver_id: t.driverId,
      guide_id: t.guideId,
      vehicle_id: vehicle.id,
      person_ids: [person.id],
      state: 'ready',
      notes: 'Hoja de seguridad',
    }),
    200,
    'sheet',
  );
  // Issue 14: each booking wrote its confirmation e-mail; the office's has gone out (the worker's
  // update, as no SMTP server runs here), so it may be sent again. The operator's message settings
  // have a row of their own.
  const confirmationOf = async (bookingId: string) => {
    const list = must(await s('GET', `/api/v1/bookings/${bookingId}/messages`, t.admin), 200, 'messages') as {
      id: string;
      kind: string;
      channel: string;
    }[];
    const m = list.find((x) => x.kind === 'booking_confirmed' && x.channel === 'email');
    if (!m) throw new Error(`no confirmation e-mail for ${bookingId}`);
    return { id: m.id };
  };
  const message = await confirmationOf(booking.id);
  const sentMessage = await confirmationOf(officeBooking.id);
  await app.db.execute(
    sql`update messages set state = 'sent', attempts = 1, sent_at = now() where id = ${sentMessage.id}`,
  );
  must(
    await s('PUT', `/api/v1/tour-operators/${opId}/message-settings`, t.admin, {
      sender_name: 'Excursiones',
      reminder_time: '19:00',
    }),
    200,
    'message settings',
  );
  let image: { id: string } | null = null;
  if (withImage) {
    const mp = multipartImage(await pngBytes(), 'Vista del Teide');
    const res = await send(app, {
      method: 'POST',
      url: `/api/v1/products/${product.id}/images`,
      token: t.admin,
      payload: mp.payload,
      headers: mp.headers,
    });
    image = must(res, 201, 'image');
  }
  const channel = must(
    await s('POST', '/api/v1/channels', t.admin, {
      name: 'Canal de seguridad',
      product_ids: [product.id],
      net_rates: [{ product_id: product.id, pax_type: 'adult', net_cents: 3600 }],
      webhook_url: 'https://example.com/webhooks/trayecto',
      webhook_secret: `secreto-del-webhook-${uniq()}`,
    }),
    201,
    'channel',
  );
  const channelKey = must(
    await s('POST', `/api/v1/channels/${channel.id}/keys`, t.admin, { label: 'Seguridad' }),
    201,
    'key',
  );
  const other = await createUser(app, { level: 4, tourOperatorId: opId, fullName: `Otro Chofer ${uniq()}` });
  return {
    opId,
    product,
    draftProduct,
    accommodation,
    vehicle,
    person,
    booking,
    officeBooking,
    sheet: { id: sheetId },
    message,
    sentMessage,
    image,
    otherDriver: { id: other.id, email: other.email },
    channel: { id: channel.id },
    channelKey: { id: channelKey.id },
  };
}

/**
 * The app on a fresh database (its own DATA_DIR for uploads) and the world: an administrator, two
 * operators with a user of every level each, and one of every resource per operator.
 */
export async function setupSecurityWorld(
  opts: {
    images?: boolean;
    app?: Parameters<typeof buildTestApp>[0];
    /** Runs before the first request (extra test-only routes can still be added then). */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trayecto-security-'));
  const app = await buildTestApp({ ...opts.app, env: { DATA_DIR: dataDir, ...opts.app?.env } });
  opts.beforeReady?.(app);
  const base = await createWorld(app);
  const tokensB = {
    B1: base.tokens.B1,
    B2: await login(app, base.B.l2.email),
    B3: await login(app, base.B.l3.email),
    B4: await login(app, base.B.l4.email),
    B5: await login(app, base.B.l5.email),
  };
  const images = opts.images ?? false;
  const a = await buildTenant(
    app,
    base.A.op.id,
    {
      admin: base.tokens.A1,
      seller: base.tokens.A2,
      sellerId: base.A.l2.id,
      driverId: base.A.l4.id,
      guideId: base.A.l5.id,
    },
    images,
  );
  const b = await buildTenant(
    app,
    base.B.op.id,
    { admin: tokensB.B1, seller: tokensB.B2, sellerId: base.B.l2.id, driverId: base.B.l4.id, guideId: base.B.l5.id },
    images,
  );
  const world: SecurityWorld = { ...base, dataDir, tokensB, a, b, images };
  const close = async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, world, close };
}

export { api, bookingBody, day };

/** The template of the built public pages, as Vite writes it (one module script, no inline code). */
export const PUBLIC_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Reserva tu excursión" />
    <title>Trayecto</title>
    <script type="module" crossorigin src="/assets/public-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A stand-in for apps/web/dist (index.html, public.html, one asset) so the page routes are registered. */
export function makeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'trayecto-security-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), PUBLIC_HTML.replace('public-abc123', 'index-abc123'));
  writeFileSync(path.join(dir, 'public.html'), PUBLIC_HTML);
  writeFileSync(path.join(dir, 'assets', 'public-abc123.js'), 'console.log("public");\n');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("back-office");\n');
  return dir;
}
