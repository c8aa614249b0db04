/** Reading sheets: summaries with counts and warnings for the list, the whole sheet with its route. */

import type { TSheetResponse, TSheetSummary } from '@trayecto/shared';
import { timeZoneOf } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { ListParams } from '../../lib/filters';
import type { Actor } from '../../lib/tenant';
import { buildPickupRoute, routePassengers } from './pickup-route';
import { toRouteBooking, toSheetResponse, toSheetSummary } from './schedule-sheets.mapper';
import * as repo from './schedule-sheets.repository';
import { checkInWindow, isOverCapacity, overCapacityMessage, unavailableMessage, WHAT } from './schedule-sheets.rules';
import * as assignments from './sheet-assignments.repository';
import { namesOf, overlapConflicts, untimedPickupWarnings } from './sheet-conflicts';
import * as passengers from './sheet-passengers.repository';

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
  return views.map((v) => {
    const tz = timeZoneOf(v.operator.timezone);
    const s = stats.get(v.sheet.departureId);
    const warnings = overlapConflicts(
      overlaps.filter((o) => o.sheetId === v.sheet.id),
      names,
      tz,
    );
    for (const u of unavailable.filter((x) => x.sheetId === v.sheet.id)) {
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
    warnings.push(...untimedPickupWarnings(untimed.filter((u) => u.departureId === v.sheet.departureId)));
    return toSheetSummary(v, {
      stats: s,
      persons: persons.filter((p) => p.sheetId === v.sheet.id),
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

export async function listSheets(db: DbOrTx, actor: Actor, params: ListParams, now = new Date()) {
  const { rows, total } = await repo.listSheets(db, actor, params);
  return { items: await summarise(db, rows, now), total };
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
