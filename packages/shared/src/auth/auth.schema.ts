import { z } from 'zod';
import { MSG } from '../common/messages';
import { ZUserResponse } from '../users/users.schema';

/** POST /api/v1/auth/login */
export const ZLoginRequest = z.object({
  email: z.string().trim().min(1, MSG.required).max(254, MSG.tooLong(254)),
  password: z.string().min(1, MSG.required).max(200, MSG.tooLong(200)),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** Login answer (spec §3, §7): token, and user with id and name. */
export const ZLoginResponse = z.object({
  token: z.string(),
  user: z.object({
    id: z.string(),
    name: z.string(),
    level: z.number().int(),
    tour_operator_id: z.string().nullable(),
  }),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** The token's payload (spec §3: sub and level). */
export const ZTokenPayload = z.object({
  /** A user id: anything else is refused as a bad token (401), never sent to the database. */
  sub: z.string().uuid(),
  level: z.number().int(),
  tour_operator_id: z.string().nullable(),
  ver: z.number().int(),
  iat: z.number().optional(),
  exp: z.number().optional(),
});
export type TTokenPayload = z.infer<typeof ZTokenPayload>;

/** GET /api/v1/auth/me */
export const ZMeResponse = ZUserResponse;
