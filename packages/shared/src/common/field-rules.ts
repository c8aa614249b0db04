/**
 * The rules of what people type (texts, e-mail addresses, country codes), written once with zod's
 * small, tree-shakable build (`zod/mini`). The API's schemas apply them (common/validation.ts
 * builds `zText`, `zOptionalEmail` on them) and so do the public pages, which must not load zod's
 * full build (public/public.fields.ts; ADR 006). zod/mini's checks are zod's own core: a full-build
 * schema takes them through `.check()`, and both builds give the same messages.
 */
import * as z from 'zod/mini';
import { MSG } from './messages';

/** spec §5: "text, an at sign, text, a dot, text". */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A control character other than tab/newline (NUL bytes and friends are never stored). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: we reject them on purpose
export const NO_CONTROL_RE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
/**
 * NO_CONTROL_RE with at least one character that is not a space: what a required text is once
 * trimmed, written for a value that is not trimmed yet (the OpenAPI document's `pattern`, issue 21:
 * "   " has a length of 3 yet is an empty name). Leading spaces, one visible character, then anything
 * without control characters; linear, no backtracking.
 */
export const NOT_BLANK_RE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: we reject them on purpose
  /^[^\S\u000B\u000C]*[^\s\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F][^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
/** An e-mail address or nothing. */
const OPTIONAL_EMAIL_RE = /^(?:|[^\s@]+@[^\s@]+\.[^\s@]+)$/;
/** An ISO 3166-1 alpha-2 code or nothing. */
const OPTIONAL_COUNTRY_RE = /^(?:[A-Za-z]{2})?$/;

const CONTROL_CHARS_MESSAGE = 'Contiene caracteres no permitidos';
const COUNTRY_MESSAGE = 'País no válido (código de 2 letras, p. ej. ES)';

/**
 * Every text field: trimmed, at most `max` characters, no control characters. Rules are zod checks
 * with a JSON Schema form (maxLength, pattern) wherever one exists, so the OpenAPI document says
 * them too (issue 21).
 */
export const textChecks = (max: number) => [
  z.trim(),
  z.maxLength(max, MSG.tooLong(max)),
  z.regex(NO_CONTROL_RE, CONTROL_CHARS_MESSAGE),
];

/**
 * The one way an e-mail address is stored and compared: trimmed and lower-case (sign-in, users,
 * persons, operators, bookings and the public booking form all go through it).
 */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** After textChecks: an e-mail address that must be there (spec §5 messages), normalised. */
export const emailChecks = () => [
  z.minLength(1, MSG.required),
  z.regex(EMAIL_RE, MSG.email),
  z.overwrite(normalizeEmail),
];

/** After textChecks: an e-mail address or nothing (a regex, so the OpenAPI document says it), normalised. */
export const optionalEmailChecks = () => [z.regex(OPTIONAL_EMAIL_RE, MSG.email), z.overwrite(normalizeEmail)];

/** After textChecks: an ISO 3166-1 alpha-2 code (or nothing), kept upper-case. */
export const countryChecks = () => [z.regex(OPTIONAL_COUNTRY_RE, COUNTRY_MESSAGE), z.toUpperCase()];

/** A string; a missing one is "Campo requerido" (the API says so for every field, common/validation.ts). */
const string = () => z.string({ error: (issue) => (issue.input === undefined ? MSG.required : undefined) });

/** A text of at most `max` characters (see textChecks). */
export const text = (max = 255) => string().check(...textChecks(max));

/**
 * A text that must be there (spec §5 "Campo requerido"): trimmed, at most `max` characters, not
 * empty once trimmed (only `message`, nothing else, for an empty or blank one), no control
 * characters. Its JSON Schema says all of it: minLength, maxLength and NOT_BLANK_RE.
 */
export const requiredTextChecks = (max: number, message: string = MSG.required) => [
  z.trim(),
  z.maxLength(max, MSG.tooLong(max)),
  z.minLength(1, { error: message, abort: true }),
  z.regex(NOT_BLANK_RE, CONTROL_CHARS_MESSAGE),
];

/** A text that must be there (see requiredTextChecks). */
export const requiredText = (max = 255) => string().check(...requiredTextChecks(max));
