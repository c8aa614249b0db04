/** Editing a booking: re-pricing, moving its seats, the state machine (PATCH /bookings/{id}). */
import {
  BOOKING_STATE_NAMES,
  commissionCents,
  type TBookingResponse,
  type TBookingState,
  type TBookingUpdateRequest,
  zonedDateTimeToInstant,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { staffActor } from '../../lib/actors';
import { AppError, fieldError, forbidden, notFound, validation } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import { fromChangeMap, nameReferences } from '../audit/audit.service';
import * as departures from '../departures/departures.service';
import type { ProductRow } from '../products/products.mapper';
import { editedAnswers } from './booking-answers';
import { changeTracker, editedCustomerData } from './booking-changes';
import { queueChangedMessage, queueConfirmedMessage } from './booking-messages';
import * as refs from './booking-references.repository';
import { type BookingEvent, STALE_MESSAGE, writeBookingChange } from './booking-writer';
import {
  checkDeparture,
  computedPickupTime,
  holdsSeats,
  isSeller,
  loadOperator,
  loadSellableProduct,
  NOT_FOUND,
  paymentStateFor,
  placeOf,
  priced,
  readBooking,
  sellerCommission,
  takeSeatsOrRefuse,
  usablePlace,
} from './bookings.checks';
import type { BookingRow } from './bookings.mapper';
import * as repo from './bookings.repository';
import { canTransition, departureOrder, passengerErrors, paxOf, samePax, transitionMessage } from './bookings.rules';

const CANCELLED_READ_ONLY = 'La reserva está cancelada y ya no se puede modificar';

/**
 * Edits a booking (fields not sent stay). Changing pax, date, time or product re-prices it and moves
 * its seats in the same transaction (release on the old departure, conditional take on the new
 * one; on the same departure only the difference). The state follows the state machine; cancelling
 * has its own endpoint. `version`, when sent, refuses a stale edit (409). Cancelled bookings are
 * read-only. On past departures staff still edit customer data and the state, but seats never move
 * into the past.
 */
export async function updateBooking(
  db: DbOrTx,
  actor: Actor,
  id: string,
  body: TBookingUpdateRequest,
  now: Date,
): Promise<TBookingResponse> {
  await inTransaction(db, async (tx) => {
    const cur = await repo.lockVisibleBooking(tx, actor, id);
    if (!cur) throw notFound(NOT_FOUND);
    if (body.version !== undefined && body.version !== cur.version) {
      throw fieldError('STALE_VERSION', 'version', STALE_MESSAGE);
    }
    if (cur.state === 'cancelled') throw new AppError({ code: 'STATE_CONFLICT', message: CANCELLED_READ_ONLY });
    if (body.state === 'cancelled') {
      const m = 'Para cancelar la reserva usa «Cancelar» e indica el motivo';
      throw fieldError('INVALID_STATE_TRANSITION', 'state', m);
    }
    const nextState = body.state ?? cur.state;
    const stateChanged = nextState !== cur.state;
    if (isSeller(actor)) {
      if (body.seller_id !== undefined && body.seller_id !== cur.sellerId) {
        throw forbidden('No puedes cambiar el vendedor de una reserva');
      }
      if (body.discount_cents !== undefined && body.discount_cents !== cur.discountCents) {
        throw forbidden('Tu rol no puede aplicar descuentos');
      }
      if (stateChanged && (nextState === 'completed' || nextState === 'no_show')) {
        throw forbidden('Solo la oficina marca una reserva como realizada o no presentada');
      }
    }
    if (stateChanged && !canTransition(cur.state, nextState)) {
      throw fieldError('INVALID_STATE_TRANSITION', 'state', transitionMessage(cur.state, nextState));
    }

    const productId = body.product_id ?? cur.productId;
    const date = body.date ?? cur.date;
    const time = body.time ?? cur.time;
    const departureChanged = productId !== cur.productId || date !== cur.date || time !== cur.time;
    const curPax = paxOf(cur.lines);
    const pax = body.pax ?? curPax;
    const paxChanged = !samePax(pax, curPax);
    const discount = body.discount_cents ?? cur.discountCents;
    const repricing = departureChanged || paxChanged;

    const operator = await loadOperator(tx, cur.tourOperatorId);
    let product: ProductRow;
    if (repricing) {
      product = (await loadSellableProduct(tx, actor, productId)).product;
      if (product.tourOperatorId !== cur.tourOperatorId) {
        throw validation({ product_id: ['El producto es de otro tour operador'] });
      }
    } else {
      const row = await refs.findProductRow(tx, cur.productId);
      if (!row) throw notFound('El producto');
      product = row;
    }

    // Price.
    let priceFields: Pick<
      BookingRow,
      'lines' | 'paxTotal' | 'seats' | 'subtotalCents' | 'discountCents' | 'totalCents'
    > = {
      lines: cur.lines,
      paxTotal: cur.paxTotal,
      seats: cur.seats,
      subtotalCents: cur.subtotalCents,
      discountCents: cur.discountCents,
      totalCents: cur.totalCents,
    };
    if (repricing) {
      const q = priced(product, date, pax, discount);
      priceFields = {
        lines: q.lines,
        paxTotal: q.pax_total,
        seats: q.seats,
        subtotalCents: q.subtotal_cents,
        discountCents: q.discount_cents,
        totalCents: q.total_cents,
      };
    } else if (discount !== cur.discountCents) {
      // Only the discount changed: the lines keep the prices they were sold at.
      if (discount > cur.subtotalCents) {
        const m = 'El descuento no puede superar el importe de la reserva';
        throw validation({ discount_cents: [m] }, m);
      }
      priceFields = { ...priceFields, discountCents: discount, totalCents: cur.subtotalCents - discount };
    }

    // Seats: where they were and where they go.
    const seatsBefore = holdsSeats(cur.state) ? cur.seats : 0;
    const seatsAfter = holdsSeats(nextState) ? priceFields.seats : 0;
    if (departureChanged || seatsAfter > seatsBefore) {
      await checkDeparture(tx, {
        product,
        date,
        time,
        timeZone: operator.timeZone,
        now,
        cutoffOverrideLevel: body.override_cutoff === true ? actor.level : null,
      });
    }
    if (stateChanged && (nextState === 'completed' || nextState === 'no_show')) {
      const start = zonedDateTimeToInstant(date, time, operator.timeZone).getTime();
      if (start > now.getTime()) {
        const m = `Solo se puede marcar como «${BOOKING_STATE_NAMES[nextState as TBookingState]}» una reserva cuya salida ya ha empezado`;
        throw fieldError('INVALID_STATE_TRANSITION', 'state', m);
      }
    }

    const passengers =
      body.passengers !== undefined
        ? body.passengers.map((p) => ({ ...p, document_id: p.document_id ?? '' }))
        : cur.passengers;
    if (body.passengers !== undefined || paxChanged) {
      const errors = passengerErrors(passengers, pax);
      if (errors) throw validation(errors);
    }

    const answers = editedAnswers(product, cur.answers, body.answers, {
      paxTotal: priceFields.paxTotal,
      requireAll: false,
      productChanged: productId !== cur.productId,
    });

    // Pickup.
    const accommodationId = body.accommodation_id !== undefined ? body.accommodation_id : cur.accommodationId;
    const accommodationChanged = accommodationId !== cur.accommodationId;
    const overridden = body.pickup_time !== undefined ? body.pickup_time !== null : cur.pickupTimeOverridden;
    let place: { id: string; zone: string } | null = null;
    if (accommodationId && accommodationChanged) place = await usablePlace(tx, cur.tourOperatorId, accommodationId);
    let pickupTime = cur.pickupTime;
    if (overridden) {
      pickupTime = body.pickup_time ?? cur.pickupTime;
    } else if (accommodationChanged || departureChanged || cur.pickupTimeOverridden) {
      if (accommodationId && !place) {
        const row = await refs.findUsableAccommodation(tx, cur.tourOperatorId, accommodationId);
        place = row ? placeOf(row) : null;
      }
      pickupTime = await computedPickupTime(tx, product, place, time);
    }

    // Seller and commission (the rate is the seller's at the time of sale; it changes with the seller).
    const sellerId = body.seller_id !== undefined ? body.seller_id : cur.sellerId;
    let commissionPct = cur.commissionPct;
    if (sellerId !== cur.sellerId) {
      commissionPct = sellerId
        ? await sellerCommission(tx, cur.tourOperatorId, sellerId, operator.defaultCommissionPct)
        : null;
    }
    const channel = isSeller(actor) ? cur.channel : (body.channel ?? cur.channel);
    // A channel's booking stays the channel's, and only a channel makes one (ADR 023).
    if ((channel === 'channel') !== (cur.channelId !== null)) {
      const m = cur.channelId
        ? 'Una reserva de un canal sigue siendo de ese canal'
        : 'Solo un canal hace reservas de canal';
      throw validation({ channel: [m] }, m);
    }

    const next = {
      productId,
      date,
      time,
      ...priceFields,
      ...editedCustomerData(body, cur),
      accommodationId,
      pickupTime,
      pickupTimeOverridden: overridden,
      internalNotes: body.internal_notes ?? cur.internalNotes,
      channel,
      sellerId,
      commissionPct,
      commissionCents: commissionCents(priceFields.totalCents, commissionPct),
      // The rate as sold stays; another product brings its own (issue 34).
      taxRate: productId !== cur.productId ? Number(product.taxRate) : cur.taxRate,
      discountReason: priceFields.discountCents > 0 ? (body.discount_reason ?? cur.discountReason) : '',
      passengers,
      answers,
      paymentState: paymentStateFor(priceFields.totalCents, cur.paidCents, cur.refundedCents),
    };

    const { changes, track, trackCustomer } = changeTracker();
    track('product_id', cur.productId, next.productId);
    track('date', cur.date, next.date);
    track('time', cur.time, next.time);
    track('pax', curPax, paxOf(next.lines));
    track('total_cents', cur.totalCents, next.totalCents);
    track('discount_cents', cur.discountCents, next.discountCents);
    track('discount_reason', cur.discountReason, next.discountReason);
    trackCustomer(cur, next);
    track('internal_notes', cur.internalNotes, next.internalNotes);
    track('channel', cur.channel, next.channel);
    track('seller_id', cur.sellerId, next.sellerId);
    track('commission_cents', cur.commissionCents, next.commissionCents);
    track('passengers', cur.passengers, next.passengers);
    track('answers', cur.answers, next.answers);
    const pickupFlagChanged = next.pickupTimeOverridden !== cur.pickupTimeOverridden;
    if (Object.keys(changes).length === 0 && !stateChanged && !pickupFlagChanged) return;

    const newDepartureId = departureChanged
      ? (
          await departures.ensureDeparture(tx, {
            tourOperatorId: cur.tourOperatorId,
            productId,
            date,
            time,
            capacity: product.capacity,
          })
        ).id
      : cur.departureId;

    // Events of one request keep their order (same transaction, same clock reading).
    const events: BookingEvent[] = [];
    if (Object.keys(changes).length > 0) events.push({ type: 'updated', data: { changes } });
    if (stateChanged) events.push({ type: 'state_changed', data: { from: cur.state, to: nextState } });
    const audited = fromChangeMap(changes);
    if (stateChanged) audited.state = [cur.state, nextState];
    // (Only the hand-set pickup flag changed: not a value anyone reads, nothing to audit.)
    const updated = await writeBookingChange(tx, cur, {
      actor: staffActor(actor),
      now,
      set: {
        ...next,
        departureId: newDepartureId,
        state: nextState,
        confirmedAt: stateChanged && nextState === 'confirmed' ? now : cur.confirmedAt,
      },
      events,
      audit:
        Object.keys(audited).length > 0
          ? {
              action: Object.keys(changes).length === 0 && stateChanged ? 'state' : 'update',
              changes: await nameReferences(
                tx,
                audited,
                { product_id: 'product', seller_id: 'user', accommodation_id: 'accommodation' },
                new Map([[product.id, product.name]]),
              ),
            }
          : undefined,
    });

    // The customer hears of it in this transaction: confirmed at last, or what changed for them.
    if (stateChanged && nextState === 'confirmed') await queueConfirmedMessage(tx, updated, product.name);
    else if (nextState === 'pending' || nextState === 'confirmed') {
      await queueChangedMessage(tx, updated, product.name, changes);
    }

    // Seats last, in one order for every transaction (no deadlocks between crossing moves).
    if (newDepartureId === cur.departureId) {
      const diff = seatsAfter - seatsBefore;
      if (diff > 0) await takeSeatsOrRefuse(tx, cur.departureId, diff);
      if (diff < 0) await departures.releaseSeats(tx, cur.departureId, -diff);
    } else {
      const moves = [
        {
          id: cur.departureId,
          run: () => (seatsBefore > 0 ? departures.releaseSeats(tx, cur.departureId, seatsBefore) : undefined),
        },
        { id: newDepartureId, run: () => takeSeatsOrRefuse(tx, newDepartureId, seatsAfter) },
      ].sort(departureOrder);
      for (const m of moves) await m.run();
    }
  });
  return readBooking(db, id);
}
