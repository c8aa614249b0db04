import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { ACCESS, hasPermission, isUuid, LEVEL, type TInvoiceResponse } from '@trayecto/shared';
import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { TColumns } from '../../../components/data-table';
import { ListProvider } from '../../../components/list-context';
import { ListEmptyState, ListResults } from '../../../components/list-screen';
import { FilterSelect, ListToolbar, TourOperatorFilter } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import { RecordLink, RowActions } from '../../../components/row-actions';
import { getRoles } from '../../../lib/auth-storage';
import { viewerTimes } from '../../../lib/time-zone';
import { operatorNameMap, useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useListControls } from '../../../lib/use-list-params';
import { type TInvoicesFilters, useInvoices } from '../api/list-invoices';
import { InvoiceDrawer } from './invoice-drawer';
import {
  customerText,
  INVOICE_TYPE_OPTIONS,
  INVOICE_TYPE_SHORT,
  InvoiceTypeBadge,
  invoiceDate,
  money,
  RecordStateBadge,
} from './invoice-format';

const FILTER_KEYS = ['q', 'year', 'series', 'type', 'tour_operator_id'] as const;
const SORT_OPTIONS = [
  { value: '-issue_date', label: 'Más recientes' },
  { value: 'issue_date', label: 'Más antiguas' },
  { value: '-code', label: 'Número (descendente)' },
  { value: 'code', label: 'Número (ascendente)' },
  { value: '-total_cents', label: 'Importe (mayor primero)' },
];
const TYPES = INVOICE_TYPE_OPTIONS.map((o) => o.value);

/** This year and the four before it: invoices are kept (and asked for) by year. */
function yearOptions(thisYear: number) {
  return Array.from({ length: 5 }, (_, i) => String(thisYear - i)).map((y) => ({ value: y, label: y }));
}

/** Each year has two series: `F<year>` (invoices) and `R<year>` (corrective ones). */
function seriesOptions(year: string) {
  return [
    { value: `F${year}`, label: `F${year} · Facturas` },
    { value: `R${year}`, label: `R${year} · Rectificativas` },
  ];
}

/** The invoice open in the drawer: `?invoice=<id>` (a bookmark, the booking's page or a related invoice opens it). */
function useOpenInvoice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('invoice') ?? '';
  const id = isUuid(raw) ? raw : null;
  const shown = useRef<string | null>(id);
  if (id) shown.current = id;
  const set = (next: string | null) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next) params.set('invoice', next);
        else params.delete('invoice');
        return params;
      },
      { replace: true, preventScrollReset: true, state: { keepScroll: true } },
    );
  return { id, shown: shown.current, open: (i: string) => set(i), close: () => set(null) };
}

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Amount({ cents, currency, strong }: { cents: number; currency: string; strong?: boolean }) {
  return (
    <Text size="sm" fw={strong ? 600 : undefined} style={num} c={cents < 0 ? 'red.8' : undefined}>
      {money(cents, currency)}
    </Text>
  );
}

/**
 * /invoices «Facturas» (issue 34, levels 0, 1 and 3): every invoice the operator issued — simplified,
 * full and corrective — with its amounts and the state of its VERI*FACTU record at the AEAT; search
 * by number or customer, filter by year, series and type (the administrator also by operator). A
 * row opens the invoice in a drawer: its lines and taxes, «Descargar PDF», «Rectificar» and the
 * record's fingerprints. Invoices are issued from the booking (its «Facturas» section).
 */
export function InvoicesScreen() {
  const roles = getRoles();
  const isAdmin = roles.includes(LEVEL.ADMIN);
  const canCorrect = hasPermission(roles, ACCESS.invoices);
  const thisYear = Number(viewerTimes().today().slice(0, 4));
  const list = useListControls({ sort: '-issue_date', filterKeys: FILTER_KEYS });
  const year = /^\d{4}$/.test(list.get('year')) ? list.get('year') : '';
  const series = /^[FR]\d{4}$/.test(list.get('series')) ? list.get('series') : '';
  const filters: TInvoicesFilters = {
    q: list.get('q'),
    year,
    series,
    type: TYPES.includes(list.get('type')) ? list.get('type') : '',
    tour_operator_id: isAdmin && isUuid(list.get('tour_operator_id')) ? list.get('tour_operator_id') : '',
  };
  const query = useInvoices({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort });
  const operators = useTourOperatorSelectOptions(isAdmin);
  const operatorNames = useMemo(() => operatorNameMap(operators.data), [operators.data]);
  const drawer = useOpenInvoice();

  const codeLink = (i: TInvoiceResponse) => (
    <RecordLink onClick={() => drawer.open(i.id)}>
      <Text span fw={600} ff="monospace" size="sm">
        {i.code}
      </Text>
    </RecordLink>
  );

  const columns: TColumns<TInvoiceResponse> = [
    { key: 'code', header: 'Número', sort: 'code', nowrap: true, cell: codeLink },
    {
      key: 'issue_date',
      header: 'Fecha',
      sort: 'issue_date',
      nowrap: true,
      cell: (i) => (
        <Text size="sm" style={num}>
          {invoiceDate(i.issue_date)}
        </Text>
      ),
    },
    { key: 'type', header: 'Tipo', nowrap: true, cell: (i) => <InvoiceTypeBadge type={i.type} /> },
    {
      key: 'customer',
      header: 'Cliente',
      wide: true,
      cell: (i) => (
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" truncate="end">
            {customerText(i)}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {[i.customer.tax_id ? `NIF ${i.customer.tax_id}` : '', `Reserva ${i.booking_locator}`]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'base',
      header: 'Base',
      optional: true,
      th: { ta: 'right' },
      td: { ta: 'right' },
      cell: (i) => <Amount cents={i.base_cents} currency={i.currency} />,
    },
    {
      key: 'tax',
      header: 'Impuesto',
      optional: true,
      th: { ta: 'right' },
      td: { ta: 'right' },
      cell: (i) => <Amount cents={i.tax_cents} currency={i.currency} />,
    },
    {
      key: 'total',
      header: 'Total',
      sort: 'total_cents',
      th: { ta: 'right' },
      td: { ta: 'right' },
      cell: (i) => <Amount cents={i.total_cents} currency={i.currency} strong />,
    },
    {
      key: 'record',
      header: 'VERI*FACTU',
      label: 'Estado del registro VERI*FACTU',
      nowrap: true,
      cell: (i) => <RecordStateBadge state={i.record?.state} />,
    },
    isAdmin && {
      key: 'operator',
      header: 'Tour operador',
      optional: true,
      cell: (i) => (
        <Text size="sm" lineClamp={2}>
          {i.tour_operator?.name ?? operatorNames.get(i.tour_operator_id) ?? '—'}
        </Text>
      ),
    },
  ];

  return (
    <ListProvider list={list} columnsKey="invoices">
      <PageHeader
        title="Facturas"
        description="Las facturas emitidas y sus rectificativas, con el estado de su envío a la AEAT (VERI*FACTU). Se emiten desde la reserva."
      />
      <Paper withBorder radius="lg" shadow="xs">
        <ListToolbar label="Filtrar facturas" placeholder="Buscar por número, cliente o NIF" sortOptions={SORT_OPTIONS}>
          <FilterSelect
            param="year"
            label="Año"
            placeholder="Todos"
            data={yearOptions(thisYear)}
            flex="1 1 110px"
            onChange={(v) => list.setFilters({ year: v, series: null })}
          />
          <FilterSelect
            param="series"
            label="Serie"
            placeholder="Todas"
            data={seriesOptions(year || String(thisYear))}
            flex="1 1 170px"
            onChange={(v) => list.setFilters({ series: v, year: v ? v.slice(1) : year || null })}
          />
          <FilterSelect param="type" label="Tipo" placeholder="Todos" data={INVOICE_TYPE_OPTIONS} flex="1 1 200px" />
          {isAdmin ? <TourOperatorFilter options={operators} /> : null}
        </ListToolbar>

        <ListResults
          query={query}
          errorTitle="No se ha podido cargar la lista de facturas"
          errorMessage={query.error?.message}
          noun={['factura', 'facturas']}
          label="Facturas"
          columns={columns}
          miw={900}
          onRowClick={(i) => drawer.open(i.id)}
          actions={(i) => <RowActions target={i.code} canEdit={false} onOpen={() => drawer.open(i.id)} />}
          actionsWidth={56}
          card={(i) => (
            <>
              <Group gap={8} wrap="nowrap" justify="space-between">
                {codeLink(i)}
                <Amount cents={i.total_cents} currency={i.currency} strong />
              </Group>
              <Text size="sm" truncate="end">
                {customerText(i)}
              </Text>
              <Group gap={6} mt={4} wrap="wrap">
                <InvoiceTypeBadge type={i.type} />
                <RecordStateBadge state={i.record?.state} />
              </Group>
              <Text size="xs" c="dimmed" mt={4}>
                {[invoiceDate(i.issue_date), `Reserva ${i.booking_locator}`, isAdmin ? i.tour_operator?.name : '']
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </>
          )}
          cardLabel={(i) => `Factura ${i.code}, ${INVOICE_TYPE_SHORT[i.type]}`}
          empty={
            <ListEmptyState
              icon={<IconFileInvoice size={28} />}
              filteredTitle="Ninguna factura coincide con los filtros"
              title="Aún no hay facturas"
              description="Las facturas se emiten desde una reserva pagada: ábrela y, en «Facturas», emite la simplificada o la completa con los datos fiscales del cliente."
            />
          }
        />
      </Paper>

      <InvoiceDrawer
        invoiceId={drawer.shown}
        opened={Boolean(drawer.id)}
        canCorrect={canCorrect}
        onClose={drawer.close}
        onOpen={drawer.open}
      />
    </ListProvider>
  );
}
