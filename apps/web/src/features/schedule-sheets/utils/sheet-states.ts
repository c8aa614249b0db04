/**
 * The schedule sheet's states as people see them (one colour per state, everywhere) and the
 * buttons its screen offers, following SHEET_TRANSITIONS (draft ⇄ ready → in_progress → done) and
 * the role: Chofer and Guía only move a sheet forward (Iniciar, Finalizar).
 */
import { SHEET_STATE_NAMES, SHEET_TRANSITIONS, type TSheetCheckInWindow, type TSheetState } from '@trayecto/shared';
import { formatDay } from '../../../lib/dates';
import type { TSheetAccess } from './sheet-access';

/** Borrador gris, Confirmada verde (as a confirmed booking), En curso violeta, Finalizada azul (as Realizada). */
export const SHEET_STATE_COLORS: Record<TSheetState, string> = {
  draft: 'gray',
  ready: 'green',
  in_progress: 'violet',
  done: 'blue',
};

export const sheetStateName = (state: string) => SHEET_STATE_NAMES[state as TSheetState] ?? state;
export const sheetStateColor = (state: string) => SHEET_STATE_COLORS[state as TSheetState] ?? 'gray';

export type TSheetAction = {
  target: TSheetState;
  label: string;
  color: string;
  variant: 'filled' | 'light' | 'default';
  /** What the confirmation dialog says (null: no dialog). */
  confirm: { title: string; body: string; button: string } | null;
  /** Shown but not usable yet, and why (not the departure's day yet; the departure has not started). */
  disabledReason?: string;
};

const ACTIONS: Record<TSheetState, Omit<TSheetAction, 'target'>> = {
  ready: { label: 'Confirmar', color: 'green', variant: 'filled', confirm: null },
  in_progress: { label: 'Iniciar', color: 'violet', variant: 'filled', confirm: null },
  done: {
    label: 'Finalizar',
    color: 'blue',
    variant: 'filled',
    confirm: {
      title: 'Finalizar la hoja',
      body: 'Las reservas embarcadas pasarán a «Realizada» y las confirmadas que nadie ha embarcado, a «No presentado» (sus plazas no se liberan). Las pendientes se quedan como están para que la oficina las revise. Una hoja finalizada ya no se puede modificar.',
      button: 'Finalizar hoja',
    },
  },
  draft: { label: 'Volver a borrador', color: 'gray', variant: 'default', confirm: null },
};

/** Forward first, "Volver a borrador" last. */
const ORDER: TSheetState[] = ['ready', 'in_progress', 'done', 'draft'];
const CREW_TARGETS: TSheetState[] = ['in_progress', 'done'];

/**
 * The state buttons of a sheet: the allowed next states, for whoever may take them. "Iniciar"
 * waits for the departure's day and "Finalizar" for the departure to start (the API refuses them
 * before); the reason is shown as text beside the buttons (phones have no hover).
 */
export function sheetStateActions(
  state: string,
  access: Pick<TSheetAccess, 'canPlan' | 'canWork'>,
  opts: { started: boolean; startTime?: string; checkInWindow?: TSheetCheckInWindow; date?: string },
): TSheetAction[] {
  if (!access.canWork) return [];
  const next = SHEET_TRANSITIONS[state as TSheetState] ?? [];
  const early = opts.checkInWindow === 'before' && opts.date ? formatDay(opts.date) : '';
  return ORDER.filter((t) => next.includes(t))
    .filter((t) => access.canPlan || CREW_TARGETS.includes(t))
    .map((target) => {
      const action: TSheetAction = { target, ...ACTIONS[target] };
      if (target === 'in_progress' && early) {
        action.disabledReason = `Se podrá iniciar el ${early}, el día de la salida`;
      }
      if (target === 'done' && !opts.started) {
        const when = [early, opts.startTime].filter(Boolean).join(', ');
        action.disabledReason = when
          ? `Se puede finalizar cuando empiece la salida (${when})`
          : 'Se puede finalizar cuando empiece la salida';
      }
      return action;
    });
}
