/**
 * "Caja" (issue 34, ADR 025): the money sellers, guides and drivers collected on the spot (payments
 * by `cash` or `card` they recorded, e.g. at check-in) that has not reached the office yet, and its
 * handover: the office counts what it receives, the handover closes exactly the payments given and
 * records any difference (never hidden, never changed afterwards). For levels 0, 1 and 3 (ACCESS.cash).
 */
import { z } from 'zod';
import { zInt, zOptionalText, zUuid } from '../common/validation';

/** The payment methods collected on the spot that someone holds until they hand them over. */
export const CASH_HELD_METHODS = ['cash', 'card'] as const;
export type TCashHeldMethod = (typeof CASH_HELD_METHODS)[number];

export const CASH_NOTES_MAX = 1000;
/** The most payments one handover may close. */
export const CASH_HANDOVER_PAYMENTS_MAX = 500;
/** The largest amount the office may count in one handover, in cents (an int column). */
export const CASH_RECEIVED_MAX = 2_147_483_647;

/** Spanish messages of the handover's rules. */
export const CASH_MSG = {
  holderUnknown: 'La persona no existe o no es de tu tour operador',
  paymentNotHeld: 'El cobro no existe, no es de esta persona o no es en efectivo ni con tarjeta',
  paymentHandedOver: 'Alguno de los cobros ya se entregó en otra entrega: vuelve a cargar la lista',
  notesRequired: 'Explica la diferencia entre lo contado y lo esperado',
  paymentRepeated: 'Cobro repetido',
} as const;

const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;

/** POST /api/v1/cash/handovers. */
export const ZCashHandoverCreateRequest = z.object({
  holder_id: zUuid().meta({ description: 'Quién entrega el dinero (quien registró los cobros)' }),
  payment_ids: z
    .array(zUuid())
    .min(1, 'Elige al menos un cobro')
    .max(CASH_HANDOVER_PAYMENTS_MAX)
    .refine(unique, CASH_MSG.paymentRepeated)
    .meta({
      uniqueItems: true,
      description: 'Exactamente los cobros que entrega: suyos, en efectivo o con tarjeta y sin entregar',
    }),
  received_cents: zInt(0, CASH_RECEIVED_MAX).meta({ description: 'Lo que ha contado la oficina, en céntimos' }),
  notes: zOptionalText(CASH_NOTES_MAX).meta({
    description: 'Obligatorias si lo recibido no coincide con lo esperado',
  }),
});
export type TCashHandoverCreateRequest = z.infer<typeof ZCashHandoverCreateRequest>;

/** One person who holds money now. */
export const ZCashHolderResponse = z.object({
  user_id: z.string(),
  name: z.string(),
  level: z.number().int(),
  tour_operator_id: z.string().nullable(),
  /** Cash held (payments less cash refunds). */
  cash_cents: z.number().int(),
  /** Card payments taken on the spot (the terminal's), not yet closed by a handover. */
  card_cents: z.number().int(),
  total_cents: z.number().int(),
  payment_count: z.number().int(),
  /** The oldest payment not handed over (ISO instant). */
  oldest_at: z.string(),
  /** The operator's time zone (IANA). */
  timezone: z.string(),
});
export type TCashHolderResponse = z.infer<typeof ZCashHolderResponse>;

/** A payment someone holds, or one a handover closed. */
export const ZCashPayment = z.object({
  id: z.string(),
  booking_id: z.string(),
  locator: z.string(),
  /** The booking's departure date (AAAA-MM-DD). */
  date: z.string(),
  customer_name: z.string(),
  kind: z.enum(['payment', 'refund']),
  method: z.enum(CASH_HELD_METHODS),
  amount_cents: z.number().int(),
  /** What it adds to the holder's money: the amount, negative for a refund. */
  signed_cents: z.number().int(),
  paid_at: z.string(),
  collected_at_check_in: z.boolean(),
});
export type TCashPayment = z.infer<typeof ZCashPayment>;

export const ZCashHolderDetailResponse = z.object({
  holder: ZCashHolderResponse.extend({ oldest_at: z.string().nullable() }),
  payments: z.array(ZCashPayment),
});
export type TCashHolderDetailResponse = z.infer<typeof ZCashHolderDetailResponse>;

const ZUserRef = z.object({ id: z.string(), name: z.string() });

export const ZCashHandoverResponse = z.object({
  id: z.string(),
  tour_operator_id: z.string(),
  holder: ZUserRef,
  expected_cents: z.number().int(),
  received_cents: z.number().int(),
  /** received − expected: negative when money is missing. */
  difference_cents: z.number().int(),
  payment_count: z.number().int(),
  notes: z.string(),
  received_by: ZUserRef,
  created_at: z.string(),
  timezone: z.string(),
});
export type TCashHandoverResponse = z.infer<typeof ZCashHandoverResponse>;

export const ZCashHandoverDetailResponse = ZCashHandoverResponse.extend({ payments: z.array(ZCashPayment) });
export type TCashHandoverDetailResponse = z.infer<typeof ZCashHandoverDetailResponse>;

/** Field labels of the handover's form. */
export const CASH_FIELD_LABELS: Record<string, string> = {
  holder_id: 'Persona',
  payment_ids: 'Cobros',
  received_cents: 'Importe contado',
  notes: 'Notas',
};
