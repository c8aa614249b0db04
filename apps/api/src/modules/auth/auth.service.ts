import {
  AUDIT_PASSWORD_MARKER,
  LEVEL,
  ME_MSG,
  normalizeEmail,
  type TLoginRequest,
  type TLoginResponse,
  type TMePasswordRequest,
  type TMePasswordResponse,
  type TMeUpdateRequest,
  TOUR_OPERATOR_STATE,
  USER_STATE,
} from '@trayecto/shared';
import type { Db } from '../../db/client';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { Actor } from '../../lib/tenant';
import { diffFields, recordAudit, staffAudit } from '../audit/audit.service';
import * as users from '../users/users.service';
import { auditedFields, toUserResponse, userSummary } from '../users/users.service';
import { createLoginThrottle, type ThrottleOptions } from './auth.throttle';
import type { TokenService } from './auth.tokens';

/** The same answer for an unknown e-mail and a wrong password (PRODUCT.md §2). */
const WRONG = 'Correo electrónico o contraseña incorrectos';

/**
 * Signs a user in: throttled per account and per address; only active users of active operators;
 * answers the spec's `token` + `user.id`, `user.name`.
 */
export async function login(
  db: Db,
  tokens: TokenService,
  throttle: ThrottleOptions,
  body: TLoginRequest,
  ip: string,
): Promise<TLoginResponse> {
  const email = normalizeEmail(body.email);
  const limiter = createLoginThrottle(db, throttle);
  await limiter.assertAllowed(email, ip);
  const found = await users.findUserForLogin(db, email);
  const ok = await verifyPassword(found?.user.passwordHash, body.password);
  if (!found || !ok) {
    await limiter.recordFailure(email, ip);
    throw new AppError({ code: 'INVALID_CREDENTIALS', message: WRONG });
  }
  const { user, operatorState } = found;
  if (user.state !== USER_STATE.ACTIVE) {
    throw new AppError({
      code: 'ACCOUNT_INACTIVE',
      message: 'Tu usuario está inactivo. Contacta con tu administrador.',
    });
  }
  if (user.level !== LEVEL.ADMIN && operatorState !== TOUR_OPERATOR_STATE.ACTIVE) {
    throw new AppError({
      code: 'ACCOUNT_INACTIVE',
      message: 'Tu tour operador está inactivo. Contacta con el administrador.',
    });
  }
  await limiter.recordSuccess(email);
  await users.touchLastLogin(db, user.id);
  const token = await tokens.sign({
    sub: user.id,
    level: user.level,
    tour_operator_id: user.tourOperatorId,
    ver: user.tokenVersion,
  });
  return {
    token,
    user: { id: user.id, name: user.fullName, level: user.level, tour_operator_id: user.tourOperatorId },
  };
}

/** Revokes every token of the caller at once (per-user token version). */
export async function logout(db: Db, actor: Actor) {
  await users.endSessions(db, actor.id);
}

export async function me(db: Db, actor: Actor) {
  const row = await users.findUserById(db, actor.id);
  if (!row) throw notFound('El usuario');
  return toUserResponse(row);
}

/**
 * "Mi cuenta": the caller changes their own name, phone or address (ZMeUpdateRequest); fields not
 * sent stay. Audited like an administrator's edit; no token is revoked (nothing of the token changed).
 */
export async function updateMe(db: Db, actor: Actor, body: TMeUpdateRequest) {
  return db.transaction(async (tx) => {
    const current = await users.findUserById(tx, actor.id);
    if (!current) throw notFound('El usuario');
    const updated = await users.updateOwnProfile(tx, actor.id, {
      fullName: body.full_name,
      phone: body.phone,
      address: body.address,
    });
    if (!updated) throw notFound('El usuario');
    const changes = diffFields(auditedFields(current.user), auditedFields(updated.user));
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, staffAudit(actor), {
        tourOperatorId: updated.user.tourOperatorId,
        entityType: 'user',
        entityId: actor.id,
        action: 'update',
        summary: userSummary(updated.user),
        changes,
      });
    }
    return toUserResponse(updated);
  });
}

/**
 * "Mi cuenta": the caller changes their own password, giving the current one. Wrong guesses are
 * throttled like sign-in attempts (per user and per address, counted apart from sign-in); a wrong
 * current password answers 422 on `current_password`. On success every earlier token of the user is
 * revoked (token version) and this session gets a fresh one; the audit log records the fact only.
 */
export async function changeMyPassword(
  db: Db,
  tokens: TokenService,
  throttle: ThrottleOptions,
  actor: Actor,
  body: TMePasswordRequest,
  ip: string,
): Promise<TMePasswordResponse> {
  const limiter = createLoginThrottle(db, throttle, 'password-change');
  await limiter.assertAllowed(actor.id, ip);
  const current = await users.findUserById(db, actor.id);
  if (!current) throw notFound('El usuario');
  if (!(await verifyPassword(current.user.passwordHash, body.current_password))) {
    // Outside any transaction: the failure is counted even though the request fails.
    await limiter.recordFailure(actor.id, ip);
    throw fieldError('CURRENT_PASSWORD_WRONG', 'current_password', ME_MSG.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(body.password);
  const user = await db.transaction(async (tx) => {
    await users.setPassword(tx, actor.id, passwordHash);
    const updated = await users.findUserById(tx, actor.id);
    if (!updated) throw notFound('El usuario');
    await recordAudit(tx, staffAudit(actor), {
      tourOperatorId: updated.user.tourOperatorId,
      entityType: 'user',
      entityId: actor.id,
      action: 'update',
      summary: userSummary(updated.user),
      // Only the fact: neither the password nor its hash is ever written to the log.
      changes: { password: [null, AUDIT_PASSWORD_MARKER] },
    });
    return updated.user;
  });
  await limiter.recordSuccess(actor.id);
  const token = await tokens.sign({
    sub: user.id,
    level: user.level,
    tour_operator_id: user.tourOperatorId,
    ver: user.tokenVersion,
  });
  return {
    token,
    user: { id: user.id, name: user.fullName, level: user.level, tour_operator_id: user.tourOperatorId },
  };
}
