/**
 * The operator cancels a whole departure (bad weather, too few people: issue 14): in one
 * transaction the departure closes for sale and every booking still on it is cancelled through the
 * one cancel path, each customer told at once (`departure_cancelled`, with what happens next).
 */
import {
  DEPARTURE_CANCEL_REASON_NAMES,
  type TDepartureCancelRequest,
  type TDepartureCancelResponse,
  zonedDateTimeToInstant,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { staffActor } from '../../lib/actors';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import * as departures from '../departures/departures.service';
import * as products from '../products/products.service';
import { cancelLockedBooking } from './bookings.cancel';
import { loadOperator } from './bookings.checks';
import * as repo from './bookings.repository';

export async function cancelDeparture(
  db: DbOrTx,
  actor: Actor,
  productId: string,
  body: TDepartureCancelRequest,
  now: Date,
): Promise<TDepartureCancelResponse> {
  return inTransaction(db, async (tx) => {
    const product = await products.lockVisibleProduct(tx, actor, productId);
    if (!product) throw notFound('El producto');
    const operator = await loadOperator(tx, product.tourOperatorId);
    if (zonedDateTimeToInstant(body.date, body.time, operator.timeZone).getTime() <= now.getTime()) {
      throw new AppError({
        code: 'STATE_CONFLICT',
        message: 'La salida ya ha empezado: marca sus reservas como realizadas o no presentadas',
      });
    }
    // A departure the product has, closed for sale from now on.
    const departure = await departures.closeDeparture(tx, product, body.date, body.time);
    const why = DEPARTURE_CANCEL_REASON_NAMES[body.reason];
    const reason = body.note ? `Salida cancelada: ${why}. ${body.note}` : `Salida cancelada: ${why}`;
    const out: TDepartureCancelResponse = {
      date: body.date,
      time: body.time,
      cancelled_bookings: 0,
      messages_queued: 0,
      without_email: [],
    };
    for (const b of await repo.lockHoldingBookings(tx, departure.id)) {
      const { messageId } = await cancelLockedBooking(tx, b, {
        reason,
        actor: staffActor(actor),
        now,
        event: { departure_cancelled: true, departure_reason: body.reason },
        notify: {
          departure: true,
          departure_reason: body.reason,
          next_steps: body.next_steps,
          productName: product.name,
        },
      });
      out.cancelled_bookings += 1;
      if (b.customerEmail) {
        if (messageId) out.messages_queued += 1;
      } else {
        out.without_email.push({
          booking_id: b.id,
          locator: b.locator,
          customer_name: b.customerName,
          customer_phone: b.customerPhone,
        });
      }
    }
    return out;
  });
}
