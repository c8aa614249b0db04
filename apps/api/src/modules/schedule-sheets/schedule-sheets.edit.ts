/** Editing a sheet (assignments, libro de ruta data, state) and deleting a draft. */

import type { TSheetResponse, TSheetUpdateRequest } from '@trayecto/shared';
import { timeZoneOf } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError, forbidden, notFound } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import { diffFields, recordAudit, staffAudit } from '../audit/audit.service';
import { auditedSheetFields, nameSheetReferences, sheetSummary } from './schedule-sheets.audit';
import { readSheet } from './schedule-sheets.read';
import * as repo from './schedule-sheets.repository';
import {
  canSheetTransition,
  checkInWindow,
  isCrew,
  sheetTransitionMessage,
  startTooEarlyMessage,
  WHAT,
} from './schedule-sheets.rules';
import { resolveAssignments } from './sheet-assignments';
import { finishLocked } from './sheet-finish.service';

export const STALE_MESSAGE = 'La hoja de servicio ha cambiado; recarga los datos';
const DONE_READ_ONLY = 'La hoja está finalizada y ya no se puede modificar';
const ONLY_DRAFT_DELETE = 'Solo se puede eliminar una hoja en «Borrador»';
const CREW_ONLY_STATE = 'Tu rol solo puede cambiar el estado de la hoja';
const CREW_STATES_MESSAGE = 'Solo la oficina confirma una hoja o la devuelve a borrador';

/**
 * Edits a sheet (fields not sent stay): assignments (checked and overlap-guarded as above), libro de
 * ruta data, notes and the state along SHEET_TRANSITIONS (422 naming both states). `version`, when
 * sent, refuses a stale edit (409). A finished sheet is read-only. Chofer and Guía only move their
 * sheet forward (ready → in_progress → done); «done» finishes it as POST /finish does.
 */
export async function updateSheet(
  db: DbOrTx,
  actor: Actor,
  id: string,
  body: TSheetUpdateRequest,
  now: Date,
): Promise<TSheetResponse> {
  await inTransaction(db, async (tx) => {
    const cur = await repo.lockVisibleSheet(tx, actor, id);
    if (!cur) throw notFound(WHAT);
    if (body.version !== undefined && body.version !== cur.version) {
      throw fieldError('STALE_VERSION', 'version', STALE_MESSAGE);
    }
    if (isCrew(actor)) {
      const others = Object.entries(body).filter(([k, v]) => v !== undefined && k !== 'state' && k !== 'version');
      if (others.length > 0) throw forbidden(CREW_ONLY_STATE);
    }
    if (cur.state === 'done') throw new AppError({ code: 'STATE_CONFLICT', message: DONE_READ_ONLY });
    const nextState = body.state ?? cur.state;
    const stateChanged = nextState !== cur.state;
    const timeZone = timeZoneOf(await repo.findOperatorTimeZone(tx, cur.tourOperatorId));
    if (stateChanged) {
      // The crew only moves a sheet forward, whatever state it is in.
      if (isCrew(actor) && nextState !== 'in_progress' && nextState !== 'done') throw forbidden(CREW_STATES_MESSAGE);
      if (!canSheetTransition(cur.state, nextState)) {
        throw fieldError('INVALID_STATE_TRANSITION', 'state', sheetTransitionMessage(cur.state, nextState));
      }
      // «En curso» only from the departure's day (issue 12: a sheet days ahead turned «en curso»).
      if (nextState === 'in_progress' && checkInWindow(cur, timeZone, now) === 'before') {
        throw fieldError('INVALID_STATE_TRANSITION', 'state', startTooEarlyMessage(cur.date));
      }
    }

    const currentPersons = await repo.listPersonIds(tx, cur.id);
    const next = await resolveAssignments(
      tx,
      {
        sheetId: cur.id,
        tourOperatorId: cur.tourOperatorId,
        date: cur.date,
        startsAt: cur.startsAt,
        endsAt: cur.endsAt,
        timeZone,
        current: { vehicleId: cur.vehicleId, driverId: cur.driverId, guideId: cur.guideId, personIds: currentPersons },
      },
      body,
    );
    const personsChanged =
      next.personIds.length !== currentPersons.length || next.personIds.some((p) => !currentPersons.includes(p));
    const values = {
      vehicleId: next.vehicleId,
      driverId: next.driverId,
      guideId: next.guideId,
      origin: body.origin ?? cur.origin,
      destination: body.destination ?? cur.destination,
      notes: body.notes ?? cur.notes,
    };
    const fieldsChanged =
      personsChanged || (Object.keys(values) as (keyof typeof values)[]).some((k) => values[k] !== cur[k]);
    // draft ⇄ ready and → in_progress here; → done is the finish (bookings closed in the same transaction).
    const stateValues: { state?: string; startedAt?: Date } =
      stateChanged && nextState !== 'done'
        ? { state: nextState, ...(nextState === 'in_progress' ? { startedAt: cur.startedAt ?? now } : {}) }
        : {};
    if (fieldsChanged || stateValues.state) {
      await repo.updateSheetRow(tx, cur.id, { ...values, ...stateValues, updatedAt: now });
      if (personsChanged) await repo.replaceSheetPersons(tx, cur.tourOperatorId, cur.id, next.personIds);
      const changes = diffFields(
        auditedSheetFields({ ...cur, personIds: currentPersons }),
        auditedSheetFields({ ...values, personIds: next.personIds }),
      );
      if (stateValues.state) changes.state = [cur.state, stateValues.state];
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx, staffAudit(actor), {
          tourOperatorId: cur.tourOperatorId,
          entityType: 'schedule_sheet',
          entityId: cur.id,
          action: Object.keys(changes).length === 1 && changes.state ? 'state' : 'update',
          summary: sheetSummary({ ...cur, destination: values.destination }),
          at: now,
          changes: await nameSheetReferences(tx, changes),
        });
      }
    }
    if (stateChanged && nextState === 'done') await finishLocked(tx, actor, cur, now, timeZone);
  });
  return readSheet(db, id, now);
}

/** Deletes a draft sheet (its persons go with it); any other state answers 409. */
export async function deleteSheet(db: DbOrTx, actor: Actor, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const cur = await repo.lockVisibleSheet(tx, actor, id);
    if (!cur) throw notFound(WHAT);
    if (cur.state !== 'draft') throw new AppError({ code: 'STATE_CONFLICT', message: ONLY_DRAFT_DELETE });
    await repo.deleteSheetRow(tx, id);
    await recordAudit(tx, staffAudit(actor), {
      tourOperatorId: cur.tourOperatorId,
      entityType: 'schedule_sheet',
      entityId: cur.id,
      action: 'delete',
      summary: sheetSummary(cur),
    });
  });
}
