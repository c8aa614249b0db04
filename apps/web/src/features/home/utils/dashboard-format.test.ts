import { describe, expect, it } from 'vitest';
import {
  chartPoints,
  chartSummary,
  formatAxisDay,
  formatAxisEuros,
  formatMoney,
  formatPercent,
  formatTooltipDay,
  greeting,
  monthName,
  passengersPath,
} from './dashboard-format';

describe('home formats (es-ES)', () => {
  it('money, percent and the axis', () => {
    expect(formatMoney(123450)).toBe('1.234,50 €');
    expect(formatMoney(0)).toBe('0,00 €');
    expect(formatPercent(0.4231)).toBe('42 %');
    expect(formatPercent(1)).toBe('100 %');
    expect(formatPercent(null)).toBe('—');
    expect(formatAxisEuros(1200)).toBe('1.200 €');
    expect(formatAxisDay('2026-11-22')).toBe('22 nov');
    expect(formatTooltipDay('2026-11-22')).toBe('dom, 22 nov');
    expect(monthName('2026-11-22')).toBe('noviembre');
  });

  it("greets by the clock of the operator's zone, not the browser's", () => {
    expect(greeting(new Date('2026-11-22T09:00:00Z'), 'Atlantic/Canary')).toBe('Buenos días');
    expect(greeting(new Date('2026-11-22T16:00:00Z'), 'Atlantic/Canary')).toBe('Buenas tardes');
    expect(greeting(new Date('2026-11-22T23:00:00Z'), 'Atlantic/Canary')).toBe('Buenas noches');
    // 12:30 UTC: half past twelve in Tenerife, already the afternoon in Madrid.
    expect(greeting(new Date('2026-11-22T12:30:00Z'), 'Atlantic/Canary')).toBe('Buenos días');
    expect(greeting(new Date('2026-11-22T12:30:00Z'), 'Europe/Madrid')).toBe('Buenas tardes');
  });

  it('30 days of sales: euros per day, the total and the best day', () => {
    const days = [
      { date: '2026-11-20', sales_cents: 0, bookings: 0 },
      { date: '2026-11-21', sales_cents: 41350, bookings: 3 },
      { date: '2026-11-22', sales_cents: 9900, bookings: 1 },
    ];
    expect(chartPoints(days)[1]).toEqual({ date: '2026-11-21', label: '21 nov', ventas: 413.5, reservas: 3 });
    expect(chartSummary(days)).toEqual({ totalCents: 51250, bookings: 4, best: { date: '2026-11-21', cents: 41350 } });
    expect(chartSummary([]).best).toBeNull();
  });
});

describe("today's departures: where their passengers are (issue 14)", () => {
  const d = { product_id: 'p-1', sheet_id: 's-1' };
  it("the sheet's passenger list for who may open sheets, else the bookings of that product and day", () => {
    expect(passengersPath(d, '2026-11-24', true)).toBe('/schedule-sheets/s-1#embarque');
    expect(passengersPath(d, '2026-11-24', false)).toBe('/booking?from=2026-11-24&to=2026-11-24&product_id=p-1');
    expect(passengersPath({ ...d, sheet_id: null }, '2026-11-24', true)).toBe(
      '/booking?from=2026-11-24&to=2026-11-24&product_id=p-1',
    );
  });
});
