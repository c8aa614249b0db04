import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TMonth } from '../lib/calendar';
import { Calendar } from './calendar';

function Harness({ onSelect }: { onSelect: (d: string) => void }) {
  const [month, setMonth] = useState<TMonth>('2026-11');
  const days = new Map([
    ['2026-11-24', { seatsLeft: 12 }],
    ['2026-11-30', { seatsLeft: 1 }],
    ['2026-12-01', { seatsLeft: 5 }],
  ]);
  return (
    <Calendar
      month={month}
      minMonth="2026-11"
      maxMonth="2027-11"
      onMonthChange={setMonth}
      selected=""
      onSelect={onSelect}
      days={days}
      loading={false}
    />
  );
}

describe('booking calendar', () => {
  it('names each day in Spanish with its seats, and disables days without departures', () => {
    render(<Harness onSelect={() => {}} />);
    expect(screen.getByRole('button', { name: 'mar, 24 nov 2026, 12 plazas' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'lun, 30 nov 2026, 1 plaza' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'mié, 25 nov 2026, sin salidas' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeDisabled();
    expect(screen.getAllByRole('columnheader').map((th) => th.getAttribute('abbr'))).toEqual([
      'lunes',
      'martes',
      'miércoles',
      'jueves',
      'viernes',
      'sábado',
      'domingo',
    ]);
  });

  it('only bookable days can be picked', () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: /^mié, 25 nov 2026/ }));
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /^mar, 24 nov 2026/ }));
    expect(onSelect).toHaveBeenCalledWith('2026-11-24');
  });

  it('is usable with the keyboard: one tab stop, arrows move, crossing into the next month', () => {
    render(<Harness onSelect={() => {}} />);
    const first = screen.getByRole('button', { name: /^mar, 24 nov 2026/ });
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toHaveAccessibleName(/^mar, 1 dic 2026/);
    expect(screen.getByRole('heading', { name: 'Diciembre de 2026' })).toBeInTheDocument();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(document.activeElement).toHaveAccessibleName(/^lun, 30 nov 2026/);
  });
});
