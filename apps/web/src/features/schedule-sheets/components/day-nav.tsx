import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendarEvent, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { dayValueFormatter, formatDay, todayIso } from '../../../lib/dates';
import { shiftDay } from '../utils/sheet-view';
import classes from './sheets.module.css';

/**
 * The day a sheets screen shows: ‹ day › with a calendar in between and "Hoy" when elsewhere.
 * The screens keep the day in the URL (?date=YYYY-MM-DD).
 */
export function DayNav({
  date,
  onChange,
  children,
}: {
  date: string;
  onChange: (date: string) => void;
  /** What the day holds (counts), at the right. */
  children?: ReactNode;
}) {
  const today = todayIso();
  return (
    <Group p="md" gap="sm" align="flex-end" wrap="wrap" className={classes.dayNav} role="group" aria-label="Día">
      <Group gap={6} align="flex-end" wrap="nowrap" style={{ flex: '1 1 340px' }}>
        <Tooltip label="Día anterior">
          <ActionIcon
            variant="default"
            size={36}
            aria-label={`Día anterior: ${formatDay(shiftDay(date, -1))}`}
            onClick={() => onChange(shiftDay(date, -1))}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <DatePickerInput
          label="Día"
          value={date}
          onChange={(v) => (v ? onChange(String(v).slice(0, 10)) : undefined)}
          valueFormatter={dayValueFormatter}
          leftSection={<IconCalendarEvent size={16} aria-hidden />}
          className={classes.dayPicker}
          ariaLabels={{ nextMonth: 'Mes siguiente', previousMonth: 'Mes anterior' }}
          getDayProps={(d) => ({ 'aria-label': formatDay(String(d).slice(0, 10)) })}
          presets={[
            { value: shiftDay(today, -1), label: 'Ayer' },
            { value: today, label: 'Hoy' },
            { value: shiftDay(today, 1), label: 'Mañana' },
          ]}
        />
        <Tooltip label="Día siguiente">
          <ActionIcon
            variant="default"
            size={36}
            aria-label={`Día siguiente: ${formatDay(shiftDay(date, 1))}`}
            onClick={() => onChange(shiftDay(date, 1))}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group gap="xs" wrap="wrap" justify="space-between" style={{ flex: '1 1 auto' }}>
        {date !== today ? (
          <Button variant="light" onClick={() => onChange(today)} h={36}>
            Volver a hoy
          </Button>
        ) : (
          <span />
        )}
        {children}
      </Group>
    </Group>
  );
}
