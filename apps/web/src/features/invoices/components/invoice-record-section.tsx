import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { INVOICE_RECORD_STATE_NAMES, type TInvoiceRecordState, type TInvoiceResponse } from '@trayecto/shared';
import { CopyAction } from '../../../components/copy-link-field';
import { FormSection } from '../../../components/form-section';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { TTimes } from '../../../lib/time-zone';
import { useInvoiceRecord } from '../api/get-invoice-record';
import { useResendInvoiceRecord } from '../api/resend-invoice-record';
import { RECORD_STATE_SHORT, RecordStateBadge } from './invoice-format';

/** A fingerprint to copy: read-only, selected on focus, wrapped so that all 64 characters show on a phone. */
function CopyValueField({ label, value, description }: { label: string; value: string; description?: string }) {
  return (
    <Textarea
      label={label}
      description={description}
      value={value}
      readOnly
      autosize
      minRows={1}
      spellCheck={false}
      onFocus={(e) => e.currentTarget.select()}
      styles={{
        input: {
          fontFamily: 'var(--mantine-font-family-monospace)',
          fontSize: 13,
          wordBreak: 'break-all',
          resize: 'none',
        },
      }}
      rightSectionWidth={40}
      rightSection={value ? <CopyAction value={value} label={label} copied="copiada" /> : null}
    />
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The states a person can send again from here: the AEAT refused it, or every attempt failed. */
const RESENDABLE: readonly TInvoiceRecordState[] = ['rejected', 'failed'];

/**
 * The invoice's VERI*FACTU record: its state with the AEAT, its place in the operator's chain, the
 * fingerprint («huella») and the previous record's, when it was generated, with «Copiar» on the
 * fingerprints (to check the chain by hand or hand it to an auditor). A record rejected or failed
 * has «Reenviar a la AEAT» (`canResend`: the office's levels): it goes back to «Pendiente de envío»
 * and the background sends it.
 */
export function InvoiceRecordSection({
  invoice,
  times,
  canResend = false,
}: {
  invoice: TInvoiceResponse;
  times: TTimes;
  canResend?: boolean;
}) {
  const query = useInvoiceRecord(invoice.id, Boolean(invoice.record));
  const record = query.data;
  const resend = useResendInvoiceRecord();
  const onResend = () =>
    resend.mutate(invoice, {
      onSuccess: () =>
        notifySuccess(
          'Reenvío a la AEAT en cola',
          `El registro de la factura ${invoice.code} vuelve a «Pendiente de envío» y se enviará en segundo plano.`,
        ),
      onError: (error) => notifyError('No se ha podido reenviar el registro', error.message),
    });
  return (
    <FormSection
      title="Registro VERI*FACTU"
      description="El registro de facturación de esta factura, encadenado con el anterior por su huella."
    >
      {!invoice.record ? (
        <Text size="sm" c="dimmed">
          Esta factura no tiene registro de facturación.
        </Text>
      ) : query.isError ? (
        <LoadErrorAlert
          title="No se ha podido cargar el registro"
          message={query.error.message}
          onRetry={query.refetch}
          retrying={query.isFetching}
        />
      ) : !record ? (
        <Stack gap="xs" aria-busy="true" aria-label="Cargando el registro">
          <Skeleton h={18} w="50%" />
          <Skeleton h={40} />
          <Skeleton h={40} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Group gap="xs" data-testid="record-state">
              <RecordStateBadge state={record.state} />
              <Text size="sm" c="dimmed">
                {INVOICE_RECORD_STATE_NAMES[record.state] !== RECORD_STATE_SHORT[record.state]
                  ? INVOICE_RECORD_STATE_NAMES[record.state]
                  : ''}
                {record.sent_at ? ` ${times.dateTime(record.sent_at)}` : ''}
              </Text>
            </Group>
            {canResend && RESENDABLE.includes(record.state) ? (
              <Button
                variant="light"
                size="xs"
                leftSection={<IconSend size={14} aria-hidden />}
                loading={resend.isPending}
                onClick={onResend}
              >
                Reenviar a la AEAT
              </Button>
            ) : null}
          </Group>
          {record.last_error ? (
            <Alert
              color={record.state === 'rejected' || record.state === 'failed' ? 'red' : 'yellow'}
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              p="xs"
              title={record.state === 'rejected' || record.state === 'failed' ? 'Error del envío' : 'Último aviso'}
            >
              <Text size="sm">{record.last_error}</Text>
            </Alert>
          ) : record.state === 'rejected' || record.state === 'failed' ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs">
              <Text size="sm">La AEAT no ha aceptado el registro.</Text>
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Fact label="Nº en la cadena">{record.seq}</Fact>
            <Fact label="Tipo">{record.kind === 'alta' ? 'Alta' : 'Anulación'}</Fact>
            <Fact label="Intentos">{record.attempts}</Fact>
            <Fact label="Fecha-hora de generación">
              {times.dateTimeSeconds(record.generated_at)}
              <Text size="xs" c="dimmed" ff="monospace">
                {record.generated_at}
              </Text>
            </Fact>
            {record.previous ? <Fact label="Registro anterior">{record.previous.invoice_code}</Fact> : null}
            {record.aeat_csv ? <Fact label="CSV de la AEAT">{record.aeat_csv}</Fact> : null}
          </SimpleGrid>
          <CopyValueField label="Huella" value={record.fingerprint} />
          <CopyValueField
            label="Huella anterior"
            value={record.previous_fingerprint}
            description={record.previous_fingerprint ? undefined : 'Vacía: es el primer registro de la cadena'}
          />
        </Stack>
      )}
    </FormSection>
  );
}
