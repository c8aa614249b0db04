import { MSG, type TVehicleResponse } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { vehicleAccess } from './vehicle-access';
import { currentPeriod } from './vehicle-badges';
import {
  initialVehicleFormValues,
  newPeriod,
  overlappingPeriods,
  toVehiclePayload,
  validateVehicleForm,
} from './vehicle-form-values';

const OP = '11111111-2222-4333-8444-555555555555';
const vehicle: TVehicleResponse = {
  id: 'v-1',
  tour_operator_id: OP,
  plate: '1234LMN',
  name: 'Bus 2',
  model: 'Setra S 515',
  type: 'bus',
  seats: 55,
  transport_authorization: 'VD-123',
  state: 1,
  notes: '',
  unavailable_periods: [
    { id: 'p2', from: '2026-05-10', to: '2026-05-12', reason: 'Taller' },
    { id: 'p1', from: '2026-03-02', to: '2026-03-02', reason: 'ITV' },
  ],
  unavailable_today: false,
  created_at: '2026-01-02T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
};

describe('vehicle form', () => {
  it('spec §5: an empty form shows "Campo requerido" on matrícula, tipo and plazas', () => {
    const errors = validateVehicleForm(initialVehicleFormValues(null), 'create', { isAdmin: false });
    expect(errors).toEqual({ plate: MSG.required, type: MSG.required, seats: MSG.required });
  });

  it('the administrator must choose the operator of a new vehicle', () => {
    const values = { ...initialVehicleFormValues(null), plate: '1234 LMN', type: 'van', seats: 8 };
    expect(validateVehicleForm(values, 'create', { isAdmin: true })).toEqual({ tour_operator_id: MSG.required });
    expect(validateVehicleForm({ ...values, tour_operator_id: OP }, 'create', { isAdmin: true })).toEqual({});
    expect(toVehiclePayload({ ...values, tour_operator_id: OP }, { isAdmin: true }, 'create').tour_operator_id).toBe(
      OP,
    );
    // Others never send it: the API uses their own operator.
    expect(toVehiclePayload({ ...values, tour_operator_id: OP }, { isAdmin: false }, 'create')).not.toHaveProperty(
      'tour_operator_id',
    );
  });

  it('maps a vehicle to the form (periods by date) and back to the same payload', () => {
    const values = initialVehicleFormValues(vehicle);
    expect(values.unavailable_periods.map((p) => p.from)).toEqual(['2026-03-02', '2026-05-10']);
    expect(values.state).toBe('1');
    expect(validateVehicleForm(values, 'edit', { isAdmin: false })).toEqual({});
    expect(toVehiclePayload({ ...values, seats: '49' }, { isAdmin: true }, 'edit')).toEqual({
      plate: '1234LMN',
      name: 'Bus 2',
      model: 'Setra S 515',
      type: 'bus',
      seats: 49,
      transport_authorization: 'VD-123',
      state: 1,
      notes: '',
      unavailable_periods: [
        { from: '2026-03-02', to: '2026-03-02', reason: 'ITV' },
        { from: '2026-05-10', to: '2026-05-12', reason: 'Taller' },
      ],
    });
  });

  it('unavailable periods: both dates required, "hasta" not before "desde", no overlaps', () => {
    const base = { ...initialVehicleFormValues(vehicle), unavailable_periods: [newPeriod()] };
    expect(validateVehicleForm(base, 'edit', { isAdmin: false })).toEqual({
      'unavailable_periods.0.from': MSG.required,
      'unavailable_periods.0.to': MSG.required,
    });
    const reversed = { ...base, unavailable_periods: [newPeriod('2026-06-10', '2026-06-01')] };
    expect(validateVehicleForm(reversed, 'edit', { isAdmin: false })).toEqual({
      'unavailable_periods.0.to': 'La fecha final debe ser posterior a la inicial',
    });
    const periods = [newPeriod('2026-06-01', '2026-06-10'), newPeriod('2026-06-10', '2026-06-12')];
    expect(overlappingPeriods(periods)).toEqual([1]);
    expect(overlappingPeriods([newPeriod('2026-06-01', '2026-06-10'), newPeriod('2026-06-11', '2026-06-12')])).toEqual(
      [],
    );
  });

  it('seats must be a whole number between 1 and 200 (the shared schema)', () => {
    const values = { ...initialVehicleFormValues(vehicle), seats: 0 };
    expect(validateVehicleForm(values, 'edit', { isAdmin: false }).seats).toBe('Debe ser como mínimo 1');
  });

  it('PRODUCT §3: write actions for levels 0, 1 and 3; drivers and guides only read', () => {
    expect(vehicleAccess([0])).toEqual({ canWrite: true, isAdmin: true });
    expect(vehicleAccess([1]).canWrite).toBe(true);
    expect(vehicleAccess([3]).canWrite).toBe(true);
    expect(vehicleAccess([4]).canWrite).toBe(false);
    expect(vehicleAccess([5]).canWrite).toBe(false);
    expect(vehicleAccess([2]).canWrite).toBe(false);
  });

  it('the "no disponible hoy" tooltip finds the period that covers today', () => {
    expect(currentPeriod(vehicle, '2026-05-11')?.reason).toBe('Taller');
    expect(currentPeriod(vehicle, '2026-05-13')).toBeNull();
  });
});
