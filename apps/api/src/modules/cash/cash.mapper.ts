/** Cash rows → the "Caja" contract shapes (issue 34). */
import type { TCashHandoverResponse, TCashHolderResponse, TCashPayment } from '@trayecto/shared';
import { isoOf } from '../../lib/instants';
import type { HandoverRow, HolderRow, PaymentRow } from './cash.repository';

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

export const toHolder = (r: HolderRow): TCashHolderResponse => ({
  user_id: r.user_id,
  name: r.name,
  level: Number(r.level),
  tour_operator_id: r.tour_operator_id,
  cash_cents: Number(r.cash_cents),
  card_cents: Number(r.card_cents),
  total_cents: Number(r.cash_cents) + Number(r.card_cents),
  payment_count: Number(r.payment_count),
  oldest_at: r.oldest_at ? isoOf(asDate(r.oldest_at)) : isoOf(new Date(0)),
  timezone: r.timezone,
});

/** What a payment adds to its holder's money: negative for a refund. */
export const signedCents = (p: Pick<PaymentRow, 'kind' | 'amount_cents'>) =>
  p.kind === 'refund' ? -Number(p.amount_cents) : Number(p.amount_cents);

export const toCashPayment = (p: PaymentRow): TCashPayment => ({
  id: p.id,
  booking_id: p.booking_id,
  locator: p.locator,
  date: p.date,
  customer_name: p.customer_name,
  kind: p.kind,
  method: p.method,
  amount_cents: Number(p.amount_cents),
  signed_cents: signedCents(p),
  paid_at: isoOf(asDate(p.paid_at)),
  collected_at_check_in: Boolean(p.collected_at_check_in),
});

export const toHandover = (r: HandoverRow): TCashHandoverResponse => ({
  id: r.h.id,
  tour_operator_id: r.h.tourOperatorId,
  holder: { id: r.h.holderId, name: r.holderName ?? '' },
  expected_cents: r.h.expectedCents,
  received_cents: r.h.receivedCents,
  difference_cents: r.h.differenceCents,
  payment_count: r.h.paymentCount,
  notes: r.h.notes,
  received_by: { id: r.h.receivedBy, name: r.receiverName ?? '' },
  created_at: isoOf(r.h.createdAt),
  timezone: r.timezone,
});
