/**
 * How a product is paid (issue 32, ADR 022): its payment mode and deposit in the product's requests
 * and answers, and the rule that ties the two. The modes themselves (`PRODUCT_PAYMENT_MODES`, their
 * names) and the amounts they give live with the pricing, which bookings share.
 */
import { z } from 'zod';
import { PRODUCT_PAYMENT_MODES } from '../bookings/pricing';
import { zEnum, zInt } from '../common/validation';

/**
 * A product's deposit (ADR 022): a percentage of the total (1–99) or a fixed amount per passenger
 * (≥ 1 cent), exactly one of the two.
 */
export const ZProductDeposit = z
  .strictObject(
    { percent: zInt(1, 99).optional(), per_pax_cents: zInt(1, 10_000_000).optional() },
    { error: (i) => (i.code === 'unrecognized_keys' ? `Campo no admitido: ${i.keys.join(', ')}` : undefined) },
  )
  .refine((d) => (d.percent === undefined) !== (d.per_pax_cents === undefined), {
    message: 'Indica un porcentaje (1–99) o un importe por pasajero, no los dos',
    path: ['percent'],
  })
  // One of the two, not both (as `anyOf` + `not`: a `oneOf` would refuse the `null` the field allows).
  .meta({
    anyOf: [{ required: ['percent'] }, { required: ['per_pax_cents'] }],
    not: {
      type: 'object',
      required: ['percent', 'per_pax_cents'],
      properties: { percent: { type: 'integer' }, per_pax_cents: { type: 'integer' } },
    },
  });
export type TProductDeposit = z.infer<typeof ZProductDeposit>;
export const DEPOSIT_REQUIRED_MESSAGE = 'Indica la señal: un porcentaje o un importe por pasajero';
export const DEPOSIT_NOT_ALLOWED_MESSAGE = 'Solo hay señal cuando el cobro es «Señal en línea»';

/** The payment fields of a product's create and update requests (the last of their fields). */
export const productPaymentFields = {
  /**
   * What the customer pays online when booking (ADR 022): `full`, `deposit` (with `deposit`) or
   * `on_the_day` (the default: nothing online, as before).
   */
  payment_mode: zEnum(PRODUCT_PAYMENT_MODES).optional(),
  /** `{ percent }` or `{ per_pax_cents }`: required when `payment_mode` is `deposit`, null otherwise. */
  deposit: ZProductDeposit.nullable().optional(),
};

/**
 * The deposit is there exactly when the mode is `deposit` (ADR 022); a new product without a mode
 * is paid on the day. On an update, a field left out keeps the stored one, so the products service
 * checks the merged result again.
 */
export const depositMatchesMode =
  (create: boolean) => (p: { payment_mode?: string; deposit?: TProductDeposit | null }, ctx: z.RefinementCtx) => {
    const mode = p.payment_mode ?? (create ? 'on_the_day' : undefined);
    if (mode === 'deposit' && !p.deposit)
      ctx.addIssue({ code: 'custom', message: DEPOSIT_REQUIRED_MESSAGE, path: ['deposit'] });
    if (mode !== undefined && mode !== 'deposit' && p.deposit)
      ctx.addIssue({ code: 'custom', message: DEPOSIT_NOT_ALLOWED_MESSAGE, path: ['deposit'] });
  };
/** The same rule in the OpenAPI document: a deposit mode with a deposit, or another mode without one. */
export const depositRuleSchema = {
  anyOf: [
    {
      required: ['payment_mode', 'deposit'],
      properties: { payment_mode: { type: 'string', enum: ['deposit'] }, deposit: { type: 'object' } },
    },
    {
      properties: {
        payment_mode: { type: 'string', enum: ['full', 'on_the_day'] },
        deposit: { not: { type: 'object' } },
      },
    },
  ],
};

export type TDepositOut = { percent: number } | { per_pax_cents: number };
/**
 * A product's deposit in answers: `{ percent }` or `{ per_pax_cents }`, null unless the mode is
 * `deposit`. One object with both optional in the document (OpenAPI 3.0 has no nullable `anyOf`),
 * the union in TypeScript.
 */
const ZProductDepositOut = z
  .object({ percent: z.number().int().optional(), per_pax_cents: z.number().int().optional() })
  .nullable() as unknown as z.ZodType<TDepositOut | null>;

/** The payment fields of a product's answer (plain, as every response shape). */
export const productPaymentResponseFields = {
  /** What the customer pays online when booking (ADR 022). */
  payment_mode: z.enum(PRODUCT_PAYMENT_MODES),
  /** The deposit when `payment_mode` is `deposit`, else null. */
  deposit: ZProductDepositOut,
};
