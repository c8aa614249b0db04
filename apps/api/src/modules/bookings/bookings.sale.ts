/** Selling: the one sales path (PRODUCT.md §4) staff and customers go through, and the staff's POST /bookings. */
import {
  commissionCents,
  pickupTimeFor,
  type TBookingChannel,
  type TBookingCreateBody,
  type TBookingCreateRequest,
  type TBookingResponse,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { withPreparedStatements } from '../../db/prepared-statements';
import { inTransaction, isTransaction } from '../../db/transaction';
import { actorUserId, type ChangeActor, staffActor } from '../../lib/actors';
import { AppError, forbidden, validation } from '../../lib/app-error';
import { type Actor, isAdmin, tenantOf } from '../../lib/tenant';
import { createdFields } from '../audit/audit.service';
import * as departures from '../departures/departures.service';
import type { ProductRow } from '../products/products.mapper';
import { answersFor } from './booking-answers';
import { saleMessageOf } from './booking-messages';
import type { SaleContext } from './booking-references.repository';
import * as refs from './booking-references.repository';
import { insertNewBooking } from './booking-writer';
import {
  assertActiveProduct,
  assertOnSale,
  assertUsable,
  commissionOf,
  isSeller,
  noSeats,
  noSuchProduct,
  type OperatorSettings,
  operatorSettings,
  paymentStateFor,
  priced,
  refuseSeats,
  takeSeatsOrRefuse,
} from './bookings.checks';
import { type BookingRow, type BookingView, toBookingResponse } from './bookings.mapper';
import { holdOf, scheduleHoldExpiry } from './bookings.online';
import * as repo from './bookings.repository';
import { newLocator, passengerErrors, paxOf, pickupRuleFor } from './bookings.rules';

/**
 * Creates a booking (PRODUCT.md §4), all of it or nothing: the product must be active and offer the
 * departure; prices, commission and pickup time come from the server's rules; seats are taken with
 * one conditional UPDATE of the departure row (409 "No quedan plazas suficientes", nothing written).
 * A sale of a departure that has its row is one statement with no transaction around it, any other
 * one transaction (ADR 041). Answers from what it wrote and read (ADR 035): nothing is read back.
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
  if (isSeller(actor) && body.channel_id) {
    throw forbidden('Tu rol vende a tu nombre, no por cuenta de una agencia');
  }
  const sellerId = isSeller(actor) ? actor.id : (body.seller_id ?? null);
  // No transaction here: sell() opens one when the sale needs more than its one write (ADR 041).
  const sold = await sell(db, {
    productId: body.product_id,
    operatorId: tenantOf(actor),
    accept: (ctx) => {
      assertActiveProduct(ctx.product);
      if (isAdmin(actor) && body.tour_operator_id && body.tour_operator_id !== ctx.product.tourOperatorId) {
        throw validation({ tour_operator_id: ['El producto es de otro tour operador'] });
      }
      if (!body.channel_id) return {};
      const agency = agencyOf(ctx.channel);
      return {
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
      };
    },
    channelId: body.channel_id ?? null,
    body,
    channel: isSeller(actor) ? 'seller' : (body.channel ?? 'office'),
    sellerId,
    actor: staffActor(actor),
    state: body.state ?? 'product',
    cutoffOverrideLevel: body.override_cutoff === true ? actor.level : null,
    now,
  });
  return toBookingResponse(sold.view, now);
}

/**
 * The agency a staff sale is made for (ADR 023), as the sale read it: an active channel of kind
 * `agency` of the product's operator; 422 on `channel_id` otherwise.
 */
function agencyOf(row: SaleContext['channel']) {
  const why = !row?.id
    ? 'La agencia no existe o es de otro tour operador'
    : row.kind !== 'agency'
      ? 'Ese canal reserva por su cuenta (OCTO): elige una agencia'
      : !row.active
        ? 'La agencia está desactivada'
        : null;
  if (why || !row?.id) throw validation({ channel_id: [why ?? ''] }, why ?? undefined);
  return { id: row.id, allotment: row.allotment, commissionPct: row.commissionPct };
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

/** How a sale goes, whoever sells: staff ({@link createBooking}), the customer, a channel, the seed. */
type SaleTerms = {
  body: SaleBody;
  channel: TBookingChannel;
  sellerId: string | null;
  /** Who sells: the booking's `created_by` when staff, its history and its audit entry. */
  actor: ChangeActor;
  /** The state it is sold in; `product`: confirmed when the product confirms at once, else pending. */
  state: 'pending' | 'confirmed' | 'product';
  /** The level asking to sell past the sale cut-off; null: the cut-off applies (always for the public). */
  cutoffOverrideLevel: number | null;
  now: Date;
  /**
   * Runs inside the transaction once the booking and its history exist, right before its seats are
   * taken (the public API stores its idempotent response here, so both commit or neither).
   */
  beforeSeats?: (tx: DbOrTx, sold: Sold) => Promise<void>;
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
  channelSale?: ChannelSale;
};

type ChannelSale = {
  channelId: string;
  resellerReference: string | null;
  octoUuid: string | null;
  holdUntil: Date | null;
  allotment: number | null;
  commissionPct: number | null;
};

/**
 * A sale of a product already read and checked by the caller (the demo seed): {@link sellInTransaction}.
 */
export type Sale = Omit<SaleTerms, 'state'> & {
  product: ProductRow;
  operator: OperatorSettings;
  state: 'pending' | 'confirmed';
};

/**
 * A sale by product id: the one statement that reads it reads the product too (ADR 035).
 */
export type SaleOrder = SaleTerms & {
  productId: string;
  /** Whose products may be sold: this operator's (the actor's tenant…), null: any operator's; the product is live either way. */
  operatorId: string | null;
  /** The error when the product is not there for this scope (default: 422 "El producto no existe"). */
  missing?: () => Error;
  /**
   * Checks what was read before anything is written (the product's state, its operator, an
   * agency…); what it answers replaces those terms (a staff sale for an agency sells as the channel).
   */
  accept?: (ctx: SaleContext) => Partial<Pick<SaleTerms, 'channel' | 'sellerId' | 'channelSale'>> | undefined;
  /** The channel sold through, read with the rest (its name for the answer, an agency's terms). */
  channelId?: string | null;
};

/** A sale as written: the booking row, what the sale read, and the booking as the staff API answers it. */
export type Sold = { booking: BookingRow; context: SaleContext; view: BookingView };

/**
 * The one sales path (PRODUCT.md §4) for a product the caller has already read (the demo seed):
 * {@link sell} with it. Returns the booking id.
 */
export async function sellInTransaction(tx: DbOrTx, sale: Sale): Promise<string> {
  const { product, operator: _readAgain, ...terms } = sale;
  const sold = await sell(tx, {
    ...terms,
    productId: product.id,
    operatorId: product.tourOperatorId,
    channelId: sale.channelSale?.channelId ?? null,
  });
  return sold.booking.id;
}

/**
 * The one sales path (PRODUCT.md §4). ADR 035: one statement reads the product, its operator, the
 * departure, the seller, the pickup place and list, the channel and the payment settings; then the
 * departure checks, prices, the early 409 on a departure seen full, passengers, pickup, commission;
 * one statement writes the booking, its `created` event, audit entry and the customer's message
 * (ADR 040); a held sale one more, its hold's job; and last the conditional UPDATE that takes the
 * seats. Answers the booking with what it read, so nothing needs reading back. Its statements are
 * prepared on the server (ADR 040).
 *
 * Given a transaction, all of it runs there. Given the pool (ADR 041), the read runs on its own (it
 * locks nothing, in or out of a transaction) and a sale that needs no more than its one write — the
 * departure row exists, nothing held, no channel, nothing to store beside it — takes the seats in
 * that same statement, with no BEGIN or COMMIT around it; any other sale opens its transaction for
 * the writes.
 */
export function sell(db: DbOrTx, order: SaleOrder): Promise<Sold> {
  // ADR 040: the sale's statements are lookups by key and writes by id, prepared on the server
  // (parsed once per connection, then a generic plan): half of PostgreSQL's CPU per sale.
  return withPreparedStatements(() => sellPrepared(db, order));
}

async function sellPrepared(db: DbOrTx, order: SaleOrder): Promise<Sold> {
  const { body, now } = order;
  const ctx = await refs.findSaleContext(db, {
    productId: order.productId,
    operatorId: order.operatorId,
    date: body.date,
    time: body.time,
    sellerId: order.sellerId,
    accommodationId: body.accommodation_id ?? null,
    channelId: order.channelId ?? order.channelSale?.channelId ?? null,
  });
  if (!ctx) throw (order.missing ?? noSuchProduct)();
  const sale: SaleTerms = { ...order, ...order.accept?.(ctx) };
  const { product } = ctx;
  const operator = operatorSettings(ctx.operator);
  const existing = assertOnSale(ctx.departure, {
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
  const place = accommodationId ? collectedAt(assertUsable(ctx)) : null;
  const isOverridden = body.pickup_time !== undefined && body.pickup_time !== null;
  const pickupTime = isOverridden
    ? body.pickup_time
    : place && product.pickupEnabled
      ? pickupTimeFor(body.time, pickupRuleFor(ctx.pickups ?? [], place))
      : null;

  const { sellerId } = sale;
  const cs = sale.channelSale;
  const holdUntil = cs
    ? cs.holdUntil
    : sale.holdForOnlinePayment
      ? holdOf({ paymentMode: product.paymentMode, totalCents: quote.total_cents }, onlineOf(ctx.online), now)
      : null;
  const state = holdUntil
    ? 'pending'
    : sale.state === 'product'
      ? product.instantConfirmation
        ? 'confirmed'
        : 'pending'
      : sale.state;
  const commissionPct = cs
    ? cs.commissionPct
    : sellerId
      ? commissionOf(ctx.seller, operator.defaultCommissionPct)
      : null;

  const plan: SalePlan = {
    order,
    sale,
    ctx,
    existingDepartureId: existing?.id ?? null,
    quote,
    passengers,
    answers,
    accommodationId,
    pickupTime: pickupTime ?? null,
    isOverridden,
    holdUntil,
    state,
    commissionPct,
  };
  if (isTransaction(db)) return writeSale(db, plan);
  if (plan.existingDepartureId && !holdUntil && !cs && !sale.beforeSeats) {
    return writeSaleInOneStatement(db, plan, plan.existingDepartureId);
  }
  return inTransaction(db, (tx) => writeSale(tx, plan));
}

/** What a sale decided from what it read, before it writes. */
type SalePlan = {
  order: SaleOrder;
  sale: SaleTerms;
  ctx: SaleContext;
  existingDepartureId: string | null;
  quote: ReturnType<typeof priced>;
  passengers: NonNullable<repo.BookingInsert['passengers']>;
  answers: repo.BookingInsert['answers'];
  accommodationId: string | null;
  pickupTime: string | null;
  isOverridden: boolean;
  holdUntil: Date | null;
  state: 'pending' | 'confirmed';
  commissionPct: number | null;
};

/** A sale's writes in the caller's transaction: the booking's statement, then the seats' UPDATE. */
async function writeSale(tx: DbOrTx, plan: SalePlan): Promise<Sold> {
  const { sale, ctx, quote, holdUntil } = plan;
  const { product } = ctx;
  const body = plan.order.body;
  const cs = sale.channelSale;
  const departureId =
    plan.existingDepartureId ??
    (
      await departures.ensureDeparture(tx, {
        tourOperatorId: product.tourOperatorId,
        productId: product.id,
        date: body.date,
        time: body.time,
        capacity: product.capacity,
      })
    ).id;
  const booking = await insertWithLocator(tx, await saleRowsOf(tx, plan, departureId));
  if (holdUntil) await scheduleHoldExpiry(tx, booking.id, holdUntil);
  const out: Sold = { booking, context: ctx, view: viewOf(booking, ctx) };
  if (sale.beforeSeats) await sale.beforeSeats(tx, out);
  // Last statement before COMMIT: the departure row stays locked as briefly as possible.
  await takeSeatsOrRefuse(tx, departureId, quote.seats);
  // A channel's allotment, counted under that lock (the UPDATE above holds the departure row), so
  // two sales of one channel never both pass it; this booking is already among the counted.
  if (cs && cs.allotment !== null && quote.seats > 0) {
    const held = await repo.channelSeatsOnDeparture(tx, cs.channelId, departureId);
    if (held > cs.allotment) throw noSeats(cs.allotment - (held - quote.seats));
  }
  return out;
}

/**
 * A sale's writes as ONE statement on the pool (ADR 041): the seats' conditional UPDATE, the
 * booking whose departure is the one that took them, its event, audit entry and message. It commits
 * alone or writes nothing: a departure that cannot take the seats (closed, or full since it was read)
 * is a refusal, answered like {@link takeSeatsOrRefuse}'s; a taken locator is tried again.
 */
async function writeSaleInOneStatement(db: DbOrTx, plan: SalePlan, departureId: string): Promise<Sold> {
  const { ctx, quote } = plan;
  const [values, records] = await saleRowsOf(db, plan, departureId);
  for (let attempt = 0; attempt < LOCATOR_ATTEMPTS; attempt++) {
    try {
      const booking = await insertNewBooking(
        db,
        { ...values, locator: newLocator() },
        { ...records, takeSeats: departures.takeSeatsQuery(db, departureId, quote.seats) },
      );
      if (!booking) throw new Error('a sale statement answered no booking and no error');
      return { booking, context: ctx, view: viewOf(booking, ctx) };
    } catch (err) {
      if (repo.isLocatorTaken(err)) continue;
      if (repo.isSeatsRefusal(err)) await refuseSeats(db, departureId);
      throw err;
    }
  }
  throw new AppError({ code: 'INTERNAL', message: 'No se pudo generar un localizador único' });
}

/** The booking's row and what its statement writes beside it (event, audit entry, message). */
async function saleRowsOf(
  tx: DbOrTx,
  plan: SalePlan,
  departureId: string,
): Promise<[Omit<repo.BookingInsert, 'locator'>, Parameters<typeof insertNewBooking>[2]]> {
  const { sale, ctx, quote, state, holdUntil, accommodationId, commissionPct } = plan;
  const { product } = ctx;
  const body = plan.order.body;
  const now = plan.order.now;
  const { sellerId, channel } = sale;
  const cs = sale.channelSale;
  // The customer hears of it (confirmed, received for review, or prepared for them to complete),
  // written by the booking's own insert (ADR 040): the booking commits with its message or neither
  // exists. A held booking hears nothing yet: the payment confirms it (and sends its confirmation),
  // and an unpaid hold ends quietly (ADR 022).
  const customerName = body.customer_name;
  const message = holdUntil
    ? undefined
    : await saleMessageOf(
        tx,
        {
          state,
          channel,
          tourOperatorId: product.tourOperatorId,
          productId: product.id,
          date: body.date,
          customerEmail: body.customer_email ?? '',
          customerName,
          language: body.language ?? 'es',
        },
        product.name,
      );
  // What was sold, as the history's `created` event and the audit entry both keep it.
  const sold = {
    date: body.date,
    time: body.time,
    pax: paxOf(quote.lines),
    total_cents: quote.total_cents,
    state,
    channel,
  };
  return [
    {
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
      pickupTime: plan.pickupTime,
      pickupTimeOverridden: plan.isOverridden,
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
      passengers: plan.passengers,
      answers: plan.answers,
      confirmedAt: state === 'confirmed' ? now : null,
      holdExpiresAt: holdUntil,
      channelId: cs?.channelId ?? null,
      resellerReference: cs?.resellerReference ?? null,
      octoUuid: cs?.octoUuid ?? null,
      createdAt: now,
      updatedAt: now,
    },
    {
      actor: sale.actor,
      now,
      event: { product_id: product.id, ...sold, seller_id: sellerId },
      changes: createdFields({
        product_id: { id: product.id, name: product.name },
        ...sold,
        customer_name: customerName,
      }),
      message,
    },
  ];
}

/** Locators tried before a sale gives up (each a fresh random one: a collision is rare). */
const LOCATOR_ATTEMPTS = 8;

/** Where the customers of the place asked are collected: the live place it redirects to, else itself. */
function collectedAt(ctx: SaleContext & { accommodation: NonNullable<SaleContext['accommodation']> }) {
  const at = ctx.pickupAt;
  return at?.id && at.deletedAt === null ? { id: at.id, zone: at.zone } : ctx.accommodation;
}

/** The operator's payment settings as the sale read them (none: no provider). */
const onlineOf = (o: SaleContext['online']) => ({ provider: o?.provider ?? null, holdMinutes: o?.holdMinutes });

/**
 * The booking as `readBooking` would read it back after COMMIT, from what the sale read and wrote
 * (ADR 035): the same joins' values (the product, its operator, the seller, the place and where it
 * collects, the channel, the payment terms) and no payment link yet. A test compares both.
 */
function viewOf(booking: BookingRow, ctx: SaleContext): BookingView {
  const { product } = ctx;
  return {
    booking,
    product: { id: product.id, code: product.code, name: product.name },
    operator: { id: ctx.operator.id, name: ctx.operator.name },
    seller: booking.sellerId && ctx.seller?.id ? { id: ctx.seller.id, fullName: ctx.seller.fullName } : null,
    salesChannel:
      booking.channelId && ctx.channel?.id
        ? { id: ctx.channel.id, name: ctx.channel.name, kind: ctx.channel.kind, collects: ctx.channel.collects }
        : null,
    accommodation: ctx.accommodation?.id
      ? {
          id: ctx.accommodation.id,
          name: ctx.accommodation.name,
          zone: ctx.accommodation.zone,
          pickupPoint: ctx.accommodation.pickupPoint,
        }
      : null,
    pickupAt: ctx.pickupAt?.id
      ? { id: ctx.pickupAt.id, name: ctx.pickupAt.name, pickupPoint: ctx.pickupAt.pickupPoint }
      : null,
    createdAtExact: booking.createdAt.toISOString(),
    timezone: ctx.operator.timezone,
    payment: {
      mode: product.paymentMode,
      depositPercent: product.depositPercent,
      depositPerPaxCents: product.depositPerPaxCents,
      onlineEnabled: (ctx.online?.provider ?? null) !== null,
    },
    links: [],
  };
}

/**
 * Inserts with a fresh random locator, with its `created` event and audit entry (one statement); a
 * collision with an existing locator (ON CONFLICT DO NOTHING on the unique locator, so the
 * transaction is not aborted and nothing is written) is retried with another.
 */
async function insertWithLocator(
  tx: DbOrTx,
  [values, records]: [Omit<repo.BookingInsert, 'locator'>, Parameters<typeof insertNewBooking>[2]],
) {
  for (let attempt = 0; attempt < LOCATOR_ATTEMPTS; attempt++) {
    const row = await insertNewBooking(tx, { ...values, locator: newLocator() }, records);
    if (row) return row;
  }
  throw new AppError({ code: 'INTERNAL', message: 'No se pudo generar un localizador único' });
}
