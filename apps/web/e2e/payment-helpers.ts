/**
 * What the payment journeys need from the staff and public APIs (issue 32, ADR 022): Teide
 * Aventura with Redsys test credentials, a product paid in full online, a public booking holding
 * its seats until it is paid.
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { auth, publicSlots } from './public-helpers';
import { REDSYS_TEST_KEY } from './redsys-bank';

export type TOperator = { id: string; name: string };

/** Teide Aventura with Redsys test credentials (the demo seed's, else set here as an operator would). */
export async function redsysOperator(request: APIRequestContext, token: string): Promise<TOperator> {
  const res = await request.get('/api/v1/tour-operators?per_page=100', { headers: auth(token) });
  expect(res.status()).toBe(200);
  const operator = ((await res.json()) as TOperator[]).find((o) => o.name === 'Teide Aventura');
  if (!operator) throw new Error('Sin el tour operador «Teide Aventura» en los datos de demostración');
  const settings = await request.get(`/api/v1/tour-operators/${operator.id}/payment-settings`, {
    headers: auth(token),
  });
  expect(settings.status()).toBe(200);
  const current = (await settings.json()) as { provider: string | null; mode: string; redsys: unknown };
  if (current.provider !== 'redsys' || current.mode !== 'test') {
    const put = await request.put(`/api/v1/tour-operators/${operator.id}/payment-settings`, {
      headers: auth(token),
      data: {
        provider: 'redsys',
        mode: 'test',
        hold_minutes: 15,
        redsys: { merchant_code: '999008881', terminal: '1', secret_key: REDSYS_TEST_KEY, bizum: false },
      },
    });
    expect(put.status(), await put.text()).toBe(200);
  }
  return operator;
}

export type TPayProduct = {
  id: string;
  name: string;
  payment_mode?: string;
  online_payment?: boolean;
  pickup_enabled: boolean;
  tour_operator: { name: string };
};

/** A Teide Aventura product paid in full online (the seed's, else one switched to it here). */
export async function fullPaymentProduct(request: APIRequestContext, token: string): Promise<TPayProduct> {
  const res = await request.get('/api/v1/products?per_page=100', { headers: auth(token) });
  expect(res.status()).toBe(200);
  const rows = (await res.json()) as { id: string; name: string; state: string; tour_operator_id: string }[];
  const mine: TPayProduct[] = [];
  for (const row of rows.filter((p) => p.state === 'active')) {
    const pub = (await (await request.get(`/api/v1/public/products/${row.id}`)).json()) as TPayProduct;
    if (pub.tour_operator?.name !== 'Teide Aventura') continue;
    if (pub.online_payment && pub.payment_mode === 'full' && (await publicSlots(request, row.id, 2)).length) return pub;
    mine.push(pub);
  }
  const product = mine.find((p) => p.name.includes('Teide')) ?? mine[0];
  if (!product) throw new Error('Sin productos de Teide Aventura');
  const put = await request.put(`/api/v1/products/${product.id}`, {
    headers: auth(token),
    data: { payment_mode: 'full', deposit: null },
  });
  expect(put.status(), await put.text()).toBe(200);
  return (await (await request.get(`/api/v1/public/products/${product.id}`)).json()) as TPayProduct;
}

/** A public booking of `product` (2 adults, meeting point) that waits for its online payment. */
export async function heldBooking(request: APIRequestContext, product: TPayProduct, email: string, language = 'de') {
  const slot = (await publicSlots(request, product.id, 2)).find((s) => s.seats_left >= 4);
  if (!slot) throw new Error('Sin salidas con plazas para la prueba');
  const res = await request.post('/api/v1/public/bookings', {
    headers: { 'Idempotency-Key': randomUUID(), 'Accept-Language': language },
    data: {
      product_id: product.id,
      date: slot.date,
      time: slot.time,
      pax: { adult: 2 },
      customer_name: 'Lena Schmidt',
      customer_email: email,
      customer_phone: '+49 170 1234567',
      customer_country: 'DE',
      language,
      accommodation_id: null,
      accept_terms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const booking = (await res.json()) as { id: string; can_pay?: boolean; hold_expires_at?: string | null };
  expect(booking.can_pay).toBe(true);
  return booking;
}
