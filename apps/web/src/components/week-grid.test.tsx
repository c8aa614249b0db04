import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../test/render';
import { weekGridDays } from './month-grid';
import { clampRow, moveInWeek, WeekGrid } from './week-grid';

const WEEK = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];

describe('the week grid keys (moveInWeek)', () => {
  // Monday 3 items, Tuesday 1, Wednesday none, Thursday 2, the weekend none.
  const counts = [3, 1, 0, 2, 0, 0, 0];
  const move = (date: string, row: number, key: string) => moveInWeek(WEEK, counts, { date, row }, key);

  it('left and right change the day, keeping the row where the day has it, else its last item (or none)', () => {
    expect(move('2026-11-23', 2, 'ArrowRight')).toEqual({ date: '2026-11-24', row: 0 });
    expect(move('2026-11-24', 0, 'ArrowRight')).toEqual({ date: '2026-11-25', row: 0 });
    expect(move('2026-11-26', 1, 'ArrowLeft')).toEqual({ date: '2026-11-25', row: 0 });
    expect(move('2026-11-24', 0, 'ArrowLeft')).toEqual({ date: '2026-11-23', row: 0 });
  });

  it('past Monday or Sunday, and with PageUp/PageDown: a day of the week before or after', () => {
    expect(move('2026-11-23', 2, 'ArrowLeft')).toEqual({ date: '2026-11-22', row: 2 });
    expect(move('2026-11-29', 0, 'ArrowRight')).toEqual({ date: '2026-11-30', row: 0 });
    expect(move('2026-11-26', 1, 'PageDown')).toEqual({ date: '2026-12-03', row: 1 });
    expect(move('2026-11-26', 1, 'PageUp')).toEqual({ date: '2026-11-19', row: 1 });
  });

  it("up and down go through the day's items and stop at its ends; Home/End to Monday and Sunday", () => {
    expect(move('2026-11-23', 0, 'ArrowDown')).toEqual({ date: '2026-11-23', row: 1 });
    expect(move('2026-11-23', 2, 'ArrowDown')).toEqual({ date: '2026-11-23', row: 2 });
    expect(move('2026-11-23', 1, 'ArrowUp')).toEqual({ date: '2026-11-23', row: 0 });
    expect(move('2026-11-23', 0, 'ArrowUp')).toEqual({ date: '2026-11-23', row: 0 });
    expect(move('2026-11-25', 0, 'ArrowDown')).toEqual({ date: '2026-11-25', row: 0 });
    expect(move('2026-11-26', 1, 'Home')).toEqual({ date: '2026-11-23', row: 1 });
    expect(move('2026-11-23', 2, 'End')).toEqual({ date: '2026-11-29', row: 0 });
  });

  it('leaves other keys to the browser (Tab leaves the grid, Enter and Space click)', () => {
    for (const key of ['Tab', 'Enter', ' ', 'Escape', 'a']) expect(move('2026-11-23', 0, key)).toBeNull();
    expect(clampRow(5, 2)).toBe(1);
    expect(clampRow(3, 0)).toBe(0);
  });
});

type TEntry = { date: string; name: string };

/** A week as the bookings calendar draws it: the week shown in its own state, cards as buttons. */
function Week({
  start,
  today,
  entries,
  onPick = () => {},
  focusDate,
}: {
  start: string;
  today: string;
  entries: TEntry[];
  onPick?: (e: TEntry) => void;
  focusDate?: string;
}) {
  const [anchor, setAnchor] = useState(start);
  const days = weekGridDays(anchor, today).map((d) => ({ ...d, items: entries.filter((e) => e.date === d.date) }));
  return (
    <>
      <button type="button">Antes</button>
      <p data-testid="week">{anchor}</p>
      <WeekGrid
        days={days}
        label="Salidas de la semana"
        renderItem={(e, props) => (
          <button type="button" {...props} onClick={() => onPick(e)}>
            {e.name}
          </button>
        )}
        positionLabel={(i, n) => `salida ${i + 1} de ${n} del día`}
        emptyText="Sin salidas"
        keysHint="Flechas: día y salida"
        onWeekChange={setAnchor}
        focusDate={focusDate}
      />
      <button type="button">Después</button>
    </>
  );
}

const ENTRIES: TEntry[] = [
  { date: '2026-11-23', name: '09:00 Teide' },
  { date: '2026-11-23', name: '11:00 Masca' },
  { date: '2026-11-23', name: '15:00 Anaga' },
  { date: '2026-11-24', name: '09:00 Teide martes' },
  { date: '2026-11-26', name: '08:00 Ballenas' },
  { date: '2026-11-26', name: '16:00 Garachico' },
  { date: '2026-12-01', name: '10:00 Teide de diciembre' },
];

const key = (k: string, opts: { ctrlKey?: boolean } = {}) =>
  fireEvent.keyDown(document.activeElement as Element, { key: k, ...opts });
const focused = () => (document.activeElement as HTMLElement).textContent;
const tabStops = () => [...document.querySelectorAll<HTMLElement>('table [tabindex="0"]')].map((el) => el.textContent);

describe('WeekGrid', () => {
  it('is a grid of the week: a column per day named by its date, a row per n-th departure, the keys described', () => {
    render(
      <Providers>
        <Week start="2026-11-25" today="2026-11-25" entries={ENTRIES} />
      </Providers>,
    );
    const grid = screen.getByRole('grid', { name: 'Salidas de la semana' });
    expect(grid).toHaveAccessibleDescription('Flechas: día y salida');
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'lun 23lun, 23 nov 2026',
      'mar 24mar, 24 nov 2026',
      'mié 25mié, 25 nov 2026',
      'jue 26jue, 26 nov 2026',
      'vie 27vie, 27 nov 2026',
      'sáb 28sáb, 28 nov 2026',
      'dom 29dom, 29 nov 2026',
    ]);
    expect(headers[2]).toHaveAttribute('aria-current', 'date');
    // Monday has three departures: three rows of cells (the filler row is not one of the grid's).
    expect(within(grid).getAllByRole('row')).toHaveLength(1 + 3);
    const second = within(grid).getByRole('button', { name: '11:00 Masca' });
    expect(second).toHaveAccessibleDescription('salida 2 de 3 del día');
    expect(second.closest('[role="gridcell"], td')).toHaveAttribute('data-date', '2026-11-23');
    // A day without departures says so in its first cell, which takes the focus like a card.
    const empty = grid.querySelector('td[data-date="2026-11-25"][data-row="0"]') as HTMLElement;
    expect(empty).toHaveTextContent('Sin salidas');
    expect(empty).toHaveAttribute('data-today');
  });

  it("is one Tab stop: today's first cell, else the first day with departures; cards are not Tab stops", () => {
    const { unmount } = render(
      <Providers>
        <Week start="2026-11-25" today="2026-11-25" entries={ENTRIES} />
      </Providers>,
    );
    expect(tabStops()).toEqual(['Sin salidas']);
    unmount();
    render(
      <Providers>
        <Week start="2026-11-25" today="2026-11-20" entries={ENTRIES} />
      </Providers>,
    );
    expect(tabStops()).toEqual(['09:00 Teide']);
    for (const b of screen.getAllByRole('button', { name: /^\d\d:\d\d/ }).slice(1))
      expect(b).toHaveAttribute('tabindex', '-1');
    // Tab from before the grid lands on its one stop, the next Tab leaves it.
    expect(document.querySelectorAll('[tabindex="0"], button:not([tabindex])')).toHaveLength(3);
  });

  it('moves with the arrows, Home/End and PageUp/PageDown, the Tab stop following the focus', () => {
    render(
      <Providers>
        <Week start="2026-11-25" today="2026-11-20" entries={ENTRIES} />
      </Providers>,
    );
    act(() => screen.getByRole('button', { name: '09:00 Teide' }).focus());
    key('ArrowDown');
    expect(focused()).toBe('11:00 Masca');
    key('ArrowDown');
    expect(focused()).toBe('15:00 Anaga');
    key('ArrowDown'); // the day's last: stays
    expect(focused()).toBe('15:00 Anaga');
    key('ArrowRight'); // Tuesday has one: its last
    expect(focused()).toBe('09:00 Teide martes');
    key('ArrowRight'); // Wednesday has none
    expect(focused()).toBe('Sin salidas');
    expect(tabStops()).toEqual(['Sin salidas']);
    key('ArrowRight');
    expect(focused()).toBe('08:00 Ballenas');
    key('ArrowDown');
    expect(focused()).toBe('16:00 Garachico');
    key('Home');
    expect(focused()).toBe('11:00 Masca');
    key('End');
    expect(focused()).toBe('Sin salidas');
    expect(document.activeElement).toHaveAttribute('data-date', '2026-11-29');
    // Modified keys are the browser's (and the screen reader's).
    key('ArrowLeft', { ctrlKey: true });
    expect(document.activeElement).toHaveAttribute('data-date', '2026-11-29');
    expect(tabStops()).toEqual(['Sin salidas']);

    // Past Sunday: the next week, its Monday (PageUp back to this week's Monday).
    key('ArrowRight');
    expect(screen.getByTestId('week')).toHaveTextContent('2026-11-30');
    expect(document.activeElement).toHaveAttribute('data-date', '2026-11-30');
    key('ArrowRight');
    expect(focused()).toBe('10:00 Teide de diciembre');
    key('PageUp');
    expect(screen.getByTestId('week')).toHaveTextContent('2026-11-24');
    expect(focused()).toBe('09:00 Teide martes');
    key('PageDown');
    key('PageUp');
    expect(focused()).toBe('09:00 Teide martes');
  });

  it('Enter and Space are the card’s own click; keys from elsewhere (a dialog it opened) are left alone', () => {
    const onPick = vi.fn();
    render(
      <Providers>
        <Week start="2026-11-25" today="2026-11-20" entries={ENTRIES} onPick={onPick} />
      </Providers>,
    );
    const card = screen.getByRole('button', { name: '08:00 Ballenas' });
    act(() => card.focus());
    key('Enter'); // not the grid's: the browser turns it into a click, which is the card's
    expect(focused()).toBe('08:00 Ballenas');
    fireEvent.click(card);
    expect(onPick).toHaveBeenCalledWith({ date: '2026-11-26', name: '08:00 Ballenas' });
    act(() => screen.getByRole('button', { name: 'Después' }).focus());
    key('ArrowLeft');
    expect(focused()).toBe('Después');
  });

  it('keeps the focus in place while the week changes under it', () => {
    const { rerender } = render(
      <Providers>
        <Week start="2026-11-25" today="2026-11-20" entries={[]} />
      </Providers>,
    );
    act(() => (document.querySelector('td[data-date="2026-11-26"][tabindex]') as HTMLElement).focus());
    expect(focused()).toBe('Sin salidas');
    // The departures arrive (the week had loaded empty): the focus goes to the day's card.
    rerender(
      <Providers>
        <Week start="2026-11-25" today="2026-11-20" entries={ENTRIES} />
      </Providers>,
    );
    expect(focused()).toBe('08:00 Ballenas');
    // The card goes (cancelled elsewhere): the focus stays on the day, not on <body>.
    rerender(
      <Providers>
        <Week start="2026-11-25" today="2026-11-20" entries={ENTRIES.filter((e) => e.date !== '2026-11-26')} />
      </Providers>,
    );
    expect(document.activeElement).toHaveAttribute('data-date', '2026-11-26');
    expect(focused()).toBe('Sin salidas');
  });

  it('does not take the focus back after the user left the grid', () => {
    const { rerender } = render(
      <Providers>
        <Week start="2026-11-25" today="2026-11-20" entries={ENTRIES} />
      </Providers>,
    );
    act(() => screen.getByRole('button', { name: '08:00 Ballenas' }).focus());
    act(() => screen.getByRole('button', { name: 'Antes' }).focus());
    rerender(
      <Providers>
        <Week start="2026-11-25" today="2026-11-20" entries={ENTRIES.slice(1)} />
      </Providers>,
    );
    expect(focused()).toBe('Antes');
    // The Tab stop is where the user left it.
    expect(tabStops()).toEqual(['08:00 Ballenas']);
  });

  it('opened for a day (a month\'s "+3 más"), that day has the focus', () => {
    render(
      <Providers>
        <Week start="2026-11-23" today="2026-11-20" entries={ENTRIES} focusDate="2026-11-23" />
      </Providers>,
    );
    expect(focused()).toBe('09:00 Teide');
  });
});
