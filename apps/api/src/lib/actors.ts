/**
 * Who makes a change (issue 31, STYLE.md rule 10). Every service that changes a booking — and the
 * audit log of every record — takes one of four actors:
 *
 * - `staff`: a user of the back-office, signed in (their `Actor`, with its tenant and level);
 * - `customer`: the person with the booking's link on the public pages, named as they gave it;
 * - `channel`: a reseller or agency through its API key (issue 33), named as the operator knows it;
 * - `system`: nobody asked in a request — a job (a hold that ends), a provider's notification (a
 *   bank's payment), the demo seed — named by what acted ("Fin de la reserva temporal").
 *
 * The booking's history and the audit log keep the kind, the user's id when there is one, and the
 * name at the time (`labelOf`), so "who did this" reads the same in Spanish on every screen.
 */
import type { TAuditActorKind } from '@trayecto/shared';
import type { Actor } from './tenant';

/** Where a request came from: its id and client address, kept with what it changed. */
export type RequestOrigin = { requestId?: string; ip?: string };

export type ChangeActor =
  | ({ kind: 'staff'; user: Actor } & RequestOrigin)
  | ({ kind: 'customer'; name: string } & RequestOrigin)
  | ({ kind: 'channel'; channelId: string; name: string; tourOperatorId: string } & RequestOrigin)
  | { kind: 'system'; name: string };

/** A signed-in user (the request's id and address come with the user's `Actor`). */
export const staffActor = (user: Actor): ChangeActor => ({
  kind: 'staff',
  user,
  requestId: user.requestId,
  ip: user.ip,
});

/** The customer on their booking's pages; an empty name reads "Cliente". */
export const customerActor = (name: string, origin: RequestOrigin = {}): ChangeActor => ({
  kind: 'customer',
  name: name.trim() || 'Cliente',
  ...origin,
});

/** A reseller or agency through its API key. */
export const channelActor = (
  channel: { id: string; name: string; tourOperatorId: string },
  origin: RequestOrigin = {},
): ChangeActor => ({
  kind: 'channel',
  channelId: channel.id,
  name: channel.name,
  tourOperatorId: channel.tourOperatorId,
  ...origin,
});

/** A job, a provider's notification or start-up: `what` says which ("Fin de la reserva temporal"). */
export const systemActor = (what = ''): ChangeActor => ({ kind: 'system', name: what });

export const actorKindOf = (a: ChangeActor): TAuditActorKind => a.kind;

/** The staff user who acted, or null for a customer, a channel or the system. */
export const actorUserId = (a: ChangeActor): string | null => (a.kind === 'staff' ? a.user.id : null);

/**
 * The actor as their entries keep it: "Nombre <email>" for staff, the customer's or channel's name,
 * "Sistema" (or "Sistema · <what>").
 */
export function labelOf(a: ChangeActor): string {
  switch (a.kind) {
    case 'staff':
      return a.user.email ? `${a.user.fullName} <${a.user.email}>` : a.user.fullName;
    case 'customer':
    case 'channel':
      return a.name;
    case 'system':
      return a.name ? `Sistema · ${a.name}` : 'Sistema';
  }
}

/** The request the change came in (none for the system). */
export const originOf = (a: ChangeActor): { requestId: string | null; ip: string | null } =>
  a.kind === 'system' ? { requestId: null, ip: null } : { requestId: a.requestId ?? null, ip: a.ip ?? null };
