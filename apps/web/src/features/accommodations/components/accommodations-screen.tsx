import {
  ActionIcon,
  Anchor,
  Box,
  Button,
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
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconBuildingSkyscraper,
  IconCornerDownRight,
  IconDownload,
  IconEye,
  IconFileImport,
  IconFilterOff,
  IconList,
  IconMap,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import type { TAccommodationResponse } from '@trayecto/shared';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { ListFooter, ListLoadError } from '../../../components/list-footer';
import { PageHeader } from '../../../components/page-header';
import { formatSort, nextSort, parseSort, SortableTh } from '../../../components/sortable-th';
import { StateBadge } from '../../../components/state-badge';
import { getRoles } from '../../../lib/auth-storage';
import { downloadCsv, todayStamp } from '../../../lib/csv';
import { countLabel } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { operatorNameMap, useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { type TListPatch, useListParams } from '../../../lib/use-list-params';
import { useDeleteAccommodation } from '../api/delete-accommodation';
import { accommodationsToCsv, accommodationTypeName } from '../api/export-accommodations';
import { useAccommodationZones } from '../api/list-accommodation-zones';
import {
  fetchAllAccommodations,
  type TAccommodationsFilters,
  useAccommodations,
  useAccommodationsMap,
} from '../api/list-accommodations';
import { accommodationAccess, canEditAccommodation } from './accommodation-access';
import { SharedBadge } from './accommodation-badges';
import { AccommodationFormDrawer } from './accommodation-form-drawer';
import { ACCOMMODATION_STATE_OPTIONS, ACCOMMODATION_TYPE_OPTIONS } from './accommodation-form-values';
import { AccommodationImportModal } from './accommodation-import-modal';
import classes from './accommodations-screen.module.css';

const AccommodationsMapView = lazy(() => import('./accommodations-map-view'));

const FILTER_KEYS = ['q', 'type', 'zone', 'state', 'shared', 'tour_operator_id'] as const;
const DEFAULT_SORT = 'name';
const SORT_OPTIONS = [
  { value: 'name', label: 'Nombre (A–Z)' },
  { value: '-name', label: 'Nombre (Z–A)' },
  { value: 'zone', label: 'Zona' },
  { value: 'type', label: 'Tipo' },
  { value: '-created_at', label: 'Más recientes' },
];

type TView = 'list' | 'map';

/**
 * /resources/accommodations: hotels, apartments and meeting points where customers are picked up,
 * the operator's own and the administrator's shared catalogue, as a list or on a map.
 */
export function AccommodationsScreen() {
  const roles = getRoles();
  const access = accommodationAccess(roles);
  const { canWrite, isAdmin } = access;
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;

  const list = useListParams({ sort: DEFAULT_SORT });
  const view: TView = list.get('view') === 'map' ? 'map' : 'list';
  const filters: TAccommodationsFilters = {
    q: list.get('q'),
    type: list.get('type'),
    zone: list.get('zone'),
    state: list.get('state'),
    shared: list.get('shared'),
    tour_operator_id: isAdmin ? list.get('tour_operator_id') : '',
  };
  const sort = parseSort(list.sort);
  const query = useAccommodations(
    { ...filters, page: list.page, per_page: list.perPage, sort: list.sort },
    view === 'list',
  );
  const mapQuery = useAccommodationsMap(filters, view === 'map');
  const zones = useAccommodationZones(isAdmin && filters.tour_operator_id ? filters.tour_operator_id : undefined);
  const operators = useTourOperatorSelectOptions(isAdmin);
  const operatorNames = useMemo(() => operatorNameMap(operators.data), [operators.data]);
  const deleteMutation = useDeleteAccommodation();

  const [drawer, setDrawer] = useState<{ opened: boolean; row: TAccommodationResponse | null }>({
    opened: false,
    row: null,
  });
  const [importOpened, setImportOpened] = useState(false);
  const [exporting, setExporting] = useState(false);

  const [search, setSearch] = useState(filters.q ?? '');
  const searchRef = useRef<HTMLInputElement>(null);
  const pushSearch = useDebouncedCallback((q: string) => list.setFilters({ q: q.trim() }), 350);
  useEffect(() => {
    if (document.activeElement !== searchRef.current) setSearch(filters.q ?? '');
  }, [filters.q]);

  /**
   * Any other list change carries the search box's text and drops a pending search push, so a
   * filter picked while the debounce is running is never overwritten by it.
   */
  const applyFilters = (patch: TListPatch) => {
    pushSearch.cancel();
    list.setFilters({ q: search.trim(), ...patch });
  };

  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / list.perPage));
  const hasFilters = FILTER_KEYS.some((k) => list.get(k) !== '');
  const isFirstLoad = query.isLoading && !query.data;

  useEffect(() => {
    if (view === 'list' && query.data && list.page > totalPages) list.setPage(totalPages);
  }, [view, query.data, list.page, list.setPage, totalPages]);

  const canEdit = (row: TAccommodationResponse) => canEditAccommodation(access, row);
  const onSort = (field: string) => applyFilters({ sort: formatSort(nextSort(sort, field)) });
  const open = (row: TAccommodationResponse | null) => setDrawer({ opened: true, row });
  const clearFilters = () => {
    pushSearch.cancel();
    setSearch('');
    list.clear([...FILTER_KEYS]);
  };

  // A zone filter that is not in the (new) zone list would show nothing; keep it selectable.
  const zoneOptions = useMemo(() => {
    const z = zones.data ?? [];
    return filters.zone && !z.includes(filters.zone) ? [filters.zone, ...z] : z;
  }, [zones.data, filters.zone]);

  const confirmDelete = (a: TAccommodationResponse) =>
    modals.openConfirmModal({
      title: 'Eliminar alojamiento',
      centered: true,
      children: (
        <Text size="sm">
          ¿Seguro que quieres eliminar <b>{a.name}</b>
          {a.zone ? ` (${a.zone})` : ''}? Dejará de ofrecerse para las recogidas; las reservas que ya lo usan lo
          conservan.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} /> },
      onConfirm: () =>
        deleteMutation.mutate(a.id, {
          onSuccess: () => notifySuccess('Alojamiento eliminado', a.name),
          onError: (e) => notifyError('No se ha podido eliminar', e.message),
        }),
    });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { items: rows } = await fetchAllAccommodations(filters, list.sort);
      downloadCsv(
        `alojamientos-${todayStamp()}.csv`,
        accommodationsToCsv(rows, isAdmin ? (id) => operatorNames.get(id) : undefined),
      );
      notifySuccess(
        'Exportación lista',
        `${countLabel(rows.length, 'alojamiento exportado', 'alojamientos exportados')}.`,
      );
    } catch {
      notifyError('No se ha podido exportar', 'Inténtalo de nuevo en unos instantes.');
    } finally {
      setExporting(false);
    }
  };

  const rowActions = (a: TAccommodationResponse) =>
    canEdit(a) ? (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Tooltip label="Editar">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Editar ${a.name}`} onClick={() => open(a)}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Eliminar">
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Eliminar ${a.name}`}
            onClick={() => confirmDelete(a)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    ) : (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Tooltip label="Ver">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Ver ${a.name}`} onClick={() => open(a)}>
            <IconEye size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );

  const pickupTarget = (a: TAccommodationResponse) =>
    a.pickup_at ? (
      <span className={classes.pickupTarget}>
        <IconCornerDownRight size={14} aria-hidden />
        <Text size="sm" span>
          {a.pickup_at.name}
        </Text>
      </span>
    ) : (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );

  const colCount = 8 + (isAdmin ? 1 : 0);
  const isShared = (a: TAccommodationResponse) => a.shared || a.tour_operator_id === null;

  return (
    <>
      <PageHeader
        title="Alojamientos"
        description="Hoteles, apartamentos y puntos de encuentro donde se recoge a los clientes."
        actions={
          <>
            {canWrite ? (
              <Button
                variant="default"
                leftSection={<IconFileImport size={18} aria-hidden />}
                onClick={() => setImportOpened(true)}
              >
                Importar CSV
              </Button>
            ) : null}
            <Button
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
              onClick={exportCsv}
              loading={exporting}
            >
              Exportar CSV
            </Button>
            {canWrite ? (
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open(null)}>
                Nuevo alojamiento
              </Button>
            ) : null}
          </>
        }
      />

      <Paper withBorder radius="lg" shadow="xs">
        <Group p="md" gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filtrar alojamientos">
          <TextInput
            ref={searchRef}
            label="Buscar"
            placeholder="Nombre, dirección o zona"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              pushSearch(e.currentTarget.value);
            }}
            style={{ flex: '2 1 220px' }}
            type="search"
          />
          <Select
            label="Tipo"
            placeholder="Todos"
            data={ACCOMMODATION_TYPE_OPTIONS}
            value={filters.type || null}
            onChange={(v) => applyFilters({ type: v })}
            clearable
            style={{ flex: '1 1 150px' }}
          />
          <Select
            label="Zona"
            placeholder={zones.isLoading ? 'Cargando…' : 'Todas'}
            data={zoneOptions}
            value={filters.zone || null}
            onChange={(v) => applyFilters({ zone: v })}
            searchable
            clearable
            nothingFoundMessage="Ninguna zona coincide"
            style={{ flex: '1 1 160px' }}
          />
          <Select
            label="Estado"
            placeholder="Todos"
            data={ACCOMMODATION_STATE_OPTIONS}
            value={filters.state || null}
            onChange={(v) => applyFilters({ state: v })}
            clearable
            style={{ flex: '1 1 120px' }}
          />
          <Select
            label="Catálogo compartido"
            placeholder="Todos"
            data={[
              { value: 'true', label: 'Solo compartidos' },
              { value: 'false', label: isAdmin ? 'Solo de tour operadores' : 'Solo propios' },
            ]}
            value={filters.shared || null}
            onChange={(v) => applyFilters({ shared: v })}
            clearable
            style={{ flex: '1 1 170px' }}
          />
          {isAdmin ? (
            <Select
              label="Tour operador"
              placeholder={operators.isLoading ? 'Cargando…' : 'Todos'}
              data={operators.data ?? []}
              value={filters.tour_operator_id || null}
              onChange={(v) => applyFilters({ tour_operator_id: v, zone: null })}
              searchable
              clearable
              nothingFoundMessage="Ningún tour operador coincide"
              style={{ flex: '1 1 190px' }}
            />
          ) : null}
          {isPhone && view === 'list' ? (
            <Select
              label="Ordenar por"
              data={SORT_OPTIONS}
              value={SORT_OPTIONS.some((o) => o.value === list.sort) ? list.sort : null}
              onChange={(v) => applyFilters({ sort: v === DEFAULT_SORT ? null : v })}
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

        <Group px="md" pb="md" justify="space-between" gap="sm">
          <SegmentedControl
            aria-label="Vista"
            value={view}
            onChange={(v) => applyFilters({ view: v === 'map' ? 'map' : null })}
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
                value: 'map',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconMap size={16} aria-hidden />
                    <span>Mapa</span>
                  </Group>
                ),
              },
            ]}
          />
        </Group>

        {(view === 'list' ? query.isError : mapQuery.isError) ? (
          <ListLoadError
            title="No se ha podido cargar la lista de alojamientos"
            onRetry={() => (view === 'list' ? query.refetch() : mapQuery.refetch())}
            retrying={view === 'list' ? query.isFetching : mapQuery.isFetching}
          />
        ) : null}

        {view === 'map' ? (
          <Suspense fallback={<Skeleton h={isPhone ? 360 : 560} mx="md" mb="md" radius="md" />}>
            <AccommodationsMapView
              rows={mapQuery.data?.items ?? []}
              total={mapQuery.data?.total ?? 0}
              loading={mapQuery.isLoading}
              isPhone={isPhone}
              canEdit={canEdit}
              onOpen={open}
            />
          </Suspense>
        ) : isPhone ? (
          <Stack gap={0} aria-label="Alojamientos" role="list" aria-busy={query.isFetching}>
            {isFirstLoad
              ? Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
                  <Box key={i} px="md" py="sm" className={classes.card} aria-hidden>
                    <Skeleton h={16} w="60%" mb={8} />
                    <Skeleton h={12} w="80%" />
                  </Box>
                ))
              : items.map((a) => (
                  <Box key={a.id} px="md" py="sm" className={classes.card} role="listitem">
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                      <Box style={{ minWidth: 0 }}>
                        <Anchor
                          component="button"
                          type="button"
                          fw={600}
                          size="sm"
                          c="dark"
                          ta="left"
                          onClick={() => open(a)}
                        >
                          {a.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {[accommodationTypeName(a.type), a.zone].filter(Boolean).join(' · ')}
                        </Text>
                        <Group gap={6} mt={6} wrap="wrap">
                          <StateBadge state={a.state} />
                          {isShared(a) ? <SharedBadge readOnly={!canEdit(a)} /> : null}
                        </Group>
                        {a.pickup_point ? (
                          <Text size="xs" mt={4}>
                            Recogida: {a.pickup_point}
                          </Text>
                        ) : null}
                        {a.pickup_at ? (
                          <Text size="xs" mt={2}>
                            Recoger en: {a.pickup_at.name}
                          </Text>
                        ) : null}
                      </Box>
                      {rowActions(a)}
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
              miw={isAdmin ? 1040 : 940}
              aria-label="Alojamientos"
              aria-busy={query.isFetching}
              className={classes.table}
              style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            >
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="name" sort={sort} onSort={onSort}>
                    Nombre
                  </SortableTh>
                  <SortableTh field="type" sort={sort} onSort={onSort}>
                    Tipo
                  </SortableTh>
                  <SortableTh field="zone" sort={sort} onSort={onSort}>
                    Zona
                  </SortableTh>
                  <Table.Th>Dirección</Table.Th>
                  <Table.Th>Punto de recogida</Table.Th>
                  <Table.Th>Recoger en</Table.Th>
                  <SortableTh field="state" sort={sort} onSort={onSort} width={104}>
                    Estado
                  </SortableTh>
                  {isAdmin ? <Table.Th miw={140}>Catálogo</Table.Th> : null}
                  <Table.Th w={84} className={classes.sticky}>
                    <VisuallyHidden>Acciones</VisuallyHidden>
                  </Table.Th>
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
                            <Skeleton h={14} my={5} w={j === 0 ? '80%' : '60%'} />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))
                  : items.map((a) => (
                      <Table.Tr key={a.id}>
                        <Table.Td>
                          <Stack gap={4} align="flex-start">
                            <Anchor
                              component="button"
                              type="button"
                              fw={600}
                              size="sm"
                              c="dark"
                              ta="left"
                              onClick={() => open(a)}
                            >
                              {a.name}
                            </Anchor>
                            {!isAdmin && isShared(a) ? <SharedBadge readOnly={!canEdit(a)} /> : null}
                          </Stack>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{accommodationTypeName(a.type)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{a.zone || '—'}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c={a.address ? undefined : 'dimmed'}>
                            {a.address || '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c={a.pickup_point ? undefined : 'dimmed'}>
                            {a.pickup_point || '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td>{pickupTarget(a)}</Table.Td>
                        <Table.Td>
                          <StateBadge state={a.state} />
                        </Table.Td>
                        {isAdmin ? (
                          <Table.Td>
                            {isShared(a) ? (
                              <SharedBadge readOnly={false} short />
                            ) : (
                              <Text size="sm">{operatorNames.get(a.tour_operator_id ?? '') ?? '—'}</Text>
                            )}
                          </Table.Td>
                        ) : null}
                        <Table.Td className={classes.sticky}>{rowActions(a)}</Table.Td>
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}

        {view === 'list' && !isFirstLoad && items.length === 0 && !query.isError ? (
          <EmptyState
            py={48}
            px="md"
            variant="light"
            icon={<IconBuildingSkyscraper size={28} />}
            title={hasFilters ? 'Ningún alojamiento coincide con los filtros' : 'Aún no hay alojamientos'}
            description={
              hasFilters
                ? 'Prueba con otra búsqueda o quita algún filtro.'
                : canWrite
                  ? 'Crea el primero o importa tu lista de hoteles desde un CSV.'
                  : 'Cuando tu empresa dé de alta sus puntos de recogida, aparecerán aquí.'
            }
          >
            <EmptyState.Actions>
              {hasFilters ? (
                <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={clearFilters}>
                  Limpiar filtros
                </Button>
              ) : canWrite ? (
                <>
                  <Button
                    variant="default"
                    leftSection={<IconFileImport size={16} />}
                    onClick={() => setImportOpened(true)}
                  >
                    Importar CSV
                  </Button>
                  <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)}>
                    Nuevo alojamiento
                  </Button>
                </>
              ) : null}
            </EmptyState.Actions>
          </EmptyState>
        ) : null}

        {view === 'list' ? (
          <ListFooter
            total={total}
            page={list.page}
            perPage={list.perPage}
            one="alojamiento"
            many="alojamientos"
            onPage={list.setPage}
            onPerPage={(v) => applyFilters({ per_page: v })}
          />
        ) : null}
      </Paper>

      <AccommodationFormDrawer
        opened={drawer.opened}
        accommodation={drawer.row}
        readOnly={drawer.row ? !canEdit(drawer.row) : !canWrite}
        ctx={{ isAdmin }}
        operators={operators.data ?? []}
        onClose={() => setDrawer((s) => ({ ...s, opened: false }))}
      />
      {canWrite ? (
        <AccommodationImportModal
          opened={importOpened}
          isAdmin={isAdmin}
          operators={operators.data ?? []}
          onClose={() => setImportOpened(false)}
        />
      ) : null}
    </>
  );
}
