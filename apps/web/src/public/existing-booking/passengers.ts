import type { TPublicBooking } from '@trayecto/shared';

export type TPassengerRow = { pax_type: string; full_name: string };

/** One row per passenger of the booking, with the names already given filled in. */
export function passengerRows(b: Pick<TPublicBooking, 'lines' | 'passengers'>): TPassengerRow[] {
  const pool = [...b.passengers];
  const rows: TPassengerRow[] = [];
  for (const line of b.lines) {
    for (let i = 0; i < line.quantity; i++) {
      const at = pool.findIndex((p) => p.pax_type === line.pax_type);
      const name = at >= 0 ? pool.splice(at, 1)[0].full_name : '';
      rows.push({ pax_type: line.pax_type, full_name: name });
    }
  }
  return rows;
}

/** `passengers.N.full_name` of the sent (non-empty) rows → the form row it came from. */
export function remapPassengerErrors(
  errors: Record<string, string[]>,
  rows: TPassengerRow[],
): Record<string, string[]> {
  const sentIndex = rows.map((r, i) => (r.full_name.trim() ? i : -1)).filter((i) => i >= 0);
  const out: Record<string, string[]> = {};
  for (const [k, msgs] of Object.entries(errors)) {
    const m = /^passengers\.(\d+)/.exec(k);
    if (m) out[`passenger-${sentIndex[Number(m[1])] ?? 0}`] = msgs;
    else out[k] = msgs;
  }
  return out;
}
