/** What the bookings calendar reads besides departures and bookings: the products it shows. */
import { LEVEL } from '@trayecto/shared';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, tourOperators } from '../../db/schema';
import { type Actor, tenantScope } from '../../lib/tenant';
import { hasSoldDeparturesBetween } from '../departures/departures.service';

/**
 * Products whose departures the calendar shows: live products in the actor's scope (a Vendedor
 * only active ones) that are active or have departure rows in the range (so staff still see who is
 * booked on a product taken off sale).
 */
export async function listCalendarProducts(
  db: DbOrTx,
  actor: Actor,
  opts: { from: string; to: string; productId?: string; tourOperatorId?: string },
) {
  const hasRows = hasSoldDeparturesBetween(products.id, opts.from, opts.to);
  return db
    .select({ product: products, timezone: tourOperators.timezone })
    .from(products)
    .innerJoin(tourOperators, eq(tourOperators.id, products.tourOperatorId))
    .where(
      and(
        isNull(products.deletedAt),
        tenantScope(products.tourOperatorId, actor),
        actor.level === LEVEL.SELLER ? eq(products.state, 'active') : or(eq(products.state, 'active'), hasRows),
        opts.productId ? eq(products.id, opts.productId) : undefined,
        opts.tourOperatorId ? eq(products.tourOperatorId, opts.tourOperatorId) : undefined,
      ),
    )
    .orderBy(asc(products.name), asc(products.id));
}
