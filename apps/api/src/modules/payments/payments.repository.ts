/**
 * What the payments module reads and writes (ADR 022): an operator's payment settings (with its
 * sealed secrets, which only this module opens), the checkouts started (`payment_attempts`) and the
 * providers' verified notifications (`provider_events`).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentAttempts, paymentSettings, providerEvents } from '../../db/schema';

export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;
export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;

export async function findSettings(db: DbOrTx, tourOperatorId: string): Promise<PaymentSettingsRow | undefined> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.tourOperatorId, tourOperatorId));
  return row;
}

/** Locks the operator's settings row for a change (none yet: nothing to lock). */
export async function lockSettings(db: DbOrTx, tourOperatorId: string): Promise<PaymentSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentSettings)
    .where(eq(paymentSettings.tourOperatorId, tourOperatorId))
    .for('update');
  return row;
}

export async function upsertSettings(
  db: DbOrTx,
  values: Omit<typeof paymentSettings.$inferInsert, 'updatedAt'> & { updatedAt: Date },
): Promise<PaymentSettingsRow> {
  const { tourOperatorId: _id, ...set } = values;
  const [row] = await db
    .insert(paymentSettings)
    .values(values)
    .onConflictDoUpdate({ target: paymentSettings.tourOperatorId, set })
    .returning();
  return row;
}

export async function insertAttempt(
  db: DbOrTx,
  values: typeof paymentAttempts.$inferInsert,
): Promise<PaymentAttemptRow> {
  const [row] = await db.insert(paymentAttempts).values(values).returning();
  return row;
}

export async function updateAttempt(
  db: DbOrTx,
  id: string,
  set: Partial<Pick<PaymentAttemptRow, 'orderRef' | 'state' | 'error' | 'providerPaymentRef' | 'completedAt'>>,
) {
  await db.update(paymentAttempts).set(set).where(eq(paymentAttempts.id, id));
}

export async function findAttemptByOrder(
  db: DbOrTx,
  provider: 'redsys' | 'stripe',
  orderRef: string,
): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.orderRef, orderRef)));
  return row;
}

/** Locks an attempt (a notification's transaction: two deliveries of one order wait for each other). */
export async function lockAttempt(db: DbOrTx, id: string): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for('update');
  return row;
}

/**
 * Writes a verified notification's row; false when this provider's event is already there (a
 * replay: the caller changes nothing).
 */
export async function insertEvent(db: DbOrTx, values: typeof providerEvents.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(providerEvents)
    .values(values)
    .onConflictDoNothing({ target: [providerEvents.provider, providerEvents.eventKey] })
    .returning({ id: providerEvents.id });
  return rows.length > 0;
}

export async function setEventOutcome(
  db: DbOrTx,
  provider: 'redsys' | 'stripe',
  eventKey: string,
  outcome: 'applied' | 'duplicate' | 'ignored' | 'refunded_late',
  detail: string,
) {
  await db
    .update(providerEvents)
    .set({ outcome, detail: sql`left(${detail}, 500)` })
    .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventKey, eventKey)));
}
