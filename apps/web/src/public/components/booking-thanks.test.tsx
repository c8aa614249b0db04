import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicBooking } from '../existing-booking/test-booking';
import { isJustBooked, JUST_BOOKED_STATE, navigate } from '../lib/navigation';
import { BookingThanks } from './booking-thanks';

const booking = publicBooking;

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
