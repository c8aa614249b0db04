import { isPublicLocale, LOCALE_NATIVE_NAMES, PUBLIC_LOCALES, type TPublicLocale } from '@trayecto/shared/i18n';
import { getLocale, switchLocale, t } from '../i18n';
import { IconWorld } from './icons';

/**
 * The languages a page offers: the operator's (`public_languages`; none listed means all), in the
 * switcher's order, with the page's own always among them.
 */
export function offeredLocales(languages: readonly string[] | null | undefined): TPublicLocale[] {
  const listed = (languages ?? []).filter(isPublicLocale);
  const offered = new Set<string>(listed.length ? listed : PUBLIC_LOCALES);
  offered.add(getLocale());
  return PUBLIC_LOCALES.filter((l) => offered.has(l));
}

/**
 * The header's language switcher (issue 15 §2): a native select (keyboard, screen readers and
 * phones' own pickers for free), each language in its own words and with its `lang`; choosing one
 * reloads the page in it (`switchLocale`: the server's head follows). Nothing when there is no choice.
 */
export function LanguageSwitcher({ locales }: { locales: readonly TPublicLocale[] }) {
  if (locales.length < 2) return null;
  const current = getLocale();
  return (
    // The header links' look, with less padding: the select has its own tap area (public.css).
    <span className="pub-header-back pub-lang">
      <IconWorld size={18} className="pub-hide-xs" />
      <select
        aria-label={t().common.shell.language}
        value={current}
        onChange={(e) => {
          const next = e.target.value;
          if (isPublicLocale(next) && next !== current) switchLocale(next);
        }}
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NATIVE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
