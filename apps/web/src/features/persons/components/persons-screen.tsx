import { Anchor, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconId, IconUserPlus } from '@tabler/icons-react';
import { apiPath, languageName, PERSON_ROLE_NAMES, type TPersonResponse, type TPersonRole } from '@trayecto/shared';
import { useMemo } from 'react';
import { BreakableEmail } from '../../../components/breakable-email';
import type { TColumns } from '../../../components/data-table';
import { useDeleteConfirm } from '../../../components/delete-confirm';
import { ListEmptyState, ListResults, ListScreen } from '../../../components/list-screen';
import { FilterSelect, ListToolbar, TourOperatorFilter } from '../../../components/list-toolbar';
import { RecordLink, RowActions } from '../../../components/row-actions';
import { StateBadge } from '../../../components/state-badge';
import { getRoles } from '../../../lib/auth-storage';
import { notifySuccess } from '../../../lib/notify';
import { operatorNameMap, useTourOperatorSelectOptions } from '../../../lib/tour-operator-options';
import { useCsvExport } from '../../../lib/use-csv-export';
import { useListControls } from '../../../lib/use-list-params';
import { useRecordDrawer } from '../../../lib/use-record-drawer';
import { useDeletePerson } from '../api/delete-person';
import { personsListQueryString, type TPersonsFilters, usePersons } from '../api/list-persons';
import { personAccess } from './person-access';
import { ExpiryBadge, LanguageBadges } from './person-badges';
import { PersonFormDrawer } from './person-form-drawer';
import { LANGUAGE_OPTIONS, PERSON_ROLE_OPTIONS, PERSON_STATE_OPTIONS } from './person-form-values';

const FILTER_KEYS = ['q', 'role', 'state', 'language', 'tour_operator_id'] as const;
const SORT_OPTIONS = [
  { value: 'full_name', label: 'Nombre (A–Z)' },
  { value: '-full_name', label: 'Nombre (Z–A)' },
  { value: 'role', label: 'Función' },
  { value: '-created_at', label: 'Más recientes' },
];

const roleName = (r: string) => PERSON_ROLE_NAMES[r as TPersonRole] ?? r;
const telHref = (phone: string) => `tel:${phone.replace(/\s+/g, '')}`;

/** /resources/persons: guides, drivers and assistants who work on tours without logging in. */
export function PersonsScreen() {
  const { canWrite, isAdmin } = personAccess(getRoles());

  const list = useListControls({ sort: 'full_name', filterKeys: FILTER_KEYS });
  const filters: TPersonsFilters = {
    q: list.get('q'),
    role: list.get('role'),
    state: list.get('state'),
    language: list.get('language'),
    tour_operator_id: isAdmin ? list.get('tour_operator_id') : '',
  };
  const query = usePersons({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort });
  const operators = useTourOperatorSelectOptions(isAdmin);
  const operatorNames = useMemo(() => operatorNameMap(operators.data), [operators.data]);
  const drawer = useRecordDrawer<TPersonResponse>();

  const csv = useCsvExport({
    name: 'personas',
    path: apiPath('personsExport'),
    query: personsListQueryString({ ...filters, page: list.page, per_page: list.perPage, sort: list.sort }),
    exported: ['persona exportada', 'personas exportadas'],
  });

  const confirmDelete = useDeleteConfirm(useDeletePerson(), {
    title: 'Eliminar persona',
    message: (p: TPersonResponse) => (
      <>
        ¿Seguro que quieres eliminar a <b>{p.full_name}</b> ({roleName(p.role).toLowerCase()})? Dejará de ofrecerse en
        las hojas de servicio.
      </>
    ),
    onDeleted: (p) => notifySuccess('Persona eliminada', p.full_name),
  });

  const create = canWrite ? { label: 'Nueva persona', icon: IconUserPlus, onClick: () => drawer.open(null) } : null;

  const nameLink = (p: TPersonResponse) => <RecordLink onClick={() => drawer.open(p)}>{p.full_name}</RecordLink>;

  const columns: TColumns<TPersonResponse> = [
    { key: 'name', header: 'Nombre', sort: 'full_name', wide: true, width: 170, cell: nameLink },
    { key: 'role', header: 'Función', sort: 'role', cell: (p) => <Text size="sm">{roleName(p.role)}</Text> },
    {
      key: 'phone',
      header: 'Teléfono',
      nowrap: true,
      cell: (p) =>
        p.phone ? (
          <Anchor href={telHref(p.phone)} size="sm" c="dark">
            {p.phone}
          </Anchor>
        ) : (
          <Text size="sm">—</Text>
        ),
    },
    {
      key: 'email',
      header: 'Email',
      optional: true,
      hiddenByDefault: true,
      cell: (p) =>
        p.email ? (
          <Anchor href={`mailto:${p.email}`} size="sm" c="dimmed">
            <BreakableEmail email={p.email} />
          </Anchor>
        ) : (
          <Text size="sm">—</Text>
        ),
    },
    {
      key: 'languages',
      header: 'Idiomas',
      optional: true,
      th: { miw: 130 },
      // Plain text in the table (badges stacked one per line made rows four lines tall).
      cell: (p) => (
        <Text size="sm" lineClamp={2}>
          {p.languages?.length ? p.languages.map(languageName).join(', ') : '—'}
        </Text>
      ),
    },
    {
      key: 'document',
      header: 'Documento',
      optional: true,
      th: { miw: 150 },
      cell: (p) => (
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
      ),
    },
    { key: 'state', header: 'Estado', sort: 'state', width: 110, cell: (p) => <StateBadge state={p.state} /> },
    isAdmin && {
      key: 'operator',
      header: 'Tour operador',
      optional: true,
      cell: (p) => (
        <Text size="sm" lineClamp={2} title={operatorNames.get(p.tour_operator_id)}>
          {operatorNames.get(p.tour_operator_id) ?? '—'}
        </Text>
      ),
    },
  ];

  return (
    <>
      <ListScreen
        columnsKey="persons"
        list={list}
        title="Personas"
        description="Guías, choferes y asistentes que trabajan en las salidas sin entrar en Trayecto."
        csv={csv}
        query={query}
        create={create}
      >
        <ListToolbar
          label="Filtrar personas"
          placeholder="Nombre, teléfono, email o documento"
          sortOptions={SORT_OPTIONS}
        >
          <FilterSelect param="role" label="Función" placeholder="Todas" data={PERSON_ROLE_OPTIONS} flex="1 1 140px" />
          <FilterSelect
            param="language"
            label="Idioma"
            placeholder="Todos"
            data={LANGUAGE_OPTIONS}
            searchable
            nothingFoundMessage="Ningún idioma coincide"
            flex="1 1 140px"
          />
          <FilterSelect param="state" label="Estado" placeholder="Todos" data={PERSON_STATE_OPTIONS} flex="1 1 120px" />
          {isAdmin ? <TourOperatorFilter options={operators} /> : null}
        </ListToolbar>

        <ListResults
          query={query}
          errorTitle="No se ha podido cargar la lista de personas"
          noun={['persona', 'personas']}
          label="Personas"
          columns={columns}
          miw={900}
          actions={(p) => (
            <RowActions
              target={p.full_name}
              canEdit={canWrite}
              onOpen={() => drawer.open(p)}
              onDelete={canWrite ? () => confirmDelete(p) : undefined}
            />
          )}
          card={(p) => (
            <>
              {nameLink(p)}
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
                <Anchor href={telHref(p.phone)} size="xs" mt={4} display="block">
                  {p.phone}
                </Anchor>
              ) : null}
            </>
          )}
          empty={
            <ListEmptyState
              icon={<IconId size={28} />}
              filteredTitle="Ninguna persona coincide con los filtros"
              title="Aún no hay personas"
              description={
                canWrite
                  ? 'Da de alta a tus guías y asistentes para asignarlos a las salidas.'
                  : 'Cuando tu empresa dé de alta a su equipo, aparecerá aquí.'
              }
              create={create}
            />
          }
        />
      </ListScreen>

      <PersonFormDrawer
        opened={drawer.opened}
        person={drawer.record}
        readOnly={!canWrite}
        ctx={{ isAdmin }}
        operators={operators.data ?? []}
        onClose={drawer.close}
      />
    </>
  );
}
