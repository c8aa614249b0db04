import { z } from 'zod';
import { MSG } from './messages';

// Spanish defaults for every zod message we do not set ourselves, and the spec's
// "Campo requerido" for anything missing.
z.config(z.locales.es());
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) {
      return MSG.required;
    }
    return undefined;
  },
});

/** spec §5: "text, an at sign, text, a dot, text". */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A control character other than tab/newline (NUL bytes and friends are never stored). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: we reject them on purpose
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const zText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, MSG.tooLong(max))
    .refine((s) => !CONTROL_RE.test(s), 'Contiene caracteres no permitidos');

/** Required text: passes only if non-empty (spec §5). */
export const zRequired = (max = 255) => zText(max).min(1, MSG.required);

/** Optional text that defaults to '' (the spec's "default empty"). */
export const zOptionalText = (max = 255) => zText(max).optional();

export const zEmail = () =>
  z
    .string()
    .trim()
    .min(1, MSG.required)
    .max(254, MSG.tooLong(254))
    .regex(EMAIL_RE, MSG.email)
    .transform((s) => s.toLowerCase());

export const zUuid = () => z.string().uuid(MSG.invalidId);

export const zTimestamp = () => z.string();
