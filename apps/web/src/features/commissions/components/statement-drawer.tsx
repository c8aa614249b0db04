import { Badge, Button, Drawer, Group, Loader, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconDownload } from '@tabler/icons-react';
import {
  COMMISSION_PARTY_KIND_NAMES,
  COMMISSION_SETTLE_METHOD_NAMES,
  COMMISSION_STATEMENT_STATE_NAMES,
  type TCommissionStatementState,
} from '@trayecto/shared';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { notifyError } from '../../../lib/notify';
import { useTimes } from '../../../lib/time-zone';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { useIsPhone } from '../../../lib/use-is-phone';
import { downloadCommissionStatement } from '../api/export-commission-statement';
import { useCommissionStatement } from '../api/get-commission-statement';
import { dmy, money, periodText } from './commission-format';
import { CommissionLinesTable } from './commission-lines-table';
import { SettleDialog } from './settle-dialog';

/** Pendiente de pago yellow, Pagada green (STYLE.md: one colour per state everywhere). */
export function StatementStateBadge({ state }: { state: TCommissionStatementState }) {
  return (
    <Badge variant="light" radius="sm" color={state === 'settled' ? 'green' : 'yellow'}>
      {COMMISSION_STATEMENT_STATE_NAMES[state]}
    </Badge>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/** One statement: its party, period, state and payment, its lines, «Marcar como pagada» and the CSV. */
export function StatementDrawer({
  id,
  canWrite,
  onClose,
}: {
  id: string | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  const query = useCommissionStatement(id);
  const s = query.data;
  const times = useTimes(s?.timezone);
  const isPhone = useIsPhone();
  const [settling, setSettling] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // Where the focus goes once «Marcar como pagada» closes: back to its button, or (paid: the button
  // is gone) to the drawer's title. Without it the focus fell out of the drawer, onto the page behind.
  const { button: settleButton, title: titleRef, returnFocus: setFocusAfterSettle } = useFocusReturn();
  const download = async () => {
    if (!s || downloading) return;
    setDownloading(true);
    try {
      await downloadCommissionStatement(s.id);
    } catch {
      notifyError('No se ha podido descargar', 'Inténtalo de nuevo en unos instantes.');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Drawer
      opened={Boolean(id)}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'xl'}
      // Escape while «Marcar como pagada» is open closes that dialog only, not the drawer under it.
      closeOnEscape={!settling}
      title={
        <span ref={titleRef} tabIndex={-1}>
          {s ? `Liquidación · ${s.party_name}` : 'Liquidación'}
        </span>
      }
    >
      {query.isError ? (
        <LoadErrorAlert title="No se ha podido cargar la liquidación" onRetry={() => query.refetch()} />
      ) : !s ? (
        <Skeleton height={200} radius="md" />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="xs">
              <StatementStateBadge state={s.state} />
              <Badge variant="outline" radius="sm" color="gray">
                {COMMISSION_PARTY_KIND_NAMES[s.party_kind]}
              </Badge>
            </Group>
            <Group gap="xs">
              {/* Spins without `loading`: that disables the button and drops the keyboard's focus. */}
              <Button
                variant="default"
                size="sm"
                leftSection={
                  downloading ? (
                    <Loader size={16} color="currentColor" aria-hidden />
                  ) : (
                    <IconDownload size={16} aria-hidden />
                  )
                }
                aria-busy={downloading || undefined}
                onClick={download}
              >
                Descargar CSV
              </Button>
              {canWrite && s.state === 'open' ? (
                <Button
                  ref={settleButton}
                  size="sm"
                  leftSection={<IconCheck size={16} aria-hidden />}
                  onClick={() => setSettling(true)}
                >
                  Marcar como pagada
                </Button>
              ) : null}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Field label="Periodo (salidas)">{periodText(s.period_from, s.period_to)}</Field>
            <Field label="Importe">
              <strong>{money(s.total_cents)}</strong>
            </Field>
            <Field label="Reservas">{s.line_count.toLocaleString('es-ES')}</Field>
            <Field label="Creada">
              {times.dateTime(s.created_at)}
              {s.created_by ? ` · ${s.created_by.name}` : ''}
            </Field>
            {s.state === 'settled' ? (
              <>
                <Field label="Pagada el">{dmy(s.settled_on)}</Field>
                <Field label="Forma de pago">{s.method ? COMMISSION_SETTLE_METHOD_NAMES[s.method] : '—'}</Field>
                <Field label="Referencia">{s.reference || '—'}</Field>
              </>
            ) : null}
          </SimpleGrid>
          <CommissionLinesTable lines={s.lines} caption="Reservas de la liquidación" />
          {settling ? (
            <SettleDialog
              statement={s}
              opened={settling}
              onClose={() => {
                setSettling(false);
                setFocusAfterSettle('button');
              }}
              onSettled={() => {
                setSettling(false);
                setFocusAfterSettle('title');
              }}
            />
          ) : null}
        </Stack>
      )}
    </Drawer>
  );
}
