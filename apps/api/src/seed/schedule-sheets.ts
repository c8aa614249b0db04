import {
  ACTIVE_STATE,
  addDays,
  LEVEL,
  timeZoneOf,
  todayIn,
  USER_STATE,
  VEHICLE_STATE,
  zonedDateTimeToInstant,
} from '@trayecto/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { persons, tourOperators, users, vehicles, vehicleUnavailabilities } from '../db/schema';
import { staffActor } from '../lib/actors';
import * as bookings from '../modules/bookings/bookings.service';
import * as departuresService from '../modules/departures/departures.service';
import { buildPickupRoute, byCustomerName, defaultOrigin } from '../modules/schedule-sheets/pickup-route';
import { toRouteBooking } from '../modules/schedule-sheets/schedule-sheets.mapper';
import * as repo from '../modules/schedule-sheets/schedule-sheets.repository';
import { intervalsOverlap, sheetInterval } from '../modules/schedule-sheets/schedule-sheets.rules';
import * as passengers from '../modules/schedule-sheets/sheet-passengers.repository';

/**
 * Demo schedule sheets (PRODUCT.md §1 "schedule sheets"), built from the demo bookings of
 * yesterday, today and tomorrow, one per departure with bookings:
 * - yesterday, and today's tours already over: «Finalizada», with the check-ins the demo bookings'
 *   states imply (realizada → checked in before the start; no presentado → a no-show at the end);
 * - today's tour under way: «En curso», everyone on board but the last passenger; later ones
 *   «Confirmada» with their crew;
 * - tomorrow: every other sheet «Confirmada» with its crew, the rest «Borrador» without assignments.
 * Vehicles (the smallest active coach, minibus or van that fits and is not in the workshop that
 * day; the boat for boat tours), the operator's Chofer and Guía, then freelance drivers and guides (persons), are
 * assigned first come, first served by departure time, never on two overlapping sheets.
 *
 * Call it from seedDemo inside its transaction, after seedBookings. Runs again harmlessly: only
 * departures without a sheet get one.
 */
export async function seedScheduleSheets(
  tx: DbOrTx,
  ctx: { ops: { teide: string; atlantico: string }; now?: Date },
): Promise<{ sheets: number; checkIns: number }> {
  const now = ctx.now ?? new Date();
  let sheets = 0;
  let checkIns = 0;
  for (const op of [ctx.ops.teide, ctx.ops.atlantico]) {
    const result = await seedOperator(tx, op, now);
    sheets += result.sheets;
    checkIns += result.checkIns;
  }
  return { sheets, checkIns };
}

type Interval = { startsAt: Date; endsAt: Date };

const MINUTE = 60_000;
const BOAT_TOUR = /catamar|barco|velero|ferry|cet[aá]ceos/i;

async function seedOperator(tx: DbOrTx, op: string, now: Date) {
  const [operator] = await tx
    .select({ timezone: tourOperators.timezone })
    .from(tourOperators)
    .where(eq(tourOperators.id, op));
  const tz = timeZoneOf(operator?.timezone);
  const today = todayIn(tz, now);

  const staffUsers = await tx
    .select({ id: users.id, level: users.level, fullName: users.fullName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.tourOperatorId, op),
        inArray(users.level, [LEVEL.TOUR_OPERATOR_ADMIN, LEVEL.OPERATOR, LEVEL.DRIVER, LEVEL.GUIDE]),
        eq(users.state, USER_STATE.ACTIVE),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(users.fullName));
  const planner = staffUsers.find((u) => u.level === LEVEL.OPERATOR) ?? staffUsers.find((u) => u.level === 1);
  const fleet = await tx
    .select({ id: vehicles.id, seats: vehicles.seats, type: vehicles.type })
    .from(vehicles)
    .where(and(eq(vehicles.tourOperatorId, op), eq(vehicles.state, VEHICLE_STATE.ACTIVE), isNull(vehicles.deletedAt)))
    .orderBy(asc(vehicles.seats), asc(vehicles.plate));
  const periods = await tx.select().from(vehicleUnavailabilities).where(eq(vehicleUnavailabilities.tourOperatorId, op));
  const freelancers = await tx
    .select({ id: persons.id, role: persons.role })
    .from(persons)
    .where(and(eq(persons.tourOperatorId, op), eq(persons.state, ACTIVE_STATE.ACTIVE), isNull(persons.deletedAt)))
    .orderBy(asc(persons.fullName));

  // What each resource is already doing (intervals), so nobody is on two overlapping sheets.
  const busy = new Map<string, Interval[]>();
  const isFree = (id: string, iv: Interval) => !(busy.get(id) ?? []).some((b) => intervalsOverlap(b, iv));
  const take = (id: string, iv: Interval) => busy.set(id, [...(busy.get(id) ?? []), iv]);
  const firstFree = <T extends { id: string }>(list: T[], iv: Interval) => list.find((x) => isFree(x.id, iv)) ?? null;

  let sheets = 0;
  let checkIns = 0;
  for (const offset of [-1, 0, 1]) {
    const date = addDays(today, offset);
    const departures = (await departuresService.listDeparturesToPlan(tx, { date, tourOperatorId: op })).filter(
      (d) => !d.sheetId,
    );
    const rows = await passengers.listRouteBookings(
      tx,
      departures.map((d) => d.departure.id),
    );
    for (const [i, d] of departures.entries()) {
      const iv = sheetInterval(date, d.departure.time, d.product.durationMinutes, tz);
      const mine = rows.filter((r) => r.booking.departureId === d.departure.id);
      const onRoute = mine.map((r) => toRouteBooking(r, d.product.pickupEnabled));
      const stops = buildPickupRoute(
        onRoute,
        { address: d.product.meetingPoint, latLng: d.product.meetingLatLng },
        d.departure.time,
      );
      const seats = mine.reduce((n, r) => n + r.booking.seats, 0);
      const ended = now.getTime() >= iv.endsAt.getTime();
      const started = now.getTime() >= iv.startsAt.getTime();
      const state =
        offset < 0 || ended ? 'done' : started ? 'in_progress' : offset === 0 || i % 2 === 0 ? 'ready' : 'draft';

      // Crew and vehicle (a draft of tomorrow is left for the office to plan).
      let vehicleId: string | null = null;
      let driverId: string | null = null;
      let guideId: string | null = null;
      const personIds: string[] = [];
      if (state !== 'draft') {
        const isBoat = BOAT_TOUR.test(d.product.name);
        const usable = fleet.filter(
          (v) =>
            (v.type === 'boat') === isBoat &&
            isFree(v.id, iv) &&
            !periods.some((p) => p.vehicleId === v.id && p.from <= date && p.to >= date),
        );
        // Coaches, minibuses and vans first; a 4x4 or a car only when nothing else fits.
        const offRoad = (v: { type: string }) => (v.type === '4x4' || v.type === 'car' ? 1 : 0);
        const vehicle =
          usable.filter((v) => v.seats >= seats).sort((a, b) => offRoad(a) - offRoad(b) || a.seats - b.seats)[0] ??
          null;
        const driver = isBoat
          ? null
          : firstFree(
              staffUsers.filter((u) => u.level === LEVEL.DRIVER),
              iv,
            );
        const guide = firstFree(
          staffUsers.filter((u) => u.level === LEVEL.GUIDE),
          iv,
        );
        vehicleId = vehicle?.id ?? null;
        driverId = driver?.id ?? null;
        guideId = guide?.id ?? null;
        if (!driver && !isBoat) {
          const p = firstFree(
            freelancers.filter((f) => f.role === 'driver'),
            iv,
          );
          if (p) personIds.push(p.id);
        }
        if (!guide) {
          const p = firstFree(
            freelancers.filter((f) => f.role === 'guide'),
            iv,
          );
          if (p) personIds.push(p.id);
        }
        for (const id of [vehicleId, driverId, guideId, ...personIds]) if (id) take(id, iv);
      }

      const finishedAt = new Date(Math.min(iv.endsAt.getTime() + 15 * MINUTE, now.getTime()));
      const sheet = await repo.insertSheet(tx, {
        tourOperatorId: op,
        productId: d.product.id,
        departureId: d.departure.id,
        date,
        time: d.departure.time,
        ...iv,
        vehicleId,
        driverId,
        guideId,
        origin: defaultOrigin(stops, d.product.meetingPoint),
        destination: d.product.name,
        state,
        startedAt: state === 'done' || state === 'in_progress' ? iv.startsAt : null,
        finishedAt: state === 'done' ? finishedAt : null,
        createdBy: planner?.id ?? null,
        createdAt: new Date(iv.startsAt.getTime() - (offset + 2) * 24 * 60 * MINUTE),
        updatedAt: state === 'done' ? finishedAt : now,
      });
      if (!sheet) continue;
      sheets += 1;
      await repo.replaceSheetPersons(tx, op, sheet.id, personIds);

      // Check-ins the bookings' states imply.
      const actor = guideId ?? driverId;
      const passengers = onRoute.map((r) => r.passenger).sort(byCustomerName);
      const log: Parameters<typeof repo.insertCheckIns>[1] = [];
      for (const [k, p] of passengers.entries()) {
        const row = mine.find((r) => r.booking.id === p.booking_id);
        if (!row) continue;
        const b = row.booking;
        const boarded =
          state === 'done'
            ? b.state === 'completed'
            : state === 'in_progress' &&
              (b.state === 'confirmed' || b.state === 'pending') &&
              k < passengers.length - 1;
        if (boarded) {
          const pickup =
            b.pickupTime && d.product.pickupEnabled ? zonedDateTimeToInstant(date, b.pickupTime, tz) : null;
          const at = new Date(
            Math.min((pickup ?? new Date(iv.startsAt.getTime() - 10 * MINUTE)).getTime(), now.getTime()),
          );
          // A running tour: its passengers checked in through the bookings service (a finished
          // one's were, with its bookings: seed/bookings.ts).
          const crew = staffUsers.find((u) => u.id === actor);
          if (state === 'in_progress' && crew) {
            await bookings.checkInBooking(
              tx,
              { tourOperatorId: op, departureId: d.departure.id },
              { id: b.id },
              {
                actor: staffActor({ ...crew, tourOperatorId: op }),
                now: at,
                present: true,
                method: (['scan', 'tap', 'locator'] as const)[k % 3],
                overrideReason: null,
                summarySuffix: '',
              },
            );
          }
          log.push({
            tourOperatorId: op,
            sheetId: sheet.id,
            bookingId: b.id,
            action: 'present',
            method: (['scan', 'tap', 'locator'] as const)[k % 3],
            actorId: actor,
            createdAt: at,
          });
        } else if (state === 'done' && b.state === 'no_show') {
          log.push({
            tourOperatorId: op,
            sheetId: sheet.id,
            bookingId: b.id,
            action: 'no_show',
            method: 'finish',
            actorId: actor,
            createdAt: finishedAt,
          });
        }
      }
      await repo.insertCheckIns(tx, log);
      checkIns += log.length;
    }
  }
  return { sheets, checkIns };
}
