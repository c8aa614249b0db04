/**
 * Bookings a channel makes through the OCTO API (issue 33, ADR 023), on the one sales path and the
 * one writer: a reserve is a sale `pending` holding its seats until the hold's end (the same job as
 * a payment hold ends it), idempotent by the reseller's OCTO uuid; confirm, extend, update and
 * cancel lock the booking by (channel, uuid) — a channel never reaches another's bookings — and
 * write through `writeBookingChange`/`cancelLockedBooking` with the channel as the actor.
 * The OCTO module maps what these answer and throw to the specification's objects and errors.
 */
import { LANGUAGES, type TAnswerInput, type TLanguage, type TPaxType } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { type ChangeActor, channelActor, type RequestOrigin } from '../../lib/actors';
import { AppError, notFound, validation } from '../../lib/app-error';
import { isConstraintViolation } from '../../lib/db-errors';
import { cancelJob } from '../../lib/jobs/queue';
import type { ProductRow } from '../products/products.mapper';
import { editedAnswers } from './booking-answers';
import { queueConfirmedMessage } from './booking-messages';
import type { SaleContext, SaleReadExtra } from './booking-references.repository';
import * as refs from './booking-references.repository';
import { writeBookingChange } from './booking-writer';
import { cancelLockedBooking } from './bookings.cancel';
import type { BookingRow } from './bookings.mapper';
import { expireHold, holdJobKey, scheduleHoldExpiry } from './bookings.online';
import * as repo from './bookings.repository';
import { sell } from './bookings.sale';
import type { BookingInsert } from './bookings.write-statements';

export type ChannelSeller = {
  id: string;
  name: string;
  tourOperatorId: string;
  allotment: number | null;
  commissionPct: number | null;
};
export type ChannelContact = { name?: string; email?: string; phone?: string; country?: string; language?: string };
export type ChannelReserveInput = {
  channel: ChannelSeller;
  origin: RequestOrigin;
  octoUuid: string;
  productId: string;
  /** The departure's local date and start (YYYY-MM-DD, HH:MM). */
  date: string;
  time: string;
  pax: Partial<Record<TPaxType, number>>;
  /** How long the seats are held before the channel confirms (the caller clamps it, ADR 023). */
  holdMinutes: number;
  resellerReference?: string | null;
  notes?: string;
  contact?: ChannelContact;
  accommodationId?: string | null;
  /** Answers to the product's questions (ADR 024): a reserve may leave required ones for the confirm. */
  answers?: TAnswerInput[];
  now: Date;
  /**
   * ADR 043: what the channel's API reads with the sale (its rates, whether it may sell the product),
   * checks once it has read (the units, the departure as the channel sees it; the answers, from the
   * product's questions) and checks that needs the database (a pickup point among the product's).
   */
  readAlso?: SaleReadExtra;
  check?: (ctx: SaleContext) => { answers?: TAnswerInput[] } | undefined;
  verify?: (db: DbOrTx, ctx: SaleContext) => Promise<void>;
};

const BOOKING = 'La reserva';
const NOTES_MAX = 2000;

const actorOf = (channel: ChannelSeller, origin: RequestOrigin): ChangeActor =>
  channelActor({ id: channel.id, name: channel.name, tourOperatorId: channel.tourOperatorId }, origin);

/** The customer's name until the channel says it (a reserve may come without a contact). */
const placeholderName = (channel: ChannelSeller) => `Cliente de ${channel.name}`.slice(0, 150);

const holdEnded = (b: BookingRow, now: Date) =>
  b.state === 'pending' && b.holdExpiresAt !== null && b.holdExpiresAt.getTime() <= now.getTime();

const holdExpired = () =>
  new AppError({ code: 'HOLD_EXPIRED', message: 'La retención de plazas de esta reserva ha terminado' });

/**
 * What the channel reads of its booking: `ON_HOLD` while holding seats, `EXPIRED` once its hold
 * ended unconfirmed — by itself, or released by a cancel while held (OCTO: a cancelled ON_HOLD
 * booking reads EXPIRED; confirming clears the hold, so it stays on a booking cancelled unconfirmed)
 * —, `CONFIRMED`, `REDEEMED` once done or a no-show, `CANCELLED`, `PENDING` for a pending one
 * without a hold (the office put it back).
 */
export function channelBookingStatus(
  b: Pick<BookingRow, 'state' | 'holdExpiresAt'>,
  now: Date,
): 'ON_HOLD' | 'CONFIRMED' | 'CANCELLED' | 'EXPIRED' | 'PENDING' | 'REDEEMED' {
  switch (b.state) {
    case 'pending':
      if (!b.holdExpiresAt) return 'PENDING';
      return b.holdExpiresAt.getTime() <= now.getTime() ? 'EXPIRED' : 'ON_HOLD';
    case 'confirmed':
      return 'CONFIRMED';
    case 'completed':
    case 'no_show':
      return 'REDEEMED';
    default:
      return b.holdExpiresAt !== null ? 'EXPIRED' : 'CANCELLED';
  }
}

/** The contact's fields as the booking keeps them (only those the channel sent). */
function contactFields(c: ChannelContact | undefined) {
  if (!c) return {};
  const out: Partial<
    Pick<BookingRow, 'customerName' | 'customerEmail' | 'customerPhone' | 'customerCountry' | 'language'>
  > = {};
  if (c.name?.trim()) out.customerName = c.name.trim().slice(0, 150);
  if (c.email !== undefined) out.customerEmail = c.email.trim().slice(0, 254);
  if (c.phone !== undefined) out.customerPhone = c.phone.trim().slice(0, 40);
  const country = c.country?.trim().toUpperCase() ?? '';
  if (/^[A-Z]{2}$/.test(country)) out.customerCountry = country;
  const language = c.language?.trim().toLowerCase() ?? '';
  if ((LANGUAGES as readonly string[]).includes(language)) out.language = language as TLanguage;
  return out;
}

/** What a channel may change of its booking: the contact, its reference, the notes, the answers. */
export type ChannelEdit = {
  contact?: ChannelContact;
  resellerReference?: string | null;
  notes?: string;
  /** The booking's answers as they must be after the change (the OCTO module merges what it sent). */
  answers?: TAnswerInput[];
  /** The booking's product as the caller already read it (its questions, its name); else read here. */
  product?: Pick<ProductRow, 'id' | 'name' | 'questions'>;
};

/** The columns a channel's edit sets: only what it sent, answers only when they change. */
async function editedFields(tx: DbOrTx, b: BookingRow, c: ChannelEdit, requireAnswers: boolean) {
  const set: Partial<BookingInsert> = {
    ...contactFields(c.contact),
    ...(c.resellerReference !== undefined ? { resellerReference: c.resellerReference?.trim() || null } : {}),
    ...(c.notes !== undefined ? { notes: c.notes.slice(0, NOTES_MAX) } : {}),
  };
  if (c.answers !== undefined || requireAnswers) {
    const product = c.product?.id === b.productId ? c.product : await refs.findProductRow(tx, b.productId);
    const answers = editedAnswers(product ?? { questions: [] }, b.answers, c.answers, {
      paxTotal: b.paxTotal,
      requireAll: requireAnswers,
    });
    if (JSON.stringify(answers) !== JSON.stringify(b.answers)) set.answers = answers;
  }
  return set;
}

/**
 * An OCTO reserve (ADR 023): the channel's sale, `pending` with its seats held until
 * `now + holdMinutes`, on the one sales path (prices, cut-off, the conditional seat UPDATE, the
 * channel's allotment). Idempotent by (channel, uuid): the same uuid again answers the booking it
 * made (`replayed`), even when two reserves race.
 */
export async function reserveForChannel(
  db: DbOrTx,
  r: ChannelReserveInput,
): Promise<{ booking: BookingRow; replayed: boolean }> {
  // The uuid is not looked up first (the OCTO module has just done so, ADR 035): a uuid already
  // booked fails the insert on its unique key, nothing is written, and that booking is answered.
  try {
    const contact = contactFields(r.contact);
    // No transaction here (ADR 042): sell() writes a reserve of a departure that has its row, with its
    // hold's job, in one statement, and opens a transaction when it needs one (a departure's first
    // sale; a channel's allotment, counted under the departure's lock).
    const sold = await sell(db, {
      productId: r.productId,
      // The channel's operator's products; one not on sale is not found either.
      operatorId: r.channel.tourOperatorId,
      missing: () => notFound('El producto'),
      accept: (ctx) => {
        if (ctx.product.state !== 'active') throw notFound('El producto');
        return r.check?.(ctx);
      },
      readAlso: r.readAlso,
      verify: r.verify,
      body: {
        product_id: r.productId,
        date: r.date,
        time: r.time,
        pax: r.pax,
        customer_name: contact.customerName ?? placeholderName(r.channel),
        customer_email: contact.customerEmail ?? '',
        customer_phone: contact.customerPhone ?? '',
        customer_country: contact.customerCountry ?? '',
        language: contact.language ?? 'es',
        accommodation_id: r.accommodationId ?? null,
        notes: (r.notes ?? '').slice(0, NOTES_MAX),
        answers: r.answers,
      },
      channel: 'channel',
      sellerId: null,
      actor: actorOf(r.channel, r.origin),
      state: 'pending',
      cutoffOverrideLevel: null,
      now: r.now,
      channelSale: {
        channelId: r.channel.id,
        resellerReference: r.resellerReference?.trim() || null,
        octoUuid: r.octoUuid,
        holdUntil: new Date(r.now.getTime() + r.holdMinutes * 60_000),
        allotment: r.channel.allotment,
        commissionPct: r.channel.commissionPct,
      },
    });
    // As written (ADR 035): the booking is not read back after COMMIT.
    return { booking: sold.booking, replayed: false };
  } catch (err) {
    // Two reserves with one uuid raced: the other made it; answer that one.
    if (isConstraintViolation(err, '23505', 'bookings_channel_octo_uuid_key')) {
      const made = await repo.findChannelBookingRow(db, r.channel.id, r.octoUuid);
      if (made) return { booking: made, replayed: true };
    }
    throw err;
  }
}

export function findChannelBooking(db: DbOrTx, channelId: string, octoUuid: string) {
  return repo.findChannelBookingRow(db, channelId, octoUuid);
}

/**
 * A channel's bookings by its reference, our locator (`supplierReference`) or their local dates
 * (one day, or a range), at most `limit` (default 100), by date.
 */
export function listChannelBookings(
  db: DbOrTx,
  channelId: string,
  f: {
    resellerReference?: string;
    supplierReference?: string;
    localDate?: string;
    localDateStart?: string;
    localDateEnd?: string;
  },
  limit = 100,
) {
  return repo.listChannelBookingRows(
    db,
    channelId,
    {
      resellerReference: f.resellerReference,
      locator: f.supplierReference,
      dateFrom: f.localDate ?? f.localDateStart,
      dateTo: f.localDate ?? f.localDateEnd,
    },
    Math.max(1, Math.min(limit, 500)),
  );
}

/** Locks the channel's booking by its uuid in the caller's transaction; 404 when it has none. */
async function lockOwn(tx: DbOrTx, channel: ChannelSeller, octoUuid: string) {
  const b = await repo.findChannelBookingRow(tx, channel.id, octoUuid, true);
  if (!b) throw notFound(BOOKING);
  return b;
}

/** Ends a hold found ended (the job has not run yet), as the job would, then refuses. */
async function refuseEnded(db: DbOrTx, b: BookingRow, now: Date): Promise<never> {
  await expireHold(db, b.id, now);
  throw holdExpired();
}

/**
 * OCTO confirm: the held booking becomes `confirmed`, its hold and its job end, the contact, the
 * reseller's reference and notes are kept; the customer gets the confirmation e-mail only when the
 * channel asks (`emailReceipt`) and gave an address. Confirming a confirmed booking updates its
 * contact and answers it (a retry). 409 HOLD_EXPIRED once its hold ended; STATE_CONFLICT when
 * cancelled.
 */
export async function confirmChannelBooking(
  db: DbOrTx,
  channel: ChannelSeller,
  origin: RequestOrigin,
  octoUuid: string,
  c: ChannelEdit & { emailReceipt?: boolean },
  now: Date,
): Promise<BookingRow> {
  const done = await inTransaction(db, async (tx) => {
    const b = await lockOwn(tx, channel, octoUuid);
    if (holdEnded(b, now)) return { ended: b, row: b };
    if (b.state === 'cancelled') {
      if (channelBookingStatus(b, now) === 'EXPIRED') throw holdExpired();
      throw new AppError({ code: 'STATE_CONFLICT', message: 'La reserva está cancelada' });
    }
    const confirming = b.state === 'pending';
    // Every required question answered by the confirmation at the latest (ADR 024).
    const set = await editedFields(tx, b, c, true);
    // OCTO asks the customer's name at confirm at the latest (the option's requiredContactFields).
    if (confirming && (set.customerName ?? b.customerName) === placeholderName(channel)) {
      const m = 'Falta el nombre del cliente para confirmar la reserva';
      throw validation({ 'contact.fullName': [m] }, m);
    }
    // A retry of a confirmed booking with nothing new writes nothing.
    if (!confirming && Object.keys(set).length === 0) return { ended: null, row: b };
    const next = await writeBookingChange(tx, b, {
      actor: actorOf(channel, origin),
      now,
      set: confirming ? { ...set, state: 'confirmed', confirmedAt: now, holdExpiresAt: null } : set,
      events: confirming ? [{ type: 'state_changed', data: { from: 'pending', to: 'confirmed' } }] : [],
      audit: confirming ? { action: 'state', changes: { state: ['pending', 'confirmed'] } } : undefined,
    });
    if (confirming && b.holdExpiresAt) await cancelJob(tx, holdJobKey(b.id, b.holdExpiresAt));
    if (confirming && c.emailReceipt && next.customerEmail) {
      const product = c.product?.id === next.productId ? c.product : await refs.findProductRow(tx, next.productId);
      await queueConfirmedMessage(tx, next, product?.name ?? '');
    }
    return { ended: null, row: next };
  });
  if (done.ended) return refuseEnded(db, done.ended, now);
  // The row as the transaction left it (ADR 035): nothing changes it after the writer.
  return done.row;
}

/**
 * OCTO extend: a held booking's hold ends `minutes` from now instead (a new job; the old one finds
 * the hold moved and does nothing). 409 HOLD_EXPIRED once it ended; STATE_CONFLICT when it is not
 * held (confirmed, cancelled).
 */
export async function extendChannelHold(
  db: DbOrTx,
  channel: ChannelSeller,
  origin: RequestOrigin,
  octoUuid: string,
  minutes: number,
  now: Date,
): Promise<BookingRow> {
  const ended = await inTransaction(db, async (tx) => {
    const b = await lockOwn(tx, channel, octoUuid);
    if (holdEnded(b, now)) return b;
    if (channelBookingStatus(b, now) === 'EXPIRED') throw holdExpired();
    if (b.state !== 'pending' || !b.holdExpiresAt) {
      throw new AppError({ code: 'STATE_CONFLICT', message: 'Solo se amplía la retención de una reserva retenida' });
    }
    const until = new Date(now.getTime() + minutes * 60_000);
    await writeBookingChange(tx, b, {
      actor: actorOf(channel, origin),
      now,
      set: { holdExpiresAt: until },
      events: [{ type: 'updated', data: { changes: { hold_expires_at: { from: b.holdExpiresAt, to: until } } } }],
    });
    await cancelJob(tx, holdJobKey(b.id, b.holdExpiresAt));
    await scheduleHoldExpiry(tx, b.id, until);
    return null;
  });
  if (ended) await refuseEnded(db, ended, now);
  return readOwn(db, channel, octoUuid);
}

/**
 * OCTO update (contact, reference, notes): what the channel sends replaces what the booking has.
 * STATE_CONFLICT on a cancelled booking.
 */
export async function updateChannelBooking(
  db: DbOrTx,
  channel: ChannelSeller,
  origin: RequestOrigin,
  octoUuid: string,
  c: ChannelEdit,
  now: Date,
): Promise<BookingRow> {
  await inTransaction(db, async (tx) => {
    const b = await lockOwn(tx, channel, octoUuid);
    if (b.state === 'cancelled') throw new AppError({ code: 'STATE_CONFLICT', message: 'La reserva está cancelada' });
    // A held booking may still leave required questions for its confirmation; answers sent to a
    // confirmed one must answer them all.
    const set = await editedFields(tx, b, c, c.answers !== undefined && b.state !== 'pending');
    if (Object.keys(set).length === 0) return;
    await writeBookingChange(tx, b, { actor: actorOf(channel, origin), now, set, events: [] });
  });
  return readOwn(db, channel, octoUuid);
}

/**
 * OCTO cancel: through the one cancel path with the channel as the actor (its seats go back); the
 * customer is told only if the booking had been confirmed with an address. Cancelling a cancelled
 * booking answers it again (a retry).
 */
export async function cancelChannelBooking(
  db: DbOrTx,
  channel: ChannelSeller,
  origin: RequestOrigin,
  octoUuid: string,
  reason: string,
  now: Date,
): Promise<BookingRow> {
  await inTransaction(db, async (tx) => {
    const b = await lockOwn(tx, channel, octoUuid);
    if (b.state === 'cancelled') return;
    await cancelLockedBooking(tx, b, {
      reason: (reason.trim() || `Cancelada por ${channel.name}`).slice(0, 500),
      actor: actorOf(channel, origin),
      now,
      notify: { by: 'staff' },
      silent: b.state === 'pending' || !b.customerEmail,
    });
  });
  return readOwn(db, channel, octoUuid);
}

async function readOwn(db: DbOrTx, channel: ChannelSeller, octoUuid: string): Promise<BookingRow> {
  const b = await repo.findChannelBookingRow(db, channel.id, octoUuid);
  if (!b) throw notFound(BOOKING);
  return b;
}
