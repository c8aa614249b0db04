import { MSG, type TAccommodationResponse } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { accommodationsListQueryString } from '../api/list-accommodations';
import { accommodationAccess, canEditAccommodation } from './accommodation-access';
import {
  formatLatLng,
  initialAccommodationFormValues,
  pickupAtOptions,
  pickupReferrers,
  pointOf,
  SHARED_OWNER,
  toAccommodationPayload,
  validateAccommodationForm,
} from './accommodation-form-values';

const OP_A = '11111111-2222-4333-8444-555555555555';
const OP_B = '66666666-2222-4333-8444-555555555555';

const row = (over: Partial<TAccommodationResponse>): TAccommodationResponse => ({
  id: 'a',
  tour_operator_id: OP_A,
  shared: false,
  name: 'Hotel',
  type: 'hotel',
  address: '',
  zone: '',
  lat_lng: '',
  phone: '',
  pickup_point: '',
  pickup_at_id: null,
  pickup_at: null,
  state: 1,
  notes: '',
  created_at: '',
  updated_at: '',
  ...over,
});

const H2 = '77777777-2222-4333-8444-555555555555';
const hotel = row({
  id: 'h1',
  name: 'Hotel Jardines de Nivaria',
  zone: 'Costa Adeje',
  lat_lng: '28.0812,-16.7311',
  pickup_point: 'Puerta principal',
  pickup_at_id: H2,
  pickup_at: { id: H2, name: 'Hotel Bahía del Duque' },
});

describe('accommodation form', () => {
  it('spec §5: the name is required; the administrator must say where it belongs', () => {
    expect(validateAccommodationForm(initialAccommodationFormValues(null), 'create', { isAdmin: false })).toEqual({
      name: MSG.required,
    });
    expect(validateAccommodationForm(initialAccommodationFormValues(null), 'create', { isAdmin: true })).toEqual({
      name: MSG.required,
      owner: MSG.required,
    });
  });

  it('the administrator creates in the shared catalogue (null) or for an operator; never re-owns on edit', () => {
    const values = { ...initialAccommodationFormValues(null), name: 'Parada Las Américas', type: 'bus_stop' };
    expect(
      toAccommodationPayload({ ...values, owner: SHARED_OWNER }, { isAdmin: true }, 'create').tour_operator_id,
    ).toBe(null);
    expect(toAccommodationPayload({ ...values, owner: OP_A }, { isAdmin: true }, 'create').tour_operator_id).toBe(OP_A);
    expect(toAccommodationPayload({ ...values, owner: OP_A }, { isAdmin: false }, 'create')).not.toHaveProperty(
      'tour_operator_id',
    );
    expect(toAccommodationPayload(initialAccommodationFormValues(hotel), { isAdmin: true }, 'edit')).not.toHaveProperty(
      'tour_operator_id',
    );
  });

  it('maps an accommodation to the form and back', () => {
    const values = initialAccommodationFormValues(hotel);
    expect(values.owner).toBe(OP_A);
    expect(validateAccommodationForm(values, 'edit', { isAdmin: false })).toEqual({});
    expect(toAccommodationPayload({ ...values, lat_lng: ' 28.08, -16.73 ' }, { isAdmin: false }, 'edit')).toEqual({
      name: 'Hotel Jardines de Nivaria',
      type: 'hotel',
      address: '',
      zone: 'Costa Adeje',
      lat_lng: '28.08,-16.73',
      phone: '',
      pickup_point: 'Puerta principal',
      pickup_at_id: H2,
      state: 1,
      notes: '',
    });
    expect(initialAccommodationFormValues(row({ shared: true, tour_operator_id: null })).owner).toBe(SHARED_OWNER);
  });

  it('coordinates: the shared rule, a picked point rounded to 6 decimals', () => {
    const values = { ...initialAccommodationFormValues(hotel), lat_lng: '128.1,-16.7' };
    expect(validateAccommodationForm(values, 'edit', { isAdmin: false }).lat_lng).toMatch(/Coordenadas no válidas/);
    expect(formatLatLng(28.081234567, -16.731198765)).toBe('28.081235,-16.731199');
    expect(pointOf('28.0812, -16.7311')).toEqual([28.0812, -16.7311]);
    expect(pointOf('')).toBeNull();
    expect(pointOf('abc')).toBeNull();
  });

  it('"Recoger en": not itself, not one collected elsewhere, shared rows only at shared ones', () => {
    const all = [
      row({ id: 'self', name: 'Self' }),
      row({ id: 'own', name: 'Own', zone: 'Los Cristianos' }),
      row({ id: 'chained', name: 'Chained', pickup_at_id: 'own' }),
      row({ id: 'shared', name: 'Shared', shared: true, tour_operator_id: null }),
      row({ id: 'other', name: 'Other', tour_operator_id: OP_B }),
      row({ id: 'inactive', name: 'Inactive', state: 2 }),
    ];
    const ids = (o: { value: string }[]) => o.map((x) => x.value);
    expect(ids(pickupAtOptions(all, { selfId: 'self', owner: undefined, current: null }))).toEqual([
      'own',
      'shared',
      'other',
    ]);
    expect(ids(pickupAtOptions(all, { selfId: 'self', owner: null, current: null }))).toEqual(['shared']);
    // A new row (no id yet): every place of its owner, the current choice kept.
    expect(ids(pickupAtOptions(all, { selfId: null, owner: OP_A, current: 'chained' }))).toEqual([
      'self',
      'own',
      'chained',
      'shared',
    ]);
    expect(pickupAtOptions(all, { selfId: 'self', owner: OP_A, current: null })[0]?.label).toBe('Own · Los Cristianos');
    expect(pickupReferrers(all, 'own').map((r) => r.id)).toEqual(['chained']);
  });
});

describe('accommodation permissions (PRODUCT §3)', () => {
  const shared = row({ shared: true, tour_operator_id: null });
  const own = row({});
  it('operators write their own rows but only read the shared catalogue', () => {
    for (const level of [1, 3]) {
      const access = accommodationAccess([level]);
      expect(canEditAccommodation(access, own)).toBe(true);
      expect(canEditAccommodation(access, shared)).toBe(false);
    }
  });
  it('the administrator edits both; sellers, drivers and guides only read', () => {
    expect(canEditAccommodation(accommodationAccess([0]), shared)).toBe(true);
    for (const level of [2, 4, 5]) {
      expect(accommodationAccess([level]).canWrite).toBe(false);
      expect(canEditAccommodation(accommodationAccess([level]), own)).toBe(false);
    }
  });
});

describe('accommodations list and export', () => {
  it('PRODUCT §2 filters: type, zone, state, shared and operator', () => {
    expect(
      accommodationsListQueryString({
        type: 'hotel',
        zone: 'Costa Adeje',
        state: '1',
        shared: 'true',
        tour_operator_id: OP_A,
        page: 1,
        per_page: 50,
        sort: 'zone',
      }),
    ).toBe(
      `?type[eq]=hotel&zone[eq]=Costa+Adeje&state[eq]=1&shared[eq]=true&tour_operator_id[eq]=${OP_A}&page=1&per_page=50&sort=zone`,
    );
    expect(accommodationsListQueryString({ shared: 'maybe', page: 1, per_page: 50 })).toBe('?page=1&per_page=50');
  });
});
