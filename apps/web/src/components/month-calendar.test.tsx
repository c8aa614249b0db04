import { fireEvent, render, screen, within } from '@testing-library/react';
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
import { monthGridDays } from './month-grid';

describe('month calendar pieces', () => {
  it('names a month in Spanish', () => {
    expect(monthLabel('2026-07')).toBe('Julio 2026');
    expect(monthLabel('2026-09')).toBe('Septiembre 2026');
  });

  it('draws a month of whole weeks, Monday first, with each day said in full and marked', () => {
    const weeks = monthGridDays('2026-11', '2026-11-22');
    render(
      <Providers>
        <MonthGrid
          weeks={weeks}
          label="Salidas de Noviembre 2026"
          cellClassName="feature-cell"
          renderDay={(d) => (d.date === '2026-11-24' ? <button type="button">09:00 Teide</button> : null)}
        />
      </Providers>,
    );
    const table = screen.getByRole('table', { name: 'Salidas de Noviembre 2026' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom']);
    expect(headers[2]?.querySelector('abbr')?.getAttribute('title')).toBe('miércoles');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 6);

    const today = table.querySelector('td[data-date="2026-11-22"]') as HTMLElement;
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(today).toHaveAttribute('data-today');
    expect(today).not.toHaveAttribute('data-past');
    expect(today).toHaveClass(calendarClasses.day as string, 'feature-cell');
    expect(today).toHaveTextContent('dom, 22 nov 2026');

    const outside = table.querySelector('td[data-date="2026-10-26"]') as HTMLElement;
    expect(outside).toHaveAttribute('data-outside');
    expect(outside).toHaveAttribute('data-past');
    expect(outside).not.toHaveAttribute('aria-current');

    const withEntry = table.querySelector('td[data-date="2026-11-24"]') as HTMLElement;
    expect(within(withEntry).getByRole('button', { name: '09:00 Teide' })).toBeInTheDocument();
    expect(table.querySelectorAll('button')).toHaveLength(1);
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
