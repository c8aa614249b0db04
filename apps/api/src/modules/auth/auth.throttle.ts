import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';

export type ThrottleOptions = {
  /** Failed attempts for one account within the window before it is blocked. */
  accountLimit: number;
  /** Failed attempts from one address (any account: password spraying) within the window. */
  addressLimit: number;
  windowSeconds: number;
  blockSeconds: number;
};

export const DEFAULT_THROTTLE: ThrottleOptions = {
  accountLimit: 5,
  addressLimit: 20,
  windowSeconds: 15 * 60,
  blockSeconds: 15 * 60,
};

/**
 * What is being guessed: the password at sign-in (keys `account:<email>`, `address:<ip>`), or the
 * current password on "Mi cuenta" (`password:account:<user id>`, `password:address:<ip>`), counted
 * apart so a session guessing its own password never locks the owner out of signing in; and the
 * password-reset requests (`reset:account:<email>`, `reset:address:<ip>`: every request counts).
 */
export type ThrottleScope = 'login' | 'password-change' | 'password-reset';

const PREFIX: Record<ThrottleScope, string> = { login: '', 'password-change': 'password:', 'password-reset': 'reset:' };

/**
 * Attempt throttling per account and per address, stored in the database (PRODUCT.md §2). For a
 * password change the "account" is the user's id.
 */
export function createLoginThrottle(db: DbOrTx, opts: ThrottleOptions, scope: ThrottleScope = 'login') {
  const accountKey = (account: string) => `${PREFIX[scope]}account:${account.toLowerCase()}`;
  const addressKey = (ip: string) => `${PREFIX[scope]}address:${ip}`;
  return {
    /** Throws 429 with Retry-After while the account or the address is blocked. */
    async assertAllowed(email: string, ip: string) {
      const res = await db.execute<{ seconds: number }>(sql`
        select ceil(extract(epoch from max(blocked_until) - now()))::int as seconds
        from auth_throttle
        where key in (${accountKey(email)}, ${addressKey(ip)}) and blocked_until > now()`);
      const seconds = Number(res.rows[0]?.seconds ?? 0);
      if (seconds > 0) {
        const minutes = Math.ceil(seconds / 60);
        throw new AppError({
          code: 'RATE_LIMITED',
          message: `Demasiados intentos fallidos. Vuelve a intentarlo dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
          headers: { 'Retry-After': String(seconds) },
        });
      }
    },
    async recordFailure(email: string, ip: string) {
      await bump(db, accountKey(email), opts.accountLimit, opts);
      await bump(db, addressKey(ip), opts.addressLimit, opts);
    },
    async recordSuccess(email: string) {
      await db.execute(sql`delete from auth_throttle where key = ${accountKey(email)}`);
    },
  };
}

async function bump(db: DbOrTx, key: string, limit: number, o: ThrottleOptions) {
  const win = sql`make_interval(secs => ${o.windowSeconds})`;
  const block = sql`make_interval(secs => ${o.blockSeconds})`;
  const expired = sql`t.window_start < now() - ${win}`;
  const next = sql`(case when ${expired} then 1 else t.failures + 1 end)`;
  await db.execute(sql`
    insert into auth_throttle as t (key, failures, window_start, blocked_until)
    values (${key}, 1, now(), case when 1 >= ${limit} then now() + ${block} end)
    on conflict (key) do update set
      failures = ${next},
      window_start = case when ${expired} then now() else t.window_start end,
      blocked_until = case when ${next} >= ${limit} then now() + ${block} else t.blocked_until end`);
}
