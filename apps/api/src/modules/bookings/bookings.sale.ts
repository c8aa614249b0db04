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
import { actorUserId, type ChangeActor, staffActor } from '../../lib/actors';
import { AppError, forbidden, validation } from '../../lib/app-error';
import { type Actor, isAdmin } from '../../lib/tenant';
import { createdFields } from '../audit/audit.service';
import * as departures from '../departures/departures.service';
import type { ProductRow } from '../products/products.mapper';
import { answersFor } from './booking-answers';
import { queueSaleMessage } from './booking-messages';
import * as refs from './booking-references.repository';
import { insertSaleRecords } from './booking-writer';
import {
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
import { holdForSale, scheduleHoldExpiry } from './bookings.online';
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
    const agency = body.channel_id ? await agencyFor(tx, actor, product.tourOperatorId, body.channel_id) : null;
    return sellInTransaction(tx, {
      product,
      operator,
      body,
      channel: isSeller(actor) ? 'seller' : (body.channel ?? 'office'),
      sellerId: isSeller(actor) ? actor.id : (body.seller_id ?? null),
      actor: staffActor(actor),
      state: body.state ?? (product.instantConfirmation ? 'confirmed' : 'pending'),
      cutoffOverrideLevel: body.override_cutoff === true ? actor.level : null,
      now,
      ...(agency
        ? {
            channel: 'channel' as const,
            sellerId: null,
            channelSale: {
              channelId: agency.id,
              resellerReference: body.reseller_reference?.trim() || null,
              octoUuid: null,
              holdUntil: null,
              allotment: agency.allotment,
              commissionPct: agency.commissionPct,
            },
          }
        : {}),
    });
  });
  return readBooking(db, id);
}

/**
 * The agency a staff sale is made for (ADR 023): an active channel of kind `agency` of the
 * product's operator; sellers sell as themselves (403). 422 on `channel_id` otherwise.
 */
async function agencyFor(tx: DbOrTx, actor: Actor, tourOperatorId: string, channelId: string) {
  if (isSeller(actor)) throw forbidden('Tu rol vende a tu nombre, no por cuenta de una agencia');
  const row = await refs.findChannelRow(tx, tourOperatorId, channelId);
  const why = !row
    ? 'La agencia no existe o es de otro tour operador'
    : row.kind !== 'agency'
      ? 'Ese canal reserva por su cuenta (OCTO): elige una agencia'
      : !row.active
        ? 'La agencia está desactivada'
        : null;
  if (why || !row) throw validation({ channel_id: [why ?? ''] }, why ?? undefined);
  return row;
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
  | 'answers'
>;

/**
 * Everything one sale needs, whoever sells: staff ({@link createBooking}), the customer (public
 * API), a channel (issue 33) or the demo seed.
 */
export type Sale = {
  /** The product, already checked sellable by the caller (tenant scope, or public and active). */
  product: ProductRow;
  operator: OperatorSettings;
  body: SaleBody;
  channel: TBookingChannel;
  sellerId: string | null;
  /** Who sells: the booking's `created_by` when staff, its history and its audit entry. */
  actor: ChangeActor;
  state: 'pending' | 'confirmed';
  /** The level asking to sell past the sale cut-off; null: the cut-off applies (always for the public). */
  cutoffOverrideLevel: number | null;
  now: Date;
  /**
   * Runs inside the transaction once the booking and its history exist, right before its seats are
   * taken (the public API stores its idempotent response here, so both commit or neither).
   */
  beforeSeats?: (tx: DbOrTx, bookingId: string) => Promise<void>;
  /**
   * The customer pays online when booking (ADR 022 "Holds and races"): a product paid in full or
   * with a deposit, of an operator with a payment provider, is sold `pending` and holds its seats
   * until `now + hold minutes`; its confirmation waits for the payment, and a job ends the hold.
   */
  holdForOnlinePayment?: boolean;
  /**
   * Every required booking question must be answered (ADR 024): the customer's sale. Staff may leave
   * one for later, and a channel answers them by its confirmation at the latest.
   */
  requireAnswers?: boolean;
  /**
   * Sold through a channel (ADR 023): the booking carries it, its reseller's reference and OCTO
   * uuid, the channel's commission; an OCTO reserve holds its seats until `holdUntil` (pending,
   * ended by the same job as a payment hold); the channel's allotment is checked under the
   * departure's lock; the customer hears nothing until the channel confirms.
   */
  channelSale?: {
    channelId: string;
    resellerReference: string | null;
    octoUuid: string | null;
    holdUntil: Date | null;
    allotment: number | null;
    commissionPct: number | null;
  };
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
  const answers = answersFor(product, body.answers, quote.pax_total, sale.requireAnswers === true);

  const accommodationId = body.accommodation_id ?? null;
  const place = accommodationId ? await usablePlace(tx, product.tourOperatorId, accommodationId) : null;
  const isOverridden = body.pickup_time !== undefined && body.pickup_time !== null;
  const pickupTime = isOverridden ? body.pickup_time : await computedPickupTime(tx, product, place, body.time);

  const { sellerId, channel } = sale;
  const cs = sale.channelSale;
  const holdUntil = cs
    ? cs.holdUntil
    : sale.holdForOnlinePayment
      ? await holdForSale(
          tx,
          { tourOperatorId: product.tourOperatorId, paymentMode: product.paymentMode, totalCents: quote.total_cents },
          now,
        )
      : null;
  const state = holdUntil ? 'pending' : sale.state;
  const commissionPct = cs
    ? cs.commissionPct
    : sellerId
      ? await sellerCommission(tx, product.tourOperatorId, sellerId, operator.defaultCommissionPct)
      : null;

  const departureId =
    existing?.id ??
    (
      await departures.ensureDeparture(tx, {
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
    // The product's tax as sold: the booking's invoices use it whatever the product says later.
    taxRate: Number(product.taxRate),
    createdBy: actorUserId(sale.actor),
    state,
    paymentState: paymentStateFor(quote.total_cents, 0, 0),
    passengers,
    answers,
    confirmedAt: state === 'confirmed' ? now : null,
    holdExpiresAt: holdUntil,
    channelId: cs?.channelId ?? null,
    resellerReference: cs?.resellerReference ?? null,
    octoUuid: cs?.octoUuid ?? null,
    createdAt: now,
    updatedAt: now,
  });
  // What was sold, as the history's `created` event and the audit entry both keep it.
  const sold = {
    date: body.date,
    time: body.time,
    pax: paxOf(quote.lines),
    total_cents: quote.total_cents,
    state,
    channel,
  };
  await insertSaleRecords(tx, booking, {
    actor: sale.actor,
    now,
    event: { product_id: product.id, ...sold, seller_id: sellerId },
    changes: createdFields({
      product_id: { id: product.id, name: product.name },
      ...sold,
      customer_name: booking.customerName,
    }),
  });
  // The customer hears of it (confirmed, received for review, or prepared for them to complete),
  // written in this transaction: the booking commits with its message or neither exists.
  // A held booking hears nothing yet: the payment confirms it (and sends its confirmation), and an
  // unpaid hold ends quietly (ADR 022).
  if (holdUntil) await scheduleHoldExpiry(tx, booking.id, holdUntil);
  else await queueSaleMessage(tx, booking, product.name);
  if (sale.beforeSeats) await sale.beforeSeats(tx, booking.id);
  // Last statement before COMMIT: the departure row stays locked as briefly as possible.
  await takeSeatsOrRefuse(tx, departureId, quote.seats);
  // A channel's allotment, counted under that lock (the UPDATE above holds the departure row), so
  // two sales of one channel never both pass it; this booking is already among the counted.
  if (cs && cs.allotment !== null && quote.seats > 0) {
    const held = await repo.channelSeatsOnDeparture(tx, cs.channelId, departureId);
    if (held > cs.allotment) throw noSeats(cs.allotment - (held - quote.seats));
  }
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
