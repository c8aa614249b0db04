import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  daysBetween,
  type TBookingCalendarColumns,
  type TBookingCalendarDay,
  type TBookingCalendarEntry,
} from '@trayecto/shared';
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

/** GET /bookings/calendar/days as the API adds the departures up: per day, and its first three. */
function daysOf(entries: TBookingCalendarEntry[]): TBookingCalendarDay[] {
  const dates = [...new Set(entries.map((e) => e.date))].sort();
  return dates.map((date) => {
    const list = entries.filter((e) => e.date === date);
    const open = list.filter((e) => !e.closed);
    return {
      date,
      departures: list.length,
      closed: list.length - open.length,
      capacity: open.reduce((n, e) => n + e.capacity, 0),
      seats_taken: list.reduce((n, e) => n + e.seats_taken, 0),
      seats_left: open.reduce((n, e) => n + e.seats_left, 0),
      bookings: list.reduce((n, e) => n + e.bookings_count, 0),
      pax: list.reduce((n, e) => n + e.pax_total, 0),
      first_departures: list.slice(0, 3),
    };
  });
}

/** GET /bookings/calendar/columns of some entries (ADR 057): each product named once, the departures as columns. */
function columnsOf(entries: TBookingCalendarEntry[], from: string, to: string): TBookingCalendarColumns {
  const products = [
    ...new Map(entries.map((e) => [e.product_name, { id: e.product_id, name: e.product_name }])).values(),
  ];
  const col = <K extends keyof TBookingCalendarEntry>(k: K) => entries.map((e) => e[k]);
  return {
    from,
    to,
    products,
    departures: {
      product: entries.map((e) => products.findIndex((p) => p.name === e.product_name)),
      day: entries.map((e) => daysBetween(from, e.date)),
      time: col('time'),
      departure_id: col('departure_id'),
      capacity: col('capacity'),
      seats_taken: col('seats_taken'),
      seats_left: col('seats_left'),
      bookings_count: col('bookings_count'),
      pax_total: col('pax_total'),
      closed: col('closed'),
      available: col('available'),
    },
  };
}

/** The API of these tests: the days, the columns or the entries of the departures in the range asked. */
function answer(url: string) {
  const u = new URL(url, 'http://x');
  const from = u.searchParams.get('from') ?? '';
  const to = u.searchParams.get('to') ?? '';
  const inRange = DEPARTURES.filter((d) => d.date >= from && d.date <= to);
  if (u.pathname.endsWith('/calendar/days')) return json(daysOf(inRange));
  if (u.pathname.endsWith('/calendar/columns')) return json(columnsOf(inRange, from, to));
  return json(inRange);
}

/** The URLs the calendar asked for (path and query), in order. */
let asked: string[] = [];

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
      onModeChange={(m, d) => {
        setMode(m);
        if (d) setAnchor(d);
      }}
      onAnchorChange={setAnchor}
      onPick={onPick}
    />
  );
}

describe('the bookings calendar week (issue 31 item 11)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    asked = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        return answer(url);
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
    // The week's departures came as columns (ADR 057), one request a week.
    expect(asked).toEqual([
      '/api/v1/bookings/calendar/columns?from=2026-11-23&to=2026-11-29',
      '/api/v1/bookings/calendar/columns?from=2026-11-30&to=2026-12-06',
    ]);
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
    // The week's departures are fetched now (the month had only its days): the focus waits for them.
    const first = await within(grid).findByRole('button', { name: /^08:00 5\/20 Ballenas/ });
    await waitFor(() => expect(first).toHaveFocus());
    // Back to the month and to the week again: the week does not take the focus by itself.
    act(() => (document.activeElement as HTMLElement).blur());
    fireEvent.click(screen.getByRole('radio', { name: 'Mes' }));
    await screen.findByRole('grid', { name: 'Salidas de Noviembre 2026' });
    fireEvent.click(screen.getByRole('radio', { name: 'Semana' }));
    await screen.findByRole('grid', { name: /^Salidas de la semana/ });
    expect(document.body).toHaveFocus();
  });
});

describe('the bookings calendar month, a day at a time (ADR 031)', { timeout: 30_000 }, () => {
  let phone = false;
  beforeEach(() => {
    asked = [];
    phone = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        return answer(url);
      }),
    );
    // Mantine's useMediaQuery: the phone's layout when `phone` is set.
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: phone && query.includes('max-width'),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      })),
    );
    setUnauthorizedHandler(() => {});
    localStorage.setItem('token', 'abc.def.ghi');
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  it('asks for the days of the month grid only, and draws each day from its figures', async () => {
    render(
      <Providers>
        <Calendar start="month" onPick={() => {}} />
      </Providers>,
    );
    const grid = await screen.findByRole('grid', { name: 'Salidas de Noviembre 2026' });
    // The day says its count and seats sold; its first two departures and «+2 más» are drawn.
    const tuesday = await within(grid).findByRole('button', {
      name: 'mar, 24 nov 2026, 4 salidas, 35 plazas vendidas',
    });
    const cell = tuesday.closest('td') as HTMLElement;
    expect(within(cell).getAllByRole('button', { name: /Ver sus reservas$/ })).toHaveLength(2);
    expect(within(cell).getByRole('button', { name: '+2 más: ver las 4 salidas del mar, 24 nov 2026' })).toBeVisible();
    expect(within(grid).getByRole('button', { name: 'jue, 26 nov 2026, 1 salida, 5 plazas vendidas' })).toBeVisible();
    // The month's figures over its own days: 5 departures, 25 pax, 60 seats left.
    expect(screen.getByText(/^5 salidas · 25 pax · 60 plazas libres$/)).toBeVisible();
    expect(asked).toEqual(['/api/v1/bookings/calendar/days?from=2026-10-26&to=2026-12-06']);
  });

  it('on a phone, a day with more departures than it shows lists them all when asked (that day only)', async () => {
    phone = true;
    const onPick = vi.fn();
    render(
      <Providers>
        <Calendar start="month" onPick={onPick} />
      </Providers>,
    );
    const more = await screen.findByRole('button', { name: 'Ver las 4 salidas del día' });
    expect(screen.getAllByRole('button', { name: /Ver sus reservas$/ })).toHaveLength(4); // 3 of Tuesday, 1 of Thursday
    expect(screen.queryByRole('button', { name: /^15:00 20\/20 Anaga/ })).toBeNull();
    fireEvent.click(more);
    const anaga = await screen.findByRole('button', { name: /^15:00 20\/20 Anaga/ });
    expect(screen.queryByRole('button', { name: 'Ver las 4 salidas del día' })).toBeNull();
    expect(asked.at(-1)).toBe('/api/v1/bookings/calendar?from=2026-11-24&to=2026-11-24');
    fireEvent.click(anaga);
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ date: '2026-11-24', time: '15:00' }));
  });
});
