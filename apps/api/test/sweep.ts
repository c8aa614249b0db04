/**
 * The sweeps (ADR 021): the tests that try every operation of the API with every attack (bad input,
 * every operation over HTTP, generated writes) grow with each new endpoint. CI runs them whole
 * (`CI=true`), and so does `SWEEP=full npm test`. A newcomer's `npm test` runs a seeded sample of
 * their operations: a third, chosen by a hash of the seed and the operation's name, so a failure is
 * reproduced with the seed it prints (`SWEEP_SEED=…`) and each day's runs cover other operations.
 */
import { createHash } from 'node:crypto';

export const FULL_SWEEP = process.env.CI === 'true' || process.env.SWEEP === 'full';

/** The day (UTC, YYYYMMDD) unless SWEEP_SEED names one. */
export const SWEEP_SEED = process.env.SWEEP_SEED ?? new Date().toISOString().slice(0, 10).replaceAll('-', '');

/** The share of operations a sampled run keeps. */
export const SWEEP_FRACTION = 1 / 3;

/** Whether a sampled run keeps the item named `key` (always true in a full sweep). */
export function inSweep(key: string): boolean {
  if (FULL_SWEEP) return true;
  const h = createHash('sha256').update(`${SWEEP_SEED}:${key}`).digest();
  return h.readUInt32BE(0) / 0x1_0000_0000 < SWEEP_FRACTION;
}

/**
 * The items a sweep tries: all of them under CI or SWEEP=full, else the seeded sample (never empty:
 * the first item stays when the hash keeps none). Says once per label what it ran.
 */
export function sweepSample<T>(label: string, items: readonly T[], keyOf: (item: T) => string): T[] {
  const kept = items.filter((item) => inSweep(keyOf(item)));
  if (kept.length === 0 && items.length > 0) kept.push(items[0]);
  if (!FULL_SWEEP && !announced.has(label)) {
    announced.add(label);
    console.info(
      `${label}: a sample of ${kept.length} of ${items.length} (SWEEP_SEED=${SWEEP_SEED}; SWEEP=full or CI=true for all)`,
    );
  }
  return kept;
}
const announced = new Set<string>();
