/**
 * "¿Has olvidado tu contraseña?" (issue 14 item 2). A request answers the same whatever the
 * address; for an active account it stores the hash of a random token and queues the e-mail with
 * the link in one transaction (the outbox rule). Confirming uses the token once, sets the password
 * and revokes every session of the user (token version).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  AUDIT_PASSWORD_MARKER,
  LEVEL,
  normalizeEmail,
  PASSWORD_RESET_MSG,
  PASSWORD_RESET_VALID_MINUTES,
  ROUTES,
  TOUR_OPERATOR_STATE,
  type TPasswordResetConfirmRequest,
  type TPasswordResetRequest,
  USER_STATE,
} from '@trayecto/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { recordAudit, staffAudit } from '../audit/audit.service';
import { MESSAGE_KIND } from '../messages/messages.rules';
import { queueEmail } from '../messages/messages.service';
import { passwordResetEmail } from '../messages/messages.templates';
import * as users from '../users/users.service';
import { userSummary } from '../users/users.service';
import { createLoginThrottle, type ThrottleOptions } from './auth.throttle';

export type ResetRequestContext = {
  throttle: ThrottleOptions;
  /** The origin of the link in the e-mail (PUBLIC_URL, lib/public-origin.ts). */
  origin: string;
  ip: string;
  /** Called after the message committed (the mail worker looks at the outbox at once). */
  queued?: () => void;
};

/**
 * Every request counts against the address and the account like a failed sign-in (so nobody can
 * flood a mailbox or probe addresses), then answers the same message whether or not the account
 * exists; only active users of active operators (or the platform's administrators) get a link.
 */
export async function requestPasswordReset(db: Db, ctx: ResetRequestContext, body: TPasswordResetRequest) {
  const email = normalizeEmail(body.email);
  const limiter = createLoginThrottle(db, ctx.throttle, 'password-reset');
  await limiter.assertAllowed(email, ctx.ip);
  await limiter.recordFailure(email, ctx.ip);
  const found = await users.findUserForLogin(db, email);
  const allowed =
    found &&
    found.user.state === USER_STATE.ACTIVE &&
    (found.user.level === LEVEL.ADMIN || found.operatorState === TOUR_OPERATOR_STATE.ACTIVE);
  if (allowed) {
    const { user } = found;
    const token = randomBytes(32).toString('base64url');
    const tokenId = randomUUID();
    const link = `${ctx.origin}${ROUTES.resetPassword.path}?token=${token}`;
    const content = await passwordResetEmail({
      name: user.fullName,
      email: user.email,
      link,
      validMinutes: PASSWORD_RESET_VALID_MINUTES,
    });
    await inTransaction(db, async (tx) => {
      await users.issuePasswordLink(tx, {
        id: tokenId,
        userId: user.id,
        token,
        validMinutes: PASSWORD_RESET_VALID_MINUTES,
      });
      await queueEmail(tx, {
        tourOperatorId: user.tourOperatorId,
        kind: MESSAGE_KIND.PASSWORD_RESET,
        dedupeKey: `${MESSAGE_KIND.PASSWORD_RESET}:${tokenId}`,
        to: user.email,
        toName: user.fullName,
        content,
        userId: user.id,
      });
    });
    ctx.queued?.();
  }
  return { message: PASSWORD_RESET_MSG.requested };
}

/**
 * Sets the new password with a link's token: the token is used (once) in the same transaction as
 * the password, the user's token version is bumped (every session ends) and the other links of the
 * user stop working. An unknown, used or expired token, or an account no longer active, is 422.
 */
export async function confirmPasswordReset(
  db: Db,
  body: TPasswordResetConfirmRequest,
  origin: { requestId?: string; ip?: string },
) {
  const passwordHash = await hashPassword(body.password);
  await inTransaction(db, async (tx) => {
    const invalid = () => new AppError({ code: 'RESET_TOKEN_INVALID', message: PASSWORD_RESET_MSG.invalidToken });
    const userId = await users.consumePasswordLink(tx, body.token);
    if (!userId) throw invalid();
    const found = await users.findUserById(tx, userId);
    if (!found || found.user.state !== USER_STATE.ACTIVE) throw invalid();
    const { user } = found;
    await users.setPassword(tx, user.id, passwordHash);
    const actor = {
      id: user.id,
      level: user.level,
      tourOperatorId: user.tourOperatorId,
      fullName: user.fullName,
      email: user.email,
      ...origin,
    };
    await recordAudit(tx, staffAudit(actor), {
      tourOperatorId: user.tourOperatorId,
      entityType: 'user',
      entityId: user.id,
      action: 'update',
      summary: userSummary(user),
      // Only the fact: neither the password nor its hash is ever written to the log.
      changes: { password: [null, AUDIT_PASSWORD_MARKER] },
    });
  });
}
