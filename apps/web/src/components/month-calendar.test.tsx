import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../test/render';
import {
  CalendarAgenda,
  CalendarBody,
  CalendarLegend,
  CalendarNav,
  calendarClasses,
  isCalendarLoading,
  MonthGrid,
  monthLabel,
} from './month-calendar';
import { monthGridDays, type TMonthGridDay } from './month-grid';

describe('month calendar pieces', () => {
  it('names a month in Spanish', () => {
    expect(monthLabel('2026-07')).toBe('Julio 2026');
    expect(monthLabel('2026-09')).toBe('Septiembre 2026');
  });

  it('draws a month of whole weeks, Monday first, each day named by its date and what it holds', () => {
    const weeks = monthGridDays('2026-11', '2026-11-22');
    render(
      <Providers>
        <MonthGrid
          weeks={weeks}
          label="Salidas de Noviembre 2026"
          cellClassName="feature-cell"
          renderDay={(d) => (d.date === '2026-11-24' ? <button type="button">09:00 Teide</button> : null)}
          summarizeDay={(d) =>
            d.date === '2026-11-24' ? { count: 1, text: '1 salida' } : { count: 0, text: 'sin salidas' }
          }
          onMonthChange={() => {}}
        />
      </Providers>,
    );
    const table = screen.getByRole('grid', { name: 'Salidas de Noviembre 2026' });
    expect(table).toHaveAccessibleDescription(
      /^Flechas: día y semana .* Intro: las salidas del día · Escape: volver al día$/,
    );
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom']);
    expect(headers[2]?.querySelector('abbr')?.getAttribute('title')).toBe('miércoles');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 6);

    const todayDay = within(table).getByRole('button', { name: 'dom, 22 nov 2026, sin salidas' });
    expect(todayDay).toHaveAttribute('aria-current', 'date');
    const today = todayDay.closest('td') as HTMLElement;
    expect(today).toHaveAttribute('data-date', '2026-11-22');
    expect(today).toHaveAttribute('data-today');
    expect(today).not.toHaveAttribute('data-past');
    expect(today).toHaveClass(calendarClasses.day as string, 'feature-cell');
    expect(today).toHaveTextContent('22');

    // The days of the months around: their date for screen readers, no button of their own.
    const outside = table.querySelector('td[data-date="2026-10-26"]') as HTMLElement;
    expect(outside).toHaveAttribute('data-outside');
    expect(outside).toHaveAttribute('data-past');
    expect(outside).toHaveTextContent('lun, 26 oct 2026');
    expect(outside.querySelector('button')).toBeNull();

    const withEntry = within(table).getByRole('button', { name: 'mar, 24 nov 2026, 1 salida' });
    const cell = withEntry.closest('td') as HTMLElement;
    expect(within(cell).getByRole('button', { name: '09:00 Teide' })).toBeInTheDocument();
    // One button per day of the month (30) and the entry.
    expect(table.querySelectorAll('button')).toHaveLength(30 + 1);
  });

  describe('as a keyboard grid', () => {
    /** A month calendar as the features use it: entries on some days, the month in its own state. */
    function Calendar({ start, today, entries }: { start: string; today: string; entries: Record<string, string[]> }) {
      const [month, setMonth] = useState(start);
      return (
        <>
          <p data-testid="month">{month}</p>
          <MonthGrid
            weeks={monthGridDays(month, today)}
            label={`Salidas de ${month}`}
            renderDay={(d: TMonthGridDay) =>
              (entries[d.date] ?? []).map((e) => (
                <button key={e} type="button">
                  {e}
                </button>
              ))
            }
            summarizeDay={(d) => ({ count: entries[d.date]?.length ?? 0, text: `${entries[d.date]?.length ?? 0}` })}
            onMonthChange={setMonth}
          />
          <button type="button">Después</button>
        </>
      );
    }

    const key = (k: string, opts: { shiftKey?: boolean } = {}) =>
      fireEvent.keyDown(document.activeElement as Element, { key: k, ...opts });
    const focused = () => (document.activeElement as HTMLElement).dataset.date ?? document.activeElement?.textContent;
    const tabStops = () =>
      [...document.querySelectorAll<HTMLElement>('table [tabindex="0"]')].map((el) => el.dataset.date);
    const dayButton = (name: RegExp) => screen.getByRole('button', { name });

    it('is one Tab stop: today, else the first day with entries, else the 1st; entries are not Tab stops', () => {
      const entries = { '2026-11-24': ['09:00 Teide', '15:00 Masca'] };
      const { unmount } = render(
        <Providers>
          <Calendar start="2026-11" today="2026-11-22" entries={entries} />
        </Providers>,
      );
      expect(tabStops()).toEqual(['2026-11-22']);
      for (const b of screen.getAllByRole('button', { name: /Teide|Masca/ }))
        expect(b).toHaveAttribute('tabindex', '-1');
      unmount();

      const other = render(
        <Providers>
          <Calendar start="2026-11" today="2026-10-02" entries={entries} />
        </Providers>,
      );
      expect(tabStops()).toEqual(['2026-11-24']);
      other.unmount();

      render(
        <Providers>
          <Calendar start="2026-11" today="2026-10-02" entries={{}} />
        </Providers>,
      );
      expect(tabStops()).toEqual(['2026-11-01']);
      // Nothing to enter in any day: the hint says nothing of Enter.
      expect(screen.getByRole('grid')).toHaveAccessibleDescription(/otro mes$/);
    });

    it('moves by day, week, to the week ends, and changes month at the edges and with PageUp/PageDown', () => {
      render(
        <Providers>
          <Calendar start="2026-11" today="2026-11-25" entries={{}} />
        </Providers>,
      );
      act(() => dayButton(/^mié, 25 nov 2026/).focus());
      key('ArrowRight');
      expect(focused()).toBe('2026-11-26');
      key('ArrowDown');
      expect(focused()).toBe('2026-12-03');
      expect(screen.getByTestId('month')).toHaveTextContent('2026-12');
      key('ArrowUp');
      expect(focused()).toBe('2026-11-26');
      expect(screen.getByTestId('month')).toHaveTextContent('2026-11');
      key('Home');
      expect(focused()).toBe('2026-11-23');
      key('End');
      expect(focused()).toBe('2026-11-29');
      key('ArrowLeft');
      expect(focused()).toBe('2026-11-28');
      key('PageDown');
      expect(focused()).toBe('2026-12-28');
      expect(tabStops()).toEqual(['2026-12-28']);
      key('PageUp');
      key('PageUp');
      expect(focused()).toBe('2026-10-28');
      expect(screen.getByTestId('month')).toHaveTextContent('2026-10');
      // Other keys (and modified ones) are left alone.
      key('a');
      fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight', ctrlKey: true });
      expect(focused()).toBe('2026-10-28');
    });

    it("enters a day's entries with Enter, goes through them, and back to the day with Escape", () => {
      const onClick = vi.fn();
      render(
        <Providers>
          <Calendar start="2026-11" today="2026-11-23" entries={{ '2026-11-24': ['09:00 Teide', '15:00 Masca'] }} />
        </Providers>,
      );
      screen.getByRole('button', { name: '15:00 Masca' }).addEventListener('click', onClick);
      act(() => dayButton(/^lun, 23 nov 2026/).focus());
      key('Enter'); // nothing to enter on a day without entries
      expect(focused()).toBe('2026-11-23');
      key('ArrowRight');
      key('Enter');
      expect(focused()).toBe('09:00 Teide');
      key('ArrowDown');
      expect(focused()).toBe('15:00 Masca');
      key('ArrowDown'); // the last one: stays
      expect(focused()).toBe('15:00 Masca');
      key('Tab', { shiftKey: true });
      expect(focused()).toBe('09:00 Teide');
      key('Tab');
      expect(focused()).toBe('15:00 Masca');
      // The arrows of the grid do not move the day from inside it.
      key('ArrowRight');
      expect(focused()).toBe('15:00 Masca');
      fireEvent.click(document.activeElement as Element);
      expect(onClick).toHaveBeenCalledOnce();
      key('Escape');
      expect(focused()).toBe('2026-11-24');
      expect(tabStops()).toEqual(['2026-11-24']);
      key('F2');
      expect(focused()).toBe('09:00 Teide');
      key('Tab', { shiftKey: true }); // before the first: the day
      expect(focused()).toBe('2026-11-24');
      // Space (or a click) on the day: into its entries as well.
      fireEvent.click(document.activeElement as Element);
      expect(focused()).toBe('09:00 Teide');
    });
  });

  it('moves between periods, and offers "Hoy" only away from today', () => {
    const onPrev = vi.fn();
    const onNext = vi.fn();
    const onToday = vi.fn();
    const { rerender } = render(
      <Providers>
        <CalendarNav title="Julio 2026" titleTestId="calendar-month" titleWidth={150} onPrev={onPrev} onNext={onNext} />
      </Providers>,
    );
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('Julio 2026');
    expect(screen.queryByRole('button', { name: 'Hoy' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mes anterior' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mes siguiente' }));
    expect(onPrev).toHaveBeenCalledOnce();
    expect(onNext).toHaveBeenCalledOnce();

    rerender(
      <Providers>
        <CalendarNav
          title="16 – 22 nov 2026"
          titleTestId="calendar-title"
          titleWidth={170}
          prevLabel="Semana anterior"
          nextLabel="Semana siguiente"
          onPrev={onPrev}
          onNext={onNext}
          onToday={onToday}
        />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Semana anterior' }));
    expect(onPrev).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Hoy' }));
    expect(onToday).toHaveBeenCalledOnce();
  });

  it('explains the colours and the figures', () => {
    render(
      <Providers>
        <CalendarLegend
          labels={{ available: 'Con plazas', full: 'Completa' }}
          toneClassName="tone"
          note="· libres/plazas"
        />
      </Providers>,
    );
    const legend = screen.getByLabelText('Leyenda');
    expect(legend).toHaveTextContent('Con plazas');
    expect(legend).toHaveTextContent('Completa');
    expect(legend).toHaveTextContent('· libres/plazas');
    const dots = legend.querySelectorAll('span[data-tone]');
    expect([...dots].map((d) => d.getAttribute('data-tone'))).toEqual(['available', 'full']);
    expect(dots[0]).toHaveClass('tone');
  });

  it('lists the days on a phone, or says there is nothing', () => {
    const { rerender } = render(
      <Providers>
        <CalendarAgenda label="Salidas de Julio 2026" emptyText="No hay salidas este mes.">
          {null}
        </CalendarAgenda>
      </Providers>,
    );
    expect(screen.getByLabelText('Salidas de Julio 2026')).toHaveTextContent('No hay salidas este mes.');
    rerender(
      <Providers>
        <CalendarAgenda label="Salidas de Julio 2026" emptyText={null}>
          <div className={calendarClasses.agendaDay}>mar, 14 jul 2026</div>
        </CalendarAgenda>
      </Providers>,
    );
    expect(screen.getByLabelText('Salidas de Julio 2026')).toHaveTextContent('mar, 14 jul 2026');
    expect(screen.queryByText('No hay salidas este mes.')).toBeNull();
  });

  it('says why a period did not load and retries it', () => {
    const refetch = vi.fn();
    const query = {
      isFetching: false,
      isPlaceholderData: false,
      data: undefined,
      error: new Error('Sin red'),
      refetch,
    };
    render(
      <Providers>
        <CalendarBody query={query} errorTitle="No se han podido cargar las salidas">
          <p>grid</p>
        </CalendarBody>
      </Providers>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No se han podido cargar las salidas');
    expect(alert).toHaveTextContent('Sin red');
    fireEvent.click(within(alert).getByRole('button', { name: /Reintentar/ }));
    expect(refetch).toHaveBeenCalledOnce();
    expect(screen.getByText('grid')).toBeInTheDocument();
  });

  it('covers the calendar only while a period has nothing of its own to show', () => {
    expect(isCalendarLoading({ isFetching: true, isPlaceholderData: false, data: undefined })).toBe(true);
    expect(isCalendarLoading({ isFetching: true, isPlaceholderData: true, data: [] })).toBe(true);
    // A background refetch of the period on screen does not cover it.
    expect(isCalendarLoading({ isFetching: true, isPlaceholderData: false, data: [] })).toBe(false);
    expect(isCalendarLoading({ isFetching: false, isPlaceholderData: false, data: undefined })).toBe(false);
  });
});
