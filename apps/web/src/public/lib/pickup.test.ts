import type { TPublicAccommodation } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
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
