import { MSG, type TPersonResponse } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { personsListQueryString } from '../api/list-persons';
import { expiryDetail, expiryLabel, expiryOf } from './expiry';
import { personAccess } from './person-access';
import { initialPersonFormValues, toPersonPayload, validatePersonForm } from './person-form-values';

const OP = '11111111-2222-4333-8444-555555555555';
const person: TPersonResponse = {
  id: 'p-1',
  tour_operator_id: OP,
  full_name: 'Nerea Santos Ramos',
  document_id: '12345678Z',
  document_expiry: '2026-03-10',
  role: 'guide',
  phone: '+34 611 223 344',
  email: 'nerea@example.com',
  languages: ['es', 'de'],
  license_number: '',
  license_expiry: null,
  state: 1,
  notes: '',
  created_at: '2026-01-02T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
};

describe('person form', () => {
  it('spec §5: "Campo requerido" on nombre and función; the e-mail rule is the spec\'s', () => {
    expect(validatePersonForm(initialPersonFormValues(null), 'create', { isAdmin: false })).toEqual({
      full_name: MSG.required,
      role: MSG.required,
    });
    const values = { ...initialPersonFormValues(null), full_name: 'Ana', role: 'guide', email: 'ana@' };
    expect(validatePersonForm(values, 'create', { isAdmin: false })).toEqual({ email: MSG.email });
  });

  it('maps a person to the form and back; empty expiries are sent as null', () => {
    const values = initialPersonFormValues(person);
    expect(validatePersonForm(values, 'edit', { isAdmin: false })).toEqual({});
    expect(toPersonPayload({ ...values, languages: ['es', 'de', 'en'] }, { isAdmin: false }, 'edit')).toEqual({
      full_name: 'Nerea Santos Ramos',
      role: 'guide',
      state: 1,
      phone: '+34 611 223 344',
      email: 'nerea@example.com',
      languages: ['es', 'de', 'en'],
      document_id: '12345678Z',
      document_expiry: '2026-03-10',
      license_number: '',
      license_expiry: null,
      notes: '',
    });
  });

  it('the administrator chooses the operator of a new person; a licence date needs its number', () => {
    const values = { ...initialPersonFormValues(null), full_name: 'Ana', role: 'driver' };
    expect(validatePersonForm(values, 'create', { isAdmin: true })).toEqual({ tour_operator_id: MSG.required });
    expect(toPersonPayload({ ...values, tour_operator_id: OP }, { isAdmin: true }, 'create').tour_operator_id).toBe(OP);
    expect(
      validatePersonForm({ ...values, license_expiry: '2027-01-01' }, 'create', { isAdmin: false }).license_number,
    ).toBeTruthy();
  });

  it('filters: languages[eq]=de for "speaks German"', () => {
    expect(personsListQueryString({ role: 'guide', language: 'de', state: '1', page: 1, per_page: 50 })).toBe(
      '?role[eq]=guide&state[eq]=1&languages[eq]=de&page=1&per_page=50',
    );
  });

  it('PRODUCT §3: write actions only for levels 0, 1 and 3', () => {
    expect([0, 1, 2, 3, 4, 5].map((l) => personAccess([l]).canWrite)).toEqual([true, true, false, true, false, false]);
  });
});

describe('document expiry warning', () => {
  const today = '2026-03-01';
  it('expired, expiring within 30 days, or fine', () => {
    expect(expiryOf('2026-02-28', today)).toEqual({ kind: 'expired', date: '2026-02-28', days: 1 });
    expect(expiryOf('2026-03-01', today)).toMatchObject({ kind: 'soon', days: 0 });
    expect(expiryOf('2026-03-31', today)).toMatchObject({ kind: 'soon', days: 30 });
    expect(expiryOf('2026-04-01', today)).toMatchObject({ kind: 'ok' });
    expect(expiryOf(null, today)).toEqual({ kind: 'none' });
  });
  it('says it in Spanish', () => {
    expect(expiryLabel(expiryOf('2026-02-28', today))).toBe('Caducado');
    expect(expiryLabel(expiryOf('2026-03-01', today))).toBe('Caduca hoy');
    expect(expiryLabel(expiryOf('2026-03-02', today))).toBe('Caduca mañana');
    expect(expiryLabel(expiryOf('2026-03-13', today))).toBe('Caduca en 12 días');
    expect(expiryLabel(expiryOf('2026-06-13', today))).toBe('');
    expect(expiryDetail(expiryOf('2026-02-28', today))).toBe('Caducó el sáb, 28 feb 2026');
  });
});
