/** Creating sheets: a day's sheets generated at once, or the sheet of one departure. */
import {
  displayDate,
  SHEET_STATE_NAMES,
  type TSheetCreateRequest,
  type TSheetGenerateRequest,
  type TSheetGenerateResponse,
  type TSheetResponse,
  timeZoneOf,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError, forbidden, validation } from '../../lib/app-error';
import { type Actor, isAdmin } from '../../lib/tenant';
import { createdFields, recordAudit, staffAudit } from '../audit/audit.service';
import { ruleTimesOn } from '../departures/availability';
import * as departuresService from '../departures/departures.service';
import { buildPickupRoute, defaultOrigin } from './pickup-route';
import { auditedSheetFields, nameSheetReferences, sheetSummary } from './schedule-sheets.audit';
import { toRouteBooking } from './schedule-sheets.mapper';
import { readSheet } from './schedule-sheets.read';
import * as repo from './schedule-sheets.repository';
import { sheetInterval } from './schedule-sheets.rules';
import { resolveAssignments } from './sheet-assignments';
import * as passengers from './sheet-passengers.repository';

const SHEET_EXISTS_MESSAGE = 'Esta salida ya tiene hoja de servicio';

const interval = (date: string, time: string, durationMinutes: number, timezone: string) =>
  sheetInterval(date, time, durationMinutes, timeZoneOf(timezone));

/**
 * The sheets of a day in one transaction (PRODUCT.md §5): one per departure of the caller's operator
 * (the administrator: the one named, or all) with seat-holding bookings and no sheet yet. Inserted
 * with ON CONFLICT (departure_id) DO NOTHING, so running it twice, or twice at once, creates each
 * sheet once. Origin: the first pickup stop's zone or the meeting point; destination: the product.
 */
export async function generateSheets(
  db: DbOrTx,
  actor: Actor,
  body: TSheetGenerateRequest,
): Promise<TSheetGenerateResponse> {
  const tourOperatorId = isAdmin(actor) ? (body.tour_operator_id ?? null) : actor.tourOperatorId;
  if (!isAdmin(actor) && !tourOperatorId) throw forbidden('Tu usuario no pertenece a ningún tour operador');
  return inTransaction(db, async (tx) => {
    const departures = await departuresService.listDeparturesToPlan(tx, {
      date: body.date,
      tourOperatorId,
      productIds: body.product_ids,
    });
    const todo = departures.filter((d) => !d.sheetId);
    const rows = await passengers.listRouteBookings(
      tx,
      todo.map((d) => d.departure.id),
    );
    const values = todo.map((d) => {
      const stops = buildPickupRoute(
        rows
          .filter((r) => r.booking.departureId === d.departure.id)
          .map((r) => toRouteBooking(r, d.product.pickupEnabled)),
        { address: d.product.meetingPoint, latLng: d.product.meetingLatLng },
        d.departure.time,
      );
      return {
        tourOperatorId: d.tourOperatorId,
        productId: d.product.id,
        departureId: d.departure.id,
        date: d.departure.date,
        time: d.departure.time,
        ...interval(d.departure.date, d.departure.time, d.product.durationMinutes, d.timezone),
        origin: defaultOrigin(stops, d.product.meetingPoint),
        destination: d.product.name,
        createdBy: actor.id,
      };
    });
    const created = await repo.insertSheets(tx, values);
    const idOf = new Map(created.map((c) => [c.departureId, c.id]));
    const valuesOf = new Map(values.map((v) => [v.departureId, v]));
    await recordAudit(
      tx,
      staffAudit(actor),
      created.map((c) => {
        const v = valuesOf.get(c.departureId);
        return {
          tourOperatorId: v?.tourOperatorId ?? null,
          entityType: 'schedule_sheet' as const,
          entityId: c.id,
          action: 'generate' as const,
          summary: v ? sheetSummary(v) : '',
          changes: v ? createdFields({ date: v.date, time: v.time, origin: v.origin, destination: v.destination }) : {},
        };
      }),
    );
    return {
      created: created.length,
      existing: departures.length - created.length,
      sheets: todo
        .filter((d) => idOf.has(d.departure.id))
        .map((d) => ({ id: idOf.get(d.departure.id) as string, product_name: d.product.name, time: d.departure.time })),
    };
  });
}

/**
 * The sheet of one departure (PRODUCT.md §4), with optional assignments. The departure row is made
 * if the product offers it; a departure that already has a sheet answers 409.
 */
export async function createSheet(
  db: DbOrTx,
  actor: Actor,
  body: TSheetCreateRequest,
  now: Date,
): Promise<TSheetResponse> {
  const id = await inTransaction(db, async (tx) => {
    const found = await repo.findProductForSheet(tx, actor, body.product_id);
    if (!found) throw validation({ product_id: ['El producto no existe'] });
    const { product } = found;
    let departure = await departuresService.findDeparture(tx, {
      productId: product.id,
      date: body.date,
      time: body.time,
    });
    if (!departure) {
      const offered = ruleTimesOn(body.date, product.availabilityRules, new Set(product.closedDates));
      if (!offered.includes(body.time)) {
        const m = `El producto no tiene salida el ${displayDate(body.date)} a las ${body.time}`;
        throw validation({ time: [m] }, m);
      }
      departure = await departuresService.ensureDeparture(tx, {
        tourOperatorId: product.tourOperatorId,
        productId: product.id,
        date: body.date,
        time: body.time,
        capacity: product.capacity,
      });
    }
    if (await repo.findSheetIdByDeparture(tx, departure.id)) {
      throw new AppError({ code: 'SHEET_EXISTS', message: SHEET_EXISTS_MESSAGE });
    }
    const state = body.state ?? 'draft';
    if (state !== 'draft' && state !== 'ready') {
      const m = `Una hoja nueva empieza en «${SHEET_STATE_NAMES.draft}» o «${SHEET_STATE_NAMES.ready}»`;
      throw fieldError('INVALID_STATE_TRANSITION', 'state', m);
    }
    const timeZone = timeZoneOf(found.timezone);
    const { startsAt, endsAt } = sheetInterval(body.date, body.time, product.durationMinutes, timeZone);
    const next = await resolveAssignments(
      tx,
      {
        sheetId: null,
        tourOperatorId: product.tourOperatorId,
        date: body.date,
        startsAt,
        endsAt,
        timeZone,
        current: { vehicleId: null, driverId: null, guideId: null, personIds: [] },
      },
      body,
    );
    let origin = body.origin;
    if (origin === undefined) {
      const rows = await passengers.listRouteBookings(tx, [departure.id]);
      const stops = buildPickupRoute(
        rows.map((r) => toRouteBooking(r, product.pickupEnabled)),
        { address: product.meetingPoint, latLng: product.meetingLatLng },
        body.time,
      );
      origin = defaultOrigin(stops, product.meetingPoint);
    }
    const row = await repo.insertSheet(tx, {
      tourOperatorId: product.tourOperatorId,
      productId: product.id,
      departureId: departure.id,
      date: body.date,
      time: body.time,
      startsAt,
      endsAt,
      vehicleId: next.vehicleId,
      driverId: next.driverId,
      guideId: next.guideId,
      origin,
      destination: body.destination ?? product.name,
      notes: body.notes ?? '',
      state,
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw new AppError({ code: 'SHEET_EXISTS', message: SHEET_EXISTS_MESSAGE });
    await repo.replaceSheetPersons(tx, row.tourOperatorId, row.id, next.personIds);
    await recordAudit(tx, staffAudit(actor), {
      tourOperatorId: row.tourOperatorId,
      entityType: 'schedule_sheet',
      entityId: row.id,
      action: 'create',
      summary: sheetSummary(row),
      at: now,
      changes: await nameSheetReferences(
        tx,
        createdFields({
          date: row.date,
          time: row.time,
          state: row.state,
          ...auditedSheetFields({ ...row, personIds: next.personIds }),
        }),
      ),
    });
    return row.id;
  });
  return readSheet(db, id, now);
}
