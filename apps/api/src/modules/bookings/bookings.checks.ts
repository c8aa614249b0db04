/**
 * What a sale and an edit both check and work out against the database: the product sellable, the
 * departure open and on sale, the seats taken or refused, the pickup place and time, the seller's
 * commission, the payment state; and reading a booking back after a write.
 */
import {
  ACTIVE_STATE,
  displayDate,
  LEVEL,
  NO_SEATS_MESSAGE,
  PricingError,
  paymentStateOf,
  pickupTimeFor,
  plural,
  quoteBooking,
  SEAT_HOLDING_STATES,
  type TBookingResponse,
  type TBookingState,
  type TQuote,
  timeZoneOf,
  zonedDateTimeToInstant,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { AppError, fieldError, forbidden, notFound, validation } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import { isOnSale, ruleTimesOn } from '../departures/availability';
import * as departures from '../departures/departures.service';
import type { ProductRow } from '../products/products.mapper';
import * as refs from './booking-references.repository';
import { toBookingResponse } from './bookings.mapper';
import * as repo from './bookings.repository';
import { pickupRuleFor } from './bookings.rules';
import * as online from './online.repository';

export const NOT_FOUND = 'La reserva';

const CLOSED_MESSAGE = 'Salida cerrada';
const INACTIVE_PRODUCT_MESSAGE = 'El producto no está activo';

/** Levels that may sell past a product's sale cut-off (never past its capacity): 0, 1 and 3. */
const CUTOFF_OVERRIDE_LEVELS: readonly number[] = [LEVEL.ADMIN, LEVEL.TOUR_OPERATOR_ADMIN, LEVEL.OPERATOR];

export const isSeller = (actor: Actor) => actor.level === LEVEL.SELLER;
export const holdsSeats = (state: string) => SEAT_HOLDING_STATES.includes(state as TBookingState);

/**
 * The product to sell, visible to the actor and active (422 otherwise, on the product field), with
 * its operator's time zone and default seller commission.
 */
export async function loadSellableProduct(db: DbOrTx, actor: Actor, productId: string) {
  const row = await refs.findProductForSale(db, actor, productId);
  if (!row) throw noSuchProduct();
  assertActiveProduct(row.product);
  return { product: row.product, operator: operatorSettings(row.operator) };
}

/** 422 on the product field: not there for this actor. */
export const noSuchProduct = () => validation({ product_id: ['El producto no existe'] });

/** The operator's settings a sale needs. */
export type OperatorSettings = { timeZone: string; defaultCommissionPct: number };

/** 422 on the product field unless the product is on sale (state `active`). */
export function assertActiveProduct(product: Pick<ProductRow, 'state'>) {
  if (product.state !== 'active') throw fieldError('VALIDATION', 'product_id', INACTIVE_PRODUCT_MESSAGE);
}

export const operatorSettings = (op: {
  timezone: string;
  defaultCommissionPct: number | string;
}): OperatorSettings => ({
  timeZone: timeZoneOf(op.timezone),
  defaultCommissionPct: Number(op.defaultCommissionPct),
});

export async function loadOperator(db: DbOrTx, id: string) {
  const op = await refs.findOperatorSettings(db, id);
  if (!op) throw notFound('El tour operador');
  return operatorSettings(op);
}

/** quoteBooking with its errors as 422 on the right field. */
export function priced(
  product: ProductRow,
  date: string,
  pax: Partial<Record<string, number>>,
  discount: number,
): TQuote {
  try {
    return quoteBooking(product, date, pax, discount);
  } catch (err) {
    if (err instanceof PricingError) throw validation({ [err.field]: [err.message] }, err.message);
    throw err;
  }
}

type DepartureCheck = {
  product: ProductRow;
  date: string;
  time: string;
  timeZone: string;
  now: Date;
  /** The level of staff asking to sell past the sale cut-off (`override_cutoff`); null: refuse. */
  cutoffOverrideLevel: number | null;
};

/**
 * Whether seats may be taken on this departure now: one the product offers (its weekly rules or an
 * existing departure row), not closed (409 "Salida cerrada"), not started (422) and not past the
 * sale cut-off (422) unless staff of levels 0, 1 or 3 override it (a Vendedor cannot: 403).
 * The seats themselves are checked atomically later, by the conditional UPDATE.
 */
export async function checkDeparture(tx: DbOrTx, c: DepartureCheck) {
  const row = await departures.findDeparture(tx, { productId: c.product.id, date: c.date, time: c.time });
  return assertOnSale(row, c);
}

/**
 * {@link checkDeparture} on the departure row already read (or none yet): the sale reads it with
 * everything else in one statement (ADR 035).
 */
export function assertOnSale<T extends { closed: boolean }>(row: T | null | undefined, c: DepartureCheck) {
  const { product, date, time } = c;
  const offered = ruleTimesOn(date, product.availabilityRules, new Set()).includes(time);
  if (!row && !offered) {
    const m = `El producto no tiene salida el ${displayDate(date)} a las ${time}`;
    throw validation({ time: [m] }, m);
  }
  if (product.closedDates.includes(date)) {
    throw new AppError({
      code: 'DEPARTURE_CLOSED',
      message: CLOSED_MESSAGE,
      errors: { date: [`El producto no opera el ${displayDate(date)}`] },
    });
  }
  if (row?.closed) throw fieldError('DEPARTURE_CLOSED', 'time', CLOSED_MESSAGE);
  const start = zonedDateTimeToInstant(date, time, c.timeZone).getTime();
  if (start <= c.now.getTime()) {
    throw fieldError('DEPARTURE_STARTED', 'date', 'La salida ya ha pasado');
  }
  if (!isOnSale(date, time, product.bookingCutoffHours, c.timeZone, c.now)) {
    const m = `La venta de esta salida cerró ${plural(product.bookingCutoffHours, 'hora', 'horas')} antes de la salida`;
    if (c.cutoffOverrideLevel === null) throw fieldError('CUT_OFF_PASSED', 'time', m);
    if (!CUTOFF_OVERRIDE_LEVELS.includes(c.cutoffOverrideLevel)) {
      throw forbidden('Tu rol no puede vender pasado el cierre de venta');
    }
  }
  return row;
}

/** Takes seats with the conditional UPDATE; 409 when the departure is closed or cannot take them. */
export async function takeSeatsOrRefuse(tx: DbOrTx, departureId: string, seats: number) {
  const taken = await departures.takeSeats(tx, departureId, seats);
  if (taken) return;
  await refuseSeats(tx, departureId);
}

/** The answer to a departure that did not take a sale's seats: closed (422), or the seats left (409). */
export async function refuseSeats(db: DbOrTx, departureId: string): Promise<never> {
  const dep = await departures.findDepartureById(db, departureId);
  if (dep?.closed) throw fieldError('DEPARTURE_CLOSED', 'time', CLOSED_MESSAGE);
  throw noSeats(dep ? dep.capacity - dep.seatsTaken : 0);
}

/** 409 "No quedan plazas suficientes", saying how many are left. */
export function noSeats(seatsLeft: number) {
  const left = Math.max(0, seatsLeft);
  return new AppError({
    code: 'NO_SEATS',
    message: NO_SEATS_MESSAGE,
    errors: {
      pax: [left === 0 ? 'La salida está completa' : `Solo ${left === 1 ? 'queda 1 plaza' : `quedan ${left} plazas`}`],
    },
  });
}

/** Checks an accommodation the operator may use; returns the place its customers are collected at. */
export async function usablePlace(tx: DbOrTx, tourOperatorId: string, id: string) {
  const row = await refs.findUsableAccommodation(tx, tourOperatorId, id);
  return placeOf(assertUsable(row));
}

/** 422 on the accommodation field unless it was found (live, the operator's or shared) and is active. */
export function assertUsable<T extends { accommodation: { state: number | string } | null }>(
  row: T | null | undefined,
) {
  if (!row?.accommodation) throw validation({ accommodation_id: ['El alojamiento no existe o no está disponible'] });
  if (row.accommodation.state !== ACTIVE_STATE.ACTIVE)
    throw validation({ accommodation_id: ['El alojamiento no está activo'] });
  return row as T & { accommodation: NonNullable<T['accommodation']> };
}

export function placeOf(row: NonNullable<Awaited<ReturnType<typeof refs.findUsableAccommodation>>>) {
  // "Hotel X, recoger en Hotel Y": the customer is collected at Y, at Y's time.
  return row.pickupAt?.id ? { id: row.pickupAt.id, zone: row.pickupAt.zone } : row.accommodation;
}

/** The pickup time the product gives a place at this departure time (null: no pickup there). */
export async function computedPickupTime(
  tx: DbOrTx,
  product: ProductRow,
  place: { id: string; zone: string } | null,
  time: string,
) {
  if (!place || !product.pickupEnabled) return null;
  const entries = await refs.listPickupEntries(tx, product.id);
  return pickupTimeFor(time, pickupRuleFor(entries, place));
}

export async function sellerCommission(tx: DbOrTx, tourOperatorId: string, sellerId: string, defaultPct: number) {
  return commissionOf(await refs.findSeller(tx, tourOperatorId, sellerId), defaultPct);
}

/** The seller's commission (their own, else the operator's default); 422 when no such seller was found. */
export function commissionOf(
  seller: { id: string | null; commissionPct: number | string | null } | null | undefined,
  defaultPct: number,
) {
  if (!seller?.id) throw validation({ seller_id: ['El vendedor no existe o no es un vendedor de este tour operador'] });
  return seller.commissionPct === null ? defaultPct : Number(seller.commissionPct);
}

/** Payment state from the amounts: paymentStateOf takes what the customer has paid net of refunds. */
export const paymentStateFor = (total: number, paid: number, refunded: number) =>
  paymentStateOf(total, paid - refunded, refunded);

export async function readBooking(db: DbOrTx, id: string): Promise<TBookingResponse> {
  const row = await repo.findBookingView(db, id);
  if (!row) throw notFound(NOT_FOUND);
  const links = await online.listLinks(db, [id]);
  return toBookingResponse({ ...row, links: links.get(id) ?? [] });
}
