import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconDownload, IconFileInvoice, IconInfoCircle, IconReceipt } from '@tabler/icons-react';
import { ACCESS, hasPermission, pathTo, type TInvoiceResponse } from '@trayecto/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { getRoles } from '../../../lib/auth-storage';
import { notifySuccess } from '../../../lib/notify';
import { useInvoicePdfDownload } from '../api/download-invoice-pdf';
import { useIssueInvoice } from '../api/issue-invoice';
import { useBookingInvoices } from '../api/list-booking-invoices';
import { FullInvoiceDialog } from './full-invoice-dialog';
import { InvoiceTypeBadge, invoiceDate, money, RecordStateBadge } from './invoice-format';

const num = { fontVariantNumeric: 'tabular-nums' } as const;

/** What the section needs of the booking (the bookings feature passes its own record). */
export type TInvoicedBooking = {
  id: string;
  customer_name: string;
  customer_country?: string | null;
  payment_state: string;
  state: string;
};

function InvoiceRow({
  invoice,
  downloading,
  onDownload,
}: {
  invoice: TInvoiceResponse;
  downloading: boolean;
  onDownload: () => void;
}) {
  return (
    <Group
      justify="space-between"
      gap="xs"
      wrap="nowrap"
      py={6}
      data-testid="booking-invoice"
      data-invoice-id={invoice.id}
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Anchor
            component={Link}
            to={`${pathTo('invoices')}?invoice=${encodeURIComponent(invoice.id)}`}
            size="sm"
            fw={600}
            ff="monospace"
          >
            {invoice.code}
          </Anchor>
          <InvoiceTypeBadge type={invoice.type} />
        </Group>
        <Group gap={6} wrap="wrap">
          <Text size="xs" c="dimmed" style={num}>
            {invoiceDate(invoice.issue_date)} · {money(invoice.total_cents, invoice.currency)}
          </Text>
          <RecordStateBadge state={invoice.record?.state} />
        </Group>
      </Stack>
      <Tooltip label="Descargar PDF" withArrow>
        {/* Spins without `loading`: that disables the button and drops the keyboard's focus. */}
        <ActionIcon
          variant="subtle"
          aria-busy={downloading || undefined}
          onClick={onDownload}
          aria-label={`Descargar PDF de la factura ${invoice.code}`}
        >
          {downloading ? <Loader size={16} color="currentColor" aria-hidden /> : <IconDownload size={18} aria-hidden />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * «Facturas» of a booking (issue 34), beside its payments: the booking's invoices and corrective
 * invoices with their VERI*FACTU state and PDF, «Emitir factura simplificada» once it is paid, and
 * «Emitir factura completa» with the customer's tax data (it replaces the simplified one). Refunds
 * are corrected from the invoice (Facturas → the invoice → «Rectificar»).
 *
 * By keyboard: the buttons spin while busy but stay enabled and focused (a second press does
 * nothing); once an invoice is issued its button goes, and the focus moves to the new invoice's
 * number in the list rather than falling to the page's start (WCAG 2.4.3).
 */
export function BookingInvoicesSection({ booking }: { booking: TInvoicedBooking }) {
  // Levels 0, 1 and 3 (ACCESS.invoices); the others see no section.
  return hasPermission(getRoles(), ACCESS.invoices) ? <InvoicesPanel booking={booking} /> : null;
}

function InvoicesPanel({ booking }: { booking: TInvoicedBooking }) {
  const query = useBookingInvoices(booking.id);
  const issue = useIssueInvoice();
  const pdf = useInvoicePdfDownload();
  const [fullOpen, setFullOpen] = useState(false);
  const invoices = query.data ?? [];
  // The invoice just issued: its number gets the focus once it is listed.
  const list = useRef<HTMLDivElement>(null);
  const [focusInvoiceId, setFocusInvoiceId] = useState<string | null>(null);
  useEffect(() => {
    if (!focusInvoiceId) return;
    const link = list.current?.querySelector<HTMLElement>(`[data-invoice-id="${focusInvoiceId}"] a`);
    if (!link) return;
    link.focus();
    setFocusInvoiceId(null);
  });
  const isPaid = booking.payment_state === 'paid';
  const hasSimplified = invoices.some((i) => i.type === 'F2');
  const hasFull = invoices.some((i) => i.type === 'F1' || i.type === 'F3');
  const canIssueSimplified = isPaid && !hasSimplified && !hasFull;
  const canIssueFull = isPaid && !hasFull;

  const issueSimplified = () => {
    if (issue.isPending) return;
    issue.mutate(
      { bookingId: booking.id, payload: { kind: 'simplified' } },
      {
        onSuccess: (invoice) => {
          notifySuccess('Factura simplificada emitida', invoice.code);
          setFocusInvoiceId(invoice.id);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" component="section" aria-labelledby="invoices-title">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} fz="md" id="invoices-title">
          Facturas
        </Title>
        <IconReceipt size={18} aria-hidden color="var(--mantine-color-dimmed)" />
      </Group>
      {query.isError ? (
        <LoadErrorAlert
          title="No se han podido cargar las facturas"
          message={query.error.message}
          onRetry={query.refetch}
          retrying={query.isFetching}
        />
      ) : query.isLoading ? (
        <Stack gap={6} aria-busy="true" aria-label="Cargando las facturas">
          <Skeleton h={14} />
          <Skeleton h={14} w="70%" />
        </Stack>
      ) : (
        <Stack gap="xs">
          {invoices.length === 0 ? (
            <Text size="sm" c="dimmed">
              {isPaid ? 'Sin facturas todavía.' : 'Se factura cuando la reserva esté pagada por completo.'}
            </Text>
          ) : (
            <Stack ref={list} gap={0} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
              {invoices.map((i) => (
                <InvoiceRow
                  key={i.id}
                  invoice={i}
                  downloading={pdf.downloading === i.id}
                  onDownload={() => pdf.download(i)}
                />
              ))}
            </Stack>
          )}
          {issue.isError && issue.error.status !== 401 ? (
            <Alert color="red" variant="light" p="xs" icon={<IconInfoCircle size={16} aria-hidden />}>
              <Text size="sm">{issue.error.message}</Text>
            </Alert>
          ) : null}
          {canIssueSimplified || canIssueFull ? (
            <Stack gap="xs">
              {canIssueSimplified ? (
                <Button
                  variant="light"
                  size="xs"
                  leftSection={
                    issue.isPending ? (
                      <Loader size={14} color="currentColor" aria-hidden />
                    ) : (
                      <IconReceipt size={14} aria-hidden />
                    )
                  }
                  aria-busy={issue.isPending || undefined}
                  onClick={issueSimplified}
                >
                  Emitir factura simplificada
                </Button>
              ) : null}
              {canIssueFull ? (
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconFileInvoice size={14} aria-hidden />}
                  onClick={() => setFullOpen(true)}
                >
                  Emitir factura completa
                </Button>
              ) : null}
            </Stack>
          ) : null}
        </Stack>
      )}
      <FullInvoiceDialog
        bookingId={booking.id}
        customerName={booking.customer_name}
        customerCountry={booking.customer_country ?? undefined}
        hasSimplified={hasSimplified}
        opened={fullOpen}
        onClose={() => setFullOpen(false)}
        onIssued={(invoice) => setFocusInvoiceId(invoice.id)}
      />
    </Paper>
  );
}
