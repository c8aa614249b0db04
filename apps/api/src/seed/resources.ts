/**
 * Demo resources for Tenerife (PRODUCT.md §1 "demo data should feel like a real Spanish operator"),
 * one file per resource under seed-resources/: pickup places (the shared catalogue and each
 * operator's own), each operator's fleet and freelance staff. Called from seedDemo inside its
 * transaction.
 */
import type { DbOrTx } from '../db/client';
import { insertPlaces, OWN_PLACES, type SeededPlace, SHARED_PLACES } from './resources/accommodations';
import { insertStaff } from './resources/persons';
import { insertFleet } from './resources/vehicles';

/**
 * Seeds the shared accommodation catalogue, each operator's own places, vehicles (with their
 * unavailable periods) and persons. Returns every accommodation, for products' pickups and bookings.
 */
export async function seedResources(
  tx: DbOrTx,
  ops: { teide: string; atlantico: string },
): Promise<{ accommodations: SeededPlace[] }> {
  const sharedIds = new Map<string, string>();
  const all = await insertPlaces(tx, null, SHARED_PLACES, sharedIds);
  for (const key of ['teide', 'atlantico'] as const) {
    // An operator's place may be collected at a shared one or at one of its own.
    all.push(...(await insertPlaces(tx, ops[key], OWN_PLACES[key], new Map(sharedIds))));
    await insertFleet(tx, ops[key], key);
    await insertStaff(tx, ops[key], key);
  }
  return { accommodations: all };
}
