/** es-ES formats for what people read (STYLE.md "Formats"). */
export { formatCents, formatDateTime, plural } from '@trayecto/shared';

const dateFmt = new Intl.DateTimeFormat('es-ES', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/Madrid',
});

/** "2026-11-22T10:05:00Z" → "22 nov 2026" */
export function formatDate(iso: string | null | undefined, timeZone = 'Europe/Madrid'): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const f =
    timeZone === 'Europe/Madrid'
      ? dateFmt
      : new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric', timeZone });
  return f.format(d).replace(/\./g, '');
}

/** "1 usuario", "3 usuarios" with Spanish thousands. */
export function countLabel(n: number, one: string, many: string): string {
  return `${n.toLocaleString('es-ES')} ${n === 1 ? one : many}`;
}
