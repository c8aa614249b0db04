import { DatePickerInput } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatDay, todayIso } from '../lib/dates';
import { useListContext } from './list-context';

/** A calendar day as the URL keeps it (YYYY-MM-DD). */
export const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * "Fechas": a range of calendar days of the past in the list's URL (`from`, `to`), both included,
 * with the usual presets (hoy, ayer, últimos 7 y 30 días). Lists of what happened (the activity
 * log, the messages) filter by it.
 */
export function DateRangeFilter({ flex = '1 1 250px' }: { flex?: string }) {
  const { list } = useListContext();
  const from = isDay(list.get('from')) ? list.get('from') : '';
  const to = isDay(list.get('to')) ? list.get('to') : '';
  const [value, setValue] = useState<[string | null, string | null]>([from || null, to || null]);
  useEffect(() => setValue([from || null, to || null]), [from, to]);
  const today = todayIso();
  return (
    <DatePickerInput
      type="range"
      label="Fechas"
      placeholder="Todas las fechas"
      leftSection={<IconCalendarEvent size={16} aria-hidden />}
      value={value}
      onChange={(v) => {
        const next: [string | null, string | null] = [v[0] ? String(v[0]) : null, v[1] ? String(v[1]) : null];
        setValue(next);
        if (next[0] && next[1]) list.setFilters({ from: next[0].slice(0, 10), to: next[1].slice(0, 10) });
        if (!next[0] && !next[1]) list.setFilters({ from: null, to: null });
      }}
      allowSingleDateInRange
      clearable
      maxDate={today}
      valueFormatter={({ date }) => {
        const [a, b] = Array.isArray(date) ? date : [date, null];
        if (!a) return '';
        const first = formatDay(String(a).slice(0, 10));
        const last = b ? formatDay(String(b).slice(0, 10)) : '';
        return last && last !== first ? `${first} – ${last}` : first;
      }}
      presets={[
        { value: [today, today], label: 'Hoy' },
        { value: [addDays(today, -1), addDays(today, -1)], label: 'Ayer' },
        { value: [addDays(today, -6), today], label: 'Últimos 7 días' },
        { value: [addDays(today, -29), today], label: 'Últimos 30 días' },
      ]}
      ariaLabels={{ nextMonth: 'Mes siguiente', previousMonth: 'Mes anterior' }}
      getDayProps={(date) => ({ 'aria-label': formatDay(String(date).slice(0, 10)) })}
      style={{ flex }}
    />
  );
}
