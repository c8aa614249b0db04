import { act, configure, fireEvent, render, screen, within } from '@testing-library/react';
import type { TBookingCalendarEntry } from '@trayecto/shared';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { Providers } from '../../../test/render';
import { BookingsCalendar, type TCalendarMode } from './bookings-calendar';

configure({ asyncUtilTimeout: 10_000 });

const P = '11111111-2222-4333-8444-555555555555';
const entry = (date: string, time: string, name: string, over: Partial<TBookingCalendarEntry> = {}) => ({
  departure_id: null,
  product_id: P,
  product_name: name,
  date,
  time,
  capacity: 20,
  seats_taken: 5,
  seats_left: 15,
  bookings_count: 2,
  pax_total: 5,
  closed: false,
  available: true,
  ...over,
});

// Tuesday 24 Nov 2026: four departures (a month cell shows two and "+2 más"); Thursday one.
const DEPARTURES: TBookingCalendarEntry[] = [
  entry('2026-11-24', '08:00', 'Ballenas'),
  entry('2026-11-24', '09:00', 'Teide'),
  entry('2026-11-24', '11:00', 'Masca'),
  entry('2026-11-24', '15:00', 'Anaga', { seats_taken: 20, seats_left: 0 }),
  entry('2026-11-26', '09:30', 'Garachico'),
];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** The calendar as /booking drives it: mode and anchor in the screen's state (its URL there). */
function Calendar({ start, onPick }: { start: TCalendarMode; onPick: (e: TBookingCalendarEntry) => void }) {
  const [mode, setMode] = useState<TCalendarMode>(start);
  const [anchor, setAnchor] = useState('2026-11-25');
  return (
    <BookingsCalendar
      mode={mode}
      anchor={anchor}
      today="2026-11-20"
      productId={null}
      onModeChange={setMode}
      onAnchorChange={setAnchor}
      onPick={onPick}
    />
  );
}

describe('the bookings calendar week (issue 31 item 11)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const params = new URL(url, 'http://x').searchParams;
        const from = params.get('from') ?? '';
        const to = params.get('to') ?? '';
        return json(DEPARTURES.filter((d) => d.date >= from && d.date <= to));
      }),
    );
    setUnauthorizedHandler(() => {});
    localStorage.setItem('token', 'abc.def.ghi');
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  it('is one keyboard grid: a card per departure, one Tab stop, its place in the day, Enter opens it', async () => {
    const onPick = vi.fn();
    render(
      <Providers>
        <Calendar start="week" onPick={onPick} />
      </Providers>,
    );
    const grid = await screen.findByRole('grid', { name: 'Salidas de la semana 23 – 29 nov 2026' });
    const first = await within(grid).findByRole('button', { name: /^08:00 5\/20 Ballenas/ });
    expect(grid).toHaveAccessibleDescription(/^Flechas izquierda y derecha: día .* Intro: ver sus reservas$/);
    // The cards keep their names (what they show first, then the day and seats) and say their place.
    expect(first).toHaveAccessibleName(
      '08:00 5/20 Ballenas 15 libres · 2 reservas, mar, 24 nov 2026 08:00: 5 plazas vendidas, 15 libres de 20. Ver sus reservas',
    );
    expect(first).toHaveAccessibleDescription('salida 1 de 4 del día');
    // One Tab stop in the whole week: the first day with departures (today is in another week).
    expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    expect(first).toHaveAttribute('tabindex', '0');
    for (const card of within(grid).getAllByRole('button').slice(1)) expect(card).toHaveAttribute('tabindex', '-1');

    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    const full = document.activeElement as HTMLElement;
    expect(full).toHaveAccessibleName(/^15:00 20\/20 Anaga Completa/);
    expect(full).toHaveAccessibleDescription('salida 4 de 4 del día');
    fireEvent.keyDown(full, { key: 'ArrowRight' }); // Wednesday: none
    expect(document.activeElement).toHaveTextContent('Sin salidas');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toHaveAccessibleName(/^09:30 5\/20 Garachico/);
    fireEvent.click(document.activeElement as Element);
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ date: '2026-11-26', time: '09:30' }));

    // PageDown: the next week, with its title, and the focus on its Thursday.
    fireEvent.keyDown(document.activeElement as Element, { key: 'PageDown' });
    await screen.findByRole('grid', { name: 'Salidas de la semana 30 nov – 6 dic 2026' });
    expect(document.activeElement).toHaveAttribute('data-date', '2026-12-03');
  });

  it('a month\'s "+2 más" opens that week with the focus on the day\'s first departure', async () => {
    render(
      <Providers>
        <Calendar start="month" onPick={() => {}} />
      </Providers>,
    );
    const more = await screen.findByRole('button', { name: '+2 más: ver las 4 salidas del mar, 24 nov 2026' });
    fireEvent.click(more);
    const grid = await screen.findByRole('grid', { name: /^Salidas de la semana 23 – 29 nov 2026$/ });
    const first = within(grid).getByRole('button', { name: /^08:00 5\/20 Ballenas/ });
    expect(first).toHaveFocus();
    // Back to the month and to the week again: the week does not take the focus by itself.
    act(() => (document.activeElement as HTMLElement).blur());
    fireEvent.click(screen.getByRole('radio', { name: 'Mes' }));
    await screen.findByRole('grid', { name: 'Salidas de Noviembre 2026' });
    fireEvent.click(screen.getByRole('radio', { name: 'Semana' }));
    await screen.findByRole('grid', { name: /^Salidas de la semana/ });
    expect(document.body).toHaveFocus();
  });
});
