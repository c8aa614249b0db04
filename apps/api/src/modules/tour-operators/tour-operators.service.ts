import type { TTourOperatorCreateRequest, TTourOperatorUpdateRequest } from '@trayecto/shared';
import type { Db } from '../../db/client';
import type { tourOperators } from '../../db/schema';
import { forbidden, notFound } from '../../lib/app-error';
import type { ListParams } from '../../lib/filters';
import { type Actor, isAdmin } from '../../lib/tenant';
import { toTourOperatorResponse } from './tour-operators.mapper';
import * as repo from './tour-operators.repository';

const WHAT = 'El tour operador';

function toValues(body: TTourOperatorUpdateRequest): Partial<typeof tourOperators.$inferInsert> {
  return {
    name: body.name,
    legalName: body.legal_name,
    taxId: body.tax_id,
    email: body.email,
    phone: body.phone,
    address: body.address,
    website: body.website,
    logoUrl: body.logo_url,
    brandColor: body.brand_color,
    timezone: body.timezone || undefined,
    currency: body.currency || undefined,
    defaultCommissionPct: body.default_commission_pct,
    bookingTerms: body.booking_terms,
    state: body.state,
  };
}

export async function listTourOperators(db: Db, actor: Actor, params: ListParams) {
  const { rows, total } = await repo.listTourOperators(db, actor, params);
  return { items: rows.map(toTourOperatorResponse), total };
}

export async function getTourOperator(db: Db, actor: Actor, id: string) {
  const row = await repo.findVisibleTourOperator(db, actor, id);
  if (!row) throw notFound(WHAT);
  return toTourOperatorResponse(row);
}

/** Only the administrator creates tour operators (route-guarded). */
export async function createTourOperator(db: Db, actor: Actor, body: TTourOperatorCreateRequest) {
  return db.transaction(async (tx) => {
    const row = await repo.insertTourOperator(tx, {
      ...toValues(body),
      name: body.name,
    } as typeof tourOperators.$inferInsert);
    const created = await repo.findVisibleTourOperator(tx, actor, row.id);
    return toTourOperatorResponse(created ?? row);
  });
}

/**
 * Edits an operator: the administrator any, a level-1 admin its own. Only the administrator
 * activates or deactivates one (an inactive operator's users cannot sign in).
 */
export async function updateTourOperator(db: Db, actor: Actor, id: string, body: TTourOperatorUpdateRequest) {
  return db.transaction(async (tx) => {
    const current = await repo.findVisibleTourOperator(tx, actor, id);
    if (!current) throw notFound(WHAT);
    if (!isAdmin(actor) && body.state !== undefined && body.state !== current.state) {
      throw forbidden('Solo el administrador puede activar o desactivar un tour operador');
    }
    await repo.updateTourOperatorRow(tx, id, toValues(body));
    const updated = await repo.findVisibleTourOperator(tx, actor, id);
    if (!updated) throw notFound(WHAT);
    return toTourOperatorResponse(updated);
  });
}
