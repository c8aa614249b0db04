/**
 * What a booking refers to, read for a sale or an edit: the product and its operator's settings, the
 * seller, the pickup place and the product's pickup list. Reads only; the bookings module owns none
 * of these tables.
 */
import { LEVEL, USER_STATE } from '@trayecto/shared';
import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  accommodations,
  channels,
  departures,
  paymentSettings,
  productPickups,
  products,
  tourOperators,
  users,
} from '../../db/schema';
import { runSelectTemplate } from '../../db/select-template';
import { type Actor, tenantScope } from '../../lib/tenant';
import type { PickupEntry } from './bookings.rules';

const pickupAt = alias(accommodations, 'pickup_at');

/** A channel of the operator (ADR 023), for a sale on an agency's behalf. */
export async function findChannelRow(db: DbOrTx, tourOperatorId: string, id: string) {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.id, id), eq(channels.tourOperatorId, tourOperatorId)));
  return row;
}

/** A product by id, even deleted (a booking keeps pointing at it). */
export async function findProductRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

/**
 * A product the actor may sell from, with its operator's time zone and default commission, in one
 * query: live, in the actor's tenant scope (the administrator: any operator).
 */
export async function findProductForSale(db: DbOrTx, actor: Actor, id: string) {
  const [row] = await db
    .select({
      product: products,
      operator: {
        id: tourOperators.id,
        timezone: tourOperators.timezone,
        defaultCommissionPct: tourOperators.defaultCommissionPct,
      },
    })
    .from(products)
    .innerJoin(tourOperators, eq(tourOperators.id, products.tourOperatorId))
    .where(and(eq(products.id, id), isNull(products.deletedAt), tenantScope(products.tourOperatorId, actor)));
  return row;
}

/** The operator's settings a booking needs: time zone and default seller commission. */
export async function findOperatorSettings(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: tourOperators.id,
      timezone: tourOperators.timezone,
      currency: tourOperators.currency,
      defaultCommissionPct: tourOperators.defaultCommissionPct,
    })
    .from(tourOperators)
    .where(eq(tourOperators.id, id));
  return row;
}

/** A live, active Vendedor (level 2) of this operator, or undefined. */
export async function findSeller(db: DbOrTx, tourOperatorId: string, id: string) {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName, commissionPct: users.commissionPct })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.tourOperatorId, tourOperatorId),
        eq(users.level, LEVEL.SELLER),
        eq(users.state, USER_STATE.ACTIVE),
        isNull(users.deletedAt),
      ),
    );
  return row;
}

/**
 * A live accommodation the operator may use as a pickup place (its own or the shared catalogue),
 * with the place its customers are collected at when it redirects ("recoger en").
 */
export async function findUsableAccommodation(db: DbOrTx, tourOperatorId: string, id: string) {
  const [row] = await db
    .select({
      accommodation: {
        id: accommodations.id,
        zone: accommodations.zone,
        state: accommodations.state,
        pickupAtId: accommodations.pickupAtId,
      },
      pickupAt: { id: pickupAt.id, zone: pickupAt.zone },
    })
    .from(accommodations)
    .leftJoin(pickupAt, and(eq(pickupAt.id, accommodations.pickupAtId), isNull(pickupAt.deletedAt)))
    .where(
      and(
        eq(accommodations.id, id),
        isNull(accommodations.deletedAt),
        or(isNull(accommodations.tourOperatorId), eq(accommodations.tourOperatorId, tourOperatorId)),
      ),
    );
  return row;
}

/** The product's pickup list, as the pickup time rule needs it. */
export async function listPickupEntries(db: DbOrTx, productId: string) {
  return db
    .select({
      accommodationId: productPickups.accommodationId,
      zone: productPickups.zone,
      minutesBefore: productPickups.minutesBefore,
      fixedTime: productPickups.fixedTime,
    })
    .from(productPickups)
    .where(eq(productPickups.productId, productId))
    .orderBy(asc(productPickups.position), asc(productPickups.id));
}

const sellerUser = alias(users, 'seller');

/** What a sale reads before it writes (ADR 035): the product's row and everything it refers to. */
export type SaleContextQuery = {
  productId: string;
  /** Whose products may be sold: this operator's (the actor's tenant, a channel's operator); null: any operator's. */
  operatorId: string | null;
  date: string;
  time: string;
  /** The seller the sale is for (checked: a live, active Vendedor of the product's operator). */
  sellerId?: string | null;
  /** The pickup place asked (checked: live, the operator's own or the shared catalogue). */
  accommodationId?: string | null;
  /** The channel sold through (an agency, or the OCTO channel): the operator's own. */
  channelId?: string | null;
  /** What its caller reads with the sale, in the same statement (ADR 042). */
  also?: SaleReadExtra;
};

/**
 * More of a sale's read, in its one statement (ADR 042): columns over the product and its operator
 * (answered under `also`) and conditions the product must meet (else the sale reads nothing). `key`
 * names them: the read's text is built once per shape.
 */
export type SaleReadExtra = {
  key: string;
  columns: Record<string, SQL | SQL.Aliased | Record<string, unknown>>;
  where?: SQL;
  /** The values of the placeholders its columns or conditions name (`sql.placeholder(name)`). */
  values?: Record<string, unknown>;
};

/**
 * Everything a sale reads, in ONE statement (ADR 035): the live product in `scope` with its
 * operator's settings, its departure row at that date and time (none yet: null), the seller with
 * their commission, the pickup place with the place it collects at and the product's pickup list,
 * the channel, and the operator's payment provider and hold. Undefined when the product is not
 * there for this scope; a reference that is not found reads null (the caller says why).
 */
export async function findSaleContext(db: DbOrTx, q: SaleContextQuery) {
  const shape = {
    seller: q.sellerId != null && q.sellerId !== '',
    place: q.accommodationId != null,
    channel: q.channelId != null && q.channelId !== '',
    operator: q.operatorId !== null,
  };
  // ADR 040: its text (~90 columns) built once per shape, run on this transaction with its values.
  const key = `sale-context:${Object.values(shape).map(Number).join('')}${q.also ? `:${q.also.key}` : ''}`;
  const [row] = await runSelectTemplate(db, key, (d) => saleContextSelect(d, shape, q.also), {
    productId: q.productId,
    date: q.date,
    time: q.time,
    sellerId: q.sellerId,
    accommodationId: q.accommodationId,
    channelId: q.channelId,
    operatorId: q.operatorId,
    ...q.also?.values,
  });
  return row as (typeof row & { also?: Record<string, unknown> }) | undefined;
}

type SaleContextShape = { seller: boolean; place: boolean; channel: boolean; operator: boolean };

/** The sale's read for one shape, its values as placeholders ({@link findSaleContext}). */
function saleContextSelect(db: DbOrTx, shape: SaleContextShape, also?: SaleReadExtra) {
  const withPlace = shape.place;
  const at = (name: string) => sql.placeholder(name);
  return (
    db
      .select({
        product: products,
        operator: {
          id: tourOperators.id,
          name: tourOperators.name,
          timezone: tourOperators.timezone,
          defaultCommissionPct: tourOperators.defaultCommissionPct,
        },
        departure: departures,
        seller: { id: sellerUser.id, fullName: sellerUser.fullName, commissionPct: sellerUser.commissionPct },
        accommodation: {
          id: accommodations.id,
          name: accommodations.name,
          address: accommodations.address,
          zone: accommodations.zone,
          pickupPoint: accommodations.pickupPoint,
          state: accommodations.state,
        },
        pickupAt: {
          id: pickupAt.id,
          name: pickupAt.name,
          address: pickupAt.address,
          zone: pickupAt.zone,
          pickupPoint: pickupAt.pickupPoint,
          deletedAt: pickupAt.deletedAt,
        },
        channel: {
          id: channels.id,
          name: channels.name,
          kind: channels.kind,
          collects: channels.collects,
          active: channels.active,
          allotment: channels.allotment,
          commissionPct: channels.commissionPct,
        },
        // The product's pickup list (the pickup time rule), only when a place is asked and it collects.
        pickups: withPlace
          ? sql<PickupEntry[] | null>`case when ${products.pickupEnabled} then (
            select coalesce(json_agg(json_build_object('accommodationId', pp.accommodation_id, 'zone', pp.zone,
              'minutesBefore', pp.minutes_before, 'fixedTime', pp.fixed_time) order by pp.position, pp.id), '[]'::json)
            from ${productPickups} pp where pp.product_id = ${products.id}) end`
          : sql<null>`null::json`,
        // ADR 022: the operator's payment provider (online payments, holds) and how long a hold lasts.
        online: sql<{
          provider: string | null;
          holdMinutes: number;
        } | null>`(select json_build_object('provider', ps.provider, 'holdMinutes', ps.hold_minutes) from ${paymentSettings} ps where ps.tour_operator_id = ${products.tourOperatorId})`,
        ...(also ? { also: also.columns as Record<string, SQL> } : {}),
      })
      .from(products)
      .innerJoin(tourOperators, eq(tourOperators.id, products.tourOperatorId))
      .leftJoin(
        departures,
        and(eq(departures.productId, products.id), eq(departures.date, at('date')), eq(departures.time, at('time'))),
      )
      .leftJoin(
        sellerUser,
        shape.seller
          ? and(
              eq(sellerUser.id, at('sellerId')),
              eq(sellerUser.tourOperatorId, products.tourOperatorId),
              eq(sellerUser.level, LEVEL.SELLER),
              eq(sellerUser.state, USER_STATE.ACTIVE),
              isNull(sellerUser.deletedAt),
            )
          : sql`false`,
      )
      .leftJoin(
        accommodations,
        withPlace
          ? and(
              eq(accommodations.id, at('accommodationId')),
              isNull(accommodations.deletedAt),
              or(isNull(accommodations.tourOperatorId), eq(accommodations.tourOperatorId, products.tourOperatorId)),
            )
          : sql`false`,
      )
      // As a booking's answer names it (deleted or not); the sale collects there only while it is live.
      .leftJoin(pickupAt, eq(pickupAt.id, accommodations.pickupAtId))
      .leftJoin(
        channels,
        shape.channel
          ? and(eq(channels.id, at('channelId')), eq(channels.tourOperatorId, products.tourOperatorId))
          : sql`false`,
      )
      .where(
        and(
          eq(products.id, at('productId')),
          isNull(products.deletedAt),
          shape.operator ? eq(products.tourOperatorId, at('operatorId')) : undefined,
          also?.where,
        ),
      )
  );
}

export type SaleContext = NonNullable<Awaited<ReturnType<typeof findSaleContext>>>;
