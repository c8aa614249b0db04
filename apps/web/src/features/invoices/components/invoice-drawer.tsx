import { Alert, Anchor, Box, Button, Divider, Group, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconReceiptRefund, IconTicket } from '@tabler/icons-react';
import { pathTo, type TInvoiceRef, type TInvoiceResponse } from '@trayecto/shared';
import { type ReactNode, type RefObject, useState } from 'react';
import { Link } from 'react-router';
import { DetailDrawer } from '../../../components/detail-drawer';
import { FormSection } from '../../../components/form-section';
import { useTimes } from '../../../lib/time-zone';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useInvoicePdfDownload } from '../api/download-invoice-pdf';
import { useInvoice } from '../api/get-invoice';
import { CorrectInvoiceDialog } from './correct-invoice-dialog';
import {
  customerText,
  InvoiceTypeBadge,
  invoiceDate,
  isCorrective,
  money,
  RecordStateBadge,
  rateText,
} from './invoice-format';
import { InvoiceRecordSection } from './invoice-record-section';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
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

/** Another invoice named by this one: a link that opens it in this drawer. */
function InvoiceRefLink({ invoice, onOpen }: { invoice: TInvoiceRef; onOpen: (id: string) => void }) {
  return (
    <Anchor component="button" type="button" size="sm" fw={600} onClick={() => onOpen(invoice.id)}>
      {invoice.code}
    </Anchor>
  );
}

function Related({ invoice, onOpen }: { invoice: TInvoiceResponse; onOpen: (id: string) => void }) {
  const rows: { label: string; refs: TInvoiceRef[]; extra?: string }[] = [];
  if (invoice.corrects) rows.push({ label: 'Rectifica la factura', refs: [invoice.corrects] });
  if (invoice.replaces) rows.push({ label: 'Sustituye a la factura simplificada', refs: [invoice.replaces] });
  if (invoice.replaced_by) rows.push({ label: 'Sustituida por la factura completa', refs: [invoice.replaced_by] });
  if (invoice.corrections.length > 0) rows.push({ label: 'Rectificada por', refs: invoice.corrections });
  if (rows.length === 0 && !invoice.reason) return null;
  return (
    <Stack gap={6} data-testid="invoice-related">
      {rows.map((r) => (
        <Group key={r.label} gap={6} wrap="wrap">
          <Text size="sm" c="dimmed">
            {r.label}:
          </Text>
          {r.refs.map((ref) => (
            <Group key={ref.id} gap={4} wrap="nowrap">
              <InvoiceRefLink invoice={ref} onOpen={onOpen} />
              <Text size="xs" c="dimmed" style={num}>
                ({invoiceDate(ref.issue_date)} · {money(ref.total_cents, invoice.currency)})
              </Text>
            </Group>
          ))}
        </Group>
      ))}
      {invoice.reason ? (
        <Text size="sm">
          <Text span c="dimmed">
            Motivo:{' '}
          </Text>
          {invoice.reason}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The lines as issued; on a phone the quantity, unit price and rate go under the description. */
function Lines({ invoice, isPhone }: { invoice: TInvoiceResponse; isPhone: boolean }) {
  const c = invoice.currency;
  return (
    <Table verticalSpacing={6} horizontalSpacing="xs" fz="sm" aria-label="Líneas de la factura">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Descripción</Table.Th>
          {isPhone ? null : (
            <>
              <Table.Th ta="right">Cant.</Table.Th>
              <Table.Th ta="right" style={num}>
                Precio ud.
              </Table.Th>
              <Table.Th ta="right">{invoice.tax_kind}</Table.Th>
              <Table.Th ta="right">Base</Table.Th>
            </>
          )}
          <Table.Th ta="right">Total</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoice.lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are fixed once issued and have no id
          <Table.Tr key={i}>
            <Table.Td>
              {l.description}
              {isPhone ? (
                <Text size="xs" c="dimmed" style={num}>
                  {l.quantity} × {money(l.unit_cents, c)} · {invoice.tax_kind} {rateText(l.tax_rate)} · base{' '}
                  {money(l.base_cents, c)}
                </Text>
              ) : null}
            </Table.Td>
            {isPhone ? null : (
              <>
                <Table.Td ta="right" style={num}>
                  {l.quantity}
                </Table.Td>
                <Table.Td ta="right" style={num}>
                  {money(l.unit_cents, c)}
                </Table.Td>
                <Table.Td ta="right" style={num}>
                  {rateText(l.tax_rate)}
                </Table.Td>
                <Table.Td ta="right" style={num}>
                  {money(l.base_cents, c)}
                </Table.Td>
              </>
            )}
            <Table.Td ta="right" fw={600} style={num}>
              {money(l.total_cents, c)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Totals({ invoice }: { invoice: TInvoiceResponse }) {
  const c = invoice.currency;
  return (
    <Box ml="auto" w={{ base: '100%', sm: 360 }}>
      <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm" aria-label="Desglose de impuestos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Impuesto</Table.Th>
            <Table.Th ta="right">Base imponible</Table.Th>
            <Table.Th ta="right">Cuota</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.taxes.map((t) => (
            <Table.Tr key={t.rate}>
              <Table.Td>
                {invoice.tax_kind} {rateText(t.rate)}
              </Table.Td>
              <Table.Td ta="right" style={num}>
                {money(t.base_cents, c)}
              </Table.Td>
              <Table.Td ta="right" style={num}>
                {money(t.tax_cents, c)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={2} mt="xs" px="xs">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Base imponible
          </Text>
          <Text size="sm" style={num}>
            {money(invoice.base_cents, c)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {invoice.tax_kind}
          </Text>
          <Text size="sm" style={num}>
            {money(invoice.tax_cents, c)}
          </Text>
        </Group>
        <Divider my={4} />
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} style={num} data-testid="invoice-total">
            {money(invoice.total_cents, c)}
          </Text>
        </Group>
      </Stack>
    </Box>
  );
}

function InvoiceBody({
  invoice,
  canCorrect,
  onOpen,
  correcting,
  onCorrect,
  onCorrectClose,
  onCorrected,
  correctButton,
}: {
  invoice: TInvoiceResponse;
  canCorrect: boolean;
  onOpen: (id: string) => void;
  /** «Rectificar» is open (the drawer holds this state: Escape must not close it meanwhile). */
  correcting: boolean;
  onCorrect: () => void;
  onCorrectClose: () => void;
  onCorrected: (corrective: TInvoiceResponse) => void;
  correctButton: RefObject<HTMLButtonElement | null>;
}) {
  const isPhone = useIsPhone();
  const times = useTimes(invoice.timezone);
  const pdf = useInvoicePdfDownload();
  const downloading = pdf.downloading === invoice.id;
  const correctable = canCorrect && !isCorrective(invoice.type) && invoice.correctable_cents > 0;
  const c = invoice.customer;
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Group gap={6}>
            <InvoiceTypeBadge type={invoice.type} />
            <RecordStateBadge state={invoice.record?.state} />
          </Group>
          <Group gap="xs">
            {/* Spins without `loading`: that disables the button and drops the keyboard's focus. */}
            <Button
              variant="default"
              size="xs"
              leftSection={
                downloading ? (
                  <Loader size={14} color="currentColor" aria-hidden />
                ) : (
                  <IconDownload size={14} aria-hidden />
                )
              }
              aria-busy={downloading || undefined}
              onClick={() => pdf.download(invoice)}
            >
              Descargar PDF
            </Button>
            {correctable ? (
              <Button
                ref={correctButton}
                variant="light"
                color="orange"
                size="xs"
                leftSection={<IconReceiptRefund size={14} aria-hidden />}
                onClick={onCorrect}
              >
                Rectificar
              </Button>
            ) : null}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="sm">
          <Fact label="Fecha">{invoiceDate(invoice.issue_date)}</Fact>
          <Fact label="Reserva">
            <Anchor component={Link} to={pathTo('bookingEdit', { id: invoice.booking_id })} size="sm">
              <Group gap={4} component="span" wrap="nowrap">
                <IconTicket size={14} aria-hidden />
                {invoice.booking_locator}
              </Group>
            </Anchor>
          </Fact>
          <Fact label="Emitida">{times.dateTime(invoice.issued_at)}</Fact>
          <Fact label="Por">
            {invoice.actor.name ?? (invoice.actor.kind === 'customer' ? 'El cliente' : 'Sistema')}
          </Fact>
        </SimpleGrid>
        {invoice.replaced_by ? (
          <Alert color="gray" variant="light" p="xs">
            <Text size="sm">
              Sustituida por la factura completa {invoice.replaced_by.code}: las devoluciones se rectifican en esa.
            </Text>
          </Alert>
        ) : null}
        <Related invoice={invoice} onOpen={onOpen} />
      </Stack>

      <FormSection title="Emisor y cliente">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Fact label="Emisor">
            {invoice.issuer.name}
            <Text size="xs" c="dimmed">
              NIF {invoice.issuer.tax_id}
              {invoice.issuer.address ? ` · ${invoice.issuer.address}` : ''}
            </Text>
          </Fact>
          <Fact label="Cliente">
            {customerText(invoice)}
            {c.tax_id || c.address ? (
              <Text size="xs" c="dimmed">
                {[c.tax_id ? `NIF ${c.tax_id}` : '', c.address, c.country].filter(Boolean).join(' · ')}
              </Text>
            ) : null}
          </Fact>
        </SimpleGrid>
      </FormSection>

      <FormSection title="Líneas e impuestos">
        <Lines invoice={invoice} isPhone={isPhone} />
        <Totals invoice={invoice} />
      </FormSection>

      <InvoiceRecordSection invoice={invoice} times={times} canResend={canCorrect} />

      {correctable ? (
        <CorrectInvoiceDialog
          invoice={invoice}
          opened={correcting}
          onClose={onCorrectClose}
          onCorrected={onCorrected}
        />
      ) : null}
    </Stack>
  );
}

/**
 * One invoice in a side drawer (issue 34): what it is and its VERI*FACTU state, «Descargar PDF»,
 * «Rectificar» while something is left to correct, the invoice it corrects or replaces and its
 * corrections (each opens here), the issuer and the customer, the lines, the taxes per rate and the
 * totals, and the invoicing record with its fingerprints («Reenviar a la AEAT» when it was rejected or
 * failed; `canCorrect` is the office's level, which also sends it again).
 *
 * By keyboard: Escape in «Rectificar» closes that dialog only and the focus goes back to its button;
 * once the corrective invoice is issued it opens here with the focus on the drawer's title (the
 * button pressed is gone: a corrective invoice is not rectified).
 */
export function InvoiceDrawer({
  invoiceId,
  opened,
  canCorrect,
  onClose,
  onOpen,
}: {
  invoiceId: string | null;
  opened: boolean;
  canCorrect: boolean;
  onClose: () => void;
  onOpen: (id: string) => void;
}) {
  const query = useInvoice(invoiceId);
  const invoice = query.data;
  const [correcting, setCorrecting] = useState(false);
  // Where the focus goes once «Rectificar» closes: back to its button, or (issued: the corrective
  // invoice opens, with no such button) to the drawer's title. Without it the focus fell out of the
  // drawer, onto <body>.
  const { button: correctButton, title: titleRef, returnFocus: setFocusAfterCorrect } = useFocusReturn();
  return (
    <DetailDrawer
      opened={opened}
      // Escape while «Rectificar» is open closes that dialog only, not the drawer under it (both
      // listen for it; this is the drawer's `closeOnEscape={!correcting}`).
      onClose={() => {
        if (!correcting) onClose();
      }}
      width={820}
      title={
        <span ref={titleRef} tabIndex={-1}>
          {invoice ? `Factura ${invoice.code}` : 'Factura'}
        </span>
      }
      subtitle={invoice?.type_name}
      subtitleOnPhone={false}
      query={query}
      errorTitle="No se ha podido cargar la factura"
      loadingLabel="Cargando la factura"
      ready={Boolean(invoice)}
    >
      {invoice ? (
        <InvoiceBody
          invoice={invoice}
          canCorrect={canCorrect}
          onOpen={onOpen}
          correcting={correcting}
          onCorrect={() => setCorrecting(true)}
          onCorrectClose={() => {
            setCorrecting(false);
            setFocusAfterCorrect('button');
          }}
          onCorrected={(corrective) => {
            setCorrecting(false);
            setFocusAfterCorrect('title');
            onOpen(corrective.id);
          }}
          correctButton={correctButton}
        />
      ) : null}
    </DetailDrawer>
  );
}
