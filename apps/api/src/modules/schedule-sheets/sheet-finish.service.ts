/** The end of a tour: checked-in bookings done, the others no-shows, the sheet «Finalizada». */
import { plural, type TSheetFinishResponse } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import { type AuditEntry, recordAudit, staffAudit } from '../audit/audit.service';
import * as bookings from '../bookings/bookings.repository';
import { bookingSummary } from '../bookings/bookings.service';
import { displayDate, timeZoneOf } from '../products/products.service';
import { sheetStateEntry, sheetSummary } from './schedule-sheets.audit';
import * as repo from './schedule-sheets.repository';
import { localTime, WHAT } from './schedule-sheets.rules';

const DONE_MESSAGE = 'La hoja ya está finalizada';
const DRAFT_NO_FINISH = 'Una hoja en «Borrador» no se puede finalizar: confírmala primero';

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
