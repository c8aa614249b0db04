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

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A calendar date YYYY-MM-DD that exists (no 2026-02-30). */
export const zDate = () =>
  z.string({ error: (i) => (i.input === undefined ? MSG.required : 'Fecha no válida (AAAA-MM-DD)') }).refine((s) => {
    if (!DATE_RE.test(s)) return false;
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Fecha no válida (AAAA-MM-DD)');

/** A 24-hour time HH:mm. */
export const zTime = () =>
  z
    .string({ error: (i) => (i.input === undefined ? MSG.required : 'Hora no válida (HH:mm)') })
    .regex(TIME_RE, 'Hora no válida (HH:mm, 24 horas)');

/** A whole number in a range, with Spanish messages; numeric strings from forms are accepted. */
export const zInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: (i) => (i.input === undefined ? MSG.required : MSG.invalidNumber) })
      .int('Debe ser un número entero')
      .min(min, `Debe ser como mínimo ${min}`)
      .max(max, `Debe ser como máximo ${max}`),
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
    .refine((s) => s === '' || EMAIL_RE.test(s), MSG.email)
    .transform((s) => s.toLowerCase())
    .optional();

/** A 1/2 state (Activo/Inactivo) from JSON or a form. */
export const zChoiceOf = (allowed: readonly number[]) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.invalidOption) })
      .int(MSG.invalidOption)
      .refine((n) => allowed.includes(n), MSG.invalidOption),
  );

/** One of a list of strings, with "Opción no válida". */
export const zEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (i) => (i.input === undefined ? MSG.required : MSG.invalidOption) });
