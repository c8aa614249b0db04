/**
 * The SQL the bookings API sends for each benchmarked request, written out by hand for the baseline
 * server (which runs it with `pg` directly, no drizzle). run.ts checks, before measuring, that these
 * texts are byte-for-byte what the API's repository builds (`checkBaselineSql`), so the baseline
 * reads the same rows with the same plan.
 */
import { LIST_COUNT_CAP } from '@trayecto/shared';

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

const SELECT_VIEW = `select ${BOOKING_COLUMNS.map((c) => `"bookings"."${c}"`).join(', ')}, "products"."id", "products"."code", "products"."name", "tour_operators"."id", "tour_operators"."name", "seller"."id", "seller"."full_name", "accommodations"."id", "accommodations"."name", "accommodations"."zone", "accommodations"."pickup_point", "pickup_at"."id", "pickup_at"."name", "pickup_at"."pickup_point", "bookings"."created_at"::text, (select "tour_operators"."timezone" from "tour_operators" where "tour_operators"."id" = "bookings"."tour_operator_id"), (select json_build_object('id', c.id, 'name', c.name, 'kind', c.kind, 'collects', c.collects) from channels c where c.id = "bookings"."channel_id"), "products"."payment_mode", "products"."deposit_percent", "products"."deposit_per_pax_cents", exists (select 1 from "payment_settings" where "payment_settings"."tour_operator_id" = "bookings"."tour_operator_id" and "payment_settings"."provider" is not null) from "bookings" inner join "products" on "products"."id" = "bookings"."product_id" inner join "tour_operators" on "tour_operators"."id" = "bookings"."tour_operator_id" left join "users" "seller" on "seller"."id" = "bookings"."seller_id" left join "accommodations" on "accommodations"."id" = "bookings"."accommodation_id" left join "accommodations" "pickup_at" on "pickup_at"."id" = "accommodations"."pickup_at_id"`;

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
 * The page query and the count query of a list request, with their parameters. The API counts only
 * when the page is full (ADR 032: a shorter page is its own total).
 */
export function listSql(shape: ListShape, v: ListValues) {
  const params: unknown[] = [v.tourOperatorId];
  const p = (x: unknown) => {
    params.push(x);
    return `$${params.length}`;
  };
  const conds = [`"bookings"."tour_operator_id" = $1`];
  if (shape.dateRange) {
    conds.push(`"bookings"."date" >= ${p(v.dateFrom)}`);
    conds.push(`"bookings"."date" <= ${p(v.dateTo)}`);
  }
  if (shape.productId) conds.push(`"bookings"."product_id" = ${p(v.productId)}`);
  if (shape.state) conds.push(`"bookings"."state" = ${p(v.state)}`);
  if (shape.q) {
    const cols = ['locator', 'customer_name', 'customer_email', 'customer_phone', 'reseller_reference'];
    const q = escapeLike(v.q ?? '');
    conds.push(
      `(${cols.map((c) => `f_unaccent("bookings"."${c}"::text) like '%' || f_unaccent(${p(q)}) || '%'`).join(' or ')})`,
    );
  }
  // drizzle's and(): one condition stays bare, several are parenthesised.
  const where = conds.length === 1 ? conds[0] : `(${conds.join(' and ')})`;
  const countParams = [...params];
  let fullWhere = where;
  if (shape.keyset) {
    const a = v.after;
    if (!a) throw new Error('keyset sin posición');
    fullWhere = `(${where} and ("bookings"."date", "bookings"."time", "bookings"."created_at", "bookings"."id") > (${p(a.date)}::date, ${p(a.time)}, ${p(a.createdAt)}::timestamptz, ${p(a.id)}::uuid))`;
  }
  const order =
    shape.sort === 'default'
      ? `"bookings"."date" asc, "bookings"."time" asc, "bookings"."created_at" asc, "bookings"."id" asc`
      : `"bookings"."date" asc, "bookings"."time" asc, "bookings"."id" asc`;
  // ADR 032: the page's ids first, on bookings alone (the index that serves the order), then the
  // view's joins for those rows only.
  let ids = `select "id" from "bookings" where ${fullWhere} order by ${order} limit ${p(v.limit)}`;
  if (shape.offset && v.offset) ids += ` offset ${p(v.offset)}`;
  const text = `${SELECT_VIEW} where "bookings"."id" in (${ids}) order by ${order}`;
  return {
    page: { text, values: params },
    // Keyset pages carry no total (the API skips the count: page one gave it).
    // ADR 027: counted up to LIST_COUNT_CAP (lib/pagination.ts countUpTo: a LIMIT of the cap + 1).
    count: shape.keyset
      ? null
      : {
          text: `select count(*)::int as n from ((select 1 from "bookings" where ${where} limit $${countParams.length + 1})) as counted`,
          values: [...countParams, LIST_COUNT_CAP + 1],
        },
  };
}

/** The query every authenticated API request runs first (plugins/auth.ts → findAuthState). */
export const AUTH_STATE_SQL = `select "users"."id", "users"."level", "users"."state", "users"."full_name", "users"."tour_operator_id", "users"."token_version", "users"."deleted_at", "tour_operators"."state" from "users" left join "tour_operators" on "tour_operators"."id" = "users"."tour_operator_id" where "users"."id" = $1`;
