import type { TPublicAccommodation } from '@trayecto/shared';

const norm = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Accommodations whose name, zone or address contain every word of the query (accent-blind). */
export function filterAccommodations(list: TPublicAccommodation[], query: string): TPublicAccommodation[] {
  const words = norm(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return list;
  return list.filter((a) => {
    const hay = norm(`${a.name} ${a.zone} ${a.address} ${a.pickup_at?.name ?? ''}`);
    return words.every((w) => hay.includes(w));
  });
}

/** Where the customer is actually collected: "Hotel Y · puerta principal". */
export function pickupPlace(a: Pick<TPublicAccommodation, 'name' | 'pickup_point' | 'pickup_at'>): string {
  const at = a.pickup_at ?? { name: a.name, pickup_point: a.pickup_point };
  return at.pickup_point ? `${at.name} · ${at.pickup_point}` : at.name;
}
