import { screen, within } from '@testing-library/react';
import type { TDashboardResponse } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { TodayDepartures } from './today-departures';

type TDeparture = TDashboardResponse['today_departures'][number];
const departure = (over: Partial<TDeparture>): TDeparture => ({
  departure_id: 'd1',
  product_id: 'p1',
  product_name: 'Subida al Teide',
  time: '09:00',
  pax: 12,
  capacity: 50,
  sheet_id: 's1',
  sheet_state: 'ready',
  vehicle_plate: '2156MCD',
  driver_name: 'Antonio González',
  guide_name: null,
  ...over,
});
const departures = [
  departure({}),
  departure({
    departure_id: 'd2',
    product_id: 'p2',
    product_name: 'Masca',
    time: '10:30',
    sheet_id: null,
    sheet_state: null,
  }),
];

const renderList = (props: { isPhone: boolean; canOpenSheets: boolean; showCrew: boolean }) =>
  renderRoutes(
    [{ path: '/', element: <TodayDepartures departures={departures} today="2026-11-24" loading={false} {...props} /> }],
    '/',
  );

describe("today's departures: the way to their passengers (issue 14)", () => {
  it('the office: the sheet’s passenger list, else the bookings of that product and day', () => {
    renderList({ isPhone: false, canOpenSheets: true, showCrew: true });
    const table = screen.getByRole('table', { name: 'Salidas de hoy' });
    expect(within(table).getByRole('columnheader', { name: 'Pasajeros' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Pasajeros de Subida al Teide a las 09:00' })).toHaveAttribute(
      'href',
      '/schedule-sheets/s1#embarque',
    );
    expect(within(table).getByRole('link', { name: 'Pasajeros de Masca a las 10:30' })).toHaveAttribute(
      'href',
      '/booking?from=2026-11-24&to=2026-11-24&product_id=p2',
    );
  });

  it('a seller on a phone: the bookings of the day, no sheets', () => {
    renderList({ isPhone: true, canOpenSheets: false, showCrew: false });
    const list = screen.getByRole('list', { name: 'Salidas de hoy' });
    expect(within(list).getByRole('link', { name: 'Pasajeros de Subida al Teide a las 09:00' })).toHaveAttribute(
      'href',
      '/booking?from=2026-11-24&to=2026-11-24&product_id=p1',
    );
    expect(within(list).queryByRole('link', { name: /^Hoja de / })).toBeNull();
  });
});
