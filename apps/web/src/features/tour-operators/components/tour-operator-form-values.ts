/** The tour operator form: values, validation with the shared schemas, payload. */
import {
  DEFAULT_LOCALE,
  isPublicLocale,
  languageName,
  MSG,
  PUBLIC_LOCALES,
  TAX_TERRITORIES,
  TERRITORY_TAXES,
  type TPublicLocale,
  type TTaxTerritory,
  type TTourOperatorResponse,
  ZTourOperatorCreateRequest,
  ZTourOperatorUpdateRequest,
} from '@trayecto/shared';
import type { TTourOperatorPayload } from '../api/create-tour-operator';

export type TTourOperatorFormValues = {
  name: string;
  legal_name: string;
  tax_id: string;
  email: string;
  phone: string;
  address: string;
  website: string;
  logo_url: string;
  brand_color: string;
  timezone: string;
  currency: string;
  /** Where it pays tax (issue 34): IGIC in the Canaries, IVA elsewhere. */
  tax_territory: TTaxTerritory;
  default_commission_pct: number | string;
  booking_terms: string;
  /** The language its texts are written in (issue 15). */
  default_language: TPublicLocale;
  /** The languages its public pages offer, in PUBLIC_LOCALES order; the default always among them. */
  public_languages: TPublicLocale[];
  /** `booking_terms` in every other language ('' = not translated: the default one's apply). */
  booking_terms_translations: Record<TPublicLocale, string>;
};

/** The six customer languages with their Spanish names, in the switcher's order. */
export const LANGUAGE_OPTIONS = PUBLIC_LOCALES.map((value) => ({ value, label: languageName(value) }));

/** Offered languages in the switcher's order, the default one always among them. */
export function offeredLanguages(list: readonly string[], defaultLanguage: TPublicLocale): TPublicLocale[] {
  const chosen = new Set<string>([...list, defaultLanguage]);
  return PUBLIC_LOCALES.filter((l) => chosen.has(l));
}

/** The languages whose booking terms are translated in the form: the offered ones but the default. */
export const termsLocales = (v: Pick<TTourOperatorFormValues, 'default_language' | 'public_languages'>) =>
  v.public_languages.filter((l) => l !== v.default_language);

export const DEFAULT_TIMEZONE = 'Europe/Madrid';

/** «Territorio fiscal»: Península y Baleares (IVA), Canarias (IGIC). */
export const TAX_TERRITORY_OPTIONS = TAX_TERRITORIES.map((value) => ({ value, label: TERRITORY_TAXES[value].label }));
export const DEFAULT_CURRENCY = 'EUR';

export const CURRENCY_OPTIONS = [
  { value: 'EUR', label: 'EUR · Euro' },
  { value: 'GBP', label: 'GBP · Libra esterlina' },
  { value: 'USD', label: 'USD · Dólar estadounidense' },
  { value: 'CHF', label: 'CHF · Franco suizo' },
];

/** Time zones, the Spanish ones first (Madrid, Canarias). */
export function timezoneOptions(): { value: string; label: string }[] {
  const first = [
    { value: 'Europe/Madrid', label: 'Europe/Madrid (península)' },
    { value: 'Atlantic/Canary', label: 'Atlantic/Canary (Canarias)' },
  ];
  let all: string[] = [];
  try {
    all = Intl.supportedValuesOf('timeZone');
  } catch {
    all = [];
  }
  const firstValues = new Set(first.map((f) => f.value));
  return [...first, ...all.filter((z) => !firstValues.has(z)).map((z) => ({ value: z, label: z }))];
}

export function initialTourOperatorValues(o: TTourOperatorResponse | null): TTourOperatorFormValues {
  const defaultLanguage = isPublicLocale(o?.default_language) ? o.default_language : DEFAULT_LOCALE;
  return {
    name: o?.name ?? '',
    legal_name: o?.legal_name ?? '',
    tax_id: o?.tax_id ?? '',
    email: o?.email ?? '',
    phone: o?.phone ?? '',
    address: o?.address ?? '',
    website: o?.website ?? '',
    logo_url: o?.logo_url ?? '',
    brand_color: o?.brand_color ?? '',
    timezone: o?.timezone || DEFAULT_TIMEZONE,
    currency: o?.currency || DEFAULT_CURRENCY,
    tax_territory: o?.tax_territory ?? 'peninsula',
    default_commission_pct: o?.default_commission_pct ?? 0,
    booking_terms: o?.booking_terms ?? '',
    default_language: defaultLanguage,
    public_languages: offeredLanguages(o?.public_languages ?? PUBLIC_LOCALES, defaultLanguage),
    booking_terms_translations: Object.fromEntries(
      PUBLIC_LOCALES.map((l) => [l, o?.booking_terms_translations?.[l] ?? '']),
    ) as Record<TPublicLocale, string>,
  };
}

export function toTourOperatorPayload(v: TTourOperatorFormValues): TTourOperatorPayload {
  const pct = v.default_commission_pct === '' ? 0 : Number(v.default_commission_pct);
  return {
    name: v.name.trim(),
    legal_name: v.legal_name.trim(),
    tax_id: v.tax_id.trim().toUpperCase(),
    email: v.email.trim(),
    phone: v.phone.trim(),
    address: v.address.trim(),
    website: v.website.trim(),
    logo_url: v.logo_url.trim(),
    brand_color: v.brand_color.trim(),
    timezone: v.timezone || DEFAULT_TIMEZONE,
    currency: v.currency || DEFAULT_CURRENCY,
    tax_territory: v.tax_territory,
    default_commission_pct: Number.isFinite(pct) ? pct : (v.default_commission_pct as unknown as number),
    booking_terms: v.booking_terms,
    default_language: v.default_language,
    public_languages: offeredLanguages(v.public_languages, v.default_language),
    // Every language as typed: the API replaces each one sent and removes the empty ones.
    booking_terms_translations: Object.fromEntries(
      Object.entries(v.booking_terms_translations).map(([l, text]) => [l, text.trim()]),
    ),
  };
}

export function validateTourOperatorForm(v: TTourOperatorFormValues, mode: 'create' | 'edit'): Record<string, string> {
  const errors: Record<string, string> = {};
  const schema = mode === 'create' ? ZTourOperatorCreateRequest : ZTourOperatorUpdateRequest;
  const payload: Record<string, unknown> = toTourOperatorPayload(v);
  const result = schema.safeParse(payload);
  if (!result.success) {
    for (const issue of result.error.issues) {
      // A language's terms have their own input: booking_terms_translations.de.
      const depth = issue.path[0] === 'booking_terms_translations' ? 2 : 1;
      const key = issue.path.slice(0, depth).map(String).join('.');
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  // On edit the schema lets `name` be left out, but the form always sends it.
  if (mode === 'edit' && !v.name.trim()) errors.name ??= MSG.required;
  return errors;
}
