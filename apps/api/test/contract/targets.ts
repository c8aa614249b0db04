/**
 * Every write operation of the OpenAPI document with a JSON body, as a target of the contract
 * properties (issue 21), with what its body must satisfy beyond its JSON Schema. Each target lists
 * those rules (read from its service, apps/api/src/modules/**) in a table and learns them in two
 * steps, both applied to a body the document's schema generated:
 *
 *   fix      pure (a fast-check `.map`): cross-field rules and references to the test world —
 *            confirmation = password, ordered ranges, pax types the product offers that day, a
 *            departure the product has, a reason with a discount, real ids…
 *   prepare  at send time (async): what depends on data that changes while the property runs —
 *            unique values (a counter), the record's current `version` and state, a fresh booking
 *            when the request consumes one (a booking is cancelled once), the current password.
 *
 * A body both steps went through must be accepted (2xx). refusals.ts lists, per rule, how to break a
 * valid body on that rule alone and the documented refusal it then gets.
 */
import { randomUUID } from 'node:crypto';
import { MAX_BOOKING_CENTS, PAX_TYPES, pricesOn, quoteBooking, TERRITORY_TAXES } from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import { inTransaction } from '../../src/db/transaction';
import { applyOnlinePayment } from '../../src/modules/bookings/bookings.service';
import { ruleTimesOn } from '../../src/modules/departures/availability';
import { refundProvider } from '../../src/modules/payments/refunds';

/** The Stripe payments the refunds target records: only these are refunded by its stand-in. */
const CONTRACT_PAYMENT_PREFIX = 'pi_contract_';

import { type Booking, dayIn, type Json, type Product, SALE_DAYS, type World } from './world';

export type Body = Record<string, unknown>;

/** One request: where, as whom (null: anonymous) and what. */
export type Req = { url: string; body: Body; token: string | null; headers: Record<string, string> };

/** Choices a fixer makes, from numbers fast-check generated (and shrinks towards the first option). */
export class Picker {
  private i = 0;
  constructor(private readonly seeds: readonly number[]) {}
  private seed() {
    const s = this.seeds[this.i % this.seeds.length] ?? 0;
    // Past the seeds, keep varying deterministically.
    const round = Math.floor(this.i / Math.max(1, this.seeds.length));
    this.i += 1;
    return (s + round * 7919) >>> 0;
  }
  int(min: number, max: number) {
    return min + (this.seed() % (max - min + 1));
  }
  one<T>(list: readonly T[]): T {
    return list[this.int(0, list.length - 1)] as T;
  }
  bool() {
    return this.int(0, 1) === 1;
  }
}

export type Target = {
  method: 'POST' | 'PUT' | 'PATCH';
  /** The document's path (`{id}` form). */
  path: string;
  /** The token it is sent with (default: the operator's administrator A1); null: anonymous. */
  as?: (w: World) => string | null;
  /** The URL (default: the path). */
  url?: (w: World) => string;
  headers?: () => Record<string, string>;
  fix?: (body: Body, w: World, pick: Picker) => Body;
  prepare?: (req: Req, w: World, pick: Picker) => Promise<Req>;
  /**
   * After a 2xx: follow the state the request changed (the password, its token), or check that the
   * answer and the data say what the request asked for (a throw fails the property).
   */
  accepted?: (req: Req, answer: Json, w: World) => void | Promise<void>;
};

export const key = (t: { method: string; path: string }) => `${t.method} ${t.path}`;

// ── Helpers shared by the fixers ───────────────────────────────────────────────────────────────────

export type Pax = Partial<Record<string, number>>;

export const has = (b: Body, k: string) => b[k] !== undefined;
export const isBlank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
/** `v` if it has a character other than spaces, else `fallback`. */
const nonBlank = (v: unknown, fallback: string) => (isBlank(v) ? fallback : (v as string));

/** A unique value: `prefix + n + '.'` ahead of what was generated, within `max` characters (code points). */
function unique(w: World, prefix: string, generated: unknown, max: number) {
  const head = `${prefix}${w.next()}.`;
  // By code point, as the schemas count: a slice by UTF-16 unit could leave half an emoji.
  return head + [...String(generated ?? '')].slice(0, Math.max(0, max - head.length)).join('');
}

/** The start times a product has on a date (its weekly rules, none on a closed date). */
export const timesOn = (p: Product, date: string) =>
  ruleTimesOn(
    date,
    p.availability_rules.map((r) => ({ ...r, valid_to: r.valid_to ?? null })),
    new Set(p.closed_dates),
  );

/** A departure the product has from `dayIn(n)` on (the first day with one). */
export function departureOf(p: Product, n: number, pick: Picker) {
  for (let k = 0; k < 30; k++) {
    const date = dayIn(n + k);
    const times = timesOn(p, date);
    if (times.length > 0) return { date, time: pick.one(times) };
  }
  throw new Error(`product ${p.code} has no departure in 30 days from day ${n}`);
}

/** The passenger types a product offers on a date (the season's tariffs, else the base ones). */
export const offeredOn = (p: Product, date: string) => pricesOn(p, date).prices.map((x) => x.pax_type);

/** What pax cost on a date, however much (quoteBooking refuses a subtotal above MAX_BOOKING_CENTS). */
const subtotalOf = (p: Product, date: string, pax: Pax) =>
  pricesOn(p, date).prices.reduce((n, x) => n + x.amount_cents * (pax[x.pax_type] ?? 0), 0);

/**
 * Pax the product offers on the date: types it does not offer dropped (their passengers moved to
 * one it does), at least one passenger, and a subtotal the booking can hold.
 */
export function fixPax(pax: unknown, p: Product, date: string): Pax {
  const offered = offeredOn(p, date);
  const out: Pax = {};
  let moved = 0;
  for (const [type, n] of Object.entries((pax ?? {}) as Pax)) {
    if (offered.includes(type)) out[type] = n;
    else moved += n ?? 0;
  }
  const first = offered[0] as string;
  if (moved > 0) out[first] = Math.min(500, (out[first] ?? 0) + moved);
  if (!Object.values(out).some((n) => (n ?? 0) > 0)) out[first] = 1;
  // Fewer passengers until the subtotal fits in a booking (only the dearest tariffs need it).
  for (const type of PAX_TYPES) {
    while ((out[type] ?? 0) > 1 && subtotalOf(p, date, out) > MAX_BOOKING_CENTS) {
      out[type] = Math.ceil((out[type] as number) / 2);
    }
  }
  return out;
}

/** Named passengers: no more of a type than were booked. */
export function fixPassengers(passengers: unknown, pax: Pax) {
  if (!Array.isArray(passengers)) return passengers;
  const left = { ...pax };
  return passengers.filter((x: { pax_type: string }) => {
    if ((left[x.pax_type] ?? 0) <= 0) return false;
    left[x.pax_type] = (left[x.pax_type] as number) - 1;
    return true;
  });
}

/** A discount of at most the subtotal, with a reason when there is one. */
function fixDiscount(b: Body, subtotal: number) {
  if (!has(b, 'discount_cents')) return;
  b.discount_cents = Math.min(b.discount_cents as number, subtotal);
  if ((b.discount_cents as number) > 0) b.discount_reason = nonBlank(b.discount_reason, 'Cliente habitual');
}

/** A nullable reference replaced by one of `ids` (null and absent stay). */
function ref(b: Body, field: string, ids: readonly string[], pick: Picker) {
  if (b[field] !== undefined && b[field] !== null) b[field] = pick.one(ids);
}

/**
 * A booking body (staff and public) made sellable:
 *
 * | rule (service)                                                       | how                                  |
 * |----------------------------------------------------------------------|--------------------------------------|
 * | product visible, active (loadSellableProduct / publicProduct)         | one of the world's sale products     |
 * | date + time: a departure the product has (rules or a departure row)   | a date from SALE_DAYS with a time of its rules, never a closed date |
 * | departure not started, before the sale cut-off (checkDeparture)       | ≥ 45 days ahead, cut-off 0           |
 * | seats: the departure can take the booking's (takeSeats, 409 NO_SEATS) | capacity 10 000, ≤ 1 500 seats a booking, dates spread over 3 000 days |
 * | pax types the product offers that date (quoteBooking, seasons)        | fixPax                               |
 * | subtotal within what a booking holds (MAX_BOOKING_CENTS)              | fixPax halves passengers             |
 * | discount ≤ subtotal; a discount needs discount_reason                 | fixDiscount                          |
 * | named passengers ≤ pax of their type (passengerErrors)                | fixPassengers                        |
 * | accommodation usable by the operator, active (usablePlace); public: a place the product collects from (assertPickupPlace) | the world's |
 * | seller_id: an active Vendedor of the operator (sellerCommission)      | the world's seller                   |
 * | answers: to questions the product asks (ADR 024; the world's ask none) | cleared (refusals.ts breaks it)      |
 */
function fixSale(b: Body, w: World, pick: Picker, accommodations: readonly string[]) {
  const p = pick.one(w.products.sale);
  const { date, time } = departureOf(p, pick.int(SALE_DAYS.min, SALE_DAYS.max), pick);
  const pax = fixPax(b.pax, p, date);
  const out: Body = { ...b, product_id: p.id, date, time, pax };
  if (has(b, 'passengers')) out.passengers = fixPassengers(b.passengers, pax);
  fixDiscount(out, quoteBooking(p, date, pax).subtotal_cents);
  ref(out, 'accommodation_id', accommodations, pick);
  ref(out, 'seller_id', w.crew.sellers, pick);
  if (has(b, 'answers')) out.answers = [];
  return out;
}

/**
 * Booking questions (ADR 024): a choice with 2–30 options, none twice (case and surrounding spaces
 * aside); other kinds without options; no question id twice.
 */
function fixQuestions(list: unknown): unknown {
  if (!Array.isArray(list)) return list;
  const ids = new Set<string>();
  return (list as Json[]).map((q, i) => {
    const y: Json = { ...q };
    if (typeof y.id === 'string') {
      if (ids.has(y.id)) delete y.id;
      else ids.add(y.id);
    }
    if (y.kind === 'choice') {
      const seen = new Set<string>();
      const options = (Array.isArray(y.options) ? (y.options as string[]) : []).filter((o) => {
        const k = o.trim().toLocaleLowerCase('es');
        return !seen.has(k) && Boolean(seen.add(k));
      });
      while (options.length < 2) options.push(`Opción ${i}.${options.length}`);
      y.options = options;
    } else if (has(y, 'options')) {
      y.options = [];
    }
    return y;
  });
}

/**
 * A product body (create and edit):
 *
 * | rule (shared schema refine / service)                                   | how                               |
 * |-------------------------------------------------------------------------|-----------------------------------|
 * | min_pax ≤ capacity (also against the stored one on an edit)             | min_pax lowered; prepare reads the product |
 * | one price per pax_type, min_age ≤ max_age (base and season prices)      | repeats dropped, ages swapped     |
 * | a season's from ≤ to; a rule's valid_from ≤ valid_to                     | swapped                           |
 * | ≤ 48 start times on any one day, all rules together                     | rules dropped from the end        |
 * | a pickup names an accommodation or a zone, and minutes or a fixed time  | the one generated kept, the other cleared; a zone when neither |
 * | no accommodation or zone twice in the pickups (zones case-insensitive)  | repeats dropped                   |
 * | pickup accommodations live and usable by the operator (checkPickups)     | the world's                       |
 * | code unique per operator among live products (CODE_TAKEN)                | prepare: a counter ahead of it    |
 * | deposit iff payment_mode is deposit; percent or per_pax_cents (ADR 022)  | set or cleared by the mode        |
 * | questions: a choice's 2+ distinct options, none for other kinds, no id twice (ADR 024) | fixQuestions |
 * | tax_rate one of the operator's territory's rates (issue 34)              | the world's operators are on the mainland: one of IVA's |
 */
function fixProduct(b: Body, w: World, pick: Picker): Body {
  const out: Body = { ...b };
  if (has(b, 'questions')) out.questions = fixQuestions(b.questions);
  const iva = TERRITORY_TAXES.peninsula.rates;
  if (typeof b.tax_rate === 'number' && !iva.includes(b.tax_rate)) out.tax_rate = pick.one([...iva]);
  const ages = (x: Json) =>
    typeof x.min_age === 'number' && typeof x.max_age === 'number' && x.min_age > x.max_age
      ? { ...x, min_age: x.max_age, max_age: x.min_age }
      : x;
  const prices = (list: Json[]) => {
    const seen = new Set<unknown>();
    return list.filter((x) => !seen.has(x.pax_type) && seen.add(x.pax_type)).map(ages);
  };
  const ordered = <T extends Json>(x: T, from: string, to: string): T =>
    typeof x[from] === 'string' && typeof x[to] === 'string' && (x[from] as string) > (x[to] as string)
      ? { ...x, [from]: x[to], [to]: x[from] }
      : x;
  if (Array.isArray(b.prices)) out.prices = prices(b.prices);
  if (Array.isArray(b.seasons)) {
    out.seasons = (b.seasons as Json[]).map((s) => ({
      ...ordered(s, 'from', 'to'),
      prices: prices(s.prices as Json[]),
    }));
  }
  if (Array.isArray(b.availability_rules)) {
    const rules = (b.availability_rules as Json[]).map((r) => ordered(r, 'valid_from', 'valid_to'));
    // At most 48 distinct times in all: then no day can have more.
    while (new Set(rules.flatMap((r) => r.times as string[])).size > 48) rules.pop();
    out.availability_rules = rules;
  }
  if (Array.isArray(b.pickups)) {
    const places = new Set<string>();
    const zones = new Set<string>();
    out.pickups = (b.pickups as Json[]).flatMap((x, i) => {
      const y: Json = { ...x };
      const zone = typeof y.zone === 'string' ? y.zone.trim() : '';
      if (y.accommodation_id) {
        y.accommodation_id = pick.one(w.accommodations.usable);
        y.zone = null;
        if (places.has(y.accommodation_id as string)) return [];
        places.add(y.accommodation_id as string);
      } else {
        y.accommodation_id = null;
        y.zone = zone || `Zona ${i}`;
        const k = (y.zone as string).toLocaleLowerCase('es');
        if (zones.has(k)) return [];
        zones.add(k);
      }
      const minutes = typeof y.minutes_before === 'number';
      const fixed = typeof y.fixed_time === 'string';
      if (minutes && fixed) y.fixed_time = null;
      if (!minutes && !fixed) y.minutes_before = 30;
      return [y];
    });
  }
  if (typeof out.min_pax === 'number' && typeof out.capacity === 'number' && out.min_pax > out.capacity) {
    out.min_pax = out.capacity;
  }
  // ADR 022: a deposit exactly when the mode is `deposit` (a mode is sent with any deposit, so an
  // edit never depends on the stored one), one of percent or per_pax_cents.
  if (out.payment_mode === 'deposit') {
    const d = (out.deposit as Json | null | undefined) ?? {};
    out.deposit =
      typeof d.per_pax_cents === 'number'
        ? { per_pax_cents: d.per_pax_cents }
        : { percent: typeof d.percent === 'number' ? d.percent : 30 };
  } else if (has(out, 'payment_mode')) out.deposit = null;
  else delete out.deposit;
  return out;
}

/** `{from, to}` periods in order. */
const orderedPeriods = (list: unknown) =>
  Array.isArray(list)
    ? (list as Json[]).map((x) => ((x.from as string) > (x.to as string) ? { ...x, from: x.to, to: x.from } : x))
    : list;

/**
 * A schedule sheet's assignments:
 *
 * | rule (resolveAssignments)                                             | how                         |
 * |-----------------------------------------------------------------------|-----------------------------|
 * | driver_id: an active Chofer of the operator; guide_id: an active Guía  | the world's crew            |
 * | vehicle_id: a vehicle of the operator in state «activo»                | the world's active vehicles |
 * | person_ids: active persons of the operator                            | the world's active persons  |
 * | none on another sheet whose time overlaps, nor a vehicle unavailable that day (409 unless force) | sheets on days of their own; vehicles without periods |
 */
function fixAssignments(b: Body, w: World, pick: Picker) {
  ref(b, 'vehicle_id', w.vehicles.active, pick);
  ref(b, 'driver_id', w.crew.drivers, pick);
  ref(b, 'guide_id', w.crew.guides, pick);
  if (Array.isArray(b.person_ids)) b.person_ids = b.person_ids.map(() => pick.one(w.persons.active));
}

/** A letter case of an id or e-mail (both compare case-insensitively). */
const anyCase = (s: string, pick: Picker) => (pick.bool() ? s.toUpperCase() : s);

const publicKey = () => ({ 'idempotency-key': randomUUID() });

// ── The targets ────────────────────────────────────────────────────────────────────────────────────

const onlineProducts = new WeakMap<World, Promise<string>>();
/** An operator taking Redsys payments (with Bizum) and a product of it paid in full online, made once per world. */
function onlineProduct(w: World): Promise<string> {
  let made = onlineProducts.get(w);
  if (!made) {
    made = (async () => {
      const admin = w.tokens.admin;
      const op = await w.call('POST', '/api/v1/tour-operators', admin, { name: 'Operador que cobra en línea' });
      await w.call('PUT', `/api/v1/tour-operators/${op.id as string}/payment-settings`, admin, {
        provider: 'redsys',
        mode: 'test',
        hold_minutes: 15,
        redsys: {
          merchant_code: '999008881',
          terminal: '1',
          secret_key: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
          bizum: true,
        },
      });
      const product = await w.call('POST', '/api/v1/products', admin, {
        tour_operator_id: op.id,
        code: 'ONLINE-1',
        name: 'Excursión pagada en línea',
        capacity: 10_000,
        state: 'active',
        booking_cutoff_hours: 0,
        payment_mode: 'full',
        prices: [{ pax_type: 'adult', amount_cents: 4500 }],
        availability_rules: [
          { weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['09:00'], valid_from: dayIn(-30), valid_to: null },
        ],
      });
      return product.id as string;
    })();
    onlineProducts.set(w, made);
  }
  return made;
}

/** A fresh office booking (one adult, 4 500 cents, e-mail and mobile) of the online operator's product. */
async function onlineBooking(w: World) {
  return w.call('POST', '/api/v1/bookings', w.tokens.admin, {
    product_id: await onlineProduct(w),
    date: dayIn(SALE_DAYS.min + 2),
    time: '09:00',
    pax: { adult: 1 },
    customer_name: 'Cliente con enlace de pago',
    customer_email: 'enlace@example.com',
    customer_phone: '+34 600 000 000',
    customer_country: 'ES',
    language: 'es',
  });
}

/**
 * «Facturas» (issue 34): a fresh booking of the online operator, paid in full at the office, its
 * operator with a legal name and NIF (what an invoice needs).
 */
async function paidBooking(w: World) {
  const booking = await onlineBooking(w);
  await w.app.db.execute(
    sql`update tour_operators set legal_name = 'Operador en línea S.L.', tax_id = 'B12345674' where id = ${booking.tour_operator_id as string}`,
  );
  await w.call('POST', `/api/v1/bookings/${booking.id as string}/payments`, w.tokens.admin, {
    amount_cents: booking.total_cents,
    method: 'cash',
  });
  return booking;
}

/**
 * An invoice request (issue 34):
 *
 * | rule (invoices.service / ZInvoiceCustomer)                  | how                                   |
 * |-------------------------------------------------------------|---------------------------------------|
 * | a full invoice carries the customer                          | fix: a customer with `kind: full`     |
 * | country: an ISO 3166 code; tax_id: its NIF shape and control | fix: ES and a DNI with its letter     |
 * | the booking paid in full, its operator's tax data set        | prepare: paidBooking                  |
 */
function fixInvoiceRequest(b: Body): Body {
  const out: Body = { ...b };
  if (out.kind === 'full' && out.customer === undefined) {
    out.customer = { name: 'Cliente', tax_id: '', address: 'Calle 1', country: 'ES' };
  }
  if (out.customer && typeof out.customer === 'object') {
    const c = out.customer as Body;
    out.customer = {
      ...c,
      name: nonBlank(c.name, 'Cliente'),
      address: nonBlank(c.address, 'Calle 1'),
      country: 'ES',
      tax_id: '12345678Z',
    };
  }
  return out;
}

/** Operator A's channels the contract edits and makes keys of (issue 33), made once per world. */
const contractChannelsOf = new WeakMap<World, { toUpdate: string; forKeys: string }>();
async function contractChannels(w: World) {
  let c = contractChannelsOf.get(w);
  if (!c) {
    const mk = async (name: string) =>
      (await w.call('POST', '/api/v1/channels', w.tokens.A1, { name: `${name} ${w.next()}` })).id as string;
    c = { toUpdate: await mk('Canal a editar'), forKeys: await mk('Canal con claves') };
    contractChannelsOf.set(w, c);
  }
  return c;
}

/**
 * A channel body (create and edit, ADR 023):
 *
 * | rule (channels.rules)                                              | how                                   |
 * |--------------------------------------------------------------------|---------------------------------------|
 * | product_ids: live products of the channel's operator               | each one of A's sale products (repeats dropped) |
 * | net_rates: a product of the operator priced for that pax type; one per product and pax type | the plain or the dear product (every pax type); repeats dropped |
 * | a webhook_url needs its secret, sent or stored (the document says it on a create) | fix: a secret with every address |
 * | name unique in the operator, case aside (CHANNEL_NAME_TAKEN)       | prepare: a counter ahead of it        |
 * | no edit to agency while it has live keys (CHANNEL_KIND_CONFLICT)   | the edited channel never has keys     |
 */
function fixChannel(b: Body, w: World, pick: Picker): Body {
  const out: Body = { ...b };
  if (Array.isArray(out.product_ids)) {
    const ids = w.products.sale.map((p) => p.id);
    out.product_ids = [...new Set(out.product_ids.map(() => pick.one(ids)))];
  }
  if (Array.isArray(out.net_rates)) {
    const priced = [w.products.plain.id, w.products.dear.id];
    const seen = new Set<string>();
    out.net_rates = (out.net_rates as Body[])
      .map((r): Body => ({ ...r, product_id: pick.one(priced) }))
      .filter((r) => {
        const k = `${r.product_id}:${String(r.pax_type)}`;
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      });
  }
  if (typeof out.webhook_url === 'string' && typeof out.webhook_secret !== 'string') {
    out.webhook_secret = 'contract-webhook-secret-01';
  }
  return out;
}

// ── «Comisiones» and «Caja» (issue 34) ─────────────────────────────────────────────────────────

/** A fresh booking sold by A's seller (10 % commission): something due to them on its date. */
async function sellerSaleDue(w: World) {
  const seller = w.crew.sellers[0] as string;
  await w.app.db.execute(
    sql`update users set commission_pct = 10 where id = ${seller}::uuid and commission_pct is null`,
  );
  const booking = await w.freshBooking({ seller_id: seller });
  return { seller, date: booking.date };
}

/** An open statement of A's seller (for a settle). */
async function openStatement(w: World): Promise<string> {
  const { seller, date } = await sellerSaleDue(w);
  const s = await w.call('POST', '/api/v1/commissions/statements', w.tokens.A1, {
    party_kind: 'seller',
    seller_id: seller,
    from: date,
    to: date,
  });
  return s.id as string;
}

/** A cash payment of 10,00 € A's admin holds (recorded by them, not handed over). */
async function heldPayment(w: World): Promise<string> {
  const booking = await w.freshBooking();
  const p = await w.call('POST', `/api/v1/bookings/${booking.id}/payments`, w.tokens.A1, {
    amount_cents: 1000,
    method: 'cash',
  });
  return p.id as string;
}

export const TARGETS: Target[] = [
  /**
   * | rule                                                   | how                                     |
   * |--------------------------------------------------------|-----------------------------------------|
   * | the e-mail of an active account of an active operator   | the world's sign-in accounts, any case, spaces around |
   * | its password                                            | the factories' password                 |
   */
  {
    method: 'POST',
    path: '/api/v1/auth/login',
    as: () => null,
    fix: (b, w, pick) => ({
      ...b,
      email: `${pick.bool() ? ' ' : ''}${anyCase(pick.one(w.accounts.login), pick)}`,
      password: 'Secreta123',
    }),
  },
  /** No rule beyond the schema: any address gets the same 202 (it reveals no account). */
  { method: 'POST', path: '/api/v1/auth/password-reset', as: () => null },
  /**
   * | rule                                                   | how                                     |
   * |--------------------------------------------------------|-----------------------------------------|
   * | token: an unused, unexpired link's token               | prepare (a reset asked for, read from the queued e-mail) |
   * | re_password = password                                  | fix                                     |
   */
  {
    method: 'POST',
    path: '/api/v1/auth/password-reset/confirm',
    as: () => null,
    fix: (b) => ({ ...b, re_password: b.password }),
    prepare: async (req, w) => ({ ...req, body: { ...req.body, token: await w.accounts.resetToken() } }),
  },
  /** No rule beyond the schema. */
  { method: 'PUT', path: '/api/v1/auth/me', as: (w) => w.tokens.A3 },
  /**
   * | rule                                                   | how                                     |
   * |--------------------------------------------------------|-----------------------------------------|
   * | re_password = password                                  | fix                                     |
   * | current_password: the caller's password now             | prepare (the world follows each change) |
   * | password ≠ current_password                             | prepare appends a character             |
   */
  {
    method: 'POST',
    path: '/api/v1/auth/me/password',
    as: (w) => w.accounts.me.token,
    fix: (b) => ({ ...b, re_password: b.password }),
    prepare: async (req, w) => {
      const current = w.accounts.me.password;
      let password = req.body.password as string;
      if (password === current) password = password.length < 200 ? `${password}!` : `${password.slice(0, 199)}!`;
      return {
        ...req,
        token: w.accounts.me.token,
        body: { ...req.body, current_password: current, password, re_password: password },
      };
    },
    accepted: (req, answer, w) => {
      w.accounts.me.password = req.body.password as string;
      w.accounts.me.token = answer.token as string;
    },
  },
  /**
   * | rule                                                   | how                                     |
   * |--------------------------------------------------------|-----------------------------------------|
   * | list keys: `^[a-z][a-z0-9-]{0,39}$` (OpenAPI 3.0 has no propertyNames) | keys rewritten          |
   */
  {
    method: 'PUT',
    path: '/api/v1/auth/me/preferences',
    fix: (b) => {
      if (!b.columns || typeof b.columns !== 'object') return b;
      const columns = Object.fromEntries(
        Object.entries(b.columns as Json).map(([k, v], i) => [
          `l${k.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`.slice(0, 36) + i,
          v,
        ]),
      );
      return { ...b, columns };
    },
  },
  /**
   * | rule                                                   | how                                     |
   * |--------------------------------------------------------|-----------------------------------------|
   * | re_password = password                                  | fix                                     |
   * | level: one the caller may give (A1: 1–5, 403 otherwise) | fix                                     |
   * | e-mail unique among live users (EMAIL_TAKEN)            | prepare: a counter ahead of it          |
   * | tour_operator_id: the administrator's only (ignored for A1) | left as generated                   |
   */
  {
    method: 'POST',
    path: '/api/v1/users',
    fix: (b, _w, pick) => ({ ...b, re_password: b.password, level: pick.int(1, 5) }),
    prepare: async (req, w) => ({ ...req, body: { ...req.body, email: unique(w, 'u', req.body.email, 254) } }),
    // Issue 14: the password is optional; an active new user (the default) is invited by e-mail to
    // choose one, in the same transaction; an inactive one is not.
    accepted: async (_req, answer, w) => {
      const res = await w.app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from messages where user_id = ${answer.id as string} and kind = 'user_invitation'`,
      );
      const expected = answer.state === 1 ? 1 : 0;
      if (Number(res.rows[0]?.n) !== expected) {
        throw new Error(`user ${answer.id} (state ${answer.state}) has ${res.rows[0]?.n} invitations, not ${expected}`);
      }
    },
  },
  /**
   * | rule                                                   | how                                     |
   * |--------------------------------------------------------|-----------------------------------------|
   * | re_password = password when a password is sent          | fix                                     |
   * | level: one the caller may give (A1: 1–5)                | fix                                     |
   * | e-mail unique among live users but this one              | prepare: a counter ahead of it          |
   * | not the caller's own level or state                     | another user                            |
   */
  {
    method: 'PUT',
    path: '/api/v1/users/{id}',
    url: (w) => `/api/v1/users/${w.accounts.userToUpdate}`,
    fix: (b, _w, pick) => ({
      ...b,
      ...(has(b, 'password') ? { re_password: b.password } : {}),
      ...(has(b, 'level') ? { level: pick.int(1, 5) } : {}),
    }),
    prepare: async (req, w) =>
      has(req.body, 'email') ? { ...req, body: { ...req.body, email: unique(w, 'u', req.body.email, 254) } } : req,
  },
  /**
   * The administrator's.
   * | rule                                                              | how                          |
   * |-------------------------------------------------------------------|------------------------------|
   * | the default language (es when not sent) among `public_languages`   | default = the first offered  |
   */
  {
    method: 'POST',
    path: '/api/v1/tour-operators',
    as: (w) => w.tokens.admin,
    fix: (b) => {
      const offered = b.public_languages as string[] | undefined;
      if (!offered || offered.includes((b.default_language as string | undefined) ?? 'es')) return b;
      return { ...b, default_language: offered[0] };
    },
  },
  /**
   * The administrator on an operator of its own (its state and time zone change nobody else's).
   * | rule                                                                   | how                     |
   * |------------------------------------------------------------------------|-------------------------|
   * | the default language among the offered ones, the stored ones counting  | prepare: against stored |
   */
  {
    method: 'PUT',
    path: '/api/v1/tour-operators/{id}',
    as: (w) => w.tokens.admin,
    url: (w) => `/api/v1/tour-operators/${w.operatorToUpdate}`,
    prepare: async (req, w) => {
      if (!has(req.body, 'default_language') && !has(req.body, 'public_languages')) return req;
      const stored = (await w.call('GET', req.url, w.tokens.admin)) as {
        default_language: string;
        public_languages: string[];
      };
      const body = { ...req.body };
      const offered = (body.public_languages as string[] | undefined) ?? stored.public_languages;
      const chosen = (body.default_language as string | undefined) ?? stored.default_language;
      if (!offered.includes(chosen)) {
        if (has(body, 'public_languages')) body.default_language = offered[0];
        else body.public_languages = [...offered, chosen];
      }
      return { ...req, body };
    },
  },
  /**
   * Issue 14: the operator's admin on its own operator's message settings (an operator of the
   * world's own: switching A's customer messages off would change what A's bookings write). No rule
   * beyond the schema; fields not sent stay as they were, `enabled_kinds` is a set.
   */
  {
    method: 'PUT',
    path: '/api/v1/tour-operators/{id}/message-settings',
    as: (w) => w.messages.adminToken,
    url: (w) => `/api/v1/tour-operators/${w.messages.operator}/message-settings`,
    accepted: (req, answer) => {
      const sent = req.body;
      const wrong: string[] = [];
      if (has(sent, 'reminder_time') && answer.reminder_time !== sent.reminder_time) wrong.push('reminder_time');
      if (has(sent, 'sender_name') && answer.sender_name !== (sent.sender_name as string).trim())
        wrong.push('sender_name');
      if (
        has(sent, 'enabled_kinds') &&
        [...new Set(sent.enabled_kinds as string[])].sort().join() !==
          [...(answer.enabled_kinds as string[])].sort().join()
      ) {
        wrong.push('enabled_kinds');
      }
      if (wrong.length)
        throw new Error(`settings answered ${JSON.stringify(answer)} for ${JSON.stringify(sent)}: ${wrong}`);
    },
  },
  /** fixProduct's table; `code` unique (prepare). */
  {
    method: 'POST',
    path: '/api/v1/products',
    fix: fixProduct,
    prepare: async (req, w) => ({ ...req, body: { ...req.body, code: unique(w, 'k', req.body.code, 30) } }),
  },
  /**
   * fixProduct's table, and against the stored product: min_pax ≤ capacity when only one of them is
   * sent; a capacity not below the seats its departures sold (it sold none).
   */
  {
    method: 'PUT',
    path: '/api/v1/products/{id}',
    url: (w) => `/api/v1/products/${w.products.toUpdate.id}`,
    fix: fixProduct,
    prepare: async (req, w) => {
      const body = { ...req.body };
      if (has(body, 'code')) body.code = unique(w, 'k', body.code, 30);
      if (has(body, 'min_pax') || has(body, 'capacity')) {
        const stored = (await w.call('GET', req.url, w.tokens.A1)) as unknown as Product;
        const capacity = (body.capacity as number | undefined) ?? stored.capacity;
        if (((body.min_pax as number | undefined) ?? stored.min_pax) > capacity) body.min_pax = capacity;
      }
      return { ...req, body };
    },
  },
  /**
   * | rule                                                   | how                                     |
   * |--------------------------------------------------------|-----------------------------------------|
   * | capacity not below the seats sold (CAPACITY_BELOW_SOLD) | a product that sold none                |
   * | an extra departure: ≤ 48 start times that day           | random days: never 48                   |
   */
  {
    method: 'PUT',
    path: '/api/v1/products/{id}/departures',
    url: (w) => `/api/v1/products/${w.products.forDepartures.id}/departures`,
  },
  /**
   * Issue 14, on a product of its own (its departures closed never stop a sale property):
   *
   * | rule (cancelDeparture)                                 | how                                     |
   * |--------------------------------------------------------|-----------------------------------------|
   * | product of the operator, not deleted                    | the world's                             |
   * | a departure the product has (its rules or a row)          | prepare: (the same)                     |
   * | a departure that has not started (STATE_CONFLICT)        | prepare: a departure from tomorrow on, one of its own per request, with a booking on it |
   *
   * Then: the booking is cancelled, its customer told (an e-mail queued, or listed without one) and the departure closed.
   */
  {
    method: 'POST',
    path: '/api/v1/products/{id}/departures/cancel',
    url: (w) => `/api/v1/products/${w.products.forCancel.id}/departures/cancel`,
    prepare: async (req, w, pick) => {
      const { date, time } = await w.departureToCancel(pick.bool());
      return { ...req, body: { ...req.body, date, time } };
    },
    accepted: async (req, answer, w) => {
      const told = (answer.messages_queued as number) + (answer.without_email as unknown[]).length;
      const { date, time } = req.body as { date: string; time: string };
      const slots = (await w.call(
        'GET',
        `/api/v1/products/${w.products.forCancel.id}/availability?from=${date}&to=${date}`,
        w.tokens.A1,
      )) as unknown as { time: string; closed: boolean }[];
      const closed = slots.find((x) => x.time === time)?.closed;
      if (answer.cancelled_bookings !== 1 || told !== 1 || closed !== true) {
        throw new Error(`cancelled ${date} ${time}: ${JSON.stringify(answer)}; closed: ${closed}`);
      }
    },
  },
  /**
   * | rule                                                   | how                                     |
   * |--------------------------------------------------------|-----------------------------------------|
   * | ids: each image of the product exactly once (any case)  | a permutation of the world's images     |
   */
  {
    method: 'PUT',
    path: '/api/v1/products/{id}/images/order',
    url: (w) => `/api/v1/products/${w.products.withImages.id}/images/order`,
    fix: (b, w, pick) => {
      const rest = [...w.imageIds];
      const ids: string[] = [];
      while (rest.length > 0) ids.push(anyCase(rest.splice(pick.int(0, rest.length - 1), 1)[0] as string, pick));
      return { ...b, ids };
    },
  },
  /** An image of the product (path); no rule on the body. */
  {
    method: 'PUT',
    path: '/api/v1/products/{id}/images/{imageId}',
    url: (w) => `/api/v1/products/${w.products.withImages.id}/images/${w.imageIds[0]}`,
  },
  /**
   * | rule                                                   | how                                     |
   * |--------------------------------------------------------|-----------------------------------------|
   * | unavailable periods: from ≤ to                          | swapped                                 |
   * | plate unique in the operator's fleet, compared without spaces, dashes or case (PLATE_TAKEN) | prepare: a counter ahead of it |
   */
  {
    method: 'POST',
    path: '/api/v1/vehicles',
    fix: (b) => ({ ...b, unavailable_periods: orderedPeriods(b.unavailable_periods) }),
    prepare: async (req, w) => ({ ...req, body: { ...req.body, plate: unique(w, 'P', req.body.plate, 20) } }),
  },
  {
    method: 'PUT',
    path: '/api/v1/vehicles/{id}',
    url: (w) => `/api/v1/vehicles/${w.vehicles.toUpdate}`,
    fix: (b) =>
      has(b, 'unavailable_periods') ? { ...b, unavailable_periods: orderedPeriods(b.unavailable_periods) } : b,
    prepare: async (req, w) =>
      has(req.body, 'plate') ? { ...req, body: { ...req.body, plate: unique(w, 'P', req.body.plate, 20) } } : req,
  },
  /** No rule beyond the schema (tour_operator_id is the administrator's). */
  { method: 'POST', path: '/api/v1/persons' },
  { method: 'PUT', path: '/api/v1/persons/{id}', url: (w) => `/api/v1/persons/${w.persons.toUpdate}` },
  /**
   * | rule (parseAccommodationCsv)                            | how                                    |
   * |---------------------------------------------------------|----------------------------------------|
   * | a CSV that parses (quotes closed), `;` or `,` separated  | every generated line a quoted row      |
   * | a header row with a "nombre" (or "name") column, no column twice | `nombre;zona`                  |
   * | at least one data row, at most 5 000                    | the generated lines (≤ 40)             |
   * Each row is then checked on its own and answered in `rejected`: a bad row is no refusal.
   */
  {
    method: 'POST',
    path: '/api/v1/accommodations/import',
    fix: (b) => {
      const quoted = (v: string) => `"${v.replaceAll('"', '""')}"`;
      const rows = String(b.csv)
        .split('\n')
        .map((line, i) => `${quoted(line)};${quoted(`Zona ${i}`)}`);
      return { ...b, csv: ['nombre;zona', ...rows].join('\n') };
    },
  },
  /**
   * | rule (assertPickupAt)                                   | how                                    |
   * |---------------------------------------------------------|----------------------------------------|
   * | pickup_at_id: a live accommodation of the operator or shared, not collected elsewhere itself | the world's hubs |
   */
  {
    method: 'POST',
    path: '/api/v1/accommodations',
    fix: (b, w, pick) => {
      const out = { ...b };
      ref(out, 'pickup_at_id', w.accommodations.pickupTargets, pick);
      return out;
    },
  },
  /** As above, and not the accommodation itself (nothing is collected at it). */
  {
    method: 'PUT',
    path: '/api/v1/accommodations/{id}',
    url: (w) => `/api/v1/accommodations/${w.accommodations.toUpdate}`,
    fix: (b, w, pick) => {
      const out = { ...b };
      ref(out, 'pickup_at_id', w.accommodations.pickupTargets, pick);
      return out;
    },
  },
  /** fixSale's table. */
  {
    method: 'POST',
    path: '/api/v1/bookings',
    fix: (b, w, pick) => {
      const out = fixSale(b, w, pick, w.accommodations.usable);
      // An agency's sale (ADR 023) is its own test (bookings.channel.test.ts): the world has none.
      if (has(b, 'channel_id')) out.channel_id = null;
      return out;
    },
  },
  /**
   * fixSale's table, without the departure's (a quote with a time only says whether it can be sold):
   * the product visible and active, pax types it offers that date, discount ≤ subtotal, a usable
   * accommodation.
   */
  {
    method: 'POST',
    path: '/api/v1/bookings/quote',
    fix: (b, w, pick) => {
      const sold = fixSale(b, w, pick, w.accommodations.usable);
      const out: Body = { ...b, product_id: sold.product_id, date: sold.date, pax: sold.pax };
      if (has(b, 'time')) out.time = sold.time;
      if (has(b, 'accommodation_id')) out.accommodation_id = sold.accommodation_id;
      if (has(b, 'discount_cents')) out.discount_cents = sold.discount_cents;
      return out;
    },
  },
  /**
   * On a booking made for the request (prepare), pending or confirmed, 2 adults:
   *
   * | rule (updateBooking)                                    | how                                    |
   * |---------------------------------------------------------|----------------------------------------|
   * | version: the booking's current one (STALE_VERSION)      | prepare                                |
   * | state: along the state machine; completed / no_show only once the departure started; cancelled has its endpoint | the current state or pending → confirmed |
   * | a new product, date, time or pax: fixSale's rules (a departure the product has, pax types, seats…) | fixSale on all three |
   * | discount ≤ subtotal (new prices, or the booking's); a discount needs discount_reason | fixDiscount |
   * | named passengers ≤ pax (sent or the booking's)          | fixPassengers                          |
   * | accommodation usable; seller an active Vendedor         | the world's                            |
   * | answers: to questions the product asks (none)           | cleared                                |
   */
  {
    method: 'PUT',
    path: '/api/v1/bookings/{id}',
    prepare: async (req, w, pick) => {
      const booking = await w.freshBooking({ pax: { adult: 2 }, state: pick.bool() ? 'pending' : 'confirmed' });
      const b: Body = { ...req.body };
      if (has(b, 'version')) b.version = booking.version;
      if (has(b, 'state') && !(b.state === booking.state || (booking.state === 'pending' && b.state === 'confirmed'))) {
        b.state = booking.state;
      }
      let pax: Pax = { adult: 2 };
      let subtotal = booking.subtotal_cents;
      if (['product_id', 'date', 'time', 'pax'].some((k) => has(b, k))) {
        const sold = fixSale({ pax: b.pax ?? pax }, w, pick, w.accommodations.usable);
        Object.assign(b, { product_id: sold.product_id, date: sold.date, time: sold.time, pax: sold.pax });
        pax = sold.pax as Pax;
        const p = w.products.sale.find((x) => x.id === sold.product_id) as Product;
        subtotal = quoteBooking(p, sold.date as string, pax).subtotal_cents;
      }
      fixDiscount(b, subtotal);
      if (has(b, 'passengers')) b.passengers = fixPassengers(b.passengers, pax);
      ref(b, 'accommodation_id', w.accommodations.usable, pick);
      ref(b, 'seller_id', w.crew.sellers, pick);
      if (has(b, 'answers')) b.answers = [];
      return { ...req, url: `/api/v1/bookings/${booking.id}`, body: b };
    },
  },
  /** A pending or confirmed booking (made for the request: it is cancelled once). */
  {
    method: 'POST',
    path: '/api/v1/bookings/{id}/cancel',
    prepare: async (req, w) => ({ ...req, url: `/api/v1/bookings/${(await w.freshBooking()).id}/cancel` }),
  },
  /**
   * Issue 14, «Enviar por WhatsApp» on a confirmed booking with a mobile (any text may be opened):
   *
   * | rule (openWhatsapp)                                     | how                                    |
   * |---------------------------------------------------------|----------------------------------------|
   * | a booking the caller may read                            | the world's, as the operator's admin   |
   * | a valid mobile on the booking (read with its country)     | the world's                            |
   * | the cancellation's text only for a cancelled booking     | fix: another text on this confirmed one |
   *
   * Then: a wa.me link to that number with the text, logged as a sent WhatsApp message of that kind.
   */
  {
    method: 'POST',
    path: '/api/v1/bookings/{id}/whatsapp',
    url: (w) => `/api/v1/bookings/${w.bookings.reachable.id}/whatsapp`,
    fix: (b, _w, pick) =>
      b.kind === 'booking_cancelled'
        ? { ...b, kind: pick.one(['booking_confirmed', 'booking_prepared', 'booking_reminder']) }
        : b,
    accepted: (req, answer) => {
      const m = answer.message as Json;
      const digits = String(answer.phone).replace(/^\+/, '');
      const ok =
        answer.phone === '+34612345678' &&
        String(answer.url) === `https://wa.me/${digits}?text=${encodeURIComponent(String(answer.text))}` &&
        m.channel === 'whatsapp' &&
        m.state === 'sent' &&
        m.kind === (req.body.kind ?? 'booking_confirmed') &&
        m.booking_id === req.url.split('/').at(-2);
      if (!ok) throw new Error(`WhatsApp answered ${JSON.stringify(answer).slice(0, 600)}`);
    },
  },
  /**
   * On a booking made for the request (11 500 cents, nothing paid):
   *
   * | rule (addPayment)                                       | how                                    |
   * |---------------------------------------------------------|----------------------------------------|
   * | a payment ≤ what is pending, on a booking not cancelled  | amount lowered                         |
   * | a refund ≤ what was paid net of refunds                  | prepare pays it all first               |
   */
  {
    method: 'POST',
    path: '/api/v1/bookings/{id}/payments',
    prepare: async (req, w) => {
      const booking = await w.freshBooking();
      const url = `/api/v1/bookings/${booking.id}/payments`;
      if (req.body.kind === 'refund') {
        await w.call('POST', url, w.tokens.A1, { amount_cents: booking.total_cents, method: 'cash' });
      }
      return {
        ...req,
        url,
        body: { ...req.body, amount_cents: Math.min(req.body.amount_cents as number, booking.total_cents) },
      };
    },
  },
  /**
   * | rule (createSheet)                                      | how                                    |
   * |---------------------------------------------------------|----------------------------------------|
   * | product of the operator, not deleted                    | the world's                            |
   * | date + time: a departure the product has (rules, not a closed date, or an existing row) | a time of its rules |
   * | one sheet per departure (SHEET_EXISTS)                  | prepare: a day of its own (counter)    |
   * | state: a new sheet starts draft or ready                | fix                                    |
   * | assignments                                             | fixAssignments                         |
   */
  {
    method: 'POST',
    path: '/api/v1/schedule-sheets',
    fix: (b, w, pick) => {
      const out: Body = { ...b, product_id: w.products.plain.id };
      if (has(b, 'state')) out.state = pick.one(['draft', 'ready']);
      fixAssignments(out, w, pick);
      return out;
    },
    prepare: async (req, w, pick) => {
      const { date, time } = departureOf(w.products.plain, SALE_DAYS.max + 100 + w.next(), pick);
      return { ...req, body: { ...req.body, date, time } };
    },
  },
  /** No rule beyond the schema (tour_operator_id is the administrator's). */
  { method: 'POST', path: '/api/v1/schedule-sheets/generate' },
  /**
   * On a draft or ready sheet of a future departure:
   *
   * | rule (updateSheet)                                      | how                                    |
   * |---------------------------------------------------------|----------------------------------------|
   * | version: the sheet's current one (STALE_VERSION)        | prepare reads it                       |
   * | state: draft ⇄ ready; in_progress from the departure's day; done once started | prepare: draft or ready |
   * | assignments                                             | fixAssignments                         |
   */
  {
    method: 'PUT',
    path: '/api/v1/schedule-sheets/{id}',
    url: (w) => `/api/v1/schedule-sheets/${w.sheets.toUpdate}`,
    fix: (b, w, pick) => {
      const out: Body = { ...b };
      fixAssignments(out, w, pick);
      return out;
    },
    prepare: async (req, w, pick) => {
      const sheet = await w.call('GET', req.url, w.tokens.A1);
      const b: Body = { ...req.body };
      if (has(b, 'version')) b.version = sheet.version;
      if (has(b, 'state')) b.state = pick.one(['draft', 'ready']);
      return { ...req, body: b };
    },
  },
  /**
   * On a ready sheet of a departure days ahead with two bookings:
   *
   * | rule (checkIn)                                          | how                                    |
   * |---------------------------------------------------------|----------------------------------------|
   * | booking_id, or a code: a locator (any case, dash optional), a booking id or its voucher URL | one of the sheet's bookings |
   * | the booking on this sheet, pending or confirmed         | the world's                            |
   * | outside the departure's day the office gives override_reason | fix                               |
   */
  {
    method: 'POST',
    path: '/api/v1/schedule-sheets/{id}/check-in',
    url: (w) => `/api/v1/schedule-sheets/${w.sheets.checkIn}/check-in`,
    fix: (b, w, pick) => {
      const booking = pick.one(w.bookings.boarding) as Booking;
      const out: Body = { ...b, override_reason: nonBlank(b.override_reason, 'Embarque adelantado') };
      // ADR 022: the crew's cash only when boarding, and never above what is pending (one cent).
      if (has(b, 'collected')) {
        if (b.present === false) delete out.collected;
        else out.collected = { ...(b.collected as Json), amount_cents: 1 };
      }
      if (has(b, 'booking_id') || !has(b, 'code')) out.booking_id = anyCase(booking.id, pick);
      else {
        out.code = pick.one([
          booking.locator,
          booking.locator.replace('-', '').toLowerCase(),
          booking.id,
          `https://reservas.example/public/landing/booking-voucher/${booking.id}`,
        ]);
      }
      return out;
    },
  },
  /**
   * Anonymous, with a fresh Idempotency-Key: fixSale's table, with the places the product collects
   * from (assertPickupPlace) as accommodations.
   */
  {
    method: 'POST',
    path: '/api/v1/public/bookings',
    as: () => null,
    headers: publicKey,
    fix: (b, w, pick) => fixSale(b, w, pick, [w.accommodations.hub, w.accommodations.hotel, w.accommodations.shared]),
  },
  /**
   * On a booking the office prepared for its customer (3 adults, 2 children, 1 infant, 2 seniors):
   *
   * | rule (updatePublicBooking)                              | how                                    |
   * |---------------------------------------------------------|----------------------------------------|
   * | the booking pending or confirmed, its departure ahead    | the world's                            |
   * | confirm: true needs accept_terms: true                  | fix                                    |
   * | named passengers ≤ the booking's pax of their type      | fixPassengers                          |
   * | accommodation: a place the product collects from        | the world's                            |
   * | answers: to questions the product asks (none)           | cleared                                |
   */
  {
    method: 'PUT',
    path: '/api/v1/public/bookings/{id}',
    as: () => null,
    url: (w) => `/api/v1/public/bookings/${w.bookings.customers.id}`,
    fix: (b, w, pick) => {
      const out: Body = { ...b };
      if (b.confirm === true) out.accept_terms = true;
      if (has(b, 'passengers'))
        out.passengers = fixPassengers(b.passengers, { adult: 3, child: 2, infant: 1, senior: 2 });
      ref(out, 'accommodation_id', [w.accommodations.hub, w.accommodations.hotel, w.accommodations.shared], pick);
      if (has(b, 'answers')) out.answers = [];
      return out;
    },
  },
  /**
   * ADR 022: the operator's admin on its own payment settings (the operator of the message
   * settings, which sells nothing online). A provider needs what it uses; Stripe's key the mode's.
   *
   * | rule (updatePaymentSettings)                              | how |
   * |-----------------------------------------------------------|-----|
   * | redsys chosen: merchant code, terminal, secret stored      | fix |
   * | stripe chosen: secret key and webhook secret stored        | fix |
   * | a Stripe secret key: sk_test_ in test, sk_live_ in live    | fix |
   */
  {
    method: 'PUT',
    path: '/api/v1/tour-operators/{id}/payment-settings',
    as: (w) => w.messages.adminToken,
    url: (w) => `/api/v1/tour-operators/${w.messages.operator}/payment-settings`,
    fix: (b) => {
      const out: Body = { ...b };
      if (out.provider === 'redsys') {
        out.redsys = {
          ...((out.redsys as Body | undefined) ?? {}),
          merchant_code: '999008881',
          terminal: '1',
          secret_key: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
        };
      }
      const stripe = out.stripe as Body | undefined;
      if (out.provider === 'stripe' || stripe?.secret_key !== undefined) {
        out.stripe = {
          ...(stripe ?? {}),
          secret_key: `sk_${out.mode === 'live' ? 'live' : 'test'}_ContractWorldKey01`,
          webhook_secret: 'whsec_ContractWorldSecret01',
        };
      }
      return out;
    },
  },
  /**
   * ADR 022: anonymous, on a booking of a product paid in full online, of an operator that takes
   * Redsys with Bizum (made once: signing the form needs no network). A fresh booking each time.
   */
  {
    method: 'POST',
    path: '/api/v1/public/bookings/{id}/payments',
    as: () => null,
    prepare: async (req, w) => {
      const productId = await onlineProduct(w);
      const booking = await w.call('POST', '/api/v1/bookings', w.tokens.admin, {
        product_id: productId,
        date: dayIn(SALE_DAYS.min + 1),
        time: '09:00',
        pax: { adult: 1 },
        customer_name: 'Cliente que paga en línea',
        customer_email: 'paga@example.com',
        language: 'es',
      });
      return { ...req, url: `/api/v1/public/bookings/${booking.id as string}/payments` };
    },
  },
  /** ADR 022: a signed-looking event about no Checkout Session of ours: received and ignored (200). */
  {
    method: 'POST',
    path: '/api/v1/payments/stripe/webhook',
    as: () => null,
    headers: () => ({ 'stripe-signature': 't=1,v1=00' }),
    fix: (b) => ({ ...b, type: 'ping', data: { object: {} } }),
  },
  /**
   * ADR 022: on a fresh office booking (11 500 cents… here 4 500, one adult, a mobile) of the
   * operator that takes payments online.
   *
   * | rule (addPaymentLink)                                        | how                      |
   * |--------------------------------------------------------------|--------------------------|
   * | a booking not cancelled, money pending, a provider            | the world's online one   |
   * | amount_cents ≤ pending; e-mail or a mobile for the channel    | amount lowered; both set |
   */
  {
    method: 'POST',
    path: '/api/v1/bookings/{id}/payment-links',
    as: (w) => w.tokens.admin,
    prepare: async (req, w) => {
      const booking = await onlineBooking(w);
      const amount = req.body.amount_cents as number | undefined;
      return {
        ...req,
        url: `/api/v1/bookings/${booking.id as string}/payment-links`,
        body: { ...req.body, ...(amount === undefined ? {} : { amount_cents: Math.min(amount, 4500) }) },
      };
    },
  },
  /**
   * ADR 022: on a fresh booking of the online operator with a Redsys payment recorded (as its
   * notification would), refunded through a stand-in of the provider (refunds.ts' seam).
   *
   * | rule (createRefund)                                          | how                      |
   * |--------------------------------------------------------------|--------------------------|
   * | an online payment of the booking (payment_id, or the latest) | the one recorded; payment_id dropped |
   * | amount_cents ≤ what that provider was paid net of refunds     | amount lowered           |
   * | a fresh Idempotency-Key                                       | headers                  |
   */
  {
    method: 'POST',
    path: '/api/v1/bookings/{id}/refunds',
    as: (w) => w.tokens.admin,
    headers: () => ({ 'idempotency-key': randomUUID() }),
    prepare: async (req, w) => {
      // Only this target's payments go to the stand-in: test files share their worker's modules
      // (ADR 021), so a seam swapped for good would answer every later refund in the worker.
      const real = refundProvider.refund;
      if (!(real as { contractStandIn?: true }).contractStandIn) {
        const standIn = async (...args: Parameters<typeof real>) =>
          args[2].providerPaymentRef.startsWith(CONTRACT_PAYMENT_PREFIX)
            ? { status: 'succeeded' as const, providerRef: `re_${randomUUID()}` }
            : real(...args);
        refundProvider.refund = Object.assign(standIn, { contractStandIn: true as const });
      }
      const booking = await onlineBooking(w);
      await inTransaction(w.app.db, (tx) =>
        applyOnlinePayment(tx, {
          bookingId: booking.id as string,
          attemptId: randomUUID(),
          provider: 'stripe',
          providerRef: `${CONTRACT_PAYMENT_PREFIX}${randomUUID()}`,
          amountCents: 4500,
          now: new Date(),
        }),
      );
      const { payment_id: _none, ...body } = req.body;
      return {
        ...req,
        url: `/api/v1/bookings/${booking.id as string}/refunds`,
        body: { ...body, amount_cents: Math.min(req.body.amount_cents as number, 4500) },
      };
    },
  },
  /** «Facturas» (issue 34): a paid booking's invoice (fixInvoiceRequest's table). */
  {
    method: 'POST',
    path: '/api/v1/bookings/{id}/invoices',
    as: (w) => w.tokens.admin,
    fix: fixInvoiceRequest,
    prepare: async (req, w) => {
      const booking = await paidBooking(w);
      return { ...req, url: `/api/v1/bookings/${booking.id as string}/invoices` };
    },
  },
  {
    method: 'POST',
    path: '/api/v1/public/bookings/{id}/invoices',
    as: () => null,
    fix: fixInvoiceRequest,
    prepare: async (req, w) => {
      const booking = await paidBooking(w);
      return { ...req, url: `/api/v1/public/bookings/${booking.id as string}/invoices` };
    },
  },
  /**
   * A corrective invoice of a fresh simplified one.
   *
   * | rule (correctInvoice)                                   | how                    |
   * |---------------------------------------------------------|------------------------|
   * | amount_cents ≤ what the invoice has left to correct      | amount lowered         |
   */
  {
    method: 'POST',
    path: '/api/v1/invoices/{id}/corrections',
    as: (w) => w.tokens.admin,
    prepare: async (req, w) => {
      const booking = await paidBooking(w);
      const invoice = await w.call('POST', `/api/v1/bookings/${booking.id as string}/invoices`, w.tokens.admin, {
        kind: 'simplified',
      });
      const amount = req.body.amount_cents as number | undefined;
      return {
        ...req,
        url: `/api/v1/invoices/${invoice.id as string}/corrections`,
        body: {
          ...req.body,
          ...(amount === undefined ? {} : { amount_cents: Math.min(amount, invoice.total_cents as number) }),
        },
      };
    },
  },
  /** A channel of operator A (fixChannel's table). */
  {
    method: 'POST',
    path: '/api/v1/channels',
    fix: fixChannel,
    prepare: async (req, w) => ({ ...req, body: { ...req.body, name: unique(w, 'Canal ', req.body.name, 120) } }),
  },
  {
    method: 'PUT',
    path: '/api/v1/channels/{id}',
    fix: fixChannel,
    prepare: async (req, w) => ({
      ...req,
      url: `/api/v1/channels/${(await contractChannels(w)).toUpdate}`,
      body: has(req.body, 'name') ? { ...req.body, name: unique(w, 'Canal ', req.body.name, 120) } : req.body,
    }),
  },
  /** A key of an `octo` channel of A; no rule on the body (a label). */
  {
    method: 'POST',
    path: '/api/v1/channels/{id}/keys',
    prepare: async (req, w) => ({ ...req, url: `/api/v1/channels/${(await contractChannels(w)).forKeys}/keys` }),
  },
  /** A booking made for the request (a booking is cancelled once), inside its free-cancellation window. */
  {
    method: 'POST',
    path: '/api/v1/public/bookings/{id}/cancel',
    as: () => null,
    prepare: async (req, w) => ({ ...req, url: `/api/v1/public/bookings/${(await w.freshBooking()).id}/cancel` }),
  },
  /**
   * | rule (createCommissionStatement)                        | how                                    |
   * |---------------------------------------------------------|----------------------------------------|
   * | seller_id with seller / channel_id with channel          | prepare: A's seller                    |
   * | from ≤ to, ≤ 400 days                                    | prepare: the booking's day             |
   * | something due (422 otherwise)                            | prepare: a fresh sale of the seller    |
   */
  {
    method: 'POST',
    path: '/api/v1/commissions/statements',
    prepare: async (req, w) => {
      const { seller, date } = await sellerSaleDue(w);
      return { ...req, body: { party_kind: 'seller', seller_id: seller, from: date, to: date } };
    },
  },
  /** An open statement made for the request (settled once); the body's date, method and reference as generated. */
  {
    method: 'POST',
    path: '/api/v1/commissions/statements/{id}/settle',
    prepare: async (req, w) => ({ ...req, url: `/api/v1/commissions/statements/${await openStatement(w)}/settle` }),
  },
  /**
   * | rule (createCashHandover)                               | how                                    |
   * |---------------------------------------------------------|----------------------------------------|
   * | holder of the operator; payments theirs, cash or card, not handed over | prepare: A's admin's fresh cash payment |
   * | notes when received ≠ expected (10,00 €)                 | prepare: notes when blank              |
   */
  {
    method: 'POST',
    path: '/api/v1/cash/handovers',
    prepare: async (req, w) => {
      const received = req.body.received_cents as number;
      const notes = received !== 1000 && isBlank(req.body.notes) ? 'Diferencia contada' : req.body.notes;
      return {
        ...req,
        body: { ...req.body, holder_id: w.base.A.l1.id, payment_ids: [await heldPayment(w)], notes },
      };
    },
  },
];
