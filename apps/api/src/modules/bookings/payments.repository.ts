/** The payments table: money received and returned on a booking. */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { payments, users } from '../../db/schema';
import { runKeyedTemplate } from '../../db/select-template';
import type { PaymentView } from './bookings.mapper';

const recorder = alias(users, 'recorder');

export async function insertPayment(db: DbOrTx, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).returning();
  return row;
}

/** A booking's payments and refunds, oldest first (built once, ADR 052). */
export async function listPayments(db: DbOrTx, bookingId: string): Promise<PaymentView[]> {
  return runKeyedTemplate(db, 'payments.of-booking', payments.bookingId, bookingId, (d, where) =>
    d
      .select({ payment: payments, recorder: { id: recorder.id, fullName: recorder.fullName } })
      .from(payments)
      .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
      .where(where)
      .orderBy(asc(payments.paidAt), asc(payments.createdAt), asc(payments.id)),
  ) as Promise<PaymentView[]>;
}

export async function findPaymentView(db: DbOrTx, id: string): Promise<PaymentView | undefined> {
  const [row] = await db
    .select({ payment: payments, recorder: { id: recorder.id, fullName: recorder.fullName } })
    .from(payments)
    .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
    .where(eq(payments.id, id));
  return row as PaymentView | undefined;
}

/**
 * Closes a collector's payments with a cash handover (issue 34): one conditional UPDATE, so of two
 * handovers of the same payment at once only one sets it. Answers how many rows it set.
 */
export async function setPaymentsHandover(
  db: DbOrTx,
  c: { tourOperatorId: string; holderId: string; paymentIds: string[]; handoverId: string },
): Promise<number> {
  if (c.paymentIds.length === 0) return 0;
  const rows = await db
    .update(payments)
    .set({ handoverId: c.handoverId })
    .where(
      and(
        eq(payments.tourOperatorId, c.tourOperatorId),
        eq(payments.recordedBy, c.holderId),
        inArray(payments.id, c.paymentIds),
        inArray(payments.method, ['cash', 'card']),
        isNull(payments.handoverId),
      ),
    )
    .returning({ id: payments.id });
  return rows.length;
}
