/**
 * es-ES formats for what people read (STYLE.md "Formats"). Instants (timestamps) are formatted in
 * the tour operator's zone through lib/time-zone.ts (`useTimes`), never here.
 */
export { formatCents, plural } from '@trayecto/shared';

/** "1 usuario", "3 usuarios" with Spanish thousands. */
export function countLabel(n: number, one: string, many: string): string {
  return `${n.toLocaleString('es-ES')} ${n === 1 ? one : many}`;
}
