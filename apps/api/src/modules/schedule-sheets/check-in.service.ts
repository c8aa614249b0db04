import {
  BOOKING_STATE_NAMES,
  plural,
  type TBookingState,
  type TCheckInRequest,
  type TSheetFinishResponse,
  type TSheetPassenger,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError, forbidden, notFound } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import { type AuditEntry, recordAudit, staffAudit } from '../audit/audit.service';
import * as bookings from '../bookings/bookings.repository';
import { bookingSummary } from '../bookings/bookings.service';
import { displayDate, timeZoneOf } from '../products/products.service';
import { sheetSummary } from './schedule-sheets.audit';
import { toPassenger } from './schedule-sheets.mapper';
import * as repo from './schedule-sheets.repository';
import {
  CREW_NO_OVERRIDE,
  checkInClosedMessage,
  checkInWindow,
  isCrew,
  localTime,
  overrideReasonMessage,
  parseCheckInCode,
  WHAT,
} from './schedule-sheets.rules';
import * as passengers from './sheet-passengers.repository';

const NOT_ON_SHEET = 'La reserva no está en esta hoja';
const UNKNOWN_CODE = 'Código no reconocido: escribe el localizador (TRY-XXXXXX) o escanea el código QR del bono';
const DRAFT_NO_CHECK_IN = 'La hoja está en «Borrador»: confírmala antes de empezar el embarque';
const DONE_MESSAGE = 'La hoja ya está finalizada';
const DRAFT_NO_FINISH = 'Una hoja en «Borrador» no se puede finalizar: confírmala primero';

/** The audit entry of a sheet's state change (the one written when a check-in or finish moves it). */
const sheetStateEntry = (
  sheet: repo.SheetRow,
  to: string,
  action: 'state' | 'finish',
  now: Date,
  extra = '',
): AuditEntry => ({
  tourOperatorId: sheet.tourOperatorId,
  entityType: 'schedule_sheet',
  entityId: sheet.id,
  action,
  summary: `${sheetSummary(sheet)}${extra}`,
  at: now,
  changes: { state: [sheet.state, to] },
});

/**
 * Marks a booking of the sheet present (or undoes it) — PRODUCT.md §4 "Check-in". The booking is
 * named by id or by what was typed or scanned: a locator in any case, a booking id or the voucher's
 * QR (the URL of its public voucher). It must be on this sheet's departure (else 404) and not
 * cancelled (409). `present` sets the booking's checked_in_at/by once (repeating it keeps the first
 * time); undo clears them. Every call is logged in check_ins. The sheet must be ready or in
 * progress; the first check-in on a ready sheet starts it.
 *
 * Check-in is open on the departure's day in the operator's time zone (issue 12; checkInWindow).
 * Outside it the Chofer and the Guía are refused (409; 403 if they send a reason), and the office
 * (0, 1, 3) must give `override_reason` (422 without one): it is kept on the check_ins row and in
 * the booking's audit entry. Such an override never starts the sheet: a sheet goes «En curso» on
 * its day.
 */
export async function checkIn(
  db: DbOrTx,
  actor: Actor,
  sheetId: string,
  body: TCheckInRequest,
  now: Date,
): Promise<TSheetPassenger> {
  let target: { id: string } | { locator: string };
  let method: 'tap' | 'scan' | 'locator';
  if (body.booking_id) {
    target = { id: body.booking_id.toLowerCase() };
    method = body.method ?? 'tap';
  } else {
    const code = parseCheckInCode(body.code ?? '');
    if (!code) throw fieldError('VALIDATION', 'code', UNKNOWN_CODE);
    target = code.kind === 'id' ? { id: code.id } : { locator: code.locator };
    method = body.method ?? code.method;
  }
  const present = body.present !== false;
  const reason = body.override_reason?.trim() ?? '';
  if (reason && isCrew(actor)) throw forbidden(CREW_NO_OVERRIDE);

  const done = await inTransaction(db, async (tx) => {
    const sheet = await repo.lockVisibleSheet(tx, actor, sheetId);
    if (!sheet) throw notFound(WHAT);
    if (sheet.state === 'draft') throw new AppError({ code: 'STATE_CONFLICT', message: DRAFT_NO_CHECK_IN });
    if (sheet.state === 'done') throw new AppError({ code: 'STATE_CONFLICT', message: DONE_MESSAGE });
    const timeZone = timeZoneOf(await repo.findOperatorTimeZone(tx, sheet.tourOperatorId));
    const window = checkInWindow(sheet, timeZone, now);
    if (window !== 'open') {
      if (isCrew(actor)) {
        throw new AppError({ code: 'CHECK_IN_OUTSIDE_DAY', message: checkInClosedMessage(window, sheet.date) });
      }
      if (!reason) {
        throw fieldError('OVERRIDE_REASON_REQUIRED', 'override_reason', overrideReasonMessage(window, sheet.date));
      }
    }
    const overrideReason = window === 'open' ? null : reason;
    const starts = sheet.state === 'ready' && window === 'open';
    const booking = await bookings.lockDepartureBooking(tx, sheet, target);
    if (!booking) throw new AppError({ code: 'NOT_FOUND', message: NOT_ON_SHEET });
    if (booking.state === 'cancelled') {
      throw new AppError({ code: 'STATE_CONFLICT', message: 'La reserva está cancelada' });
    }
    if (booking.state !== 'pending' && booking.state !== 'confirmed') {
      const name = BOOKING_STATE_NAMES[booking.state as TBookingState] ?? booking.state;
      throw new AppError({ code: 'STATE_CONFLICT', message: `La reserva ya está «${name}»` });
    }
    const wasPresent = booking.checkedInAt !== null;
    if (present && !wasPresent) await bookings.setCheckedIn(tx, booking.id, now, actor.id);
    if (!present && wasPresent) await bookings.setCheckedIn(tx, booking.id, null, null);
    // A repeated tap changes nothing: check_ins logs it, the audit log records changes only.
    const audit: AuditEntry[] = [];
    if (present !== wasPresent) {
      audit.push({
        tourOperatorId: sheet.tourOperatorId,
        entityType: 'booking',
        entityId: booking.id,
        action: present ? 'check_in' : 'check_in_undo',
        summary: `${bookingSummary(booking)} · hoja ${sheetSummary(sheet)}`,
        at: now,
        changes: {
          checked_in: [wasPresent, present],
          ...(overrideReason ? { override_reason: [null, overrideReason] } : {}),
        },
      });
    }
    if (starts) audit.push(sheetStateEntry(sheet, 'in_progress', 'state', now));
    if (audit.length > 0) await recordAudit(tx, staffAudit(actor), audit);
    await repo.insertCheckIns(tx, [
      {
        tourOperatorId: sheet.tourOperatorId,
        sheetId: sheet.id,
        bookingId: booking.id,
        action: present ? 'present' : 'absent',
        method,
        actorId: actor.id,
        createdAt: now,
        overrideReason,
      },
    ]);
    if (starts) {
      await repo.updateSheetRow(tx, sheet.id, {
        state: 'in_progress',
        startedAt: sheet.startedAt ?? now,
        updatedAt: now,
      });
    }
    return { bookingId: booking.id, departureId: sheet.departureId };
  });
  const [row] = await passengers.listRouteBookings(db, [done.departureId], done.bookingId);
  return toPassenger(row);
}

/**
 * Ends the tour (PRODUCT.md §4 "no-shows at the end"): from «En curso» (or «Confirmada») and only
 * once the departure has started.
 */
export async function finishSheet(db: DbOrTx, actor: Actor, id: string, now: Date): Promise<TSheetFinishResponse> {
  return inTransaction(db, async (tx) => {
    const sheet = await repo.lockVisibleSheet(tx, actor, id);
    if (!sheet) throw notFound(WHAT);
    if (sheet.state === 'done') throw new AppError({ code: 'STATE_CONFLICT', message: DONE_MESSAGE });
    if (sheet.state === 'draft') throw new AppError({ code: 'STATE_CONFLICT', message: DRAFT_NO_FINISH });
    const timeZone = timeZoneOf(await repo.findOperatorTimeZone(tx, sheet.tourOperatorId));
    return finishLocked(tx, actor, sheet, now, timeZone);
  });
}

/**
 * The finish, inside the caller's transaction with the sheet locked: checked-in bookings become
 * «Realizada» (a pending one is confirmed first, as the state machine asks), confirmed ones not
 * checked in «No presentado» (logged in check_ins as no_show/finish); each change is in the
 * booking's history. Pending bookings nobody checked in stay pending for the office to decide.
 * The sheet becomes «Finalizada».
 */
export async function finishLocked(
  tx: DbOrTx,
  actor: Actor,
  sheet: repo.SheetRow,
  now: Date,
  timeZone: string,
): Promise<TSheetFinishResponse> {
  if (now.getTime() < sheet.startsAt.getTime()) {
    const m = `La salida aún no ha empezado: la hoja se puede finalizar a partir de las ${localTime(sheet.startsAt, timeZone)} del ${displayDate(sheet.date)}`;
    throw fieldError('INVALID_STATE_TRANSITION', 'state', m);
  }
  const open = await bookings.lockOpenBookings(tx, sheet.departureId);
  const toConfirm = open.filter((b) => b.checkedInAt && b.state === 'pending');
  const toComplete = open.filter((b) => b.checkedInAt);
  const noShows = open.filter((b) => !b.checkedInAt && b.state === 'confirmed');

  await bookings.setBookingsState(
    tx,
    toConfirm.map((b) => b.id),
    'confirmed',
    now,
  );
  await bookings.setBookingsState(
    tx,
    toComplete.map((b) => b.id),
    'completed',
    now,
  );
  await bookings.setBookingsState(
    tx,
    noShows.map((b) => b.id),
    'no_show',
    now,
  );
  const event = (bookingId: string, from: string, to: string, k = 0) => ({
    tourOperatorId: sheet.tourOperatorId,
    bookingId,
    type: 'state_changed',
    // Two steps of one booking keep their order.
    createdAt: new Date(now.getTime() + k),
    actorId: actor.id,
    data: { from, to, sheet_id: sheet.id },
  });
  await bookings.insertEvents(tx, [
    ...toConfirm.map((b) => event(b.id, 'pending', 'confirmed')),
    ...toComplete.map((b) => event(b.id, 'confirmed', 'completed', b.state === 'pending' ? 1 : 0)),
    ...noShows.map((b) => event(b.id, 'confirmed', 'no_show')),
  ]);
  const bookingEntry = (b: (typeof open)[number], to: string): AuditEntry => ({
    tourOperatorId: sheet.tourOperatorId,
    entityType: 'booking',
    entityId: b.id,
    action: 'state',
    summary: `${bookingSummary(b)} · al finalizar la hoja ${sheetSummary(sheet)}`,
    at: now,
    changes: { state: [b.state, to] },
  });
  await recordAudit(tx, staffAudit(actor), [
    ...toComplete.map((b) => bookingEntry(b, 'completed')),
    ...noShows.map((b) => bookingEntry(b, 'no_show')),
    sheetStateEntry(
      sheet,
      'done',
      'finish',
      now,
      ` · ${plural(toComplete.length, 'realizada', 'realizadas')}, ${plural(noShows.length, 'no presentada', 'no presentadas')}`,
    ),
  ]);
  await repo.insertCheckIns(
    tx,
    noShows.map((b) => ({
      tourOperatorId: sheet.tourOperatorId,
      sheetId: sheet.id,
      bookingId: b.id,
      action: 'no_show',
      method: 'finish',
      actorId: actor.id,
      createdAt: now,
    })),
  );
  await repo.updateSheetRow(tx, sheet.id, {
    state: 'done',
    startedAt: sheet.startedAt ?? now,
    finishedAt: now,
    updatedAt: now,
  });
  return { completed: toComplete.length, no_show: noShows.length };
}
