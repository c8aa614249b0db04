import { formatDateTime } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { formatWhen, formatWhenShort } from './audit-parts';

describe('audit times', () => {
  it('read in Madrid time like the rest of the back-office, whatever the browser zone', () => {
    const iso = '2026-11-04T21:45:07Z';
    expect(formatWhen(iso)).toBe('04/11/2026 22:45:07');
    expect(formatWhen(iso).slice(0, 16)).toBe(formatDateTime(iso));
    expect(formatWhenShort(iso)).toBe('4 nov, 22:45');
    // Summer time too (UTC+2).
    expect(formatWhen('2026-07-01T08:00:00Z')).toBe('01/07/2026 10:00:00');
  });
});
