import { Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBus, IconMap2 } from '@tabler/icons-react';
import { apiPath, PRODUCT_STATE_NAMES, PRODUCT_STATES, pathTo } from '@trayecto/shared';
import { Link } from 'react-router';
import type { TColumns } from '../../../components/data-table';
import { useDeleteConfirm } from '../../../components/delete-confirm';
import { ListEmptyState, ListResults, ListScreen } from '../../../components/list-screen';
import { FilterSelect, ListToolbar, TourOperatorFilter } from '../../../components/list-toolbar';
import { RowActions } from '../../../components/row-actions';
import { getRoles } from '../../../lib/auth-storage';
import { countLabel } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useCsvExport } from '../../../lib/use-csv-export';
import { useListControls } from '../../../lib/use-list-params';
import { useDeleteProduct } from '../api/delete-product';
import {
  productsListQueryString,
  type TProductListItem,
  type TProductsFilters,
  useProducts,
} from '../api/list-products';
import { productAccess } from '../utils/product-access';
import { formatDuration, formatLanguages, formatPrice } from '../utils/product-format';
import { ProductStateBadge } from './product-state-badge';

const FILTER_KEYS = ['q', 'state', 'pickup_enabled', 'tour_operator_id'] as const;
const SORT_OPTIONS = [
  { value: 'name', label: 'Nombre (A–Z)' },
  { value: '-name', label: 'Nombre (Z–A)' },
  { value: 'code', label: 'Código' },
  { value: '-created_at', label: 'Más recientes' },
  { value: '-capacity', label: 'Más plazas' },
];
const STATE_OPTIONS = PRODUCT_STATES.map((s) => ({ value: s, label: PRODUCT_STATE_NAMES[s] }));
const PICKUP_OPTIONS = [
  { value: 'true', label: 'Con recogida' },
  { value: 'false', label: 'Sin recogida' },
];

const editPath = (p: TProductListItem) => pathTo('productEdit', { id: p.id });
const languagesText = (p: TProductListItem) => (p.languages ?? []).map((l) => l.toUpperCase()).join(' · ');

/** /products: the tours of the operator with filters, search, sorting and paging in the URL. */
export function ProductsScreen() {
  const access = productAccess(getRoles());
  const { isAdmin, canEditAll } = access;

  // A seller only ever sees what is on sale (PRODUCT §3 "read active"): no state filter.
  const filterKeys = FILTER_KEYS.filter((k) => !(access.activeOnly && k === 'state'));
  const list = useListControls({ sort: 'name', filterKeys });
  const filters: TProductsFilters = {
    q: list.get('q'),
    state: access.activeOnly ? 'active' : list.get('state'),
    pickup_enabled: list.get('pickup_enabled'),
    tour_operator_id: isAdmin ? list.get('tour_operator_id') : '',
  };
  const query = useProducts({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort });
  const operators = useTourOperatorSelectOptions(isAdmin);

  const csv = useCsvExport({
    name: 'productos',
    path: apiPath('productsExport'),
    query: productsListQueryString({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort }),
    exported: ['producto exportado', 'productos exportados'],
  });

  const confirmDelete = useDeleteConfirm(useDeleteProduct(), {
    title: 'Eliminar producto',
    message: (p: TProductListItem) => (
      <>
        ¿Seguro que quieres eliminar <b>{p.name}</b> ({p.code})? Dejará de venderse y de aparecer en la web. Las
        reservas que ya lo usan se conservan.
      </>
    ),
    onDeleted: (p) => notifySuccess('Producto eliminado', `${p.name} ya no está a la venta.`),
  });

  const create = canEditAll ? { label: 'Nuevo producto', to: pathTo('productCreate') } : null;

  const columns: TColumns<TProductListItem> = [
    {
      key: 'code',
      header: 'Código',
      sort: 'code',
      width: 96,
      // A long code (up to 30 characters) wraps inside its column instead of widening the table.
      cell: (p) => (
        <Text size="sm" ff="monospace" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {p.code}
        </Text>
      ),
    },
    {
      key: 'name',
      header: 'Nombre',
      sort: 'name',
      wide: true,
      width: 180,
      cell: (p) => (
        <Anchor component={Link} to={editPath(p)} fw={600} size="sm" c="dark">
          {p.name}
        </Anchor>
      ),
    },
    {
      key: 'state',
      header: 'Estado',
      sort: 'state',
      width: 124,
      nowrap: true,
      cell: (p) => <ProductStateBadge state={p.state} />,
    },
    {
      key: 'duration',
      header: 'Duración',
      optional: true,
      nowrap: true,
      cell: (p) => <Text size="sm">{formatDuration(p.duration_minutes) || '—'}</Text>,
    },
    {
      key: 'capacity',
      header: 'Plazas',
      sort: 'capacity',
      nowrap: true,
      cell: (p) => <Text size="sm">{p.capacity.toLocaleString('es-ES')}</Text>,
    },
    {
      key: 'price',
      header: 'Desde',
      th: { ta: 'right' },
      td: { ta: 'right' },
      nowrap: true,
      cell: (p) => (
        <Text size="sm" fw={p.from_price_cents === null ? undefined : 600}>
          {formatPrice(p.from_price_cents, p.currency) || '—'}
        </Text>
      ),
    },
    {
      key: 'languages',
      header: 'Idiomas',
      optional: true,
      cell: (p) => (
        <Tooltip label={formatLanguages(p.languages)} disabled={!p.languages?.length}>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {languagesText(p) || '—'}
          </Text>
        </Tooltip>
      ),
    },
    {
      key: 'pickup',
      header: 'Recogida',
      optional: true,
      cell: (p) =>
        p.pickup_enabled ? (
          <Badge variant="light" color="blue" radius="sm">
            Sí
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            No
          </Text>
        ),
    },
    isAdmin && {
      key: 'operator',
      header: 'Tour operador',
      optional: true,
      th: { style: { whiteSpace: 'nowrap' } },
      cell: (p) => (
        <Text size="sm" lineClamp={2}>
          {p.tour_operator?.name ?? '—'}
        </Text>
      ),
    },
  ];

  return (
    <ListScreen
      columnsKey="products"
      list={list}
      title="Productos"
      description={
        access.activeOnly
          ? 'Las excursiones a la venta, con sus precios y horarios.'
          : 'Las excursiones que vendes, con sus tarifas, horarios y recogidas.'
      }
      csv={csv}
      query={query}
      create={create}
    >
      <ListToolbar label="Filtrar productos" placeholder="Buscar por nombre o código" sortOptions={SORT_OPTIONS}>
        {access.activeOnly ? null : (
          <FilterSelect param="state" label="Estado" placeholder="Todos" data={STATE_OPTIONS} flex="1 1 140px" />
        )}
        <FilterSelect
          param="pickup_enabled"
          label="Recogida"
          placeholder="Todas"
          data={PICKUP_OPTIONS}
          flex="1 1 150px"
        />
        {isAdmin ? <TourOperatorFilter options={operators} /> : null}
      </ListToolbar>

      <ListResults
        query={query}
        failed={query.isError && !query.data}
        errorTitle="No se ha podido cargar la lista de productos"
        errorMessage={query.error?.message}
        noun={['producto', 'productos']}
        label="Productos"
        columns={columns}
        miw={820}
        href={editPath}
        actions={
          canEditAll
            ? (p) => <RowActions target={p.name} openTo={editPath(p)} onDelete={() => confirmDelete(p)} />
            : undefined
        }
        card={(p) => (
          <>
            <Text fw={600} size="sm" truncate="end">
              {p.name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {[p.code, formatDuration(p.duration_minutes), countLabel(p.capacity, 'plaza', 'plazas')]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <Group gap={6} mt={6} wrap="wrap">
              <ProductStateBadge state={p.state} />
              {p.pickup_enabled ? (
                <Badge variant="light" color="blue" radius="sm" leftSection={<IconBus size={12} />}>
                  Recogida
                </Badge>
              ) : null}
              <Text size="xs" c="dimmed">
                {languagesText(p)}
              </Text>
            </Group>
            {isAdmin && p.tour_operator ? (
              <Text size="xs" c="dimmed" mt={4}>
                {p.tour_operator.name}
              </Text>
            ) : null}
          </>
        )}
        cardAside={(p) => (
          <Stack gap={0} align="flex-end" style={{ flex: 'none' }}>
            {p.from_price_cents !== null && p.from_price_cents !== undefined ? (
              <>
                <Text size="xs" c="dimmed">
                  desde
                </Text>
                <Text fw={700} size="sm">
                  {formatPrice(p.from_price_cents, p.currency)}
                </Text>
              </>
            ) : (
              <Text size="xs" c="dimmed">
                Sin tarifa
              </Text>
            )}
          </Stack>
        )}
        empty={
          <ListEmptyState
            icon={<IconMap2 size={28} />}
            filteredTitle="Ningún producto coincide con los filtros"
            title={access.activeOnly ? 'No hay excursiones a la venta' : 'Aún no hay productos'}
            description={
              canEditAll
                ? 'Crea la primera excursión con sus tarifas y horarios para empezar a vender.'
                : 'Cuando tu empresa publique excursiones, aparecerán aquí.'
            }
            create={create}
          />
        }
      />
    </ListScreen>
  );
}
