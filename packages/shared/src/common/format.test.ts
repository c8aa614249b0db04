import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDateTimeSeconds,
  formatDayOfInstant,
  formatShortDateTime,
  formatTimeOfDay,
} from './format';

describe('instants as people read them, always in a named zone (issue 12)', () => {
  // 01:44 UTC on 15 July: 02:44 in Tenerife, 03:44 in Madrid, 10:44 in Tokyo.
  const paid = '2026-07-15T01:44:07Z';

  it("a payment made at 02:44 in Tenerife reads 02:44 there, not Madrid's 03:44", () => {
    expect(formatDateTime(paid, 'Atlantic/Canary')).toBe('15/07/2026 02:44');
    expect(formatDateTime(paid, 'Europe/Madrid')).toBe('15/07/2026 03:44');
    expect(formatDateTime(paid, 'Asia/Tokyo')).toBe('15/07/2026 10:44');
    expect(formatTimeOfDay(paid, 'Atlantic/Canary')).toBe('02:44');
    expect(formatDateTimeSeconds(paid, 'Atlantic/Canary')).toBe('15/07/2026 02:44:07');
    expect(formatShortDateTime(paid, 'Atlantic/Canary')).toBe('15 jul, 02:44');
  });

  it('winter (Tenerife on UTC, Madrid an hour ahead) and the day an instant falls on', () => {
    const late = '2026-11-22T23:30:00Z';
    expect(formatDateTime(late, 'Atlantic/Canary')).toBe('22/11/2026 23:30');
    expect(formatDateTime(late, 'Europe/Madrid')).toBe('23/11/2026 00:30');
    expect(formatDayOfInstant(late, 'Atlantic/Canary')).toBe('22 nov 2026');
    expect(formatDayOfInstant(late, 'Europe/Madrid')).toBe('23 nov 2026');
    expect(formatDateTime(new Date(late), 'Atlantic/Canary')).toBe('22/11/2026 23:30');
  });
});
