import {
  ActionIcon,
  Alert,
  Anchor,
  Avatar,
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
  IconBan,
  IconBuildingPlus,
  IconCircleCheck,
  IconDownload,
  IconEye,
  IconFilterOff,
  IconPencil,
  IconRefresh,
  IconSearch,
  IconUsersGroup,
} from '@tabler/icons-react';
import { ACCESS, hasPermission, TOUR_OPERATOR_STATE, type TTourOperatorResponse } from '@trayecto/shared';
import { useEffect, useRef, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { formatSort, nextSort, parseSort, SortableTh } from '../../../components/sortable-th';
import { StateBadge } from '../../../components/state-badge';
import { getRoles } from '../../../lib/auth-storage';
import { downloadCsv, todayStamp } from '../../../lib/csv';
import { countLabel } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { fetchAllTourOperators, tourOperatorsToCsv } from '../api/export-tour-operators';
import { type TTourOperatorsFilters, useTourOperators } from '../api/list-tour-operators';
import { useUpdateTourOperator } from '../api/update-tour-operator';
import { TourOperatorFormDrawer } from './tour-operator-form-drawer';
import classes from './tour-operators-screen.module.css';

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
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;

  const list = useListParams({ sort: 'name' });
  const filters: TTourOperatorsFilters = { q: list.get('q'), state: list.get('state') };
  const sort = parseSort(list.sort);
  const query = useTourOperators({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort });
  const updateMutation = useUpdateTourOperator();

  const [drawer, setDrawer] = useState<{ opened: boolean; operator: TTourOperatorResponse | null }>({
    opened: false,
    operator: null,
  });
  const [exporting, setExporting] = useState(false);

  const [search, setSearch] = useState(filters.q ?? '');
  const searchRef = useRef<HTMLInputElement>(null);
  const pushSearch = useDebouncedCallback((q: string) => list.setFilters({ q: q.trim() }), 350);
  useEffect(() => {
    if (document.activeElement !== searchRef.current) setSearch(filters.q ?? '');
  }, [filters.q]);

  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / list.perPage));
  const hasFilters = FILTER_KEYS.some((k) => list.get(k) !== '');
  const isFirstLoad = query.isLoading && !query.data;
  const colCount = 7;

  useEffect(() => {
    if (query.data && list.page > totalPages) list.setPage(totalPages);
  }, [query.data, list.page, list.setPage, totalPages]);

  const onSort = (field: string) => list.setFilters({ sort: formatSort(nextSort(sort, field)) });
  const open = (operator: TTourOperatorResponse | null) => setDrawer({ opened: true, operator });
  const clearFilters = () => {
    setSearch('');
    list.clear([...FILTER_KEYS]);
  };

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

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllTourOperators(filters, list.sort);
      downloadCsv(`tour-operadores-${todayStamp()}.csv`, tourOperatorsToCsv(rows));
      notifySuccess(
        'Exportación lista',
        `${countLabel(rows.length, 'tour operador exportado', 'tour operadores exportados')}.`,
      );
    } catch {
      notifyError('No se ha podido exportar', 'Inténtalo de nuevo en unos instantes.');
    } finally {
      setExporting(false);
    }
  };

  const rowActions = (o: TTourOperatorResponse) => {
    const active = o.state === TOUR_OPERATOR_STATE.ACTIVE;
    return (
      <Group gap={4} wrap="nowrap">
        <Tooltip label={canEdit ? 'Editar' : 'Ver'}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`${canEdit ? 'Editar' : 'Ver'} ${o.name}`}
            onClick={() => open(o)}
          >
            {canEdit ? <IconPencil size={18} /> : <IconEye size={18} />}
          </ActionIcon>
        </Tooltip>
        {canToggleState ? (
          <Tooltip label={active ? 'Desactivar' : 'Activar'}>
            <ActionIcon
              variant="subtle"
              color={active ? 'red' : 'teal'}
              size="lg"
              aria-label={`${active ? 'Desactivar' : 'Activar'} ${o.name}`}
              onClick={() => confirmToggle(o)}
            >
              {active ? <IconBan size={18} /> : <IconCircleCheck size={18} />}
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    );
  };

  const from = total === 0 ? 0 : (list.page - 1) * list.perPage + 1;
  const to = Math.min(total, list.page * list.perPage);

  return (
    <>
      <PageHeader
        title="Tour operadores"
        description={
          canCreate
            ? 'Las empresas que trabajan con Trayecto: datos fiscales, contacto, marca y condiciones de reserva.'
            : 'Los datos de tu empresa: datos fiscales, contacto, marca y condiciones de reserva.'
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
            {canCreate ? (
              <Button leftSection={<IconBuildingPlus size={18} aria-hidden />} onClick={() => open(null)}>
                Nuevo tour operador
              </Button>
            ) : null}
          </>
        }
      />

      <Paper withBorder radius="lg" shadow="xs">
        <Group p="md" gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filtrar tour operadores">
          <TextInput
            ref={searchRef}
            label="Buscar"
            placeholder="Buscar por nombre, CIF/NIF o email"
            type="search"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              pushSearch(e.currentTarget.value);
            }}
            style={{ flex: '2 1 260px' }}
          />
          <Select
            label="Estado"
            placeholder="Todos"
            data={STATE_FILTER}
            value={filters.state || null}
            onChange={(v) => list.setFilters({ state: v })}
            clearable
            allowDeselect
            style={{ flex: '1 1 140px' }}
          />
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
          <Alert mx="md" mb="md" color="red" variant="light" title="No se ha podido cargar la lista" role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{query.error.message}</Text>
              <Button
                size="xs"
                variant="white"
                color="red"
                leftSection={<IconRefresh size={14} />}
                onClick={() => query.refetch()}
              >
                Reintentar
              </Button>
            </Group>
          </Alert>
        ) : null}

        {isPhone ? (
          <Stack gap={0} role="list" aria-label="Tour operadores" aria-busy={query.isFetching}>
            {isFirstLoad
              ? Array.from({ length: 3 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
                  <Box key={i} px="md" py="sm" className={classes.card} aria-hidden>
                    <Skeleton h={16} w="60%" mb={8} />
                    <Skeleton h={12} w="80%" />
                  </Box>
                ))
              : items.map((o) => (
                  <Box key={o.id} px="md" py="sm" className={classes.card} role="listitem">
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
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
                      {rowActions(o)}
                    </Group>
                  </Box>
                ))}
          </Stack>
        ) : (
          <ScrollArea type="auto" offsetScrollbars="x">
            <Table
              stickyHeader
              highlightOnHover
              verticalSpacing="xs"
              horizontalSpacing="sm"
              miw={900}
              aria-label="Tour operadores"
              aria-busy={query.isFetching}
              style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            >
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="name" sort={sort} onSort={onSort}>
                    Nombre
                  </SortableTh>
                  <Table.Th>CIF/NIF</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Teléfono</Table.Th>
                  <Table.Th ta="right">Usuarios</Table.Th>
                  <SortableTh field="state" sort={sort} onSort={onSort}>
                    Estado
                  </SortableTh>
                  <Table.Th w={96}>
                    <VisuallyHidden>Acciones</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {isFirstLoad
                  ? Array.from({ length: 5 }, (_, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
                      <Table.Tr key={i} aria-hidden>
                        {Array.from({ length: colCount }, (_, j) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton cells
                          <Table.Td key={j}>
                            <Skeleton h={16} my={6} w={j === 0 ? '80%' : '60%'} />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))
                  : items.map((o) => (
                      <Table.Tr key={o.id}>
                        <Table.Td>
                          <Group gap="sm" wrap="nowrap">
                            <OperatorAvatar operator={o} />
                            <div style={{ minWidth: 0 }}>
                              <Anchor
                                component="button"
                                type="button"
                                fw={600}
                                size="sm"
                                c="dark"
                                onClick={() => open(o)}
                                ta="left"
                              >
                                {o.name}
                              </Anchor>
                              {o.legal_name ? (
                                <Text size="xs" c="dimmed" truncate="end">
                                  {o.legal_name}
                                </Text>
                              ) : null}
                            </div>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" ff="monospace">
                            {o.tax_id || '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {o.email ? (
                            <Anchor href={`mailto:${o.email}`} size="sm" c="dimmed">
                              {o.email}
                            </Anchor>
                          ) : (
                            '—'
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                            {o.phone || '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text size="sm" ff="monospace">
                            {(o.users_count ?? 0).toLocaleString('es-ES')}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <StateBadge state={o.state} />
                        </Table.Td>
                        <Table.Td>{rowActions(o)}</Table.Td>
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
            icon={<IconUsersGroup size={28} />}
            title={hasFilters ? 'Ningún tour operador coincide con los filtros' : 'Aún no hay tour operadores'}
            description={
              hasFilters
                ? 'Prueba con otra búsqueda o quita algún filtro.'
                : canCreate
                  ? 'Da de alta el primero para empezar a vender sus excursiones.'
                  : 'No hay datos de tu tour operador.'
            }
          >
            <EmptyState.Actions>
              {hasFilters ? (
                <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={clearFilters}>
                  Limpiar filtros
                </Button>
              ) : canCreate ? (
                <Button leftSection={<IconBuildingPlus size={16} />} onClick={() => open(null)}>
                  Nuevo tour operador
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
              {countLabel(total, 'tour operador', 'tour operadores')}
            </Text>
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
        ) : null}
      </Paper>

      <TourOperatorFormDrawer
        opened={drawer.opened}
        operator={drawer.operator}
        readOnly={drawer.operator ? !canEdit : !canCreate}
        onClose={() => setDrawer((d) => ({ ...d, opened: false }))}
      />
    </>
  );
}
