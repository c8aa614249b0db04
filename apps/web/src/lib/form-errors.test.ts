import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstErrorPath, issuesToErrors, mapServerErrors, normalizeErrorPath } from './form-errors';

describe('form errors', () => {
  it('zod issues become one message per dotted field path', () => {
    const schema = z.object({
      name: z.string().min(1, 'Campo requerido'),
      list: z.array(z.object({ to: z.string() })),
    });
    const r = schema.safeParse({ name: '', list: [{ to: 1 }] });
    expect(r.success).toBe(false);
    if (!r.success) expect(Object.keys(issuesToErrors(r.error.issues))).toEqual(['name', 'list.0.to']);
  });

  it('PRODUCT §5: server errors land on the same fields, nested ones included; the rest is general', () => {
    expect(normalizeErrorPath('unavailable_periods[1].to')).toBe('unavailable_periods.1.to');
    expect(
      mapServerErrors(
        {
          plate: ['Ya existe un vehículo con esta matrícula'],
          'unavailable_periods.1.to': ['La fecha final debe ser posterior a la inicial'],
          fullName: ['Campo requerido'],
          other: ['Algo'],
        },
        ['plate', 'unavailable_periods', 'full_name'],
        { fullName: 'full_name' },
      ),
    ).toEqual({
      fields: {
        plate: 'Ya existe un vehículo con esta matrícula',
        'unavailable_periods.1.to': 'La fecha final debe ser posterior a la inicial',
        full_name: 'Campo requerido',
      },
      rest: ['Algo'],
    });
  });
});

describe('first error to focus', () => {
  it('follows the form order, list rows by index', () => {
    const order = ['tour_operator_id', 'plate', 'unavailable_periods', 'notes'];
    expect(firstErrorPath({ plate: 'x', 'unavailable_periods.1.to': 'y', tour_operator_id: 'z' }, order)).toBe(
      'tour_operator_id',
    );
    expect(firstErrorPath({ 'unavailable_periods.2.from': 'a', 'unavailable_periods.0.to': 'b' }, order)).toBe(
      'unavailable_periods.0.to',
    );
    expect(firstErrorPath({}, order)).toBeUndefined();
  });
});
