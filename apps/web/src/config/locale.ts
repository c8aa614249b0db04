/** Spanish locale (spec §9): dayjs in Spanish, weeks start on Monday, 24-hour time. */
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import type { DatesProviderSettings } from '@mantine/dates';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);
dayjs.locale('es');

export const LOCALE = 'es';
export const DATES_SETTINGS: DatesProviderSettings = {
  locale: LOCALE,
  firstDayOfWeek: 1,
  weekendDays: [0, 6],
  consistentWeeks: true,
};
