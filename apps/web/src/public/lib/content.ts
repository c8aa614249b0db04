/**
 * Product texts that fell back to another language (issue 15 §3): the API answers them in the page's
 * language when it has them, else in the operator's, and lists the latter in `content_locales`
 * (`{ description: 'es' }`). Their elements get that `lang`, so screen readers read them with the
 * right voice; nothing on the page says a translation is missing.
 */
export type TContentLocales = Record<string, string> | null | undefined;

/** The `lang` attribute of a product text: its fallback language, or undefined (the page's own). */
export const contentLang = (locales: TContentLocales, field: string): string | undefined =>
  locales?.[field] || undefined;
