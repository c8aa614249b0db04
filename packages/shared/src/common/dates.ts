/**
 * Calendar days (`YYYY-MM-DD`) and months (`YYYY-MM`): the one copy of the day arithmetic the API,
 * the back-office and the public pages share (issue 13). A calendar day is not an instant: every
 * computation reads it at UTC midnight, so no time zone moves it to another day. Which day "today"
 * is belongs to a zone: `todayIn` in time-zone.ts. Plain JavaScript and `Intl`, no zod, so the
 * public bundle imports it (`@trayecto/shared/dates`).
 */

const DAY_MS = 86_400_000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_RE = /^(\d{4})-(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');
/** UTC midnight of a day, in ms (`Date.parse` of ISO text reads every year as written). */
const dayMs = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
const dayOfMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** (2026, 11, 2) → "2026-11-02" */
export const isoDate = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;

/** Days of a month: (2028, 2) → 29. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whether a text is a real calendar day `YYYY-MM-DD` ("2026-02-30" is not). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DAY_RE.exec(value);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(Number(m[1]), month);
}

/**
 * The day a value starts with (`2026-11-23` or `2026-11-23T…`) as a Date at UTC midnight, or null
 * when it is not a real calendar day.
 */
export function parseDay(value: string | null | undefined): Date | null {
  const day = value?.slice(0, 10);
  return isCalendarDate(day) ? new Date(dayMs(day)) : null;
}

/** ISO weekday of a day: 1 = Monday … 7 = Sunday (the day itself, not a zone's). */
export function isoWeekday(date: string): number {
  const d = new Date(dayMs(date)).getUTCDay();
  return d === 0 ? 7 : d;
}

/** ("2026-07-30", 3) → "2026-08-02"; negative days go back. */
export const addDays = (date: string, days: number): string => dayOfMs(dayMs(date) + days * DAY_MS);

/** Whole days from `from` to `to` ("2026-11-01" → "2026-12-01" is 30; backwards is negative). */
export const daysBetween = (from: string, to: string): number => Math.round((dayMs(to) - dayMs(from)) / DAY_MS);

/** Every day from `from` to `to`, both included. */
export function eachDate(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = dayMs(from), end = dayMs(to); t <= end; t += DAY_MS) out.push(dayOfMs(t));
  return out;
}

/** A day of a span (daySpan): its text, its UTC midnight in ms and its ISO weekday (1 = Monday). */
export type SpanDay = { readonly date: string; readonly ms: number; readonly weekday: number };

/** The spans asked last (a few weeks and months asked side by side by concurrent requests). */
const spans = new Map<string, readonly SpanDay[]>();
const SPANS_KEPT = 64;
/** Longer spans (none a request asks: 62 days at most) are worked out each time, not kept. */
const SPAN_KEPT_DAYS = 400;

/**
 * Every day from `from` to `to`, both included, with its UTC midnight and weekday worked out once:
 * what loops over days for many products at a time (the calendar: a product at a time over the same
 * week) read instead of parsing each day's text again. The spans asked last are kept (frozen);
 * none when either end is not a real calendar day.
 */
export function daySpan(from: string, to: string): readonly SpanDay[] {
  const key = `${from} ${to}`;
  const kept = spans.get(key);
  if (kept) return kept;
  const days: SpanDay[] = [];
  // Not a real day at either end ("2026-02-30" parses as 2 March): no days.
  if (isCalendarDate(from) && isCalendarDate(to)) {
    for (let t = dayMs(from), end = dayMs(to); t <= end; t += DAY_MS) {
      const d = new Date(t).getUTCDay();
      days.push(Object.freeze({ date: dayOfMs(t), ms: t, weekday: d === 0 ? 7 : d }));
    }
  }
  Object.freeze(days);
  if (days.length > SPAN_KEPT_DAYS) return days;
  if (spans.size >= SPANS_KEPT) spans.clear();
  spans.set(key, days);
  return days;
}

/** The Monday of a day's week (spec §9: the week starts on Monday). */
export const startOfWeek = (date: string) => addDays(date, 1 - isoWeekday(date));

/** The month of a day: "2026-07-14" → "2026-07". */
export const monthOf = (date: string) => date.slice(0, 7);

function monthParts(month: string): { year: number; month: number } {
  const m = MONTH_RE.exec(month);
  if (!m) throw new Error(`Mes no válido: ${month}`);
  return { year: Number(m[1]), month: Number(m[2]) };
}

/** ("2026-12", 1) → "2027-01"; ("2026-01", -1) → "2025-12". */
export function addMonths(month: string, n: number): string {
  const p = monthParts(month);
  const i = p.year * 12 + (p.month - 1) + n;
  const year = Math.floor(i / 12);
  return `${String(year).padStart(4, '0')}-${pad(i - year * 12 + 1)}`;
}

/** "2026-11" → "2026-11-01" */
export const firstOfMonth = (month: string) => `${month}-01`;

/** "2026-11" → "2026-11-30" */
export function lastOfMonth(month: string): string {
  const p = monthParts(month);
  return isoDate(p.year, p.month, daysInMonth(p.year, p.month));
}

/** The first Monday and the last Sunday around a month: the days a month grid shows. */
export function monthGridRange(month: string): { from: string; to: string } {
  const last = lastOfMonth(month);
  return { from: startOfWeek(firstOfMonth(month)), to: addDays(last, 7 - isoWeekday(last)) };
}

/** The whole weeks, Monday to Sunday, around a month: 4 to 6 rows of 7 days. */
export function monthWeeks(month: string): string[][] {
  const { from, to } = monthGridRange(month);
  const weeks: string[][] = [];
  eachDate(from, to).forEach((date, i) => {
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]?.push(date);
  });
  return weeks;
}

// A calendar day is formatted in UTC, the zone it was read in, so no viewer's zone shifts it.
const dayFormat = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A day as people read it (STYLE.md "Formats"): "2026-11-23" → "lun, 23 nov 2026"; '' when not a day. */
export function formatDay(value: string | null | undefined): string {
  const d = parseDay(value);
  return d ? dayFormat.format(d).replace(/\./g, '') : '';
}

/** A day in a sentence of a message: "2026-11-23" → "23/11/2026" (errors and audit summaries). */
export const displayDate = (date: string) => date.split('-').reverse().join('/');
