import { Group, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import {
  AUDIT_ACTION_NAMES,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_NAMES,
  AUDIT_ENTITY_TYPES,
  actorText,
  apiPath,
  isUuid,
  LEVEL,
  type TAuditEntryResponse,
} from '@trayecto/shared';
import type { TColumns } from '../../../components/data-table';
import { DateRangeFilter, isDay } from '../../../components/date-range-filter';
import { ListEmptyState, ListResults, ListScreen } from '../../../components/list-screen';
import { FilterSelect, ListToolbar, TourOperatorFilter } from '../../../components/list-toolbar';
import { getRoles } from '../../../lib/auth-storage';
import { operatorNameMap, useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useCsvExport } from '../../../lib/use-csv-export';
import { useListControls } from '../../../lib/use-list-params';
import { auditLogQueryString, type TAuditLogFilters, useAuditLog } from '../api/list-audit-log';
import type { TFormatContext } from '../utils/audit-format';
import { ActionBadge, ActorCell, ChangeList, RecordCell, WhenText } from './audit-parts';

const FILTER_KEYS = ['q', 'entity_type', 'action', 'from', 'to', 'tour_operator_id', 'entity_id'] as const;
const SORT_OPTIONS = [
  { value: '-created_at', label: 'Más recientes' },
  { value: 'created_at', label: 'Más antiguos' },
];
const ENTITY_OPTIONS = AUDIT_ENTITY_TYPES.map((t) => ({ value: t, label: AUDIT_ENTITY_NAMES[t] }));
const ACTION_OPTIONS = AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_NAMES[a] }));
/**
 * /audit-log, "Registro de actividad" (issue 7): who changed what on bookings, users and schedule
 * sheets, newest first, with filters in the URL. Levels 0 (every operator) and 1 (its own).
 */
export function AuditLogScreen() {
  const isAdmin = getRoles().includes(LEVEL.ADMIN);
  const list = useListControls({ sort: '-created_at', filterKeys: FILTER_KEYS });
  const from = isDay(list.get('from')) ? list.get('from') : '';
  const to = isDay(list.get('to')) ? list.get('to') : '';
  const filters: TAuditLogFilters = {
    q: list.get('q'),
    entity_type: list.get('entity_type'),
    action: list.get('action'),
    from,
    to: to || (from ? from : ''),
    tour_operator_id: isAdmin ? list.get('tour_operator_id') : '',
    // One record's whole trail ("Ver todo" on its screen).
    entity_id: isUuid(list.get('entity_id')) ? list.get('entity_id') : '',
  };
  const params = { ...filters, page: list.page, per_page: list.perPage, sort: list.sort };
  const query = useAuditLog(params);
  const operators = useTourOperatorSelectOptions(isAdmin);
  const ctx: TFormatContext = { operatorNames: operatorNameMap(operators.data) };

  const csv = useCsvExport({
    name: 'registro-actividad',
    path: apiPath('auditLogExport'),
    query: auditLogQueryString(params),
    exported: ['entrada exportada', 'entradas exportadas'],
  });

  const columns: TColumns<TAuditEntryResponse> = [
    {
      key: 'when',
      header: 'Fecha y hora',
      sort: 'created_at',
      nowrap: true,
      width: 150,
      cell: (e) => <WhenText entry={e} />,
    },
    { key: 'who', header: 'Quién', width: 200, cell: (e) => <ActorCell entry={e} /> },
    { key: 'what', header: 'Qué', wide: true, width: 240, cell: (e) => <RecordCell entry={e} /> },
    {
      key: 'action',
      header: 'Acción',
      nowrap: true,
      th: { style: { minWidth: 150 } },
      cell: (e) => <ActionBadge action={e.action} />,
    },
    { key: 'changes', header: 'Cambios', cell: (e) => <ChangeList entry={e} ctx={ctx} /> },
  ];

  return (
    <ListScreen
      list={list}
      title="Registro de actividad"
      description={
        isAdmin
          ? 'Quién ha cambiado qué en reservas, usuarios y hojas de servicio de todos los tour operadores.'
          : 'Quién ha cambiado qué en las reservas, los usuarios y las hojas de servicio de tu empresa.'
      }
      csv={csv}
      query={query}
    >
      <ListToolbar
        label="Filtrar actividad"
        placeholder="Localizador, cliente, usuario o email"
        sortOptions={SORT_OPTIONS}
      >
        <FilterSelect param="entity_type" label="Tipo" placeholder="Todo" data={ENTITY_OPTIONS} flex="1 1 160px" />
        <FilterSelect
          param="action"
          label="Acción"
          placeholder="Todas"
          data={ACTION_OPTIONS}
          flex="1 1 180px"
          searchable
        />
        <DateRangeFilter />
        {isAdmin ? <TourOperatorFilter options={operators} /> : null}
      </ListToolbar>

      <ListResults
        query={query}
        errorTitle="No se ha podido cargar el registro de actividad"
        noun={['entrada', 'entradas']}
        label="Registro de actividad"
        columns={columns}
        miw={960}
        verticalSpacing={10}
        card={(e) => (
          <>
            <Group gap={6} justify="space-between" wrap="nowrap">
              <WhenText entry={e} size="xs" />
              <ActionBadge action={e.action} />
            </Group>
            <RecordCell entry={e} />
            <Text size="xs" c="dimmed" mt={2} truncate="end">
              {actorText(e.actor_kind, e.actor_label)}
            </Text>
            <div style={{ marginTop: 6 }}>
              <ChangeList entry={e} ctx={ctx} max={3} />
            </div>
          </>
        )}
        empty={
          <ListEmptyState
            icon={<IconHistory size={28} />}
            filteredTitle="Ninguna actividad coincide con los filtros"
            title="Aún no hay actividad"
            description="Cuando alguien cree o cambie una reserva, un usuario o una hoja de servicio, aparecerá aquí."
          />
        }
      />
    </ListScreen>
  );
}
