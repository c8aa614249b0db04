/**
 * "Mi cuenta": the values of its two forms (own data, password) and their validation with the
 * shared request schemas, so the messages are the server's (spec §5 "Campo requerido").
 */
import {
  MSG,
  type TMePasswordRequest,
  type TMeUpdateRequest,
  type TUserResponse,
  ZMePasswordRequest,
  ZMeUpdateRequest,
} from '@trayecto/shared';
import { issuesToErrors } from '../../../lib/form-errors';

export type TProfileValues = { full_name: string; phone: string; address: string };
export type TPasswordValues = { current_password: string; password: string; re_password: string };

export const PROFILE_FIELDS = ['full_name', 'phone', 'address'] as const;
export const PASSWORD_FIELDS = ['current_password', 'password', 're_password'] as const;

export const EMPTY_PASSWORD_VALUES: TPasswordValues = { current_password: '', password: '', re_password: '' };

export function profileValuesOf(user: TUserResponse | undefined): TProfileValues {
  return { full_name: user?.full_name ?? '', phone: user?.phone ?? '', address: user?.address ?? '' };
}

export function toProfilePayload(v: TProfileValues): TMeUpdateRequest {
  return { full_name: v.full_name.trim(), phone: v.phone.trim(), address: v.address.trim() };
}

export function validateProfile(v: TProfileValues): Record<string, string> {
  const result = ZMeUpdateRequest.safeParse(toProfilePayload(v));
  return result.success ? {} : issuesToErrors(result.error.issues);
}

export function toPasswordPayload(v: TPasswordValues): TMePasswordRequest {
  return { current_password: v.current_password, password: v.password, re_password: v.re_password };
}

export function validatePassword(v: TPasswordValues): Record<string, string> {
  const result = ZMePasswordRequest.safeParse(toPasswordPayload(v));
  const errors = result.success ? {} : issuesToErrors(result.error.issues);
  // The schema compares the two once every field is valid; say it at once.
  if (v.password && v.re_password && v.password !== v.re_password) errors.re_password ??= MSG.passwordMismatch;
  return errors;
}
