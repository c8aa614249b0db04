/**
 * A new user's invitation (issue 14 item 2; owned by the users module with the password links, issue 31): a link to choose their own password, the same
 * single-use hashed token as a password reset but valid for days, queued in the transaction that
 * creates the user (or sent again by the office: POST /users/{id}/invitation).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { INVITATION_VALID_MINUTES, ROLE_NAMES, ROUTES, type TLevel, USER_STATE } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { MESSAGE_KIND } from '../messages/messages.rules';
import { queueEmail } from '../messages/messages.service';
import { userInvitationEmail } from '../messages/messages.templates';
import { hashResetToken, insertResetToken } from './users.password-links.repository';

export type Invitee = {
  id: string;
  fullName: string;
  email: string;
  level: number;
  state: number;
  tourOperatorId: string | null;
};

/** The e-mail for `invitee`, with a fresh token whose hash `writeInvitation` stores. */
export async function prepareInvitation(
  invitee: Omit<Invitee, 'id' | 'state'>,
  ctx: { origin: string; invitedBy: string; operatorName: string | null },
) {
  const token = randomBytes(32).toString('base64url');
  const content = await userInvitationEmail({
    name: invitee.fullName,
    email: invitee.email,
    link: `${ctx.origin}${ROUTES.resetPassword.path}?token=${token}`,
    validDays: Math.round(INVITATION_VALID_MINUTES / (24 * 60)),
    invitedBy: ctx.invitedBy,
    operatorName: ctx.operatorName,
    role: ROLE_NAMES[invitee.level as TLevel] ?? '',
  });
  return { tokenId: randomUUID(), tokenHash: hashResetToken(token), content };
}

/** Stores the token and queues the e-mail, in the caller's transaction. */
export async function writeInvitation(
  tx: DbOrTx,
  user: Invitee,
  prepared: Awaited<ReturnType<typeof prepareInvitation>>,
) {
  if (user.state !== USER_STATE.ACTIVE) {
    throw new AppError({ code: 'STATE_CONFLICT', message: 'El usuario está inactivo: actívalo antes de invitarlo' });
  }
  await insertResetToken(tx, {
    id: prepared.tokenId,
    userId: user.id,
    tokenHash: prepared.tokenHash,
    validMinutes: INVITATION_VALID_MINUTES,
    purpose: 'invitation',
  });
  await queueEmail(tx, {
    tourOperatorId: user.tourOperatorId,
    kind: MESSAGE_KIND.USER_INVITATION,
    dedupeKey: `${MESSAGE_KIND.USER_INVITATION}:${prepared.tokenId}`,
    to: user.email,
    toName: user.fullName,
    content: prepared.content,
    userId: user.id,
  });
}
