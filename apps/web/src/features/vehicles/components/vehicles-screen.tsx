import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  EmptyState,
  Group,
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
  IconEye,
  IconFilterOff,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { type TVehicleResponse, type TVehicleType, VEHICLE_TYPE_NAMES } from '@trayecto/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ListFooter, ListLoadError } from '../../../components/list-footer';
import { PageHeader } from '../../../components/page-header';
import { formatSort, nextSort, parseSort, SortableTh } from '../../../components/sortable-th';
import { getRoles } from '../../../lib/auth-storage';
import { downloadCsv, todayStamp } from '../../../lib/csv';
import { countLabel, plural } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { operatorNameMap, useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { type TListPatch, useListParams } from '../../../lib/use-list-params';
import { useDeleteVehicle } from '../api/delete-vehicle';
import { fetchAllVehicles, vehiclesToCsv } from '../api/export-vehicles';
import { type TVehiclesFilters, useVehicles } from '../api/list-vehicles';
import { vehicleAccess } from './vehicle-access';
import { UnavailableTodayBadge, VehicleStateBadge } from './vehicle-badges';
import { VehicleFormDrawer } from './vehicle-form-drawer';
import { VEHICLE_STATE_OPTIONS, VEHICLE_TYPE_OPTIONS } from './vehicle-form-values';
import classes from './vehicles-screen.module.css';

const FILTER_KEYS = ['q', 'type', 'state', 'tour_operator_id'] as const;
const DEFAULT_SORT = 'plate';
const SORT_OPTIONS = [
  { value: 'plate', label: 'Matrícula (A–Z)' },
  { value: 'name', label: 'Nombre (A–Z)' },
  { value: '-seats', label: 'Más plazas' },
  { value: 'seats', label: 'Menos plazas' },
  { value: 'type', label: 'Tipo' },
  { value: '-created_at', label: 'Más recientes' },
];

const typeName = (t: string) => VEHICLE_TYPE_NAMES[t as TVehicleType] ?? t;

/** /resources/vehicles: the fleet, with filters, search, paging and sort kept in the URL. */
export function VehiclesScreen() {
  const roles = getRoles();
  const { canWrite, isAdmin } = vehicleAccess(roles);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;

  const list = useListParams({ sort: DEFAULT_SORT });
  const filters: TVehiclesFilters = {
    q: list.get('q'),
    type: list.get('type'),
    state: list.get('state'),
    tour_operator_id: isAdmin ? list.get('tour_operator_id') : '',
  };
  const sort = parseSort(list.sort);
  const query = useVehicles({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort });
  const operators = useTourOperatorSelectOptions(isAdmin);
  const operatorNames = useMemo(() => operatorNameMap(operators.data), [operators.data]);
  const deleteMutation = useDeleteVehicle();

  const [drawer, setDrawer] = useState<{ opened: boolean; vehicle: TVehicleResponse | null }>({
    opened: false,
    vehicle: null,
  });
  const [exporting, setExporting] = useState(false);

  // Search box: typed text goes to the URL after a pause.
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

  // A page past the end (rows deleted, old bookmark) goes back to the last page.
  useEffect(() => {
    if (query.data && list.page > totalPages) list.setPage(totalPages);
  }, [query.data, list.page, list.setPage, totalPages]);

  const onSort = (field: string) => applyFilters({ sort: formatSort(nextSort(sort, field)) });
  const open = (vehicle: TVehicleResponse | null) => setDrawer({ opened: true, vehicle });
  const clearFilters = () => {
    pushSearch.cancel();
    setSearch('');
    list.clear([...FILTER_KEYS]);
  };

  const confirmDelete = (v: TVehicleResponse) =>
    modals.openConfirmModal({
      title: 'Eliminar vehículo',
      centered: true,
      children: (
        <Text size="sm">
          ¿Seguro que quieres eliminar <b>{v.plate}</b>
          {v.name ? ` (${v.name})` : ''}? Dejará de ofrecerse en las hojas de servicio; las hojas ya hechas lo
          conservan.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} /> },
      onConfirm: () =>
        deleteMutation.mutate(v.id, {
          onSuccess: () => notifySuccess('Vehículo eliminado', v.plate),
          onError: (e) => notifyError('No se ha podido eliminar', e.message),
        }),
    });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllVehicles(filters, list.sort);
      downloadCsv(
        `vehiculos-${todayStamp()}.csv`,
        vehiclesToCsv(rows, isAdmin ? (id) => operatorNames.get(id) : undefined),
      );
      notifySuccess('Exportación lista', `${countLabel(rows.length, 'vehículo exportado', 'vehículos exportados')}.`);
    } catch {
      notifyError('No se ha podido exportar', 'Inténtalo de nuevo en unos instantes.');
    } finally {
      setExporting(false);
    }
  };

  const rowActions = (v: TVehicleResponse) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={canWrite ? 'Editar' : 'Ver'}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`${canWrite ? 'Editar' : 'Ver'} ${v.plate}`}
          onClick={() => open(v)}
        >
          {canWrite ? <IconPencil size={18} /> : <IconEye size={18} />}
        </ActionIcon>
      </Tooltip>
      {canWrite ? (
        <Tooltip label="Eliminar">
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Eliminar ${v.plate}`}
            onClick={() => confirmDelete(v)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );

  const colCount = 7 + (isAdmin ? 1 : 0);

  return (
    <>
      <PageHeader
        title="Vehículos"
        description="La flota con la que se hacen las salidas: plazas, autorización de transporte y cuándo no está disponible."
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
            {canWrite ? (
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open(null)}>
                Nuevo vehículo
              </Button>
            ) : null}
          </>
        }
      />

      <Paper withBorder radius="lg" shadow="xs">
        <Group p="md" gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filtrar vehículos">
          <TextInput
            ref={searchRef}
            label="Buscar"
            placeholder="Matrícula, nombre o modelo"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              pushSearch(e.currentTarget.value);
            }}
            style={{ flex: '2 1 240px' }}
            type="search"
          />
          <Select
            label="Tipo"
            placeholder="Todos los tipos"
            data={VEHICLE_TYPE_OPTIONS}
            value={filters.type || null}
            onChange={(v) => applyFilters({ type: v })}
            clearable
            style={{ flex: '1 1 150px' }}
          />
          <Select
            label="Estado"
            placeholder="Todos"
            data={VEHICLE_STATE_OPTIONS}
            value={filters.state || null}
            onChange={(v) => applyFilters({ state: v })}
            clearable
            style={{ flex: '1 1 140px' }}
          />
          {isAdmin ? (
            <Select
              label="Tour operador"
              placeholder={operators.isLoading ? 'Cargando…' : 'Todos'}
              data={operators.data ?? []}
              value={filters.tour_operator_id || null}
              onChange={(v) => applyFilters({ tour_operator_id: v })}
              searchable
              clearable
              nothingFoundMessage="Ningún tour operador coincide"
              style={{ flex: '1 1 200px' }}
            />
          ) : null}
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

        {query.isError ? (
          <ListLoadError
            title="No se ha podido cargar la lista de vehículos"
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        ) : null}

        {isPhone ? (
          <Stack gap={0} aria-label="Vehículos" role="list" aria-busy={query.isFetching}>
            {isFirstLoad
              ? Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
                  <Box key={i} px="md" py="sm" className={classes.card} aria-hidden>
                    <Skeleton h={16} w="50%" mb={8} />
                    <Skeleton h={12} w="80%" />
                  </Box>
                ))
              : items.map((v) => (
                  <Box key={v.id} px="md" py="sm" className={classes.card} role="listitem">
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                      <Box style={{ minWidth: 0 }}>
                        <Anchor
                          component="button"
                          type="button"
                          fw={700}
                          size="sm"
                          c="dark"
                          className={classes.plate}
                          onClick={() => open(v)}
                        >
                          {v.plate}
                        </Anchor>
                        <Text size="xs" c="dimmed" truncate="end">
                          {[v.name, v.model].filter(Boolean).join(' · ') || '—'}
                        </Text>
                        <Group gap={6} mt={6} wrap="wrap">
                          <Badge variant="default" radius="sm" tt="none" fw={500}>
                            {typeName(v.type)}
                          </Badge>
                          <Text size="xs">{plural(v.seats, 'plaza', 'plazas')}</Text>
                          <VehicleStateBadge state={v.state} />
                          <UnavailableTodayBadge vehicle={v} />
                        </Group>
                        {isAdmin ? (
                          <Text size="xs" c="dimmed" mt={4}>
                            {operatorNames.get(v.tour_operator_id) ?? ''}
                          </Text>
                        ) : null}
                      </Box>
                      {rowActions(v)}
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
              miw={isAdmin ? 980 : 860}
              aria-label="Vehículos"
              aria-busy={query.isFetching}
              className={classes.table}
              style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            >
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="plate" sort={sort} onSort={onSort}>
                    Matrícula
                  </SortableTh>
                  <SortableTh field="name" sort={sort} onSort={onSort}>
                    Nombre / modelo
                  </SortableTh>
                  <SortableTh field="type" sort={sort} onSort={onSort}>
                    Tipo
                  </SortableTh>
                  <SortableTh field="seats" sort={sort} onSort={onSort}>
                    Plazas
                  </SortableTh>
                  <Table.Th>Nº autorización</Table.Th>
                  <SortableTh field="state" sort={sort} onSort={onSort}>
                    Estado
                  </SortableTh>
                  {isAdmin ? <Table.Th>Tour operador</Table.Th> : null}
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
                            <Skeleton h={14} my={5} w={j === 1 ? '80%' : '60%'} />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))
                  : items.map((v) => (
                      <Table.Tr key={v.id}>
                        <Table.Td className={classes.nowrap}>
                          <Anchor
                            component="button"
                            type="button"
                            fw={700}
                            size="sm"
                            c="dark"
                            className={classes.plate}
                            onClick={() => open(v)}
                          >
                            {v.plate}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {v.name || '—'}
                          </Text>
                          {v.model ? (
                            <Text size="xs" c="dimmed">
                              {v.model}
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{typeName(v.type)}</Text>
                        </Table.Td>
                        <Table.Td ta="right" className={classes.nowrap} pr="md">
                          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                            {v.seats.toLocaleString('es-ES')}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{v.transport_authorization || '—'}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={6} wrap="wrap">
                            <VehicleStateBadge state={v.state} />
                            <UnavailableTodayBadge vehicle={v} />
                          </Group>
                        </Table.Td>
                        {isAdmin ? (
                          <Table.Td>
                            <Text size="sm">{operatorNames.get(v.tour_operator_id) ?? '—'}</Text>
                          </Table.Td>
                        ) : null}
                        <Table.Td className={classes.sticky}>{rowActions(v)}</Table.Td>
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}

        {!isFirstLoad && items.length === 0 && !query.isError ? (
          <EmptyState
            py={48}
            px="md"
            variant="light"
            icon={<IconBus size={28} />}
            title={hasFilters ? 'Ningún vehículo coincide con los filtros' : 'Aún no hay vehículos'}
            description={
              hasFilters
                ? 'Prueba con otra búsqueda o quita algún filtro.'
                : canWrite
                  ? 'Da de alta el primero para poder asignarlo a las hojas de servicio.'
                  : 'Cuando tu empresa dé de alta su flota, aparecerá aquí.'
            }
          >
            <EmptyState.Actions>
              {hasFilters ? (
                <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={clearFilters}>
                  Limpiar filtros
                </Button>
              ) : canWrite ? (
                <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)}>
                  Nuevo vehículo
                </Button>
              ) : null}
            </EmptyState.Actions>
          </EmptyState>
        ) : null}

        <ListFooter
          total={total}
          page={list.page}
          perPage={list.perPage}
          one="vehículo"
          many="vehículos"
          onPage={list.setPage}
          onPerPage={(v) => applyFilters({ per_page: v })}
        />
      </Paper>

      <VehicleFormDrawer
        opened={drawer.opened}
        vehicle={drawer.vehicle}
        readOnly={!canWrite}
        ctx={{ isAdmin }}
        operators={operators.data ?? []}
        onClose={() => setDrawer((s) => ({ ...s, opened: false }))}
      />
    </>
  );
}
