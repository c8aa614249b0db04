/**
 * The customer messages' languages (issue 15): the texts of each (one module per language, ./es.ts
 * the source of the others' type) and the formats of its dates, times, money and passengers, with
 * `Intl` in the language's BCP 47 tag (LOCALE_TAGS) and the operator's time zone.
 */
import { LOCALE_TAGS, paxCounts, type TPaxSource, type TPublicLocale } from '@trayecto/shared';
import { de } from './de';
import { en } from './en';
import { es, type MessageTexts, type PluralForms } from './es';
import { fr } from './fr';
import { it } from './it';
import { nl } from './nl';

export type { MessageTexts } from './es';

export const MESSAGE_TEXTS: Record<TPublicLocale, MessageTexts> = { es, en, de, fr, it, nl };

/** The `{placeholders}` of a text filled in one pass (a value that contains braces stays as it is). */
export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in vars ? String(vars[key]) : whole));
}

/** The placeholders a text uses, sorted: every language must use the same ones (tested). */
export const placeholdersOf = (template: string) =>
  [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

/** Plain spaces for the no-break ones `Intl` puts in amounts ("115,00 €"), as the back-office writes them. */
const plainSpaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

const cache = new Map<string, unknown>();
function cached<T>(key: string, make: () => T): T {
  let v = cache.get(key) as T | undefined;
  if (v === undefined) {
    v = make();
    cache.set(key, v);
  }
  return v;
}

/** How one message writes values: its language's texts and formats, the operator's time zone. */
export type MessageFormat = {
  locale: TPublicLocale;
  /** BCP 47 tag (`de-DE`): the e-mail's `lang`. */
  tag: string;
  t: MessageTexts;
  fill: typeof fill;
  /** A calendar day (YYYY-MM-DD): "Sa., 5. Dez. 2026", "sáb, 5 dic 2026". */
  day(date: string): string;
  /** A departure's day and its wall-clock time (HH:mm, 24 h): "Sa., 5. Dez. 2026 um 09:00 Uhr". */
  when(date: string, time: string): string;
  /** An instant as its day and time on the operator's clock, in the same words as `when`. */
  instant(at: string | Date): string;
  money(cents: number, currency: string): string;
  /** "2 Erwachsene, 1 Kind" */
  pax(source: TPaxSource): string;
  /** 180 → "3 Stunden", 210 → "3 Std. 30 Min.", 45 → "45 Minuten"; 0 → "" */
  duration(minutes: number | null | undefined): string;
  /** "A, B und C" */
  list(items: readonly string[]): string;
  /** "Label: value" as the language writes it (French: "Label : value"). */
  labelValue(label: string, value: string): string;
};

const DAY_OPTIONS: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' };

export function messageFormat(locale: TPublicLocale, timeZone: string): MessageFormat {
  const tag = LOCALE_TAGS[locale];
  const t = MESSAGE_TEXTS[locale];
  // A calendar day is formatted in UTC, the zone it is read in, so no zone shifts it.
  const dayFormat = cached(`day|${tag}`, () => new Intl.DateTimeFormat(tag, { ...DAY_OPTIONS, timeZone: 'UTC' }));
  const instantDay = cached(
    `iday|${tag}|${timeZone}`,
    () => new Intl.DateTimeFormat(tag, { ...DAY_OPTIONS, timeZone }),
  );
  const instantTime = cached(
    `itime|${tag}|${timeZone}`,
    () => new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }),
  );
  const plural = cached(`plural|${tag}`, () => new Intl.PluralRules(tag));
  const integer = cached(`int|${tag}`, () => new Intl.NumberFormat(tag));
  const unit = (u: 'hour' | 'minute', display: 'long' | 'short') =>
    cached(
      `${u}|${display}|${tag}`,
      () => new Intl.NumberFormat(tag, { style: 'unit', unit: u, unitDisplay: display }),
    );
  const listFormat = cached(`list|${tag}`, () => new Intl.ListFormat(tag, { type: 'conjunction', style: 'long' }));
  const day = (date: string) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
    if (!m) return date;
    return dayFormat.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12)));
  };
  const when = (date: string, time: string) => fill(t.when, { day: day(date), time: time.slice(0, 5) });
  const form = (forms: PluralForms, n: number) => forms[plural.select(n) as keyof PluralForms] ?? forms.other;
  return {
    locale,
    tag,
    t,
    fill,
    day,
    when,
    instant(at) {
      const d = typeof at === 'string' ? new Date(at) : at;
      return fill(t.when, { day: instantDay.format(d), time: instantTime.format(d) });
    },
    money(cents, currency) {
      const f = cached(
        `money|${tag}|${currency}`,
        () =>
          new Intl.NumberFormat(tag, {
            style: 'currency',
            currency,
            // "1.234,50 €" in Spanish and Italian too (their default leaves four digits ungrouped).
            useGrouping: 'always',
          } as Intl.NumberFormatOptions),
      );
      return plainSpaces(f.format(cents / 100));
    },
    pax(source) {
      return paxCounts(source)
        .map(({ type, n }) => `${integer.format(n)} ${form(t.pax[type], n)}`)
        .join(', ');
    },
    duration(minutes) {
      if (!minutes || minutes <= 0) return '';
      const h = Math.floor(minutes / 60);
      const m = minutes % 60;
      if (h === 0) return plainSpaces(unit('minute', 'long').format(m));
      if (m === 0) return plainSpaces(unit('hour', 'long').format(h));
      return plainSpaces(`${unit('hour', 'short').format(h)} ${unit('minute', 'short').format(m)}`);
    },
    list: (items) => listFormat.format(items),
    labelValue: (label, value) => fill(t.labelValue, { label, value }),
  };
}
