import { LEVEL, type TLoginRequest, type TLoginResponse } from '@trayecto/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';
import type { Actor } from '../../lib/tenant';
import { toUserResponse } from '../users/users.mapper';
import * as users from '../users/users.repository';
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
  const email = body.email.trim().toLowerCase();
  const limiter = createLoginThrottle(db, throttle);
  await limiter.assertAllowed(email, ip);
  const found = await users.findUserForLogin(db, email);
  const ok = await verifyPassword(found?.user.passwordHash, body.password);
  if (!found || !ok) {
    await limiter.recordFailure(email, ip);
    throw new AppError('UNAUTHORIZED', WRONG);
  }
  const { user, operatorState } = found;
  if (user.state !== 1) throw new AppError('UNAUTHORIZED', 'Tu usuario está inactivo. Contacta con tu administrador.');
  if (user.level !== LEVEL.ADMIN && operatorState !== 1) {
    throw new AppError('UNAUTHORIZED', 'Tu tour operador está inactivo. Contacta con el administrador.');
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
  await users.bumpTokenVersion(db, actor.id);
}

export async function me(db: Db, actor: Actor) {
  const row = await users.findUserById(db, actor.id);
  if (!row) throw notFound('El usuario');
  return toUserResponse(row);
}
