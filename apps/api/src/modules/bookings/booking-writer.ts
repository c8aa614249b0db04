/**
 * The one writer of a booking (issue 31, STYLE.md rule 10). Every change of a booking row and its
 * history — a staff edit, a cancellation, a payment, a check-in, the end of a tour, the customer on
 * their booking's page, and from now on a channel, a bank's notification or a job — is written here,
 * in the caller's transaction, with the booking locked by the caller:
 *
 * - the row is updated with its `version` bumped by one, in one place (`applyBookingChange`, the
 *   repository's only UPDATE of a booking, refuses a row that is not at the version read);
 * - the history gets its events, each with who acted (kind, user, name at the time: lib/actors.ts);
 * - the audit log gets its entry with the same actor;
 * - the listeners registered by the composition root hear of it (booking-listeners.ts: the OCTO
 *   module's webhooks to channels), in the same transaction.
 *
 * A new booking is written by `insertNewBooking` (version 1, its `created` event and audit entry,
 * and the sale's message to its customer when there is one: one statement).
 * What a change means for the customer (messages) and for the seats stays with the service that
 * decides it; this file only writes.
 */
import type { TAuditAction } from '@trayecto/shared';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { actorKindOf, actorUserId, type ChangeActor, labelOf } from '../../lib/actors';
import { fieldError } from '../../lib/app-error';
import { type AuditChanges, auditContextOf, auditStatementFor } from '../audit/audit.service';
import { notifyBookingChange } from './booking-listeners';
import type { BookingRow } from './bookings.mapper';
import * as writes from './bookings.write-statements';

export const STALE_MESSAGE = 'La reserva ha cambiado; recarga los datos';

/** One line of a booking's history: what happened (`type`) and its facts (`data`). */
export type BookingEvent = { type: string; data: Record<string, unknown> };

/** The audit entry of a change (the booking, its operator and the time come from the change). */
export type BookingAudit = {
  action: TAuditAction;
  changes: AuditChanges;
  /** Added to the booking's summary ("TRY-ABC123 · Lucía Pérez"), e.g. " · hoja Teide 09:00". */
  summarySuffix?: string;
};

export type BookingChange = {
  actor: ChangeActor;
  now: Date;
  /** The columns that change (never `version`: it is bumped here). */
  set: Omit<Partial<writes.BookingInsert>, 'version' | 'id' | 'tourOperatorId'>;
  events: BookingEvent[];
  /** Left out: the change is recorded in the history only (nothing an administrator audits). */
  audit?: BookingAudit;
};

/** The audit log's summary of a booking: "TRY-ABC123 · Lucía Pérez". */
export const bookingSummary = (b: { locator: string; customerName: string }) => `${b.locator} · ${b.customerName}`;

/**
 * The history rows of `events`, in order (same transaction, same clock reading: each one millisecond
 * after the previous so they read back in the order written), with who acted.
 */
function eventRows(
  booking: Pick<BookingRow, 'id' | 'tourOperatorId'>,
  actor: ChangeActor,
  now: Date,
  events: BookingEvent[],
) {
  const kind = actorKindOf(actor);
  const label = labelOf(actor).slice(0, 300);
  return events.map((e, k) => ({
    tourOperatorId: booking.tourOperatorId,
    bookingId: booking.id,
    type: e.type,
    data: e.data,
    actorId: actorUserId(actor),
    actorKind: kind,
    actorLabel: label,
    createdAt: new Date(now.getTime() + k),
  }));
}

/**
 * Writes one change of a booking the caller locked (`cur` is the row as locked): the row with its
 * version bumped, the events and the audit entry, all with `change.actor`. Answers the row as it is
 * now. A row that moved on since it was read (it cannot while locked) answers 409 STALE_VERSION.
 */
export async function writeBookingChange(tx: DbOrTx, cur: BookingRow, change: BookingChange): Promise<BookingRow> {
  const events = eventRows(cur, change.actor, change.now, change.events).map(
    ({ bookingId: _row, tourOperatorId: _same, ...event }) => event,
  );
  const audit = change.audit;
  // ADR 035: the row, its events and its audit entry in one statement. The summary names the
  // booking as it is after the change (its customer's name may be what changes).
  const row = await writes.applyBookingChange(
    tx,
    cur,
    { ...change.set, updatedAt: change.now },
    {
      events,
      audit: audit
        ? (changed) =>
            auditStatementFor(changed, auditContextOf(change.actor), {
              tourOperatorId: cur.tourOperatorId,
              entityType: 'booking',
              action: audit.action,
              summary: `${bookingSummary({ locator: cur.locator, customerName: change.set.customerName ?? cur.customerName })}${audit.summarySuffix ?? ''}`,
              at: change.now,
              changes: audit.changes,
            })
        : undefined,
    },
  );
  if (!row) throw fieldError('STALE_VERSION', 'version', STALE_MESSAGE);
  await notifyBookingChange(tx, {
    before: cur,
    after: row,
    actor: change.actor,
    now: change.now,
    events: change.events,
  });
  return row;
}

/**
 * A new booking with its history's `created` event and the audit entry of the sale, with who sold
 * it, in ONE statement (ADR 035: `insertSale`'s data-modifying CTEs). Undefined when its locator is
 * taken: then nothing is written and the sale retries with another locator.
 */
export async function insertNewBooking(
  tx: DbOrTx,
  values: writes.BookingInsert,
  sale: {
    actor: ChangeActor;
    now: Date;
    event: Record<string, unknown>;
    changes: AuditChanges;
    /** The customer's message, written by the same statement (ADR 040): its statement for the new row and locator. */
    message?: (sold: SQL, locator: string) => SQL;
    /**
     * The departure's seats taken by the same statement (ADR 041, `insertSale`): the booking's
     * departure is the one that took them, and a refusal or a taken locator is an error that wrote nothing.
     */
    takeSeats?: writes.SeatsUpdate;
    /** More writes of the same statement (a hold's job, ADR 042). */
    also?: ((sold: SQL) => SQL)[];
    /** A write the sale depends on, in the same statement (ADR 042, `insertSale`'s `guard`). */
    guard?: SQL;
  },
): Promise<BookingRow | undefined> {
  const [event] = eventRows({ id: '', tourOperatorId: values.tourOperatorId }, sale.actor, sale.now, [
    { type: 'created', data: sale.event },
  ]);
  const { bookingId: _inserted, tourOperatorId: _same, ...created } = event;
  const message = sale.message;
  return writes.insertSale(
    tx,
    values,
    created,
    (sold) =>
      auditStatementFor(sold, auditContextOf(sale.actor), {
        tourOperatorId: values.tourOperatorId,
        entityType: 'booking',
        action: 'create',
        summary: bookingSummary(values),
        at: sale.now,
        changes: sale.changes,
      }),
    {
      also: [...(message ? [(sold: SQL) => message(sold, values.locator)] : []), ...(sale.also ?? [])],
      takeSeats: sale.takeSeats,
      guard: sale.guard,
    },
  );
}
