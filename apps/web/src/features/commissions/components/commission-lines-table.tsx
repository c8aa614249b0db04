import { Table, Text, VisuallyHidden } from '@mantine/core';
import { BOOKING_STATE_NAMES, type TCommissionLine } from '@trayecto/shared';
import { dmy, money } from './commission-format';

const num = { ta: 'right', style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } } as const;

/**
 * The bookings of a party's due or of a statement: locator, date, product, customer, total,
 * commission, already counted and the amount. On a phone: locator, date and amount (with the
 * customer under the locator).
 */
export function CommissionLinesTable({ lines, caption }: { lines: TCommissionLine[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table striped verticalSpacing={6} fz="sm">
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reserva</Table.Th>
            <Table.Th>Fecha</Table.Th>
            <Table.Th visibleFrom="sm">Producto</Table.Th>
            <Table.Th visibleFrom="sm">Cliente</Table.Th>
            <Table.Th visibleFrom="md" {...num}>
              Total
            </Table.Th>
            <Table.Th visibleFrom="sm" {...num}>
              Comisión
            </Table.Th>
            <Table.Th visibleFrom="md" {...num}>
              Ya liquidado
            </Table.Th>
            <Table.Th {...num}>Importe</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.booking_id}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {l.locator}
                </Text>
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {l.customer_name}
                </Text>
                {l.booking_state === 'cancelled' ? (
                  <Text size="xs" c="red">
                    {BOOKING_STATE_NAMES.cancelled}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dmy(l.date)}</Table.Td>
              <Table.Td visibleFrom="sm">{l.product_name}</Table.Td>
              <Table.Td visibleFrom="sm">{l.customer_name}</Table.Td>
              <Table.Td visibleFrom="md" {...num}>
                {money(l.booking_total_cents)}
              </Table.Td>
              <Table.Td visibleFrom="sm" {...num}>
                {money(l.commission_cents)}
              </Table.Td>
              <Table.Td visibleFrom="md" {...num}>
                {l.counted_cents ? money(l.counted_cents) : '—'}
              </Table.Td>
              <Table.Td {...num} fw={600} c={l.amount_cents < 0 ? 'red' : undefined}>
                {money(l.amount_cents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
