/**
 * How a sale writes (ADR 035, ADR 040, ADR 041): the terms a sale is made on, what it decided from its
 * read (`SalePlan`), and its two ways of writing — in a transaction (the booking's statement, then the
 * seats' UPDATE last before COMMIT) or, on the pool, as ONE statement that takes the seats too.
 * `bookings.sale.ts` reads and decides; this file only writes.
 */
import { randomUUID } from 'node:crypto';
import { commissionCents, type TBookingChannel, type TBookingCreateRequest } from '@trayecto/shared';
import type { SQL } from 'drizzle-orm';
import { affectedRows, type DbOrTx } from '../../db/client';
import { actorUserId, type ChangeActor } from '../../lib/actors';
import { AppError } from '../../lib/app-error';
import { createdFields } from '../audit/audit.service';
import * as departures from '../departures/departures.service';
import { saleMessageOf } from './booking-messages';
import type { SaleContext, SaleReadExtra } from './booking-references.repository';
import { insertNewBooking } from './booking-writer';
import { noSeats, paymentStateFor, type priced, refuseSeats, takeSeatsOrRefuse } from './bookings.checks';
import type { BookingRow, BookingView } from './bookings.mapper';
import { scheduleHoldExpiry, scheduleHoldExpiryInStatement } from './bookings.online';
import * as repo from './bookings.repository';
import { newLocator, paxOf } from './bookings.rules';
import { type BookingInsert, isGuardRefusal, isLocatorTaken, isSeatsRefusal } from './bookings.write-statements';

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
export type SaleTerms = {
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
   * A write the sale depends on, made with it (ADR 042): the public API's stored answer, built from
   * the booking as it is about to be written — both commit or neither. In a transaction it is a
   * statement of its own before the seats are taken; on the pool, a part of the sale's one statement.
   */
  withSale?: (sold: Sold) => SaleDependent;
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
  accept?: (ctx: SaleContext) => Accepted | undefined;
  /** The channel sold through, read with the rest (its name for the answer, an agency's terms). */
  channelId?: string | null;
  /** What the caller reads with the sale, in its one read (ADR 042: the public page's operator and image). */
  readAlso?: SaleReadExtra;
  /** Checks what was read that needs the database (a customer's pickup place), after `accept`. */
  verify?: (db: DbOrTx, ctx: SaleContext) => Promise<void>;
};

/**
 * What {@link SaleOrder.accept} may replace once the sale has read: the terms, and the answers to
 * the product's questions when the caller can only tell them from the product (ADR 043: an OCTO
 * reserve's answers name the questions the product read with the sale has).
 */
export type Accepted = Partial<Pick<SaleTerms, 'channel' | 'sellerId' | 'channelSale'>> & {
  answers?: SaleBody['answers'];
};

/**
 * A write a sale depends on ({@link SaleTerms.withSale}): `write` returns a row while it may be made;
 * none refuses the whole sale, which then writes nothing and throws `refused()`; `written()` once
 * the sale's write succeeded.
 */
export type SaleDependent = { write: SQL; refused: () => Error; written: () => void };

/** A sale as written: the booking row, what the sale read, and the booking as the staff API answers it. */
export type Sold = { booking: BookingRow; context: SaleContext; view: BookingView };

/** What a sale decided from what it read, before it writes. */
export type SalePlan = {
  order: SaleOrder;
  sale: SaleTerms;
  ctx: SaleContext;
  existingDepartureId: string | null;
  quote: ReturnType<typeof priced>;
  passengers: NonNullable<BookingInsert['passengers']>;
  answers: BookingInsert['answers'];
  accommodationId: string | null;
  pickupTime: string | null;
  isOverridden: boolean;
  holdUntil: Date | null;
  state: 'pending' | 'confirmed';
  commissionPct: number | null;
};

/** A sale's writes in the caller's transaction: the booking's statement, then the seats' UPDATE. */
export async function writeSale(tx: DbOrTx, plan: SalePlan): Promise<Sold> {
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
  if (sale.withSale) {
    const dependent = sale.withSale(out);
    if (affectedRows(await tx.execute(dependent.write)) === 0) throw dependent.refused();
    dependent.written();
  }
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
export async function writeSaleInOneStatement(db: DbOrTx, plan: SalePlan, departureId: string): Promise<Sold> {
  const { ctx, quote, holdUntil, sale } = plan;
  const [values, records] = await saleRowsOf(db, plan, departureId);
  // Its id is chosen here (ADR 042): a hold's job and a dependent write name the booking before it exists.
  const id = randomUUID();
  const also = holdUntil ? [() => scheduleHoldExpiryInStatement(db, id, holdUntil)] : [];
  for (let attempt = 0; attempt < LOCATOR_ATTEMPTS; attempt++) {
    const row = { ...values, id, locator: newLocator() };
    const predicted = sale.withSale ? rowAsWritten(row) : undefined;
    const dependent = predicted && sale.withSale?.({ booking: predicted, context: ctx, view: viewOf(predicted, ctx) });
    try {
      const booking = await insertNewBooking(db, row, {
        ...records,
        takeSeats: departures.takeSeatsQuery(db, departureId, quote.seats),
        also,
        guard: dependent?.write,
      });
      if (!booking) throw new Error('a sale statement answered no booking and no error');
      dependent?.written();
      return { booking, context: ctx, view: viewOf(booking, ctx) };
    } catch (err) {
      if (isLocatorTaken(err)) continue;
      if (dependent && isGuardRefusal(err)) throw dependent.refused();
      if (isSeatsRefusal(err)) await refuseSeats(db, departureId);
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
): Promise<[Omit<BookingInsert, 'locator'>, Parameters<typeof insertNewBooking>[2]]> {
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

/**
 * The booking row a sale's statement writes, as it will read back (ADR 042): its values with the
 * columns a new booking leaves to their defaults. What a dependent write is built from before the
 * statement runs; a test compares the public answer built from it with the booking read back.
 */
function rowAsWritten(values: Omit<BookingInsert, 'id'> & { id: string }): BookingRow {
  return {
    ...values,
    checkedInAt: null,
    checkedInBy: null,
    cancelReason: '',
    cancelledAt: null,
    customerConfirmedAt: null,
    version: 1,
  } as BookingRow;
}

/** Locators tried before a sale gives up (each a fresh random one: a collision is rare). */
const LOCATOR_ATTEMPTS = 8;

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
  [values, records]: [Omit<BookingInsert, 'locator'>, Parameters<typeof insertNewBooking>[2]],
) {
  for (let attempt = 0; attempt < LOCATOR_ATTEMPTS; attempt++) {
    const row = await insertNewBooking(tx, { ...values, locator: newLocator() }, records);
    if (row) return row;
  }
  throw new AppError({ code: 'INTERNAL', message: 'No se pudo generar un localizador único' });
}
