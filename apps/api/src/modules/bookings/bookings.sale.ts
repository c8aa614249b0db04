/** Selling: the one sales path (PRODUCT.md §4) staff and customers go through, and the staff's POST /bookings. */
import {
  commissionCents,
  type TBookingChannel,
  type TBookingCreateBody,
  type TBookingCreateRequest,
  type TBookingResponse,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError, forbidden, validation } from '../../lib/app-error';
import { type Actor, isAdmin } from '../../lib/tenant';
import { type AuditContext, createdFields, recordAudit, staffAudit } from '../audit/audit.service';
import * as departuresRepo from '../departures/departures.repository';
import type { ProductRow } from '../products/products.mapper';
import { queueSaleMessage } from './booking-messages';
import {
  bookingSummary,
  checkDeparture,
  computedPickupTime,
  isSeller,
  loadSellableProduct,
  noSeats,
  type OperatorSettings,
  paymentStateFor,
  priced,
  readBooking,
  sellerCommission,
  takeSeatsOrRefuse,
  usablePlace,
} from './bookings.checks';
import * as repo from './bookings.repository';
import { newLocator, passengerErrors, paxOf } from './bookings.rules';

/**
 * Creates a booking (PRODUCT.md §4) in one transaction: the product must be active and offer the
 * departure; prices, commission and pickup time come from the server's rules; seats are taken with
 * one conditional UPDATE of the departure row (409 "No quedan plazas suficientes", nothing written).
 */
export async function createBooking(
  db: DbOrTx,
  actor: Actor,
  body: TBookingCreateBody,
  now: Date,
): Promise<TBookingResponse> {
  if (isSeller(actor) && body.seller_id && body.seller_id !== actor.id) {
    throw forbidden('No puedes asignar la venta a otro vendedor');
  }
  if (isSeller(actor) && body.discount_cents) throw forbidden('Tu rol no puede aplicar descuentos');
  const id = await inTransaction(db, async (tx) => {
    const { product, operator } = await loadSellableProduct(tx, actor, body.product_id);
    if (isAdmin(actor) && body.tour_operator_id && body.tour_operator_id !== product.tourOperatorId) {
      throw validation({ tour_operator_id: ['El producto es de otro tour operador'] });
    }
    return sellInTransaction(tx, {
      product,
      operator,
      body,
      channel: isSeller(actor) ? 'seller' : (body.channel ?? 'office'),
      sellerId: isSeller(actor) ? actor.id : (body.seller_id ?? null),
      createdBy: actor.id,
      state: body.state ?? (product.instantConfirmation ? 'confirmed' : 'pending'),
      cutoffOverrideLevel: body.override_cutoff === true ? actor.level : null,
      now,
      audit: staffAudit(actor),
    });
  });
  return readBooking(db, id);
}

/** What a sale reads from its request: the staff create body, of which the public one is a subset. */
export type SaleBody = Pick<
  TBookingCreateRequest,
  | 'product_id'
  | 'date'
  | 'time'
  | 'pax'
  | 'customer_name'
  | 'customer_email'
  | 'customer_phone'
  | 'customer_country'
  | 'language'
  | 'accommodation_id'
  | 'room'
  | 'pickup_time'
  | 'notes'
  | 'internal_notes'
  | 'discount_cents'
  | 'discount_reason'
  | 'passengers'
>;

/** Everything one sale needs, whoever sells: staff ({@link createBooking}) or the customer (public API). */
export type Sale = {
  /** The product, already checked sellable by the caller (tenant scope, or public and active). */
  product: ProductRow;
  operator: OperatorSettings;
  body: SaleBody;
  channel: TBookingChannel;
  sellerId: string | null;
  /** The staff user who sells; null for the customer. */
  createdBy: string | null;
  state: 'pending' | 'confirmed';
  /** The level asking to sell past the sale cut-off; null: the cut-off applies (always for the public). */
  cutoffOverrideLevel: number | null;
  now: Date;
  /**
   * Runs inside the transaction once the booking and its history exist, right before its seats are
   * taken (the public API stores its idempotent response here, so both commit or neither).
   */
  beforeSeats?: (tx: DbOrTx, bookingId: string) => Promise<void>;
  /** Who sells, for the audit log: the staff user or the customer. */
  audit: AuditContext;
};

/**
 * The one sales path (PRODUCT.md §4), inside the caller's transaction: departure checks, prices,
 * the early 409 on a departure seen full, passengers, pickup, commission, the booking and its
 * `created` event, and last the conditional UPDATE that takes the seats. Returns the booking id.
 */
export async function sellInTransaction(tx: DbOrTx, sale: Sale): Promise<string> {
  const { product, operator, body, now } = sale;
  const existing = await checkDeparture(tx, {
    product,
    date: body.date,
    time: body.time,
    timeZone: operator.timeZone,
    now,
    cutoffOverrideLevel: sale.cutoffOverrideLevel,
  });
  const quote = priced(product, body.date, body.pax, body.discount_cents ?? 0);
  // Fast refusal on a departure already seen full: saves the inserts that the conditional
  // UPDATE would roll back (3× the answers on a sold-out departure, docs/benchmarks.md).
  // Only a shortcut: the conditional UPDATE below stays the guarantee.
  if (existing && existing.seatsTaken + quote.seats > existing.capacity) {
    throw noSeats(existing.capacity - existing.seatsTaken);
  }
  const passengers = (body.passengers ?? []).map((p) => ({ ...p, document_id: p.document_id ?? '' }));
  const paxErrors = passengerErrors(passengers, body.pax);
  if (paxErrors) throw validation(paxErrors);

  const accommodationId = body.accommodation_id ?? null;
  const place = accommodationId ? await usablePlace(tx, product.tourOperatorId, accommodationId) : null;
  const isOverridden = body.pickup_time !== undefined && body.pickup_time !== null;
  const pickupTime = isOverridden ? body.pickup_time : await computedPickupTime(tx, product, place, body.time);

  const { sellerId, state, channel } = sale;
  const commissionPct = sellerId
    ? await sellerCommission(tx, product.tourOperatorId, sellerId, operator.defaultCommissionPct)
    : null;

  const departureId =
    existing?.id ??
    (
      await departuresRepo.ensureDeparture(tx, {
        tourOperatorId: product.tourOperatorId,
        productId: product.id,
        date: body.date,
        time: body.time,
        capacity: product.capacity,
      })
    ).id;
  const booking = await insertWithLocator(tx, {
    tourOperatorId: product.tourOperatorId,
    productId: product.id,
    departureId,
    date: body.date,
    time: body.time,
    lines: quote.lines,
    paxTotal: quote.pax_total,
    seats: quote.seats,
    subtotalCents: quote.subtotal_cents,
    discountCents: quote.discount_cents,
    discountReason: quote.discount_cents > 0 ? (body.discount_reason ?? '') : '',
    totalCents: quote.total_cents,
    paidCents: 0,
    refundedCents: 0,
    currency: product.currency,
    customerName: body.customer_name,
    customerEmail: body.customer_email ?? '',
    customerPhone: body.customer_phone ?? '',
    customerCountry: body.customer_country ?? '',
    language: body.language ?? 'es',
    accommodationId,
    room: body.room ?? '',
    pickupTime: pickupTime ?? null,
    pickupTimeOverridden: isOverridden,
    notes: body.notes ?? '',
    internalNotes: body.internal_notes ?? '',
    channel,
    sellerId,
    commissionPct,
    commissionCents: commissionCents(quote.total_cents, commissionPct),
    createdBy: sale.createdBy,
    state,
    paymentState: paymentStateFor(quote.total_cents, 0, 0),
    passengers,
    confirmedAt: state === 'confirmed' ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  await repo.insertEvents(tx, [
    {
      tourOperatorId: booking.tourOperatorId,
      bookingId: booking.id,
      type: 'created',
      actorId: sale.createdBy,
      createdAt: now,
      data: {
        product_id: product.id,
        date: body.date,
        time: body.time,
        pax: paxOf(quote.lines),
        total_cents: quote.total_cents,
        state,
        channel,
        seller_id: sellerId,
      },
    },
  ]);
  await recordAudit(tx, sale.audit, {
    tourOperatorId: booking.tourOperatorId,
    entityType: 'booking',
    entityId: booking.id,
    action: 'create',
    summary: bookingSummary(booking),
    at: now,
    changes: createdFields({
      product_id: { id: product.id, name: product.name },
      date: body.date,
      time: body.time,
      pax: paxOf(quote.lines),
      total_cents: quote.total_cents,
      state,
      channel,
      customer_name: booking.customerName,
    }),
  });
  // The customer hears of it (confirmed, received for review, or prepared for them to complete),
  // written in this transaction: the booking commits with its message or neither exists.
  await queueSaleMessage(tx, booking, product.name);
  if (sale.beforeSeats) await sale.beforeSeats(tx, booking.id);
  // Last statement before COMMIT: the departure row stays locked as briefly as possible.
  await takeSeatsOrRefuse(tx, departureId, quote.seats);
  return booking.id;
}

/**
 * Inserts with a fresh random locator; a collision with an existing one (ON CONFLICT DO NOTHING on
 * the unique locator, so the transaction is not aborted) is retried with another.
 */
async function insertWithLocator(tx: DbOrTx, values: Omit<repo.BookingInsert, 'locator'>) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const row = await repo.insertBookingIfLocatorFree(tx, { ...values, locator: newLocator() });
    if (row) return row;
  }
  throw new AppError({ code: 'INTERNAL', message: 'No se pudo generar un localizador único' });
}
