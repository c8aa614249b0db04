import { SHEET_STATES } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { sheetAccess } from './sheet-access';
import { SHEET_STATE_COLORS, sheetStateActions } from './sheet-states';

const planner = sheetAccess([3]);
const guide = sheetAccess([5]);
const labels = (state: string, access = planner, started = true) =>
  sheetStateActions(state, access, { started, startTime: '09:00' }).map((a) => a.label);

describe('sheet state → buttons (SHEET_TRANSITIONS)', () => {
  it('a planner: Confirmar; Iniciar or back to draft; Finalizar; nothing once done', () => {
    expect(labels('draft')).toEqual(['Confirmar']);
    expect(labels('ready')).toEqual(['Iniciar', 'Volver a borrador']);
    expect(labels('in_progress')).toEqual(['Finalizar']);
    expect(labels('done')).toEqual([]);
    expect(labels('nonsense')).toEqual([]);
  });

  it('Chofer and Guía only move their sheet forward: Iniciar and Finalizar', () => {
    expect(labels('draft', guide)).toEqual([]);
    expect(labels('ready', guide)).toEqual(['Iniciar']);
    expect(labels('in_progress', guide)).toEqual(['Finalizar']);
    expect(labels('in_progress', sheetAccess([4]))).toEqual(['Finalizar']);
  });

  it('roles that do not work sheets get no buttons', () => {
    expect(labels('ready', sheetAccess([2]))).toEqual([]);
    expect(labels('ready', sheetAccess([]))).toEqual([]);
  });

  it('Finalizar asks first (what happens to no-shows) and waits for the departure to start', () => {
    const [finish] = sheetStateActions('in_progress', planner, { started: false, startTime: '09:00' });
    expect(finish?.target).toBe('done');
    expect(finish?.confirm?.body).toMatch(/No presentado/);
    expect(finish?.disabledReason).toBe('Se puede finalizar cuando empiece la salida (09:00)');
    const [started] = sheetStateActions('in_progress', planner, { started: true });
    expect(started?.disabledReason).toBeUndefined();
  });

  it('Iniciar waits for the departure day (the API refuses it before), and says so; Finalizar names the day then', () => {
    const early = { started: false, startTime: '09:00', checkInWindow: 'before' as const, date: '2026-11-26' };
    const [start] = sheetStateActions('ready', planner, early);
    expect(start?.label).toBe('Iniciar');
    expect(start?.disabledReason).toBe('Se podrá iniciar el jue, 26 nov 2026, el día de la salida');
    const [crewStart] = sheetStateActions('ready', guide, early);
    expect(crewStart?.disabledReason).toBe('Se podrá iniciar el jue, 26 nov 2026, el día de la salida');
    const [finish] = sheetStateActions('in_progress', guide, early);
    expect(finish?.disabledReason).toBe('Se puede finalizar cuando empiece la salida (jue, 26 nov 2026, 09:00)');
    const [onTheDay] = sheetStateActions('ready', guide, { ...early, checkInWindow: 'open' });
    expect(onTheDay?.disabledReason).toBeUndefined();
  });

  it('every state has its own colour', () => {
    const colours = SHEET_STATES.map((s) => SHEET_STATE_COLORS[s]);
    expect(new Set(colours).size).toBe(SHEET_STATES.length);
    expect(SHEET_STATE_COLORS.ready).toBe('green');
  });

  it('roles: planners 0, 1, 3; crew 4, 5', () => {
    expect([0, 1, 3].map((l) => sheetAccess([l]).canPlan)).toEqual([true, true, true]);
    expect([4, 5].map((l) => sheetAccess([l]))).toEqual([
      { canPlan: false, canWork: true, isCrew: true, isAdmin: false },
      { canPlan: false, canWork: true, isCrew: true, isAdmin: false },
    ]);
    expect(sheetAccess([0]).isAdmin).toBe(true);
  });
});
