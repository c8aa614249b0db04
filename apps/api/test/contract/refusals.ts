/**
 * The business refusals of the write endpoints (issue 21): for each rule the JSON Schema cannot say,
 * how to break a valid request (targets.ts) on that rule alone, and the documented answer — status,
 * `code` and, for a 422, the field `errors` names. The broken body is still one the document
 * accepts: these are the 4xx a client that follows the schema can still get, and why. A few rules
 * the document says as well (`inDocument`: "one of these fields") stay here for their exact answer.
 *
 * Kinds:
 *   cross-field  one field against another of the same body (confirmation, ordered ranges…)
 *   format       what OpenAPI 3.0 cannot say about one value (a day its month has, map keys…)
 *   reference    an id or value that must name a record the caller may use
 *   duplicate    a value that must be unique
 *   state        what the stored data allows now (seats, dates, the state machine, balances…)
 *   permission   what the caller's role may not do (403)
 */
import { randomUUID } from 'node:crypto';
import { PAX_TYPES } from '@trayecto/shared';
import { type AvailabilityRuleInput as RuleShape, ruleTimesOn } from '../../src/modules/departures/availability';
import { type Body, departureOf, fixPax, type Picker, type Req } from './targets';
import { dayIn, type Product, SALE_DAYS, type World } from './world';

export type Refusal = {
  /** "METHOD /path" of a target. */
  target: string;
  kind: 'cross-field' | 'format' | 'reference' | 'duplicate' | 'state' | 'permission';
  rule: string;
  /** A valid request → one that breaks this rule only (may make the records it needs). */
  break: (req: Req, w: World, pick: Picker) => Req | Promise<Req>;
  status: number;
  code: string;
  /** The field a 422 names in `errors` (or a prefix of it: `pax` for `pax.child`). */
  field?: string;
  /**
   * The rule is one the document says too (an `anyOf`/`oneOf` of fields, issue 31): the broken body
   * must then be outside the document's schema, and still get this answer.
   */
  inDocument?: true;
};

const with_ = (req: Req, body: Body): Req => ({ ...req, body: { ...req.body, ...body } });
/** Another string than `s` of the same length (the schemas' limits still hold). */
/**
 * `s` with its last character changed: by code point, so an emoji at the end is replaced whole (a
 * slice by UTF-16 unit left half of it, one character more than the document allows at the limit).
 */
const other = (s: string) => {
  const chars = [...s];
  const last = chars.pop();
  return `${chars.join('')}${last === 'x' ? 'y' : 'x'}`;
};

/** A booking body on `p` at its first departure from day `n`, with pax it offers then. */
function saleOn(req: Req, p: Product, n: number, pick: Picker, over: Body = {}): Req {
  const { date, time } = departureOf(p, n, pick);
  return with_(req, {
    product_id: p.id,
    date,
    time,
    pax: fixPax(req.body.pax, p, date),
    passengers: undefined,
    discount_cents: undefined,
    ...over,
  });
}

/** A departure of the plain product on a day of its own (nobody else sells it), with staff's capacity. */
async function departureWithCapacity(w: World, pick: Picker, capacity: number) {
  const day = departureOf(w.products.plain, SALE_DAYS.max + 1000 + w.next(), pick);
  await w.call('PUT', `/api/v1/products/${w.products.plain.id}/departures`, w.tokens.A1, { ...day, capacity });
  return day;
}

export const REFUSALS: Refusal[] = [
  // ── cross-field ──────────────────────────────────────────────────────────────────────────────
  {
    target: 'POST /api/v1/auth/me/password',
    kind: 'cross-field',
    rule: 're_password differs from password',
    break: (req) => with_(req, { re_password: other(req.body.password as string) }),
    status: 422,
    code: 'VALIDATION',
    field: 're_password',
  },
  {
    target: 'POST /api/v1/auth/me/password',
    kind: 'cross-field',
    rule: 'the new password is the current one',
    break: (req) => with_(req, { password: req.body.current_password, re_password: req.body.current_password }),
    status: 422,
    code: 'VALIDATION',
    field: 'password',
  },
  {
    target: 'POST /api/v1/users',
    kind: 'cross-field',
    rule: 're_password differs from password',
    // The password is optional (issue 14: an invitation; empty or null is none): one is sent here.
    break: (req) => {
      const password = (req.body.password as string | null | undefined) || 'Secreta123';
      return with_(req, { password, re_password: other(password) });
    },
    status: 422,
    code: 'VALIDATION',
    field: 're_password',
  },
  {
    target: 'PUT /api/v1/users/{id}',
    kind: 'cross-field',
    rule: 'a password with another re_password',
    break: (req) => with_(req, { password: 'OtraClave123', re_password: 'OtraClave124' }),
    status: 422,
    code: 'VALIDATION',
    field: 're_password',
  },
  {
    target: 'POST /api/v1/tour-operators',
    kind: 'cross-field',
    rule: 'the default language not among the offered ones (issue 15)',
    break: (req) => with_(req, { default_language: 'de', public_languages: ['es', 'en'] }),
    status: 422,
    code: 'VALIDATION',
    field: 'public_languages',
  },
  {
    target: 'PUT /api/v1/tour-operators/{id}',
    kind: 'cross-field',
    rule: 'offered languages without the stored default one (issue 15)',
    // The default (es unless a valid body changed it) is read back: the new list leaves it out.
    break: async (req, w) => {
      const stored = (await w.call('GET', req.url, w.tokens.admin)) as { default_language: string };
      const offered = ['es', 'en', 'de', 'fr', 'it', 'nl'].filter((l) => l !== stored.default_language);
      return with_({ ...req, body: { ...req.body, default_language: undefined } }, { public_languages: offered });
    },
    status: 422,
    code: 'VALIDATION',
    field: 'public_languages',
  },
  {
    target: 'POST /api/v1/products',
    kind: 'reference',
    rule: 'a tax rate of another territory: IGIC 7 % for a mainland operator (issue 34)',
    break: (req) => with_(req, { tax_rate: 7 }),
    status: 422,
    code: 'VALIDATION',
    field: 'tax_rate',
  },
  {
    target: 'PUT /api/v1/products/{id}',
    kind: 'reference',
    rule: 'a tax rate of another territory: IGIC 3 % for a mainland operator (issue 34)',
    break: (req) => with_(req, { tax_rate: 3 }),
    status: 422,
    code: 'VALIDATION',
    field: 'tax_rate',
  },
  {
    target: 'POST /api/v1/products',
    kind: 'cross-field',
    rule: 'min_pax above capacity',
    break: (req) => with_(req, { capacity: 5, min_pax: 6 }),
    status: 422,
    code: 'VALIDATION',
    field: 'min_pax',
  },
  {
    target: 'POST /api/v1/products',
    kind: 'cross-field',
    rule: 'a choice question with one option (ADR 024)',
    break: (req) =>
      with_(req, { questions: [{ scope: 'booking', kind: 'choice', label: 'Menú', options: ['Carne'] }] }),
    status: 422,
    code: 'VALIDATION',
    field: 'questions',
  },
  {
    target: 'POST /api/v1/products',
    kind: 'cross-field',
    rule: 'options on a question that is not a choice (ADR 024)',
    break: (req) =>
      with_(req, { questions: [{ scope: 'passenger', kind: 'yes_no', label: '¿Sabe nadar?', options: ['Sí', 'No'] }] }),
    status: 422,
    code: 'VALIDATION',
    field: 'questions',
  },
  {
    target: 'POST /api/v1/products',
    kind: 'cross-field',
    rule: 'a price with min_age above max_age',
    break: (req) => with_(req, { prices: [{ pax_type: 'adult', amount_cents: 100, min_age: 18, max_age: 17 }] }),
    status: 422,
    code: 'VALIDATION',
    field: 'prices',
  },
  {
    target: 'POST /api/v1/products',
    kind: 'cross-field',
    rule: 'two prices for one passenger type',
    break: (req) =>
      with_(req, {
        prices: [
          { pax_type: 'child', amount_cents: 100 },
          { pax_type: 'child', amount_cents: 200 },
        ],
      }),
    status: 422,
    code: 'VALIDATION',
    field: 'prices',
  },
  {
    target: 'POST /api/v1/products',
    kind: 'cross-field',
    rule: 'a season ending before it starts',
    break: (req) =>
      with_(req, {
        seasons: [
          { name: 'Alta', from: '2031-08-01', to: '2031-07-01', prices: [{ pax_type: 'adult', amount_cents: 1 }] },
        ],
      }),
    status: 422,
    code: 'VALIDATION',
    field: 'seasons',
  },
  {
    target: 'POST /api/v1/products',
    kind: 'cross-field',
    rule: 'an availability rule valid_to before valid_from',
    break: (req) =>
      with_(req, {
        availability_rules: [{ weekdays: [1], times: ['09:00'], valid_from: '2031-08-01', valid_to: '2031-07-31' }],
      }),
    status: 422,
    code: 'VALIDATION',
    field: 'availability_rules',
  },
  {
    target: 'POST /api/v1/products',
    kind: 'cross-field',
    rule: 'rules that together give 50 start times on one day (at most 48)',
    break: (req) => {
      // 00:00, 00:30 … 12:00 and 00:15, 00:45 … 12:15: 25 each, 50 on Tuesdays.
      const times = (minutes: number) =>
        Array.from({ length: 25 }, (_, i) => {
          const m = i * 30 + minutes;
          return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        });
      return with_(req, {
        availability_rules: [
          { weekdays: [1, 2], times: times(0), valid_from: '2031-01-01' },
          { weekdays: [2, 3], times: times(15), valid_from: '2031-01-01' },
        ],
      });
    },
    status: 422,
    code: 'VALIDATION',
    field: 'availability_rules',
  },
  {
    target: 'POST /api/v1/products',
    kind: 'cross-field',
    rule: 'a pickup naming both an accommodation and a zone',
    break: (req, w) =>
      with_(req, { pickups: [{ accommodation_id: w.accommodations.hub, zone: 'Puerto', minutes_before: 10 }] }),
    status: 422,
    code: 'VALIDATION',
    field: 'pickups',
    inDocument: true,
  },
  {
    target: 'POST /api/v1/products',
    kind: 'cross-field',
    rule: 'a pickup with neither minutes before nor a fixed time',
    break: (req) => with_(req, { pickups: [{ zone: 'Puerto' }] }),
    status: 422,
    code: 'VALIDATION',
    field: 'pickups',
    inDocument: true,
  },
  {
    target: 'POST /api/v1/products',
    kind: 'cross-field',
    rule: 'one zone twice in the pickups (case aside)',
    break: (req) =>
      with_(req, {
        pickups: [
          { zone: 'Puerto', minutes_before: 10 },
          { zone: 'PUERTO', fixed_time: '08:00' },
        ],
      }),
    status: 422,
    code: 'VALIDATION',
    field: 'pickups',
  },
  {
    target: 'PUT /api/v1/products/{id}',
    kind: 'cross-field',
    rule: 'min_pax alone, above the stored capacity',
    break: async (req, w) => {
      const stored = (await w.call('GET', req.url, w.tokens.A1)) as unknown as Product;
      const { capacity: _, ...body } = req.body;
      return { ...req, body: { ...body, min_pax: stored.capacity + 1 } };
    },
    status: 422,
    code: 'VALIDATION',
    field: 'min_pax',
  },
  {
    target: 'POST /api/v1/vehicles',
    kind: 'cross-field',
    rule: 'an unavailable period ending before it starts',
    break: (req) => with_(req, { unavailable_periods: [{ from: '2031-05-02', to: '2031-05-01' }] }),
    status: 422,
    code: 'VALIDATION',
    field: 'unavailable_periods',
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'cross-field',
    rule: 'a discount without discount_reason',
    break: (req) => with_(req, { discount_cents: 1, discount_reason: '' }),
    status: 422,
    code: 'VALIDATION',
    field: 'discount_reason',
    inDocument: true,
  },
  {
    target: 'PUT /api/v1/bookings/{id}',
    kind: 'cross-field',
    rule: 'a discount without discount_reason',
    break: (req) => with_(req, { discount_cents: 1, discount_reason: '  ' }),
    status: 422,
    code: 'VALIDATION',
    field: 'discount_reason',
    inDocument: true,
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'cross-field',
    rule: 'a discount above the subtotal',
    break: (req, w, pick) =>
      saleOn(req, w.products.plain, SALE_DAYS.min, pick, {
        pax: { adult: 1 },
        discount_cents: (w.products.plain.prices[0]?.amount_cents ?? 0) + 1,
        discount_reason: 'Oferta',
      }),
    status: 422,
    code: 'VALIDATION',
    field: 'discount_cents',
  },
  {
    target: 'POST /api/v1/bookings/quote',
    kind: 'cross-field',
    rule: 'a discount above the subtotal',
    break: (req, w) =>
      with_(req, {
        product_id: w.products.plain.id,
        pax: { adult: 1 },
        discount_cents: (w.products.plain.prices[0]?.amount_cents ?? 0) + 1,
      }),
    status: 422,
    code: 'VALIDATION',
    field: 'discount_cents',
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'cross-field',
    rule: 'more named passengers of a type than booked',
    break: (req) => {
      const pax = req.body.pax as Record<string, number>;
      const type =
        PAX_TYPES.find((t) => !pax[t]) ?? PAX_TYPES.reduce((a, b) => ((pax[a] ?? 0) <= (pax[b] ?? 0) ? a : b));
      const names = Array.from({ length: (pax[type] ?? 0) + 1 }, (_, i) => ({
        full_name: `Pasajero ${i}`,
        pax_type: type,
      }));
      return with_(req, { passengers: names });
    },
    status: 422,
    code: 'VALIDATION',
    field: 'passengers',
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'cross-field',
    rule: 'a passenger type the product does not offer that day',
    break: (req, w, pick) => {
      const sale = saleOn(req, w.products.adultsAndChildren, SALE_DAYS.min, pick);
      return with_(sale, { pax: { ...(sale.body.pax as object), infant: 1 } });
    },
    status: 422,
    code: 'VALIDATION',
    field: 'pax',
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'state',
    rule: 'a subtotal above what a booking holds (the tariffs times the passengers)',
    break: (req, w, pick) =>
      saleOn(req, w.products.dear, SALE_DAYS.min, pick, { pax: { adult: 215 }, accommodation_id: null }),
    status: 422,
    code: 'VALIDATION',
    field: 'pax',
  },
  {
    target: 'POST /api/v1/public/bookings',
    kind: 'cross-field',
    rule: 'a passenger type the product does not offer that day',
    break: (req, w, pick) => {
      // The seasonal product's second season sells adults only.
      const sale = saleOn(req, w.products.seasonal, SALE_DAYS.min + 450, pick, { accommodation_id: null });
      return with_(sale, { pax: { adult: 1, child: 1 } });
    },
    status: 422,
    code: 'VALIDATION',
    field: 'pax',
  },
  {
    target: 'PUT /api/v1/public/bookings/{id}',
    kind: 'cross-field',
    rule: 'confirm without accept_terms',
    break: (req) => with_(req, { confirm: true, accept_terms: false }),
    status: 422,
    code: 'VALIDATION',
    field: 'accept_terms',
    inDocument: true,
  },
  {
    target: 'PUT /api/v1/public/bookings/{id}',
    kind: 'cross-field',
    rule: 'more named passengers than the booking has of that type',
    break: (req) =>
      with_(req, {
        passengers: Array.from({ length: 4 }, (_, i) => ({ full_name: `Adulto ${i}`, pax_type: 'adult' })),
      }),
    status: 422,
    code: 'VALIDATION',
    field: 'passengers',
  },
  {
    target: 'POST /api/v1/schedule-sheets/{id}/check-in',
    kind: 'cross-field',
    rule: 'neither booking_id nor code',
    break: (req) => with_(req, { booking_id: undefined, code: undefined }),
    status: 422,
    code: 'VALIDATION',
    field: 'code',
    inDocument: true,
  },

  // ── format ───────────────────────────────────────────────────────────────────────────────────
  {
    target: 'PUT /api/v1/auth/me/preferences',
    kind: 'format',
    rule: 'a list key outside [a-z][a-z0-9-]*',
    break: (req) => with_(req, { columns: { Reservas: ['locator'] } }),
    status: 422,
    code: 'VALIDATION',
    field: 'columns',
  },
  {
    target: 'POST /api/v1/schedule-sheets/{id}/check-in',
    kind: 'format',
    rule: 'a code that is no locator, booking id or voucher URL',
    break: (req) => with_(req, { booking_id: undefined, code: 'no-es-un-localizador' }),
    status: 422,
    code: 'VALIDATION',
    field: 'code',
  },

  // ── reference ────────────────────────────────────────────────────────────────────────────────
  {
    target: 'POST /api/v1/auth/login',
    kind: 'reference',
    rule: 'a wrong password',
    break: (req) => with_(req, { password: 'Incorrecta123' }),
    status: 401,
    code: 'INVALID_CREDENTIALS',
  },
  {
    target: 'POST /api/v1/auth/password-reset/confirm',
    kind: 'reference',
    rule: 'a token no link has',
    break: (req) => with_(req, { token: randomUUID().replaceAll('-', '') }),
    status: 422,
    code: 'RESET_TOKEN_INVALID',
  },
  {
    target: 'POST /api/v1/auth/password-reset/confirm',
    kind: 'state',
    rule: 'a link already used',
    break: async (req, w) => {
      const token = await w.accounts.resetToken();
      const res = await w.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/confirm',
        payload: { token, password: 'Primera-clave-1', re_password: 'Primera-clave-1' },
      });
      if (res.statusCode !== 204) throw new Error(`the first use answered ${res.statusCode}: ${res.body}`);
      return with_(req, { token });
    },
    status: 422,
    code: 'RESET_TOKEN_INVALID',
  },
  {
    target: 'POST /api/v1/auth/login',
    kind: 'reference',
    rule: 'an e-mail no account has',
    break: (req) => with_(req, { email: `nadie-${randomUUID()}@example.com` }),
    status: 401,
    code: 'INVALID_CREDENTIALS',
  },
  {
    target: 'POST /api/v1/auth/me/password',
    kind: 'reference',
    rule: 'a wrong current password',
    break: (req) => with_(req, { current_password: other(req.body.current_password as string) }),
    status: 422,
    code: 'CURRENT_PASSWORD_WRONG',
    field: 'current_password',
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'reference',
    rule: 'a product that does not exist',
    break: (req) => with_(req, { product_id: randomUUID() }),
    status: 422,
    code: 'VALIDATION',
    field: 'product_id',
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'reference',
    rule: "another operator's product",
    break: (req, w) => with_(req, { product_id: w.products.otherOperators.id }),
    status: 422,
    code: 'VALIDATION',
    field: 'product_id',
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'reference',
    rule: "another operator's accommodation",
    break: (req, w) => with_(req, { accommodation_id: w.accommodations.otherOperators }),
    status: 422,
    code: 'VALIDATION',
    field: 'accommodation_id',
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'reference',
    rule: 'an inactive accommodation',
    break: (req, w) => with_(req, { accommodation_id: w.accommodations.inactive }),
    status: 422,
    code: 'VALIDATION',
    field: 'accommodation_id',
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'reference',
    rule: 'a seller_id that is not a Vendedor of the operator',
    break: (req, w) => with_(req, { seller_id: w.crew.drivers[0] }),
    status: 422,
    code: 'VALIDATION',
    field: 'seller_id',
  },
  {
    target: 'POST /api/v1/bookings/quote',
    kind: 'reference',
    rule: 'a product that does not exist',
    break: (req) => with_(req, { product_id: randomUUID() }),
    status: 422,
    code: 'VALIDATION',
    field: 'product_id',
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'reference',
    rule: 'an answer to a question the product does not ask (ADR 024)',
    break: (req) => with_(req, { answers: [{ question_id: randomUUID(), value: 'Sí' }] }),
    status: 422,
    code: 'VALIDATION',
    field: 'answers',
  },
  {
    target: 'POST /api/v1/public/bookings',
    kind: 'reference',
    rule: 'an answer to a question the product does not ask (ADR 024)',
    break: (req) => with_(req, { answers: [{ question_id: randomUUID(), passenger: 1, value: 'yes' }] }),
    status: 422,
    code: 'VALIDATION',
    field: 'answers',
  },
  {
    target: 'POST /api/v1/public/bookings',
    kind: 'reference',
    rule: 'a product that does not exist (or is not public)',
    break: (req) => with_(req, { product_id: randomUUID() }),
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    target: 'POST /api/v1/public/bookings',
    kind: 'reference',
    rule: 'an accommodation the product does not collect from',
    break: (req, w) => with_(req, { accommodation_id: w.accommodations.notCollected }),
    status: 422,
    code: 'VALIDATION',
    field: 'accommodation_id',
  },
  {
    target: 'POST /api/v1/accommodations',
    kind: 'reference',
    rule: 'pickup_at_id of no accommodation',
    break: (req) => with_(req, { pickup_at_id: randomUUID() }),
    status: 422,
    code: 'VALIDATION',
    field: 'pickup_at_id',
  },
  {
    target: 'POST /api/v1/accommodations',
    kind: 'reference',
    rule: 'pickup_at_id of one collected elsewhere itself',
    break: (req, w) => with_(req, { pickup_at_id: w.accommodations.redirected }),
    status: 422,
    code: 'VALIDATION',
    field: 'pickup_at_id',
  },
  {
    target: 'PUT /api/v1/accommodations/{id}',
    kind: 'reference',
    rule: 'pickup_at_id of itself',
    break: (req, w) => with_(req, { pickup_at_id: w.accommodations.toUpdate }),
    status: 422,
    code: 'VALIDATION',
    field: 'pickup_at_id',
  },
  {
    target: 'POST /api/v1/products',
    kind: 'reference',
    rule: "a pickup at another operator's accommodation",
    break: (req, w) =>
      with_(req, { pickups: [{ accommodation_id: w.accommodations.otherOperators, minutes_before: 15 }] }),
    status: 422,
    code: 'VALIDATION',
    field: 'pickups',
  },
  {
    target: 'PUT /api/v1/products/{id}/images/order',
    kind: 'reference',
    rule: 'an id that is not one of its images',
    break: (req) => with_(req, { ids: [...(req.body.ids as string[]).slice(1), randomUUID()] }),
    status: 422,
    code: 'VALIDATION',
    field: 'ids',
  },
  {
    target: 'PUT /api/v1/products/{id}/images/{imageId}',
    kind: 'reference',
    rule: 'an image the product does not have',
    break: (req, w) => ({ ...req, url: `/api/v1/products/${w.products.withImages.id}/images/${randomUUID()}` }),
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    target: 'POST /api/v1/schedule-sheets',
    kind: 'reference',
    rule: 'a product that does not exist',
    break: (req) => with_(req, { product_id: randomUUID() }),
    status: 422,
    code: 'VALIDATION',
    field: 'product_id',
  },
  {
    target: 'POST /api/v1/schedule-sheets',
    kind: 'reference',
    rule: 'a driver_id that is not a Chofer of the operator',
    break: (req, w) => with_(req, { driver_id: w.crew.sellers[0], force: true }),
    status: 422,
    code: 'VALIDATION',
    field: 'driver_id',
  },
  {
    target: 'POST /api/v1/schedule-sheets',
    kind: 'reference',
    rule: 'an inactive vehicle',
    break: (req, w) => with_(req, { vehicle_id: w.vehicles.inactive, force: true }),
    status: 422,
    code: 'VALIDATION',
    field: 'vehicle_id',
  },
  {
    target: 'PUT /api/v1/schedule-sheets/{id}',
    kind: 'reference',
    rule: 'a person that does not exist, or an inactive one',
    break: (req, w, pick) => with_(req, { person_ids: [pick.bool() ? randomUUID() : w.persons.inactive], force: true }),
    status: 422,
    code: 'VALIDATION',
    field: 'person_ids',
  },
  {
    target: 'POST /api/v1/schedule-sheets/{id}/check-in',
    kind: 'reference',
    rule: 'a booking that is not on the sheet',
    break: (req, w) => with_(req, { booking_id: w.bookings.customers.id }),
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    target: 'POST /api/v1/bookings/{id}/whatsapp',
    kind: 'reference',
    rule: 'a booking that does not exist',
    break: (req) => ({ ...req, url: `/api/v1/bookings/${randomUUID()}/whatsapp` }),
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    target: 'POST /api/v1/bookings/{id}/whatsapp',
    kind: 'reference',
    rule: 'a booking the caller may not read (a Chofer: one on none of their sheets)',
    break: (req, w) => ({ ...req, token: w.tokens.A4 }),
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    target: 'PUT /api/v1/tour-operators/{id}/message-settings',
    kind: 'reference',
    rule: "another operator's settings",
    break: (req, w, pick) => ({
      ...req,
      url: `/api/v1/tour-operators/${pick.one([w.base.A.op.id, w.base.B.op.id, randomUUID()])}/message-settings`,
    }),
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    target: 'POST /api/v1/products/{id}/departures/cancel',
    kind: 'reference',
    rule: "another operator's product (or none)",
    break: (req, w, pick) => ({
      ...req,
      url: `/api/v1/products/${pick.one([w.products.otherOperators.id, randomUUID()])}/departures/cancel`,
    }),
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    target: 'POST /api/v1/bookings/{id}/payments',
    kind: 'reference',
    rule: 'a booking that does not exist',
    break: (req) => ({ ...req, url: `/api/v1/bookings/${randomUUID()}/payments` }),
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    target: 'POST /api/v1/public/bookings/{id}/cancel',
    kind: 'reference',
    rule: 'a booking that does not exist',
    break: (req) => ({ ...req, url: `/api/v1/public/bookings/${randomUUID()}/cancel` }),
    status: 404,
    code: 'NOT_FOUND',
  },

  // ── duplicate ────────────────────────────────────────────────────────────────────────────────
  {
    target: 'POST /api/v1/users',
    kind: 'duplicate',
    rule: 'an e-mail another user has (any case)',
    break: (req, w) => with_(req, { email: w.accounts.takenEmail.toUpperCase() }),
    status: 409,
    code: 'EMAIL_TAKEN',
    field: 'email',
  },
  {
    target: 'PUT /api/v1/users/{id}',
    kind: 'duplicate',
    rule: 'an e-mail another user has',
    break: (req, w) => with_(req, { email: w.accounts.takenEmail }),
    status: 409,
    code: 'EMAIL_TAKEN',
    field: 'email',
  },
  {
    target: 'POST /api/v1/products',
    kind: 'duplicate',
    rule: "the code of another of the operator's products (any case)",
    break: (req, w) => with_(req, { code: w.products.plain.code.toLowerCase() }),
    status: 409,
    code: 'CODE_TAKEN',
    field: 'code',
  },
  {
    target: 'PUT /api/v1/products/{id}',
    kind: 'duplicate',
    rule: "the code of another of the operator's products",
    break: (req, w) => with_(req, { code: w.products.plain.code }),
    status: 409,
    code: 'CODE_TAKEN',
    field: 'code',
  },
  {
    target: 'POST /api/v1/vehicles',
    kind: 'duplicate',
    rule: 'a plate of the fleet, written with spaces, dashes or another case',
    break: (req, w) => with_(req, { plate: ` ${w.vehicles.takenPlate.toLowerCase().replace(/(\d)/, '$1-')} ` }),
    status: 409,
    code: 'PLATE_TAKEN',
    field: 'plate',
  },
  {
    target: 'PUT /api/v1/vehicles/{id}',
    kind: 'duplicate',
    rule: 'a plate of another vehicle of the fleet',
    break: (req, w) => with_(req, { plate: w.vehicles.takenPlate }),
    status: 409,
    code: 'PLATE_TAKEN',
    field: 'plate',
  },
  {
    target: 'POST /api/v1/schedule-sheets',
    kind: 'duplicate',
    rule: 'a departure that already has its sheet',
    break: (req, w) => with_(req, { ...w.sheets.taken, force: true }),
    status: 409,
    code: 'SHEET_EXISTS',
  },
  {
    target: 'POST /api/v1/public/bookings',
    kind: 'duplicate',
    rule: 'the Idempotency-Key of another booking',
    break: async (req, w) => {
      const res = await w.app.inject({ method: 'POST', url: req.url, payload: req.body, headers: req.headers });
      if (res.statusCode !== 201) throw new Error(`first booking: ${res.statusCode} ${res.body}`);
      return with_(req, { customer_name: `${String(req.body.customer_name).slice(0, 140)} otra` });
    },
    status: 422,
    code: 'IDEMPOTENCY_KEY_REUSED',
  },

  // ── state ────────────────────────────────────────────────────────────────────────────────────
  {
    target: 'POST /api/v1/bookings',
    kind: 'state',
    rule: 'a date the product is closed',
    break: (req, w, pick) => {
      const p = w.products.seasonal;
      const date = p.closed_dates[0] as string;
      const sale = saleOn(req, p, SALE_DAYS.min, pick);
      // A time its rules give that weekday: on a closed date none is sold.
      const time = pick.one(ruleTimesOn(date, p.availability_rules as RuleShape[], new Set()));
      return with_(sale, { date, time, pax: fixPax(req.body.pax, p, date) });
    },
    status: 409,
    code: 'DEPARTURE_CLOSED',
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'state',
    rule: 'a departure staff closed',
    break: async (req, w, pick) => {
      const day = await departureWithCapacity(w, pick, 10_000);
      await w.call('PUT', `/api/v1/products/${w.products.plain.id}/departures`, w.tokens.A1, { ...day, closed: true });
      return with_(req, {
        product_id: w.products.plain.id,
        ...day,
        pax: fixPax(req.body.pax, w.products.plain, day.date),
      });
    },
    status: 409,
    code: 'DEPARTURE_CLOSED',
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'state',
    rule: 'a departure that has left',
    break: (req, w, pick) => saleOn(req, w.products.plain, -20, pick, { override_cutoff: true }),
    status: 422,
    code: 'DEPARTURE_STARTED',
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'state',
    rule: 'a time the product has no departure at',
    break: (req) => with_(req, { time: '03:07' }),
    status: 422,
    code: 'VALIDATION',
    field: 'time',
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'state',
    rule: 'after the sale cut-off, without override_cutoff',
    break: (req, w, pick) => saleOn(req, w.products.late, 3, pick, { override_cutoff: false }),
    status: 422,
    code: 'CUT_OFF_PASSED',
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'state',
    rule: 'more seats than the departure has left',
    break: async (req, w, pick) => {
      const day = await departureWithCapacity(w, pick, 1);
      return with_(req, {
        product_id: w.products.plain.id,
        ...day,
        pax: { adult: 2 },
        passengers: undefined,
        discount_cents: undefined,
      });
    },
    status: 409,
    code: 'NO_SEATS',
  },
  {
    target: 'POST /api/v1/public/bookings',
    kind: 'state',
    rule: 'more seats than the departure has left',
    break: async (req, w, pick) => {
      const day = await departureWithCapacity(w, pick, 1);
      return with_(req, { product_id: w.products.plain.id, ...day, pax: { adult: 2 }, passengers: undefined });
    },
    status: 409,
    code: 'NO_SEATS',
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'state',
    rule: 'a product that is not active',
    break: (req, w) => with_(req, { product_id: w.products.draft.id }),
    status: 422,
    code: 'VALIDATION',
    field: 'product_id',
  },
  {
    target: 'PUT /api/v1/bookings/{id}',
    kind: 'state',
    rule: 'a version that is not the current one',
    break: async (req, w) => {
      const current = await w.getBooking(req.url.split('/').at(-1) as string);
      return with_(req, { version: current.version + 1 });
    },
    status: 409,
    code: 'STALE_VERSION',
  },
  {
    target: 'PUT /api/v1/bookings/{id}',
    kind: 'state',
    rule: 'a cancelled booking',
    break: async (req, w) => {
      await w.call('POST', `${req.url}/cancel`, w.tokens.A1, { reason: 'Para la prueba' });
      return with_(req, { version: undefined });
    },
    status: 409,
    code: 'STATE_CONFLICT',
  },
  {
    target: 'PUT /api/v1/bookings/{id}',
    kind: 'state',
    rule: 'a state the state machine does not allow from the current one (or not yet)',
    break: async (req, w, pick) => {
      const booking = await w.freshBooking({ pax: { adult: 2 }, state: 'confirmed' });
      return {
        ...req,
        url: `/api/v1/bookings/${booking.id}`,
        body: { ...req.body, version: undefined, state: pick.one(['pending', 'completed', 'no_show']) },
      };
    },
    status: 422,
    code: 'INVALID_STATE_TRANSITION',
    field: 'state',
  },
  {
    target: 'POST /api/v1/bookings/{id}/cancel',
    kind: 'state',
    rule: 'a booking already cancelled',
    break: async (req, w) => {
      await w.call('POST', req.url, w.tokens.A1, { reason: 'Primera vez' });
      return req;
    },
    status: 409,
    code: 'STATE_CONFLICT',
  },
  {
    target: 'POST /api/v1/bookings/{id}/payments',
    kind: 'state',
    rule: 'a payment above what is pending',
    break: async (req, w) => {
      const booking = await w.freshBooking();
      return {
        ...req,
        url: `/api/v1/bookings/${booking.id}/payments`,
        body: { ...req.body, kind: 'payment', amount_cents: booking.total_cents + 1 },
      };
    },
    status: 422,
    code: 'VALIDATION',
    field: 'amount_cents',
  },
  {
    target: 'POST /api/v1/bookings/{id}/payments',
    kind: 'state',
    rule: 'a refund above what was paid',
    break: async (req, w) => {
      const booking = await w.freshBooking();
      return {
        ...req,
        url: `/api/v1/bookings/${booking.id}/payments`,
        body: { ...req.body, kind: 'refund', amount_cents: 1 },
      };
    },
    status: 422,
    code: 'VALIDATION',
    field: 'amount_cents',
  },
  {
    target: 'POST /api/v1/bookings/{id}/payments',
    kind: 'state',
    rule: 'a payment on a cancelled booking',
    break: async (req, w) => {
      const booking = await w.freshBooking();
      await w.call('POST', `/api/v1/bookings/${booking.id}/cancel`, w.tokens.A1, { reason: 'Anulada' });
      return {
        ...req,
        url: `/api/v1/bookings/${booking.id}/payments`,
        body: { ...req.body, kind: 'payment', amount_cents: 1 },
      };
    },
    status: 409,
    code: 'STATE_CONFLICT',
  },
  {
    target: 'POST /api/v1/public/bookings/{id}/cancel',
    kind: 'state',
    rule: 'after the free-cancellation deadline',
    break: async (req, w) => {
      const booking = await w.freshBooking({ product_id: w.products.late.id, date: dayIn(3), override_cutoff: true });
      return { ...req, url: `/api/v1/public/bookings/${booking.id}/cancel` };
    },
    status: 409,
    code: 'CANCELLATION_WINDOW_CLOSED',
  },
  {
    target: 'POST /api/v1/public/bookings/{id}/cancel',
    kind: 'state',
    rule: 'a booking already cancelled',
    break: async (req, w) => {
      await w.call('POST', req.url, null, {});
      return req;
    },
    status: 409,
    code: 'STATE_CONFLICT',
  },
  {
    target: 'PUT /api/v1/public/bookings/{id}',
    kind: 'state',
    rule: 'a cancelled booking',
    break: async (req, w) => {
      const booking = await w.freshBooking();
      await w.call('POST', `/api/v1/bookings/${booking.id}/cancel`, w.tokens.A1, { reason: 'Anulada' });
      return { ...req, url: `/api/v1/public/bookings/${booking.id}`, body: { ...req.body, passengers: undefined } };
    },
    status: 409,
    code: 'STATE_CONFLICT',
  },
  {
    target: 'PUT /api/v1/schedule-sheets/{id}',
    kind: 'state',
    rule: 'a version that is not the current one',
    break: async (req, w) => {
      const sheet = await w.call('GET', req.url, w.tokens.A1);
      return with_(req, { version: (sheet.version as number) + 1 });
    },
    status: 409,
    code: 'STALE_VERSION',
  },
  {
    target: 'PUT /api/v1/schedule-sheets/{id}',
    kind: 'state',
    rule: 'in progress before the departure day',
    break: (req) => with_(req, { state: 'in_progress', version: undefined }),
    status: 422,
    code: 'INVALID_STATE_TRANSITION',
    field: 'state',
  },
  {
    target: 'POST /api/v1/schedule-sheets',
    kind: 'state',
    rule: 'a new sheet in a state other than draft or ready',
    break: (req, _w, pick) => with_(req, { state: pick.one(['in_progress', 'done']) }),
    status: 422,
    code: 'INVALID_STATE_TRANSITION',
    field: 'state',
    inDocument: true,
  },
  {
    target: 'POST /api/v1/schedule-sheets',
    kind: 'state',
    rule: 'a time the product has no departure at',
    break: (req) => with_(req, { time: '03:07' }),
    status: 422,
    code: 'VALIDATION',
    field: 'time',
  },
  {
    target: 'POST /api/v1/schedule-sheets',
    kind: 'state',
    rule: 'a driver already on a sheet at that time, without force',
    break: async (req, w) => {
      const driver = w.crew.drivers[0] as string;
      // The dearest product runs at the plain one's times: its sheet overlaps.
      await w.call('POST', '/api/v1/schedule-sheets', w.tokens.A1, {
        product_id: w.products.dear.id,
        date: req.body.date,
        time: req.body.time,
        driver_id: driver,
        force: true,
      });
      return with_(req, { driver_id: driver, force: false });
    },
    status: 409,
    code: 'ASSIGNMENT_CONFLICT',
  },
  {
    target: 'POST /api/v1/schedule-sheets/{id}/check-in',
    kind: 'state',
    rule: 'outside the departure day, without override_reason',
    break: (req) => with_(req, { override_reason: '' }),
    status: 422,
    code: 'OVERRIDE_REASON_REQUIRED',
    field: 'override_reason',
  },
  {
    target: 'PUT /api/v1/products/{id}/departures',
    kind: 'state',
    rule: 'a capacity below the seats sold',
    break: async (req, w) => {
      const booking = await w.freshBooking();
      return {
        ...req,
        url: `/api/v1/products/${booking.product_id}/departures`,
        body: { ...req.body, date: booking.date, time: booking.time, capacity: 1 },
      };
    },
    status: 409,
    code: 'CAPACITY_BELOW_SOLD',
    field: 'capacity',
  },

  {
    target: 'POST /api/v1/products/{id}/departures/cancel',
    kind: 'state',
    rule: 'a departure that has already started (its bookings are done or no-shows, not cancelled)',
    break: (req, _w, pick) => with_(req, { date: dayIn(-pick.int(1, 30)) }),
    status: 409,
    code: 'STATE_CONFLICT',
  },
  {
    target: 'POST /api/v1/bookings/{id}/whatsapp',
    kind: 'state',
    rule: 'a cancelled booking, with a text other than the cancellation',
    break: async (req, w, pick) => {
      const booking = await w.freshBooking(w.messages.mobile);
      await w.call('POST', `/api/v1/bookings/${booking.id}/cancel`, w.tokens.A1, { reason: 'Anulada' });
      return {
        ...req,
        url: `/api/v1/bookings/${booking.id}/whatsapp`,
        body: { ...req.body, kind: pick.one(['booking_confirmed', 'booking_prepared', 'booking_reminder']) },
      };
    },
    status: 409,
    code: 'STATE_CONFLICT',
  },
  {
    target: 'POST /api/v1/bookings/{id}/whatsapp',
    kind: 'state',
    rule: "the cancellation's text for a booking that is not cancelled",
    break: (req) => ({ ...req, body: { ...req.body, kind: 'booking_cancelled' } }),
    status: 409,
    code: 'STATE_CONFLICT',
  },
  {
    target: 'POST /api/v1/products/{id}/departures/cancel',
    kind: 'reference',
    rule: 'a time the product has no departure at that day (no phantom departure is made)',
    break: (req, _w, pick) =>
      with_(req, { date: dayIn(pick.int(40, 60)), time: pick.one(['03:17', '23:59', '00:01']) }),
    status: 422,
    code: 'VALIDATION',
    field: 'time',
  },
  {
    target: 'POST /api/v1/bookings/{id}/whatsapp',
    kind: 'state',
    rule: 'a booking without a valid mobile (none, too short, letters, a landline, a toll-free number)',
    break: async (req, w, pick) => {
      const phone = pick.one(['', '12345', 'sin teléfono', '+34 600', '+34 922 000 000', '+34 900 123 456']);
      const booking = await w.freshBooking({ customer_phone: phone, customer_country: 'ES' });
      return { ...req, url: `/api/v1/bookings/${booking.id}/whatsapp` };
    },
    status: 422,
    code: 'VALIDATION',
    field: 'customer_phone',
  },

  // ── permission ───────────────────────────────────────────────────────────────────────────────
  {
    target: 'POST /api/v1/users',
    kind: 'permission',
    rule: 'a level the caller may not give (an operator administrator creating an administrator)',
    break: (req) => with_(req, { level: 0 }),
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    target: 'PUT /api/v1/tour-operators/{id}',
    kind: 'permission',
    rule: "an operator's administrator changing its state",
    break: (req, w) => ({
      ...req,
      token: w.tokens.A1,
      url: `/api/v1/tour-operators/${w.base.A.op.id}`,
      body: { ...req.body, state: 2 },
    }),
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    target: 'POST /api/v1/bookings',
    kind: 'permission',
    rule: 'a Vendedor giving a discount',
    break: (req, w) => ({
      ...req,
      token: w.tokens.A2,
      body: { ...req.body, seller_id: undefined, discount_cents: 1, discount_reason: 'Amigo' },
    }),
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    target: 'POST /api/v1/bookings/{id}/payments',
    kind: 'permission',
    rule: 'a Vendedor recording a refund',
    break: (req, w) => ({ ...req, token: w.tokens.A2, body: { ...req.body, kind: 'refund' } }),
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    target: 'PUT /api/v1/products/{id}',
    kind: 'permission',
    rule: 'an Operador changing more than the availability',
    break: (req, w) => ({ ...req, token: w.tokens.A3, body: { ...req.body, name: 'Otro nombre' } }),
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    target: 'POST /api/v1/schedule-sheets/{id}/check-in',
    kind: 'permission',
    rule: 'the crew checking in outside the day with a reason',
    break: (req, w) => ({ ...req, token: w.tokens.A4, body: { ...req.body, override_reason: 'Llegó antes' } }),
    status: 403,
    code: 'FORBIDDEN',
  },
  // ── Channels (issue 33, ADR 023) ─────────────────────────────────────────────────────────────
  {
    target: 'POST /api/v1/channels',
    kind: 'cross-field',
    rule: 'a webhook_url without its secret',
    break: (req) => with_(req, { webhook_url: 'https://example.com/webhook', webhook_secret: undefined }),
    status: 422,
    code: 'VALIDATION',
    field: 'webhook_secret',
    inDocument: true,
  },
  {
    target: 'POST /api/v1/channels',
    kind: 'format',
    rule: 'a commission with more than 2 decimals',
    break: (req) => with_(req, { commission_pct: 12.345 }),
    status: 422,
    code: 'VALIDATION',
    field: 'commission_pct',
  },
  {
    target: 'POST /api/v1/channels',
    kind: 'reference',
    rule: 'a product of another operator in product_ids',
    break: (req, w) => with_(req, { product_ids: [w.products.otherOperators.id] }),
    status: 422,
    code: 'VALIDATION',
    field: 'product_ids',
  },
  {
    target: 'PUT /api/v1/channels/{id}',
    kind: 'reference',
    rule: 'a net rate of a passenger type the product has no price for',
    break: (req, w) =>
      with_(req, { net_rates: [{ product_id: w.products.adultsAndChildren.id, pax_type: 'senior', net_cents: 100 }] }),
    status: 422,
    code: 'VALIDATION',
    field: 'net_rates',
  },
  {
    target: 'POST /api/v1/channels',
    kind: 'duplicate',
    rule: 'a name the operator already has, in another case',
    break: async (req, w) => {
      const name = `Canal repetido ${w.next()}`;
      await w.call('POST', '/api/v1/channels', w.tokens.A1, { name });
      return with_(req, { name: name.toUpperCase() });
    },
    status: 409,
    code: 'CHANNEL_NAME_TAKEN',
    field: 'name',
  },
  {
    target: 'POST /api/v1/channels/{id}/keys',
    kind: 'state',
    rule: 'a key for an agency',
    break: async (req, w) => {
      const agency = await w.call('POST', '/api/v1/channels', w.tokens.A1, {
        name: `Agencia ${w.next()}`,
        kind: 'agency',
      });
      return { ...req, url: `/api/v1/channels/${agency.id as string}/keys` };
    },
    status: 409,
    code: 'CHANNEL_KIND_CONFLICT',
  },
  {
    target: 'PUT /api/v1/channels/{id}',
    kind: 'state',
    rule: 'making an agency of a channel with live keys',
    break: async (req, w) => {
      const channel = await w.call('POST', '/api/v1/channels', w.tokens.A1, { name: `Canal con clave ${w.next()}` });
      await w.call('POST', `/api/v1/channels/${channel.id as string}/keys`, w.tokens.A1, {});
      const { name: _name, ...body } = req.body;
      return { ...req, url: `/api/v1/channels/${channel.id as string}`, body: { ...body, kind: 'agency' } };
    },
    status: 409,
    code: 'CHANNEL_KIND_CONFLICT',
  },
  // «Comisiones» and «Caja» (issue 34).
  {
    target: 'POST /api/v1/commissions/statements',
    kind: 'reference',
    rule: "another operator's seller",
    break: (req, w) => with_(req, { seller_id: w.base.B.l2.id }),
    status: 422,
    code: 'VALIDATION',
    field: 'seller_id',
  },
  {
    target: 'POST /api/v1/commissions/statements',
    kind: 'state',
    rule: 'nothing due in the period (a year ahead)',
    break: (req) => with_(req, { from: dayIn(360), to: dayIn(361) }),
    status: 422,
    code: 'VALIDATION',
    field: 'to',
  },
  {
    target: 'POST /api/v1/commissions/statements',
    kind: 'permission',
    rule: 'a Vendedor making a statement',
    break: (req, w) => ({ ...req, token: w.tokens.A2 }),
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    target: 'POST /api/v1/commissions/statements/{id}/settle',
    kind: 'state',
    rule: 'a statement already settled',
    break: async (req, w) => {
      await w.call('POST', req.url, w.tokens.A1, { settled_on: dayIn(0), method: 'cash' });
      return req;
    },
    status: 409,
    code: 'STATE_CONFLICT',
  },
  {
    target: 'POST /api/v1/cash/handovers',
    kind: 'cross-field',
    rule: 'a difference without notes',
    break: (req) => with_(req, { received_cents: 999, notes: '' }),
    status: 422,
    code: 'VALIDATION',
    field: 'notes',
  },
  {
    target: 'POST /api/v1/cash/handovers',
    kind: 'state',
    rule: 'a payment already handed over',
    break: async (req, w) => {
      await w.call('POST', '/api/v1/cash/handovers', w.tokens.A1, { ...req.body, received_cents: 1000, notes: '' });
      return req;
    },
    status: 409,
    code: 'STATE_CONFLICT',
  },
  {
    target: 'POST /api/v1/cash/handovers',
    kind: 'reference',
    rule: "a payment the holder did not take (another person's)",
    break: (req, w) => with_(req, { holder_id: w.base.A.l3.id }),
    status: 422,
    code: 'VALIDATION',
    field: 'payment_ids',
  },
];
