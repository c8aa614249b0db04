/**
 * What a booking refers to, read for a sale or an edit: the product and its operator's settings, the
 * seller, the pickup place and the product's pickup list. Reads only; the bookings module owns none
 * of these tables.
 */
import { LEVEL, USER_STATE } from '@trayecto/shared';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { accommodations, channels, productPickups, products, tourOperators, users } from '../../db/schema';
import { type Actor, tenantScope } from '../../lib/tenant';

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
