import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBooking, PublicApiError } from './api';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const body = {
  product_id: 'p1',
  date: '2026-11-24',
  time: '09:00',
  pax: { adult: 2 },
  customer_name: 'Lucía',
  customer_email: 'lucia@example.com',
  accept_terms: true,
} as Parameters<typeof createBooking>[0];

/** What createBooking rejects with for one answer of the server. */
async function failureFor(res: Response): Promise<PublicApiError> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => res),
  );
  const err = await createBooking(body, 'key-1').catch((e: unknown) => e);
  expect(err).toBeInstanceOf(PublicApiError);
  return err as PublicApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('public API errors are recognised by their code (issue 13)', () => {
  it('409 NO_SEATS is sold out, whatever its message says; its alternatives come along', async () => {
    const e = await failureFor(
      json(409, { code: 'NO_SEATS', message: 'Not enough seats', alternatives: [{ time: '15:30', seats_left: 4 }] }),
    );
    expect(e.code).toBe('NO_SEATS');
    expect(e.isNoSeats).toBe(true);
    expect(e.isInProgress).toBe(false);
    expect(e.alternatives).toEqual([{ time: '15:30', seats_left: 4 }]);
  });

  it('a 409 whose message is the sold-out text but whose code is another is not sold out', async () => {
    const closed = await failureFor(json(409, { code: 'DEPARTURE_CLOSED', message: 'No quedan plazas suficientes' }));
    expect(closed.isNoSeats).toBe(false);
    expect(closed.isInProgress).toBe(false);
    const untagged = await failureFor(json(409, { message: 'No quedan plazas suficientes' }));
    expect(untagged.code).toBeNull();
    expect(untagged.isNoSeats).toBe(false);
  });

  it('IDEMPOTENCY_IN_PROGRESS is the one refusal that asks to send the same request again', async () => {
    const e = await failureFor(
      json(409, { code: 'IDEMPOTENCY_IN_PROGRESS', message: 'Still running' }, { 'Retry-After': '1' }),
    );
    expect(e.isInProgress).toBe(true);
    expect(e.isNoSeats).toBe(false);
    expect(e.retryAfter).toBe(1);
    // A sold-out 409 that also carried Retry-After is still sold out, not "in progress".
    const soldOut = await failureFor(json(409, { code: 'NO_SEATS', message: 'x' }, { 'Retry-After': '1' }));
    expect(soldOut.isInProgress).toBe(false);
  });

  it('no answer at all: no code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const e = (await createBooking(body, 'key-1').catch((x: unknown) => x)) as PublicApiError;
    expect(e.status).toBe(0);
    expect(e.code).toBeNull();
  });
});
