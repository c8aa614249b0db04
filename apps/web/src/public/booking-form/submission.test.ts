import type { TPublicBooking } from '@trayecto/shared';
import { NO_SEATS_MESSAGE } from '@trayecto/shared/catalog';
import { describe, expect, it } from 'vitest';
import { PublicApiError, type TNewBookingBody } from '../lib/api';
import { FIELD_ORDER } from './booking-fields';
import { failureOf, IN_PROGRESS_TRIES, sendBooking } from './submission';

const body = { product_id: 'p', date: '2026-11-24', time: '09:00', pax: { adult: 1 } } as TNewBookingBody;
const booking = { id: 'b1' } as TPublicBooking;
const running = () =>
  new PublicApiError(409, 'Tu reserva se está procesando, espera un momento', {}, [], 1, 'IDEMPOTENCY_IN_PROGRESS');
const soldOut = (alternatives = [{ time: '11:00', seats_left: 4 }]) =>
  new PublicApiError(409, NO_SEATS_MESSAGE, {}, alternatives, null, 'NO_SEATS');

/** A server that answers the given results in turn, recording the keys it was sent. */
function server(...answers: (TPublicBooking | PublicApiError)[]) {
  const keys: string[] = [];
  const send = async (_b: TNewBookingBody, key: string) => {
    keys.push(key);
    const next = answers.shift();
    if (!next || next instanceof PublicApiError) throw next ?? new Error('no more answers');
    return next;
  };
  return { send, keys };
}

describe('sending a booking attempt (one Idempotency-Key per attempt)', () => {
  it('while the first copy still runs (409 + Retry-After): the same key again, waiting longer each time', async () => {
    const s = server(running(), running(), booking);
    const waits: number[] = [];
    const result = await sendBooking(body, 'k1', s.send, async (ms) => {
      waits.push(ms);
    });
    expect(result).toBe(booking);
    expect(s.keys).toEqual(['k1', 'k1', 'k1']);
    expect(waits).toEqual([800, 1600]);
  });

  it(`gives up after ${IN_PROGRESS_TRIES} tries with the "still running" answer`, async () => {
    const s = server(...Array.from({ length: 10 }, running));
    const waits: number[] = [];
    await expect(
      sendBooking(body, 'k1', s.send, async (ms) => {
        waits.push(ms);
      }),
    ).rejects.toMatchObject({ status: 409, retryAfter: 1 });
    expect(s.keys).toHaveLength(IN_PROGRESS_TRIES);
    expect(waits).toEqual([800, 1600, 2400, 3200]);
  });

  it('any other answer is not asked again: sold out, closed, invalid, network', async () => {
    for (const answer of [
      soldOut(),
      new PublicApiError(409, 'La salida está cerrada', {}, [], null, 'DEPARTURE_CLOSED'),
      new PublicApiError(422, 'Hay errores'),
      new PublicApiError(0, 'sin red'),
      new PublicApiError(503, 'caído', {}, [], 5),
    ]) {
      const s = server(answer);
      await expect(sendBooking(body, 'k', s.send, async () => {})).rejects.toBe(answer);
      expect(s.keys).toHaveLength(1);
    }
  });
});

describe('what a refused or failed attempt means', () => {
  it('sold out: a definitive answer, reload the departures, offer the other times', () => {
    expect(failureOf(soldOut(), FIELD_ORDER)).toEqual({
      kind: 'sold-out',
      outcome: 'rejected',
      reload: true,
      alternatives: [{ time: '11:00', seats_left: 4 }],
    });
    expect(failureOf(soldOut([]), FIELD_ORDER)).toMatchObject({ alternatives: null });
  });

  it('still running after every try: unknown outcome, the same key may be sent again', () => {
    expect(failureOf(running(), FIELD_ORDER)).toMatchObject({ kind: 'error', outcome: 'uncertain', retryable: true });
  });

  it('another 409 (closed, cut-off): definitive, reload the departures', () => {
    expect(failureOf(new PublicApiError(409, 'Ya no se vende'), FIELD_ORDER)).toMatchObject({
      kind: 'error',
      outcome: 'rejected',
      reload: true,
      retryable: false,
      message: 'Ya no se vende',
    });
  });

  it('422: field errors onto the form; fields the form does not have are named in the message', () => {
    const onForm = new PublicApiError(422, 'Hay errores en los datos enviados', {
      customer_email: ['Por favor, introduce una dirección de correo electrónico válida'],
      'pax.child': ['Este tipo de pasajero no se ofrece en esa fecha'],
    });
    expect(failureOf(onForm, FIELD_ORDER)).toMatchObject({
      outcome: 'rejected',
      message: 'Revisa los campos marcados.',
      fieldErrors: {
        customer_email: 'Por favor, introduce una dirección de correo electrónico válida',
        pax: 'Este tipo de pasajero no se ofrece en esa fecha',
      },
    });
    const elsewhere = new PublicApiError(422, 'Hay errores en los datos enviados', {
      'passengers.0.full_name': ['Campo requerido'],
    });
    expect(failureOf(elsewhere, FIELD_ORDER)).toMatchObject({
      message: 'Hay errores en los datos enviados: Campo requerido',
    });
  });

  it('no answer, 429 or 5xx: unknown outcome, retry with the same key; other errors are definitive', () => {
    expect(failureOf(new PublicApiError(0, 'sin red'), FIELD_ORDER)).toMatchObject({
      outcome: 'uncertain',
      retryable: true,
    });
    expect(failureOf(new PublicApiError(503, 'caído'), FIELD_ORDER)).toMatchObject({ outcome: 'uncertain' });
    expect(failureOf(new PublicApiError(404, 'Excursión no encontrada'), FIELD_ORDER)).toMatchObject({
      outcome: 'rejected',
      retryable: false,
      reload: false,
    });
    expect(failureOf(new TypeError('boom'), FIELD_ORDER)).toMatchObject({ outcome: 'uncertain', retryable: true });
  });
});
