import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';

/** What is stored of a link's token: its SHA-256, never the token. */
export const hashResetToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The only writer of `password_reset_tokens` (issue 14), owned by the users module (issue 31): the
 * links that let a user choose a password (a reset asked for at sign-in, or a new user's invitation).
 * Only hashes are stored.
 */
export async function insertResetToken(
  tx: DbOrTx,
  row: { id: string; userId: string; tokenHash: string; validMinutes: number; purpose?: 'reset' | 'invitation' },
) {
  await tx.insert(passwordResetTokens).values({
    id: row.id,
    userId: row.userId,
    tokenHash: row.tokenHash,
    purpose: row.purpose ?? 'reset',
    expiresAt: sql`now() + make_interval(mins => ${row.validMinutes})`,
  });
}

/**
 * Uses a token: one conditional UPDATE, so of two requests with the same token only one gets the
 * user id (single use, also under concurrency); unknown, used or expired tokens give undefined.
 */
export async function consumeResetToken(tx: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const [row] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        sql`${passwordResetTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** Once the password changed, the user's other outstanding links stop working too. */
export async function retireResetTokens(tx: DbOrTx, userId: string) {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
