/**
 * The state changes a booking offers on its screen, following the state machine of PRODUCT §4
 * (BOOKING_TRANSITIONS) and the role: Confirmar and Cancelar for whoever may edit it; Marcar
 * realizada and No presentado for the operator's staff, once the departure has started (the API
 * refuses them before). Cancel has its own endpoint and a reason.
 */
import { BOOKING_TRANSITIONS, type TBookingState, wallClockIn } from '@trayecto/shared';
import { getViewerZone } from '../../../lib/time-zone';
import type { TBookingAccess } from './booking-access';

export type TStateAction = {
  target: TBookingState;
  label: string;
  /** Button colour: the colour of the state it leads to. */
  color: string;
  /** Needs the cancel modal (a reason). */
  needsReason: boolean;
  /** What the confirmation says. */
  confirm: string;
  /** Shown but not usable yet, with the reason (e.g. the departure has not started). */
  disabledReason?: string;
};

const ACTIONS: Record<Exclude<TBookingState, 'pending'>, Omit<TStateAction, 'target'>> = {
  confirmed: {
    label: 'Confirmar',
    color: 'green',
    needsReason: false,
    confirm: 'La reserva pasará a Confirmada.',
  },
  completed: {
    label: 'Marcar realizada',
    color: 'blue',
    needsReason: false,
    confirm: 'La reserva pasará a Realizada: la excursión se ha hecho.',
  },
  no_show: {
    label: 'No presentado',
    color: 'orange',
    needsReason: false,
    confirm: 'La reserva pasará a No presentado: el cliente no se presentó. Sus plazas no se liberan.',
  },
  cancelled: {
    label: 'Cancelar reserva',
    color: 'red',
    needsReason: true,
    confirm: 'La reserva pasará a Cancelada y sus plazas quedarán libres.',
  },
};

/** Order on screen: forward first, cancel last. */
const ORDER: TBookingState[] = ['confirmed', 'completed', 'no_show', 'cancelled'];

export function bookingStateActions(
  state: string,
  access: Pick<TBookingAccess, 'canWrite' | 'canOperate'>,
  opts: { departureStarted: boolean } = { departureStarted: true },
): TStateAction[] {
  if (!access.canWrite) return [];
  const allowed = BOOKING_TRANSITIONS[state as TBookingState] ?? [];
  return ORDER.filter((t) => allowed.includes(t))
    .filter((t) => (t === 'completed' || t === 'no_show' ? access.canOperate : true))
    .map((target) => {
      const action: TStateAction = { target, ...ACTIONS[target as Exclude<TBookingState, 'pending'>] };
      if ((target === 'completed' || target === 'no_show') && !opts.departureStarted) {
        action.disabledReason = 'Disponible cuando la salida haya empezado';
      }
      return action;
    });
}

/**
 * Whether a departure (a local date + time of its operator) has started: compared with the wall
 * clock in the operator's zone (the booking's `timezone`; the user's operator's by default).
 */
export function hasStarted(date: string, time: string, now = new Date(), timeZone = getViewerZone()): boolean {
  const wall = wallClockIn(timeZone, now);
  return date < wall.date || (date === wall.date && time <= wall.time);
}

/** A booking that can no longer change (cancelled) is shown read-only. */
export const isBookingLocked = (state: string) => state === 'cancelled';
