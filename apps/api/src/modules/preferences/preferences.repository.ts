import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/** The caller's own settings: the only row these queries touch is `users.id = userId`. */
export async function findPreferences(db: DbOrTx, userId: string): Promise<unknown | undefined> {
  const [row] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
  return row?.preferences;
}

export async function savePreferences(db: DbOrTx, userId: string, preferences: Record<string, unknown>) {
  const [row] = await db
    .update(users)
    .set({ preferences })
    .where(eq(users.id, userId))
    .returning({ preferences: users.preferences });
  return row?.preferences;
}
