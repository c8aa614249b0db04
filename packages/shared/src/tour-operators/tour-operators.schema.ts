import { z } from 'zod';
import { MSG } from '../common/messages';
import { USER_STATE } from '../common/roles';
import { zChoiceOf, zDecimal, zEnum, zOptionalEmail, zOptionalText, zRequired, zText } from '../common/validation';
import { PUBLIC_LOCALES } from '../i18n/locales';
import { TAX_TERRITORIES } from '../taxes/taxes';

const zState = zChoiceOf([USER_STATE.ACTIVE, USER_STATE.INACTIVE]);
// Each refine below carries its rule as a JSON Schema pattern too, for the OpenAPI document (issue 21).
/** Every IANA zone name the runtime knows (the rule accepts any name Intl does), or empty. */
const TIME_ZONES = ['', ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [])];
const zColor = zText(7)
  .refine((s) => s === '' || /^#[0-9a-fA-F]{6}$/.test(s), MSG.invalidColor)
  .meta({ pattern: '^$|^#[0-9a-fA-F]{6}$' })
  .optional();
const zWebUrl = zText(255)
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), MSG.invalidUrl)
  .meta({ pattern: '^$|^[hH][tT][tT][pP][sS]?://[^\\s]+$' })
  .optional();
const zTimezone = zText(64)
  .refine((s) => {
    if (s === '') return true;
    try {
      new Intl.DateTimeFormat('es-ES', { timeZone: s });
      return true;
    } catch {
      return false;
    }
  }, 'Zona horaria no válida')
  .meta({ enum: TIME_ZONES })
  .optional();
const zCurrency = zText(3)
  .refine((s) => s === '' || /^[A-Z]{3}$/.test(s), 'Moneda no válida (código ISO de 3 letras)')
  .meta({ pattern: '^$|^[A-Z]{3}$' })
  .optional();
const zPct = zDecimal(0, 100, MSG.percentRange).optional();
/** One of the customer-facing languages (issue 15). */
export const zPublicLocale = () => zEnum(PUBLIC_LOCALES);
const TERMS_MAX = 20000;
/** Message of a text in a language that is not one of the customer-facing ones. */
export const UNKNOWN_LANGUAGE_MESSAGE = `Idioma no admitido (solo ${PUBLIC_LOCALES.join(', ')})`;
/** The error option of a record keyed by language: an unknown key names itself. */
export const unknownLanguageError = (i: { code?: string; keys?: string[] }) =>
  i.code === 'unrecognized_keys' ? `${UNKNOWN_LANGUAGE_MESSAGE}: ${(i.keys ?? []).join(', ')}` : undefined;
/**
 * Something per customer-facing language, `{ "de": …, "fr": … }`, every language optional and no
 * other key (422 naming it). An object with one property per language rather than a record keyed
 * by an enum: OpenAPI 3.0 has no `propertyNames`, so this is how the document can say the keys.
 */
export function zPerLocale<T extends z.ZodType>(value: T) {
  const shape = {
    es: value.optional(),
    en: value.optional(),
    de: value.optional(),
    fr: value.optional(),
    it: value.optional(),
    nl: value.optional(),
  } satisfies Record<(typeof PUBLIC_LOCALES)[number], z.ZodOptional<T>>;
  return z.strictObject(shape, { error: unknownLanguageError });
}
/**
 * A text per customer-facing language other than the default one: `{ "de": "…" }`. On an update a
 * language sent replaces its stored text ('' removes it) and the languages not sent stay.
 */
export const zLocaleTexts = (max: number) =>
  zPerLocale(zText(max)).meta({ description: 'Un texto por idioma (es, en, de, fr, it, nl).' });
/** Offered languages: customer-facing ones, none twice. */
const zPublicLanguages = z
  .array(zPublicLocale())
  .min(1, 'Elige al menos un idioma')
  .max(PUBLIC_LOCALES.length)
  .refine((l) => new Set(l).size === l.length, 'Idiomas repetidos')
  .meta({ uniqueItems: true });
/** The default language is always offered. */
const defaultIsOffered = (o: { default_language?: string; public_languages?: string[] }) =>
  !o.default_language || !o.public_languages || o.public_languages.includes(o.default_language);
/** Refusal of a default language the operator does not offer (the schema's, and the API's against stored values). */
export const DEFAULT_LANGUAGE_NOT_OFFERED = 'El idioma principal debe estar entre los idiomas ofrecidos';
const defaultIsOfferedIssue = { message: DEFAULT_LANGUAGE_NOT_OFFERED, path: ['public_languages'] };

const fields = {
  name: zRequired(150),
  legal_name: zOptionalText(200),
  tax_id: zOptionalText(30),
  email: zOptionalEmail(),
  phone: zOptionalText(40),
  address: zOptionalText(255),
  website: zWebUrl,
  logo_url: zWebUrl,
  brand_color: zColor,
  timezone: zTimezone,
  currency: zCurrency,
  default_commission_pct: zPct,
  /**
   * Where it pays indirect tax (issue 34): `canarias` (IGIC) or `peninsula` (IVA, the mainland and
   * the Balearics); it decides the rates its products may have. A new operator in `Atlantic/Canary`
   * starts in `canarias`, any other in `peninsula`.
   */
  tax_territory: zEnum(TAX_TERRITORIES).optional(),
  booking_terms: zOptionalText(TERMS_MAX),
  /** The language the operator writes its texts in, and its customers' fallback. */
  default_language: zPublicLocale().optional(),
  /** The languages its public pages and messages are offered in. */
  public_languages: zPublicLanguages.optional(),
  /** `booking_terms` in other languages; a missing one falls back to `booking_terms`. */
  booking_terms_translations: zLocaleTexts(TERMS_MAX).optional(),
  state: zState.optional(),
};

export const ZTourOperatorCreateRequest = z.object(fields).refine(defaultIsOffered, defaultIsOfferedIssue);
export type TTourOperatorCreateRequest = z.infer<typeof ZTourOperatorCreateRequest>;

export const ZTourOperatorUpdateRequest = z
  .object({ ...fields, name: fields.name.optional() })
  .refine(defaultIsOffered, defaultIsOfferedIssue);
export type TTourOperatorUpdateRequest = z.infer<typeof ZTourOperatorUpdateRequest>;

export const ZTourOperatorResponse = z.object({
  id: z.string(),
  name: z.string(),
  legal_name: z.string(),
  tax_id: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  website: z.string(),
  logo_url: z.string(),
  brand_color: z.string(),
  timezone: z.string(),
  currency: z.string(),
  default_commission_pct: z.number(),
  tax_territory: z.enum(TAX_TERRITORIES),
  booking_terms: z.string(),
  default_language: z.string(),
  public_languages: z.array(z.string()),
  booking_terms_translations: z.record(z.string(), z.string()),
  state: z.number().int(),
  users_count: z.number().int().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TTourOperatorResponse = z.infer<typeof ZTourOperatorResponse>;
