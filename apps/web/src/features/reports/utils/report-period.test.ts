import { describe, expect, it } from 'vitest';
import { periodFromUrl, periodProblem, presetOf, presetPeriod } from './report-period';

describe('report periods', () => {
  const today = '2026-11-26'; // a Thursday
  it('presets: Monday-first week, this and last month, this year', () => {
    expect(presetPeriod('today', today)).toEqual({ from: today, to: today });
    expect(presetPeriod('week', today)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetPeriod('month', today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetPeriod('last_month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetPeriod('year', today)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(presetOf({ from: '2026-11-01', to: '2026-11-30' }, today)).toBe('month');
  });
  it('the URL period or this month; problems in Spanish', () => {
    expect(periodFromUrl('2026-02-30', '2026-03-01', today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodProblem({ from: '2026-11-02', to: '2026-11-01' })).toBe(
      'La fecha final no puede ser anterior a la inicial',
    );
    expect(periodProblem({ from: '2026-01-01', to: '2027-01-01' })).toBeNull();
    expect(periodProblem({ from: '2026-01-01', to: '2027-01-02' })).toBe('El periodo no puede superar 366 días');
  });
});
