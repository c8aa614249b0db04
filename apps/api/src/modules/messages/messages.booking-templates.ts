/**
 * What customers read (issues 14 and 15): the e-mail of each booking message and the WhatsApp
 * texts, built from the booking as its customer sees it (the public booking view: never internal
 * notes, its product's texts in the message's language) and the facts of the cause stored with the
 * message (`payload`), in the message's language: the words from messages/i18n (one module per
 * language), dates, times, money and passengers formatted there with `Intl` in the operator's zone.
 */
import {
  DEFAULT_LOCALE,
  netPaidCents,
  type TDepartureCancelReason,
  type TMessageKind,
  type TPublicBooking,
  type TPublicLocale,
  type TWhatsappKind,
} from '@trayecto/shared';
import { type MessageFormat, messageFormat } from './i18n';
import type { EmailBlock, EmailLayout } from './messages.templates';

/** The facts of a booking message's cause, stored with it and read when it is rendered. */
export type BookingMessagePayload = {
  /** Who cancelled: the office or the customer. */
  by?: 'staff' | 'customer';
  reason?: string;
  /** booking_changed: the fields that changed, `[before, after]` as the API names them. */
  changes?: Record<string, [unknown, unknown]>;
  /** payment_received / payment_refunded. */
  amount_cents?: number;
  method?: string;
  /** departure_cancelled. */
  departure_reason?: TDepartureCancelReason;
  next_steps?: string;
  /** booking_reminder: the departure date it is for. */
  date?: string;
  /** payment_link (ADR 022): until when the link may be paid (ISO instant); `amount_cents` its amount. */
  expires_at?: string;
};

/** Absolute links of one booking (in the message's language: `?lang=`). */
export type BookingLinks = { voucher: string; booking: string };

/** The formats of a message about `b` in `locale`: the operator's zone. */
export const formatFor = (b: Pick<TPublicBooking, 'tour_operator'>, locale: TPublicLocale) =>
  messageFormat(locale, b.tour_operator.timezone);

/** "2 adultos, 1 niño" */
export function paxText(source: Parameters<MessageFormat['pax']>[0], locale: TPublicLocale = DEFAULT_LOCALE) {
  return messageFormat(locale, 'UTC').pax(source);
}

const whenText = (f: MessageFormat, b: Pick<TPublicBooking, 'date' | 'time'>) => f.when(b.date, b.time);

export type PickupText = { kind: 'pickup' | 'meeting_point'; label: string; value: string };

/** Where and when the customer is collected, or where they meet; null when neither is known. */
export function pickupText(b: TPublicBooking, f: MessageFormat): PickupText | null {
  const { t } = f;
  if (b.accommodation) {
    const at = b.pickup_at ?? b.accommodation;
    const point = at.pickup_point ? ` (${at.pickup_point})` : '';
    const base = b.pickup_at
      ? f.fill(t.pickup.otherPlace, { place: `${b.pickup_at.name}${point}`, hotel: b.accommodation.name })
      : `${at.name}${point}`;
    const place = b.room ? `${base} · ${f.fill(t.pickup.room, { room: b.room })}` : base;
    return {
      kind: 'pickup',
      label: t.labels.pickup,
      value: b.pickup_time
        ? f.fill(t.pickup.withTime, { time: b.pickup_time, place })
        : f.fill(t.pickup.timeToConfirm, { place }),
    };
  }
  if (b.product.meeting_point) {
    return {
      kind: 'meeting_point',
      label: t.labels.meetingPoint,
      value: f.fill(t.pickup.meetingPoint, { place: b.product.meeting_point, time: b.pickup_time ?? b.time }),
    };
  }
  return null;
}

/** The booking's details as rows: what the voucher says, in a message. */
function detailRows(b: TPublicBooking, f: MessageFormat): [string, string][] {
  const { labels } = f.t;
  const rows: [string, string][] = [
    [labels.locator, b.locator],
    [labels.product, b.product.name],
    [labels.date, whenText(f, b)],
    [labels.pax, f.pax(b.lines) || `${b.pax_total}`],
  ];
  const duration = f.duration(b.product.duration_minutes);
  if (duration) rows.push([labels.duration, duration]);
  const pickup = pickupText(b, f);
  if (pickup) rows.push([pickup.label, pickup.value]);
  rows.push([labels.total, f.money(b.total_cents, b.currency)]);
  if (netPaidCents(b) > 0) rows.push([labels.paid, f.money(netPaidCents(b), b.currency)]);
  if (b.pending_cents > 0) rows.push([labels.pending, f.money(b.pending_cents, b.currency)]);
  return rows;
}

/** The short form: which booking, of what, when. */
const summaryRows = (b: TPublicBooking, f: MessageFormat): [string, string][] => [
  [f.t.labels.locator, b.locator],
  [f.t.labels.product, b.product.name],
  [f.t.labels.date, whenText(f, b)],
];

function contactNote(b: TPublicBooking, f: MessageFormat): EmailBlock {
  const { phone, email } = b.tour_operator;
  const { contact } = f.t;
  const text =
    phone && email
      ? f.fill(contact.phoneAndEmail, { phone, email })
      : phone
        ? f.fill(contact.phone, { phone })
        : email
          ? f.fill(contact.email, { email })
          : contact.reply;
  return { type: 'note', text };
}

function cancellationNote(b: TPublicBooking, f: MessageFormat): EmailBlock | null {
  if (!b.free_cancellation_until || b.state === 'cancelled') return null;
  return { type: 'note', text: f.fill(f.t.freeCancellation, { when: f.instant(b.free_cancellation_until) }) };
}

/** What the customer should bring and, collected at a hotel, the product's pickup notes. */
function preparationBlocks(b: TPublicBooking, f: MessageFormat): EmailBlock[] {
  const blocks: EmailBlock[] = [];
  // Optional chaining: views written before the product texts of issue 15 lack them.
  const bring = (b.product.what_to_bring ?? []).map((s) => s.trim()).filter(Boolean);
  if (bring.length) blocks.push({ type: 'paragraph', text: f.fill(f.t.whatToBring, { items: f.list(bring) }) });
  const notes = (b.product.pickup_notes ?? '').trim();
  if (b.accommodation && notes) blocks.push({ type: 'note', text: f.fill(f.t.pickupNotes, { notes }) });
  return blocks;
}

const greeting = (b: TPublicBooking, f: MessageFormat): EmailBlock => ({
  type: 'paragraph',
  text: b.customer_name.trim() ? f.fill(f.t.greeting, { name: b.customer_name.trim() }) : f.t.greetingNoName,
});

/** Subjects: the locator and the day, so a customer with several bookings tells them apart. */
export function bookingSubject(
  kind: TMessageKind,
  b: { locator: string; date: string; productName: string },
  locale: TPublicLocale = DEFAULT_LOCALE,
): string {
  const f = messageFormat(locale, 'UTC');
  const tail = f.fill(f.t.subjectTail, { product: b.productName, day: f.day(b.date), locator: b.locator });
  const template = f.t.subjects[kind as keyof MessageFormat['t']['subjects']];
  return template ? f.fill(template, { tail }) : tail;
}

/** A changed field as a details row, or null for fields the message tells otherwise. */
function changeRow(
  field: string,
  [before, after]: [unknown, unknown],
  b: TPublicBooking,
  f: MessageFormat,
): [string, string] | null {
  const { labels } = f.t;
  const str = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
  const arrow = (x: string, y: string) => `${x} → ${y}`;
  switch (field) {
    case 'date':
      return [labels.date, arrow(f.day(str(before)), f.day(str(after)))];
    case 'time':
      return [labels.departureTime, arrow(str(before), str(after))];
    case 'pax':
      return [
        labels.pax,
        arrow(f.pax(before as Record<string, number>) || '—', f.pax(after as Record<string, number>) || '—'),
      ];
    case 'pickup_time':
      return [labels.pickupTime, arrow(str(before), str(after))];
    case 'product_id':
      return [labels.product, b.product.name];
    case 'accommodation_id':
      return [labels.pickupPlace, b.accommodation?.name ?? f.t.pickup.none];
    case 'room':
      return [labels.room, arrow(str(before), str(after))];
    case 'total_cents':
      return [labels.total, arrow(f.money(Number(before) || 0, b.currency), f.money(Number(after) || 0, b.currency))];
    default:
      return null;
  }
}

/** The fields whose change the customer is told about (booking_changed is queued only for these). */
export const CUSTOMER_VISIBLE_CHANGES = [
  'product_id',
  'date',
  'time',
  'pax',
  'accommodation_id',
  'room',
  'pickup_time',
] as const;

const methodName = (f: MessageFormat, m: string | undefined) =>
  (m && f.t.paymentMethods[m as keyof MessageFormat['t']['paymentMethods']]) || m || '';

/** The e-mail of a booking message, in `locale`. */
export function bookingEmail(
  kind: TMessageKind,
  b: TPublicBooking,
  p: BookingMessagePayload,
  links: BookingLinks,
  locale: TPublicLocale = DEFAULT_LOCALE,
): EmailLayout {
  const f = formatFor(b, locale);
  const { t } = f;
  const brand = b.tour_operator.name;
  const product = b.product.name;
  const when = whenText(f, b);
  const subject = bookingSubject(kind, { locator: b.locator, date: b.date, productName: product }, locale);
  const details: EmailBlock = { type: 'details', rows: detailRows(b, f) };
  const voucher: EmailBlock = { type: 'button', label: t.buttons.voucher, href: links.voucher };
  const manage: EmailBlock = { type: 'button', label: t.buttons.manage, href: links.booking };
  const blocks: EmailBlock[] = [greeting(b, f)];
  let preview = `${product}, ${when}.`;
  const pickup = pickupText(b, f);
  const amount = f.money(p.amount_cents ?? 0, b.currency);
  const method = p.method ? methodName(f, p.method) : '';
  switch (kind) {
    case 'booking_confirmed': {
      blocks.push(
        { type: 'paragraph', text: f.fill(t.confirmed.intro, { product, brand }) },
        details,
        voucher,
        {
          type: 'paragraph',
          text: !pickup
            ? t.confirmed.next
            : pickup.kind === 'pickup'
              ? t.confirmed.nextPickup
              : t.confirmed.nextMeetingPoint,
        },
        ...preparationBlocks(b, f),
      );
      const note = cancellationNote(b, f);
      if (note) blocks.push(note);
      blocks.push(manage);
      preview = f.fill(t.confirmed.preview, { product, when });
      break;
    }
    case 'booking_requested':
      blocks.push({ type: 'paragraph', text: f.fill(t.requested.intro, { product, brand }) }, details, manage);
      break;
    case 'booking_prepared':
      blocks.push({ type: 'paragraph', text: f.fill(t.prepared.intro, { brand }) }, details, {
        type: 'button',
        label: t.buttons.review,
        href: links.booking,
      });
      preview = f.fill(t.prepared.preview, { product });
      break;
    case 'booking_changed': {
      const rows = Object.entries(p.changes ?? {})
        .map(([field, v]) => changeRow(field, v, b, f))
        .filter((r): r is [string, string] => !!r);
      blocks.push({ type: 'paragraph', text: t.changed.intro });
      if (rows.length) blocks.push({ type: 'details', rows });
      blocks.push({ type: 'heading', text: t.changed.heading }, details, voucher, {
        type: 'note',
        text: t.changed.note,
      });
      if (rows[0]) preview = f.labelValue(rows[0][0], rows[0][1]);
      break;
    }
    case 'booking_cancelled': {
      const intro = p.by === 'customer' ? t.cancelled.byCustomer : t.cancelled.byOperator;
      blocks.push({ type: 'paragraph', text: f.fill(intro, { brand, product, when }) });
      if (p.by !== 'customer' && p.reason) {
        blocks.push({ type: 'paragraph', text: f.fill(t.cancelled.reason, { reason: p.reason }) });
      }
      blocks.push(refundBlock(b, f), { type: 'details', rows: summaryRows(b, f) });
      preview = f.fill(t.cancelled.preview, { product, when });
      break;
    }
    case 'payment_received':
      blocks.push(
        {
          type: 'paragraph',
          text: method
            ? f.fill(t.payment.receivedWithMethod, { amount, method })
            : f.fill(t.payment.received, { amount }),
        },
        details,
        voucher,
      );
      preview = f.fill(t.payment.receivedPreview, { amount });
      break;
    case 'payment_refunded':
      blocks.push(
        {
          type: 'paragraph',
          text: method
            ? f.fill(t.payment.refundedWithMethod, { amount, method })
            : f.fill(t.payment.refunded, { amount }),
        },
        {
          type: 'details',
          rows: [...summaryRows(b, f), [t.labels.paidNet, f.money(netPaidCents(b), b.currency)]],
        },
      );
      preview = f.fill(t.payment.refundedPreview, { amount });
      break;
    case 'payment_link': {
      // ADR 022: the office's link to pay online what is due; the booking's page shows it and pays it.
      const until = p.expires_at ? f.instant(p.expires_at) : '';
      blocks.push(
        { type: 'paragraph', text: f.fill(t.payment.linkIntro, { amount, until }) },
        { type: 'button', label: f.fill(t.payment.linkButton, { amount }), href: links.booking },
        details,
      );
      preview = f.fill(t.payment.linkPreview, { amount, until });
      break;
    }
    case 'booking_reminder':
      blocks.push(
        { type: 'paragraph', text: f.fill(t.reminder.intro, { product }) },
        details,
        {
          type: 'paragraph',
          text: !pickup
            ? t.reminder.plain
            : f.fill(pickup.kind === 'pickup' ? t.reminder.pickup : t.reminder.meetingPoint, { value: pickup.value }),
        },
        ...preparationBlocks(b, f),
        voucher,
      );
      preview = pickup ? `${f.labelValue(pickup.label, pickup.value)}.` : `${product}, ${when}.`;
      break;
    case 'departure_cancelled': {
      const reason = p.departure_reason ? (t.departureReasons[p.departure_reason] ?? '') : '';
      blocks.push(
        {
          type: 'paragraph',
          text: reason
            ? f.fill(t.departureCancelled.introWithReason, { brand, product, when, reason, locator: b.locator })
            : f.fill(t.departureCancelled.intro, { brand, product, when, locator: b.locator }),
        },
        { type: 'heading', text: t.departureCancelled.heading },
        // The operator's own words ("what happens next"), as staff wrote them.
        { type: 'paragraph', text: p.next_steps ?? '' },
        refundBlock(b, f),
      );
      preview = f.fill(t.departureCancelled.preview, { when });
      break;
    }
    default:
      blocks.push(details);
  }
  blocks.push(contactNote(b, f));
  return {
    brand,
    subject,
    preview,
    blocks,
    color: b.tour_operator.brand_color,
    lang: f.tag,
    chrome: { buttonFallback: t.layout.buttonFallback, footer: t.layout.footer, labelValue: t.labelValue },
  };
}

function refundBlock(b: TPublicBooking, f: MessageFormat): EmailBlock {
  const kept = netPaidCents(b);
  if (kept <= 0) return { type: 'paragraph', text: f.t.refund.nothingPaid };
  return { type: 'paragraph', text: f.fill(f.t.refund.paid, { amount: f.money(kept, b.currency) }) };
}

/** The WhatsApp text staff send with one tap (click-to-chat): short, the links, the pickup. */
/** The WhatsApp text of a payment link (ADR 022): the amount, until when, and the booking's page. */
export function paymentLinkWhatsappText(
  b: TPublicBooking,
  links: BookingLinks,
  link: { amountCents: number; expiresAt: Date },
  locale: TPublicLocale = DEFAULT_LOCALE,
): string {
  const f = formatFor(b, locale);
  const w = f.t.whatsapp;
  const first = b.customer_name.trim().split(/\s+/)[0];
  return f.fill(w.payment_link, {
    hello: first ? f.fill(w.hello, { name: first }) : w.helloNoName,
    brand: b.tour_operator.name,
    product: b.product.name,
    when: whenText(f, b),
    locator: b.locator,
    amount: f.money(link.amountCents, b.currency),
    until: f.instant(link.expiresAt),
    link: links.booking,
  });
}

export function whatsappText(
  kind: TWhatsappKind,
  b: TPublicBooking,
  links: BookingLinks,
  locale: TPublicLocale = DEFAULT_LOCALE,
): string {
  const f = formatFor(b, locale);
  const w = f.t.whatsapp;
  const first = b.customer_name.trim().split(/\s+/)[0];
  const pickup = pickupText(b, f);
  const vars = {
    hello: first ? f.fill(w.hello, { name: first }) : w.helloNoName,
    brand: b.tour_operator.name,
    product: b.product.name,
    when: whenText(f, b),
    locator: b.locator,
    where: pickup ? `\n${f.labelValue(pickup.label, pickup.value)}.` : '',
    amount: f.money(netPaidCents(b), b.currency),
  };
  switch (kind) {
    case 'booking_prepared':
      return f.fill(w.booking_prepared, { ...vars, link: links.booking });
    case 'booking_cancelled':
      return f.fill(netPaidCents(b) > 0 ? w.booking_cancelled_paid : w.booking_cancelled, vars);
    case 'booking_reminder':
      return f.fill(w.booking_reminder, { ...vars, link: links.voucher });
    default:
      return f.fill(w.booking_confirmed, { ...vars, link: links.voucher });
  }
}
