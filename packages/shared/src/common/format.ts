/** es-ES formats used wherever a person reads a value (STYLE.md "Formats"). */
const money = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  useGrouping: 'always',
} as Intl.NumberFormatOptions);

/** 123450 → "1.234,50 €" */
export function formatCents(cents: number, currency = 'EUR'): string {
  const f =
    currency === 'EUR'
      ? money
      : new Intl.NumberFormat('es-ES', {
          style: 'currency',
          currency,
          useGrouping: 'always',
        } as Intl.NumberFormatOptions);
  return f.format(cents / 100).replace(/\u00a0/g, ' ');
}

// ── Instants (timestamps) as people read them: always in a named zone, never the runtime's ──────
// The zone is the tour operator's (tour_operators.timezone): the back-office takes it from
// lib/time-zone.ts, the public pages from the operator block of their answer.

const instantFormatters = new Map<string, Intl.DateTimeFormat>();
function instantFormatter(kind: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${kind}|${timeZone}`;
  let f = instantFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('es-ES', { ...options, timeZone });
    instantFormatters.set(key, f);
  }
  return f;
}
const toDate = (iso: string | Date) => (typeof iso === 'string' ? new Date(iso) : iso);

/** "2026-11-22T10:05:00Z" → "22/11/2026 10:05" in the given zone (Atlantic/Canary), 24-hour clock. */
export function formatDateTime(iso: string | Date, timeZone: string): string {
  return instantFormatter('dt', timeZone, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(toDate(iso))
    .replace(',', '');
}

/** "2026-11-22T10:05:07Z" → "22/11/2026 10:05:07" in the given zone (the activity log). */
export function formatDateTimeSeconds(iso: string | Date, timeZone: string): string {
  return instantFormatter('dts', timeZone, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
    .format(toDate(iso))
    .replace(',', '');
}

/** "2026-11-22T10:05:00Z" → "22 nov, 10:05" in the given zone. */
export function formatShortDateTime(iso: string | Date, timeZone: string): string {
  return instantFormatter('sdt', timeZone, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(toDate(iso))
    .replace(/\./g, '');
}

/** "2026-11-22T10:05:00Z" → "10:05" in the given zone. */
export function formatTimeOfDay(iso: string | Date, timeZone: string): string {
  return instantFormatter('t', timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(toDate(iso));
}

/** "2026-11-22T10:05:00Z" → "22 nov 2026": the day an instant falls on in the given zone. */
export function formatDayOfInstant(iso: string | Date, timeZone: string): string {
  return instantFormatter('d', timeZone, { day: 'numeric', month: 'short', year: 'numeric' })
    .format(toDate(iso))
    .replace(/\./g, '');
}

/** Spanish plural: plural(3, 'plaza', 'plazas') → "3 plazas" */
export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('es-ES')} ${n === 1 ? one : many}`;
}
