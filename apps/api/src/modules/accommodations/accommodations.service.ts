import type {
  TAccommodationCreateRequest,
  TAccommodationImportResponse,
  TAccommodationUpdateRequest,
} from '@trayecto/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { accommodations } from '../../db/schema';
import { AppError, fieldError, forbidden, notFound } from '../../lib/app-error';
import type { ListParams } from '../../lib/filters';
import { type Actor, isAdmin } from '../../lib/tenant';
import { findTourOperatorRow } from '../tour-operators/tour-operators.service';
import { duplicateKey, parseAccommodationCsv } from './accommodations.import';
import { type AccommodationRow, toAccommodationResponse } from './accommodations.mapper';
import * as repo from './accommodations.repository';

const WHAT = 'El alojamiento';
const SHARED_READ_ONLY =
  'Este alojamiento es del catálogo compartido: solo el administrador puede modificarlo o eliminarlo';
const ALREADY_EXISTS = 'Ya existe un alojamiento con ese nombre en esa zona';

const pickupError = (message: string) => fieldError('VALIDATION', 'pickup_at_id', message);

/**
 * Whose row a new accommodation (or an import) is: the caller's operator; the administrator's
 * choice otherwise — `null`/omitted for the shared catalogue, or an operator that exists.
 */
async function resolveOwner(db: DbOrTx, actor: Actor, requested: string | null | undefined) {
  if (!isAdmin(actor)) {
    if (!actor.tourOperatorId) throw forbidden('Tu usuario no pertenece a ningún tour operador');
    return actor.tourOperatorId;
  }
  if (!requested) return null;
  if (!(await findTourOperatorRow(db, requested))) {
    throw fieldError('VALIDATION', 'tour_operator_id', 'El tour operador no existe');
  }
  return requested;
}

/**
 * A live row the actor may change, locked for the transaction: another operator's → 404 (never
 * reveal it exists); a shared one for anyone but the administrator → 403.
 */
async function findWritable(tx: DbOrTx, actor: Actor, id: string): Promise<AccommodationRow> {
  const row = await repo.findLiveAccommodation(tx, id, { forUpdate: true });
  if (!row) throw notFound(WHAT);
  if (isAdmin(actor)) return row;
  if (row.tourOperatorId === null) throw forbidden(SHARED_READ_ONLY);
  if (row.tourOperatorId !== actor.tourOperatorId) throw notFound(WHAT);
  return row;
}

/**
 * "Recoger en" rules: the target is a live accommodation the row's operator sees (its own or the
 * shared catalogue; a shared row may only point at shared ones), not the row itself, and one
 * level deep only — the target is not collected elsewhere, and nothing is collected at a row that
 * is itself collected elsewhere (no chains, hence no cycles).
 */
async function assertPickupAt(tx: DbOrTx, owner: string | null, selfId: string | null, targetId: string) {
  if (selfId && targetId === selfId) throw pickupError('Un alojamiento no puede recogerse en sí mismo');
  const target = await repo.findLiveAccommodation(tx, targetId, { forUpdate: true });
  if (!target || (target.tourOperatorId !== null && target.tourOperatorId !== owner)) {
    throw pickupError('El alojamiento de recogida no existe');
  }
  if (owner === null && target.tourOperatorId !== null) {
    throw pickupError('Un alojamiento compartido solo puede recogerse en otro del catálogo compartido');
  }
  if (target.pickupAtId) {
    throw pickupError(`«${target.name}» ya se recoge en otro alojamiento; elige directamente ese`);
  }
  if (selfId) {
    const { total } = await repo.findPickupReferrers(tx, selfId, 1);
    if (total > 0) {
      throw pickupError('Otros alojamientos se recogen en este, así que no puede recogerse a su vez en otro');
    }
  }
}

async function respond(db: DbOrTx, actor: Actor, id: string) {
  const row = await repo.findReadableAccommodation(db, actor, id);
  if (!row) throw notFound(WHAT);
  return toAccommodationResponse(row);
}

export async function listAccommodations(db: Db, actor: Actor, params: ListParams) {
  const { rows, total } = await repo.listAccommodations(db, actor, params);
  return { items: rows.map(toAccommodationResponse), total };
}

export async function getAccommodation(db: Db, actor: Actor, id: string) {
  return respond(db, actor, id);
}

/**
 * Distinct zones the caller sees (own + shared), for pickup-by-zone lists. The administrator sees
 * every zone, or those an operator sees when naming it.
 */
export async function listZones(db: Db, actor: Actor, tourOperatorId?: string) {
  const scope = isAdmin(actor) && tourOperatorId ? repo.visibleToOperator(tourOperatorId) : repo.readableBy(actor);
  return repo.listZones(db, scope);
}

/** Creates an accommodation: the operator's own, or (administrator) shared or for an operator. */
export async function createAccommodation(db: Db, actor: Actor, body: TAccommodationCreateRequest) {
  return db.transaction(async (tx) => {
    const owner = await resolveOwner(tx, actor, body.tour_operator_id);
    if (body.pickup_at_id) await assertPickupAt(tx, owner, null, body.pickup_at_id);
    const row = await repo.insertAccommodation(tx, {
      tourOperatorId: owner,
      name: body.name,
      type: body.type ?? 'hotel',
      address: body.address ?? '',
      zone: body.zone ?? '',
      latLng: body.lat_lng ?? '',
      phone: body.phone ?? '',
      pickupPoint: body.pickup_point ?? '',
      pickupAtId: body.pickup_at_id ?? null,
      state: body.state ?? 1,
      notes: body.notes ?? '',
    });
    return respond(tx, actor, row.id);
  });
}

/**
 * Updates an accommodation; fields not sent stay (`pickup_at_id: null` clears "recoger en"). An
 * accommodation never changes owner — moving a shared row to an operator would break the other
 * operators' pickups — so the administrator naming another owner gets 422.
 */
export async function updateAccommodation(db: Db, actor: Actor, id: string, body: TAccommodationUpdateRequest) {
  return db.transaction(async (tx) => {
    const current = await findWritable(tx, actor, id);
    if (isAdmin(actor) && body.tour_operator_id !== undefined && body.tour_operator_id !== current.tourOperatorId) {
      const msg = 'Un alojamiento no puede cambiar de tour operador ni pasar al catálogo compartido o salir de él';
      throw fieldError('VALIDATION', 'tour_operator_id', msg);
    }
    if (body.pickup_at_id) await assertPickupAt(tx, current.tourOperatorId, id, body.pickup_at_id);
    const values: Partial<typeof accommodations.$inferInsert> = {
      name: body.name,
      type: body.type,
      address: body.address,
      zone: body.zone,
      latLng: body.lat_lng,
      phone: body.phone,
      pickupPoint: body.pickup_point,
      pickupAtId: body.pickup_at_id,
      state: body.state,
      notes: body.notes,
    };
    await repo.updateAccommodationRow(tx, id, values);
    return respond(tx, actor, id);
  });
}

/**
 * Deletes an accommodation. Always a soft delete (`deleted_at`): product pickups and bookings of
 * later issues keep pointing at the hotel they used, and a soft-deleted row vanishes from lists,
 * zones and "recoger en" choices. Refused (409) while other live accommodations are collected at
 * it: they would silently lose their pickup place.
 */
export async function deleteAccommodation(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    await findWritable(tx, actor, id);
    const { names, total } = await repo.findPickupReferrers(tx, id);
    if (total > 0) {
      const list = names.join(', ') + (total > names.length ? '…' : '');
      throw new AppError({
        code: 'IN_USE',
        message: `No se puede eliminar: ${total === 1 ? 'un alojamiento se recoge' : `${total} alojamientos se recogen`} en él (${list}). Cámbialos antes.`,
      });
    }
    await repo.updateAccommodationRow(tx, id, { deletedAt: new Date() });
  });
}

/**
 * Imports a CSV hotel list: every row is validated with the create contract; rows repeating the
 * name and zone of an accommodation the owner already sees (own or shared) or of an earlier row
 * are rejected; valid rows are created in one transaction (none with `dry_run`).
 */
export async function importAccommodations(
  db: Db,
  actor: Actor,
  body: { csv: string; tour_operator_id?: string | null; dry_run?: boolean },
): Promise<TAccommodationImportResponse> {
  const parsed = parseAccommodationCsv(body.csv);
  const dryRun = body.dry_run ?? false;
  return db.transaction(async (tx) => {
    const owner = await resolveOwner(tx, actor, body.tour_operator_id);
    const existing = new Set((await repo.listNamesAndZones(tx, owner)).map((r) => duplicateKey(r.name, r.zone)));
    const seenInFile = new Map<string, number>();
    const rejected: TAccommodationImportResponse['rejected'] = [];
    const toCreate: (typeof accommodations.$inferInsert)[] = [];
    for (const row of parsed) {
      if (!row.ok) {
        rejected.push({ line: row.line, name: row.name, errors: row.errors });
        continue;
      }
      const v = row.values;
      const key = duplicateKey(v.name, v.zone ?? '');
      if (existing.has(key)) {
        rejected.push({ line: row.line, name: row.name, errors: [ALREADY_EXISTS] });
        continue;
      }
      const earlier = seenInFile.get(key);
      if (earlier !== undefined) {
        rejected.push({ line: row.line, name: row.name, errors: [`Repetido: ya aparece en la línea ${earlier}`] });
        continue;
      }
      seenInFile.set(key, row.line);
      toCreate.push({
        tourOperatorId: owner,
        name: v.name,
        type: v.type ?? 'hotel',
        address: v.address ?? '',
        zone: v.zone ?? '',
        latLng: v.lat_lng ?? '',
        phone: v.phone ?? '',
        pickupPoint: v.pickup_point ?? '',
        notes: v.notes ?? '',
      });
    }
    if (!dryRun) await repo.insertAccommodations(tx, toCreate);
    return { created: toCreate.length, rejected, dry_run: dryRun };
  });
}
