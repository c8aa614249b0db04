/**
 * Shared set-up of the OCTO API tests: channels and keys written straight into the database (the
 * back-office API that creates them is modules/channels'), requests with a key, and the checks of
 * every answer — against the OCTO specification's own zod schemas (`@octocloud/types`) and against
 * the OCTO API's OpenAPI document.
 */
import {
  zAvailability,
  zAvailabilityCalendar,
  zBaseError,
  zBooking,
  zCapability,
  zErrorInvalidAvailabilityId,
  zErrorInvalidBookingUuid,
  zErrorInvalidOptionId,
  zErrorInvalidProductId,
  zErrorInvalidUnitId,
  zProduct,
  zSupplier,
} from '@octocloud/types';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';
import { ContractChecker, type Document } from '../../../test/contract/openapi-contract';
import { channelKeys, channelNetRates, channelProducts, channels } from '../../db/schema';
import { newChannelKey } from '../channels/channel-keys';

export const OCTO = '/api/octo/v1';

let seq = 0;

/** An `octo` channel of an operator (active, every product, no allotment unless told). */
export async function mkChannel(
  app: FastifyInstance,
  tourOperatorId: string,
  over: Partial<typeof channels.$inferInsert> = {},
) {
  seq += 1;
  const [row] = await app.db
    .insert(channels)
    .values({ tourOperatorId, name: `Canal ${seq} ${Date.now().toString(36)}`, kind: 'octo', ...over })
    .returning();
  return row;
}

/** A live key of a channel: the Bearer token (what the reseller holds) and its row. */
export async function mkKey(app: FastifyInstance, channel: { id: string; tourOperatorId: string }) {
  const k = newChannelKey();
  const [row] = await app.db
    .insert(channelKeys)
    .values({ tourOperatorId: channel.tourOperatorId, channelId: channel.id, keyHash: k.hash, keyPrefix: k.prefix })
    .returning();
  return { key: k.key, row };
}

/** The products a channel with `all_products` false may sell. */
export async function allowProducts(
  app: FastifyInstance,
  channel: { id: string; tourOperatorId: string },
  ids: string[],
) {
  await app.db
    .insert(channelProducts)
    .values(ids.map((productId) => ({ tourOperatorId: channel.tourOperatorId, channelId: channel.id, productId })));
}

export async function setNetRate(
  app: FastifyInstance,
  channel: { id: string; tourOperatorId: string },
  productId: string,
  paxType: string,
  netCents: number,
) {
  await app.db
    .insert(channelNetRates)
    .values({ tourOperatorId: channel.tourOperatorId, channelId: channel.id, productId, paxType, netCents });
}

/** Requests to the OCTO API with a key (or none), capabilities and a language. */
export function octoApi(app: FastifyInstance, key: string | null) {
  const headers = (h: Record<string, string> = {}) => ({ ...(key ? { authorization: `Bearer ${key}` } : {}), ...h });
  const get = (path: string, h?: Record<string, string>) =>
    app.inject({ method: 'GET', url: `${OCTO}${path}`, headers: headers(h) });
  const send =
    (method: 'POST' | 'PATCH') => (path: string, payload: object | string | undefined, h?: Record<string, string>) =>
      app.inject({
        method,
        url: `${OCTO}${path}`,
        payload,
        headers: headers(typeof payload === 'string' ? { 'content-type': 'application/json', ...h } : h),
      });
  return { get, post: send('POST'), patch: send('PATCH') };
}

/** `Octo-Capabilities` asking for the given ones. */
export const caps = (...c: string[]) => ({ 'octo-capabilities': c.join(', ') });
export const ALL_CAPS = caps('octo/content', 'octo/pricing', 'octo/pickups');

/**
 * The answer as the OCTO specification publishes it: parsed by `@octocloud/types`' zod schema
 * (its optional capability fields included), failing the test with the schema's issues.
 */
function specParse<T>(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, v: unknown): T {
  const r = schema.safeParse(v);
  expect(r.success, `not an OCTO answer: ${JSON.stringify((r.error as { issues?: unknown })?.issues)}`).toBe(true);
  return v as T;
}

/**
 * octo/pickups' fields, which `@octocloud/types` 2 no longer publishes: its 1.x `PickupPoint`
 * interface, required fields as there (`localDateTime` on an availability's points only).
 */
const zPickupPoint = z.object({
  id: z.string(),
  name: z.string(),
  directions: z.string().nullable(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  googlePlaceId: z.string().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  locality: z.string().nullable(),
  region: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
});
const zPickups = (withTimes: boolean) =>
  z.object({
    pickupRequired: z.boolean(),
    pickupAvailable: z.boolean(),
    pickupPoints: z.array(
      withTimes
        ? zPickupPoint.extend({ localDateTime: z.string(), localDateTimeTo: z.string().nullable() })
        : zPickupPoint,
    ),
  });

/** The spec's check of each kind of answer. */
export const spec = {
  supplier: (v: unknown) => specParse<OctoSupplier>(zSupplier, v),
  capabilities: (v: unknown) => {
    expect(Array.isArray(v)).toBe(true);
    for (const c of v as unknown[]) specParse(zCapability, c);
    return v as { id: string }[];
  },
  product: (v: unknown, opts: { pickups?: boolean } = {}) => {
    const p = specParse<OctoProduct>(zProduct, v);
    if (opts.pickups) for (const o of p.options) specParse(zPickups(false), o);
    return p;
  },
  products: (v: unknown, opts: { pickups?: boolean } = {}) => {
    expect(Array.isArray(v)).toBe(true);
    return (v as unknown[]).map((p) => spec.product(p, opts));
  },
  availability: (v: unknown, opts: { pickups?: boolean } = {}) => {
    expect(Array.isArray(v)).toBe(true);
    return (v as unknown[]).map((a) => {
      const out = specParse<OctoAvailability>(zAvailability, a);
      if (opts.pickups) specParse(zPickups(true), a);
      return out;
    });
  },
  calendar: (v: unknown) => {
    expect(Array.isArray(v)).toBe(true);
    return (v as unknown[]).map((d) => specParse<OctoCalendarDay>(zAvailabilityCalendar, d));
  },
  booking: (v: unknown, opts: { pickups?: boolean } = {}) => {
    const b = specParse<OctoBooking>(zBooking, v);
    if (opts.pickups) specParse(zBookingPickups, v);
    return b;
  },
  bookings: (v: unknown) => {
    expect(Array.isArray(v)).toBe(true);
    return (v as unknown[]).map((b) => spec.booking(b));
  },
};

/** octo/pickups on a booking (1.x `BookingPickup`, not in `@octocloud/types` 2). */
const zBookingPickups = z.object({
  pickupRequested: z.boolean(),
  pickupPointId: z.string().nullable(),
  pickupHotel: z.string().nullable(),
  pickupHotelRoom: z.string().nullable(),
  pickupPoint: zPickupPoint.extend({ localDateTime: z.string(), localDateTimeTo: z.string().nullable() }).nullable(),
});

/** The pieces of the answers the tests read (the spec's schemas check the rest). */
export type OctoSupplier = {
  id: string;
  name: string;
  endpoint: string;
  contact: { website: string | null; email: string | null; telephone: string | null; address: string | null };
};
export type OctoPricing = {
  original: number;
  retail: number;
  net: number | null;
  currency: string;
  currencyPrecision: number;
};
export type OctoUnit = {
  id: string;
  type: string;
  restrictions: { minAge: number; maxAge: number };
  pricingFrom?: OctoPricing[];
  title?: string | null;
};
export type OctoPickupPoint = { id: string; name: string; directions: string | null; localDateTime?: string };
export type OctoOption = {
  id: string;
  availabilityLocalStartTimes: string[];
  units: OctoUnit[];
  pickupAvailable?: boolean;
  pickupRequired?: boolean;
  pickupPoints?: OctoPickupPoint[];
  cancellationCutoffAmount: number;
};
export type OctoProduct = {
  id: string;
  internalName: string;
  reference: string | null;
  locale: string;
  timeZone: string;
  options: OctoOption[];
  title?: string;
  shortDescription?: string | null;
  description?: string | null;
  features?: { type: string; shortDescription: string | null }[];
  defaultCurrency?: string;
  pricingPer?: string;
};
export type OctoAvailability = {
  id: string;
  localDateTimeStart: string;
  localDateTimeEnd: string;
  utcCutoffAt: string;
  status: string;
  available: boolean;
  vacancies: number | null;
  capacity: number | null;
  unitPricing?: (OctoPricing & { unitId: string })[];
  pricing?: OctoPricing;
  pickupPoints?: OctoPickupPoint[];
};
export type OctoCalendarDay = {
  localDate: string;
  openingHours: unknown[];
  status: string;
  available: boolean;
  vacancies: number | null;
  capacity: number | null;
  unitPricingFrom?: (OctoPricing & { unitId: string })[];
  pricingFrom?: OctoPricing;
};

export type OctoContact = {
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
  phoneNumber: string | null;
  country: string | null;
  locales: string[];
  notes: string | null;
};
export type OctoTicket = {
  redemptionMethod: string;
  utcRedeemedAt: string | null;
  deliveryOptions: { deliveryFormat: string; deliveryValue: string }[];
};
export type OctoUnitItem = {
  uuid: string;
  unitId: string;
  status: string;
  unit?: OctoUnit;
  ticket: OctoTicket | null;
  pricing?: OctoPricing;
};
export type OctoBooking = {
  id: string;
  uuid: string;
  testMode: boolean;
  resellerReference: string | null;
  supplierReference: string | null;
  status: string;
  utcCreatedAt: string;
  utcUpdatedAt: string;
  utcExpiresAt: string | null;
  utcRedeemedAt: string | null;
  utcConfirmedAt: string | null;
  productId: string;
  product?: OctoProduct;
  optionId: string;
  option?: OctoOption;
  cancellable: boolean;
  cancellation: { refund: string; reason: string | null; utcCancelledAt: string } | null;
  freesale: boolean;
  availabilityId: string | null;
  availability: OctoAvailability | null;
  contact: OctoContact;
  notes: string | null;
  deliveryMethods: string[];
  voucher: OctoTicket | null;
  unitItems: OctoUnitItem[];
  pricing?: OctoPricing;
  pickupRequested?: boolean;
  pickupPointId?: string | null;
  pickupHotelRoom?: string | null;
  pickupPoint?: OctoPickupPoint | null;
};

const ERROR_SCHEMAS = {
  INVALID_BOOKING_UUID: zErrorInvalidBookingUuid,
  INVALID_PRODUCT_ID: zErrorInvalidProductId,
  INVALID_OPTION_ID: zErrorInvalidOptionId,
  INVALID_UNIT_ID: zErrorInvalidUnitId,
  INVALID_AVAILABILITY_ID: zErrorInvalidAvailabilityId,
} as const;

/**
 * A refusal in the specification's body (never the back-office `{ code, message }`), with its
 * status and code, JSON; returns the body.
 */
export function expectOctoError(res: LightMyRequestResponse, status: number, error: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  specParse(ERROR_SCHEMAS[error as keyof typeof ERROR_SCHEMAS] ?? zBaseError, body);
  expect(body.error, res.body).toBe(error);
  expect(body.errorMessage.length).toBeGreaterThan(0);
  expect(body).not.toHaveProperty('code');
  expect(body).not.toHaveProperty('message');
  return body as { error: string; errorMessage: string } & Record<string, string>;
}

/**
 * Every answer of the OCTO API a test receives is also checked against the OCTO API's own OpenAPI
 * document (as buildTestApp checks /api/v1 against the main one): an undocumented status or a body
 * outside its schema makes the `inject` throw.
 */
export async function checkAgainstOctoDocument(app: FastifyInstance): Promise<Document> {
  const res = await app.inject({ method: 'GET', url: `${OCTO}/openapi.json` });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as Document;
  const prefixed: Document = {
    ...doc,
    paths: Object.fromEntries(Object.entries(doc.paths).map(([p, item]) => [`${OCTO}${p}`, item])),
  };
  const checker = new ContractChecker(prefixed);
  const inject = app.inject.bind(app);
  const checked = async (opts?: InjectOptions | string) => {
    if (opts === undefined) return inject();
    const res = await inject(opts);
    const { method = 'GET', url = '/' } = (typeof opts === 'string' ? { url: opts } : opts) as {
      method?: string;
      url?: string;
    };
    const problems = checker.problems(method, url, res);
    if (problems.length > 0) throw new Error(`The OCTO API broke its OpenAPI document:\n${problems.join('\n')}`);
    return res;
  };
  app.inject = checked as FastifyInstance['inject'];
  return doc;
}

/**
 * Makes the database refuse every request-log line of `path` (a trigger raising an error) while
 * `run` runs: what a log line that cannot be written looks like to the API.
 */
export async function refusingLogLinesOf<T>(app: FastifyInstance, path: string, run: () => Promise<T>): Promise<T> {
  await app.db.execute(sql`
    create function octo_test_refuse_line() returns trigger language plpgsql as $$
    begin raise exception 'refused by the test'; end $$`);
  await app.db.execute(sql`
    create trigger octo_test_refuse_line before insert on channel_requests for each row
    when (new.path = ${sql.raw(`'${path.replace(/'/g, "''")}'`)}) execute function octo_test_refuse_line()`);
  try {
    return await run();
  } finally {
    await app.db.execute(sql`drop trigger octo_test_refuse_line on channel_requests`);
    await app.db.execute(sql`drop function octo_test_refuse_line()`);
  }
}
