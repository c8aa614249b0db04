import { z } from 'zod';
import { EMAIL_RE } from '../common/field-rules';
import { MSG } from '../common/messages';
import { zOptionalText, zRequired } from '../common/validation';
import { acceptFullNameAlias, ZUserResponse } from '../users/users.schema';

/** POST /api/v1/auth/login */
export const ZLoginRequest = z.object({
  email: zRequired(254),
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

/**
 * PUT /api/v1/auth/me ("Mi cuenta"): what every user may change about themselves. The e-mail (the
 * sign-in identity), the role, the state, the operator and the commission stay with the
 * administrators (PUT /api/v1/users/{id}); anything else in the body is ignored.
 */
export const ZMeUpdateRequest = z.preprocess(
  acceptFullNameAlias,
  z.object({
    full_name: zRequired(150).optional(),
    phone: zOptionalText(40),
    address: zOptionalText(255),
  }),
);
export type TMeUpdateRequest = z.infer<typeof ZMeUpdateRequest>;

export const ME_MSG = {
  wrongCurrentPassword: 'La contraseña actual no es correcta',
  samePassword: 'La nueva contraseña debe ser distinta de la actual',
} as const;

/** Required (an empty value says "Campo requerido" only), at most 200 characters. */
const zSecret = () => z.string().min(1, { error: MSG.required, abort: true }).max(200, MSG.tooLong(200));

/**
 * POST /api/v1/auth/me/password: the caller's own password, with the current one (spec §3: the
 * confirmation is `re_password`). Answers a fresh token; every other session is revoked.
 */
export const ZMePasswordRequest = z
  .object({
    current_password: zSecret(),
    password: zSecret().min(8, MSG.passwordMin),
    re_password: zSecret(),
  })
  .refine((v) => v.password === v.re_password, { message: MSG.passwordMismatch, path: ['re_password'] })
  .refine((v) => v.password !== v.current_password, { message: ME_MSG.samePassword, path: ['password'] });
export type TMePasswordRequest = z.infer<typeof ZMePasswordRequest>;

/** The answer of a password change: a new token for this session (stored under `token`), as at login. */
export const ZMePasswordResponse = ZLoginResponse;
export type TMePasswordResponse = z.infer<typeof ZMePasswordResponse>;

/** How long a password-reset link works (issue 14): one hour. */
export const PASSWORD_RESET_VALID_MINUTES = 60;
/** A new user's invitation link (issue 14): 7 days, so a weekend does not spoil it. */
export const INVITATION_VALID_MINUTES = 7 * 24 * 60;

export const PASSWORD_RESET_MSG = {
  /** The 202 answer, whatever the address (it reveals no account). */
  requested:
    'Si el correo pertenece a una cuenta activa, te hemos enviado un enlace para elegir una contraseña nueva. Revisa tu bandeja de entrada.',
  invalidToken: 'El enlace para restablecer la contraseña no es válido, ya se usó o ha caducado. Pide uno nuevo.',
} as const;

/** POST /api/v1/auth/password-reset: "¿Has olvidado tu contraseña?" — the account's e-mail. */
export const ZPasswordResetRequest = z.object({
  email: z.string().trim().min(1, MSG.required).max(254, MSG.tooLong(254)).regex(EMAIL_RE, MSG.email),
});
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

/** Its 202 answer: always the same message. */
export const ZPasswordResetResponse = z.object({ message: z.string() });
export type TPasswordResetResponse = z.infer<typeof ZPasswordResetResponse>;

/**
 * POST /api/v1/auth/password-reset/confirm: the link's token and the new password with its
 * confirmation (the same rules as "Mi cuenta"). Answers 204; every session of the user is revoked.
 */
export const ZPasswordResetConfirmRequest = z
  .object({
    token: z.string().min(1, MSG.required).max(200, MSG.tooLong(200)),
    password: zSecret().min(8, MSG.passwordMin),
    re_password: zSecret(),
  })
  .refine((v) => v.password === v.re_password, { message: MSG.passwordMismatch, path: ['re_password'] });
export type TPasswordResetConfirmRequest = z.infer<typeof ZPasswordResetConfirmRequest>;
