/**
 * The public pages' formats in the active language (issue 15; STYLE.md "Formats" for Spanish):
 * dates, times (24-hour, the operator's zone), money and numbers through `Intl` with the page's
 * locale (`localeTag()`), and the words around them (durations, ages, seats, free cancellation)
 * from the active dictionary. Read at call time: the language is known before the first render.
 */
import { parseDay } from '@trayecto/shared/dates';
import { getLocale, localeTag, t } from '../i18n';

/** One Intl formatter per locale and options (they are costly to build). */
const cache = new Map<string, unknown>();
function cached<T>(key: string, make: () => T): T {
  const k = `${localeTag()}|${key}`;
  let f = cache.get(k) as T | undefined;
  if (f === undefined) {
    f = make();
    cache.set(k, f);
  }
  return f;
}

const dateFormat = (key: string, options: Intl.DateTimeFormatOptions) =>
  cached(key, () => new Intl.DateTimeFormat(localeTag(), options));

/** Spanish abbreviations read without their dot ("lun, 22 nov 2026", STYLE.md); others keep theirs ("So., 22. Nov."). */
const tidy = (s: string) => (getLocale() === 'es' ? s.replace(/\./g, '') : s);

/** Intl's non-breaking spaces as plain ones ("1.234,50 €"), as the pages have always written them. */
const plainSpaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

/** "2026-11-22" → es "dom, 22 nov 2026", en "Sun, 22 Nov 2026", de "So., 22. Nov. 2026". */
export function formatDay(iso: string | null | undefined): string {
  const d = parseDay(iso);
  if (!d) return '';
  const f = dateFormat('day', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  return tidy(f.format(d));
}

/** "2026-11-22" → es "domingo, 22 de noviembre de 2026", en "Sunday, 22 November 2026". */
export function formatDateLong(iso: string): string {
  const d = parseDay(iso);
  if (!d) return '';
  return dateFormat('long', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(d);
}

const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase(localeTag()) + s.slice(1);

/** "2026-11" → es "Noviembre de 2026", en "November 2026", fr "Novembre 2026". */
export function formatMonth(month: string): string {
  const d = parseDay(`${month}-01`);
  return d ? capitalise(dateFormat('month', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(d)) : '';
}

/**
 * An instant in the operator's zone (its page's `operator.timezone`), 24-hour clock:
 * es "lun, 22 nov 2026, 09:00", en "Mon, 22 Nov 2026, 09:00", de "Mo., 22. Nov. 2026, 09:00".
 */
export function formatInstant(iso: string, timeZone: string): string {
  const f = dateFormat(`instant|${timeZone}`, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return plainSpaces(tidy(f.format(new Date(iso))));
}

/** The time of day of an instant in the operator's zone, 24-hour clock: "10:15". */
export function formatTimeOfDay(iso: string, timeZone: string): string {
  const f = dateFormat(`clock|${timeZone}`, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return f.format(new Date(iso));
}

/** Cents as money in the active language: es/de "1.234,50 €", en "€1,234.50", fr "1 234,50 €". */
export function formatCents(cents: number, currency = 'EUR'): string {
  const f = cached(
    `money|${currency}`,
    () =>
      new Intl.NumberFormat(localeTag(), {
        style: 'currency',
        currency,
        // Spanish leaves 4-digit amounts ungrouped by default ("1234,50 €"): always group.
        useGrouping: 'always',
      } as Intl.NumberFormatOptions),
  );
  return plainSpaces(f.format(cents / 100));
}

/**
 * The runtime's locale data and a time zone's rules, loaded before a form is taken over (main.tsx),
 * each in a task of its own: the first Intl format of a page loads the locale data (~10 ms on this
 * machine, ~40 ms on a mid-range phone), the first one in a zone its rules, and the forms format
 * prices and dates in the operator's zone as they are taken over. Returns the steps, one per task.
 */
export function formatWarmUps(timeZone: string | null): (() => void)[] {
  const steps = [() => void formatNumber(0)];
  if (timeZone) {
    steps.push(() => {
      try {
        // As the operator's zone is read (time-zone.ts: isValidTimeZone, then its offset).
        new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).format(0);
      } catch {
        // An unknown zone: the page falls back to the platform's.
      }
    });
  }
  return steps;
}

/** A number in the active language: 1234 → es "1.234", en "1,234". */
export const formatNumber = (n: number) => cached('number', () => new Intl.NumberFormat(localeTag())).format(n);

/**
 * A count with its word, by the language's plural rules: plural(3, 'plaza', 'plazas') → "3 plazas"
 * (French says "0 place"). Prefer a dictionary function for whole sentences.
 */
export function plural(n: number, one: string, many: string): string {
  const rule = cached('plural', () => new Intl.PluralRules(localeTag())).select(n);
  return `${formatNumber(n)} ${rule === 'one' ? one : many}`;
}

/** 480 → "8 h", 210 → "3 h 30 min", 45 → "45 min", 1440 → "1 día" (in the active language). */
export function formatDuration(minutes: number): string {
  if (minutes <= 0) return '';
  const f = t().common.format;
  if (minutes % 1440 === 0) return f.days(minutes / 1440);
  return f.duration(Math.floor(minutes / 60), minutes % 60);
}

/** Ages of a tariff: es "de 3 a 11 años", "desde 12 años", "hasta 2 años", or "". */
export function formatAges(minAge: number | null, maxAge: number | null): string {
  const f = t().common.format;
  if (minAge !== null && maxAge !== null) return f.agesRange(minAge, maxAge);
  if (minAge !== null) return f.agesFrom(minAge);
  if (maxAge !== null) return f.agesUpTo(maxAge);
  return '';
}

/** es "quedan 3 plazas" / "queda 1 plaza", en "3 places left". */
export const seatsLeftText = (n: number): string => t().common.format.seatsLeft(n);

/** A free-cancellation period: whole days from 72 hours on ("3 días"), else hours ("24 horas"). */
export function cancellationPeriod(hours: number): string {
  const f = t().common.format;
  return hours >= 72 && hours % 24 === 0 ? f.days(hours / 24) : f.hours(hours);
}

/** A product's free-cancellation rule as the landing, the booking form and the booking page say it. */
export function freeCancellationText(hours: number): string {
  const f = t().common.format;
  return hours <= 0 ? f.noFreeCancellation : f.freeCancellation(cancellationPeriod(hours));
}

function displayName(type: 'language' | 'region', code: string): string | undefined {
  const names = cached(`names|${type}`, () => {
    try {
      return new Intl.DisplayNames([localeTag()], { type, fallback: 'none' });
    } catch {
      return null;
    }
  });
  try {
    return names?.of(code) ?? undefined;
  } catch {
    return undefined;
  }
}

/** A language's name in the active language, capitalised: 'en' → es "Inglés", de "Englisch"; unknown → "XX". */
export function languageName(code: string): string {
  const name = displayName('language', code);
  return name ? capitalise(name) : code.toUpperCase();
}

/** A product's tour languages in the active language: ['es', 'en'] → es "Español, Inglés", en "Spanish, English". */
export const languagesText = (codes: string[]) => codes.map(languageName).join(', ');

/** A country's name in the active language: 'DE' → es "Alemania", en "Germany"; the code when unknown. */
export const countryName = (code: string) => displayName('region', code) ?? code;
