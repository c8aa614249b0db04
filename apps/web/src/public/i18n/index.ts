/**
 * The public pages' language (issue 15): which one, its texts and its formats. One dictionary per
 * language, each its own chunk (`./dict/{lang}/index.ts`): only the active one is downloaded.
 *
 * The language is chosen once per page load, before the first render (main.tsx awaits
 * `startLocale()`): `?lang=xx`, else the visit's choice (sessionStorage), else the language the
 * server chose for the page (`<html lang>`: Accept-Language, else the operator's default). The
 * switcher reloads the page with `?lang=` so the server-rendered head follows. Components read the
 * texts with `t()` at render time (never in module-level constants: they run before the load).
 */
import {
  DEFAULT_LOCALE,
  isPublicLocale,
  LANG_PARAM,
  LOCALE_TAGS,
  localeDir,
  type TPublicLocale,
} from '@trayecto/shared/i18n';
import { translateError as translateWith } from '@trayecto/shared/i18n/translate-error';
import type { TPublicDict } from './dict/es';

export type { TPublicDict };

/** sessionStorage key of the language the visitor chose (kept for the visit, not beyond). */
export const LANG_STORAGE_KEY = 'trayecto.public.lang';

const loaders: Record<TPublicLocale, () => Promise<{ default: TPublicDict }>> = {
  es: () => import('./dict/es'),
  en: () => import('./dict/en'),
  de: () => import('./dict/de'),
  fr: () => import('./dict/fr'),
  it: () => import('./dict/it'),
  nl: () => import('./dict/nl'),
};

let current: { locale: TPublicLocale; dict: TPublicDict } | null = null;

/** The active language's texts. */
export function t(): TPublicDict {
  if (!current) throw new Error('Public texts used before startLocale()');
  return current.dict;
}

/** The active language ('es' … 'nl'). */
export const getLocale = (): TPublicLocale => current?.locale ?? DEFAULT_LOCALE;
/** The active language's BCP 47 tag for Intl ('de-DE'). */
export const localeTag = (): string => LOCALE_TAGS[getLocale()];

/** Makes `dict` the active one (startLocale, and tests). */
export function setDictionary(locale: TPublicLocale, dict: TPublicDict): void {
  current = { locale, dict };
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = localeDir(locale);
  }
}

function storedChoice(): string | null {
  try {
    return sessionStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The language of this page load (see the module's comment). */
export function chooseLocale(): TPublicLocale {
  const query = new URLSearchParams(window.location.search).get(LANG_PARAM)?.toLowerCase();
  if (isPublicLocale(query)) {
    try {
      sessionStorage.setItem(LANG_STORAGE_KEY, query);
    } catch {
      // Private mode without storage: the URL still carries it.
    }
    return query;
  }
  const stored = storedChoice();
  if (isPublicLocale(stored)) return stored;
  const served = document.documentElement.lang?.toLowerCase();
  return isPublicLocale(served) ? served : DEFAULT_LOCALE;
}

/** Loads the page's language's dictionary (its own chunk) and makes it active. */
export async function startLocale(locale: TPublicLocale = chooseLocale()): Promise<TPublicLocale> {
  const dict = (await loaders[locale]()).default;
  setDictionary(locale, dict);
  return locale;
}

/** The same page in another language: remembered for the visit, loaded with `?lang=` (server head included). */
export function switchLocale(locale: TPublicLocale): void {
  try {
    sessionStorage.setItem(LANG_STORAGE_KEY, locale);
  } catch {
    // The URL carries it.
  }
  const url = new URL(window.location.href);
  url.searchParams.set(LANG_PARAM, locale);
  window.location.assign(url.toString());
}

/** A public page's link in the active language: `/public/booking/product/1?lang=de`. */
export function withLang(href: string): string {
  const url = new URL(href, 'http://x');
  url.searchParams.set(LANG_PARAM, getLocale());
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A Spanish message of the shared field rules (zod/mini) or of the API in the active language: its
 * translation, else what its `code` means (never Spanish in another language). The API already
 * answers in the page's language (Accept-Language); this is for the page's own checks.
 */
export const translateError = (message: string, code?: string | null): string =>
  translateWith(message, t().errors, code ?? 'VALIDATION');
