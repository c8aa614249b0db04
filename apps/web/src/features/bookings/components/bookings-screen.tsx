import {
  Anchor,
  Box,
  Button,
  Collapse,
  EmptyState,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconCalendarEvent,
  IconCalendarMonth,
  IconDownload,
  IconFilterOff,
  IconList,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import {
  BOOKING_CHANNEL_NAMES,
  BOOKING_CHANNELS,
  BOOKING_STATE_NAMES,
  BOOKING_STATES,
  PAYMENT_STATE_NAMES,
  PAYMENT_STATES,
  pathTo,
  type TBookingCalendarEntry,
} from '@trayecto/shared';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useNavigation } from 'react-router';
import { ListFooter, ListLoadError } from '../../../components/list-footer';
import { PageHeader } from '../../../components/page-header';
import { formatSort, nextSort, parseSort, SortableTh } from '../../../components/sortable-th';
import { getRoles } from '../../../lib/auth-storage';
import { downloadCsv, todayStamp } from '../../../lib/csv';
import { dayValueFormatter, formatDay, todayIso } from '../../../lib/dates';
import { countLabel } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type TListPatch, useListParams } from '../../../lib/use-list-params';
import { bookingsToCsv, fetchAllBookings } from '../api/export-bookings';
import { type TBookingListItem, type TBookingsFilters, useBookings } from '../api/list-bookings';
import { productSelectOptions, useProductOptions } from '../api/list-product-options';
import { useSellerOptions } from '../api/list-seller-options';
import { bookingAccess } from '../utils/booking-access';
import { addDays, isIsoDate } from '../utils/booking-calendar';
import { channelName, formatMoney, netPaidCents, paxLong, paxSummary } from '../utils/booking-format';
import { AccommodationSelect } from './accommodation-select';
import { BookingStateBadge, CountryTag, PaymentStateBadge } from './booking-badges';
import { BookingsCalendar, type TCalendarMode } from './bookings-calendar';
import classes from './bookings-screen.module.css';

/** URL keys of the filters ("Limpiar filtros" removes them all, back to the next 7 days). */
const FILTER_KEYS = [
  'q',
  'from',
  'to',
  'all_dates',
  'product_id',
  'state',
  'payment_state',
  'seller_id',
  'channel',
  'accommodation_id',
] as const;
const DEFAULT_SORT = 'date';
/** Days after today the list shows by default (PRODUCT §5: today → +7 days). */
export const DEFAULT_RANGE_DAYS = 7;

const SORT_OPTIONS = [
  { value: 'date', label: 'Fecha (próximas primero)' },
  { value: '-date', label: 'Fecha (últimas primero)' },
  { value: '-created_at', label: 'Más recientes' },
  { value: 'customer_name', label: 'Cliente (A–Z)' },
  { value: '-total_cents', label: 'Importe (mayor)' },
];
const STATE_OPTIONS = [
  { value: 'pending,confirmed', label: 'Pendientes y confirmadas' },
  ...BOOKING_STATES.map((s) => ({ value: s, label: BOOKING_STATE_NAMES[s] })),
];
const PAYMENT_OPTIONS = PAYMENT_STATES.map((s) => ({ value: s, label: PAYMENT_STATE_NAMES[s] }));
const CHANNEL_OPTIONS = BOOKING_CHANNELS.map((c) => ({ value: c, label: BOOKING_CHANNEL_NAMES[c] }));

/** The list's date range from the URL: default today → +7 days; `all_dates=1` shows every date. */
export function dateRangeFromParams(get: (key: string) => string, today: string): { from: string; to: string } {
  if (get('all_dates') === '1') return { from: '', to: '' };
  const from = isIsoDate(get('from')) ? get('from') : today;
  const to = isIsoDate(get('to')) ? get('to') : addDays(from, DEFAULT_RANGE_DAYS);
  return to < from ? { from: to, to: from } : { from, to };
}

function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string } | null) => void;
}) {
  const [value, setValue] = useState<[string | null, string | null]>([from || null, to || null]);
  useEffect(() => setValue([from || null, to || null]), [from, to]);
  return (
    <DatePickerInput
      type="range"
      label="Fechas"
      placeholder="Todas las fechas"
      leftSection={<IconCalendarEvent size={16} aria-hidden />}
      value={value}
      onChange={(v) => {
        const next: [string | null, string | null] = [v[0] ? String(v[0]) : null, v[1] ? String(v[1]) : null];
        setValue(next);
        if (next[0] && next[1]) onChange({ from: next[0].slice(0, 10), to: next[1].slice(0, 10) });
        if (!next[0] && !next[1]) onChange(null);
      }}
      allowSingleDateInRange
      clearable
      valueFormatter={(args) =>
        Array.isArray(args.date) ? formatRange(args.date[0], args.date[1]) : dayValueFormatter(args)
      }
      presets={[
        { value: [todayIso(), todayIso()], label: 'Hoy' },
        { value: [addDays(todayIso(), 1), addDays(todayIso(), 1)], label: 'Mañana' },
        { value: [todayIso(), addDays(todayIso(), DEFAULT_RANGE_DAYS)], label: 'Próximos 7 días' },
        { value: [todayIso(), addDays(todayIso(), 30)], label: 'Próximos 30 días' },
        { value: [addDays(todayIso(), -7), todayIso()], label: 'Últimos 7 días' },
      ]}
      ariaLabels={{ nextMonth: 'Mes siguiente', previousMonth: 'Mes anterior' }}
      getDayProps={(date) => ({ 'aria-label': formatDay(String(date).slice(0, 10)) })}
      style={{ flex: '1 1 270px' }}
    />
  );
}

const shortDay = new Intl.DateTimeFormat('es-ES', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const toDay = (v: unknown) => (v ? String(v).slice(0, 10) : '');

/** "dom, 22 nov – dom, 29 nov 2026"; one day: "lun, 23 nov 2026". */
export function formatRange(a: unknown, b: unknown): string {
  const from = toDay(a);
  const to = toDay(b);
  if (!from) return '';
  if (!to || to === from) return formatDay(from);
  if (from.slice(0, 4) !== to.slice(0, 4)) return `${formatDay(from)} – ${formatDay(to)}`;
  return `${shortDay.format(new Date(`${from}T00:00:00Z`)).replace(/\./g, '')} – ${formatDay(to)}`;
}

/** "lun, 22 nov 2026" + "09:30" in two lines. */
function DateTimeCell({ b }: { b: TBookingListItem }) {
  return (
    <Stack gap={0}>
      <Text size="sm" className={classes.nowrap}>
        {formatDay(b.date)}
      </Text>
      <Text size="xs" c="dimmed" className={classes.num}>
        {b.time}
      </Text>
    </Stack>
  );
}

/**
 * /booking (PRODUCT §5): the bookings by date range, product, state, payment state, seller,
 * channel and hotel, with search, sorting, paging and the view ("Lista | Calendario") in the URL;
 * CSV export of the filtered rows; the calendar shows the departures with their seats.
 */
export function BookingsScreen() {
  const access = useMemo(() => bookingAccess(getRoles()), []);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const navigate = useNavigate();
  const today = useMemo(() => todayIso(), []);

  const list = useListParams({ sort: DEFAULT_SORT });
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
    accommodation_id: list.get('accommodation_id'),
  };
  const sort = parseSort(list.sort);
  const params = { ...filters, page: list.page, per_page: list.perPage, sort: list.sort };
  const query = useBookings(params, view === 'list');
  const products = useProductOptions(access.canReadProducts);
  const sellers = useSellerOptions(access.canFilterSeller);
  const [exporting, setExporting] = useState(false);
  const [moreFilters, setMoreFilters] = useState(false);

  const [search, setSearch] = useState(filters.q ?? '');
  const searchRef = useRef<HTMLInputElement>(null);
  // A search still waiting when the user opens a booking (navigation under way, or the screen
  // gone) must not replace that navigation nor land on the next page's URL.
  const navigation = useNavigation();
  const navigatingRef = useRef(false);
  navigatingRef.current = navigation.state !== 'idle';
  const pushSearch = useDebouncedCallback((q: string) => {
    if (!navigatingRef.current) list.setFilters({ q: q.trim() });
  }, 350);
  const pushSearchRef = useRef(pushSearch);
  pushSearchRef.current = pushSearch;
  useEffect(() => () => pushSearchRef.current.cancel(), []);
  useEffect(() => {
    if (document.activeElement !== searchRef.current) setSearch(filters.q ?? '');
  }, [filters.q]);

  const data = query.data;
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / list.perPage));
  const isFirstLoad = query.isLoading && !data;
  const hasFilters = FILTER_KEYS.some((k) => list.get(k) !== '');
  const extraActive = ['payment_state', 'seller_id', 'channel', 'accommodation_id'].filter(
    (k) => list.get(k) !== '',
  ).length;
  const hasNarrowingFilters = FILTER_KEYS.some((k) => !['from', 'to', 'all_dates'].includes(k) && list.get(k) !== '');

  useEffect(() => {
    if (view === 'list' && data && list.page > totalPages) list.setPage(totalPages);
  }, [view, data, list.page, list.setPage, totalPages]);

  const productOptions = productSelectOptions(products.data, {
    activeOnly: false,
    withOperator: access.isAdmin,
  });
  const accommodationLabel = items.find((b) => b.accommodation?.id === filters.accommodation_id)?.accommodation?.name;

  const applyFilters = (patch: TListPatch) => list.setFilters(patch);
  const onSort = (field: string) => applyFilters({ sort: formatSort(nextSort(sort, field)) });
  const editPath = (b: TBookingListItem) => pathTo('bookingEdit', { id: b.id });
  const clearFilters = () => {
    setSearch('');
    list.clear([...FILTER_KEYS]);
  };

  const onRowClick = (e: MouseEvent<HTMLTableRowElement>, b: TBookingListItem) => {
    if ((e.target as HTMLElement).closest('a, button, input')) return;
    if (e.metaKey || e.ctrlKey) window.open(editPath(b), '_blank', 'noopener');
    else navigate(editPath(b));
  };

  /** A departure of the calendar: the list of that date and product. */
  const pickDeparture = (entry: TBookingCalendarEntry) => {
    applyFilters({ view: null, from: entry.date, to: entry.date, all_dates: null, product_id: entry.product_id });
    window.scrollTo({ top: 0 });
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllBookings(filters, list.sort);
      downloadCsv(`reservas-${todayStamp()}.csv`, bookingsToCsv(rows));
      notifySuccess('Exportación lista', `${countLabel(rows.length, 'reserva exportada', 'reservas exportadas')}.`);
    } catch {
      notifyError('No se ha podido exportar', 'Inténtalo de nuevo en unos instantes.');
    } finally {
      setExporting(false);
    }
  };

  const rangeText = range.from && range.to ? formatRange(range.from, range.to) : 'todas las fechas';

  const viewControl = access.canReadProducts ? (
    <SegmentedControl
      aria-label="Vista"
      value={view}
      onChange={(v) => applyFilters({ view: v === 'calendar' ? 'calendar' : null })}
      data={[
        {
          value: 'list',
          label: (
            <Group gap={6} wrap="nowrap">
              <IconList size={16} aria-hidden />
              <span>Lista</span>
            </Group>
          ),
        },
        {
          value: 'calendar',
          label: (
            <Group gap={6} wrap="nowrap">
              <IconCalendarMonth size={16} aria-hidden />
              <span>Calendario</span>
            </Group>
          ),
        },
      ]}
    />
  ) : null;

  const emptyState = (
    <EmptyState
      py={48}
      px="md"
      variant="light"
      icon={<IconCalendarEvent size={28} />}
      title={
        hasNarrowingFilters
          ? 'Ninguna reserva coincide con los filtros'
          : access.readOnly
            ? 'No tienes reservas en estas fechas'
            : range.from
              ? `No hay reservas: ${rangeText}`
              : 'Aún no hay reservas — crea la primera'
      }
      description={
        hasNarrowingFilters
          ? 'Prueba con otra búsqueda o quita algún filtro.'
          : access.readOnly
            ? 'Aquí verás las reservas de las hojas de servicio que tengas asignadas.'
            : range.from
              ? 'Cambia las fechas o mira todas las reservas.'
              : 'Las reservas de la web, de los vendedores y de la oficina aparecerán aquí.'
      }
    >
      <EmptyState.Actions>
        {hasNarrowingFilters ? (
          <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={clearFilters}>
            Limpiar filtros
          </Button>
        ) : range.from ? (
          <Button variant="default" onClick={() => applyFilters({ all_dates: '1', from: null, to: null })}>
            Ver todas las fechas
          </Button>
        ) : null}
        {access.canWrite && !hasNarrowingFilters ? (
          <Button component={Link} to={pathTo('bookingCreate')} leftSection={<IconPlus size={16} />}>
            Nueva reserva
          </Button>
        ) : null}
      </EmptyState.Actions>
    </EmptyState>
  );

  return (
    <>
      <PageHeader
        title="Reservas"
        description={
          access.readOnly
            ? 'Las reservas de las salidas de tus hojas de servicio.'
            : access.isSeller
              ? 'Las reservas que has vendido, con su cobro y su estado.'
              : 'Todas las reservas de tus excursiones, con su cobro, su estado y sus plazas.'
        }
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
              onClick={exportCsv}
              loading={exporting}
              disabled={view === 'list' && isFirstLoad}
            >
              Exportar CSV
            </Button>
            {access.canWrite ? (
              <Button component={Link} to={pathTo('bookingCreate')} leftSection={<IconPlus size={18} aria-hidden />}>
                Nueva reserva
              </Button>
            ) : null}
          </>
        }
      />

      <Paper withBorder radius="lg" shadow="xs">
        <Stack gap="sm" p="md" role="search" aria-label="Filtrar reservas">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              ref={searchRef}
              label="Buscar"
              placeholder="Localizador o cliente"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                pushSearch(e.currentTarget.value);
              }}
              style={{ flex: '2 1 220px' }}
              type="search"
            />
            {view === 'list' ? (
              <DateRangeFilter
                from={range.from}
                to={range.to}
                onChange={(r) =>
                  applyFilters(
                    r ? { from: r.from, to: r.to, all_dates: null } : { from: null, to: null, all_dates: '1' },
                  )
                }
              />
            ) : null}
            {access.canReadProducts ? (
              <Select
                label="Producto"
                placeholder={products.isLoading ? 'Cargando…' : 'Todos'}
                data={productOptions}
                value={filters.product_id || null}
                onChange={(v) => applyFilters({ product_id: v })}
                searchable
                clearable
                nothingFoundMessage="Ningún producto coincide"
                style={{ flex: '2 1 220px' }}
              />
            ) : null}
            {view === 'list' ? (
              <Select
                label="Estado"
                placeholder="Todos"
                data={STATE_OPTIONS}
                value={filters.state || null}
                onChange={(v) => applyFilters({ state: v })}
                clearable
                style={{ flex: '1 1 150px' }}
              />
            ) : null}
          </Group>
          {view === 'list' && isPhone ? (
            <Button
              variant="light"
              color="gray"
              size="compact-sm"
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
              onClick={() => setMoreFilters((o) => !o)}
              aria-expanded={moreFilters}
              style={{ alignSelf: 'flex-start' }}
            >
              {moreFilters ? 'Menos filtros' : `Más filtros${extraActive ? ` (${extraActive})` : ''}`}
            </Button>
          ) : null}
          {view === 'list' ? (
            <Collapse expanded={!isPhone || moreFilters}>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <Select
                  label="Cobro"
                  placeholder="Todos"
                  data={PAYMENT_OPTIONS}
                  value={filters.payment_state || null}
                  onChange={(v) => applyFilters({ payment_state: v })}
                  clearable
                  style={{ flex: '1 1 130px' }}
                />
                {access.canFilterSeller ? (
                  <Select
                    label="Vendedor"
                    placeholder={sellers.isLoading ? 'Cargando…' : 'Todos'}
                    data={sellers.data ?? []}
                    value={filters.seller_id || null}
                    onChange={(v) => applyFilters({ seller_id: v })}
                    searchable
                    clearable
                    nothingFoundMessage="Ningún vendedor coincide"
                    style={{ flex: '1 1 170px' }}
                  />
                ) : null}
                <Select
                  label="Canal"
                  placeholder="Todos"
                  data={CHANNEL_OPTIONS}
                  value={filters.channel || null}
                  onChange={(v) => applyFilters({ channel: v })}
                  clearable
                  style={{ flex: '1 1 120px' }}
                />
                <AccommodationSelect
                  label="Alojamiento"
                  placeholder="Todos"
                  operatorId={null}
                  value={filters.accommodation_id || null}
                  selectedLabel={accommodationLabel}
                  onChange={(id) => applyFilters({ accommodation_id: id })}
                  style={{ flex: '2 1 200px' }}
                />
                {isPhone ? (
                  <Select
                    label="Ordenar por"
                    data={SORT_OPTIONS}
                    value={SORT_OPTIONS.some((o) => o.value === list.sort) ? list.sort : null}
                    onChange={(v) => applyFilters({ sort: v === DEFAULT_SORT ? null : v })}
                    allowDeselect={false}
                    style={{ flex: '1 1 170px' }}
                  />
                ) : null}
              </Group>
            </Collapse>
          ) : null}
          <Group justify="space-between" gap="sm" wrap="wrap">
            {viewControl}
            <Group gap="sm">
              {view === 'list' && data ? (
                <Text size="sm" c="dimmed" aria-live="polite">
                  {countLabel(total, 'reserva', 'reservas')} · {rangeText}
                </Text>
              ) : null}
              {hasFilters ? (
                <Button
                  variant="subtle"
                  color="gray"
                  size="compact-sm"
                  leftSection={<IconFilterOff size={16} aria-hidden />}
                  onClick={clearFilters}
                >
                  Limpiar filtros
                </Button>
              ) : null}
            </Group>
          </Group>
        </Stack>

        {view === 'calendar' ? (
          <BookingsCalendar
            mode={calMode}
            anchor={calDate}
            today={today}
            productId={filters.product_id || null}
            onModeChange={(m) => applyFilters({ cal: m === 'week' ? 'week' : null })}
            onAnchorChange={(d) => applyFilters({ cal_date: d === today ? null : d })}
            onPick={pickDeparture}
          />
        ) : (
          <>
            {query.isError && !data ? (
              <ListLoadError
                title="No se ha podido cargar la lista de reservas"
                onRetry={() => query.refetch()}
                retrying={query.isFetching}
              />
            ) : null}

            {isPhone ? (
              <Stack gap={0} aria-label="Reservas" role="list" aria-busy={query.isFetching}>
                {isFirstLoad
                  ? Array.from({ length: 5 }, (_, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
                      <Box key={i} px="md" py="sm" className={classes.card} aria-hidden>
                        <Skeleton h={16} w="60%" mb={8} />
                        <Skeleton h={12} w="80%" />
                      </Box>
                    ))
                  : items.map((b) => (
                      <Box
                        key={b.id}
                        component={Link}
                        to={editPath(b)}
                        px="md"
                        py="sm"
                        className={`${classes.card} ${classes.cardLink}`}
                        role="listitem"
                        aria-label={`${b.locator} ${b.customer_name}`}
                      >
                        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                          <Box style={{ minWidth: 0 }}>
                            <Group gap={6} wrap="nowrap">
                              <Text className={classes.locator}>{b.locator}</Text>
                              <CountryTag code={b.customer_country} />
                            </Group>
                            <Text fw={600} size="sm" truncate="end">
                              {b.customer_name}
                            </Text>
                            <Text size="xs" c="dimmed" truncate="end">
                              {[formatDay(b.date), b.time, b.product?.name, paxSummary(b.lines)]
                                .filter(Boolean)
                                .join(' · ')}
                            </Text>
                            {b.accommodation ? (
                              <Text size="xs" c="dimmed" truncate="end">
                                {b.accommodation.name}
                                {b.pickup_time ? ` · recogida ${b.pickup_time}` : ''}
                              </Text>
                            ) : null}
                            <Group gap={6} mt={6} wrap="wrap">
                              <BookingStateBadge state={b.state} />
                              <PaymentStateBadge state={b.payment_state} />
                            </Group>
                          </Box>
                          <Stack gap={0} align="flex-end" style={{ flex: 'none' }}>
                            <Text fw={700} size="sm" className={classes.num}>
                              {formatMoney(b.total_cents, b.currency)}
                            </Text>
                            {b.pending_cents > 0 ? (
                              <Text size="xs" c="red.8" className={classes.num}>
                                debe {formatMoney(b.pending_cents, b.currency)}
                              </Text>
                            ) : null}
                          </Stack>
                        </Group>
                      </Box>
                    ))}
              </Stack>
            ) : !isFirstLoad && items.length === 0 ? null : (
              <ScrollArea type="auto" offsetScrollbars="x">
                <Table
                  stickyHeader
                  highlightOnHover
                  verticalSpacing={7}
                  horizontalSpacing="xs"
                  miw={1380}
                  aria-label="Reservas"
                  aria-busy={query.isFetching}
                  className={classes.table}
                  style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <SortableTh field="locator" sort={sort} onSort={onSort} width={112}>
                        Localizador
                      </SortableTh>
                      <SortableTh field="date" sort={sort} onSort={onSort} width={128}>
                        Fecha
                      </SortableTh>
                      <Table.Th>Producto</Table.Th>
                      <SortableTh field="customer_name" sort={sort} onSort={onSort}>
                        Cliente
                      </SortableTh>
                      <Table.Th className={classes.nowrap}>Pax</Table.Th>
                      <SortableTh field="state" sort={sort} onSort={onSort} width={118}>
                        Estado
                      </SortableTh>
                      <Table.Th w={118}>Cobro</Table.Th>
                      <SortableTh field="total_cents" sort={sort} onSort={onSort} width={92}>
                        Total
                      </SortableTh>
                      <Table.Th ta="right" className={classes.nowrap}>
                        Cobrado / Pendiente
                      </Table.Th>
                      <Table.Th>Alojamiento · Recogida</Table.Th>
                      <Table.Th>Canal</Table.Th>
                      <Table.Th>Vendedor</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {isFirstLoad
                      ? Array.from({ length: 8 }, (_, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
                          <Table.Tr key={i} aria-hidden>
                            {Array.from({ length: 12 }, (_, j) => (
                              // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton cells
                              <Table.Td key={j}>
                                <Skeleton h={14} my={5} w={j === 2 || j === 3 ? '80%' : '60%'} />
                              </Table.Td>
                            ))}
                          </Table.Tr>
                        ))
                      : items.map((b) => (
                          <Table.Tr key={b.id} className={classes.row} onClick={(e) => onRowClick(e, b)}>
                            <Table.Td className={classes.stickyStart}>
                              <Anchor component={Link} to={editPath(b)} className={classes.locator} c="dark">
                                {b.locator}
                              </Anchor>
                            </Table.Td>
                            <Table.Td>
                              <DateTimeCell b={b} />
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm" lineClamp={2} miw={150} maw={200}>
                                {b.product?.name ?? '—'}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              <Group gap={6} wrap="nowrap">
                                <Text size="sm" fw={600} truncate="end" maw={170} title={b.customer_name}>
                                  {b.customer_name}
                                </Text>
                                <CountryTag code={b.customer_country} />
                              </Group>
                            </Table.Td>
                            <Table.Td className={classes.nowrap}>
                              <Tooltip label={paxLong(b.lines)} disabled={!b.lines?.length}>
                                <Text size="sm" className={classes.num}>
                                  {paxSummary(b.lines) || b.pax_total}
                                </Text>
                              </Tooltip>
                            </Table.Td>
                            <Table.Td className={classes.nowrap}>
                              <BookingStateBadge state={b.state} />
                            </Table.Td>
                            <Table.Td className={classes.nowrap}>
                              <PaymentStateBadge state={b.payment_state} />
                            </Table.Td>
                            <Table.Td ta="right">
                              <Text size="sm" fw={600} className={classes.num}>
                                {formatMoney(b.total_cents, b.currency)}
                              </Text>
                            </Table.Td>
                            <Table.Td ta="right">
                              <Stack gap={0} align="flex-end">
                                <Text size="sm" className={classes.num}>
                                  {formatMoney(netPaidCents(b), b.currency)}
                                </Text>
                                <Text size="xs" c={b.pending_cents > 0 ? 'red.8' : 'dimmed'} className={classes.num}>
                                  {b.pending_cents > 0 ? `pendiente ${formatMoney(b.pending_cents, b.currency)}` : '—'}
                                </Text>
                              </Stack>
                            </Table.Td>
                            <Table.Td>
                              {b.accommodation ? (
                                <Stack gap={0}>
                                  <Text size="sm" truncate="end" miw={120} maw={200} title={b.accommodation.name}>
                                    {b.accommodation.name}
                                  </Text>
                                  {b.pickup_time ? (
                                    <Text size="xs" c="dimmed" className={classes.num}>
                                      Recogida {b.pickup_time}
                                    </Text>
                                  ) : null}
                                </Stack>
                              ) : (
                                <Text size="sm" c="dimmed">
                                  —
                                </Text>
                              )}
                            </Table.Td>
                            <Table.Td className={classes.nowrap}>
                              <Text size="sm">{channelName(b.channel)}</Text>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm" c={b.seller ? undefined : 'dimmed'} truncate="end" maw={160}>
                                {b.seller?.full_name ?? '—'}
                              </Text>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            )}

            {!isFirstLoad && items.length === 0 && !query.isError ? emptyState : null}

            <ListFooter
              total={total}
              page={list.page}
              perPage={list.perPage}
              one="reserva"
              many="reservas"
              onPage={list.setPage}
              onPerPage={(v) => applyFilters({ per_page: v })}
            />
          </>
        )}
      </Paper>
    </>
  );
}
