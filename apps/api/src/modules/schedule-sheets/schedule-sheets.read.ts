/** Reading sheets: summaries with counts and warnings for the list, the whole sheet with its route. */

import type { TSheetResponse, TSheetSummary } from '@trayecto/shared';
import { timeZoneOf } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { fieldError, notFound } from '../../lib/app-error';
import type { ListParams } from '../../lib/filters';
import type { Actor } from '../../lib/tenant';
import { buildPickupRoute, routePassengers } from './pickup-route';
import { decodeSheetCursor, encodeSheetCursor } from './schedule-sheets.cursor';
import { toRouteBooking, toSheetResponse, toSheetSummary } from './schedule-sheets.mapper';
import * as repo from './schedule-sheets.repository';
import { checkInWindow, isOverCapacity, overCapacityMessage, unavailableMessage, WHAT } from './schedule-sheets.rules';
import { overlapConflicts, untimedPickupWarnings } from './sheet-conflicts';
import * as passengers from './sheet-passengers.repository';

/**
 * Sheets as lists show them: their counts, persons and warnings come with each view (read in the
 * sheet's own statement, ADR 029); nothing more is read here.
 */
function summarise(views: repo.SheetView[], now: Date): TSheetSummary[] {
  return views.map((v) => {
    const tz = timeZoneOf(v.operator.timezone);
    const warnings = overlapConflicts(
      v.overlaps.map((o) => ({ ...o, sheetId: v.sheet.id })),
      new Map(v.overlaps.map((o) => [o.resourceId, o.resourceName])),
      tz,
    );
    for (const u of v.unavailable) {
      warnings.push({
        kind: 'vehicle_unavailable',
        message: unavailableMessage(v.vehicle?.plate ?? '', u),
        resource_id: u.vehicleId,
        other_sheet_id: null,
      });
    }
    if (v.vehicle?.id && isOverCapacity(v.stats.seats, v.vehicle)) {
      warnings.push({
        kind: 'over_capacity',
        message: overCapacityMessage(v.stats.seats, v.vehicle),
        resource_id: v.vehicle.id,
        other_sheet_id: null,
      });
    }
    warnings.push(...untimedPickupWarnings(v.untimed.map((u) => ({ ...u, departureId: v.sheet.departureId }))));
    return toSheetSummary(v, {
      stats: v.stats,
      persons: v.persons.map((p) => ({ ...p, sheetId: v.sheet.id })),
      warnings,
      checkInWindow: checkInWindow(v.sheet, tz, now),
    });
  });
}

/** The whole sheet: summary, pickup route and passengers (in pickup order, as the driver collects them). */
async function describe(db: DbOrTx, view: repo.SheetView, now: Date): Promise<TSheetResponse> {
  const [summary] = summarise([view], now);
  const rows = await passengers.listRouteBookings(db, [view.sheet.departureId]);
  const onRoute = rows.map((r) => toRouteBooking(r, view.product.pickupEnabled));
  const stops = buildPickupRoute(
    onRoute,
    { address: view.product.meetingPoint, latLng: view.product.meetingLatLng },
    view.sheet.time,
  );
  return toSheetResponse(summary, view, { stops, passengers: routePassengers(stops) });
}

/**
 * A page of the sheets the actor may read, with their warnings (computed for the page's sheets
 * only). With the default order the answer also carries the keyset cursor of the next page (null
 * on the last one); `cursor` pages without OFFSET (ADR 029).
 */
export async function listSheets(db: DbOrTx, actor: Actor, params: ListParams, cursor?: string, now = new Date()) {
  const isDefaultSort =
    params.sort.map((s) => (s.dir === 'desc' ? `-${s.field}` : s.field)).join(',') === repo.SHEET_KEYSET_SORT;
  if (cursor !== undefined && !isDefaultSort) {
    throw fieldError('BAD_REQUEST', 'cursor', 'El cursor solo sirve con el orden por defecto (date,time,product)');
  }
  const after = cursor !== undefined ? decodeSheetCursor(cursor) : undefined;
  const { rows, total } = await repo.listSheets(db, actor, params, after);
  const page = rows.slice(0, params.perPage);
  const last = page.at(-1);
  const nextCursor =
    isDefaultSort && rows.length > params.perPage && last
      ? encodeSheetCursor({ date: last.sheet.date, time: last.sheet.time, product: last.productKey, id: last.sheet.id })
      : null;
  return { items: summarise(page, now), total, nextCursor };
}

export async function getSheet(db: DbOrTx, actor: Actor, id: string, now = new Date()): Promise<TSheetResponse> {
  const view = await repo.findVisibleSheet(db, actor, id);
  if (!view) throw notFound(WHAT);
  return describe(db, view, now);
}

/** Reads a sheet just written (the writer could see it). */
export async function readSheet(db: DbOrTx, id: string, now = new Date()): Promise<TSheetResponse> {
  const view = await repo.findSheetView(db, id);
  if (!view) throw notFound(WHAT);
  return describe(db, view, now);
}
