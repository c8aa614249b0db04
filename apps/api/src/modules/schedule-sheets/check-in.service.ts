/** Boarding: a booking of the sheet marked present (or undone) by the crew or the office. */
import { type TCheckInRequest, type TSheetPassenger, timeZoneOf } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { staffActor } from '../../lib/actors';
import { AppError, fieldError, forbidden, notFound } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import { recordAudit, staffAudit } from '../audit/audit.service';
import * as bookings from '../bookings/bookings.service';
import { sheetStateEntry, sheetSummary } from './schedule-sheets.audit';
import { toPassenger } from './schedule-sheets.mapper';
import * as repo from './schedule-sheets.repository';
import {
  CREW_NO_OVERRIDE,
  checkInClosedMessage,
  checkInWindow,
  isCrew,
  overrideReasonMessage,
  parseCheckInCode,
  WHAT,
} from './schedule-sheets.rules';
import * as passengers from './sheet-passengers.repository';

const UNKNOWN_CODE = 'Código no reconocido: escribe el localizador (TRY-XXXXXX) o escanea el código QR del bono';
const DRAFT_NO_CHECK_IN = 'La hoja está en «Borrador»: confírmala antes de empezar el embarque';
const DONE_MESSAGE = 'La hoja ya está finalizada';

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
  if (body.collected && !present) {
    throw fieldError(
      'VALIDATION',
      'collected',
      'Solo se cobra al embarcar: desmarca el cobro para deshacer el embarque',
    );
  }
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
    const { booking } = await bookings.checkInBooking(tx, sheet, target, {
      actor: staffActor(actor),
      now,
      present,
      method,
      overrideReason,
      summarySuffix: ` · hoja ${sheetSummary(sheet)}`,
    });
    // The crew's cash or card at boarding (ADR 022): a payment of this booking in this transaction,
    // recorded by whoever checked in, never above what is pending (recordPaymentLocked's rules).
    if (body.collected) {
      await bookings.recordPaymentLocked(
        tx,
        staffActor(actor),
        booking,
        {
          kind: 'payment',
          amountCents: body.collected.amount_cents,
          method: body.collected.method,
          collectedAtCheckIn: true,
          notes: `Cobrado en el embarque · hoja ${sheetSummary(sheet)}`.slice(0, 500),
        },
        now,
      );
    }
    // A repeated tap changes nothing on the booking (check_ins still logs it). The sheet starts
    // after the booking's own entry (one millisecond later, so the log reads back in that order).
    if (starts) {
      await recordAudit(
        tx,
        staffAudit(actor),
        sheetStateEntry(sheet, 'in_progress', 'state', new Date(now.getTime() + 1)),
      );
    }
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
