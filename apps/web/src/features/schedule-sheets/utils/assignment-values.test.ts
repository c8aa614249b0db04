import type { TSheetResponse, TVehicleResponse } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { personLabel, sameValues, valuesOf, vehicleOption } from './assignment-values';

const vehicle = (over: Partial<TVehicleResponse> = {}): TVehicleResponse => ({
  id: 'v1',
  tour_operator_id: 'op',
  plate: '4821KLM',
  name: 'Autocar Teide 1',
  model: '',
  type: 'bus',
  seats: 55,
  transport_authorization: '',
  state: 1,
  notes: '',
  unavailable_periods: [],
  unavailable_today: false,
  created_at: '',
  updated_at: '',
  ...over,
});

describe('assignment form values', () => {
  it('a vehicle reads plate · name · seats, and says why it may not fit', () => {
    expect(vehicleOption(vehicle(), '2026-11-24', 17)).toEqual({
      value: 'v1',
      label: '4821KLM · Autocar Teide 1 · 55 plazas',
      disabled: false,
    });
    expect(vehicleOption(vehicle({ seats: 8 }), '2026-11-24', 17).label).toBe(
      '4821KLM · Autocar Teide 1 · 8 plazas (plazas insuficientes)',
    );
    expect(vehicleOption(vehicle({ state: 3 }), '2026-11-24', 1)).toMatchObject({
      label: '4821KLM · Autocar Teide 1 · 55 plazas (En taller)',
      disabled: true,
    });
    const off = vehicle({ unavailable_periods: [{ id: 'p', from: '2026-11-23', to: '2026-11-25', reason: 'ITV' }] });
    expect(vehicleOption(off, '2026-11-24', 1)).toMatchObject({ disabled: false });
    expect(vehicleOption(off, '2026-11-24', 1).label).toContain('no disponible ese día');
    expect(vehicleOption(off, '2026-11-26', 1).label).not.toContain('no disponible');
  });

  it('persons with their role', () => {
    const p = { full_name: 'Markus Weber', role: 'guide', state: 1 } as Parameters<typeof personLabel>[0];
    expect(personLabel(p)).toBe('Markus Weber · Guía');
    expect(personLabel({ ...p, state: 2 })).toBe('Markus Weber · Guía (inactivo)');
  });

  it('a sheet → the form; the same assignment whatever the order of persons', () => {
    const sheet = {
      vehicle: { id: 'v1' },
      driver: null,
      guide: { id: 'g1' },
      persons: [{ id: 'p1' }, { id: 'p2' }],
      origin: 'Costa Adeje',
      destination: 'Teide',
      notes: '',
    } as unknown as TSheetResponse;
    const values = valuesOf(sheet);
    expect(values).toEqual({
      vehicle_id: 'v1',
      driver_id: null,
      guide_id: 'g1',
      person_ids: ['p1', 'p2'],
      origin: 'Costa Adeje',
      destination: 'Teide',
      notes: '',
    });
    expect(sameValues(values, { ...values, person_ids: ['p2', 'p1'] })).toBe(true);
    expect(sameValues(values, { ...values, driver_id: 'd1' })).toBe(false);
    expect(sameValues(values, { ...values, notes: 'x' })).toBe(false);
  });
});
