import { Badge, Group, Text } from '@mantine/core';
import { IconBus } from '@tabler/icons-react';
import { apiPath, type TVehicleResponse, type TVehicleType, VEHICLE_TYPE_NAMES } from '@trayecto/shared';
import { useMemo } from 'react';
import type { TColumns } from '../../../components/data-table';
import { useDeleteConfirm } from '../../../components/delete-confirm';
import { ListEmptyState, ListResults, ListScreen } from '../../../components/list-screen';
import { FilterSelect, ListToolbar, TourOperatorFilter } from '../../../components/list-toolbar';
import { RecordLink, RowActions } from '../../../components/row-actions';
import { getRoles } from '../../../lib/auth-storage';
import { plural } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { operatorNameMap, useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useCsvExport } from '../../../lib/use-csv-export';
import { useListControls } from '../../../lib/use-list-params';
import { useRecordDrawer } from '../../../lib/use-record-drawer';
import { useDeleteVehicle } from '../api/delete-vehicle';
import { type TVehiclesFilters, useVehicles, vehiclesListQueryString } from '../api/list-vehicles';
import { vehicleAccess } from './vehicle-access';
import { UnavailableTodayBadge, VehicleStateBadge } from './vehicle-badges';
import { VehicleFormDrawer } from './vehicle-form-drawer';
import { VEHICLE_STATE_OPTIONS, VEHICLE_TYPE_OPTIONS } from './vehicle-form-values';
import classes from './vehicles-screen.module.css';

const FILTER_KEYS = ['q', 'type', 'state', 'tour_operator_id'] as const;
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
  const { canWrite, isAdmin } = vehicleAccess(getRoles());

  const list = useListControls({ sort: 'plate', filterKeys: FILTER_KEYS });
  const filters: TVehiclesFilters = {
    q: list.get('q'),
    type: list.get('type'),
    state: list.get('state'),
    tour_operator_id: isAdmin ? list.get('tour_operator_id') : '',
  };
  const query = useVehicles({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort });
  const operators = useTourOperatorSelectOptions(isAdmin);
  const operatorNames = useMemo(() => operatorNameMap(operators.data), [operators.data]);
  const drawer = useRecordDrawer<TVehicleResponse>();

  const csv = useCsvExport({
    name: 'vehiculos',
    path: apiPath('vehiclesExport'),
    query: vehiclesListQueryString({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort }),
    exported: ['vehículo exportado', 'vehículos exportados'],
  });

  const confirmDelete = useDeleteConfirm(useDeleteVehicle(), {
    title: 'Eliminar vehículo',
    message: (v: TVehicleResponse) => (
      <>
        ¿Seguro que quieres eliminar <b>{v.plate}</b>
        {v.name ? ` (${v.name})` : ''}? Dejará de ofrecerse en las hojas de servicio; las hojas ya hechas lo conservan.
      </>
    ),
    onDeleted: (v) => notifySuccess('Vehículo eliminado', v.plate),
  });

  const create = canWrite ? { label: 'Nuevo vehículo', onClick: () => drawer.open(null) } : null;

  const plateLink = (v: TVehicleResponse) => (
    <RecordLink onClick={() => drawer.open(v)} fw={700} className={classes.plate}>
      {v.plate}
    </RecordLink>
  );

  const columns: TColumns<TVehicleResponse> = [
    { key: 'plate', header: 'Matrícula', sort: 'plate', nowrap: true, cell: plateLink },
    {
      key: 'name',
      header: 'Nombre / modelo',
      sort: 'name',
      wide: true,
      width: 160,
      cell: (v) => (
        <>
          <Text size="sm" fw={500}>
            {v.name || '—'}
          </Text>
          {v.model ? (
            <Text size="xs" c="dimmed">
              {v.model}
            </Text>
          ) : null}
        </>
      ),
    },
    { key: 'type', header: 'Tipo', sort: 'type', cell: (v) => <Text size="sm">{typeName(v.type)}</Text> },
    {
      key: 'seats',
      header: 'Plazas',
      sort: 'seats',
      nowrap: true,
      td: { ta: 'right', pr: 'md' },
      cell: (v) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {v.seats.toLocaleString('es-ES')}
        </Text>
      ),
    },
    {
      key: 'authorization',
      header: 'Nº autorización',
      optional: true,
      cell: (v) => <Text size="sm">{v.transport_authorization || '—'}</Text>,
    },
    {
      key: 'state',
      header: 'Estado',
      sort: 'state',
      cell: (v) => (
        <Group gap={6} wrap="wrap">
          <VehicleStateBadge state={v.state} />
          <UnavailableTodayBadge vehicle={v} />
        </Group>
      ),
    },
    isAdmin && {
      key: 'operator',
      header: 'Tour operador',
      optional: true,
      cell: (v) => (
        <Text size="sm" lineClamp={2}>
          {operatorNames.get(v.tour_operator_id) ?? '—'}
        </Text>
      ),
    },
  ];

  return (
    <>
      <ListScreen
        columnsKey="vehicles"
        list={list}
        title="Vehículos"
        description="La flota con la que se hacen las salidas: plazas, autorización de transporte y cuándo no está disponible."
        csv={csv}
        query={query}
        create={create}
      >
        <ListToolbar label="Filtrar vehículos" placeholder="Matrícula, nombre o modelo" sortOptions={SORT_OPTIONS}>
          <FilterSelect
            param="type"
            label="Tipo"
            placeholder="Todos los tipos"
            data={VEHICLE_TYPE_OPTIONS}
            flex="1 1 150px"
          />
          <FilterSelect
            param="state"
            label="Estado"
            placeholder="Todos"
            data={VEHICLE_STATE_OPTIONS}
            flex="1 1 140px"
          />
          {isAdmin ? <TourOperatorFilter options={operators} /> : null}
        </ListToolbar>

        <ListResults
          query={query}
          errorTitle="No se ha podido cargar la lista de vehículos"
          noun={['vehículo', 'vehículos']}
          label="Vehículos"
          columns={columns}
          miw={820}
          actions={(v) => (
            <RowActions
              target={v.plate}
              canEdit={canWrite}
              onOpen={() => drawer.open(v)}
              onDelete={canWrite ? () => confirmDelete(v) : undefined}
            />
          )}
          card={(v) => (
            <>
              {plateLink(v)}
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
            </>
          )}
          empty={
            <ListEmptyState
              icon={<IconBus size={28} />}
              filteredTitle="Ningún vehículo coincide con los filtros"
              title="Aún no hay vehículos"
              description={
                canWrite
                  ? 'Da de alta el primero para poder asignarlo a las hojas de servicio.'
                  : 'Cuando tu empresa dé de alta su flota, aparecerá aquí.'
              }
              create={create}
            />
          }
        />
      </ListScreen>

      <VehicleFormDrawer
        opened={drawer.opened}
        vehicle={drawer.record}
        readOnly={!canWrite}
        ctx={{ isAdmin }}
        operators={operators.data ?? []}
        onClose={drawer.close}
      />
    </>
  );
}
