/** How the background-work screen words periods, durations and states (es-ES). */
import type { TJobState, TJobTaskState } from '@trayecto/shared';

const count = new Intl.NumberFormat('es-ES', { useGrouping: 'always' } as Intl.NumberFormatOptions);
const decimal = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

/** 3 → "Cada 3 s", 60 → "Cada minuto", 600 → "Cada 10 min", 3600 → "Cada hora". */
export function everyText(seconds: number): string {
  if (seconds < 60) return `Cada ${decimal.format(seconds)} s`;
  if (seconds === 60) return 'Cada minuto';
  if (seconds < 3600) return `Cada ${decimal.format(seconds / 60)} min`;
  if (seconds === 3600) return 'Cada hora';
  return `Cada ${decimal.format(seconds / 3600)} h`;
}

/** 120 → "120 ms", 1500 → "1,5 s", 95000 → "1,6 min". */
export function durationText(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${decimal.format(ms / 1000)} s`;
  return `${decimal.format(ms / 60_000)} min`;
}

/** 1234 → "1.234" (grouped from the thousands, as the back-office writes counts). */
export const countText = (n: number) => count.format(n);

export const TASK_STATE_COLORS: Record<TJobTaskState, string> = {
  ok: 'green',
  failing: 'red',
  running: 'blue',
  pending: 'gray',
};

export const JOB_STATE_COLORS: Record<TJobState, string> = {
  queued: 'yellow',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'gray',
};
