/**
 * The SQL the bookings API sends for each benchmarked request, written out by hand for the baseline
 * server (which runs it with `pg` directly, no drizzle). run.ts checks, before measuring, that these
 * texts are byte-for-byte what the API's repository builds (`checkBaselineSql`), so the baseline
 * reads the same rows with the same plan.
 */
import { LIST_COUNT_CAP, LIST_SEARCH_COUNT_CAP } from '@trayecto/shared';

/** Columns of `bookings` in schema order, as drizzle selects them. */
export const BOOKING_COLUMNS = [
  'id',
  'tour_operator_id',
  'locator',
  'product_id',
  'departure_id',
  'date',
  'time',
  'lines',
  'pax_total',
  'seats',
  'subtotal_cents',
  'discount_cents',
  'discount_reason',
  'total_cents',
  'paid_cents',
  'refunded_cents',
  'currency',
  'customer_name',
  'customer_email',
  'customer_phone',
  'customer_country',
  'language',
  'accommodation_id',
  'room',
  'pickup_time',
  'pickup_time_overridden',
  'notes',
  'internal_notes',
  'channel',
  'seller_id',
  'commission_pct',
  'commission_cents',
  'tax_rate',
  'created_by',
  'state',
  'payment_state',
  'passengers',
  'answers',
  'checked_in_at',
  'checked_in_by',
  'cancel_reason',
  'cancelled_at',
  'confirmed_at',
  'customer_confirmed_at',
  'hold_expires_at',
  'channel_id',
  'reseller_reference',
  'octo_uuid',
  'version',
  'created_at',
  'updated_at',
] as const;

/**
 * The view's own columns (bookings.repository.ts viewFieldsFor): the booking's columns but its
 * search text, then what it names, each a scalar subquery by primary key (ADR 032, 2026-11-26), one
 * per table, the optional ones behind a CASE, and the operator an operator's staff's own (`operator`,
 * a parameter: ADR 060).
 */
const viewColumns = (operator: string) =>
  `${BOOKING_COLUMNS.map((c) => `"${c}"`).join(', ')}, (select json_build_object('id', p.id, 'code', p.code, 'name', p.name, 'mode', p.payment_mode, 'depositPercent', p.deposit_percent, 'depositPerPaxCents', p.deposit_per_pax_cents) from products p where p.id = "bookings"."product_id"), (select json_build_object('id', o.id, 'name', o.name, 'timezone', o.timezone, 'onlineEnabled', exists (select 1 from payment_settings ps where ps.tour_operator_id = o.id and ps.provider is not null)) from tour_operators o where o.id = ${operator}::uuid), case when "bookings"."seller_id" is null then null else (select json_build_object('id', u.id, 'fullName', u.full_name) from users u where u.id = "bookings"."seller_id") end, case when "bookings"."accommodation_id" is null then null else (select json_build_object('id', a.id, 'name', a.name, 'zone', a.zone, 'pickupPoint', a.pickup_point, 'pickupAt', case when a.pickup_at_id is null then null else (select json_build_object('id', pa.id, 'name', pa.name, 'pickupPoint', pa.pickup_point) from accommodations pa where pa.id = a.pickup_at_id) end) from accommodations a where a.id = "bookings"."accommodation_id") end, "bookings"."created_at"::text, case when "bookings"."channel_id" is null then null else (select json_build_object('id', c.id, 'name', c.name, 'kind', c.kind, 'collects', c.collects) from channels c where c.id = "bookings"."channel_id") end`;

/** The list's extra column: each row's payment links, latest first. */
const LINKS_COLUMN = `(select coalesce(json_agg(json_build_object('id', l.id, 'tourOperatorId', l.tour_operator_id, 'bookingId', l.booking_id, 'amountCents', l.amount_cents, 'expiresAt', l.expires_at, 'channel', l.channel, 'messageId', l.message_id, 'createdBy', l.created_by, 'createdAt', l.created_at, 'paidAt', l.paid_at) order by l.created_at desc, l.id desc), '[]'::json) from payment_links l where l.booking_id = "bookings"."id")`;

/** What a list request carries (the filters in the order the benchmark's URLs send them). */
export type ListShape = {
  dateRange?: boolean;
  productId?: boolean;
  state?: boolean;
  q?: boolean;
  /** 'date,time' (explicit sort) or the default date,time,created_at (the only keyset one). */
  sort: 'date,time' | 'default';
  keyset?: boolean;
  offset?: boolean;
};

export type ListValues = {
  tourOperatorId: string;
  dateFrom?: string;
  dateTo?: string;
  productId?: string;
  state?: string;
  q?: string;
  after?: { date: string; time: string; createdAt: string; id: string };
  limit: number;
  offset?: number;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The list request's one statement (ADR 032, 2026-11-26): the page's rows with their payment links
 * and, but on keyset pages, the total counted up to the cap (LIST_SEARCH_COUNT_CAP with `q`) as an
 * uncorrelated subquery of the same statement; `count` is that subquery alone, which the API sends
 * only when the page came back empty past page one.
 */
export function listSql(shape: ListShape, v: ListValues) {
  const params: unknown[] = [];
  const p = (x: unknown) => {
    params.push(x);
    return `$${params.length}`;
  };
  // The list's conditions, bound anew each time they are written (as drizzle does).
  const where = () => {
    const conds = [`"bookings"."tour_operator_id" = ${p(v.tourOperatorId)}`];
    if (shape.dateRange) {
      conds.push(`"bookings"."date" >= ${p(v.dateFrom)}`);
      conds.push(`"bookings"."date" <= ${p(v.dateTo)}`);
    }
    if (shape.productId) conds.push(`"bookings"."product_id" = ${p(v.productId)}`);
    if (shape.state) conds.push(`"bookings"."state" = ${p(v.state)}`);
    // ADR 032: the row's search text (a q without a line break, as every benchmarked one).
    if (shape.q) conds.push(`"bookings"."search_text" like '%' || f_unaccent(${p(escapeLike(v.q ?? ''))}) || '%'`);
    // drizzle's and(): one condition stays bare, several are parenthesised.
    return conds.length === 1 ? conds[0] : `(${conds.join(' and ')})`;
  };
  // The operator's staff's own operator, bound first (the select's columns come first in the text).
  const columns = viewColumns(p(v.tourOperatorId));
  const cap = shape.q ? LIST_SEARCH_COUNT_CAP : LIST_COUNT_CAP;
  const counted = () =>
    `(select count(*)::int from ((select 1 from "bookings" where ${where()} limit ${p(cap + 1)})) as counted)`;
  const total = shape.keyset ? '' : `, ${counted()}`;
  let matching = where();
  if (shape.keyset) {
    const a = v.after;
    if (!a) throw new Error('keyset sin posición');
    matching = `(${matching} and ("bookings"."date", "bookings"."time", "bookings"."created_at", "bookings"."id") > (${p(a.date)}::date, ${p(a.time)}, ${p(a.createdAt)}::timestamptz, ${p(a.id)}::uuid))`;
  }
  const order =
    shape.sort === 'default'
      ? `"bookings"."date" asc, "bookings"."time" asc, "bookings"."created_at" asc, "bookings"."id" asc`
      : `"bookings"."date" asc, "bookings"."time" asc, "bookings"."id" asc`;
  // ADR 032: the page's ids first, on bookings alone (the index that serves the order), then the
  // view's columns for those rows only.
  let ids = `select "id" from "bookings" where ${matching} order by ${order} limit ${p(v.limit)}`;
  if (shape.offset && v.offset) ids += ` offset ${p(v.offset)}`;
  const text = `select ${columns}, ${LINKS_COLUMN}${total} from "bookings" where "bookings"."id" in (${ids}) order by ${order}`;
  const page = { text, values: [...params] };
  params.length = 0;
  const count = shape.keyset ? null : { text: `select ${counted()} as n`, values: [...params] };
  return { page, count };
}

/** The query every authenticated API request runs first (plugins/auth.ts → findAuthState). */
export const AUTH_STATE_SQL = `select "users"."id", "users"."level", "users"."state", "users"."full_name", "users"."tour_operator_id", "users"."token_version", "users"."deleted_at", "tour_operators"."state" from "users" left join "tour_operators" on "tour_operators"."id" = "users"."tour_operator_id" where "users"."id" = $1`;
