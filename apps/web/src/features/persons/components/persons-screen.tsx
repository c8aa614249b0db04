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
  IconDownload,
  IconEye,
  IconFilterOff,
  IconId,
  IconPencil,
  IconSearch,
  IconTrash,
  IconUserPlus,
} from '@tabler/icons-react';
import { PERSON_ROLE_NAMES, type TPersonResponse, type TPersonRole } from '@trayecto/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
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
import { useDeletePerson } from '../api/delete-person';
import { fetchAllPersons, personsToCsv } from '../api/export-persons';
import { type TPersonsFilters, usePersons } from '../api/list-persons';
import { personAccess } from './person-access';
import { ExpiryBadge, LanguageBadges } from './person-badges';
import { PersonFormDrawer } from './person-form-drawer';
import { LANGUAGE_OPTIONS, PERSON_ROLE_OPTIONS, PERSON_STATE_OPTIONS } from './person-form-values';
import classes from './persons-screen.module.css';

const FILTER_KEYS = ['q', 'role', 'state', 'language', 'tour_operator_id'] as const;
const DEFAULT_SORT = 'full_name';
const SORT_OPTIONS = [
  { value: 'full_name', label: 'Nombre (A–Z)' },
  { value: '-full_name', label: 'Nombre (Z–A)' },
  { value: 'role', label: 'Función' },
  { value: '-created_at', label: 'Más recientes' },
];

const roleName = (r: string) => PERSON_ROLE_NAMES[r as TPersonRole] ?? r;

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

/** /resources/persons: guides, drivers and assistants who work on tours without logging in. */
export function PersonsScreen() {
  const roles = getRoles();
  const { canWrite, isAdmin } = personAccess(roles);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;

  const list = useListParams({ sort: DEFAULT_SORT });
  const filters: TPersonsFilters = {
    q: list.get('q'),
    role: list.get('role'),
    state: list.get('state'),
    language: list.get('language'),
    tour_operator_id: isAdmin ? list.get('tour_operator_id') : '',
  };
  const sort = parseSort(list.sort);
  const query = usePersons({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort });
  const operators = useTourOperatorSelectOptions(isAdmin);
  const operatorNames = useMemo(() => operatorNameMap(operators.data), [operators.data]);
  const deleteMutation = useDeletePerson();

  const [drawer, setDrawer] = useState<{ opened: boolean; person: TPersonResponse | null }>({
    opened: false,
    person: null,
  });
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
    if (query.data && list.page > totalPages) list.setPage(totalPages);
  }, [query.data, list.page, list.setPage, totalPages]);

  const onSort = (field: string) => applyFilters({ sort: formatSort(nextSort(sort, field)) });
  const open = (person: TPersonResponse | null) => setDrawer({ opened: true, person });
  const clearFilters = () => {
    pushSearch.cancel();
    setSearch('');
    list.clear([...FILTER_KEYS]);
  };

  const confirmDelete = (p: TPersonResponse) =>
    modals.openConfirmModal({
      title: 'Eliminar persona',
      centered: true,
      children: (
        <Text size="sm">
          ¿Seguro que quieres eliminar a <b>{p.full_name}</b> ({roleName(p.role).toLowerCase()})? Dejará de ofrecerse en
          las hojas de servicio.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} /> },
      onConfirm: () =>
        deleteMutation.mutate(p.id, {
          onSuccess: () => notifySuccess('Persona eliminada', p.full_name),
          onError: (e) => notifyError('No se ha podido eliminar', e.message),
        }),
    });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllPersons(filters, list.sort);
      downloadCsv(
        `personas-${todayStamp()}.csv`,
        personsToCsv(rows, isAdmin ? (id) => operatorNames.get(id) : undefined),
      );
      notifySuccess('Exportación lista', `${countLabel(rows.length, 'persona exportada', 'personas exportadas')}.`);
    } catch {
      notifyError('No se ha podido exportar', 'Inténtalo de nuevo en unos instantes.');
    } finally {
      setExporting(false);
    }
  };

  const rowActions = (p: TPersonResponse) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={canWrite ? 'Editar' : 'Ver'}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`${canWrite ? 'Editar' : 'Ver'} ${p.full_name}`}
          onClick={() => open(p)}
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
            aria-label={`Eliminar ${p.full_name}`}
            onClick={() => confirmDelete(p)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );

  const documentCell = (p: TPersonResponse) => (
    <Stack gap={4}>
      <Group gap={6} wrap="wrap">
        <Text size="sm">{p.document_id || '—'}</Text>
        <ExpiryBadge date={p.document_expiry} what="Documento" />
      </Group>
      {p.license_number || p.license_expiry ? (
        <Group gap={6} wrap="wrap">
          <Text size="xs" c="dimmed">
            Permiso {p.license_number || ''}
          </Text>
          <ExpiryBadge date={p.license_expiry} what="Permiso de conducir" prefix="Permiso" />
        </Group>
      ) : null}
    </Stack>
  );

  const colCount = 8 + (isAdmin ? 1 : 0);

  return (
    <>
      <PageHeader
        title="Personas"
        description="Guías, chóferes y asistentes que trabajan en las salidas sin entrar en Trayecto."
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
              <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => open(null)}>
                Nueva persona
              </Button>
            ) : null}
          </>
        }
      />

      <Paper withBorder radius="lg" shadow="xs">
        <Group p="md" gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filtrar personas">
          <TextInput
            ref={searchRef}
            label="Buscar"
            placeholder="Nombre, teléfono, email o documento"
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
            label="Función"
            placeholder="Todas"
            data={PERSON_ROLE_OPTIONS}
            value={filters.role || null}
            onChange={(v) => applyFilters({ role: v })}
            clearable
            style={{ flex: '1 1 140px' }}
          />
          <Select
            label="Idioma"
            placeholder="Todos"
            data={LANGUAGE_OPTIONS}
            value={filters.language || null}
            onChange={(v) => applyFilters({ language: v })}
            searchable
            clearable
            nothingFoundMessage="Ningún idioma coincide"
            style={{ flex: '1 1 140px' }}
          />
          <Select
            label="Estado"
            placeholder="Todos"
            data={PERSON_STATE_OPTIONS}
            value={filters.state || null}
            onChange={(v) => applyFilters({ state: v })}
            clearable
            style={{ flex: '1 1 120px' }}
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
            title="No se ha podido cargar la lista de personas"
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        ) : null}

        {isPhone ? (
          <Stack gap={0} aria-label="Personas" role="list" aria-busy={query.isFetching}>
            {isFirstLoad
              ? Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
                  <Box key={i} px="md" py="sm" className={classes.card} aria-hidden>
                    <Skeleton h={16} w="60%" mb={8} />
                    <Skeleton h={12} w="80%" />
                  </Box>
                ))
              : items.map((p) => (
                  <Box key={p.id} px="md" py="sm" className={classes.card} role="listitem">
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                      <Box style={{ minWidth: 0 }}>
                        <Anchor
                          component="button"
                          type="button"
                          fw={600}
                          size="sm"
                          c="dark"
                          ta="left"
                          onClick={() => open(p)}
                        >
                          {p.full_name}
                        </Anchor>
                        <Group gap={6} mt={4} wrap="wrap">
                          <Badge variant="default" radius="sm" tt="none" fw={500}>
                            {roleName(p.role)}
                          </Badge>
                          <StateBadge state={p.state} />
                          <ExpiryBadge date={p.document_expiry} what="Documento" />
                          <ExpiryBadge date={p.license_expiry} what="Permiso de conducir" prefix="Permiso" />
                        </Group>
                        <Box mt={6}>
                          <LanguageBadges languages={p.languages ?? []} />
                        </Box>
                        {p.phone ? (
                          <Anchor href={`tel:${p.phone.replace(/\s+/g, '')}`} size="xs" mt={4} display="block">
                            {p.phone}
                          </Anchor>
                        ) : null}
                      </Box>
                      {rowActions(p)}
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
              miw={isAdmin ? 1160 : 1040}
              aria-label="Personas"
              aria-busy={query.isFetching}
              className={classes.table}
              style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            >
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="full_name" sort={sort} onSort={onSort}>
                    Nombre
                  </SortableTh>
                  <SortableTh field="role" sort={sort} onSort={onSort}>
                    Función
                  </SortableTh>
                  <Table.Th>Teléfono</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th miw={150}>Idiomas</Table.Th>
                  <Table.Th miw={170}>Documento</Table.Th>
                  <SortableTh field="state" sort={sort} onSort={onSort} width={110}>
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
                            <Skeleton h={14} my={5} w={j === 0 ? '80%' : '60%'} />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))
                  : items.map((p) => (
                      <Table.Tr key={p.id}>
                        <Table.Td>
                          <Anchor
                            component="button"
                            type="button"
                            fw={600}
                            size="sm"
                            c="dark"
                            ta="left"
                            onClick={() => open(p)}
                          >
                            {p.full_name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{roleName(p.role)}</Text>
                        </Table.Td>
                        <Table.Td className={classes.nowrap}>
                          {p.phone ? (
                            <Anchor href={`tel:${p.phone.replace(/\s+/g, '')}`} size="sm" c="dark">
                              {p.phone}
                            </Anchor>
                          ) : (
                            <Text size="sm">—</Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {p.email ? (
                            <Anchor href={`mailto:${p.email}`} size="sm" c="dimmed">
                              <BreakableEmail email={p.email} />
                            </Anchor>
                          ) : (
                            <Text size="sm">—</Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <LanguageBadges languages={p.languages ?? []} />
                        </Table.Td>
                        <Table.Td>{documentCell(p)}</Table.Td>
                        <Table.Td>
                          <StateBadge state={p.state} />
                        </Table.Td>
                        {isAdmin ? (
                          <Table.Td>
                            <Text size="sm">{operatorNames.get(p.tour_operator_id) ?? '—'}</Text>
                          </Table.Td>
                        ) : null}
                        <Table.Td className={classes.sticky}>{rowActions(p)}</Table.Td>
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
            icon={<IconId size={28} />}
            title={hasFilters ? 'Ninguna persona coincide con los filtros' : 'Aún no hay personas'}
            description={
              hasFilters
                ? 'Prueba con otra búsqueda o quita algún filtro.'
                : canWrite
                  ? 'Da de alta a tus guías y asistentes para asignarlos a las salidas.'
                  : 'Cuando tu empresa dé de alta a su equipo, aparecerá aquí.'
            }
          >
            <EmptyState.Actions>
              {hasFilters ? (
                <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={clearFilters}>
                  Limpiar filtros
                </Button>
              ) : canWrite ? (
                <Button leftSection={<IconUserPlus size={16} />} onClick={() => open(null)}>
                  Nueva persona
                </Button>
              ) : null}
            </EmptyState.Actions>
          </EmptyState>
        ) : null}

        <ListFooter
          total={total}
          page={list.page}
          perPage={list.perPage}
          one="persona"
          many="personas"
          onPage={list.setPage}
          onPerPage={(v) => applyFilters({ per_page: v })}
        />
      </Paper>

      <PersonFormDrawer
        opened={drawer.opened}
        person={drawer.person}
        readOnly={!canWrite}
        ctx={{ isAdmin }}
        operators={operators.data ?? []}
        onClose={() => setDrawer((s) => ({ ...s, opened: false }))}
      />
    </>
  );
}
