import { CHANNEL_MSG, MSG, type TChannelResponse } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import type { TChannelProduct } from '../api/list-channel-products';
import {
  initialChannelValues,
  mapChannelServerErrors,
  newNetRate,
  type TChannelFormContext,
  type TChannelFormValues,
  toChannelPayload,
  validateChannelForm,
} from './channel-form-values';

const OP = '11111111-2222-4333-8444-555555555555';
const TEIDE = '22222222-2222-4333-8444-555555555555';
const MASCA = '33333333-2222-4333-8444-555555555555';

const stored: TChannelResponse = {
  id: '44444444-2222-4333-8444-555555555555',
  tour_operator_id: OP,
  tour_operator: { id: OP, name: 'Teide Aventura' },
  name: 'Tenerife Tours OTA',
  kind: 'octo',
  commission_pct: 10,
  net_rates: [{ product_id: TEIDE, pax_type: 'adult', net_cents: 3550 }],
  collects: 'agency',
  all_products: false,
  product_ids: [TEIDE, MASCA],
  allotment: 12,
  webhook_url: 'https://ota.example.com/hooks',
  webhook_secret_set: true,
  contact_email: 'partners@ota.example.com',
  notes: 'Liquidación mensual',
  active: true,
  keys_active: 2,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
};

const products: TChannelProduct[] = [
  { id: TEIDE, name: 'Subida al Teide', code: 'TEI-01', state: 'active', pax_types: ['adult', 'child'] },
  { id: MASCA, name: 'Barranco de Masca', code: 'MAS-01', state: 'active', pax_types: ['adult'] },
];

const manager = (over: Partial<TChannelFormContext> = {}): TChannelFormContext => ({
  mode: 'create',
  isAdmin: false,
  stored: null,
  products,
  ...over,
});

const fresh = (over: Partial<TChannelFormValues> = {}): TChannelFormValues => ({
  ...initialChannelValues(null),
  name: 'Agencia Sol',
  ...over,
});

describe('channel form values (issue 33)', () => {
  it('a new channel: OCTO, 0 % commission, the operator collects, every product, active', () => {
    expect(initialChannelValues(null)).toMatchObject({
      kind: 'octo',
      pricing: 'commission',
      commission_pct: 0,
      collects: 'operator',
      all_products: true,
      product_ids: [],
      allotment: '',
      active: true,
      webhook_secret: '',
    });
  });

  it('a stored channel: net rates in euros, its products and allotment; the webhook secret never', () => {
    const v = initialChannelValues(stored);
    expect(v).toMatchObject({
      pricing: 'net',
      commission_pct: 10,
      collects: 'agency',
      all_products: false,
      product_ids: [TEIDE, MASCA],
      allotment: 12,
      webhook_url: 'https://ota.example.com/hooks',
      webhook_secret: '',
    });
    expect(v.net_rates).toEqual([expect.objectContaining({ product_id: TEIDE, pax_type: 'adult', amount: 35.5 })]);
  });

  it('payload: a commission clears net rates; net rates go in cents; "Todos" is null; an empty allotment is null', () => {
    const commission = toChannelPayload(fresh({ commission_pct: 12.5 }), manager());
    expect(commission).toEqual({
      name: 'Agencia Sol',
      kind: 'octo',
      commission_pct: 12.5,
      net_rates: [],
      collects: 'operator',
      product_ids: null,
      allotment: null,
      contact_email: '',
      notes: '',
      active: true,
    });
    const net = toChannelPayload(
      fresh({
        pricing: 'net',
        commission_pct: '',
        net_rates: [{ ...newNetRate(TEIDE), pax_type: 'child', amount: 19.99 }],
        all_products: false,
        product_ids: [MASCA],
        allotment: 8,
      }),
      manager(),
    );
    expect(net).toMatchObject({
      commission_pct: null,
      net_rates: [{ product_id: TEIDE, pax_type: 'child', net_cents: 1999 }],
      product_ids: [MASCA],
      allotment: 8,
    });
  });

  it('payload: the webhook secret only when typed; an agency drops a stored webhook; the admin names the operator', () => {
    const ctx = manager({ mode: 'edit', stored });
    const kept = toChannelPayload(initialChannelValues(stored), ctx);
    expect(kept.webhook_url).toBe('https://ota.example.com/hooks');
    expect(kept).not.toHaveProperty('webhook_secret');
    const replaced = toChannelPayload(
      { ...initialChannelValues(stored), webhook_secret: 'nuevo-secreto-de-24-chars' },
      ctx,
    );
    expect(replaced.webhook_secret).toBe('nuevo-secreto-de-24-chars');
    expect(toChannelPayload({ ...initialChannelValues(stored), kind: 'agency' }, ctx).webhook_url).toBeNull();
    expect(toChannelPayload({ ...initialChannelValues(stored), webhook_url: ' ' }, ctx).webhook_url).toBeNull();
    // A new channel without a webhook says nothing about it.
    expect(toChannelPayload(fresh(), manager())).not.toHaveProperty('webhook_url');
    expect(toChannelPayload(fresh({ tour_operator_id: OP }), manager({ isAdmin: true })).tour_operator_id).toBe(OP);
    expect(
      toChannelPayload(fresh({ tour_operator_id: OP }), manager({ isAdmin: true, mode: 'edit', stored })),
    ).not.toHaveProperty('tour_operator_id');
  });

  it('validation with the shared schema: name, commission range and decimals, e-mail, webhook address', () => {
    expect(validateChannelForm(fresh({ name: ' ' }), manager())).toEqual({ name: MSG.required });
    expect(validateChannelForm(fresh({ commission_pct: '' }), manager())).toEqual({ commission_pct: MSG.required });
    expect(validateChannelForm(fresh({ commission_pct: 120 }), manager())).toEqual({
      commission_pct: MSG.percentRange,
    });
    expect(validateChannelForm(fresh({ commission_pct: 12.345 }), manager())).toEqual({
      commission_pct: CHANNEL_MSG.commissionDecimals,
    });
    expect(validateChannelForm(fresh({ contact_email: 'ventas@' }), manager())).toEqual({ contact_email: MSG.email });
    expect(validateChannelForm(fresh({ webhook_url: 'http://ota.example.com/x' }), manager()).webhook_url).toBe(
      CHANNEL_MSG.webhookUrl,
    );
    expect(validateChannelForm(fresh(), manager())).toEqual({});
  });

  it('a webhook needs its secret, typed or already stored; a short one is refused', () => {
    const url = 'https://ota.example.com/hooks';
    expect(validateChannelForm(fresh({ webhook_url: url }), manager())).toEqual({
      webhook_secret: CHANNEL_MSG.webhookSecretRequired,
    });
    expect(validateChannelForm(fresh({ webhook_url: url, webhook_secret: 'corto' }), manager())).toEqual({
      webhook_secret: CHANNEL_MSG.webhookSecret,
    });
    expect(validateChannelForm(initialChannelValues(stored), manager({ mode: 'edit', stored }))).toEqual({});
  });

  it('net rates: at least one, each row complete, its pax type priced; some products: at least one', () => {
    expect(validateChannelForm(fresh({ pricing: 'net', net_rates: [] }), manager()).net_rates).toMatch(/al menos una/);
    expect(validateChannelForm(fresh({ pricing: 'net', net_rates: [newNetRate()] }), manager())).toEqual({
      'net_rates.0.product_id': MSG.required,
      'net_rates.0.pax_type': MSG.required,
      'net_rates.0.amount': MSG.required,
    });
    expect(
      validateChannelForm(
        fresh({ pricing: 'net', net_rates: [{ ...newNetRate(MASCA), pax_type: 'child', amount: 20 }] }),
        manager(),
      ),
    ).toEqual({ 'net_rates.0.pax_type': CHANNEL_MSG.paxTypeNotPriced });
    expect(validateChannelForm(fresh({ all_products: false, product_ids: [] }), manager())).toEqual({
      product_ids: 'Elige al menos un producto',
    });
    expect(validateChannelForm(fresh(), manager({ isAdmin: true }))).toEqual({ tour_operator_id: MSG.required });
  });

  it("the API's field errors land on the form's inputs", () => {
    expect(
      mapChannelServerErrors({
        name: [CHANNEL_MSG.nameTaken],
        'net_rates.1.net_cents': ['Debe ser como máximo 10000000'],
        'net_rates[0].pax_type': [CHANNEL_MSG.paxTypeNotPriced],
        'product_ids.2': [CHANNEL_MSG.productNotOwn],
        somewhere: ['Otra cosa'],
      }),
    ).toEqual({
      fields: {
        name: CHANNEL_MSG.nameTaken,
        'net_rates.1.amount': 'Debe ser como máximo 10000000',
        'net_rates.0.pax_type': CHANNEL_MSG.paxTypeNotPriced,
        product_ids: CHANNEL_MSG.productNotOwn,
      },
      rest: ['Otra cosa'],
    });
  });
});
