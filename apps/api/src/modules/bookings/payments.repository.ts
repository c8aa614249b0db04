/** The payments table: money received and returned on a booking. */
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { payments, users } from '../../db/schema';
import type { PaymentView } from './bookings.mapper';

const recorder = alias(users, 'recorder');

export async function insertPayment(db: DbOrTx, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).returning();
  return row;
}

export async function listPayments(db: DbOrTx, bookingId: string): Promise<PaymentView[]> {
  return db
    .select({ payment: payments, recorder: { id: recorder.id, fullName: recorder.fullName } })
    .from(payments)
    .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
    .where(eq(payments.bookingId, bookingId))
    .orderBy(asc(payments.paidAt), asc(payments.createdAt), asc(payments.id)) as Promise<PaymentView[]>;
}

export async function findPaymentView(db: DbOrTx, id: string): Promise<PaymentView | undefined> {
  const [row] = await db
    .select({ payment: payments, recorder: { id: recorder.id, fullName: recorder.fullName } })
    .from(payments)
    .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
    .where(eq(payments.id, id));
  return row as PaymentView | undefined;
}
