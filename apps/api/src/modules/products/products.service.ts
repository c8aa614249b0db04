import {
  DEPOSIT_NOT_ALLOWED_MESSAGE,
  DEPOSIT_REQUIRED_MESSAGE,
  displayDate,
  LEVEL,
  MSG,
  type TAvailabilitySlot,
  type TDepartureUpdateRequest,
  type TProductCreateRequest,
  type TProductUpdateRequest,
  taxesOf,
  taxRateNotAllowed,
  timeZoneOf,
  todayIn,
} from '@trayecto/shared';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, type FieldErrors, fieldError, forbidden, notFound, validation } from '../../lib/app-error';
import { isConstraintViolation } from '../../lib/db-errors';
import type { ListParams } from '../../lib/filters';
import { type Actor, isAdmin, tenantForWrite } from '../../lib/tenant';
import * as departures from '../departures/departures.service';
import { storedQuestions } from './product-questions';
import { mergeTranslations } from './product-translations';
import { type ProductWithOperator, toProductResponse } from './products.mapper';
import * as repo from './products.repository';

// What other modules read of a product the actor may see (sales, the calendar, a departure's cancel).
export { findVisibleProduct, lockVisibleProduct } from './products.repository';

import { sanitizeRichText } from './rich-text';

const NOT_FOUND = 'El producto';

const CODE_TAKEN = 'Ya existe un producto con ese código';
const codeTaken = () => fieldError('CODE_TAKEN', 'code', CODE_TAKEN);

/** The only fields an Operador (level 3) may change on a product: its availability. */
const AVAILABILITY_FIELDS = new Set(['availability_rules', 'closed_dates']);
const OPERATOR_MAY_ONLY_EDIT_AVAILABILITY =
  'Tu rol solo puede modificar la disponibilidad del producto (reglas semanales y días cerrados)';

/**
 * Loads pickups and images of these products in two queries and maps them to responses. With
 * `fields` (a list's `fields=`, ADR 054; the list route keeps only those) the pickups and images
 * are read only if asked for.
 */
async function toResponses(db: DbOrTx, rows: ProductWithOperator[], fields?: ReadonlySet<string>) {
  const ids = rows.map((r) => r.product.id);
  const [pickups, images] = await Promise.all([
    !fields || fields.has('pickups') ? repo.listPickups(db, ids) : [],
    !fields || fields.has('images') ? repo.listImages(db, ids) : [],
  ]);
  return rows.map((r) =>
    toProductResponse(
      r,
      pickups.filter((p) => p.pickup.productId === r.product.id),
      images.filter((i) => i.productId === r.product.id),
    ),
  );
}

async function readProduct(db: DbOrTx, id: string) {
  const row = await repo.findProductById(db, id);
  if (!row) throw notFound(NOT_FOUND);
  const [response] = await toResponses(db, [row]);
  return response;
}

/** Body fields → columns; undefined stays undefined (not sent = not changed). */
function columnsOf(body: TProductUpdateRequest) {
  return {
    code: body.code,
    name: body.name,
    shortDescription: body.short_description,
    description: body.description === undefined ? undefined : sanitizeRichText(body.description),
    durationMinutes: body.duration_minutes,
    languages: body.languages,
    meetingPoint: body.meeting_point,
    meetingLatLng: body.meeting_lat_lng,
    pickupEnabled: body.pickup_enabled,
    includes: body.includes,
    excludes: body.excludes,
    whatToBring: body.what_to_bring,
    pickupNotes: body.pickup_notes,
    capacity: body.capacity,
    minPax: body.min_pax,
    bookingCutoffHours: body.booking_cutoff_hours,
    freeCancellationHours: body.free_cancellation_hours,
    instantConfirmation: body.instant_confirmation,
    bookingTerms: body.booking_terms,
    state: body.state,
    prices: body.prices,
    seasons: body.seasons,
    availabilityRules: body.availability_rules,
    closedDates: body.closed_dates,
    questions: body.questions && storedQuestions(body.questions),
    taxRate: body.tax_rate,
    ...paymentColumnsOf(body),
  };
}

/** A product's tax rate must be one of its operator's territory (IGIC in the Canaries, IVA elsewhere). */
function checkTaxRate(territory: string, rate: number | undefined) {
  if (rate !== undefined && !taxesOf(territory).rates.includes(rate)) {
    throw validation({ tax_rate: [taxRateNotAllowed(territory)] });
  }
}

/**
 * The payment terms' columns (ADR 022): the mode, and the deposit's percentage or amount per
 * passenger (the other one null). A deposit sent without a mode keeps the stored mode (checked
 * against it by `checkPaymentTerms`).
 */
function paymentColumnsOf(body: Pick<TProductUpdateRequest, 'payment_mode' | 'deposit'>) {
  const out: { paymentMode?: string; depositPercent?: number | null; depositPerPaxCents?: number | null } = {};
  if (body.payment_mode !== undefined) out.paymentMode = body.payment_mode;
  if (body.deposit !== undefined || (body.payment_mode !== undefined && body.payment_mode !== 'deposit')) {
    out.depositPercent = body.deposit?.percent ?? null;
    out.depositPerPaxCents = body.deposit?.per_pax_cents ?? null;
  }
  return out;
}

/** An update's payment terms against the stored ones: a deposit mode keeps a deposit (422 otherwise). */
function checkPaymentTerms(
  product: { paymentMode: string; depositPercent: number | null; depositPerPaxCents: number | null },
  body: Pick<TProductUpdateRequest, 'payment_mode' | 'deposit'>,
) {
  if (body.payment_mode === undefined && body.deposit === undefined) return;
  const mode = body.payment_mode ?? product.paymentMode;
  const hasDeposit =
    body.deposit !== undefined
      ? body.deposit !== null
      : body.payment_mode !== undefined && body.payment_mode !== 'deposit'
        ? false
        : product.depositPercent !== null || product.depositPerPaxCents !== null;
  if (mode === 'deposit' && !hasDeposit) throw validation({ deposit: [DEPOSIT_REQUIRED_MESSAGE] });
  if (mode !== 'deposit' && hasDeposit) throw validation({ deposit: [DEPOSIT_NOT_ALLOWED_MESSAGE] });
}

/**
 * Checks a pickup list: no accommodation or zone twice, and every accommodation visible to the
 * product's operator (its own or the shared catalogue, not deleted). Errors name `pickups.N.…`.
 */
async function checkPickups(
  db: DbOrTx,
  tourOperatorId: string,
  pickups: NonNullable<TProductUpdateRequest['pickups']>,
) {
  const errors: FieldErrors = {};
  const seenAccommodations = new Set<string>();
  const seenZones = new Set<string>();
  pickups.forEach((p, i) => {
    if (p.accommodation_id) {
      if (seenAccommodations.has(p.accommodation_id)) {
        errors[`pickups.${i}.accommodation_id`] = ['Este alojamiento ya está en la lista de recogidas'];
      }
      seenAccommodations.add(p.accommodation_id);
    } else if (p.zone) {
      const key = p.zone.toLocaleLowerCase('es');
      if (seenZones.has(key)) errors[`pickups.${i}.zone`] = ['Esta zona ya está en la lista de recogidas'];
      seenZones.add(key);
    }
  });
  const usable = await repo.findUsableAccommodationIds(db, tourOperatorId, [...seenAccommodations]);
  pickups.forEach((p, i) => {
    if (p.accommodation_id && !usable.has(p.accommodation_id)) {
      errors[`pickups.${i}.accommodation_id`] = [
        'El alojamiento no existe o no está disponible para este tour operador',
      ];
    }
  });
  if (Object.keys(errors).length > 0) throw validation(errors);
}

export async function listProducts(db: Db, actor: Actor, params: ListParams) {
  const { rows, total } = await repo.listProducts(db, actor, params);
  return { items: await toResponses(db, rows, params.fields), total };
}

export async function getProduct(db: Db, actor: Actor, id: string) {
  const row = await repo.findVisibleProduct(db, actor, id);
  if (!row) throw notFound(NOT_FOUND);
  const [response] = await toResponses(db, [row]);
  return response;
}

/**
 * Creates a product for the caller's operator (the administrator names one). The code is unique
 * per operator among live products; the description is sanitised; pickups are checked.
 */
export async function createProduct(db: Db, actor: Actor, body: TProductCreateRequest) {
  return db.transaction(async (tx) => {
    const tourOperatorId = tenantForWrite(actor, body.tour_operator_id);
    if (!tourOperatorId) throw validation({ tour_operator_id: [MSG.required] });
    const operator = await repo.findOperator(tx, tourOperatorId);
    if (!operator) throw validation({ tour_operator_id: ['El tour operador no existe'] });
    checkTaxRate(operator.taxTerritory, body.tax_rate);
    if (await repo.codeInUse(tx, tourOperatorId, body.code)) throw codeTaken();
    if (body.pickups) await checkPickups(tx, tourOperatorId, body.pickups);
    let row: Awaited<ReturnType<typeof repo.insertProduct>>;
    try {
      row = await repo.insertProduct(tx, {
        ...columnsOf(body),
        taxRate: body.tax_rate ?? taxesOf(operator.taxTerritory).general,
        code: body.code,
        name: body.name,
        capacity: body.capacity,
        translations: mergeTranslations({}, body.translations),
        tourOperatorId,
      });
    } catch (err) {
      if (isConstraintViolation(err, '23505', 'products_tenant_code_key')) throw codeTaken();
      throw err;
    }
    if (body.pickups) await repo.replacePickups(tx, row, body.pickups);
    return readProduct(tx, row.id);
  });
}

/**
 * Updates a product: fields not sent stay; a list sent replaces the stored one (prices, seasons,
 * availability rules, closed dates, pickups…); `translations` replaces the languages it sends
 * (product-translations.ts). An Operador may only change the availability.
 * A new capacity is followed by the departures without their own, in the same transaction, and
 * refused (409) if one of them has sold more seats than that.
 */
export async function updateProduct(db: Db, actor: Actor, id: string, body: TProductUpdateRequest) {
  if (actor.level === LEVEL.OPERATOR) {
    const other = Object.entries(body).filter(
      ([k, v]) => v !== undefined && !AVAILABILITY_FIELDS.has(k) && k !== 'tour_operator_id',
    );
    if (other.length > 0) throw forbidden(OPERATOR_MAY_ONLY_EDIT_AVAILABILITY);
  }
  return db.transaction(async (tx) => {
    const product = await repo.lockVisibleProduct(tx, actor, id);
    if (!product) throw notFound(NOT_FOUND);
    if (isAdmin(actor) && body.tour_operator_id && body.tour_operator_id !== product.tourOperatorId) {
      throw validation({ tour_operator_id: ['No se puede cambiar el tour operador de un producto'] });
    }
    if (body.min_pax !== undefined || body.capacity !== undefined) {
      if ((body.min_pax ?? product.minPax) > (body.capacity ?? product.capacity)) {
        throw validation({ min_pax: ['El mínimo de pasajeros no puede superar las plazas'] });
      }
    }
    checkPaymentTerms(product, body);
    if (body.tax_rate !== undefined) {
      checkTaxRate((await repo.findOperator(tx, product.tourOperatorId))?.taxTerritory ?? '', body.tax_rate);
    }
    if (body.code !== undefined && (await repo.codeInUse(tx, product.tourOperatorId, body.code, id))) {
      throw codeTaken();
    }
    if (body.pickups !== undefined) {
      await checkPickups(tx, product.tourOperatorId, body.pickups);
      await repo.replacePickups(tx, product, body.pickups);
    }
    if (body.capacity !== undefined && body.capacity !== product.capacity) {
      await departures.followProductCapacity(tx, id, body.capacity);
    }
    try {
      await repo.updateProductRow(tx, id, {
        ...columnsOf(body),
        translations: body.translations && mergeTranslations(product.translations, body.translations),
      });
    } catch (err) {
      if (isConstraintViolation(err, '23505', 'products_tenant_code_key')) throw codeTaken();
      throw err;
    }
    return readProduct(tx, id);
  });
}

/**
 * Deletes a product: a soft delete (bookings keep pointing at it) that frees its code. Refused
 * while a departure from today on has seats sold: deactivate the product instead.
 */
export async function deleteProduct(db: Db, actor: Actor, id: string, now: Date) {
  await db.transaction(async (tx) => {
    const product = await repo.lockVisibleProduct(tx, actor, id);
    if (!product) throw notFound(NOT_FOUND);
    const operator = await repo.findOperator(tx, product.tourOperatorId);
    const today = todayIn(timeZoneOf(operator?.timezone), now);
    const sold = await departures.findSoldDepartureFrom(tx, id, today);
    if (sold) {
      throw new AppError({
        code: 'IN_USE',
        message: `El producto tiene plazas vendidas en salidas futuras (la primera, el ${displayDate(sold.date)} a las ${sold.time}); desactívalo en lugar de eliminarlo`,
      });
    }
    await repo.updateProductRow(tx, id, { deletedAt: now });
  });
}

/**
 * GET /products/{id}/availability: the departures of a product the actor may see between two dates
 * (at most 62 days), with capacity, seats taken and left, and whether each can still be sold at `now`.
 */
export async function getAvailability(
  db: Db,
  actor: Actor,
  id: string,
  range: { from: string; to: string },
  now: Date,
): Promise<TAvailabilitySlot[]> {
  const row = await repo.findVisibleProduct(db, actor, id);
  if (!row) throw notFound(NOT_FOUND);
  return departures.slotsOf(db, row.product, timeZoneOf(row.operator.timezone), range.from, range.to, now);
}

/**
 * PUT /products/{id}/departures: one departure of a product the actor may change, with the product
 * locked for the rest of the transaction (departures.service.ts `updateDeparture` has the rules).
 */
export async function updateDeparture(
  db: Db,
  actor: Actor,
  id: string,
  body: TDepartureUpdateRequest,
  now: Date,
): Promise<TAvailabilitySlot> {
  return db.transaction(async (tx) => {
    const product = await repo.lockVisibleProduct(tx, actor, id);
    if (!product) throw notFound(NOT_FOUND);
    const operator = await repo.findOperator(tx, product.tourOperatorId);
    return departures.updateDeparture(tx, product, timeZoneOf(operator?.timezone), body, now);
  });
}
