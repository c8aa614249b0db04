import { MSG, type TPersonCreateRequest, type TPersonUpdateRequest } from '@trayecto/shared';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import type { ListParams } from '../../lib/filters';
import { type Actor, isAdmin, tenantForWrite } from '../../lib/tenant';
import { findTourOperatorRow } from '../tour-operators/tour-operators.service';
import { toPersonResponse } from './persons.mapper';
import * as repo from './persons.repository';

const WHAT = 'La persona';

/** Languages are stored once each, in the order given. */
const uniqueLanguages = (languages: string[] | undefined) => (languages ? [...new Set(languages)] : undefined);

/**
 * The operator a new person belongs to: the caller's own; the administrator must name one that
 * exists (a person always works for an operator).
 */
async function resolveOperator(db: DbOrTx, actor: Actor, requested: string | null | undefined) {
  const id = tenantForWrite(actor, requested);
  if (!id) {
    throw new AppError({
      code: 'VALIDATION',
      message: 'Indica el tour operador de la persona',
      errors: { tour_operator_id: [MSG.required] },
    });
  }
  if (isAdmin(actor) && !(await findTourOperatorRow(db, id))) {
    throw fieldError('VALIDATION', 'tour_operator_id', 'El tour operador no existe');
  }
  return id;
}

export async function listPersons(db: Db, actor: Actor, params: ListParams) {
  const { rows, total } = await repo.listPersons(db, actor, params);
  return { items: rows.map(toPersonResponse), total };
}

export async function getPerson(db: Db, actor: Actor, id: string) {
  const row = await repo.findVisiblePerson(db, actor, id);
  if (!row) throw notFound(WHAT);
  return toPersonResponse(row);
}

/** Creates a person (freelance guide, assistant, subcontracted driver…) of the caller's operator. */
export async function createPerson(db: Db, actor: Actor, body: TPersonCreateRequest) {
  return db.transaction(async (tx) => {
    const tourOperatorId = await resolveOperator(tx, actor, body.tour_operator_id);
    const row = await repo.insertPerson(tx, {
      tourOperatorId,
      fullName: body.full_name,
      documentId: body.document_id ?? '',
      documentExpiry: body.document_expiry ?? null,
      role: body.role,
      phone: body.phone ?? '',
      email: body.email ?? '',
      languages: uniqueLanguages(body.languages) ?? [],
      licenseNumber: body.license_number ?? '',
      licenseExpiry: body.license_expiry ?? null,
      state: body.state ?? 1,
      notes: body.notes ?? '',
    });
    return toPersonResponse(row);
  });
}

/**
 * Updates a person; fields not sent stay (null clears an expiry date). A person never changes
 * operator: the administrator naming another one gets 422.
 */
export async function updatePerson(db: Db, actor: Actor, id: string, body: TPersonUpdateRequest) {
  return db.transaction(async (tx) => {
    const current = await repo.findVisiblePerson(tx, actor, id, { forUpdate: true });
    if (!current) throw notFound(WHAT);
    if (isAdmin(actor) && body.tour_operator_id && body.tour_operator_id !== current.tourOperatorId) {
      const msg = 'Una persona no puede cambiar de tour operador';
      throw fieldError('VALIDATION', 'tour_operator_id', msg);
    }
    const row = await repo.updatePersonRow(tx, id, {
      fullName: body.full_name,
      documentId: body.document_id,
      documentExpiry: body.document_expiry,
      role: body.role,
      phone: body.phone,
      email: body.email,
      languages: uniqueLanguages(body.languages),
      licenseNumber: body.license_number,
      licenseExpiry: body.license_expiry,
      state: body.state,
      notes: body.notes,
    });
    if (!row) throw notFound(WHAT);
    return toPersonResponse(row);
  });
}

/** Soft delete (`deleted_at`): schedule sheets of later issues keep pointing at who worked on them. */
export async function deletePerson(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const current = await repo.findVisiblePerson(tx, actor, id, { forUpdate: true });
    if (!current) throw notFound(WHAT);
    await repo.updatePersonRow(tx, id, { deletedAt: new Date() });
  });
}
