/** GET /api/v1/dashboard (PRODUCT.md §5 `/` Inicio), scoped by the caller's role (§3). */
import { z } from 'zod';

const ZKpis = z.object({
  departures: z.number().int(),
  pax: z.number().int(),
  /** Seats sold / capacity of those departures, 0–1 (null without departures). */
  occupancy: z.number().nullable(),
  sales_cents: z.number().int(),
  pending_cents: z.number().int(),
});
export type TDashboardKpis = z.infer<typeof ZKpis>;

export const ZDashboardResponse = z.object({
  /** "Today" in the operator's time zone. */
  today: z.string(),
  /**
   * The zone `today` is read in: the operator's. The administrator's "all operators" in different
   * zones: the platform's (each operator's departures still count on its own day).
   */
  timezone: z.string(),
  scope: z.enum(['all', 'operator', 'seller', 'own_day']),
  currency: z.string(),
  today_kpis: ZKpis,
  next_7_days: ZKpis,
  /** Bookings sold per day over the last 30 days (by creation date). */
  sales_30_days: z.array(z.object({ date: z.string(), sales_cents: z.number().int(), bookings: z.number().int() })),
  /**
   * The last 30 days' sales (non-cancelled, by day of creation) by where they came from (ADR 023):
   * the web, sellers, the office, and each reseller or agency by name, with the commission they
   * carry; most sold first. Empty for a Vendedor, Chofer or Guía.
   */
  sales_by_channel: z.array(
    z.object({
      channel: z.enum(['public', 'seller', 'office', 'channel']),
      channel_id: z.string().nullable(),
      name: z.string(),
      bookings: z.number().int(),
      sales_cents: z.number().int(),
      commission_cents: z.number().int(),
    }),
  ),
  /** Today's departures with their sheet and its state. */
  today_departures: z.array(
    z.object({
      departure_id: z.string(),
      product_id: z.string(),
      product_name: z.string(),
      time: z.string(),
      pax: z.number().int(),
      capacity: z.number().int(),
      sheet_id: z.string().nullable(),
      sheet_state: z.string().nullable(),
      vehicle_plate: z.string().nullable(),
      driver_name: z.string().nullable(),
      guide_name: z.string().nullable(),
    }),
  ),
  /** A seller's own sales and commission (level 2), this month. */
  seller: z
    .object({
      month_sales_cents: z.number().int(),
      month_commission_cents: z.number().int(),
      month_bookings: z.number().int(),
    })
    .nullable(),
});
export type TDashboardResponse = z.infer<typeof ZDashboardResponse>;
