import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  EmptyState,
  Group,
  Pagination,
  Paper,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconBus,
  IconDownload,
  IconFilterOff,
  IconMap2,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { PRODUCT_STATE_NAMES, PRODUCT_STATES, pathTo } from '@trayecto/shared';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatSort, nextSort, parseSort, SortableTh } from '../../../components/sortable-th';
import { getRoles } from '../../../lib/auth-storage';
import { downloadCsv, todayStamp } from '../../../lib/csv';
import { countLabel } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { useDeleteProduct } from '../api/delete-product';
import { fetchAllProducts, productsToCsv } from '../api/export-products';
import { type TProductListItem, type TProductsFilters, useProducts } from '../api/list-products';
import { useProductOperatorOptions } from '../api/list-tour-operator-options';
import { productAccess } from '../utils/product-access';
import { formatDuration, formatLanguages, formatPrice } from '../utils/product-format';
import { ProductStateBadge } from './product-state-badge';
import classes from './products-screen.module.css';

const FILTER_KEYS = ['q', 'state', 'pickup_enabled', 'tour_operator_id'] as const;
const DEFAULT_SORT = 'name';
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

/** /products: the tours of the operator with filters, search, sorting and paging in the URL. */
export function ProductsScreen() {
  const access = productAccess(getRoles());
  const { isAdmin, canEditAll } = access;
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const navigate = useNavigate();

  const list = useListParams({ sort: DEFAULT_SORT });
  const filters: TProductsFilters = {
    q: list.get('q'),
    // A seller only ever sees what is on sale (PRODUCT §3 "read active").
    state: access.activeOnly ? 'active' : list.get('state'),
    pickup_enabled: list.get('pickup_enabled'),
    tour_operator_id: isAdmin ? list.get('tour_operator_id') : '',
  };
  const sort = parseSort(list.sort);
  const params = { ...filters, page: list.page, per_page: list.perPage, sort: list.sort };
  const productsQuery = useProducts(params);
  const operators = useProductOperatorOptions(isAdmin);
  const deleteMutation = useDeleteProduct();
  const [exporting, setExporting] = useState(false);

  const [search, setSearch] = useState(filters.q ?? '');
  const searchRef = useRef<HTMLInputElement>(null);
  const pushSearch = useDebouncedCallback((q: string) => list.setFilters({ q: q.trim() }), 350);
  useEffect(() => {
    if (document.activeElement !== searchRef.current) setSearch(filters.q ?? '');
  }, [filters.q]);

  const data = productsQuery.data;
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / list.perPage));
  const filterKeys = FILTER_KEYS.filter((k) => !(access.activeOnly && k === 'state'));
  const hasFilters = filterKeys.some((k) => list.get(k) !== '');
  const isFirstLoad = productsQuery.isLoading && !data;
  const failed = productsQuery.isError && !data;

  useEffect(() => {
    if (data && list.page > totalPages) list.setPage(totalPages);
  }, [data, list.page, list.setPage, totalPages]);

  const onSort = (field: string) => list.setFilters({ sort: formatSort(nextSort(sort, field)) });
  const editPath = (p: TProductListItem) => pathTo('productEdit', { id: p.id });
  const clearFilters = () => {
    setSearch('');
    list.clear([...filterKeys]);
  };

  /** Row click opens the product, unless the click was on a link or button of the row. */
  const onRowClick = (e: MouseEvent<HTMLTableRowElement>, p: TProductListItem) => {
    if ((e.target as HTMLElement).closest('a, button, input, [role="menuitem"]')) return;
    if (e.metaKey || e.ctrlKey) window.open(editPath(p), '_blank', 'noopener');
    else navigate(editPath(p));
  };

  const confirmDelete = (p: TProductListItem) =>
    modals.openConfirmModal({
      title: 'Eliminar producto',
      centered: true,
      children: (
        <Text size="sm">
          ¿Seguro que quieres eliminar <b>{p.name}</b> ({p.code})? Dejará de venderse y de aparecer en la web. Las
          reservas que ya lo usan se conservan.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} /> },
      onConfirm: () =>
        deleteMutation.mutate(p.id, {
          onSuccess: () => notifySuccess('Producto eliminado', `${p.name} ya no está a la venta.`),
          onError: (error) => notifyError('No se ha podido eliminar', error.message),
        }),
    });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllProducts(filters, list.sort);
      downloadCsv(`productos-${todayStamp()}.csv`, productsToCsv(rows, isAdmin));
      notifySuccess('Exportación lista', `${countLabel(rows.length, 'producto exportado', 'productos exportados')}.`);
    } catch {
      notifyError('No se ha podido exportar', 'Inténtalo de nuevo en unos instantes.');
    } finally {
      setExporting(false);
    }
  };

  const colCount = 8 + (isAdmin ? 1 : 0) + (canEditAll ? 1 : 0);
  const from = total === 0 ? 0 : (list.page - 1) * list.perPage + 1;
  const to = Math.min(total, list.page * list.perPage);

  return (
    <>
      <PageHeader
        title="Productos"
        description={
          access.activeOnly
            ? 'Las excursiones a la venta, con sus precios y horarios.'
            : 'Las excursiones que vendes, con sus tarifas, horarios y recogidas.'
        }
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
              onClick={exportCsv}
              loading={exporting}
              disabled={isFirstLoad}
            >
              Exportar CSV
            </Button>
            {canEditAll ? (
              <Button component={Link} to={pathTo('productCreate')} leftSection={<IconPlus size={18} aria-hidden />}>
                Nuevo producto
              </Button>
            ) : null}
          </>
        }
      />

      <Paper withBorder radius="lg" shadow="xs">
        <Group p="md" gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filtrar productos">
          <TextInput
            ref={searchRef}
            label="Buscar"
            placeholder="Buscar por nombre o código"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              pushSearch(e.currentTarget.value);
            }}
            style={{ flex: '2 1 240px' }}
            type="search"
          />
          {access.activeOnly ? null : (
            <Select
              label="Estado"
              placeholder="Todos"
              data={STATE_OPTIONS}
              value={filters.state || null}
              onChange={(v) => list.setFilters({ state: v })}
              clearable
              allowDeselect
              style={{ flex: '1 1 140px' }}
            />
          )}
          <Select
            label="Recogida"
            placeholder="Todas"
            data={PICKUP_OPTIONS}
            value={filters.pickup_enabled || null}
            onChange={(v) => list.setFilters({ pickup_enabled: v })}
            clearable
            allowDeselect
            style={{ flex: '1 1 150px' }}
          />
          {isAdmin ? (
            <Select
              label="Tour operador"
              placeholder={operators.isLoading ? 'Cargando…' : 'Todos'}
              data={operators.data ?? []}
              value={filters.tour_operator_id || null}
              onChange={(v) => list.setFilters({ tour_operator_id: v })}
              searchable
              clearable
              allowDeselect
              nothingFoundMessage="Ningún tour operador coincide"
              style={{ flex: '1 1 200px' }}
            />
          ) : null}
          {isPhone ? (
            <Select
              label="Ordenar por"
              data={SORT_OPTIONS}
              value={SORT_OPTIONS.some((o) => o.value === list.sort) ? list.sort : null}
              onChange={(v) => list.setFilters({ sort: v === DEFAULT_SORT ? null : v })}
              allowDeselect={false}
              style={{ flex: '1 1 170px' }}
            />
          ) : null}
          {hasFilters ? (
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={clearFilters}
            >
              Limpiar filtros
            </Button>
          ) : null}
        </Group>

        {failed ? (
          <Alert
            mx="md"
            mb="md"
            color="red"
            variant="light"
            title="No se ha podido cargar la lista de productos"
            role="alert"
          >
            <Group justify="space-between" gap="sm">
              <Text size="sm">{productsQuery.error?.message ?? 'Comprueba tu conexión e inténtalo de nuevo.'}</Text>
              <Button
                size="xs"
                variant="white"
                color="red"
                leftSection={<IconRefresh size={14} />}
                onClick={() => productsQuery.refetch()}
                loading={productsQuery.isFetching}
              >
                Reintentar
              </Button>
            </Group>
          </Alert>
        ) : null}

        {isPhone ? (
          <Stack gap={0} aria-label="Productos" role="list" aria-busy={productsQuery.isFetching}>
            {isFirstLoad
              ? Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
                  <Box key={i} px="md" py="sm" className={classes.card} aria-hidden>
                    <Skeleton h={16} w="60%" mb={8} />
                    <Skeleton h={12} w="80%" />
                  </Box>
                ))
              : items.map((p) => (
                  <Box
                    key={p.id}
                    component={Link}
                    to={editPath(p)}
                    px="md"
                    py="sm"
                    className={`${classes.card} ${classes.cardLink}`}
                    role="listitem"
                  >
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                      <Box style={{ minWidth: 0 }}>
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
                            {(p.languages ?? []).map((l) => l.toUpperCase()).join(' · ')}
                          </Text>
                        </Group>
                        {isAdmin && p.tour_operator ? (
                          <Text size="xs" c="dimmed" mt={4}>
                            {p.tour_operator.name}
                          </Text>
                        ) : null}
                      </Box>
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
                    </Group>
                  </Box>
                ))}
          </Stack>
        ) : (
          <ScrollArea type="auto" offsetScrollbars="x">
            <Table
              stickyHeader
              highlightOnHover
              verticalSpacing={8}
              horizontalSpacing="xs"
              miw={isAdmin ? 1000 : 860}
              aria-label="Productos"
              aria-busy={productsQuery.isFetching}
              className={classes.table}
              style={{ opacity: productsQuery.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            >
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="code" sort={sort} onSort={onSort} width={96}>
                    Código
                  </SortableTh>
                  <SortableTh field="name" sort={sort} onSort={onSort}>
                    Nombre
                  </SortableTh>
                  <SortableTh field="state" sort={sort} onSort={onSort} width={124}>
                    Estado
                  </SortableTh>
                  <Table.Th className={classes.nowrap}>Duración</Table.Th>
                  <SortableTh field="capacity" sort={sort} onSort={onSort}>
                    Plazas
                  </SortableTh>
                  <Table.Th ta="right">Desde</Table.Th>
                  <Table.Th>Idiomas</Table.Th>
                  <Table.Th>Recogida</Table.Th>
                  {isAdmin ? <Table.Th className={classes.nowrap}>Tour operador</Table.Th> : null}
                  {canEditAll ? (
                    <Table.Th w={84} className={classes.sticky}>
                      <VisuallyHidden>Acciones</VisuallyHidden>
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {isFirstLoad
                  ? Array.from({ length: 8 }, (_, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
                      <Table.Tr key={i} aria-hidden>
                        {Array.from({ length: colCount }, (_, j) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton cells
                          <Table.Td key={j}>
                            <Skeleton h={14} my={5} w={j === 1 ? '80%' : '60%'} />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))
                  : items.map((p) => (
                      <Table.Tr key={p.id} className={classes.row} onClick={(e) => onRowClick(e, p)}>
                        <Table.Td className={classes.nowrap}>
                          <Text size="sm" ff="monospace" c="dimmed">
                            {p.code}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Anchor component={Link} to={editPath(p)} fw={600} size="sm" c="dark">
                            {p.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td className={classes.nowrap}>
                          <ProductStateBadge state={p.state} />
                        </Table.Td>
                        <Table.Td className={classes.nowrap}>
                          <Text size="sm">{formatDuration(p.duration_minutes) || '—'}</Text>
                        </Table.Td>
                        <Table.Td className={classes.nowrap}>
                          <Text size="sm">{p.capacity.toLocaleString('es-ES')}</Text>
                        </Table.Td>
                        <Table.Td className={classes.nowrap} ta="right">
                          <Text size="sm" fw={p.from_price_cents === null ? undefined : 600}>
                            {formatPrice(p.from_price_cents, p.currency) || '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Tooltip label={formatLanguages(p.languages)} disabled={!p.languages?.length}>
                            <Text size="sm" c="dimmed" className={classes.nowrap}>
                              {(p.languages ?? []).map((l) => l.toUpperCase()).join(' · ') || '—'}
                            </Text>
                          </Tooltip>
                        </Table.Td>
                        <Table.Td>
                          {p.pickup_enabled ? (
                            <Badge variant="light" color="blue" radius="sm">
                              Sí
                            </Badge>
                          ) : (
                            <Text size="sm" c="dimmed">
                              No
                            </Text>
                          )}
                        </Table.Td>
                        {isAdmin ? (
                          <Table.Td>
                            <Text size="sm">{p.tour_operator?.name ?? '—'}</Text>
                          </Table.Td>
                        ) : null}
                        {canEditAll ? (
                          <Table.Td className={classes.sticky}>
                            <Group gap={4} wrap="nowrap" justify="flex-end">
                              <Tooltip label="Editar">
                                <ActionIcon
                                  component={Link}
                                  to={editPath(p)}
                                  variant="subtle"
                                  color="gray"
                                  size="lg"
                                  aria-label={`Editar ${p.name}`}
                                >
                                  <IconPencil size={18} />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label="Eliminar">
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  size="lg"
                                  aria-label={`Eliminar ${p.name}`}
                                  onClick={() => confirmDelete(p)}
                                >
                                  <IconTrash size={18} />
                                </ActionIcon>
                              </Tooltip>
                            </Group>
                          </Table.Td>
                        ) : null}
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}

        {!isFirstLoad && items.length === 0 && !failed ? (
          <EmptyState
            py={48}
            px="md"
            variant="light"
            icon={<IconMap2 size={28} />}
            title={
              hasFilters
                ? 'Ningún producto coincide con los filtros'
                : access.activeOnly
                  ? 'No hay excursiones a la venta'
                  : 'Aún no hay productos'
            }
            description={
              hasFilters
                ? 'Prueba con otra búsqueda o quita algún filtro.'
                : canEditAll
                  ? 'Crea la primera excursión con sus tarifas y horarios para empezar a vender.'
                  : 'Cuando tu empresa publique excursiones, aparecerán aquí.'
            }
          >
            <EmptyState.Actions>
              {hasFilters ? (
                <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={clearFilters}>
                  Limpiar filtros
                </Button>
              ) : canEditAll ? (
                <Button component={Link} to={pathTo('productCreate')} leftSection={<IconPlus size={16} />}>
                  Nuevo producto
                </Button>
              ) : null}
            </EmptyState.Actions>
          </EmptyState>
        ) : null}

        {total > 0 ? (
          <Group
            justify="space-between"
            p="md"
            gap="sm"
            wrap="wrap"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Text size="sm" c="dimmed" aria-live="polite">
              {from.toLocaleString('es-ES')}–{to.toLocaleString('es-ES')} de{' '}
              {countLabel(total, 'producto', 'productos')}
            </Text>
            <Group gap="sm">
              <Select
                aria-label="Filas por página"
                data={[
                  { value: '25', label: '25 por página' },
                  { value: '50', label: '50 por página' },
                  { value: '100', label: '100 por página' },
                ]}
                value={String(list.perPage)}
                onChange={(v) => list.setFilters({ per_page: v === '50' ? null : v })}
                w={150}
                size="xs"
              />
              {totalPages > 1 ? (
                <Pagination
                  total={totalPages}
                  value={Math.min(list.page, totalPages)}
                  onChange={list.setPage}
                  size="sm"
                  getControlProps={(control) => ({
                    'aria-label':
                      control === 'previous' ? 'Página anterior' : control === 'next' ? 'Página siguiente' : control,
                  })}
                  getItemProps={(page) => ({ 'aria-label': `Página ${page}` })}
                />
              ) : null}
            </Group>
          </Group>
        ) : null}
      </Paper>
    </>
  );
}
