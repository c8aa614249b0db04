import { render, screen } from '@testing-library/react';
import type { TPublicBooking } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { isJustBooked, JUST_BOOKED_STATE, navigate } from '../lib/navigation';
import { BookingThanks } from './booking-thanks';

const booking = (over: Partial<TPublicBooking> = {}): TPublicBooking => ({
  id: '7d0f7c1e-8a55-4f7e-9d8e-0c3b1a2b3c4d',
  locator: 'TRY-7K2QF9',
  state: 'confirmed',
  payment_state: 'pending',
  date: '2026-11-24',
  time: '09:00',
  starts_at: '2026-11-24T09:00:00.000Z',
  product: {
    id: 'p-1',
    name: 'Subida al Teide',
    duration_minutes: 480,
    meeting_point: 'Oficina Teide Aventura, Costa Adeje',
    meeting_lat_lng: '',
    pickup_enabled: true,
    image: null,
    free_cancellation_hours: 24,
  },
  lines: [{ pax_type: 'adult', quantity: 2, unit_cents: 4900, total_cents: 9800 }],
  pax_total: 2,
  subtotal_cents: 9800,
  discount_cents: 0,
  total_cents: 9800,
  paid_cents: 0,
  pending_cents: 9800,
  currency: 'EUR',
  customer_name: 'Lucía Pérez',
  customer_email: 'lucia@example.com',
  customer_phone: '+34 600 000 000',
  customer_country: 'ES',
  language: 'es',
  accommodation: {
    id: 'h-1',
    name: 'Gran Hotel Playa del Duque',
    address: 'Avenida de Bruselas 2',
    zone: 'Costa Adeje',
    pickup_point: 'puerta principal',
  },
  pickup_at: null,
  room: '214',
  pickup_time: '08:20',
  notes: '',
  passengers: [],
  booking_terms: '',
  customer_confirmed_at: null,
  can_confirm: false,
  can_cancel: true,
  free_cancellation_until: '2026-11-23T09:00:00.000Z',
  cancelled_at: null,
  voucher_url: '/public/landing/booking-voucher/7d0f7c1e-8a55-4f7e-9d8e-0c3b1a2b3c4d',
  tour_operator: {
    name: 'Teide Aventura',
    logo_url: '',
    brand_color: '#c2410c',
    email: 'reservas@teideaventura.demo',
    phone: '+34 922 123 456',
    website: '',
    address: '',
    booking_terms: '',
    timezone: 'Atlantic/Canary',
  },
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('the thanks after a public booking (issue 12)', () => {
  it('confirmed, with a pickup: thanks by name, when and where, the voucher, the free-cancellation deadline', () => {
    render(<BookingThanks booking={booking()} />);
    const box = screen.getByRole('status');
    expect(screen.getByRole('heading', { name: '¡Gracias, Lucía! Tu reserva está confirmada.' })).toBeInTheDocument();
    expect(screen.getByTestId('thanks-where')).toHaveTextContent(
      'El martes, 24 de noviembre de 2026 te recogemos a las 08:20 en Gran Hotel Playa del Duque · puerta principal (habitación 214). Estate allí 5 minutos antes.',
    );
    expect(box).toHaveTextContent('Esta página es tu bono, con el localizador TRY-7K2QF9');
    // The deadline in the operator's zone (Canarias: UTC+0 in November).
    expect(screen.getByTestId('thanks-cancel')).toHaveTextContent(
      'Si no puedes venir, cancela gratis hasta el lun, 23 nov 2026, 09:00 desde «Ver mi reserva».',
    );
    expect(screen.getByRole('link', { name: '+34 922 123 456' })).toHaveAttribute('href', 'tel:+34922123456');
  });

  it('pending review, at a meeting point: says it waits for the operator and where to present oneself', () => {
    render(
      <BookingThanks
        booking={booking({ state: 'pending', accommodation: null, room: '', pickup_time: null, can_cancel: false })}
      />,
    );
    expect(screen.getByRole('heading', { name: '¡Gracias, Lucía! Hemos recibido tu reserva.' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Está pendiente de confirmación: Teide Aventura revisará las plazas y te la confirmará.',
    );
    expect(screen.getByTestId('thanks-where')).toHaveTextContent(
      'El martes, 24 de noviembre de 2026, preséntate en Oficina Teide Aventura, Costa Adeje 15 minutos antes de la salida, que es a las 09:00.',
    );
    expect(screen.queryByTestId('thanks-cancel')).toBeNull();
  });

  it("only the history entry of the booking just made carries the note (the URL stays the spec's)", () => {
    const url = '/public/landing/booking-voucher/7d0f7c1e-8a55-4f7e-9d8e-0c3b1a2b3c4d';
    navigate(url, { state: JUST_BOOKED_STATE });
    expect(window.location.pathname).toBe(url);
    expect(window.location.search).toBe('');
    expect(isJustBooked()).toBe(true);
    navigate(url);
    expect(isJustBooked()).toBe(false);
  });
});
