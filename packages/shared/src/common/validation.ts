import { z } from 'zod';
import { daysInMonth } from './dates';
import { EMAIL_RE, normalizeEmail, optionalEmailChecks, requiredTextChecks, textChecks } from './field-rules';
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

export { EMAIL_RE, NO_CONTROL_RE, NOT_BLANK_RE, normalizeEmail } from './field-rules';

/** Trimmed text of at most `max` characters without control characters (field-rules.ts). */
export const zText = (max = 255) => z.string().check(...textChecks(max));

/** Required text: passes only if not empty once trimmed (spec §5; field-rules.ts requiredTextChecks). */
export const zRequired = (max = 255, message: string = MSG.required) =>
  z.string().check(...requiredTextChecks(max, message));

/** Optional text that defaults to '' (the spec's "default empty"). */
export const zOptionalText = (max = 255) => zText(max).optional();

export const zEmail = () =>
  z
    .string()
    .trim()
    .min(1, MSG.required)
    .max(254, MSG.tooLong(254))
    .regex(EMAIL_RE, MSG.email)
    .transform(normalizeEmail);

export const zUuid = () => z.string().uuid(MSG.invalidId);

// ── Dates and instants: ONE rule for the whole API ──────────────────────────────────────────────
// Every date and timestamp the API accepts (bodies, queries, list filters, cursors) goes through
// these functions: the zod schemas below, apps/api/src/lib/filters.ts and the bookings cursor.
// JavaScript reads "2026-02-30" as 2 March and "0099-…" as 1999, PostgreSQL has no year 0 and
// keeps years JavaScript then cannot read back: so only real calendar days of sane years pass.

/** First and last year any date or timestamp may have. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

export const DATE_MESSAGE = 'Fecha no válida (AAAA-MM-DD)';
export const DATE_RANGE_MESSAGE = `Fecha fuera de rango (años ${MIN_YEAR}–${MAX_YEAR})`;
export const TIMESTAMP_MESSAGE = 'Fecha y hora no válidas (ISO 8601 con zona horaria, p. ej. 2026-07-01T09:30:00Z)';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP_RE =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2})(?::?(\d{2}))?)$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

// The same rule as JSON Schema patterns, for the OpenAPI document (issue 21): a year MIN_YEAR–MAX_YEAR,
// a month 01–12, a day 01–31 (whether the day exists in its month no pattern says: the API answers 422).
const YEAR_PATTERN = `(${String(MIN_YEAR).slice(0, 2)}\\d{2}|20\\d{2}|${MAX_YEAR})`;
const DAY_PATTERN = `${YEAR_PATTERN}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])`;
export const DATE_PATTERN = `^${DAY_PATTERN}$`;
export const TIMESTAMP_PATTERN = `^${DAY_PATTERN}[T ]([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d{1,9})?)?(Z|[+-]([01]\\d|2[0-3])(:?[0-5]\\d)?)$`;

/** Why a YYYY-MM-DD text is refused: 'format' (not a real day) or 'range' (a year outside 1900–2100). */
export function dateProblem(s: unknown): 'format' | 'range' | undefined {
  if (typeof s !== 'string') return 'format';
  const m = DATE_RE.exec(s);
  if (!m) return 'format';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return 'format';
  if (y < MIN_YEAR || y > MAX_YEAR) return 'range';
  return undefined;
}

/** A real calendar day YYYY-MM-DD of a year between MIN_YEAR and MAX_YEAR. */
export const isValidDate = (s: unknown): s is string => dateProblem(s) === undefined;

/** Why an instant's text is refused: 'format' (not ISO 8601 with an offset, not a real time) or 'range'. */
function timestampProblem(s: unknown): 'format' | 'range' | undefined {
  if (typeof s !== 'string') return 'format';
  const m = TIMESTAMP_RE.exec(s);
  if (!m) return 'format';
  const day = dateProblem(`${m[1]}-${m[2]}-${m[3]}`);
  if (day) return day;
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) return 'format';
  if (Number(m[10] ?? 0) > 23 || Number(m[11] ?? 0) > 59) return 'format';
  return undefined;
}

/**
 * An ISO 8601 / RFC 3339 instant with its offset (`2026-07-01T09:30:00Z`, `…+01:00`; PostgreSQL's
 * `2026-07-01 09:30:00.123456+00` too): a real day of a year between MIN_YEAR and MAX_YEAR, a real
 * time of day. Anything else (no offset, 2026-02-30, 24:00, year 0020) gives undefined.
 */
export function parseTimestamp(s: unknown): Date | undefined {
  if (timestampProblem(s) !== undefined) return undefined;
  const m = TIMESTAMP_RE.exec(s as string) as RegExpExecArray;
  const ms = Number(`${m[7] ?? ''}000`.slice(0, 3));
  const offset = (m[9] === '-' ? -1 : 1) * (Number(m[10] ?? 0) * 60 + Number(m[11] ?? 0));
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0), ms);
  // Date.UTC reads years 0–99 as 1900–1999; the rule already refused them.
  return new Date(utc - offset * 60_000);
}

/** A calendar date YYYY-MM-DD that exists (no 2026-02-30) in the years MIN_YEAR–MAX_YEAR. */
export const zDate = () =>
  z
    .string({ error: (i) => (i.input === undefined ? MSG.required : DATE_MESSAGE) })
    .superRefine((s, ctx) => {
      const problem = dateProblem(s);
      if (problem) ctx.addIssue({ code: 'custom', message: problem === 'range' ? DATE_RANGE_MESSAGE : DATE_MESSAGE });
    })
    // The OpenAPI document says which fields are dates (the security suite attacks each one).
    .meta({ format: 'date', pattern: DATE_PATTERN });

/** An instant in ISO 8601 with its offset (see parseTimestamp), kept as the text sent. */
export const zTimestamp = () =>
  z
    .string({ error: (i) => (i.input === undefined ? MSG.required : TIMESTAMP_MESSAGE) })
    .superRefine((s, ctx) => {
      const problem = timestampProblem(s);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem === 'range' ? DATE_RANGE_MESSAGE : TIMESTAMP_MESSAGE });
      }
    })
    .meta({ format: 'date-time', pattern: TIMESTAMP_PATTERN });

/** A 24-hour time HH:mm. */
export const zTime = () =>
  z
    .string({ error: (i) => (i.input === undefined ? MSG.required : 'Hora no válida (HH:mm)') })
    .regex(TIME_RE, 'Hora no válida (HH:mm, 24 horas)');

/**
 * A number as the forms send it: plain decimal text ("12", "-3", "12.5") becomes that number, and
 * '' or null mean "not sent" (so a required one says "Campo requerido"). Anything else stays as it
 * is for z.number to refuse: a boolean, a list, blank or hexadecimal text (JavaScript's Number()
 * would have made 1, 5, 0 and 16 of `true`, `[5]`, `" "` and `"0x10"`; issue 21).
 */
export function numberFromForm(v: unknown): unknown {
  if (v === '' || v === null || v === undefined) return undefined;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return v;
}

/** A whole number in a range, with Spanish messages (see numberFromForm). */
export const zInt = (min: number, max: number) =>
  z.preprocess(
    numberFromForm,
    z
      .number({ error: (i) => (i.input === undefined ? MSG.required : MSG.invalidNumber) })
      .int('Debe ser un número entero')
      .min(min, `Debe ser como mínimo ${min}`)
      .max(max, `Debe ser como máximo ${max}`),
  );

/** A whole number in a range, or nothing: an empty query value (`?page=`) is "not given". */
export const zOptionalInt = (min: number, max: number) =>
  z.preprocess(
    numberFromForm,
    z
      .number({ error: () => MSG.invalidNumber })
      .int('Debe ser un número entero')
      .min(min, `Debe ser como mínimo ${min}`)
      .max(max, `Debe ser como máximo ${max}`)
      .optional(),
  );

/** "lat,lng" in decimal degrees, or empty. */
export const zLatLng = () =>
  zText(60)
    .refine((s) => {
      if (s === '') return true;
      const m = /^(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)$/.exec(s);
      if (!m) return false;
      const lat = Number(m[1]);
      const lng = Number(m[2]);
      return Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
    }, 'Coordenadas no válidas (latitud,longitud, p. ej. 28.0567,-16.7290)')
    // The same rule for the OpenAPI document: latitude −90…90, longitude −180…180, or empty (spaces
    // around the comma, but no other control character: zText refuses those).
    .meta({
      pattern:
        '^$|^-?([0-8]?\\d(\\.\\d+)?|90(\\.0+)?)[ \\t\\n\\r]*,[ \\t\\n\\r]*-?((0?\\d?\\d|1[0-7]\\d)(\\.\\d+)?|180(\\.0+)?)$',
    })
    .transform((s) => s.replace(/\s+/g, ''));

/** Parses "lat,lng" into numbers, or null. */
export function parseLatLng(s: string | null | undefined): { lat: number; lng: number } | null {
  if (!s) return null;
  const [a, b] = s.split(',').map(Number);
  return Number.isFinite(a) && Number.isFinite(b) ? { lat: a, lng: b } : null;
}

/** Optional e-mail (empty allowed) with the spec's message. */
export const zOptionalEmail = () =>
  zText(254)
    .check(...optionalEmailChecks())
    .optional();

/** A decimal number in a range (a percentage), with Spanish messages (see numberFromForm). */
export const zDecimal = (min: number, max: number, rangeMessage: string) =>
  z.preprocess(
    numberFromForm,
    z
      .number({ error: (i) => (i.input === undefined ? MSG.required : MSG.invalidNumber) })
      .min(min, rangeMessage)
      .max(max, rangeMessage),
  );

/** One of some numbers (a 1/2 state Activo/Inactivo, a level) from JSON or a form; "Opción no válida". */
export const zChoiceOf = (allowed: readonly number[]) =>
  z
    .preprocess(
      numberFromForm,
      z
        .number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.invalidOption) })
        .int(MSG.invalidOption)
        .refine((n) => allowed.includes(n), MSG.invalidOption),
    )
    .meta({ enum: [...allowed] });

/** One of a list of strings, with "Opción no válida". */
export const zEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (i) => (i.input === undefined ? MSG.required : MSG.invalidOption) });
