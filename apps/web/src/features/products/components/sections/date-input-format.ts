import type { DateFormatter } from '@mantine/dates';
import { formatDay } from '../../utils/product-format';

function toIso(d: unknown): string {
  if (!d) return '';
  if (typeof d === 'string') return d.slice(0, 10);
  if (d instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }
  return '';
}

/** Date inputs show "lun, 22 nov 2026" (STYLE.md "Formats"), without dayjs's abbreviation dots. */
export const dayValueFormatter: DateFormatter = ({ date }) =>
  Array.isArray(date)
    ? date
        .map((d) => formatDay(toIso(d)))
        .filter(Boolean)
        .join(' – ')
    : formatDay(toIso(date));

/** Spanish names for the calendar's controls, and each day named in full ("lun, 1 jun 2026"). */
export const CALENDAR_A11Y = {
  ariaLabels: {
    nextMonth: 'Mes siguiente',
    previousMonth: 'Mes anterior',
    nextYear: 'Año siguiente',
    previousYear: 'Año anterior',
    nextDecade: 'Década siguiente',
    previousDecade: 'Década anterior',
  },
  getDayProps: (date: string) => ({ 'aria-label': formatDay(date) }),
};
