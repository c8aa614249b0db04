import { Alert, Badge, Button, Group, Loader, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileInvoice, IconInfoCircle } from '@tabler/icons-react';
import {
  COMMISSION_PARTY_KIND_NAMES,
  plural,
  type TCommissionDueSummaryParty,
  type TCommissionPartyKind,
} from '@trayecto/shared';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { todayIso } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateCommissionStatement } from '../api/create-commission-statement';
import { useCommissionsDueLines } from '../api/get-commissions-due';
import { useCommissionsDueSummary } from '../api/get-commissions-due-summary';
import { money, monthOf, periodText } from './commission-format';
import { CommissionLinesTable } from './commission-lines-table';
import { DateField } from './date-field';

const PARTY_OPTIONS = [
  { value: '', label: 'Vendedores y canales' },
  { value: 'seller', label: 'Solo vendedores' },
  { value: 'channel', label: 'Solo agencias y canales' },
];

function PartyCard({
  party,
  from,
  to,
  canWrite,
  onCreated,
}: {
  party: TCommissionDueSummaryParty;
  from: string;
  to: string;
  canWrite: boolean;
  onCreated: (statementId: string) => void;
}) {
  const create = useCreateCommissionStatement();
  const [open, setOpen] = useState(false);
  // The party's bookings are loaded when its card is opened (ADR 037: a month's are thousands).
  const lines = useCommissionsDueLines({ from, to, party: party.party_kind, party_id: party.party_id }, open);
  const makeStatement = () =>
    create.mutate(
      {
        party_kind: party.party_kind,
        ...(party.party_kind === 'seller' ? { seller_id: party.party_id } : { channel_id: party.party_id }),
        from,
        to,
      },
      {
        onSuccess: (s) => {
          notifySuccess(
            'Liquidación creada',
            `${party.party_name}: ${money(s.total_cents)} (${periodText(from, to)}).`,
          );
          onCreated(s.id);
        },
        onError: (e) =>
          notifyError('No se ha creado la liquidación', e instanceof ApiError ? e.message : 'Inténtalo de nuevo.'),
      },
    );
  const linesId = `lines-${party.party_kind}-${party.party_id}`;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={party.party_name}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{party.party_name || '—'}</Text>
            <Badge variant="light" color={party.party_kind === 'seller' ? 'blue' : 'grape'} radius="sm">
              {COMMISSION_PARTY_KIND_NAMES[party.party_kind]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {plural(party.booking_count, 'reserva', 'reservas')}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          <Text
            fw={700}
            fz="lg"
            style={{ fontVariantNumeric: 'tabular-nums' }}
            c={party.amount_cents < 0 ? 'red' : undefined}
          >
            {money(party.amount_cents)}
          </Text>
          <Group gap="xs">
            <Button
              variant="subtle"
              size="xs"
              onClick={() => setOpen((o) => !o)}
              aria-expanded={open}
              aria-controls={linesId}
            >
              {open ? 'Ocultar reservas' : 'Ver reservas'}
            </Button>
            {canWrite ? (
              // Spins without `loading`: that disables the button and drops the keyboard's focus.
              <Button
                size="xs"
                leftSection={
                  create.isPending ? (
                    <Loader size={16} color="currentColor" aria-hidden />
                  ) : (
                    <IconFileInvoice size={16} aria-hidden />
                  )
                }
                aria-busy={create.isPending || undefined}
                onClick={() => {
                  if (!create.isPending) makeStatement();
                }}
              >
                Crear liquidación
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Group>
      {open ? (
        <div id={linesId} aria-busy={lines.isPending || undefined}>
          {lines.isError ? (
            <LoadErrorAlert
              title="No se han podido cargar las reservas"
              message={lines.error instanceof ApiError ? lines.error.message : undefined}
              onRetry={() => lines.refetch()}
              retrying={lines.isFetching}
            />
          ) : lines.isPending ? (
            <Stack gap={6} mt="sm">
              <Skeleton height={28} radius="sm" />
              <Skeleton height={28} radius="sm" />
              <Skeleton height={28} radius="sm" />
            </Stack>
          ) : (
            <CommissionLinesTable
              lines={lines.data?.parties[0]?.lines ?? []}
              caption={`Reservas pendientes de ${party.party_name}`}
            />
          )}
        </div>
      ) : null}
    </Paper>
  );
}

/** «Pendiente»: the period (departure dates), the kind of party, and what each one is owed. */
export function CommissionDueTab({
  canWrite,
  isSeller,
  onCreated,
}: {
  canWrite: boolean;
  isSeller: boolean;
  /** A statement was made: the screen shows it in «Liquidaciones». */
  onCreated: (statementId: string) => void;
}) {
  const month = monthOf(todayIso());
  const [from, setFrom] = useState(month.from);
  const [to, setTo] = useState(month.to);
  const [party, setParty] = useState<TCommissionPartyKind | ''>('');
  const badPeriod = Boolean(from && to && to < from);
  const query = useCommissionsDueSummary({ from, to, party: isSeller ? 'seller' : party });
  const parties = query.data?.parties ?? [];
  const total = parties.reduce((n, p) => n + p.amount_cents, 0);

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <DateField label="Salidas desde" value={from} onChange={setFrom} style={{ flex: '1 1 150px' }} />
          <DateField
            label="Hasta"
            value={to}
            onChange={setTo}
            error={badPeriod ? 'La fecha final no puede ser anterior a la inicial' : undefined}
            style={{ flex: '1 1 150px' }}
          />
          {isSeller ? null : (
            <Select
              label="Quién"
              data={PARTY_OPTIONS}
              value={party}
              onChange={(v) => setParty((v ?? '') as TCommissionPartyKind | '')}
              allowDeselect={false}
              style={{ flex: '1 1 200px' }}
            />
          )}
        </Group>
      </Paper>
      {query.isError ? (
        <LoadErrorAlert
          title="No se han podido cargar las comisiones"
          message={query.error instanceof ApiError ? query.error.message : undefined}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.isPending && !badPeriod ? (
        <Stack gap="sm">
          <Skeleton height={72} radius="lg" />
          <Skeleton height={72} radius="lg" />
        </Stack>
      ) : parties.length === 0 ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
          No hay comisiones pendientes para salidas del {periodText(from, to)}. Prueba con otro periodo.
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {plural(parties.length, 'liquidación por hacer', 'liquidaciones por hacer')} · total {money(total)}
          </Text>
          {parties.map((p) => (
            <PartyCard
              key={`${p.party_kind}:${p.party_id}`}
              party={p}
              from={from}
              to={to}
              canWrite={canWrite}
              onCreated={onCreated}
            />
          ))}
        </>
      )}
    </Stack>
  );
}
