/**
 * The period of «Informes»: presets in the operator's days (Monday first) and the check the API
 * makes too (from ≤ to, at most 366 days), so the screen says it before asking.
 */
import { addDays, addMonths, isCalendarDate, isoWeekday, reportPeriodProblems } from '@trayecto/shared';

export type TPeriod = { from: string; to: string };
export type TPresetId = 'today' | 'week' | 'month' | 'last_month' | 'year';

export const PRESET_LABELS: Record<TPresetId, string> = {
  today: 'Hoy',
  week: 'Esta semana',
  month: 'Este mes',
  last_month: 'Mes pasado',
  year: 'Este año',
};

const lastDayOfMonth = (month: string) => addDays(`${addMonths(month, 1)}-01`, -1);

/** The period of a preset around `today` (YYYY-MM-DD in the operator's zone). */
export function presetPeriod(id: TPresetId, today: string): TPeriod {
  const month = today.slice(0, 7);
  switch (id) {
    case 'today':
      return { from: today, to: today };
    case 'week': {
      const monday = addDays(today, 1 - isoWeekday(today));
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'month':
      return { from: `${month}-01`, to: lastDayOfMonth(month) };
    case 'last_month': {
      const prev = addMonths(month, -1);
      return { from: `${prev}-01`, to: lastDayOfMonth(prev) };
    }
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  }
}

/** Which preset a period is, if any. */
export function presetOf(period: TPeriod, today: string): TPresetId | null {
  for (const id of Object.keys(PRESET_LABELS) as TPresetId[]) {
    const p = presetPeriod(id, today);
    if (p.from === period.from && p.to === period.to) return id;
  }
  return null;
}

/** The period in the URL, or this month when it is missing or not valid. */
export function periodFromUrl(from: string | null, to: string | null, today: string): TPeriod {
  if (from && to && isCalendarDate(from) && isCalendarDate(to)) return { from, to };
  return presetPeriod('month', today);
}

/** The first problem of a period, in Spanish (null: none). */
export function periodProblem(p: TPeriod): string | null {
  return Object.values(reportPeriodProblems(p.from, p.to))[0]?.[0] ?? null;
}
