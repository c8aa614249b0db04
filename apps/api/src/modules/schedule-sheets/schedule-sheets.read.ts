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
import * as assignments from './sheet-assignments.repository';
import { namesOf, overlapConflicts, untimedPickupWarnings } from './sheet-conflicts';
import * as passengers from './sheet-passengers.repository';

/** Rows by key, each group in the rows' order. */
function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

async function summarise(db: DbOrTx, views: repo.SheetView[], now: Date): Promise<TSheetSummary[]> {
  const ids = views.map((v) => v.sheet.id);
  const departureIds = views.map((v) => v.sheet.departureId);
  const [stats, persons, overlaps, unavailable, untimed] = await Promise.all([
    passengers.bookingStats(db, departureIds),
    repo.listSheetPersons(db, ids),
    assignments.findSheetOverlaps(db, ids),
    assignments.findSheetUnavailability(db, ids),
    passengers.listUntimedPickups(db, departureIds),
  ]);
  const names = overlaps.length > 0 ? await namesOf(db, overlaps) : new Map<string, string>();
  const overlapsOf = groupBy(overlaps, (o) => o.sheetId);
  const unavailableOf = groupBy(unavailable, (u) => u.sheetId);
  const untimedOf = groupBy(untimed, (u) => u.departureId);
  const personsOf = groupBy(persons, (p) => p.sheetId);
  return views.map((v) => {
    const tz = timeZoneOf(v.operator.timezone);
    const s = stats.get(v.sheet.departureId);
    const warnings = overlapConflicts(overlapsOf.get(v.sheet.id) ?? [], names, tz);
    for (const u of unavailableOf.get(v.sheet.id) ?? []) {
      warnings.push({
        kind: 'vehicle_unavailable',
        message: unavailableMessage(v.vehicle?.plate ?? '', u),
        resource_id: u.vehicleId,
        other_sheet_id: null,
      });
    }
    if (v.vehicle?.id && isOverCapacity(s?.seats ?? 0, v.vehicle)) {
      warnings.push({
        kind: 'over_capacity',
        message: overCapacityMessage(s?.seats ?? 0, v.vehicle),
        resource_id: v.vehicle.id,
        other_sheet_id: null,
      });
    }
    warnings.push(...untimedPickupWarnings(untimedOf.get(v.sheet.departureId) ?? []));
    return toSheetSummary(v, {
      stats: s,
      persons: personsOf.get(v.sheet.id) ?? [],
      warnings,
      checkInWindow: checkInWindow(v.sheet, tz, now),
    });
  });
}

/** The whole sheet: summary, pickup route and passengers (in pickup order, as the driver collects them). */
async function describe(db: DbOrTx, view: repo.SheetView, now: Date): Promise<TSheetResponse> {
  const [[summary], rows] = await Promise.all([
    summarise(db, [view], now),
    passengers.listRouteBookings(db, [view.sheet.departureId]),
  ]);
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
  return { items: await summarise(db, page, now), total, nextCursor };
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
