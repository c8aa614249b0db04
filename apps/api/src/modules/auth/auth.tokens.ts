import { type TTokenPayload, ZTokenPayload } from '@trayecto/shared';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/app-error';

const ALG = 'HS256';

export type TokenService = {
  sign(p: Omit<TTokenPayload, 'iat' | 'exp'>): Promise<string>;
  verify(token: string): Promise<TTokenPayload>;
};

/** HS256 tokens with payload { sub, level, tour_operator_id, ver, iat, exp } (PRODUCT.md §2). */
export function createTokenService(secret: string, ttl: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const expiresIn = /^\d+$/.test(ttl) ? `${ttl}s` : ttl.replace(/\s+/g, '');
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
      try {
        // Only HS256 is accepted: `alg: none` and other algorithms are refused by jose.
        const { payload } = await jwtVerify(token, key, { algorithms: [ALG] });
        return ZTokenPayload.parse(payload);
      } catch (err) {
        const expired = err instanceof joseErrors.JWTExpired;
        throw expired
          ? new AppError({ code: 'TOKEN_EXPIRED', message: 'La sesión ha caducado' })
          : new AppError({ code: 'UNAUTHORIZED', message: 'Token no válido' });
      }
    },
  };
}
