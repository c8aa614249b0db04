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
  IconDownload,
  IconFilterOff,
  IconPencil,
  IconRefresh,
  IconSearch,
  IconTrash,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { ACCESS, hasPermission, LEVEL, ROLE_NAMES, type TLevel, type TUserResponse } from '@trayecto/shared';
import { useEffect, useRef, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { formatSort, nextSort, parseSort, SortableTh } from '../../../components/sortable-th';
import { StateBadge } from '../../../components/state-badge';
import { getCurrentUser, getRoles } from '../../../lib/auth-storage';
import { downloadCsv, todayStamp } from '../../../lib/csv';
import { countLabel, formatDate, formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { useMe } from '../../../lib/use-me';
import { useDeleteUser } from '../api/delete-user';
import { fetchAllUsers, usersToCsv } from '../api/export-users';
import { useTourOperatorOptions } from '../api/list-tour-operator-options';
import { type TUsersFilters, useUsers } from '../api/list-users';
import { UserFormModal } from './user-form-modal';
import { roleOptions, STATE_OPTIONS, type TUserFormContext } from './user-form-values';
import classes from './users-screen.module.css';

const FILTER_KEYS = ['q', 'level', 'state', 'tour_operator_id'] as const;
const DEFAULT_SORT = 'full_name';
const SORT_OPTIONS = [
  { value: 'full_name', label: 'Nombre (A–Z)' },
  { value: '-full_name', label: 'Nombre (Z–A)' },
  { value: '-created_at', label: 'Más recientes' },
  { value: 'created_at', label: 'Más antiguos' },
  { value: 'level', label: 'Rol' },
];

function currentUserId(): string | null {
  try {
    return getCurrentUser().id;
  } catch {
    return null;
  }
}

/** /users: the spec's user list operations (§7) with filters, paging and sorting in the URL. */
export function UsersScreen() {
  const roles = getRoles();
  const actorLevel = roles.length ? Math.min(...roles) : -1;
  const isAdmin = roles.includes(LEVEL.ADMIN);
  const canManage = hasPermission(roles, ACCESS.usersManage);
  const myId = currentUserId();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const me = useMe();
  const ctx: TUserFormContext = { actorLevel, actorOperatorId: me.data?.tour_operator_id ?? null };

  const list = useListParams({ sort: DEFAULT_SORT });
  const filters: TUsersFilters = {
    q: list.get('q'),
    level: list.get('level'),
    state: list.get('state'),
    tour_operator_id: isAdmin ? list.get('tour_operator_id') : '',
  };
  const sort = parseSort(list.sort);
  const params = { ...filters, page: list.page, per_page: list.perPage, sort: list.sort };
  const usersQuery = useUsers(params);
  const operators = useTourOperatorOptions(isAdmin);
  const deleteMutation = useDeleteUser();

  const [formState, setFormState] = useState<{ opened: boolean; user: TUserResponse | null }>({
    opened: false,
    user: null,
  });
  const [exporting, setExporting] = useState(false);

  // Search box: typed text goes to the URL after a pause (debounced).
  const [search, setSearch] = useState(filters.q ?? '');
  const searchRef = useRef<HTMLInputElement>(null);
  const pushSearch = useDebouncedCallback((q: string) => list.setFilters({ q: q.trim() }), 350);
  useEffect(() => {
    if (document.activeElement !== searchRef.current) setSearch(filters.q ?? '');
  }, [filters.q]);

  const data = usersQuery.data;
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / list.perPage));
  const hasFilters = FILTER_KEYS.some((k) => list.get(k) !== '');
  const isFirstLoad = usersQuery.isLoading && !data;

  // A page past the end (rows deleted, bookmark) goes back to the last page.
  useEffect(() => {
    if (data && !data.failed && list.page > totalPages) list.setPage(totalPages);
  }, [data, list.page, list.setPage, totalPages]);

  const roleFilterOptions = (() => {
    const levels = isAdmin ? ([0, 1, 2, 3, 4, 5] as TLevel[]) : roleOptions(ctx).map((o) => Number(o.value) as TLevel);
    const source = levels.length ? levels : ([1, 2, 3, 4, 5] as TLevel[]);
    return source.map((l) => ({ value: String(l), label: ROLE_NAMES[l] }));
  })();

  const onSort = (field: string) => list.setFilters({ sort: formatSort(nextSort(sort, field)) });

  const openCreate = () => setFormState({ opened: true, user: null });
  const openEdit = (user: TUserResponse) => setFormState({ opened: true, user });

  const confirmDelete = (user: TUserResponse) =>
    modals.openConfirmModal({
      title: 'Eliminar usuario',
      centered: true,
      children: (
        <Text size="sm">
          ¿Seguro que quieres eliminar a <b>{user.full_name}</b> ({user.email})? Ya no podrá entrar en Trayecto.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} /> },
      onConfirm: () =>
        deleteMutation.mutate(user.id, {
          // Spec §8: a failing delete is silently ignored (the list is read again anyway).
          onSuccess: (deleted) => {
            if (deleted) notifySuccess('Usuario eliminado', `${user.full_name} ya no tiene acceso.`);
          },
        }),
    });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllUsers(filters, list.sort);
      downloadCsv(`usuarios-${todayStamp()}.csv`, usersToCsv(rows, isAdmin));
      notifySuccess('Exportación lista', `${countLabel(rows.length, 'usuario exportado', 'usuarios exportados')}.`);
    } catch {
      notifyError('No se ha podido exportar', 'Inténtalo de nuevo en unos instantes.');
    } finally {
      setExporting(false);
    }
  };

  const colCount = 6 + (isAdmin ? 1 : 0) + (canManage ? 1 : 0);
  const from = total === 0 ? 0 : (list.page - 1) * list.perPage + 1;
  const to = Math.min(total, list.page * list.perPage);

  return (
    <>
      <PageHeader
        title="Usuarios"
        description="Las personas de tu equipo que usan Trayecto y el rol con el que entran."
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
            {canManage ? (
              <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={openCreate}>
                Nuevo usuario
              </Button>
            ) : null}
          </>
        }
      />

      <Paper withBorder radius="lg" shadow="xs">
        <Group p="md" gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filtrar usuarios">
          <TextInput
            ref={searchRef}
            label="Buscar"
            placeholder="Buscar por nombre, email o teléfono"
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
            label="Rol"
            placeholder="Todos los roles"
            data={roleFilterOptions}
            value={filters.level || null}
            onChange={(v) => list.setFilters({ level: v })}
            clearable
            allowDeselect
            style={{ flex: '1 1 170px' }}
          />
          <Select
            label="Estado"
            placeholder="Todos"
            data={STATE_OPTIONS}
            value={filters.state || null}
            onChange={(v) => list.setFilters({ state: v })}
            clearable
            allowDeselect
            style={{ flex: '1 1 130px' }}
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
              onClick={() => {
                setSearch('');
                list.clear([...FILTER_KEYS]);
              }}
            >
              Limpiar filtros
            </Button>
          ) : null}
        </Group>

        {data?.failed ? (
          <Alert
            mx="md"
            mb="md"
            color="red"
            variant="light"
            title="No se ha podido cargar la lista de usuarios"
            role="alert"
          >
            <Group justify="space-between" gap="sm">
              <Text size="sm">Comprueba tu conexión e inténtalo de nuevo.</Text>
              <Button
                size="xs"
                variant="white"
                color="red"
                leftSection={<IconRefresh size={14} />}
                onClick={() => usersQuery.refetch()}
                loading={usersQuery.isFetching}
              >
                Reintentar
              </Button>
            </Group>
          </Alert>
        ) : null}

        {isPhone ? (
          <Stack gap={0} aria-label="Usuarios" role="list" aria-busy={usersQuery.isFetching}>
            {isFirstLoad
              ? Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
                  <Box key={i} px="md" py="sm" className={classes.card} aria-hidden>
                    <Skeleton h={16} w="60%" mb={8} />
                    <Skeleton h={12} w="80%" />
                  </Box>
                ))
              : items.map((u) => (
                  <Box key={u.id} px="md" py="sm" className={classes.card} role="listitem">
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                      <Box style={{ minWidth: 0 }}>
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
                            {ROLE_NAMES[u.level as TLevel] ?? u.level}
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
                      </Box>
                      {canManage ? (
                        <RowActions user={u} isSelf={u.id === myId} onEdit={openEdit} onDelete={confirmDelete} />
                      ) : null}
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
              miw={isAdmin ? 900 : 760}
              aria-label="Usuarios"
              aria-busy={usersQuery.isFetching}
              className={classes.table}
              style={{ opacity: usersQuery.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            >
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="full_name" sort={sort} onSort={onSort}>
                    Nombre
                  </SortableTh>
                  <SortableTh field="email" sort={sort} onSort={onSort}>
                    Email
                  </SortableTh>
                  <Table.Th>Teléfono</Table.Th>
                  <SortableTh field="level" sort={sort} onSort={onSort}>
                    Rol
                  </SortableTh>
                  <SortableTh field="state" sort={sort} onSort={onSort}>
                    Estado
                  </SortableTh>
                  {isAdmin ? <Table.Th>Tour operador</Table.Th> : null}
                  <SortableTh field="created_at" sort={sort} onSort={onSort}>
                    Creado
                  </SortableTh>
                  {canManage ? (
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
                            <Skeleton h={14} my={5} w={j === 0 ? '80%' : '60%'} />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))
                  : items.map((u) => (
                      <Table.Tr key={u.id}>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            {canManage ? (
                              <Anchor
                                component="button"
                                type="button"
                                fw={600}
                                size="sm"
                                c="dark"
                                onClick={() => openEdit(u)}
                                ta="left"
                              >
                                {u.full_name}
                              </Anchor>
                            ) : (
                              <Text fw={600} size="sm">
                                {u.full_name}
                              </Text>
                            )}
                            {u.id === myId ? <YouBadge /> : null}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Anchor href={`mailto:${u.email}`} size="sm" c="dimmed">
                            <BreakableEmail email={u.email} />
                          </Anchor>
                        </Table.Td>
                        <Table.Td className={classes.nowrap}>
                          <Text size="sm">{u.phone || '—'}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{ROLE_NAMES[u.level as TLevel] ?? u.level}</Text>
                        </Table.Td>
                        <Table.Td>
                          <StateBadge state={u.state} />
                        </Table.Td>
                        {isAdmin ? (
                          <Table.Td>
                            <Text size="sm">{u.tour_operator?.name ?? '—'}</Text>
                          </Table.Td>
                        ) : null}
                        <Table.Td className={classes.nowrap}>
                          <Tooltip label={formatDateTime(u.created_at)}>
                            <Text size="sm">{formatDate(u.created_at)}</Text>
                          </Tooltip>
                        </Table.Td>
                        {canManage ? (
                          <Table.Td className={classes.sticky}>
                            <RowActions user={u} isSelf={u.id === myId} onEdit={openEdit} onDelete={confirmDelete} />
                          </Table.Td>
                        ) : null}
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}

        {!isFirstLoad && items.length === 0 && !data?.failed ? (
          <EmptyState
            py={48}
            px="md"
            variant="light"
            icon={<IconUsers size={28} />}
            title={hasFilters ? 'Ningún usuario coincide con los filtros' : 'Aún no hay usuarios'}
            description={
              hasFilters
                ? 'Prueba con otra búsqueda o quita algún filtro.'
                : canManage
                  ? 'Crea el primero para que tu equipo pueda entrar en Trayecto.'
                  : 'Cuando el administrador dé de alta a tu equipo, aparecerá aquí.'
            }
          >
            <EmptyState.Actions>
              {hasFilters ? (
                <Button
                  variant="default"
                  leftSection={<IconFilterOff size={16} />}
                  onClick={() => {
                    setSearch('');
                    list.clear([...FILTER_KEYS]);
                  }}
                >
                  Limpiar filtros
                </Button>
              ) : canManage ? (
                <Button leftSection={<IconUserPlus size={16} />} onClick={openCreate}>
                  Nuevo usuario
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
              {from.toLocaleString('es-ES')}–{to.toLocaleString('es-ES')} de {countLabel(total, 'usuario', 'usuarios')}
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

      {canManage ? (
        <UserFormModal
          opened={formState.opened}
          user={formState.user}
          ctx={ctx}
          onClose={() => setFormState((s) => ({ ...s, opened: false }))}
        />
      ) : null}
    </>
  );
}

/** Lets a long address wrap after the @ instead of widening the table. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

function YouBadge() {
  return (
    <Badge size="xs" variant="outline" color="gray" radius="sm" style={{ flex: 'none' }}>
      Tú
    </Badge>
  );
}

function RowActions({
  user,
  isSelf,
  onEdit,
  onDelete,
}: {
  user: TUserResponse;
  isSelf: boolean;
  onEdit: (u: TUserResponse) => void;
  onDelete: (u: TUserResponse) => void;
}) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Editar">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`Editar ${user.full_name}`}
          onClick={() => onEdit(user)}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      {isSelf ? null : (
        <Tooltip label="Eliminar">
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Eliminar ${user.full_name}`}
            onClick={() => onDelete(user)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
