import { and, asc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { departures } from '../../db/schema';

export type DepartureRow = typeof departures.$inferSelect;

/** The product's departure rows between two dates (inclusive). */
export async function listDepartures(db: DbOrTx, productId: string, from: string, to: string) {
  return db
    .select()
    .from(departures)
    .where(and(eq(departures.productId, productId), gte(departures.date, from), lte(departures.date, to)))
    .orderBy(asc(departures.date), asc(departures.time));
}

export async function findDepartureForUpdate(db: DbOrTx, productId: string, date: string, time: string) {
  const [row] = await db
    .select()
    .from(departures)
    .where(and(eq(departures.productId, productId), eq(departures.date, date), eq(departures.time, time)))
    .for('update');
  return row as DepartureRow | undefined;
}

/**
 * Creates the departure row or updates the existing one in one statement
 * (INSERT … ON CONFLICT (product_id, date, time) DO UPDATE). `changes` holds only what was sent.
 */
export async function upsertDeparture(
  db: DbOrTx,
  insert: typeof departures.$inferInsert,
  changes: Partial<Pick<DepartureRow, 'capacity' | 'capacityOverride' | 'closed' | 'notes'>>,
): Promise<DepartureRow> {
  const [row] = await db
    .insert(departures)
    .values(insert)
    .onConflictDoUpdate({
      target: [departures.productId, departures.date, departures.time],
      set: { ...changes, updatedAt: new Date() },
    })
    .returning();
  return row;
}

/** The first departure that follows the product's capacity and has sold more than `capacity`. */
export async function findFollowerAbove(db: DbOrTx, productId: string, capacity: number) {
  const [row] = await db
    .select()
    .from(departures)
    .where(
      and(
        eq(departures.productId, productId),
        eq(departures.capacityOverride, false),
        gt(departures.seatsTaken, capacity),
      ),
    )
    .orderBy(asc(departures.date), asc(departures.time))
    .limit(1);
  return row as DepartureRow | undefined;
}

/** Departures without their own capacity follow the product's. */
export async function setFollowersCapacity(db: DbOrTx, productId: string, capacity: number) {
  await db
    .update(departures)
    .set({ capacity, updatedAt: new Date() })
    .where(
      and(
        eq(departures.productId, productId),
        eq(departures.capacityOverride, false),
        sql`${departures.capacity} <> ${capacity}`,
      ),
    );
}

/** The first departure from `today` on with seats sold, if any. */
export async function findSoldDepartureFrom(db: DbOrTx, productId: string, today: string) {
  const [row] = await db
    .select()
    .from(departures)
    .where(and(eq(departures.productId, productId), gte(departures.date, today), gt(departures.seatsTaken, 0)))
    .orderBy(asc(departures.date), asc(departures.time))
    .limit(1);
  return row as DepartureRow | undefined;
}
