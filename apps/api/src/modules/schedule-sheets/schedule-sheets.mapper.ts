import {
  missingAnswers,
  type TSheetCheckInWindow,
  type TSheetConflict,
  type TSheetPassenger,
  type TSheetResponse,
  type TSheetSummary,
  timeZoneOf,
} from '@trayecto/shared';
import { isoOf, isoOrNull } from '../../lib/instants';
import { pendingCents } from '../bookings/bookings.mapper';
import { paxOf } from '../bookings/bookings.rules';
import type { RouteBooking, RoutePlace } from './pickup-route';
import type { SheetPersonRow, SheetView } from './schedule-sheets.repository';
import type { BookingStats, PlaceColumns, RouteBookingRow } from './sheet-passengers.repository';

const iso = isoOrNull;

const NO_STATS: BookingStats = { bookingsCount: 0, pax: 0, seats: 0, checkedInPax: 0 };

/** A sheet as lists show it: assignments, counts and warnings. */
export function toSheetSummary(
  v: SheetView,
  extra: {
    stats?: BookingStats;
    persons: SheetPersonRow[];
    warnings: TSheetConflict[];
    checkInWindow: TSheetCheckInWindow;
  },
): TSheetSummary {
  const s = v.sheet;
  const stats = extra.stats ?? NO_STATS;
  return {
    id: s.id,
    tour_operator_id: s.tourOperatorId,
    timezone: timeZoneOf(v.operator.timezone),
    product: {
      id: v.product.id,
      code: v.product.code,
      name: v.product.name,
      duration_minutes: v.product.durationMinutes,
    },
    departure_id: s.departureId,
    date: s.date,
    time: s.time,
    starts_at: isoOf(s.startsAt),
    ends_at: isoOf(s.endsAt),
    state: s.state,
    vehicle: v.vehicle?.id
      ? { id: v.vehicle.id, plate: v.vehicle.plate, name: v.vehicle.name, seats: v.vehicle.seats }
      : null,
    driver: v.driver?.id ? { id: v.driver.id, full_name: v.driver.fullName, phone: v.driver.phone } : null,
    guide: v.guide?.id ? { id: v.guide.id, full_name: v.guide.fullName, phone: v.guide.phone } : null,
    persons: extra.persons.map((p) => ({ id: p.id, full_name: p.fullName, phone: p.phone, role: p.role })),
    bookings_count: stats.bookingsCount,
    pax: stats.pax,
    seats: stats.seats,
    capacity: v.capacity,
    checked_in_pax: stats.checkedInPax,
    check_in_window: extra.checkInWindow,
    warnings: extra.warnings,
    version: s.version,
    created_at: isoOf(s.createdAt),
    updated_at: isoOf(s.updatedAt),
  };
}

/** The place a customer is collected at: their accommodation, or the one it redirects to. */
export function placeOf(row: Pick<RouteBookingRow, 'accommodation' | 'pickupAt'>): RoutePlace | null {
  const p: PlaceColumns | null = row.pickupAt?.id ? row.pickupAt : row.accommodation?.id ? row.accommodation : null;
  return p ? { ...p } : null;
}

/** The product's required questions a booking has not answered, with their labels (ADR 024). */
function unansweredOf(row: RouteBookingRow): TSheetPassenger['unanswered'] {
  const questions = row.questions ?? [];
  if (questions.length === 0) return [];
  const byId = new Map(questions.map((q) => [q.id, q]));
  return missingAnswers(questions, row.booking.answers ?? [], row.booking.paxTotal).map((m) => {
    const q = byId.get(m.question_id);
    return { ...m, label: q?.label ?? '', kind: q?.kind ?? 'text' };
  });
}

export function toPassenger(row: RouteBookingRow): TSheetPassenger {
  const b = row.booking;
  const place = placeOf(row);
  return {
    booking_id: b.id,
    locator: b.locator,
    customer_name: b.customerName,
    customer_phone: b.customerPhone,
    language: b.language,
    pax: paxOf(b.lines),
    pax_total: b.paxTotal,
    seats: b.seats,
    state: b.state,
    payment_state: b.paymentState,
    pending_cents: pendingCents(b),
    collected_cents: row.collectedCents ?? 0,
    room: b.room,
    pickup_time: b.pickupTime,
    pickup_place: place?.name ?? null,
    notes: b.notes,
    sales_channel: row.channelName ?? null,
    reseller_reference: b.resellerReference ?? null,
    passengers: b.passengers.map((p) => ({ full_name: p.full_name, pax_type: p.pax_type })),
    answers: (b.answers ?? []).map((a) => ({
      question_id: a.question_id,
      passenger: a.passenger ?? null,
      label: a.label,
      kind: a.kind,
      value: a.value,
    })),
    unanswered: unansweredOf(row),
    checked_in_at: iso(b.checkedInAt),
    checked_in_by: row.checkedInBy?.id ? { id: row.checkedInBy.id, full_name: row.checkedInBy.fullName } : null,
  };
}

/**
 * A booking on the pickup route: at its place when the product picks up and the booking names
 * one; otherwise at the meeting point.
 */
export function toRouteBooking(row: RouteBookingRow, pickupEnabled: boolean): RouteBooking {
  const place = pickupEnabled ? placeOf(row) : null;
  return { passenger: toPassenger(row), place, pickupTime: place ? row.booking.pickupTime : null };
}

export function toSheetResponse(
  summary: TSheetSummary,
  v: SheetView,
  route: Pick<TSheetResponse, 'stops' | 'passengers'>,
): TSheetResponse {
  const s = v.sheet;
  return {
    ...summary,
    origin: s.origin,
    destination: s.destination,
    notes: s.notes,
    meeting_point: v.product.meetingPoint,
    company: {
      name: v.operator.name,
      legal_name: v.operator.legalName,
      tax_id: v.operator.taxId,
      phone: v.operator.phone,
      address: v.operator.address,
    },
    vehicle_detail: v.vehicle?.id
      ? {
          plate: v.vehicle.plate,
          transport_authorization: v.vehicle.transportAuthorization,
          type: v.vehicle.type,
          model: v.vehicle.model,
        }
      : null,
    stops: route.stops,
    passengers: route.passengers,
    started_at: iso(s.startedAt),
    finished_at: iso(s.finishedAt),
  };
}
