/** Selling: the one sales path (PRODUCT.md §4) staff and customers go through, and the staff's POST /bookings. */
import { pickupTimeFor, type TBookingCreateBody, type TBookingResponse } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { withPreparedStatements } from '../../db/prepared-statements';
import { inTransaction, isTransaction } from '../../db/transaction';
import { staffActor } from '../../lib/actors';
import { forbidden, validation } from '../../lib/app-error';
import { type Actor, isAdmin, tenantOf } from '../../lib/tenant';
import type { ProductRow } from '../products/products.mapper';
import { answersFor } from './booking-answers';
import type { SaleContext } from './booking-references.repository';
import * as refs from './booking-references.repository';
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
  priced,
} from './bookings.checks';
import { toBookingResponse } from './bookings.mapper';
import { holdOf } from './bookings.online';
import { passengerErrors, pickupRuleFor } from './bookings.rules';
import {
  type SaleOrder,
  type SalePlan,
  type SaleTerms,
  type Sold,
  writeSale,
  writeSaleInOneStatement,
} from './bookings.sale-writes';

/**
 * Creates a booking (PRODUCT.md §4), all of it or nothing: the product must be active and offer the
 * departure; prices, commission and pickup time come from the server's rules; seats are taken with
 * one conditional UPDATE of the departure row (409 "No quedan plazas suficientes", nothing written).
 * A sale of a departure that has its row is one statement with no transaction around it, any other
 * one transaction (ADR 041, ADR 042). Answers from what it wrote and read (ADR 035): nothing is read back.
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

/**
 * A sale of a product already read and checked by the caller (the demo seed): {@link sellInTransaction}.
 */
export type Sale = Omit<SaleTerms, 'state'> & {
  product: ProductRow;
  operator: OperatorSettings;
  state: 'pending' | 'confirmed';
};

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
 * Given a transaction, all of it runs there. Given the pool (ADR 041, ADR 042), the read runs on its
 * own (it locks nothing, in or out of a transaction) and a sale of a departure that has its row —
 * held or not, with a write it depends on or not (the public API's stored answer), unless a
 * channel's allotment must be counted after its seats — takes the seats in that same statement,
 * with no BEGIN or COMMIT around it; any other sale opens its transaction for the writes.
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
    also: order.readAlso,
  });
  if (!ctx) throw (order.missing ?? noSuchProduct)();
  const { answers: answered, ...accepted } = order.accept?.(ctx) ?? {};
  const sale: SaleTerms = { ...order, ...accepted };
  if (order.verify) await order.verify(db, ctx);
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
  const answers = answersFor(product, answered ?? body.answers, quote.pax_total, sale.requireAnswers === true);

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
  // ADR 041/042: one statement unless a row must be made first (the departure's) or something must
  // be counted under the departure's lock after the seats are taken (a channel's allotment).
  const countsAllotment = cs !== undefined && cs.allotment !== null && quote.seats > 0;
  if (plan.existingDepartureId && !countsAllotment) {
    return writeSaleInOneStatement(db, plan, plan.existingDepartureId);
  }
  return inTransaction(db, (tx) => writeSale(tx, plan));
}

/** Where the customers of the place asked are collected: the live place it redirects to, else itself. */
function collectedAt(ctx: SaleContext & { accommodation: NonNullable<SaleContext['accommodation']> }) {
  const at = ctx.pickupAt;
  return at?.id && at.deletedAt === null ? { id: at.id, zone: at.zone } : ctx.accommodation;
}

/** The operator's payment settings as the sale read them (none: no provider). */
const onlineOf = (o: SaleContext['online']) => ({ provider: o?.provider ?? null, holdMinutes: o?.holdMinutes });
