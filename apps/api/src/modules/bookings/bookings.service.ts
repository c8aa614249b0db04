import {
  ACTIVE_STATE,
  BOOKING_STATE_NAMES,
  commissionCents,
  isValidDate,
  LEVEL,
  NO_SEATS_MESSAGE,
  PricingError,
  parseTimestamp,
  paymentStateOf,
  pickupTimeFor,
  plural,
  quoteBooking,
  SEAT_HOLDING_STATES,
  type TBookingChannel,
  type TBookingCreateBody,
  type TBookingCreateRequest,
  type TBookingEventResponse,
  type TBookingResponse,
  type TBookingState,
  type TBookingUpdateRequest,
  type TQuote,
} from '@trayecto/shared';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, fieldError, forbidden, notFound, validation } from '../../lib/app-error';
import type { ListParams } from '../../lib/filters';
import { type Actor, isAdmin } from '../../lib/tenant';
import {
  type AuditContext,
  createdFields,
  fromChangeMap,
  nameReferences,
  recordAudit,
  staffAudit,
} from '../audit/audit.service';
import { isOnSale, ruleTimesOn, zonedDateTimeToInstant } from '../products/availability';
import type { ProductRow } from '../products/products.mapper';
import { displayDate, timeZoneOf } from '../products/products.service';
import { type BookingRow, toBookingResponse, toEventResponse } from './bookings.mapper';
import * as repo from './bookings.repository';
import {
  canTransition,
  departureOrder,
  newLocator,
  passengerErrors,
  paxOf,
  pickupRuleFor,
  samePax,
  transitionMessage,
} from './bookings.rules';

const NOT_FOUND = 'La reserva';

/** Lock waits inside a booking transaction are bounded: a busy departure answers 409, never hangs. */
export const LOCK_TIMEOUT = '3s';

export const STALE_MESSAGE = 'La reserva ha cambiado; recarga los datos';
export const CLOSED_MESSAGE = 'Salida cerrada';
export const INACTIVE_PRODUCT_MESSAGE = 'El producto no está activo';
export const CANCELLED_READ_ONLY = 'La reserva está cancelada y ya no se puede modificar';

/** Levels that may sell past a product's sale cut-off (never past its capacity): 0, 1 and 3. */
export const CUTOFF_OVERRIDE_LEVELS: readonly number[] = [LEVEL.ADMIN, LEVEL.TOUR_OPERATOR_ADMIN, LEVEL.OPERATOR];

const isSeller = (actor: Actor) => actor.level === LEVEL.SELLER;
const holdsSeats = (state: string) => SEAT_HOLDING_STATES.includes(state as TBookingState);

/** `SET LOCAL lock_timeout`: lasts until the end of this transaction. */
async function boundLockWaits(tx: DbOrTx) {
  await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
}

/**
 * Runs `fn` in a transaction of its own with bounded lock waits, or inside the caller's when `db`
 * already is one (the demo seed sells hundreds of bookings in one transaction: savepoints there
 * would only cost time, and a refusal must abort it anyway).
 */
export function inTransaction<T>(db: DbOrTx, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return fn(db);
  return (db as Db).transaction(async (tx) => {
    await boundLockWaits(tx);
    return fn(tx);
  });
}

/**
 * The product to sell, visible to the actor and active (422 otherwise, on the product field), with
 * its operator's time zone and default seller commission.
 */
export async function loadSellableProduct(db: DbOrTx, actor: Actor, productId: string) {
  const row = await repo.findProductForSale(db, actor, productId);
  if (!row) throw validation({ product_id: ['El producto no existe'] });
  if (row.product.state !== 'active') {
    throw fieldError('VALIDATION', 'product_id', INACTIVE_PRODUCT_MESSAGE);
  }
  return { product: row.product, operator: operatorSettings(row.operator) };
}

/** The operator's settings a sale needs. */
export type OperatorSettings = { timeZone: string; defaultCommissionPct: number };

const operatorSettings = (op: { timezone: string; defaultCommissionPct: number | string }): OperatorSettings => ({
  timeZone: timeZoneOf(op.timezone),
  defaultCommissionPct: Number(op.defaultCommissionPct),
});

export async function loadOperator(db: DbOrTx, id: string) {
  const op = await repo.findOperatorSettings(db, id);
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
async function checkDeparture(tx: DbOrTx, c: DepartureCheck) {
  const { product, date, time } = c;
  const row = await repo.findDeparture(tx, { productId: product.id, date, time });
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
async function takeSeatsOrRefuse(tx: DbOrTx, departureId: string, seats: number) {
  const taken = await repo.takeSeats(tx, departureId, seats);
  if (taken) return;
  const dep = await repo.findDepartureById(tx, departureId);
  if (dep?.closed) throw fieldError('DEPARTURE_CLOSED', 'time', CLOSED_MESSAGE);
  throw noSeats(dep ? dep.capacity - dep.seatsTaken : 0);
}

/** 409 "No quedan plazas suficientes", saying how many are left. */
function noSeats(seatsLeft: number) {
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
  const row = await repo.findUsableAccommodation(tx, tourOperatorId, id);
  if (!row) throw validation({ accommodation_id: ['El alojamiento no existe o no está disponible'] });
  if (row.accommodation.state !== ACTIVE_STATE.ACTIVE)
    throw validation({ accommodation_id: ['El alojamiento no está activo'] });
  return placeOf(row);
}

function placeOf(row: NonNullable<Awaited<ReturnType<typeof repo.findUsableAccommodation>>>) {
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
  const entries = await repo.listPickupEntries(tx, product.id);
  return pickupTimeFor(time, pickupRuleFor(entries, place));
}

async function sellerCommission(tx: DbOrTx, tourOperatorId: string, sellerId: string, defaultPct: number) {
  const seller = await repo.findSeller(tx, tourOperatorId, sellerId);
  if (!seller) throw validation({ seller_id: ['El vendedor no existe o no es un vendedor de este tour operador'] });
  return seller.commissionPct ?? defaultPct;
}

/** Payment state from the amounts: paymentStateOf takes what the customer has paid net of refunds. */
const paymentStateFor = (total: number, paid: number, refunded: number) =>
  paymentStateOf(total, paid - refunded, refunded);

/** The audit log's summary of a booking: "TRY-ABC123 · Lucía Pérez". */
export const bookingSummary = (b: { locator: string; customerName: string }) => `${b.locator} · ${b.customerName}`;

async function readBooking(db: DbOrTx, id: string): Promise<TBookingResponse> {
  const row = await repo.findBookingView(db, id);
  if (!row) throw notFound(NOT_FOUND);
  return toBookingResponse(row);
}

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

const CURSOR_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const CURSOR_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An opaque keyset cursor: the last row's position in the default ordering, base64url. */
export function encodeCursor(p: repo.KeysetPosition): string {
  return Buffer.from(JSON.stringify([p.date, p.time, p.createdAt, p.id])).toString('base64url');
}

export function decodeCursor(cursor: string): repo.KeysetPosition {
  const bad = () => fieldError('BAD_REQUEST', 'cursor', 'Cursor no válido');
  if (cursor.length > 300 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw bad();
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parts) || parts.length !== 4 || !parts.every((p) => typeof p === 'string')) throw bad();
  const [date, time, createdAt, id] = parts as string[];
  // The API's one date rule: a forged cursor with 2026-02-30 or year 0 is a 400, not a database error.
  if (!isValidDate(date) || !CURSOR_TIME.test(time) || !parseTimestamp(createdAt) || !CURSOR_UUID.test(id)) {
    throw bad();
  }
  return { date, time, createdAt, id };
}

/**
 * A page of the bookings the actor may read. With the default ordering the answer also carries
 * the keyset cursor of the next page (null on the last one); `cursor` pages without OFFSET.
 */
export async function listBookings(db: DbOrTx, actor: Actor, params: ListParams, cursor?: string) {
  const isDefaultSort =
    params.sort.map((s) => (s.dir === 'desc' ? `-${s.field}` : s.field)).join(',') === repo.KEYSET_SORT;
  if (cursor !== undefined && !isDefaultSort) {
    throw fieldError('BAD_REQUEST', 'cursor', 'El cursor solo sirve con el orden por defecto (date,time,created_at)');
  }
  const after = cursor !== undefined ? decodeCursor(cursor) : undefined;
  const { rows, total } = await repo.listBookings(db, actor, params, after);
  const hasMore = rows.length > params.perPage;
  const page = rows.slice(0, params.perPage);
  const last = page.at(-1);
  const nextCursor =
    isDefaultSort && hasMore && last
      ? encodeCursor({
          date: last.booking.date,
          time: last.booking.time,
          createdAt: last.createdAtExact,
          id: last.booking.id,
        })
      : null;
  return { items: page.map(toBookingResponse), total, nextCursor, hasMore };
}

export async function getBooking(db: DbOrTx, actor: Actor, id: string) {
  const row = await repo.findVisibleBooking(db, actor, id);
  if (!row) throw notFound(NOT_FOUND);
  return toBookingResponse(row);
}

/** The history of a booking the actor may read, oldest first. */
export async function listEvents(db: DbOrTx, actor: Actor, id: string): Promise<TBookingEventResponse[]> {
  const booking = await repo.findVisibleBooking(db, actor, id);
  if (!booking) throw notFound(NOT_FOUND);
  return (await repo.listEvents(db, id)).map((e) => toEventResponse(e, booking.booking.currency));
}

// ── Creating ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Creates a booking (PRODUCT.md §4) in one transaction: the product must be active and offer the
 * departure; prices, commission and pickup time come from the server's rules; seats are taken with
 * one conditional UPDATE of the departure row (409 "No quedan plazas suficientes", nothing written).
 */
export async function createBooking(
  db: DbOrTx,
  actor: Actor,
  body: TBookingCreateBody,
  now: Date,
): Promise<TBookingResponse> {
  if (isSeller(actor) && body.seller_id && body.seller_id !== actor.id) {
    throw forbidden('No puedes asignar la venta a otro vendedor');
  }
  if (isSeller(actor) && body.discount_cents) throw forbidden('Tu rol no puede aplicar descuentos');
  const id = await inTransaction(db, async (tx) => {
    const { product, operator } = await loadSellableProduct(tx, actor, body.product_id);
    if (isAdmin(actor) && body.tour_operator_id && body.tour_operator_id !== product.tourOperatorId) {
      throw validation({ tour_operator_id: ['El producto es de otro tour operador'] });
    }
    return sellInTransaction(tx, {
      product,
      operator,
      body,
      channel: isSeller(actor) ? 'seller' : (body.channel ?? 'office'),
      sellerId: isSeller(actor) ? actor.id : (body.seller_id ?? null),
      createdBy: actor.id,
      state: body.state ?? (product.instantConfirmation ? 'confirmed' : 'pending'),
      cutoffOverrideLevel: body.override_cutoff === true ? actor.level : null,
      now,
      audit: staffAudit(actor),
    });
  });
  return readBooking(db, id);
}

/** What a sale reads from its request: the staff create body, of which the public one is a subset. */
export type SaleBody = Pick<
  TBookingCreateRequest,
  | 'product_id'
  | 'date'
  | 'time'
  | 'pax'
  | 'customer_name'
  | 'customer_email'
  | 'customer_phone'
  | 'customer_country'
  | 'language'
  | 'accommodation_id'
  | 'room'
  | 'pickup_time'
  | 'notes'
  | 'internal_notes'
  | 'discount_cents'
  | 'discount_reason'
  | 'passengers'
>;

/** Everything one sale needs, whoever sells: staff ({@link createBooking}) or the customer (public API). */
export type Sale = {
  /** The product, already checked sellable by the caller (tenant scope, or public and active). */
  product: ProductRow;
  operator: OperatorSettings;
  body: SaleBody;
  channel: TBookingChannel;
  sellerId: string | null;
  /** The staff user who sells; null for the customer. */
  createdBy: string | null;
  state: 'pending' | 'confirmed';
  /** The level asking to sell past the sale cut-off; null: the cut-off applies (always for the public). */
  cutoffOverrideLevel: number | null;
  now: Date;
  /**
   * Runs inside the transaction once the booking and its history exist, right before its seats are
   * taken (the public API stores its idempotent response here, so both commit or neither).
   */
  beforeSeats?: (tx: DbOrTx, bookingId: string) => Promise<void>;
  /** Who sells, for the audit log: the staff user or the customer. */
  audit: AuditContext;
};

/**
 * The one sales path (PRODUCT.md §4), inside the caller's transaction: departure checks, prices,
 * the early 409 on a departure seen full, passengers, pickup, commission, the booking and its
 * `created` event, and last the conditional UPDATE that takes the seats. Returns the booking id.
 */
export async function sellInTransaction(tx: DbOrTx, sale: Sale): Promise<string> {
  const { product, operator, body, now } = sale;
  const existing = await checkDeparture(tx, {
    product,
    date: body.date,
    time: body.time,
    timeZone: operator.timeZone,
    now,
    cutoffOverrideLevel: sale.cutoffOverrideLevel,
  });
  const quote = priced(product, body.date, body.pax, body.discount_cents ?? 0);
  // Fast refusal on a departure already seen full: saves the inserts that the conditional
  // UPDATE would roll back (3× the answers on a sold-out departure, docs/benchmarks.md).
  // Only a shortcut: the conditional UPDATE below stays the guarantee.
  if (existing && existing.seatsTaken + quote.seats > existing.capacity) {
    throw noSeats(existing.capacity - existing.seatsTaken);
  }
  const passengers = (body.passengers ?? []).map((p) => ({ ...p, document_id: p.document_id ?? '' }));
  const paxErrors = passengerErrors(passengers, body.pax);
  if (paxErrors) throw validation(paxErrors);

  const accommodationId = body.accommodation_id ?? null;
  const place = accommodationId ? await usablePlace(tx, product.tourOperatorId, accommodationId) : null;
  const isOverridden = body.pickup_time !== undefined && body.pickup_time !== null;
  const pickupTime = isOverridden ? body.pickup_time : await computedPickupTime(tx, product, place, body.time);

  const { sellerId, state, channel } = sale;
  const commissionPct = sellerId
    ? await sellerCommission(tx, product.tourOperatorId, sellerId, operator.defaultCommissionPct)
    : null;

  const departureId =
    existing?.id ??
    (await repo.ensureDeparture(tx, {
      tourOperatorId: product.tourOperatorId,
      productId: product.id,
      date: body.date,
      time: body.time,
      capacity: product.capacity,
    }));
  const booking = await insertWithLocator(tx, {
    tourOperatorId: product.tourOperatorId,
    productId: product.id,
    departureId,
    date: body.date,
    time: body.time,
    lines: quote.lines,
    paxTotal: quote.pax_total,
    seats: quote.seats,
    subtotalCents: quote.subtotal_cents,
    discountCents: quote.discount_cents,
    discountReason: quote.discount_cents > 0 ? (body.discount_reason ?? '') : '',
    totalCents: quote.total_cents,
    paidCents: 0,
    refundedCents: 0,
    currency: product.currency,
    customerName: body.customer_name,
    customerEmail: body.customer_email ?? '',
    customerPhone: body.customer_phone ?? '',
    customerCountry: body.customer_country ?? '',
    language: body.language ?? 'es',
    accommodationId,
    room: body.room ?? '',
    pickupTime: pickupTime ?? null,
    pickupTimeOverridden: isOverridden,
    notes: body.notes ?? '',
    internalNotes: body.internal_notes ?? '',
    channel,
    sellerId,
    commissionPct,
    commissionCents: commissionCents(quote.total_cents, commissionPct),
    createdBy: sale.createdBy,
    state,
    paymentState: paymentStateFor(quote.total_cents, 0, 0),
    passengers,
    confirmedAt: state === 'confirmed' ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  await repo.insertEvents(tx, [
    {
      tourOperatorId: booking.tourOperatorId,
      bookingId: booking.id,
      type: 'created',
      actorId: sale.createdBy,
      createdAt: now,
      data: {
        product_id: product.id,
        date: body.date,
        time: body.time,
        pax: paxOf(quote.lines),
        total_cents: quote.total_cents,
        state,
        channel,
        seller_id: sellerId,
      },
    },
  ]);
  await recordAudit(tx, sale.audit, {
    tourOperatorId: booking.tourOperatorId,
    entityType: 'booking',
    entityId: booking.id,
    action: 'create',
    summary: bookingSummary(booking),
    at: now,
    changes: createdFields({
      product_id: { id: product.id, name: product.name },
      date: body.date,
      time: body.time,
      pax: paxOf(quote.lines),
      total_cents: quote.total_cents,
      state,
      channel,
      customer_name: booking.customerName,
    }),
  });
  if (sale.beforeSeats) await sale.beforeSeats(tx, booking.id);
  // Last statement before COMMIT: the departure row stays locked as briefly as possible.
  await takeSeatsOrRefuse(tx, departureId, quote.seats);
  return booking.id;
}

/**
 * Inserts with a fresh random locator; a collision with an existing one (ON CONFLICT DO NOTHING on
 * the unique locator, so the transaction is not aborted) is retried with another.
 */
async function insertWithLocator(tx: DbOrTx, values: Omit<Parameters<typeof repo.insertBooking>[1], 'locator'>) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const row = await repo.insertBookingIfLocatorFree(tx, { ...values, locator: newLocator() });
    if (row) return row;
  }
  throw new AppError({ code: 'INTERNAL', message: 'No se pudo generar un localizador único' });
}

// ── Editing ──────────────────────────────────────────────────────────────────────────────────────

type Change = { from: unknown; to: unknown };

/**
 * Edits a booking (fields not sent stay). Changing pax, date, time or product re-prices it and moves
 * its seats in the same transaction (release on the old departure, conditional take on the new
 * one; on the same departure only the difference). The state follows the state machine; cancelling
 * has its own endpoint. `version`, when sent, refuses a stale edit (409). Cancelled bookings are
 * read-only. On past departures staff still edit customer data and the state, but seats never move
 * into the past.
 */
export async function updateBooking(
  db: DbOrTx,
  actor: Actor,
  id: string,
  body: TBookingUpdateRequest,
  now: Date,
): Promise<TBookingResponse> {
  await inTransaction(db, async (tx) => {
    const cur = await repo.lockVisibleBooking(tx, actor, id);
    if (!cur) throw notFound(NOT_FOUND);
    if (body.version !== undefined && body.version !== cur.version) {
      throw fieldError('STALE_VERSION', 'version', STALE_MESSAGE);
    }
    if (cur.state === 'cancelled') throw new AppError({ code: 'STATE_CONFLICT', message: CANCELLED_READ_ONLY });
    if (body.state === 'cancelled') {
      const m = 'Para cancelar la reserva usa «Cancelar» e indica el motivo';
      throw fieldError('INVALID_STATE_TRANSITION', 'state', m);
    }
    const nextState = body.state ?? cur.state;
    const stateChanged = nextState !== cur.state;
    if (isSeller(actor)) {
      if (body.seller_id !== undefined && body.seller_id !== cur.sellerId) {
        throw forbidden('No puedes cambiar el vendedor de una reserva');
      }
      if (body.discount_cents !== undefined && body.discount_cents !== cur.discountCents) {
        throw forbidden('Tu rol no puede aplicar descuentos');
      }
      if (stateChanged && (nextState === 'completed' || nextState === 'no_show')) {
        throw forbidden('Solo la oficina marca una reserva como realizada o no presentada');
      }
    }
    if (stateChanged && !canTransition(cur.state, nextState)) {
      throw fieldError('INVALID_STATE_TRANSITION', 'state', transitionMessage(cur.state, nextState));
    }

    const productId = body.product_id ?? cur.productId;
    const date = body.date ?? cur.date;
    const time = body.time ?? cur.time;
    const departureChanged = productId !== cur.productId || date !== cur.date || time !== cur.time;
    const curPax = paxOf(cur.lines);
    const pax = body.pax ?? curPax;
    const paxChanged = !samePax(pax, curPax);
    const discount = body.discount_cents ?? cur.discountCents;
    const repricing = departureChanged || paxChanged;

    const operator = await loadOperator(tx, cur.tourOperatorId);
    let product: ProductRow;
    if (repricing) {
      product = (await loadSellableProduct(tx, actor, productId)).product;
      if (product.tourOperatorId !== cur.tourOperatorId) {
        throw validation({ product_id: ['El producto es de otro tour operador'] });
      }
    } else {
      const row = await repo.findProductRow(tx, cur.productId);
      if (!row) throw notFound('El producto');
      product = row;
    }

    // Price.
    let priceFields: Pick<
      BookingRow,
      'lines' | 'paxTotal' | 'seats' | 'subtotalCents' | 'discountCents' | 'totalCents'
    > = {
      lines: cur.lines,
      paxTotal: cur.paxTotal,
      seats: cur.seats,
      subtotalCents: cur.subtotalCents,
      discountCents: cur.discountCents,
      totalCents: cur.totalCents,
    };
    if (repricing) {
      const q = priced(product, date, pax, discount);
      priceFields = {
        lines: q.lines,
        paxTotal: q.pax_total,
        seats: q.seats,
        subtotalCents: q.subtotal_cents,
        discountCents: q.discount_cents,
        totalCents: q.total_cents,
      };
    } else if (discount !== cur.discountCents) {
      // Only the discount changed: the lines keep the prices they were sold at.
      if (discount > cur.subtotalCents) {
        const m = 'El descuento no puede superar el importe de la reserva';
        throw validation({ discount_cents: [m] }, m);
      }
      priceFields = { ...priceFields, discountCents: discount, totalCents: cur.subtotalCents - discount };
    }

    // Seats: where they were and where they go.
    const seatsBefore = holdsSeats(cur.state) ? cur.seats : 0;
    const seatsAfter = holdsSeats(nextState) ? priceFields.seats : 0;
    if (departureChanged || seatsAfter > seatsBefore) {
      await checkDeparture(tx, {
        product,
        date,
        time,
        timeZone: operator.timeZone,
        now,
        cutoffOverrideLevel: body.override_cutoff === true ? actor.level : null,
      });
    }
    if (stateChanged && (nextState === 'completed' || nextState === 'no_show')) {
      const start = zonedDateTimeToInstant(date, time, operator.timeZone).getTime();
      if (start > now.getTime()) {
        const m = `Solo se puede marcar como «${BOOKING_STATE_NAMES[nextState as TBookingState]}» una reserva cuya salida ya ha empezado`;
        throw fieldError('INVALID_STATE_TRANSITION', 'state', m);
      }
    }

    const passengers =
      body.passengers !== undefined
        ? body.passengers.map((p) => ({ ...p, document_id: p.document_id ?? '' }))
        : cur.passengers;
    if (body.passengers !== undefined || paxChanged) {
      const errors = passengerErrors(passengers, pax);
      if (errors) throw validation(errors);
    }

    // Pickup.
    const accommodationId = body.accommodation_id !== undefined ? body.accommodation_id : cur.accommodationId;
    const accommodationChanged = accommodationId !== cur.accommodationId;
    const overridden = body.pickup_time !== undefined ? body.pickup_time !== null : cur.pickupTimeOverridden;
    let place: { id: string; zone: string } | null = null;
    if (accommodationId && accommodationChanged) place = await usablePlace(tx, cur.tourOperatorId, accommodationId);
    let pickupTime = cur.pickupTime;
    if (overridden) {
      pickupTime = body.pickup_time ?? cur.pickupTime;
    } else if (accommodationChanged || departureChanged || cur.pickupTimeOverridden) {
      if (accommodationId && !place) {
        const row = await repo.findUsableAccommodation(tx, cur.tourOperatorId, accommodationId);
        place = row ? placeOf(row) : null;
      }
      pickupTime = await computedPickupTime(tx, product, place, time);
    }

    // Seller and commission (the rate is the seller's at the time of sale; it changes with the seller).
    const sellerId = body.seller_id !== undefined ? body.seller_id : cur.sellerId;
    let commissionPct = cur.commissionPct;
    if (sellerId !== cur.sellerId) {
      commissionPct = sellerId
        ? await sellerCommission(tx, cur.tourOperatorId, sellerId, operator.defaultCommissionPct)
        : null;
    }
    const channel = isSeller(actor) ? cur.channel : (body.channel ?? cur.channel);

    const next = {
      productId,
      date,
      time,
      ...priceFields,
      customerName: body.customer_name ?? cur.customerName,
      customerEmail: body.customer_email ?? cur.customerEmail,
      customerPhone: body.customer_phone ?? cur.customerPhone,
      customerCountry: body.customer_country ?? cur.customerCountry,
      language: body.language ?? cur.language,
      accommodationId,
      room: body.room ?? cur.room,
      pickupTime,
      pickupTimeOverridden: overridden,
      notes: body.notes ?? cur.notes,
      internalNotes: body.internal_notes ?? cur.internalNotes,
      channel,
      sellerId,
      commissionPct,
      commissionCents: commissionCents(priceFields.totalCents, commissionPct),
      discountReason: priceFields.discountCents > 0 ? (body.discount_reason ?? cur.discountReason) : '',
      passengers,
      paymentState: paymentStateFor(priceFields.totalCents, cur.paidCents, cur.refundedCents),
    };

    const changes: Record<string, Change> = {};
    const track = (field: string, from: unknown, to: unknown) => {
      if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
    };
    track('product_id', cur.productId, next.productId);
    track('date', cur.date, next.date);
    track('time', cur.time, next.time);
    track('pax', curPax, paxOf(next.lines));
    track('total_cents', cur.totalCents, next.totalCents);
    track('discount_cents', cur.discountCents, next.discountCents);
    track('discount_reason', cur.discountReason, next.discountReason);
    track('customer_name', cur.customerName, next.customerName);
    track('customer_email', cur.customerEmail, next.customerEmail);
    track('customer_phone', cur.customerPhone, next.customerPhone);
    track('customer_country', cur.customerCountry, next.customerCountry);
    track('language', cur.language, next.language);
    track('accommodation_id', cur.accommodationId, next.accommodationId);
    track('room', cur.room, next.room);
    track('pickup_time', cur.pickupTime, next.pickupTime);
    track('notes', cur.notes, next.notes);
    track('internal_notes', cur.internalNotes, next.internalNotes);
    track('channel', cur.channel, next.channel);
    track('seller_id', cur.sellerId, next.sellerId);
    track('commission_cents', cur.commissionCents, next.commissionCents);
    track('passengers', cur.passengers, next.passengers);
    const pickupFlagChanged = next.pickupTimeOverridden !== cur.pickupTimeOverridden;
    if (Object.keys(changes).length === 0 && !stateChanged && !pickupFlagChanged) return;

    const newDepartureId = departureChanged
      ? await repo.ensureDeparture(tx, {
          tourOperatorId: cur.tourOperatorId,
          productId,
          date,
          time,
          capacity: product.capacity,
        })
      : cur.departureId;

    await repo.updateBookingRow(tx, cur.id, {
      ...next,
      departureId: newDepartureId,
      state: nextState,
      confirmedAt: stateChanged && nextState === 'confirmed' ? now : cur.confirmedAt,
      version: cur.version + 1,
      updatedAt: now,
    });
    const events: Parameters<typeof repo.insertEvents>[1] = [];
    const event = (type: string, data: Record<string, unknown>) =>
      events.push({
        tourOperatorId: cur.tourOperatorId,
        bookingId: cur.id,
        type,
        data,
        actorId: actor.id,
        // Events of one request keep their order (same transaction, same clock reading).
        createdAt: new Date(now.getTime() + events.length),
      });
    if (Object.keys(changes).length > 0) event('updated', { changes });
    if (stateChanged) event('state_changed', { from: cur.state, to: nextState });
    await repo.insertEvents(tx, events);
    const audited = fromChangeMap(changes);
    if (stateChanged) audited.state = [cur.state, nextState];
    // (Only the hand-set pickup flag changed: not a value anyone reads, nothing to record.)
    if (Object.keys(audited).length > 0) {
      await recordAudit(tx, staffAudit(actor), {
        tourOperatorId: cur.tourOperatorId,
        entityType: 'booking',
        entityId: cur.id,
        action: Object.keys(changes).length === 0 && stateChanged ? 'state' : 'update',
        summary: bookingSummary({ locator: cur.locator, customerName: next.customerName }),
        at: now,
        changes: await nameReferences(
          tx,
          audited,
          { product_id: 'product', seller_id: 'user', accommodation_id: 'accommodation' },
          new Map([[product.id, product.name]]),
        ),
      });
    }

    // Seats last, in one order for every transaction (no deadlocks between crossing moves).
    if (newDepartureId === cur.departureId) {
      const diff = seatsAfter - seatsBefore;
      if (diff > 0) await takeSeatsOrRefuse(tx, cur.departureId, diff);
      if (diff < 0) await repo.releaseSeats(tx, cur.departureId, -diff);
    } else {
      const moves = [
        {
          id: cur.departureId,
          run: () => (seatsBefore > 0 ? repo.releaseSeats(tx, cur.departureId, seatsBefore) : undefined),
        },
        { id: newDepartureId, run: () => takeSeatsOrRefuse(tx, newDepartureId, seatsAfter) },
      ].sort(departureOrder);
      for (const m of moves) await m.run();
    }
  });
  return readBooking(db, id);
}

// ── Cancelling ───────────────────────────────────────────────────────────────────────────────────

/** Cancels a pending or confirmed booking with a reason and frees its seats (same transaction). */
export async function cancelBooking(db: DbOrTx, actor: Actor, id: string, reason: string, now: Date) {
  await inTransaction(db, async (tx) => {
    const cur = await repo.lockVisibleBooking(tx, actor, id);
    if (!cur) throw notFound(NOT_FOUND);
    await cancelLockedBooking(tx, cur, { reason, actorId: actor.id, now, audit: staffAudit(actor) });
  });
  return readBooking(db, id);
}

/**
 * The one cancel path, for a booking the caller locked in its transaction: only from a state that
 * may go to `cancelled`; records the reason and a `cancelled` event (`event` adds to its data) and
 * gives the seats back to the departure.
 */
export async function cancelLockedBooking(
  tx: DbOrTx,
  cur: BookingRow,
  c: { reason: string; actorId: string | null; now: Date; event?: Record<string, unknown>; audit: AuditContext },
) {
  if (cur.state === 'cancelled') {
    throw new AppError({ code: 'STATE_CONFLICT', message: 'La reserva ya está cancelada' });
  }
  if (!canTransition(cur.state, 'cancelled')) {
    throw fieldError('INVALID_STATE_TRANSITION', 'state', transitionMessage(cur.state, 'cancelled'));
  }
  await repo.updateBookingRow(tx, cur.id, {
    state: 'cancelled',
    cancelReason: c.reason,
    cancelledAt: c.now,
    version: cur.version + 1,
    updatedAt: c.now,
  });
  await repo.insertEvents(tx, [
    {
      tourOperatorId: cur.tourOperatorId,
      bookingId: cur.id,
      type: 'cancelled',
      actorId: c.actorId,
      createdAt: c.now,
      data: { reason: c.reason, from: cur.state, seats_released: holdsSeats(cur.state) ? cur.seats : 0, ...c.event },
    },
  ]);
  await recordAudit(tx, c.audit, {
    tourOperatorId: cur.tourOperatorId,
    entityType: 'booking',
    entityId: cur.id,
    action: 'cancel',
    summary: bookingSummary(cur),
    at: c.now,
    changes: { state: [cur.state, 'cancelled'], cancel_reason: [cur.cancelReason || null, c.reason] },
  });
  if (holdsSeats(cur.state) && cur.seats > 0) await repo.releaseSeats(tx, cur.departureId, cur.seats);
}
