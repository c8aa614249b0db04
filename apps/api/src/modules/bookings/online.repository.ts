/**
 * What a booking's online payments read and write (ADR 022): the operator's payment settings as a
 * booking needs them (a provider or not, Bizum, how long a hold lasts), the booking's payment links,
 * the payments a provider or the crew recorded, and the holds that ended. The settings' secrets are
 * never read here (the payments module decrypts them for a checkout or a refund).
 */
import { and, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, paymentLinks, paymentSettings, payments, products } from '../../db/schema';
import { runKeyedTemplate } from '../../db/select-template';

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

/** How an operator takes payments online, as a booking reads it: absent = not configured. */
export type OnlineSettings = { provider: 'redsys' | 'stripe' | null; holdMinutes: number; bizum: boolean };

export const DEFAULT_HOLD_MINUTES = 15;

export async function findOnlineSettings(db: DbOrTx, tourOperatorId: string): Promise<OnlineSettings> {
  const [row] = await db
    .select({
      provider: paymentSettings.provider,
      holdMinutes: paymentSettings.holdMinutes,
      bizum: paymentSettings.redsysBizum,
    })
    .from(paymentSettings)
    .where(eq(paymentSettings.tourOperatorId, tourOperatorId));
  if (!row) return { provider: null, holdMinutes: DEFAULT_HOLD_MINUTES, bizum: false };
  return {
    provider: (row.provider as OnlineSettings['provider']) ?? null,
    holdMinutes: row.holdMinutes ?? DEFAULT_HOLD_MINUTES,
    bizum: row.provider === 'redsys' && row.bizum === true,
  };
}

/** The payment terms of a product (mode and deposit), for a booking of it. */
export async function findProductTerms(db: DbOrTx, productId: string) {
  const [row] = await db
    .select({
      paymentMode: products.paymentMode,
      depositPercent: products.depositPercent,
      depositPerPaxCents: products.depositPerPaxCents,
      name: products.name,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

/** The payment links of these bookings, latest first, by booking. */
export async function listLinks(db: DbOrTx, bookingIds: string[]): Promise<Map<string, PaymentLinkRow[]>> {
  const out = new Map<string, PaymentLinkRow[]>();
  if (bookingIds.length === 0) return out;
  // One booking's (its page, its answer after a write): built once (ADR 052); a page's, each time.
  const rows =
    bookingIds.length === 1
      ? await runKeyedTemplate(db, 'payment-links.of-booking', paymentLinks.bookingId, bookingIds[0], (d, where) =>
          d.select().from(paymentLinks).where(where).orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id)),
        )
      : await db
          .select()
          .from(paymentLinks)
          .where(inArray(paymentLinks.bookingId, bookingIds))
          .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id));
  for (const r of rows) {
    const list = out.get(r.bookingId) ?? [];
    list.push(r);
    out.set(r.bookingId, list);
  }
  return out;
}

/** The link that makes money payable now: unpaid, not expired, the latest. */
export const liveLinkOf = (links: readonly PaymentLinkRow[], now: Date) =>
  links.find((l) => l.paidAt === null && l.expiresAt.getTime() > now.getTime()) ?? null;

export async function insertLink(db: DbOrTx, values: typeof paymentLinks.$inferInsert): Promise<PaymentLinkRow> {
  const [row] = await db.insert(paymentLinks).values(values).returning();
  return row;
}

export async function setLinkMessage(db: DbOrTx, linkId: string, messageId: string | null) {
  await db.update(paymentLinks).set({ messageId }).where(eq(paymentLinks.id, linkId));
}

/** Marks a link of this booking paid (once). */
export async function markLinkPaid(db: DbOrTx, bookingId: string, linkId: string, now: Date) {
  await db
    .update(paymentLinks)
    .set({ paidAt: now })
    .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.bookingId, bookingId), isNull(paymentLinks.paidAt)));
}

/** A payment (or refund) a provider's reference already recorded. */
export async function findProviderPayment(db: DbOrTx, provider: string, providerRef: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)));
  return row;
}

/** The payments and refunds of a booking taken through providers (refund limits per provider). */
export async function listProviderPayments(db: DbOrTx, bookingId: string) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), isNotNull(payments.provider)))
    .orderBy(desc(payments.paidAt), desc(payments.createdAt));
}

/** What the crew collected at check-in, per booking. */
export async function collectedAtCheckIn(db: DbOrTx, bookingIds: string[]): Promise<Map<string, number>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({
      bookingId: payments.bookingId,
      cents: sql<number>`coalesce(sum(case when ${payments.kind} = 'refund' then -${payments.amountCents} else ${payments.amountCents} end), 0)::int`,
    })
    .from(payments)
    .where(and(inArray(payments.bookingId, bookingIds), eq(payments.collectedAtCheckIn, true)))
    .groupBy(payments.bookingId);
  return new Map(rows.map((r) => [r.bookingId, Number(r.cents)]));
}

/** Held bookings whose hold ended by `now` (the sweep's work), oldest first. */
export async function listEndedHolds(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.state, 'pending'), isNotNull(bookings.holdExpiresAt), lte(bookings.holdExpiresAt, now)))
    .orderBy(bookings.holdExpiresAt)
    .limit(limit);
  return rows.map((r) => r.id);
}
