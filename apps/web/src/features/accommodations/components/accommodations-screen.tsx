import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingSkyscraper, IconCornerDownRight, IconFileImport, IconList, IconMap } from '@tabler/icons-react';
import { accommodationTypeName, apiPath, type TAccommodationResponse } from '@trayecto/shared';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { TColumns } from '../../../components/data-table';
import { useDeleteConfirm } from '../../../components/delete-confirm';
import { ListEmptyState, ListResults, ListScreen } from '../../../components/list-screen';
import { FilterSelect, ListToolbar, TourOperatorFilter } from '../../../components/list-toolbar';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { RecordLink, RowActions } from '../../../components/row-actions';
import { StateBadge } from '../../../components/state-badge';
import { ViewSwitch } from '../../../components/view-switch';
import { getRoles } from '../../../lib/auth-storage';
import { notifySuccess } from '../../../lib/notify';
import { operatorNameMap, useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useCsvExport } from '../../../lib/use-csv-export';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useListControls } from '../../../lib/use-list-params';
import { useRecordDrawer } from '../../../lib/use-record-drawer';
import { useDeleteAccommodation } from '../api/delete-accommodation';
import { useAccommodationZones } from '../api/list-accommodation-zones';
import {
  accommodationsListQueryString,
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
const SORT_OPTIONS = [
  { value: 'name', label: 'Nombre (A–Z)' },
  { value: '-name', label: 'Nombre (Z–A)' },
  { value: 'zone', label: 'Zona' },
  { value: 'type', label: 'Tipo' },
  { value: '-created_at', label: 'Más recientes' },
];
const VIEWS = [
  { value: 'list', label: 'Lista', icon: IconList },
  { value: 'map', label: 'Mapa', icon: IconMap },
] as const;

const isShared = (a: TAccommodationResponse) => a.shared || a.tour_operator_id === null;

/** "—" in grey for an empty cell. */
const textOrDash = (text: string | null | undefined) => (
  <Text size="sm" c={text ? undefined : 'dimmed'}>
    {text || '—'}
  </Text>
);

/**
 * /resources/accommodations: hotels, apartments and meeting points where customers are picked up,
 * the operator's own and the administrator's shared catalogue, as a list or on a map.
 */
export function AccommodationsScreen() {
  const access = accommodationAccess(getRoles());
  const { canWrite, isAdmin } = access;
  const isPhone = useIsPhone();

  const list = useListControls({ sort: 'name', filterKeys: FILTER_KEYS });
  const view = list.get('view') === 'map' ? 'map' : 'list';
  const filters: TAccommodationsFilters = {
    q: list.get('q'),
    type: list.get('type'),
    zone: list.get('zone'),
    state: list.get('state'),
    shared: list.get('shared'),
    tour_operator_id: isAdmin ? list.get('tour_operator_id') : '',
  };
  const query = useAccommodations(
    { ...filters, page: list.page, per_page: list.perPage, sort: list.sort },
    view === 'list',
  );
  const mapQuery = useAccommodationsMap(filters, view === 'map');
  const zones = useAccommodationZones(isAdmin && filters.tour_operator_id ? filters.tour_operator_id : undefined);
  const operators = useTourOperatorSelectOptions(isAdmin);
  const operatorNames = useMemo(() => operatorNameMap(operators.data), [operators.data]);
  const drawer = useRecordDrawer<TAccommodationResponse>();
  const [importOpened, setImportOpened] = useState(false);

  const canEdit = (row: TAccommodationResponse) => canEditAccommodation(access, row);

  // A zone filter that is not in the (new) zone list would show nothing; keep it selectable.
  const zoneOptions = useMemo(() => {
    const z = zones.data ?? [];
    return filters.zone && !z.includes(filters.zone) ? [filters.zone, ...z] : z;
  }, [zones.data, filters.zone]);

  const csv = useCsvExport({
    name: 'alojamientos',
    path: apiPath('accommodationsExport'),
    query: accommodationsListQueryString({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort }),
    exported: ['alojamiento exportado', 'alojamientos exportados'],
  });

  const confirmDelete = useDeleteConfirm(useDeleteAccommodation(), {
    title: 'Eliminar alojamiento',
    message: (a: TAccommodationResponse) => (
      <>
        ¿Seguro que quieres eliminar <b>{a.name}</b>
        {a.zone ? ` (${a.zone})` : ''}? Dejará de ofrecerse para las recogidas; las reservas que ya lo usan lo
        conservan.
      </>
    ),
    onDeleted: (a) => notifySuccess('Alojamiento eliminado', a.name),
  });

  const create = canWrite ? { label: 'Nuevo alojamiento', onClick: () => drawer.open(null) } : null;
  const importButton = (iconSize: number) => (
    <Button
      variant="default"
      leftSection={<IconFileImport size={iconSize} aria-hidden />}
      onClick={() => setImportOpened(true)}
    >
      Importar CSV
    </Button>
  );

  const nameLink = (a: TAccommodationResponse) => <RecordLink onClick={() => drawer.open(a)}>{a.name}</RecordLink>;

  const columns: TColumns<TAccommodationResponse> = [
    {
      key: 'name',
      header: 'Nombre',
      sort: 'name',
      wide: true,
      width: 180,
      cell: (a) => (
        <Stack gap={4} align="flex-start">
          {nameLink(a)}
          {!isAdmin && isShared(a) ? <SharedBadge readOnly={!canEdit(a)} /> : null}
        </Stack>
      ),
    },
    {
      key: 'type',
      header: 'Tipo',
      sort: 'type',
      cell: (a) => <Text size="sm">{accommodationTypeName(a.type)}</Text>,
    },
    { key: 'zone', header: 'Zona', sort: 'zone', cell: (a) => <Text size="sm">{a.zone || '—'}</Text> },
    { key: 'address', header: 'Dirección', optional: true, hiddenByDefault: true, cell: (a) => textOrDash(a.address) },
    { key: 'pickup_point', header: 'Punto de recogida', optional: true, cell: (a) => textOrDash(a.pickup_point) },
    {
      key: 'pickup_at',
      header: 'Recoger en',
      optional: true,
      cell: (a) =>
        a.pickup_at ? (
          <span className={classes.pickupTarget}>
            <IconCornerDownRight size={14} aria-hidden />
            <Text size="sm" span>
              {a.pickup_at.name}
            </Text>
          </span>
        ) : (
          textOrDash(null)
        ),
    },
    { key: 'state', header: 'Estado', sort: 'state', width: 104, cell: (a) => <StateBadge state={a.state} /> },
    isAdmin && {
      key: 'catalogue',
      header: 'Catálogo',
      optional: true,
      cell: (a) =>
        isShared(a) ? (
          <SharedBadge readOnly={false} short />
        ) : (
          <Text size="sm">{operatorNames.get(a.tour_operator_id ?? '') ?? '—'}</Text>
        ),
    },
  ];

  return (
    <>
      <ListScreen
        columnsKey="accommodations"
        list={list}
        title="Alojamientos"
        description="Hoteles, apartamentos y puntos de encuentro donde se recoge a los clientes."
        actions={canWrite ? importButton(18) : null}
        csv={csv}
        create={create}
      >
        <ListToolbar
          label="Filtrar alojamientos"
          placeholder="Nombre, dirección o zona"
          searchFlex="2 1 220px"
          sortOptions={view === 'list' ? SORT_OPTIONS : undefined}
        >
          <FilterSelect
            param="type"
            label="Tipo"
            placeholder="Todos"
            data={ACCOMMODATION_TYPE_OPTIONS}
            flex="1 1 150px"
          />
          <FilterSelect
            param="zone"
            label="Zona"
            placeholder={zones.isLoading ? 'Cargando…' : 'Todas'}
            data={zoneOptions}
            searchable
            nothingFoundMessage="Ninguna zona coincide"
            flex="1 1 160px"
          />
          <FilterSelect
            param="state"
            label="Estado"
            placeholder="Todos"
            data={ACCOMMODATION_STATE_OPTIONS}
            flex="1 1 120px"
          />
          <FilterSelect
            param="shared"
            label="Catálogo compartido"
            placeholder="Todos"
            data={[
              { value: 'true', label: 'Solo compartidos' },
              { value: 'false', label: isAdmin ? 'Solo de tour operadores' : 'Solo propios' },
            ]}
            flex="1 1 170px"
          />
          {isAdmin ? (
            <TourOperatorFilter
              options={operators}
              flex="1 1 190px"
              onChange={(v) => list.setFilters({ tour_operator_id: v, zone: null })}
            />
          ) : null}
        </ListToolbar>

        <Group px="md" pb="md" justify="space-between" gap="sm">
          <ViewSwitch
            value={view}
            onChange={(v) => list.setFilters({ view: v === 'map' ? 'map' : null })}
            options={VIEWS}
          />
        </Group>

        {view === 'map' ? (
          <>
            {mapQuery.isError ? (
              <LoadErrorAlert
                inset
                title="No se ha podido cargar la lista de alojamientos"
                onRetry={mapQuery.refetch}
                retrying={mapQuery.isFetching}
              />
            ) : null}
            <Suspense fallback={<Skeleton h={isPhone ? 360 : 560} mx="md" mb="md" radius="md" />}>
              <AccommodationsMapView
                rows={mapQuery.data?.items ?? []}
                total={mapQuery.data?.total ?? 0}
                loading={mapQuery.isLoading}
                isPhone={isPhone}
                canEdit={canEdit}
                onOpen={drawer.open}
              />
            </Suspense>
          </>
        ) : (
          <ListResults
            query={query}
            errorTitle="No se ha podido cargar la lista de alojamientos"
            noun={['alojamiento', 'alojamientos']}
            label="Alojamientos"
            columns={columns}
            miw={820}
            actions={(a) => (
              <RowActions
                target={a.name}
                canEdit={canEdit(a)}
                onOpen={() => drawer.open(a)}
                onDelete={canEdit(a) ? () => confirmDelete(a) : undefined}
              />
            )}
            card={(a) => (
              <>
                {nameLink(a)}
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
              </>
            )}
            empty={
              <ListEmptyState
                icon={<IconBuildingSkyscraper size={28} />}
                filteredTitle="Ningún alojamiento coincide con los filtros"
                title="Aún no hay alojamientos"
                description={
                  canWrite
                    ? 'Crea el primero o importa tu lista de hoteles desde un CSV.'
                    : 'Cuando tu empresa dé de alta sus puntos de recogida, aparecerán aquí.'
                }
                actions={canWrite ? importButton(16) : null}
                create={create}
              />
            }
          />
        )}
      </ListScreen>

      <AccommodationFormDrawer
        opened={drawer.opened}
        accommodation={drawer.record}
        readOnly={drawer.record ? !canEdit(drawer.record) : !canWrite}
        ctx={{ isAdmin }}
        operators={operators.data ?? []}
        onClose={drawer.close}
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
