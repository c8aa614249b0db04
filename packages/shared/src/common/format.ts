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

/** "2026-11-22T10:05:00Z" → "22/11/2026 11:05" in the given zone, 24-hour clock. */
export function formatDateTime(iso: string | Date, timeZone = 'Europe/Madrid'): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return new Intl.DateTimeFormat('es-ES', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(d)
    .replace(',', '');
}

/** Spanish plural: plural(3, 'plaza', 'plazas') → "3 plazas" */
export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('es-ES')} ${n === 1 ? one : many}`;
}
