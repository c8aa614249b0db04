import { afterEach, describe, expect, it } from 'vitest';
import { daysBetween, formatDay, parseDay, periodCovers, todayIso } from './dates';
import { setViewerZone } from './time-zone';

describe('calendar dates', () => {
  afterEach(() => setViewerZone(null));

  it('STYLE "Formats": dates read "lun, 23 nov 2026" (no dots, no zone shift)', () => {
    expect(formatDay('2026-11-23')).toBe('lun, 23 nov 2026');
    expect(formatDay('2026-01-01')).toBe('jue, 1 ene 2026');
    expect(formatDay('')).toBe('');
    expect(formatDay(null)).toBe('');
    expect(formatDay('2026-02-30')).toBe('');
  });

  it('parses only real calendar dates', () => {
    expect(parseDay('2026-02-28')?.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(parseDay('2026-13-01')).toBeNull();
    expect(parseDay('28/02/2026')).toBeNull();
  });

  it('counts days and checks inclusive periods', () => {
    expect(daysBetween('2026-11-01', '2026-12-01')).toBe(30);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('x', '2026-01-01')).toBeNull();
    expect(periodCovers({ from: '2026-05-01', to: '2026-05-03' }, '2026-05-03')).toBe(true);
    expect(periodCovers({ from: '2026-05-01', to: '2026-05-03' }, '2026-05-04')).toBe(false);
  });

  it('issue 12: "today" is the operator\'s, whatever the browser\'s clock says', () => {
    // 22:30 UTC on 9 July: already the 10th in Madrid, still the 9th in Tenerife.
    const now = new Date('2026-07-09T22:30:00Z');
    expect(todayIso(now)).toBe('2026-07-10');
    setViewerZone('Atlantic/Canary');
    expect(todayIso(now)).toBe('2026-07-09');
    setViewerZone('Asia/Tokyo');
    expect(todayIso(new Date('2026-07-09T15:30:00Z'))).toBe('2026-07-10');
  });
});
