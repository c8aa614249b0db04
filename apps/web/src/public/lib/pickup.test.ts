import type { TPublicAccommodation } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { passengerRows } from '../pages/existing-booking-page';
import { filterAccommodations, pickupPlace } from './pickup';

const acc = (name: string, zone: string, over: Partial<TPublicAccommodation> = {}): TPublicAccommodation => ({
  id: name,
  name,
  type: 'hotel',
  zone,
  address: '',
  lat_lng: '',
  pickup_point: 'Puerta principal',
  pickup_at: null,
  pickup_time: '08:20',
  ...over,
});

describe('pickup places', () => {
  const list = [
    acc('Gran Hotel Playa del Duque', 'Costa Adeje'),
    acc('Hotel Fañabé Garden', 'Costa Adeje'),
    acc('Apartamentos Playa Chica', 'Los Cristianos', {
      pickup_at: { name: 'Hotel Arona Gran', address: 'Av. Marítima 1', pickup_point: 'Parada de taxis' },
    }),
  ];

  it('search is accent- and case-blind and needs every word', () => {
    expect(filterAccommodations(list, 'fanabe').map((a) => a.name)).toEqual(['Hotel Fañabé Garden']);
    expect(filterAccommodations(list, 'playa adeje').map((a) => a.name)).toEqual(['Gran Hotel Playa del Duque']);
    expect(filterAccommodations(list, 'arona').map((a) => a.name)).toEqual(['Apartamentos Playa Chica']);
    expect(filterAccommodations(list, '  ')).toHaveLength(3);
  });

  it('"recoger en": the place the customer is actually collected at', () => {
    expect(pickupPlace(list[0])).toBe('Gran Hotel Playa del Duque · Puerta principal');
    expect(pickupPlace(list[2])).toBe('Hotel Arona Gran · Parada de taxis');
  });
});

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
