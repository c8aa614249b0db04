/**
 * The language of the public API's answers (issue 15): which one a request gets, and a product's
 * texts in it with the fallback to the operator's own. See docs/decisions/016-languages.md.
 */
import {
  DEFAULT_LOCALE,
  isPublicLocale,
  negotiateLocale,
  PUBLIC_LOCALES,
  type TProductTranslatableField,
  type TPublicLocale,
} from '@trayecto/shared';
import { errors as de } from '@trayecto/shared/i18n/errors/de';
import { errors as en } from '@trayecto/shared/i18n/errors/en';
import { errors as es, type TErrorsDict } from '@trayecto/shared/i18n/errors/es';
import { errors as fr } from '@trayecto/shared/i18n/errors/fr';
import { errors as it } from '@trayecto/shared/i18n/errors/it';
import { errors as nl } from '@trayecto/shared/i18n/errors/nl';
import { translateError } from '@trayecto/shared/i18n/translate-error';
import type { FastifyRequest, onSendHookHandler } from 'fastify';
import type { ProductTranslation, ProductTranslations } from '../../db/schema/products';

/**
 * What a request says about its language: a `locale` decided already (a message in the booking's
 * language), or the inputs to negotiate it (`?lang=` and Accept-Language).
 */
export type LocaleAsk = { locale: TPublicLocale } | { query?: string | null; acceptLanguage?: string | null };

/** The languages an operator offers, its default always among them (the database may hold neither). */
export function offeredLocales(op: { publicLanguages?: string[] | null; defaultLanguage?: string | null }) {
  const list = (op.publicLanguages ?? []).filter(isPublicLocale);
  const def = isPublicLocale(op.defaultLanguage) ? op.defaultLanguage : DEFAULT_LOCALE;
  const all = list.length ? list : [...PUBLIC_LOCALES];
  return all.includes(def) ? all : [def, ...all];
}

export const defaultLocaleOf = (op: { defaultLanguage?: string | null }): TPublicLocale =>
  isPublicLocale(op.defaultLanguage) ? op.defaultLanguage : DEFAULT_LOCALE;

/**
 * The language of an answer about one operator's product or booking: `ask.locale` as given, else
 * `?lang=` or the browser's Accept-Language among the languages the operator offers, else
 * `preferred` (a booking's own language) when offered, else the operator's default.
 */
export function answerLocale(
  op: { publicLanguages?: string[] | null; defaultLanguage?: string | null },
  ask: LocaleAsk = {},
  preferred?: string | null,
): TPublicLocale {
  if ('locale' in ask) return ask.locale;
  const offered = offeredLocales(op);
  const fallback = isPublicLocale(preferred) && offered.includes(preferred) ? preferred : defaultLocaleOf(op);
  return negotiateLocale({ query: ask.query, acceptLanguage: ask.acceptLanguage, offered, fallback });
}

/** The base texts of a product (in the operator's default language). */
export type ProductTexts = {
  name: string;
  short_description: string;
  description: string;
  includes: string[];
  excludes: string[];
  what_to_bring: string[];
  meeting_point: string;
  booking_terms: string;
  pickup_notes: string;
};

const filled = (v: string | string[] | undefined): boolean =>
  Array.isArray(v) ? v.length > 0 : typeof v === 'string' && v.trim() !== '';

/**
 * A product's texts in `locale`: each field its translation when there is one, else the base text,
 * and `content_locales` naming the fields that fell back (with the language they are written in),
 * so a page can mark them with `lang`. A field empty in both stays empty and is not listed.
 */
export function localizeTexts<T extends Partial<ProductTexts>>(
  base: T,
  translations: ProductTranslations | null | undefined,
  locale: TPublicLocale,
  baseLocale: TPublicLocale,
): { texts: T; content_locales: Record<string, string> } {
  const content_locales: Record<string, string> = {};
  if (locale === baseLocale) return { texts: base, content_locales };
  const tr: ProductTranslation = translations?.[locale] ?? {};
  const texts = { ...base };
  for (const key of Object.keys(base) as (keyof T & TProductTranslatableField)[]) {
    const value = tr[key];
    if (filled(value)) (texts as Record<string, unknown>)[key] = value;
    else if (filled(base[key] as string | string[] | undefined)) content_locales[key] = baseLocale;
  }
  return { texts, content_locales };
}

/** The operator's general terms in `locale`, else its default-language ones. */
export function operatorTermsIn(
  op: { bookingTerms: string; bookingTermsTranslations?: Partial<Record<string, string>> | null },
  locale: TPublicLocale,
): string {
  const tr = op.bookingTermsTranslations?.[locale];
  return tr?.trim() ? tr : op.bookingTerms;
}

// ── Error answers ────────────────────────────────────────────────────────────────────────────────

const ERRORS: Record<TPublicLocale, TErrorsDict> = { es, en, de, fr, it, nl };

/** The language of a request that knows no operator: `?lang=`, else Accept-Language, else Spanish. */
export const requestLocale = (ask: { query?: string | null; acceptLanguage?: string | null }) =>
  negotiateLocale({ query: ask.query, acceptLanguage: ask.acceptLanguage });

/** What a public request says about its language (`?lang=` and Accept-Language). */
export function askOf(req: FastifyRequest): { query: string | null; acceptLanguage: string | null } {
  const q = (req.query ?? {}) as Record<string, unknown>;
  const header = req.headers['accept-language'];
  return {
    query: typeof q.lang === 'string' ? q.lang : null,
    acceptLanguage: typeof header === 'string' ? header : null,
  };
}

/**
 * An error answer `{ code, message, errors? }` in `locale`: its message and every field message
 * translated (translate-error.ts); `code` and everything else unchanged.
 */
export function translateErrorBody(body: unknown, locale: TPublicLocale): unknown {
  if (locale === DEFAULT_LOCALE || !body || typeof body !== 'object') return body;
  const dict = ERRORS[locale];
  const b = body as { code?: unknown; message?: unknown; errors?: unknown };
  const code = typeof b.code === 'string' ? b.code : null;
  const out: Record<string, unknown> = { ...b };
  if (typeof b.message === 'string') out.message = translateError(b.message, dict, code);
  if (b.errors && typeof b.errors === 'object') {
    out.errors = Object.fromEntries(
      Object.entries(b.errors as Record<string, unknown>).map(([field, list]) => [
        field,
        Array.isArray(list)
          ? list.map((m) => (typeof m === 'string' ? translateError(m, dict, 'VALIDATION') : m))
          : list,
      ]),
    );
  }
  return out;
}

/**
 * onSend of the public API: every answer says it varies with Accept-Language; an error answer is
 * translated to the request's language (`?lang=`, else Accept-Language, else Spanish), keeping its
 * `code`. Success bodies are translated where they are built (they know the operator's languages).
 */
export const translatePublicErrors: onSendHookHandler<unknown> = (req, reply, payload, done) => {
  reply.header('Vary', 'Accept-Language');
  // A callback, not a promise: this runs on every public answer (ADR 036).
  if (reply.statusCode < 400 || typeof payload !== 'string') return done(null, payload);
  const locale = requestLocale(askOf(req));
  reply.header('Content-Language', locale);
  if (locale === DEFAULT_LOCALE) return done(null, payload);
  let translated: string = payload;
  try {
    translated = JSON.stringify(translateErrorBody(JSON.parse(payload), locale));
  } catch {
    // not JSON: sent as it is
  }
  done(null, translated);
};
