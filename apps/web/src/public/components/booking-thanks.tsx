import type { TPublicBooking } from '@trayecto/shared';
import { t } from '../i18n';
import { formatDateLong, formatInstant } from '../lib/format';
import { pickupSummary } from './booking-bits';
import { fill } from './fill';
import { IconCheck, IconClock } from './icons';
import './booking-thanks.css';

/** "Lucía Pérez" → "Lucía" (the thanks speak to the person). */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** Where and when the customer must be: the pickup, the meeting point, or what the operator will say. */
export function whereAndWhen(b: TPublicBooking): string {
  const day = formatDateLong(b.date);
  const pickup = pickupSummary(b);
  const op = b.tour_operator.name;
  const tx = t().voucher.thanks;
  if (pickup && !pickup.isMeetingPoint) {
    if (pickup.time)
      return b.room
        ? tx.pickupAtRoom(day, pickup.time, pickup.place, b.room)
        : tx.pickupAt(day, pickup.time, pickup.place);
    return b.room ? tx.pickupNoTimeRoom(day, pickup.place, b.room, op) : tx.pickupNoTime(day, pickup.place, op);
  }
  if (pickup) return tx.meetingPoint(day, pickup.place, b.time);
  return tx.noPlace(day, b.time, op);
}

/**
 * The thanks a customer reads right after booking on the public form (issue 12): whether the
 * booking is confirmed or waits for the operator, where and when to be, that this page is the
 * voucher to keep, and until when it can be cancelled for free. Not printed.
 */
export function BookingThanks({ booking: b }: { booking: TPublicBooking }) {
  const tx = t().voucher.thanks;
  const thanks = tx.hello(firstName(b.customer_name));
  const op = b.tour_operator.name;
  const pending = b.state === 'pending';
  const cancelUntil =
    b.can_cancel && b.free_cancellation_until
      ? formatInstant(b.free_cancellation_until, b.tour_operator.timezone)
      : null;
  return (
    <section
      className={`bt-thanks ${pending ? 'is-pending' : 'is-confirmed'}`}
      role="status"
      aria-labelledby="bt-title"
      data-testid="booking-thanks"
    >
      <span className="bt-icon" aria-hidden="true">
        {pending ? <IconClock size={26} /> : <IconCheck size={26} />}
      </span>
      <div className="bt-body">
        <h2 id="bt-title" className="bt-title">
          {`${thanks} ${pending ? tx.received : tx.confirmed}`}
        </h2>
        {pending && <p className="bt-lead">{tx.pendingLead(op, t().voucher.viewBooking)}</p>}
        <h3 className="bt-next">{tx.next}</h3>
        <ul className="bt-steps">
          <li data-testid="thanks-where">{whereAndWhen(b)}</li>
          <li>{fill(tx.keepVoucher, { locator: <strong>{b.locator}</strong> })}</li>
          {cancelUntil && <li data-testid="thanks-cancel">{tx.cancelFree(cancelUntil, t().voucher.viewBooking)}</li>}
          {b.tour_operator.phone && (
            <li>
              {fill(tx.questions(op), {
                phone: <a href={`tel:${b.tour_operator.phone.replace(/\s+/g, '')}`}>{b.tour_operator.phone}</a>,
              })}
            </li>
          )}
        </ul>
      </div>
    </section>
  );
}
