import { Group, Pagination, Paper, Select, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import {
  COMMISSION_PARTY_KIND_NAMES,
  COMMISSION_STATEMENT_STATE_NAMES,
  type TCommissionStatementResponse,
} from '@trayecto/shared';
import { useEffect, useRef, useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useTimesFor } from '../../../lib/time-zone';
import { useCommissionStatements } from '../api/list-commission-statements';
import { money, periodText } from './commission-format';
import { StatementDrawer, StatementStateBadge } from './statement-drawer';

const PER_PAGE = 25;
const STATE_OPTIONS = [
  { value: '', label: 'Todas' },
  { value: 'open', label: COMMISSION_STATEMENT_STATE_NAMES.open },
  { value: 'settled', label: COMMISSION_STATEMENT_STATE_NAMES.settled },
];
const num = { ta: 'right', style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } } as const;

/**
 * «Liquidaciones»: the statements, newest first; a row opens its drawer. `focusId`: a statement
 * just made, whose row gets the focus once listed (then `onFocused`).
 */
export function CommissionStatementsTab({
  canWrite,
  focusId = null,
  onFocused,
}: {
  canWrite: boolean;
  focusId?: string | null;
  onFocused?: () => void;
}) {
  const [state, setState] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useCommissionStatements({ state, page, per_page: PER_PAGE });
  const timesFor = useTimesFor();
  const items = query.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / PER_PAGE));
  const table = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusId || !items.some((s) => s.id === focusId)) return;
    table.current?.querySelector<HTMLElement>(`[data-statement-id="${focusId}"]`)?.focus();
    onFocused?.();
  }, [focusId, items, onFocused]);

  const row = (s: TCommissionStatementResponse) => (
    <Table.Tr key={s.id} onClick={() => setOpenId(s.id)} style={{ cursor: 'pointer' }}>
      <Table.Td>
        <UnstyledButton
          data-statement-id={s.id}
          onClick={(e) => {
            e.stopPropagation();
            setOpenId(s.id);
          }}
          fw={600}
          fz="sm"
          c="blue.8"
        >
          {s.party_name || '—'}
        </UnstyledButton>
        <Text size="xs" c="dimmed">
          {COMMISSION_PARTY_KIND_NAMES[s.party_kind]}
          <Text span hiddenFrom="sm" size="xs">
            {' '}
            · {periodText(s.period_from, s.period_to)}
          </Text>
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
        {periodText(s.period_from, s.period_to)}
      </Table.Td>
      <Table.Td {...num} fw={600} c={s.total_cents < 0 ? 'red' : undefined}>
        {money(s.total_cents)}
      </Table.Td>
      <Table.Td>
        <StatementStateBadge state={s.state} />
      </Table.Td>
      <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
        {timesFor(s.timezone).dateTime(s.created_at)}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" shadow="xs">
        <Group p="md" gap="md" align="flex-end">
          <Select
            label="Estado"
            data={STATE_OPTIONS}
            value={state}
            onChange={(v) => {
              setState(v ?? '');
              setPage(1);
            }}
            allowDeselect={false}
            w={220}
          />
        </Group>
        {query.isError ? (
          <LoadErrorAlert inset title="No se han podido cargar las liquidaciones" onRetry={() => query.refetch()} />
        ) : query.isPending ? (
          <Stack p="md" gap="xs">
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        ) : items.length === 0 ? (
          <Text p="md" c="dimmed" size="sm">
            Aún no hay liquidaciones{state ? ' en ese estado' : ''} — créalas desde «Pendiente».
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={0} ref={table}>
            <Table highlightOnHover stickyHeader verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Vendedor o canal</Table.Th>
                  <Table.Th visibleFrom="sm">Periodo</Table.Th>
                  <Table.Th {...num}>Importe</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th visibleFrom="md">Creada</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{items.map(row)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(c) => ({ 'aria-label': `Página ${c}` })}
          />
        </Group>
      ) : null}
      <StatementDrawer id={openId} canWrite={canWrite} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
