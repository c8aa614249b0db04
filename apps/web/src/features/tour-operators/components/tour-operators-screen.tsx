import { Anchor, Avatar, Box, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBan, IconBuildingPlus, IconCircleCheck, IconCreditCard, IconUsersGroup } from '@tabler/icons-react';
import {
  ACCESS,
  apiPath,
  hasPermission,
  LEVEL,
  TOUR_OPERATOR_STATE,
  type TTourOperatorResponse,
} from '@trayecto/shared';
import { BreakableEmail } from '../../../components/breakable-email';
import type { TColumns } from '../../../components/data-table';
import { ListEmptyState, ListResults, ListScreen } from '../../../components/list-screen';
import { FilterSelect, ListToolbar } from '../../../components/list-toolbar';
import { RecordLink, RowAction, RowActions } from '../../../components/row-actions';
import { StateBadge } from '../../../components/state-badge';
import { getRoles } from '../../../lib/auth-storage';
import { countLabel } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCsvExport } from '../../../lib/use-csv-export';
import { useListControls } from '../../../lib/use-list-params';
import { useRecordDrawer } from '../../../lib/use-record-drawer';
import { type TTourOperatorsFilters, tourOperatorsListQueryString, useTourOperators } from '../api/list-tour-operators';
import { useUpdateTourOperator } from '../api/update-tour-operator';
import { PaymentSettingsDrawer } from './payment-settings-drawer';
import { TourOperatorFormDrawer } from './tour-operator-form-drawer';

/** "Pagos en línea": the administrator and the operator's own admin (ADR 022). */
const PAYMENT_SETTINGS_LEVELS = [LEVEL.ADMIN, LEVEL.TOUR_OPERATOR_ADMIN];

const FILTER_KEYS = ['q', 'state'] as const;
const STATE_FILTER = [
  { value: '1', label: 'Activo' },
  { value: '2', label: 'Inactivo' },
];

function OperatorAvatar({ operator: o }: { operator: TTourOperatorResponse }) {
  return (
    <Avatar src={o.logo_url || null} size={32} radius="md" variant="filled" color={o.brand_color || 'brand'} alt="">
      {initials(o.name)}
    </Avatar>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** /tour-operator: the operators (the administrator sees all; a level-1 admin only its own). */
export function TourOperatorsScreen() {
  const roles = getRoles();
  const canCreate = hasPermission(roles, ACCESS.tourOperatorsCreate);
  const canEdit = hasPermission(roles, ACCESS.tourOperatorsWrite);
  const canToggleState = canCreate;
  const canPayments = hasPermission(roles, PAYMENT_SETTINGS_LEVELS);

  const list = useListControls({ sort: 'name', filterKeys: FILTER_KEYS });
  const filters: TTourOperatorsFilters = { q: list.get('q'), state: list.get('state') };
  const query = useTourOperators({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort });
  const updateMutation = useUpdateTourOperator();
  const drawer = useRecordDrawer<TTourOperatorResponse>();
  const paymentsDrawer = useRecordDrawer<TTourOperatorResponse>();

  const csv = useCsvExport({
    name: 'tour-operadores',
    path: apiPath('tourOperatorsExport'),
    query: tourOperatorsListQueryString({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort }),
    exported: ['tour operador exportado', 'tour operadores exportados'],
  });

  const confirmToggle = (o: TTourOperatorResponse) => {
    const deactivate = o.state === TOUR_OPERATOR_STATE.ACTIVE;
    modals.openConfirmModal({
      title: deactivate ? 'Desactivar tour operador' : 'Activar tour operador',
      centered: true,
      children: (
        <Text size="sm">
          {deactivate ? (
            <>
              <b>{o.name}</b> quedará inactivo: sus productos dejarán de venderse y su equipo no podrá trabajar con él
              hasta que lo actives de nuevo. No se borra ningún dato.
            </>
          ) : (
            <>
              <b>{o.name}</b> volverá a estar activo.
            </>
          )}
        </Text>
      ),
      labels: { confirm: deactivate ? 'Desactivar' : 'Activar', cancel: 'Cancelar' },
      confirmProps: { color: deactivate ? 'red' : 'teal' },
      onConfirm: () =>
        updateMutation.mutate(
          { id: o.id, payload: { state: deactivate ? TOUR_OPERATOR_STATE.INACTIVE : TOUR_OPERATOR_STATE.ACTIVE } },
          {
            onSuccess: () => notifySuccess(deactivate ? 'Tour operador desactivado' : 'Tour operador activado', o.name),
            onError: (e) => notifyError('No se ha podido cambiar el estado', e.message),
          },
        ),
    });
  };

  const create = canCreate
    ? { label: 'Nuevo tour operador', icon: IconBuildingPlus, onClick: () => drawer.open(null) }
    : null;

  const columns: TColumns<TTourOperatorResponse> = [
    {
      key: 'name',
      header: 'Nombre',
      sort: 'name',
      wide: true,
      cell: (o) => (
        <Group gap="sm" wrap="nowrap">
          <OperatorAvatar operator={o} />
          <div style={{ minWidth: 0 }}>
            <RecordLink onClick={() => drawer.open(o)}>{o.name}</RecordLink>
            {o.legal_name ? (
              <Text size="xs" c="dimmed" truncate="end">
                {o.legal_name}
              </Text>
            ) : null}
          </div>
        </Group>
      ),
    },
    {
      key: 'tax_id',
      header: 'CIF/NIF',
      optional: true,
      cell: (o) => (
        <Text size="sm" ff="monospace">
          {o.tax_id || '—'}
        </Text>
      ),
    },
    {
      key: 'email',
      header: 'Email',
      optional: true,
      cell: (o) =>
        o.email ? (
          <Anchor href={`mailto:${o.email}`} size="sm" c="dimmed">
            <BreakableEmail email={o.email} />
          </Anchor>
        ) : (
          '—'
        ),
    },
    { key: 'phone', header: 'Teléfono', nowrap: true, cell: (o) => <Text size="sm">{o.phone || '—'}</Text> },
    {
      key: 'users',
      header: 'Usuarios',
      th: { ta: 'right' },
      td: { ta: 'right' },
      cell: (o) => (
        <Text size="sm" ff="monospace">
          {(o.users_count ?? 0).toLocaleString('es-ES')}
        </Text>
      ),
    },
    { key: 'state', header: 'Estado', sort: 'state', cell: (o) => <StateBadge state={o.state} /> },
  ];

  const rowActions = (o: TTourOperatorResponse) => {
    const active = o.state === TOUR_OPERATOR_STATE.ACTIVE;
    return (
      <RowActions target={o.name} canEdit={canEdit} onOpen={() => drawer.open(o)}>
        {canPayments ? (
          <RowAction
            label="Pagos en línea"
            target={o.name}
            icon={IconCreditCard}
            onClick={() => paymentsDrawer.open(o)}
          />
        ) : null}
        {canToggleState ? (
          <RowAction
            label={active ? 'Desactivar' : 'Activar'}
            target={o.name}
            icon={active ? IconBan : IconCircleCheck}
            color={active ? 'red' : 'teal'}
            onClick={() => confirmToggle(o)}
          />
        ) : null}
      </RowActions>
    );
  };

  return (
    <>
      <ListScreen
        columnsKey="tour-operators"
        list={list}
        title="Tour operadores"
        description={
          canCreate
            ? 'Las empresas que trabajan con Trayecto: datos fiscales, contacto, marca y condiciones de reserva.'
            : 'Los datos de tu empresa: datos fiscales, contacto, marca y condiciones de reserva.'
        }
        csv={csv}
        query={query}
        create={create}
      >
        <ListToolbar
          label="Filtrar tour operadores"
          placeholder="Buscar por nombre, CIF/NIF o email"
          searchFlex="2 1 260px"
        >
          <FilterSelect param="state" label="Estado" placeholder="Todos" data={STATE_FILTER} flex="1 1 140px" />
        </ListToolbar>

        <ListResults
          query={query}
          errorTitle="No se ha podido cargar la lista"
          errorMessage={query.error?.message}
          noun={['tour operador', 'tour operadores']}
          perPageChoice={false}
          label="Tour operadores"
          columns={columns}
          miw={900}
          verticalSpacing="xs"
          horizontalSpacing="sm"
          actions={rowActions}
          actionsWidth={canPayments ? 128 : 96}
          card={(o) => (
            <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
              <OperatorAvatar operator={o} />
              <Box style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" truncate="end">
                  {o.name}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {[o.tax_id, o.email].filter(Boolean).join(' · ')}
                </Text>
                <Group gap={6} mt={6}>
                  <StateBadge state={o.state} />
                  <Text size="xs" c="dimmed">
                    {countLabel(o.users_count ?? 0, 'usuario', 'usuarios')}
                  </Text>
                </Group>
              </Box>
            </Group>
          )}
          empty={
            <ListEmptyState
              icon={<IconUsersGroup size={28} />}
              filteredTitle="Ningún tour operador coincide con los filtros"
              title="Aún no hay tour operadores"
              description={
                canCreate
                  ? 'Da de alta el primero para empezar a vender sus excursiones.'
                  : 'No hay datos de tu tour operador.'
              }
              create={create}
            />
          }
        />
      </ListScreen>

      <TourOperatorFormDrawer
        opened={drawer.opened}
        operator={drawer.record}
        readOnly={drawer.record ? !canEdit : !canCreate}
        onClose={drawer.close}
      />
      {canPayments ? (
        <PaymentSettingsDrawer
          opened={paymentsDrawer.opened}
          operator={paymentsDrawer.record}
          onClose={paymentsDrawer.close}
        />
      ) : null}
    </>
  );
}
