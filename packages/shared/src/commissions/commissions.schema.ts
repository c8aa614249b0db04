/**
 * "Comisiones" (issue 34, ADR 025): what each seller and each channel (an agency or a reseller) is
 * owed for the bookings of a period of departure dates, and the statements that settle it. A
 * booking's commission is the one it was sold with (`commission_cents`, re-priced by its edits),
 * 0 once cancelled or while pending; a statement line owes that less what earlier statements of the
 * same party already counted for the booking, so a change after settling appears as a correcting
 * line (possibly negative) in the next statement. Levels 0–1 make and settle statements
 * (ACCESS.commissionsWrite); a Vendedor reads their own (ACCESS.commissions).
 */
import { z } from 'zod';
import { zDate, zEnum, zOptionalText, zUuid } from '../common/validation';

export const COMMISSION_PARTY_KINDS = ['seller', 'channel'] as const;
export type TCommissionPartyKind = (typeof COMMISSION_PARTY_KINDS)[number];
export const COMMISSION_PARTY_KIND_NAMES: Record<TCommissionPartyKind, string> = {
  seller: 'Vendedor',
  channel: 'Canal',
};

export const COMMISSION_STATEMENT_STATES = ['open', 'settled'] as const;
export type TCommissionStatementState = (typeof COMMISSION_STATEMENT_STATES)[number];
export const COMMISSION_STATEMENT_STATE_NAMES: Record<TCommissionStatementState, string> = {
  open: 'Pendiente de pago',
  settled: 'Pagada',
};

/** How a statement was paid: cash, bank transfer, card, or offset against what the party owes. */
export const COMMISSION_SETTLE_METHODS = ['transfer', 'cash', 'card', 'offset'] as const;
export type TCommissionSettleMethod = (typeof COMMISSION_SETTLE_METHODS)[number];
export const COMMISSION_SETTLE_METHOD_NAMES: Record<TCommissionSettleMethod, string> = {
  transfer: 'Transferencia',
  cash: 'Efectivo',
  card: 'Tarjeta',
  offset: 'Compensación',
};

/** The booking states whose commission is owed (a pending booking is not firm yet; a cancelled one owes 0). */
export const COMMISSION_EARNING_STATES = ['confirmed', 'completed', 'no_show'] as const;

export const COMMISSION_REFERENCE_MAX = 120;
/** The longest period one statement or one "Pendiente" query may cover (days, inclusive). */
export const COMMISSION_PERIOD_MAX_DAYS = 400;

/** Spanish messages of the commissions' rules. */
export const COMMISSION_MSG = {
  periodOrder: 'La fecha final no puede ser anterior a la inicial',
  periodTooLong: `El periodo no puede pasar de ${COMMISSION_PERIOD_MAX_DAYS} días`,
  sellerRequired: 'Indica el vendedor',
  channelRequired: 'Indica el canal',
  partyOnlyOne: 'Indica solo el vendedor o solo el canal, según el tipo',
  sellerUnknown: 'El vendedor no existe o no es de tu tour operador',
  channelUnknown: 'El canal no existe o no es de tu tour operador',
  nothingDue: 'No hay comisiones pendientes para ese periodo: no se crea la liquidación',
  alreadySettled: 'La liquidación ya está pagada: no se puede cambiar',
  partyKindRequired: 'Indica si la parte es un vendedor (seller) o un canal (channel)',
} as const;

const dayNumber = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
/** The days of a period from–to, inclusive (both valid dates). */
export const periodDays = (from: string, to: string) => Math.round((dayNumber(to) - dayNumber(from)) / 86_400_000) + 1;

type TPeriod = { from: string; to: string };
const periodIssues = (p: TPeriod, ctx: z.RefinementCtx) => {
  if (p.to < p.from) ctx.addIssue({ code: 'custom', message: COMMISSION_MSG.periodOrder, path: ['to'] });
  else if (periodDays(p.from, p.to) > COMMISSION_PERIOD_MAX_DAYS)
    ctx.addIssue({ code: 'custom', message: COMMISSION_MSG.periodTooLong, path: ['to'] });
};

/** GET /api/v1/commissions/due: the period of departure dates and, optionally, one kind of party. */
export const ZCommissionDueQuery = z
  .strictObject({
    from: zDate().meta({ description: 'Primera fecha de salida (AAAA-MM-DD)' }),
    to: zDate().meta({
      description: `Última fecha de salida (AAAA-MM-DD), como mucho ${COMMISSION_PERIOD_MAX_DAYS} días`,
    }),
    party: zEnum(COMMISSION_PARTY_KINDS)
      .optional()
      .meta({ description: 'Solo vendedores (seller) o solo canales (channel)' }),
    party_id: zUuid()
      .optional()
      .meta({ description: 'Solo esta parte: el id del vendedor (party=seller) o del canal (party=channel)' }),
    tour_operator_id: zUuid().optional().meta({ description: 'Solo el administrador: un tour operador' }),
  })
  .superRefine((q, ctx) => {
    periodIssues(q, ctx);
    if (q.party_id && !q.party)
      ctx.addIssue({ code: 'custom', message: COMMISSION_MSG.partyKindRequired, path: ['party'] });
  });
export type TCommissionDueQuery = z.infer<typeof ZCommissionDueQuery>;

/** One booking of a party's due (or of a statement): its commission now, what was counted before, the amount. */
export const ZCommissionLine = z.object({
  booking_id: z.string(),
  locator: z.string(),
  /** The departure's date (AAAA-MM-DD) and time (HH:mm). */
  date: z.string(),
  time: z.string(),
  product_name: z.string(),
  customer_name: z.string(),
  booking_state: z.string(),
  booking_total_cents: z.number().int(),
  /** The booking's commission as it stands (0 if cancelled or pending). */
  commission_cents: z.number().int(),
  /** What earlier statements of the same party already counted for it. */
  counted_cents: z.number().int(),
  /** What is owed now: commission less counted (negative: a correction). */
  amount_cents: z.number().int(),
});
export type TCommissionLine = z.infer<typeof ZCommissionLine>;

const ZParty = {
  party_kind: z.enum(COMMISSION_PARTY_KINDS),
  /** The seller's user id or the channel's id. */
  party_id: z.string(),
  party_name: z.string(),
  tour_operator_id: z.string(),
};

/** What one seller or channel is owed for the period. */
export const ZCommissionDueParty = z.object({
  ...ZParty,
  booking_count: z.number().int(),
  amount_cents: z.number().int(),
  lines: z.array(ZCommissionLine),
});
export type TCommissionDueParty = z.infer<typeof ZCommissionDueParty>;

export const ZCommissionDueResponse = z.object({
  from: z.string(),
  to: z.string(),
  parties: z.array(ZCommissionDueParty),
});
export type TCommissionDueResponse = z.infer<typeof ZCommissionDueResponse>;

/** What one seller or channel is owed for the period, without its lines (GET /commissions/due/summary). */
export const ZCommissionDueSummaryParty = ZCommissionDueParty.omit({ lines: true });
export type TCommissionDueSummaryParty = z.infer<typeof ZCommissionDueSummaryParty>;

/** The «Pendiente» tab: each party's count and amount; its lines come from /commissions/due with party_id. */
export const ZCommissionDueSummaryResponse = z.object({
  from: z.string(),
  to: z.string(),
  parties: z.array(ZCommissionDueSummaryParty),
});
export type TCommissionDueSummaryResponse = z.infer<typeof ZCommissionDueSummaryResponse>;

/** POST /api/v1/commissions/statements: `seller_id` with party_kind seller, `channel_id` with channel. */
export const ZCommissionStatementCreateRequest = z
  .object({
    party_kind: zEnum(COMMISSION_PARTY_KINDS),
    seller_id: zUuid().optional(),
    channel_id: zUuid().optional(),
    from: zDate(),
    to: zDate(),
  })
  .superRefine((b, ctx) => {
    periodIssues(b, ctx);
    if (b.party_kind === 'seller') {
      if (!b.seller_id) ctx.addIssue({ code: 'custom', message: COMMISSION_MSG.sellerRequired, path: ['seller_id'] });
      if (b.channel_id) ctx.addIssue({ code: 'custom', message: COMMISSION_MSG.partyOnlyOne, path: ['channel_id'] });
    } else {
      if (!b.channel_id)
        ctx.addIssue({ code: 'custom', message: COMMISSION_MSG.channelRequired, path: ['channel_id'] });
      if (b.seller_id) ctx.addIssue({ code: 'custom', message: COMMISSION_MSG.partyOnlyOne, path: ['seller_id'] });
    }
  })
  // For the OpenAPI document: the seller's id with `seller`, the channel's with `channel` (inside
  // `allOf`, so a generated client reads it as "and one of these").
  .meta({
    allOf: [
      {
        anyOf: [
          { required: ['seller_id'], properties: { party_kind: { type: 'string', enum: ['seller'] } } },
          { required: ['channel_id'], properties: { party_kind: { type: 'string', enum: ['channel'] } } },
        ],
      },
    ],
  });
export type TCommissionStatementCreateRequest = z.infer<typeof ZCommissionStatementCreateRequest>;

/** POST /api/v1/commissions/statements/{id}/settle: once; a settled statement never changes. */
export const ZCommissionSettleRequest = z.object({
  settled_on: zDate().meta({ description: 'Día en que se pagó (AAAA-MM-DD)' }),
  method: zEnum(COMMISSION_SETTLE_METHODS),
  reference: zOptionalText(COMMISSION_REFERENCE_MAX).meta({
    description: 'Referencia del pago (nº de transferencia, recibo…)',
  }),
});
export type TCommissionSettleRequest = z.infer<typeof ZCommissionSettleRequest>;

const ZUserRef = z.object({ id: z.string(), name: z.string() });

export const ZCommissionStatementResponse = z.object({
  id: z.string(),
  ...ZParty,
  period_from: z.string(),
  period_to: z.string(),
  total_cents: z.number().int(),
  line_count: z.number().int(),
  state: z.enum(COMMISSION_STATEMENT_STATES),
  settled_on: z.string().nullable(),
  method: z.enum(COMMISSION_SETTLE_METHODS).nullable(),
  reference: z.string(),
  settled_at: z.string().nullable(),
  settled_by: ZUserRef.nullable(),
  created_at: z.string(),
  created_by: ZUserRef.nullable(),
  /** The operator's time zone (IANA), for the times people read. */
  timezone: z.string(),
});
export type TCommissionStatementResponse = z.infer<typeof ZCommissionStatementResponse>;

export const ZCommissionStatementDetailResponse = ZCommissionStatementResponse.extend({
  lines: z.array(ZCommissionLine),
});
export type TCommissionStatementDetailResponse = z.infer<typeof ZCommissionStatementDetailResponse>;

/** Field labels of the commissions' forms (the same words the API's 422 names). */
export const COMMISSION_FIELD_LABELS: Record<string, string> = {
  from: 'Desde',
  to: 'Hasta',
  party_kind: 'Tipo',
  seller_id: 'Vendedor',
  channel_id: 'Canal',
  settled_on: 'Fecha de pago',
  method: 'Forma de pago',
  reference: 'Referencia',
};
