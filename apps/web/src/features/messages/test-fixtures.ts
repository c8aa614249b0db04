/** A message as the API answers it, for the feature's tests (ids of one operator and booking). */
import type { TMessageResponse } from '@trayecto/shared';

export const OP = '11111111-2222-4333-8444-555555555555';
export const BOOKING = '22222222-2222-4333-8444-555555555555';

export const aMessage = (over: Partial<TMessageResponse> = {}): TMessageResponse => ({
  id: crypto.randomUUID(),
  tour_operator_id: OP,
  timezone: 'Atlantic/Canary',
  kind: 'booking_confirmed',
  channel: 'email',
  state: 'sent',
  recipient: 'lucia@example.com',
  recipient_name: 'Lucía Pérez',
  subject: 'Reserva confirmada',
  locale: 'es',
  preview: 'Hola, Lucía',
  attempts: 1,
  last_error: null,
  next_attempt_at: null,
  sent_at: '2026-11-22T08:06:00Z',
  booking_id: BOOKING,
  booking_locator: 'TRY-ABC123',
  user_id: null,
  actor_name: null,
  resend_of: null,
  response_status: null,
  created_at: '2026-11-22T08:05:00Z',
  ...over,
});
