import { Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import {
  ACCESS,
  apiPath,
  hasPermission,
  LEVEL,
  LEVELS,
  ROLE_NAMES,
  type TLevel,
  type TUserResponse,
} from '@trayecto/shared';
import { BreakableEmail } from '../../../components/breakable-email';
import type { TColumns } from '../../../components/data-table';
import { openDeleteConfirm } from '../../../components/delete-confirm';
import { ListEmptyState, ListResults, ListScreen } from '../../../components/list-screen';
import { FilterSelect, ListToolbar, TourOperatorFilter } from '../../../components/list-toolbar';
import { RecordLink, RowActions } from '../../../components/row-actions';
import { StateBadge } from '../../../components/state-badge';
import { getCurrentUser, getRoles } from '../../../lib/auth-storage';
import { notifySuccess } from '../../../lib/notify';
import { useTimesFor } from '../../../lib/time-zone';
import { useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useCsvExport } from '../../../lib/use-csv-export';
import { useListControls } from '../../../lib/use-list-params';
import { useMe } from '../../../lib/use-me';
import { useRecordDrawer } from '../../../lib/use-record-drawer';
import { useDeleteUser } from '../api/delete-user';
import { type TUsersFilters, usersListQueryString, useUsers } from '../api/list-users';
import { UserFormModal } from './user-form-modal';
import { roleOptions, STATE_OPTIONS, type TUserFormContext } from './user-form-values';

const FILTER_KEYS = ['q', 'level', 'state', 'tour_operator_id'] as const;
const SORT_OPTIONS = [
  { value: 'full_name', label: 'Nombre (A–Z)' },
  { value: '-full_name', label: 'Nombre (Z–A)' },
  { value: '-created_at', label: 'Más recientes' },
  { value: 'created_at', label: 'Más antiguos' },
  { value: 'level', label: 'Rol' },
];

const roleName = (u: TUserResponse) => ROLE_NAMES[u.level as TLevel] ?? u.level;

function currentUserId(): string | null {
  try {
    return getCurrentUser().id;
  } catch {
    return null;
  }
}

function YouBadge() {
  return (
    <Badge size="xs" variant="outline" color="gray" radius="sm" style={{ flex: 'none' }}>
      Tú
    </Badge>
  );
}

/** /users: the spec's user list operations (§7) with filters, paging and sorting in the URL. */
export function UsersScreen() {
  const roles = getRoles();
  const actorLevel = roles.length ? Math.min(...roles) : -1;
  const isAdmin = roles.includes(LEVEL.ADMIN);
  const canManage = hasPermission(roles, ACCESS.usersManage);
  const myId = currentUserId();
  const me = useMe();
  const ctx: TUserFormContext = { actorLevel, actorOperatorId: me.data?.tour_operator_id ?? null };
  // A user's times are read in their operator's zone (the administrator's: the platform's).
  const timesOf = useTimesFor();

  const list = useListControls({ sort: 'full_name', filterKeys: FILTER_KEYS });
  const filters: TUsersFilters = {
    q: list.get('q'),
    level: list.get('level'),
    state: list.get('state'),
    tour_operator_id: isAdmin ? list.get('tour_operator_id') : '',
  };
  const query = useUsers({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort });
  const operators = useTourOperatorSelectOptions(isAdmin);
  const deleteMutation = useDeleteUser();
  const modal = useRecordDrawer<TUserResponse>();

  const roleFilterOptions = (() => {
    const levels = isAdmin ? [...LEVELS] : roleOptions(ctx).map((o) => Number(o.value) as TLevel);
    const source = levels.length ? levels : LEVELS.filter((l) => l !== LEVEL.ADMIN);
    return source.map((l) => ({ value: String(l), label: ROLE_NAMES[l] }));
  })();

  const csv = useCsvExport({
    name: 'usuarios',
    path: apiPath('usersExport'),
    query: usersListQueryString({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort }),
    exported: ['usuario exportado', 'usuarios exportados'],
  });

  const confirmDelete = (user: TUserResponse) =>
    openDeleteConfirm({
      title: 'Eliminar usuario',
      message: (
        <>
          ¿Seguro que quieres eliminar a <b>{user.full_name}</b> ({user.email})? Ya no podrá entrar en Trayecto.
        </>
      ),
      onConfirm: () =>
        deleteMutation.mutate(user.id, {
          // Spec §8: a failing delete is silently ignored (the list is read again anyway).
          onSuccess: (deleted) => {
            if (deleted) notifySuccess('Usuario eliminado', `${user.full_name} ya no tiene acceso.`);
          },
        }),
    });

  const create = canManage ? { label: 'Nuevo usuario', icon: IconUserPlus, onClick: () => modal.open(null) } : null;

  const columns: TColumns<TUserResponse> = [
    {
      key: 'name',
      header: 'Nombre',
      sort: 'full_name',
      wide: true,
      width: 170,
      cell: (u) => (
        <Group gap={6} wrap="nowrap">
          {canManage ? (
            <RecordLink onClick={() => modal.open(u)}>{u.full_name}</RecordLink>
          ) : (
            <Text fw={600} size="sm">
              {u.full_name}
            </Text>
          )}
          {u.id === myId ? <YouBadge /> : null}
        </Group>
      ),
    },
    {
      key: 'email',
      header: 'Email',
      sort: 'email',
      cell: (u) => (
        <Anchor href={`mailto:${u.email}`} size="sm" c="dimmed">
          <BreakableEmail email={u.email} />
        </Anchor>
      ),
    },
    {
      key: 'phone',
      header: 'Teléfono',
      optional: true,
      nowrap: true,
      cell: (u) => <Text size="sm">{u.phone || '—'}</Text>,
    },
    { key: 'level', header: 'Rol', sort: 'level', cell: (u) => <Text size="sm">{roleName(u)}</Text> },
    { key: 'state', header: 'Estado', sort: 'state', cell: (u) => <StateBadge state={u.state} /> },
    isAdmin && {
      key: 'operator',
      header: 'Tour operador',
      optional: true,
      cell: (u) => (
        <Text size="sm" lineClamp={2}>
          {u.tour_operator?.name ?? '—'}
        </Text>
      ),
    },
    {
      key: 'created',
      header: 'Creado',
      optional: true,
      sort: 'created_at',
      nowrap: true,
      cell: (u) => {
        const times = timesOf(u.tour_operator?.timezone);
        return (
          <Tooltip label={times.withZone(times.dateTime(u.created_at))}>
            <Text size="sm">{times.day(u.created_at)}</Text>
          </Tooltip>
        );
      },
    },
  ];

  return (
    <>
      <ListScreen
        columnsKey="users"
        list={list}
        title="Usuarios"
        description="Las personas de tu equipo que usan Trayecto y el rol con el que entran."
        csv={csv}
        query={query}
        create={create}
      >
        <ListToolbar
          label="Filtrar usuarios"
          placeholder="Buscar por nombre, email o teléfono"
          sortOptions={SORT_OPTIONS}
        >
          <FilterSelect
            param="level"
            label="Rol"
            placeholder="Todos los roles"
            data={roleFilterOptions}
            flex="1 1 170px"
          />
          <FilterSelect param="state" label="Estado" placeholder="Todos" data={STATE_OPTIONS} flex="1 1 130px" />
          {isAdmin ? <TourOperatorFilter options={operators} /> : null}
        </ListToolbar>

        <ListResults
          query={query}
          // Spec §8: a failing list is an empty list, flagged so the screen can offer to retry.
          failed={Boolean(query.data?.failed)}
          errorTitle="No se ha podido cargar la lista de usuarios"
          noun={['usuario', 'usuarios']}
          label="Usuarios"
          columns={columns}
          miw={760}
          actions={
            canManage
              ? (u) => (
                  <RowActions
                    target={u.full_name}
                    onOpen={() => modal.open(u)}
                    onDelete={u.id === myId ? undefined : () => confirmDelete(u)}
                  />
                )
              : undefined
          }
          card={(u) => (
            <>
              <Group gap={6} wrap="nowrap">
                <Text fw={600} size="sm" truncate="end">
                  {u.full_name}
                </Text>
                {u.id === myId ? <YouBadge /> : null}
              </Group>
              <Text size="xs" c="dimmed" truncate="end">
                {u.email}
              </Text>
              <Group gap={6} mt={6} wrap="wrap">
                <Badge variant="default" radius="sm" tt="none" fw={500}>
                  {roleName(u)}
                </Badge>
                <StateBadge state={u.state} />
                {isAdmin && u.tour_operator ? (
                  <Text size="xs" c="dimmed">
                    {u.tour_operator.name}
                  </Text>
                ) : null}
              </Group>
              {u.phone ? (
                <Anchor href={`tel:${u.phone.replace(/\s+/g, '')}`} size="xs" mt={4} display="block">
                  {u.phone}
                </Anchor>
              ) : null}
            </>
          )}
          empty={
            <ListEmptyState
              icon={<IconUsers size={28} />}
              filteredTitle="Ningún usuario coincide con los filtros"
              title="Aún no hay usuarios"
              description={
                canManage
                  ? 'Crea el primero para que tu equipo pueda entrar en Trayecto.'
                  : 'Cuando el administrador dé de alta a tu equipo, aparecerá aquí.'
              }
              create={create}
            />
          }
        />
      </ListScreen>

      {canManage ? <UserFormModal opened={modal.opened} user={modal.record} ctx={ctx} onClose={modal.close} /> : null}
    </>
  );
}
