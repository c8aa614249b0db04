import { describe, expect, it } from 'vitest';
import { createAttemptTracker, fingerprintOf, newIdempotencyKey } from './idempotency';

const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('Idempotency-Key per booking attempt (PRODUCT.md §4)', () => {
  it('a double click or a second submit of the same data while it runs: the same key', () => {
    const t = createAttemptTracker(counter());
    const body = fingerprintOf({ date: '2026-11-24', pax: { adult: 2 } });
    expect(t.keyFor(body)).toBe('key-1');
    expect(t.keyFor(body)).toBe('key-1');
  });

  it('a retry after a network error, a 429 or a 5xx (outcome unknown): the same key', () => {
    const t = createAttemptTracker(counter());
    const body = fingerprintOf({ a: 1 });
    const key = t.keyFor(body);
    t.settle(key, 'uncertain');
    expect(t.keyFor(body)).toBe(key);
  });

  it('the customer changes the data after an error: a new key', () => {
    const t = createAttemptTracker(counter());
    const first = t.keyFor(fingerprintOf({ time: '09:00' }));
    t.settle(first, 'uncertain');
    expect(t.keyFor(fingerprintOf({ time: '15:30' }))).toBe('key-2');
  });

  it('after a definitive answer (201, 409 sold out, 422) the next submit is a new attempt', () => {
    const t = createAttemptTracker(counter());
    const body = fingerprintOf({ a: 1 });
    const a = t.keyFor(body);
    t.settle(a, 'rejected');
    const b = t.keyFor(body);
    expect(b).not.toBe(a);
    t.settle(b, 'success');
    expect(t.current()).toBeNull();
    expect(t.keyFor(body)).toBe('key-3');
  });

  it('a late answer of an older attempt does not close the current one', () => {
    const t = createAttemptTracker(counter());
    const old = t.keyFor(fingerprintOf({ v: 1 }));
    const current = t.keyFor(fingerprintOf({ v: 2 }));
    t.settle(old, 'rejected');
    expect(t.current()?.key).toBe(current);
  });

  it('the fingerprint ignores key order but not values', () => {
    expect(fingerprintOf({ a: 1, b: { c: 2, d: 3 } })).toBe(fingerprintOf({ b: { d: 3, c: 2 }, a: 1 }));
    expect(fingerprintOf({ a: 1 })).not.toBe(fingerprintOf({ a: 2 }));
  });

  it('keys are random v4 UUIDs (≤ 255 characters, as the header allows)', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
