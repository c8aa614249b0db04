import { randomBytes } from 'node:crypto';
import {
  AUDIT_PASSWORD_MARKER,
  LEVEL,
  MANAGEABLE_LEVELS,
  MSG,
  normalizeEmail,
  type TUserCreateRequest,
  type TUserUpdateRequest,
  USER_STATE,
} from '@trayecto/shared';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, fieldError, forbidden, notFound } from '../../lib/app-error';
import type { ListParams } from '../../lib/filters';
import { hashPassword } from '../../lib/password';
import { type Actor, isAdmin, tenantForWrite } from '../../lib/tenant';
import { type AuditChanges, createdFields, diffFields, recordAudit, staffAudit } from '../audit/audit.service';
import { findTourOperatorRow } from '../tour-operators/tour-operators.service';
import { type Invitee, prepareInvitation, writeInvitation } from './users.invitations';
import { toUserResponse } from './users.mapper';
import {
  consumeResetToken,
  hashResetToken,
  insertResetToken,
  retireResetTokens,
} from './users.password-links.repository';
import * as repo from './users.repository';

// What other modules read of a user (sign-in, sessions, "Mi cuenta"): the owner's queries and shape.
export { toUserResponse } from './users.mapper';
export { findAuthState, findUserById, findUserForLogin, touchLastLogin } from './users.repository';

const NOT_FOUND = 'El usuario';
const emailTaken = () => fieldError('EMAIL_TAKEN', 'email', 'Ya existe un usuario con ese correo electrónico');

/** The audited fields of a user, as the API names them (never the password or its hash). */
export const auditedFields = (u: {
  fullName: string;
  email: string;
  phone: string;
  level: number;
  state: number;
  tourOperatorId: string | null;
  address: string;
  latLng: string;
  commissionPct: number | string | null;
}) => ({
  full_name: u.fullName,
  email: u.email,
  phone: u.phone,
  level: u.level,
  state: u.state,
  tour_operator_id: u.tourOperatorId,
  address: u.address,
  lat_lng: u.latLng,
  commission_pct: u.commissionPct === null ? null : Number(u.commissionPct),
});

export const userSummary = (u: { fullName: string; email: string }) => `${u.fullName} <${u.email}>`;

/** `state` alone is a state change, `level` alone a role change; anything else an edit. */
function userAction(changes: AuditChanges) {
  const keys = Object.keys(changes);
  if (keys.length === 1 && keys[0] === 'state') return 'state' as const;
  if (keys.length === 1 && keys[0] === 'level') return 'role' as const;
  return 'update' as const;
}

/** Whether the actor may give a user this level (level 1 manages levels 1–5 of its operator). */
function assertCanAssignLevel(actor: Actor, level: number) {
  if (!(MANAGEABLE_LEVELS[actor.level] ?? []).includes(level)) {
    throw forbidden('No tienes permiso para asignar ese rol');
  }
}

/** Resolves and checks the operator of a user with this level. */
async function resolveOperator(db: DbOrTx, actor: Actor, level: number, requested: string | null | undefined) {
  if (level === LEVEL.ADMIN) return null;
  const id = tenantForWrite(actor, requested);
  if (!id) throw fieldError('VALIDATION', 'tour_operator_id', MSG.tourOperatorRequired);
  const op = await findTourOperatorRow(db, id);
  if (!op) {
    throw fieldError('VALIDATION', 'tour_operator_id', 'El tour operador no existe');
  }
  return id;
}

export async function listUsers(db: Db, actor: Actor, params: ListParams) {
  const { rows, total } = await repo.listUsers(db, actor, params);
  return { items: rows.map(toUserResponse), total };
}

export async function getUser(db: Db, actor: Actor, id: string) {
  const row = await repo.findVisibleUser(db, actor, id);
  if (!row) throw notFound(NOT_FOUND);
  return toUserResponse(row);
}

/**
 * Creates a user (levels 0/1 only; route-guarded), hashing the password with Argon2id. An active
 * user gets an invitation to choose their own password in the same transaction (issue 14); without
 * a password from the form, the account has a random one nobody knows until they do.
 */
export async function createUser(db: Db, actor: Actor, body: TUserCreateRequest, ctx: { origin: string }) {
  assertCanAssignLevel(actor, body.level);
  const passwordHash = await hashPassword(body.password ?? randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    const tourOperatorId = await resolveOperator(tx, actor, body.level, body.tour_operator_id);
    if (await repo.emailInUse(tx, body.email)) throw emailTaken();
    const row = await repo.insertUser(tx, {
      fullName: body.full_name,
      email: body.email,
      phone: body.phone ?? '',
      level: body.level,
      state: body.state,
      tourOperatorId,
      address: body.address ?? '',
      latLng: body.lat_lng ?? '',
      commissionPct: body.commission_pct ?? null,
      passwordHash,
    });
    const created = await repo.findUserById(tx, row.id);
    if (!created) throw notFound(NOT_FOUND);
    await recordAudit(tx, staffAudit(actor), {
      tourOperatorId,
      entityType: 'user',
      entityId: row.id,
      action: 'create',
      summary: userSummary(created.user),
      changes: createdFields(auditedFields(created.user)),
    });
    if (created.user.state === USER_STATE.ACTIVE) await inviteInTransaction(tx, actor, created.user, ctx.origin);
    return toUserResponse(created);
  });
}

async function inviteInTransaction(tx: DbOrTx, actor: Actor, user: Invitee, origin: string) {
  const operator = user.tourOperatorId ? await findTourOperatorRow(tx, user.tourOperatorId) : undefined;
  const prepared = await prepareInvitation(user, {
    origin,
    invitedBy: actor.fullName,
    operatorName: operator?.name ?? null,
  });
  await writeInvitation(tx, user, prepared);
}

/**
 * POST /users/{id}/invitation: a new invitation link for a user the actor manages (a lost or
 * expired one); the earlier links stop working.
 */
export async function sendInvitation(db: Db, actor: Actor, id: string, ctx: { origin: string }) {
  await db.transaction(async (tx) => {
    const current = await repo.findVisibleUser(tx, actor, id);
    if (!current) throw notFound(NOT_FOUND);
    assertCanAssignLevel(actor, current.user.level);
    await retireResetTokens(tx, id);
    await inviteInTransaction(tx, actor, current.user, ctx.origin);
  });
}

/**
 * Updates a user; fields not sent stay as they are. Changing level, state or password revokes the
 * user's earlier tokens. Nobody changes their own level or state, or an account above their reach.
 */
export async function updateUser(db: Db, actor: Actor, id: string, body: TUserUpdateRequest) {
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return db.transaction(async (tx) => {
    const current = await repo.findVisibleUser(tx, actor, id);
    if (!current) throw notFound(NOT_FOUND);
    const user = current.user;
    assertCanAssignLevel(actor, user.level);
    const level = body.level ?? user.level;
    if (level !== user.level) assertCanAssignLevel(actor, level);
    const isSelf = actor.id === user.id;
    if (
      isSelf &&
      ((body.level !== undefined && body.level !== user.level) ||
        (body.state !== undefined && body.state !== user.state))
    ) {
      throw new AppError({
        code: 'VALIDATION',
        message: 'No puedes cambiar tu propio rol ni tu estado',
        errors: {
          [body.level !== undefined && body.level !== user.level ? 'level' : 'state']: [
            'No puedes cambiar tu propio rol ni tu estado',
          ],
        },
      });
    }
    let tourOperatorId = user.tourOperatorId;
    if (level === LEVEL.ADMIN) tourOperatorId = null;
    else if (isAdmin(actor)) {
      const requested = body.tour_operator_id !== undefined ? body.tour_operator_id : user.tourOperatorId;
      tourOperatorId = await resolveOperator(tx, actor, level, requested);
    }
    if (body.email && body.email !== normalizeEmail(user.email) && (await repo.emailInUse(tx, body.email, id))) {
      throw emailTaken();
    }
    const revokes =
      level !== user.level ||
      (body.state !== undefined && body.state !== user.state) ||
      passwordHash !== undefined ||
      tourOperatorId !== user.tourOperatorId;
    await repo.updateUserRow(tx, id, {
      fullName: body.full_name,
      email: body.email,
      phone: body.phone,
      level,
      state: body.state,
      tourOperatorId,
      address: body.address,
      latLng: body.lat_lng,
      commissionPct: body.commission_pct,
      passwordHash,
    });
    if (revokes) await repo.bumpTokenVersion(tx, id);
    const updated = await repo.findUserById(tx, id);
    if (!updated) throw notFound(NOT_FOUND);
    const changes = diffFields(auditedFields(user), auditedFields(updated.user));
    // Only the fact: neither the password nor its hash is ever written to the log.
    if (passwordHash !== undefined) changes.password = [null, AUDIT_PASSWORD_MARKER];
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, staffAudit(actor), {
        tourOperatorId: updated.user.tourOperatorId ?? user.tourOperatorId,
        entityType: 'user',
        entityId: id,
        action: userAction(changes),
        summary: userSummary(updated.user),
        changes,
      });
    }
    return toUserResponse(updated);
  });
}

/**
 * Deletes a user: soft delete (bookings and sheets keep pointing at who sold or drove), the
 * e-mail becomes free again and every token of the user stops working.
 */
export async function deleteUser(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const current = await repo.findVisibleUser(tx, actor, id);
    if (!current) throw notFound(NOT_FOUND);
    if (current.user.id === actor.id) {
      throw new AppError({ code: 'CONFLICT', message: 'No puedes eliminar tu propio usuario' });
    }
    assertCanAssignLevel(actor, current.user.level);
    await repo.updateUserRow(tx, id, { deletedAt: new Date(), state: 2 });
    await repo.bumpTokenVersion(tx, id);
    await recordAudit(tx, staffAudit(actor), {
      tourOperatorId: current.user.tourOperatorId,
      entityType: 'user',
      entityId: id,
      action: 'delete',
      summary: userSummary(current.user),
    });
  });
}

// ── Credentials: what the auth module changes of a user, through its owner ───────────────────────

/** A user's own data from "Mi cuenta" (name, phone, address); the row as it is afterwards. */
export async function updateOwnProfile(
  tx: DbOrTx,
  id: string,
  values: { fullName?: string; phone?: string; address?: string },
) {
  await repo.updateUserRow(tx, id, values);
  return repo.findUserById(tx, id);
}

/** Ends every session of the user (their tokens carry the old version). */
export async function endSessions(tx: DbOrTx, id: string) {
  await repo.bumpTokenVersion(tx, id);
}

/**
 * A new password (already hashed): every session ends and every outstanding password link stops
 * working, in the caller's transaction.
 */
export async function setPassword(tx: DbOrTx, id: string, passwordHash: string) {
  await repo.updateUserRow(tx, id, { passwordHash });
  await repo.bumpTokenVersion(tx, id);
  await retireResetTokens(tx, id);
}

/** Stores a link's token (only its hash) for `userId`, valid `validMinutes`. */
export async function issuePasswordLink(
  tx: DbOrTx,
  link: { id: string; userId: string; token: string; validMinutes: number; purpose?: 'reset' | 'invitation' },
) {
  await insertResetToken(tx, { ...link, tokenHash: hashResetToken(link.token) });
}

/** Uses a link's token once: the user it was for, or undefined (unknown, used or expired). */
export const consumePasswordLink = (tx: DbOrTx, token: string) => consumeResetToken(tx, hashResetToken(token));
