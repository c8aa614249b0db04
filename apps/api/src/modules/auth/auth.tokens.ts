import { type TTokenPayload, ZTokenPayload } from '@trayecto/shared';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/app-error';

const ALG = 'HS256';

export type TokenService = {
  sign(p: Omit<TTokenPayload, 'iat' | 'exp'>): Promise<string>;
  verify(token: string): Promise<TTokenPayload>;
};

/** How many verified tokens a process remembers (a few MB at most); the oldest go first. */
export const VERIFIED_TOKENS_KEPT = 5000;

type Verified = { payload: TTokenPayload; exp: unknown; nbf: unknown };

/**
 * HS256 tokens with payload { sub, level, tour_operator_id, ver, iat, exp } (PRODUCT.md §2).
 *
 * `verify` remembers the tokens jose has already accepted (ADR 036): checking a signature through
 * WebCrypto costs ~50–150 µs of CPU, and a browser sends the same token with every request. What
 * jose checks of a token is fixed by its bytes and this key (algorithm, signature, the claims'
 * shape) except the time claims, so a remembered token whose `exp` and `nbf` still hold is the same
 * answer jose would give; one that no longer holds is forgotten and goes through jose again (its
 * own error: expired, not yet valid). Only accepted tokens are kept, keyed by the whole token
 * string. Whether the token's user may still act (revocation, PRODUCT.md §2) is not a property of
 * the token and is asked of the database on every request, as before (plugins/auth.ts).
 */
export function createTokenService(secret: string, ttl: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const expiresIn = /^\d+$/.test(ttl) ? `${ttl}s` : ttl.replace(/\s+/g, '');
  const verified = new Map<string, Verified>();
  /** jose's own time checks (no clock tolerance): expired when exp <= now, early when nbf > now. */
  const stillValid = (v: Verified) => {
    const now = Math.floor(Date.now() / 1000);
    return (v.exp === undefined || (v.exp as number) > now) && (v.nbf === undefined || (v.nbf as number) <= now);
  };
  return {
    async sign(p) {
      return new SignJWT({ level: p.level, tour_operator_id: p.tour_operator_id, ver: p.ver })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(p.sub)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (stillValid(known)) return known.payload;
        verified.delete(token);
      }
      try {
        // Only HS256 is accepted: `alg: none` and other algorithms are refused by jose.
        const { payload } = await jwtVerify(token, key, { algorithms: [ALG] });
        const parsed = Object.freeze(ZTokenPayload.parse(payload));
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
        verified.set(token, { payload: parsed, exp: payload.exp, nbf: payload.nbf });
        return parsed;
      } catch (err) {
        const expired = err instanceof joseErrors.JWTExpired;
        throw expired
          ? new AppError({ code: 'TOKEN_EXPIRED', message: 'La sesión ha caducado' })
          : new AppError({ code: 'UNAUTHORIZED', message: 'Token no válido' });
      }
    },
  };
}
