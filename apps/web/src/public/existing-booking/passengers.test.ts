import { describe, expect, it } from 'vitest';
import { passengerRows, remapPassengerErrors } from './passengers';

describe('passenger rows of an existing booking', () => {
  it('one row per passenger, the names already given filled in by type', () => {
    const rows = passengerRows({
      lines: [
        { pax_type: 'adult', quantity: 2, unit_cents: 4900, total_cents: 9800 },
        { pax_type: 'child', quantity: 1, unit_cents: 2500, total_cents: 2500 },
      ],
      passengers: [
        { full_name: 'Lily Wilson', pax_type: 'child' },
        { full_name: 'Emma Wilson', pax_type: 'adult' },
      ],
    });
    expect(rows).toEqual([
      { pax_type: 'adult', full_name: 'Emma Wilson' },
      { pax_type: 'adult', full_name: '' },
      { pax_type: 'child', full_name: 'Lily Wilson' },
    ]);
  });
});

describe('server errors of passenger names', () => {
  it('`passengers.N` counts the rows sent (named ones): back to the row of the form', () => {
    const rows = [
      { pax_type: 'adult', full_name: '' },
      { pax_type: 'adult', full_name: 'Emma Wilson' },
      { pax_type: 'child', full_name: 'Lily Wilson' },
    ];
    expect(remapPassengerErrors({ 'passengers.1.full_name': ['Máximo 150 caracteres'], notes: ['x'] }, rows)).toEqual({
      'passenger-2': ['Máximo 150 caracteres'],
      notes: ['x'],
    });
  });
});
