/**
 * The languages a customer reads (issue 15): the public pages, the voucher, the messages and the
 * public API's errors speak one of these. The back-office stays Spanish (the specification).
 * Zod-free and tiny: the public bundle imports it (`@trayecto/shared/i18n`).
 */

/** The customer-facing languages, ISO 639-1, in the order the language switcher lists them. */
export const PUBLIC_LOCALES = ['es', 'en', 'de', 'fr', 'it', 'nl'] as const;
export type TPublicLocale = (typeof PUBLIC_LOCALES)[number];

/** The language of an operator that never chose one (and of every text written before issue 15). */
export const DEFAULT_LOCALE: TPublicLocale = 'es';

/** Query parameter that picks the language of a public page: `/public/landing/{id}?lang=de`. */
export const LANG_PARAM = 'lang';

/** BCP 47 tag each language formats dates, numbers and money with (`Intl`). */
export const LOCALE_TAGS: Record<TPublicLocale, string> = {
  es: 'es-ES',
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  it: 'it-IT',
  nl: 'nl-NL',
};

/** Open Graph `og:locale` of each language. */
export const OG_LOCALES: Record<TPublicLocale, string> = {
  es: 'es_ES',
  en: 'en_GB',
  de: 'de_DE',
  fr: 'fr_FR',
  it: 'it_IT',
  nl: 'nl_NL',
};

/** Each language in its own words: what the language switcher shows. */
export const LOCALE_NATIVE_NAMES: Record<TPublicLocale, string> = {
  es: 'Español',
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  nl: 'Nederlands',
};

export const isPublicLocale = (value: unknown): value is TPublicLocale =>
  typeof value === 'string' && (PUBLIC_LOCALES as readonly string[]).includes(value);

/** Scripts written right to left: none is offered yet, but layouts read `dir` from here (RTL-ready). */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);
export const localeDir = (locale: string): 'ltr' | 'rtl' => (RTL_LANGUAGES.has(locale) ? 'rtl' : 'ltr');

/**
 * The languages of an Accept-Language header, best first (RFC 9110 §12.5.4: `q` weights, `q=0`
 * means "not this one"), reduced to their primary subtag: "de-CH,de;q=0.9,en;q=0.8" → de, en.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  const ranked: { lang: string; q: number; i: number }[] = [];
  header.split(',').forEach((part, i) => {
    const [range, ...params] = part.trim().split(';');
    const lang = range.trim().toLowerCase().split('-')[0];
    if (!lang || !/^[a-z]{2,3}$|^\*$/.test(lang)) return;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    if (!(q > 0)) return;
    ranked.push({ lang, q, i });
  });
  ranked.sort((a, b) => b.q - a.q || a.i - b.i);
  return [...new Set(ranked.map((r) => r.lang))];
}

/**
 * The language of a public page or answer: `?lang=` when it is one the operator offers, else the
 * first of the browser's Accept-Language it offers, else the operator's default (issue 15 §2).
 * `offered` empty means every public language.
 */
export function negotiateLocale(opts: {
  query?: string | null;
  acceptLanguage?: string | null;
  offered?: readonly string[];
  fallback?: string | null;
}): TPublicLocale {
  const offered = opts.offered?.length ? opts.offered : PUBLIC_LOCALES;
  const ok = (l: string | null | undefined): l is TPublicLocale => isPublicLocale(l) && offered.includes(l);
  const query = opts.query?.toLowerCase();
  if (ok(query)) return query;
  for (const lang of acceptedLanguages(opts.acceptLanguage)) if (ok(lang)) return lang;
  if (ok(opts.fallback)) return opts.fallback;
  if (isPublicLocale(opts.fallback)) return opts.fallback;
  return ok(DEFAULT_LOCALE) ? DEFAULT_LOCALE : (offered.find(isPublicLocale) ?? DEFAULT_LOCALE);
}

/**
 * The language a customer's messages are written in: the booking's own when it is a public
 * language, else the operator's default (a booking in Russian gets the operator's language).
 */
export const messageLocale = (bookingLanguage: string | null | undefined, operatorDefault?: string | null) =>
  isPublicLocale(bookingLanguage)
    ? bookingLanguage
    : isPublicLocale(operatorDefault)
      ? operatorDefault
      : DEFAULT_LOCALE;
