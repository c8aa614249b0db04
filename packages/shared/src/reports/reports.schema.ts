/**
 * «Informes» (issue 34, ADR 025): sales, occupancy, cancellations and taxes of a period, read in
 * the operator's time zone. One contract for the API (validation, OpenAPI) and the screen.
 */
import { z } from 'zod';
import { daysBetween } from '../common/dates';
import { ACCESS } from '../common/roles';
import { zDate, zEnum, zOptionalInt, zUuid } from '../common/validation';

/** The longest period a report covers (both days included). */
export const REPORT_MAX_DAYS = 366;
export const REPORT_PERIOD_ORDER_MESSAGE = 'La fecha final no puede ser anterior a la inicial';
export const REPORT_PERIOD_TOO_LONG_MESSAGE = `El periodo no puede superar ${REPORT_MAX_DAYS} días`;

/** Days of a period, both ends included ("2026-11-01".."2026-11-30" → 30). */
export const reportPeriodDays = (from: string, to: string) => daysBetween(from, to) + 1;

/** What is wrong with a period, by field (empty: nothing). */
export function reportPeriodProblems(from: string, to: string): Record<string, string[]> {
  if (to < from) return { to: [REPORT_PERIOD_ORDER_MESSAGE] };
  if (reportPeriodDays(from, to) > REPORT_MAX_DAYS) return { to: [REPORT_PERIOD_TOO_LONG_MESSAGE] };
  return {};
}

export const REPORT_KINDS = ['sales', 'occupancy', 'cancellations', 'taxes'] as const;
export type TReportKind = (typeof REPORT_KINDS)[number];

/** Who reads each report: a Vendedor only their own sales and cancellations. */
export const REPORT_ACCESS: Record<TReportKind, readonly number[]> = {
  sales: ACCESS.reports,
  cancellations: ACCESS.reports,
  occupancy: [0, 1],
  taxes: [0, 1],
};

/** Spanish names (tabs, file names). */
export const REPORT_TITLES: Record<TReportKind, string> = {
  sales: 'Ventas',
  occupancy: 'Ocupación',
  cancellations: 'Cancelaciones',
  taxes: 'Impuestos',
};
/** "informe-ventas-2026-11-01-2026-11-30" + extension. */
export const REPORT_FILE_SLUGS: Record<TReportKind, string> = {
  sales: 'ventas',
  occupancy: 'ocupacion',
  cancellations: 'cancelaciones',
  taxes: 'impuestos',
};
export const reportFileName = (kind: TReportKind, from: string, to: string, ext: 'csv' | 'xlsx') =>
  `informe-${REPORT_FILE_SLUGS[kind]}-${from}-${to}.${ext}`;

export const REPORT_GROUPS = ['day', 'product', 'channel', 'seller', 'agency'] as const;
export type TReportGroup = (typeof REPORT_GROUPS)[number];
export const REPORT_GROUP_NAMES: Record<TReportGroup, string> = {
  day: 'Día',
  product: 'Producto',
  channel: 'Canal',
  seller: 'Vendedor',
  agency: 'Agencia',
};

/** Which day puts a booking in the period: the day it was sold (operator's zone) or its service day. */
export const REPORT_BASES = ['sale', 'service'] as const;
export type TReportBasis = (typeof REPORT_BASES)[number];
export const REPORT_BASIS_NAMES: Record<TReportBasis, string> = {
  sale: 'Fecha de venta',
  service: 'Fecha de servicio',
};

const period = {
  from: zDate().describe('Primer día del periodo (AAAA-MM-DD, en la zona horaria del tour operador)'),
  to: zDate().describe(`Último día del periodo, incluido (como mucho ${REPORT_MAX_DAYS} días desde from)`),
  tour_operator_id: zUuid().optional().describe('Solo el administrador: un tour operador (sin él, todos)'),
};

export const ZSalesReportQuery = z.object({
  ...period,
  group_by: zEnum(REPORT_GROUPS)
    .optional()
    .describe('Agrupar por día (por defecto), producto, canal, vendedor o agencia'),
  basis: zEnum(REPORT_BASES)
    .optional()
    .describe('sale: el día de la venta (por defecto); service: el día del servicio (la fecha de la reserva)'),
});
export type TSalesReportQuery = z.infer<typeof ZSalesReportQuery>;

/** At most this many departures in one answer, and in the report's files (the product totals count every one). */
export const OCCUPANCY_MAX_DEPARTURES = 2000;
/** Departures per page of the occupancy report when `per_page` is not given. */
export const OCCUPANCY_PER_PAGE = 50;

export const ZOccupancyReportQuery = z.object({
  ...period,
  product_id: zUuid().optional().describe('Solo las salidas de este producto'),
  page: zOptionalInt(1, 100_000).describe(
    'Página de la lista de salidas (1 por defecto); los totales por producto cuentan todas',
  ),
  per_page: zOptionalInt(1, OCCUPANCY_MAX_DEPARTURES).describe(
    `Salidas por página (${OCCUPANCY_PER_PAGE} por defecto, como mucho ${OCCUPANCY_MAX_DEPARTURES}); los archivos llevan todas, hasta ${OCCUPANCY_MAX_DEPARTURES}`,
  ),
});
export type TOccupancyReportQuery = z.infer<typeof ZOccupancyReportQuery>;

export const ZCancellationsReportQuery = z.object(period);
export type TCancellationsReportQuery = z.infer<typeof ZCancellationsReportQuery>;

export const ZTaxesReportQuery = z.object({
  ...period,
  basis: zEnum(REPORT_BASES)
    .optional()
    .describe('service: el día del servicio (por defecto, el devengo); sale: el día de la venta'),
});
export type TTaxesReportQuery = z.infer<typeof ZTaxesReportQuery>;

/** What every report says about itself. */
const ZReportHead = z.object({
  from: z.string(),
  to: z.string(),
  /** The zone its days are read in: the operator's (the administrator's "all": the platform's, each operator on its own days). */
  timezone: z.string(),
  currency: z.string(),
  /** all: every operator (administrator); operator: one operator; seller: a Vendedor's own sales. */
  scope: z.enum(['all', 'operator', 'seller']),
});

const ZSalesFigures = z.object({
  /** Bookings sold in the period and not cancelled. */
  bookings: z.number().int(),
  pax: z.number().int(),
  /** Totals (after discount) of every booking of the period, cancelled ones included. */
  gross_cents: z.number().int(),
  /** Discounts of the bookings not cancelled (already taken off their totals). */
  discount_cents: z.number().int(),
  /** Commissions of the bookings not cancelled (sellers and agencies). */
  commission_cents: z.number().int(),
  cancelled_bookings: z.number().int(),
  cancelled_cents: z.number().int(),
  /** gross − cancelled: what the bookings still standing are worth. */
  net_cents: z.number().int(),
});
export type TSalesFigures = z.infer<typeof ZSalesFigures>;

export const ZSalesReportRow = ZSalesFigures.extend({
  /** The group: a day (YYYY-MM-DD), an id, a channel name (public/seller/office/channel) or null ("none"). */
  key: z.string().nullable(),
  /** What the screen shows: "lun, 2 nov 2026", the product's, seller's or agency's name… */
  label: z.string(),
});
export type TSalesReportRow = z.infer<typeof ZSalesReportRow>;

export const ZSalesReportResponse = ZReportHead.extend({
  group_by: zEnum(REPORT_GROUPS),
  basis: zEnum(REPORT_BASES),
  rows: z.array(ZSalesReportRow),
  totals: ZSalesFigures,
}).meta({
  example: {
    from: '2026-11-01',
    to: '2026-11-30',
    timezone: 'Atlantic/Canary',
    currency: 'EUR',
    scope: 'operator',
    group_by: 'product',
    basis: 'sale',
    rows: [
      {
        key: '3f1c2b8e-6a4d-4e1f-9b2a-7c5d8e9f0a1b',
        label: 'Excursión al Teide',
        bookings: 42,
        pax: 97,
        gross_cents: 451_500,
        discount_cents: 4_500,
        commission_cents: 31_200,
        cancelled_bookings: 3,
        cancelled_cents: 27_000,
        net_cents: 424_500,
      },
    ],
    totals: {
      bookings: 42,
      pax: 97,
      gross_cents: 451_500,
      discount_cents: 4_500,
      commission_cents: 31_200,
      cancelled_bookings: 3,
      cancelled_cents: 27_000,
      net_cents: 424_500,
    },
  },
});
export type TSalesReportResponse = z.infer<typeof ZSalesReportResponse>;

export const ZOccupancyDeparture = z.object({
  departure_id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  date: z.string(),
  time: z.string(),
  capacity: z.number().int(),
  seats_taken: z.number().int(),
  /** seats_taken / capacity, 0–1 (null with no capacity). */
  occupancy: z.number().nullable(),
  closed: z.boolean(),
});
export type TOccupancyDeparture = z.infer<typeof ZOccupancyDeparture>;

export const ZOccupancyProduct = z.object({
  product_id: z.string(),
  product_name: z.string(),
  departures: z.number().int(),
  capacity: z.number().int(),
  seats_taken: z.number().int(),
  occupancy: z.number().nullable(),
});
export type TOccupancyProduct = z.infer<typeof ZOccupancyProduct>;

export const ZOccupancyReportResponse = ZReportHead.extend({
  /** One page of the period's departures, by day, time and product. */
  departures: z.array(ZOccupancyDeparture),
  /** The page listed and its size (`totals.departures` counts them all). */
  page: z.number().int(),
  per_page: z.number().int(),
  /** Whether the period has departures not listed in this answer (other pages). */
  truncated: z.boolean(),
  products: z.array(ZOccupancyProduct),
  totals: z.object({
    departures: z.number().int(),
    capacity: z.number().int(),
    seats_taken: z.number().int(),
    occupancy: z.number().nullable(),
  }),
}).meta({
  example: {
    from: '2026-11-01',
    to: '2026-11-30',
    timezone: 'Atlantic/Canary',
    currency: 'EUR',
    scope: 'operator',
    departures: [
      {
        departure_id: '9d2f3c4b-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
        product_id: '3f1c2b8e-6a4d-4e1f-9b2a-7c5d8e9f0a1b',
        product_name: 'Excursión al Teide',
        date: '2026-11-14',
        time: '09:00',
        capacity: 50,
        seats_taken: 42,
        occupancy: 0.84,
        closed: false,
      },
    ],
    page: 1,
    per_page: 50,
    truncated: false,
    products: [
      {
        product_id: '3f1c2b8e-6a4d-4e1f-9b2a-7c5d8e9f0a1b',
        product_name: 'Excursión al Teide',
        departures: 1,
        capacity: 50,
        seats_taken: 42,
        occupancy: 0.84,
      },
    ],
    totals: { departures: 1, capacity: 50, seats_taken: 42, occupancy: 0.84 },
  },
});
export type TOccupancyReportResponse = z.infer<typeof ZOccupancyReportResponse>;

export const ZCancellationsReportRow = z.object({
  state: z.enum(['cancelled', 'no_show']),
  /** The reason given ("" when none was: no-shows have none). */
  reason: z.string(),
  bookings: z.number().int(),
  pax: z.number().int(),
  total_cents: z.number().int(),
  refunded_cents: z.number().int(),
});
export type TCancellationsReportRow = z.infer<typeof ZCancellationsReportRow>;

const ZCancellationTotals = z.object({
  bookings: z.number().int(),
  pax: z.number().int(),
  total_cents: z.number().int(),
  refunded_cents: z.number().int(),
});

export const ZCancellationsReportResponse = ZReportHead.extend({
  rows: z.array(ZCancellationsReportRow),
  cancelled: ZCancellationTotals,
  no_show: ZCancellationTotals,
}).meta({
  example: {
    from: '2026-11-01',
    to: '2026-11-30',
    timezone: 'Atlantic/Canary',
    currency: 'EUR',
    scope: 'operator',
    rows: [
      { state: 'cancelled', reason: 'Mal tiempo', bookings: 3, pax: 8, total_cents: 36_000, refunded_cents: 36_000 },
      { state: 'no_show', reason: '', bookings: 1, pax: 2, total_cents: 9000, refunded_cents: 0 },
    ],
    cancelled: { bookings: 3, pax: 8, total_cents: 36_000, refunded_cents: 36_000 },
    no_show: { bookings: 1, pax: 2, total_cents: 9000, refunded_cents: 0 },
  },
});
export type TCancellationsReportResponse = z.infer<typeof ZCancellationsReportResponse>;

export const ZTaxesReportRow = z.object({
  kind: z.enum(['IVA', 'IGIC']),
  /** Percent, as sold (bookings.tax_rate). */
  rate: z.number(),
  bookings: z.number().int(),
  base_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
});
export type TTaxesReportRow = z.infer<typeof ZTaxesReportRow>;

export const ZTaxesReportResponse = ZReportHead.extend({
  basis: zEnum(REPORT_BASES),
  rows: z.array(ZTaxesReportRow),
  totals: z.object({
    bookings: z.number().int(),
    base_cents: z.number().int(),
    tax_cents: z.number().int(),
    total_cents: z.number().int(),
  }),
}).meta({
  example: {
    from: '2026-11-01',
    to: '2026-11-30',
    timezone: 'Atlantic/Canary',
    currency: 'EUR',
    scope: 'operator',
    basis: 'service',
    rows: [{ kind: 'IGIC', rate: 7, bookings: 2, base_cents: 14_954, tax_cents: 1046, total_cents: 16_000 }],
    totals: { bookings: 2, base_cents: 14_954, tax_cents: 1046, total_cents: 16_000 },
  },
});
export type TTaxesReportResponse = z.infer<typeof ZTaxesReportResponse>;
