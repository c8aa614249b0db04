import { describe, expect, it } from 'vitest';
import { productFixture } from '../../test-fixtures';
import { productAccess } from '../../utils/product-access';
import { mapServerErrors, validateProductForm } from '../product-form-errors';
import { initialProductValues, paymentValuesFrom } from '../product-form-values';
import { paymentPayload } from '../product-payload';
import { depositExample } from './payment-section';

const manager = productAccess([1]);

describe('product "Cobro" (issue 32, ADR 022)', () => {
  it('a product without one is paid on the day; stored deposits come back as typed', () => {
    expect(paymentValuesFrom(null)).toMatchObject({ payment_mode: 'on_the_day', deposit_kind: 'percent' });
    expect(paymentValuesFrom({ payment_mode: 'deposit', deposit: { per_pax_cents: 1250 } })).toEqual({
      payment_mode: 'deposit',
      deposit_kind: 'per_pax',
      deposit_percent: '',
      deposit_per_pax: 12.5,
    });
    expect(paymentValuesFrom({ payment_mode: 'deposit', deposit: { percent: 25 } })).toMatchObject({
      deposit_kind: 'percent',
      deposit_percent: 25,
    });
  });

  it('the body: the mode, and a deposit only when the mode is a deposit', () => {
    const v = initialProductValues(productFixture());
    expect(paymentPayload({ ...v, payment_mode: 'full' })).toEqual({ payment_mode: 'full', deposit: null });
    expect(paymentPayload({ ...v, payment_mode: 'deposit', deposit_kind: 'percent', deposit_percent: 30 })).toEqual({
      payment_mode: 'deposit',
      deposit: { percent: 30 },
    });
    expect(paymentPayload({ ...v, payment_mode: 'deposit', deposit_kind: 'per_pax', deposit_per_pax: 12.5 })).toEqual({
      payment_mode: 'deposit',
      deposit: { per_pax_cents: 1250 },
    });
  });

  it('validation next to the field: 1–99 %, an amount above 0; the 422 paths land on the inputs', () => {
    const v = { ...initialProductValues(productFixture()), payment_mode: 'deposit' as const };
    expect(validateProductForm({ ...v, deposit_percent: 100 }, 'edit', manager)).toMatchObject({
      deposit_percent: 'Entre 1 y 99 %',
    });
    expect(validateProductForm({ ...v, deposit_percent: '' }, 'edit', manager)).toMatchObject({
      deposit_percent: 'Campo requerido',
    });
    expect(validateProductForm({ ...v, deposit_kind: 'per_pax', deposit_per_pax: '' }, 'edit', manager)).toMatchObject({
      deposit_per_pax: 'Campo requerido',
    });
    expect(validateProductForm({ ...v, deposit_percent: 30 }, 'edit', manager)).not.toHaveProperty('deposit_percent');
    expect(mapServerErrors({ 'deposit.per_pax_cents': ['Mínimo 1'] }, v).fields).toEqual({
      deposit_per_pax: 'Mínimo 1',
    });
    expect(mapServerErrors({ deposit: ['Indica la señal'] }, v).fields).toEqual({ deposit_percent: 'Indica la señal' });
    expect(mapServerErrors({ payment_mode: ['Opción no válida'] }, v).fields).toEqual({
      payment_mode: 'Opción no válida',
    });
  });

  it('a worked example with the adult price', () => {
    const v = initialProductValues(productFixture());
    const adult = v.prices.map((r) => (r.pax_type === 'adult' ? { ...r, offered: true, amount: 45 } : r));
    expect(
      depositExample({ ...v, prices: adult, payment_mode: 'deposit', deposit_kind: 'percent', deposit_percent: 30 }),
    ).toBe('Por ejemplo, una persona a 45,00 €: paga 13,50 € de señal al reservar y 31,50 € después.');
    expect(depositExample({ ...v, prices: adult, payment_mode: 'full' })).toBeNull();
  });
});
