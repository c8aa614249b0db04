/**
 * The calendar entry (.ics, RFC 5545) sent with a booking's confirmation (issue 14): the departure
 * (or the pickup, when earlier) to its end, where to be, and the voucher link, in the message's
 * language (issue 15). Written by `ical-generator`; times in UTC, so every calendar places them in
 * its own zone.
 */

import { DEFAULT_LOCALE, type TPublicBooking, type TPublicLocale } from '@trayecto/shared';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { type BookingLinks, formatFor, pickupText } from './messages.booking-templates';
import type { EmailAttachment } from './messages.templates';

/** Minutes before the departure a pickup at `pickup` (HH:mm) happens, 0 when none or later. */
function pickupLeadMinutes(time: string, pickup: string | null): number {
  if (!pickup) return 0;
  const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const lead = toMin(time) - toMin(pickup);
  // A pickup "after" the departure is one the evening before midnight: not a lead.
  return lead > 0 && lead < 12 * 60 ? lead : 0;
}

export function bookingCalendar(
  b: TPublicBooking,
  links: BookingLinks,
  locale: TPublicLocale = DEFAULT_LOCALE,
): EmailAttachment {
  const f = formatFor(b, locale);
  const { calendar } = f.t;
  const departure = new Date(b.starts_at);
  const lead = b.accommodation ? pickupLeadMinutes(b.time, b.pickup_time) : 0;
  const start = new Date(departure.getTime() - lead * 60_000);
  const end = new Date(departure.getTime() + Math.max(30, b.product.duration_minutes || 0) * 60_000);
  const pickup = pickupText(b, f);
  const cal = ical({
    prodId: { company: 'Trayecto', product: 'Reservas', language: locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    name: b.tour_operator.name,
  });
  cal.createEvent({
    // One booking, one event: a calendar that imports the entry again updates it instead of adding another.
    id: `${b.id}@trayecto`,
    start,
    end,
    summary: `${b.product.name} (${b.locator})`,
    location: pickup?.value ?? b.product.meeting_point ?? '',
    description: [
      f.labelValue(calendar.locator, b.locator),
      pickup ? f.labelValue(pickup.label, pickup.value) : '',
      f.labelValue(calendar.voucher, links.voucher),
      b.tour_operator.phone ? f.labelValue(calendar.contact, b.tour_operator.phone) : '',
    ]
      .filter(Boolean)
      .join('\n'),
    url: links.voucher,
  });
  return {
    filename: f.fill(calendar.fileName, { locator: b.locator }),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: cal.toString(),
  };
}
