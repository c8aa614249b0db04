import { Button } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { apiPath, pathTo, type TBookingCalendarEntry } from '@trayecto/shared';
import { useMemo } from 'react';
import { ListEmptyState, ListResults, ListScreen } from '../../../components/list-screen';
import { getRoles } from '../../../lib/auth-storage';
import { todayIso } from '../../../lib/dates';
import { useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useCsvExport } from '../../../lib/use-csv-export';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useListControls } from '../../../lib/use-list-params';
import { focusHeadingWhenShown } from '../../../public/lib/focus-heading';
import { productSelectOptions, useProductOptions } from '../../products';
import { useSalesChannelOptions } from '../api/list-agency-options';
import { bookingsListQueryString, type TBookingsFilters, useBookings } from '../api/list-bookings';
import { useSellerOptions } from '../api/list-seller-options';
import { bookingAccess } from '../utils/booking-access';
import { isIsoDate } from '../utils/booking-calendar';
import { BookingsCalendar, type TCalendarMode } from './bookings-calendar';
import { BookingsFilterBar, dateRangeFromParams, FILTER_KEYS, formatRange, NARROWING_KEYS } from './bookings-filters';
import { BookingCard, BookingCardAside, bookingColumns, editPath } from './bookings-table';

/**
 * /booking (PRODUCT §5): the bookings by date range, product, state, payment state, seller,
 * channel and hotel, with search, sorting, paging and the view ("Lista | Calendario") in the URL;
 * CSV export of the filtered rows; the calendar shows the departures with their seats.
 */
export function BookingsScreen() {
  const access = useMemo(() => bookingAccess(getRoles()), []);
  const isPhone = useIsPhone();
  const today = useMemo(() => todayIso(), []);

  const list = useListControls({ sort: 'date', filterKeys: FILTER_KEYS });
  const view = access.canReadProducts && list.get('view') === 'calendar' ? 'calendar' : 'list';
  const calMode: TCalendarMode = list.get('cal') === 'week' ? 'week' : 'month';
  const calDate = isIsoDate(list.get('cal_date')) ? list.get('cal_date') : today;
  const range = dateRangeFromParams(list.get, today);
  const filters: TBookingsFilters = {
    q: list.get('q'),
    from: range.from,
    to: range.to,
    product_id: access.canReadProducts ? list.get('product_id') : '',
    state: list.get('state'),
    payment_state: list.get('payment_state'),
    seller_id: access.canFilterSeller ? list.get('seller_id') : '',
    channel: list.get('channel'),
    channel_id: access.canManageChannels ? list.get('channel_id') : '',
    accommodation_id: list.get('accommodation_id'),
    tour_operator_id: access.isAdmin ? list.get('tour_operator_id') : '',
  };
  const query = useBookings({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort }, view === 'list');
  const products = useProductOptions(access.canReadProducts);
  const sellers = useSellerOptions(access.canFilterSeller);
  const salesChannels = useSalesChannelOptions(access.canManageChannels);
  const operators = useTourOperatorSelectOptions(access.isAdmin);

  const data = query.data;
  const items = data?.items ?? [];
  const hasNarrowingFilters = NARROWING_KEYS.some((k) => list.get(k) !== '');

  const productOptions = productSelectOptions(products.data, {
    activeOnly: false,
    withOperator: access.isAdmin,
  });
  const accommodationLabel = items.find((b) => b.accommodation?.id === filters.accommodation_id)?.accommodation?.name;

  /** A departure of the calendar: the list of that date and product. */
  const pickDeparture = (entry: TBookingCalendarEntry) => {
    list.setFilters({ view: null, from: entry.date, to: entry.date, all_dates: null, product_id: entry.product_id });
    window.scrollTo({ top: 0 });
    // The calendar goes, and the departure that had the focus with it: the focus starts again at
    // the screen's heading, above the filtered list (WCAG 2.4.3), not on <body>.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    focusHeadingWhenShown(() => document.getElementById('main-content') ?? document.querySelector('main'));
  };

  const csv = useCsvExport({
    name: 'reservas',
    path: apiPath('bookingsExport'),
    query: bookingsListQueryString({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort }),
    exported: ['reserva exportada', 'reservas exportadas'],
  });

  const create = access.canWrite ? { label: 'Nueva reserva', to: pathTo('bookingCreate') } : null;
  const rangeText = range.from && range.to ? formatRange(range.from, range.to) : 'todas las fechas';

  const columns = bookingColumns(access);

  return (
    <ListScreen
      list={list}
      title="Reservas"
      description={
        access.readOnly
          ? 'Las reservas de las salidas de tus hojas de servicio.'
          : access.isSeller
            ? 'Las reservas que has vendido, con su cobro y su estado.'
            : 'Todas las reservas de tus excursiones, con su cobro, su estado y sus plazas.'
      }
      csv={csv}
      query={view === 'list' ? query : undefined}
      create={create}
      columnsKey="bookings"
    >
      <BookingsFilterBar
        list={list}
        access={access}
        view={view}
        range={range}
        filters={filters}
        productOptions={productOptions}
        productsLoading={products.isLoading}
        sellers={sellers}
        salesChannels={salesChannels}
        operators={operators}
        isPhone={isPhone}
        total={view === 'list' ? data?.total : undefined}
        accommodationLabel={accommodationLabel}
      />

      {view === 'calendar' ? (
        <BookingsCalendar
          mode={calMode}
          anchor={calDate}
          today={today}
          productId={filters.product_id || null}
          onModeChange={(m, d) =>
            list.setFilters({ cal: m === 'week' ? 'week' : null, ...(d ? { cal_date: d === today ? null : d } : {}) })
          }
          onAnchorChange={(d) => list.setFilters({ cal_date: d === today ? null : d })}
          onPick={pickDeparture}
        />
      ) : (
        <ListResults
          query={query}
          failed={query.isError && !data}
          errorTitle="No se ha podido cargar la lista de reservas"
          noun={['reserva', 'reservas']}
          label="Reservas"
          columns={columns}
          miw={900}
          hideWhenEmpty
          href={editPath}
          cardLabel={(b) => `${b.locator} ${b.customer_name}`}
          card={(b) => <BookingCard b={b} showOperator={access.isAdmin} />}
          cardAside={(b) => <BookingCardAside b={b} />}
          empty={
            <ListEmptyState
              icon={<IconCalendarEvent size={28} />}
              filtered={hasNarrowingFilters}
              filteredTitle="Ninguna reserva coincide con los filtros"
              title={
                access.readOnly
                  ? 'No tienes reservas en estas fechas'
                  : range.from
                    ? `No hay reservas: ${rangeText}`
                    : 'Aún no hay reservas — crea la primera'
              }
              description={
                access.readOnly
                  ? 'Aquí verás las reservas de las hojas de servicio que tengas asignadas.'
                  : range.from
                    ? 'Cambia las fechas o mira todas las reservas.'
                    : 'Las reservas de la web, de los vendedores y de la oficina aparecerán aquí.'
              }
              actions={
                range.from ? (
                  <Button variant="default" onClick={() => list.setFilters({ all_dates: '1', from: null, to: null })}>
                    Ver todas las fechas
                  </Button>
                ) : null
              }
              create={create}
            />
          }
        />
      )}
    </ListScreen>
  );
}
