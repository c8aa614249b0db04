/** The end of a tour: checked-in bookings done, the others no-shows, the sheet «Finalizada». */
import { displayDate, plural, type TSheetFinishResponse, timeZoneOf } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { staffActor } from '../../lib/actors';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import { recordAudit, staffAudit } from '../audit/audit.service';
import * as bookings from '../bookings/bookings.service';
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
  const { completed, noShows } = await bookings.settleDepartureAtEnd(tx, sheet.departureId, {
    actor: staffActor(actor),
    now,
    sheetId: sheet.id,
    summarySuffix: ` · al finalizar la hoja ${sheetSummary(sheet)}`,
  });
  // The sheet's own entry after its bookings' (one millisecond later, so it reads back in order).
  await recordAudit(
    tx,
    staffAudit(actor),
    sheetStateEntry(
      sheet,
      'done',
      'finish',
      new Date(now.getTime() + 1),
      ` · ${plural(completed.length, 'realizada', 'realizadas')}, ${plural(noShows.length, 'no presentada', 'no presentadas')}`,
    ),
  );
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
  return { completed: completed.length, no_show: noShows.length };
}
