/**
 * The day-before reminder (issue 14): at the hour each operator sets (default 18:00 in its own
 * zone), every confirmed booking of the next day gets one reminder. The `messages.reminders`
 * background task (background.ts) looks once a minute in one process at a time, with or without
 * SMTP (without it the reminders wait in the outbox like any message); the dedupe key
 * `booking_reminder:<booking>:<date>` keeps it to one per booking and day however many processes
 * look, and a booking moved to another day gets the reminder of its new day.
 *
 * The due rule, per booking of departure day D in the operator's zone: the reminder moment
 * (D − 1 at the reminder hour) has passed, the departure has not started, and the booking existed
 * before the moment (one made later got its confirmation with the same details). Reading "due"
 * this way, not "tomorrow", a process that was down at 18:00 still sends the reminders after
 * midnight, up to the departure itself.
 */
import { DEFAULT_REMINDER_TIME } from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { MESSAGE_KIND } from './messages.rules';
import { queueBookingMessage } from './messages.service';

type DueBooking = {
  id: string;
  tour_operator_id: string;
  locator: string;
  date: string;
  customer_email: string;
  customer_name: string;
  language: string;
  default_language: string;
  product_id: string;
  product_name: string;
};

/**
 * Queues the reminders due at `now`; returns how many were written. One read finds them (the
 * operators' zones and hours applied in SQL, over the tenant/state/date index, whose range takes in
 * tomorrow only once tomorrow's moment has passed), then one insert each.
 */
export async function queueDueReminders(db: DbOrTx, now: Date, limit = 2000): Promise<number> {
  const at = now.toISOString();
  const res = await db.execute<DueBooking>(sql`
    with ops as (
      select o.id, o.timezone, o.default_language,
        coalesce(s.reminder_time, ${DEFAULT_REMINDER_TIME})::time as reminder_time,
        (${at}::timestamptz at time zone o.timezone)::date as today
      from tour_operators o
      left join message_settings s on s.tour_operator_id = o.id
      where o.state = 1
        and not (${MESSAGE_KIND.BOOKING_REMINDER} = any(coalesce(s.disabled_kinds, '{}'::text[])))
    )
    select b.id, b.tour_operator_id, b.locator, b.date::text as date, b.customer_email, b.customer_name, b.language,
      ops.default_language, b.product_id, p.name as product_name
    from ops
    join bookings b on b.tour_operator_id = ops.id and b.state = 'confirmed'
      -- Tomorrow's bookings only once tomorrow's reminder moment has passed: the same condition as
      -- below, on the index's range, so the 18 hours before it read today's bookings alone.
      and b.date between ops.today
        and ops.today + case when (ops.today + ops.reminder_time) at time zone ops.timezone <= ${at}::timestamptz then 1 else 0 end
    join products p on p.id = b.product_id
    where ((b.date - 1) + ops.reminder_time) at time zone ops.timezone <= ${at}::timestamptz
      and (b.date + b.time::time) at time zone ops.timezone > ${at}::timestamptz
      and b.created_at < ((b.date - 1) + ops.reminder_time) at time zone ops.timezone
      and not exists (
        select 1 from messages m
        where m.dedupe_key = ${`${MESSAGE_KIND.BOOKING_REMINDER}:`} || b.id::text || ':' || b.date::text
      )
    order by b.date, b.time
    limit ${limit}`);
  let queued = 0;
  for (const b of res.rows) {
    const id = await inTransaction(db, (tx) =>
      queueBookingMessage(tx, {
        kind: MESSAGE_KIND.BOOKING_REMINDER,
        booking: {
          id: b.id,
          tourOperatorId: b.tour_operator_id,
          locator: b.locator,
          date: b.date,
          customerEmail: b.customer_email,
          customerName: b.customer_name,
          language: b.language,
          operatorLanguage: b.default_language,
          productId: b.product_id,
        },
        productName: b.product_name,
        dedupeKey: `${MESSAGE_KIND.BOOKING_REMINDER}:${b.id}:${b.date}`,
        payload: { date: b.date },
      }),
    );
    if (id) queued += 1;
  }
  return queued;
}
