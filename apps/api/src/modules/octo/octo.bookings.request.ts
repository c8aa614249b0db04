/**
 * What the OCTO booking requests share on their way to the bookings module (ADR 023): the caller's
 * channel as the seller, the hold a reseller asks for, the languages taken, the unit items as
 * passengers and the notes. Used by octo.bookings.reserve.ts and octo.bookings.change.ts.
 */
import { LANGUAGES } from '@trayecto/shared';
import type { ChannelSeller } from '../bookings/bookings.service';
import type * as repo from './octo.repository';
import type { TOctoContactInput } from './octo.schemas';

/** How long a reserve holds its seats (ADR 023): 30 minutes unless asked, at least 5, at most a day. */
export const HOLD_MINUTES = { default: 30, min: 5, max: 1_440 } as const;

/** The hold a reseller asks for, within ADR 023's limits. */
export const holdMinutesOf = (asked: number | null | undefined) =>
  Math.min(HOLD_MINUTES.max, Math.max(HOLD_MINUTES.min, asked ?? HOLD_MINUTES.default));

export const isLanguage = (l: string) => (LANGUAGES as readonly string[]).includes(l);

export const sellerOf = (caller: repo.OctoCaller): ChannelSeller => ({
  id: caller.channel.id,
  name: caller.channel.name,
  tourOperatorId: caller.operator.id,
  allotment: caller.channel.allotment,
  commissionPct: caller.channel.commissionPct,
});

/** Unit items → units asked: `adult` × 2, `child` × 1… */
export const unitsOf = (items: { unitId: string }[]) => {
  const n = new Map<string, number>();
  for (const i of items) n.set(i.unitId, (n.get(i.unitId) ?? 0) + 1);
  return [...n].map(([id, quantity]) => ({ id, quantity }));
};

/** The notes a request sets: `notes`, else the contact's notes; null clears them; absent leaves them. */
export function notesOf(body: { notes?: string | null; contact?: TOctoContactInput }): string | undefined {
  if (body.notes !== undefined) return body.notes ?? '';
  if (body.contact?.notes !== undefined) return body.contact.notes ?? '';
  return undefined;
}
