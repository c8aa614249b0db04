import { describe, expect, it } from 'vitest';
import { FULL_SWEEP, SWEEP_FRACTION, sweepSample } from './sweep';

describe('the sweeps sample (ADR 021)', () => {
  const items = Array.from({ length: 300 }, (_, i) => `GET /api/v1/thing-${i}`);

  it('is the same for the same seed and different names', () => {
    const a = sweepSample('t', items, (x) => x);
    const b = sweepSample('t', items, (x) => x);
    expect(a).toEqual(b);
  });

  it('keeps everything under CI, else about a third, never none', () => {
    const kept = sweepSample('t', items, (x) => x);
    if (FULL_SWEEP) expect(kept).toEqual(items);
    else {
      expect(kept.length).toBeGreaterThan(items.length * SWEEP_FRACTION * 0.6);
      expect(kept.length).toBeLessThan(items.length * SWEEP_FRACTION * 1.4);
    }
    expect(sweepSample('t', ['only'], () => 'x')).toEqual(['only']);
  });
});
