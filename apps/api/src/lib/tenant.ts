import { LEVEL } from '@trayecto/shared';
import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ShapeBinder } from '../db/select-template';
import { forbidden } from './app-error';

/** Who is calling: read from the verified token and the users table on every request. */
export type Actor = {
  id: string;
  level: number;
  tourOperatorId: string | null;
  fullName: string;
  /** For the audit log's "Nombre <email>"; absent on actors built outside a request (seed, tests). */
  email?: string;
  /** The request that acts (req.id) and its client address (req.ip), for the audit log. */
  requestId?: string;
  ip?: string;
};

export const isAdmin = (actor: Actor) => actor.level === LEVEL.ADMIN;

/**
 * The tenant scope, applied in the repositories (PRODUCT.md §3): the administrator sees every
 * operator; everyone else only rows of their own operator. With a binder (ADR 052), the operator is
 * a placeholder of the list's template.
 */
export function tenantScope(column: AnyPgColumn, actor: Actor, binder?: ShapeBinder): SQL | undefined {
  const operatorId = tenantOf(actor);
  binder?.shape(operatorId === null ? 'all-operators' : 'one-operator');
  if (operatorId === null) return undefined;
  return eq(column, binder ? binder.bind(operatorId, column) : operatorId);
}

/** The one operator whose rows the actor reaches: null for the administrator (every operator's). */
export function tenantOf(actor: Actor): string | null {
  if (isAdmin(actor)) return null;
  if (!actor.tourOperatorId) throw forbidden('Tu usuario no pertenece a ningún tour operador');
  return actor.tourOperatorId;
}

/**
 * The tour operator a new tenant row belongs to: the caller's own, unless the administrator names
 * one. A non-administrator's `tour_operator_id` in a body is ignored (no mass assignment).
 */
export function tenantForWrite(actor: Actor, requested: string | null | undefined): string | null {
  if (isAdmin(actor)) return requested ?? null;
  return actor.tourOperatorId;
}
