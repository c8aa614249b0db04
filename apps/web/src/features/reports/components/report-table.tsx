import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsPhone } from '../../../lib/use-is-phone';

export type TReportColumn<T> = {
  key: string;
  header: string;
  /** Amounts and counts are right-aligned (STYLE.md "Tables"). */
  numeric?: boolean;
  cell: (row: T) => ReactNode;
  /** false: left out on a phone (the exports and the desktop keep it). */
  phone?: boolean;
};

/**
 * A report's table: sticky header, right-aligned figures, a totals row; on a phone the columns
 * marked `phone: false` are left out, and what is left scrolls sideways inside its own box if it
 * must (the page never does).
 */
export function ReportTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  totals,
  empty,
  minWidth = 640,
}: {
  caption: string;
  columns: TReportColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  /** The totals row's cells by column key (the first column says "Total"). */
  totals?: Record<string, ReactNode>;
  empty: string;
  minWidth?: number;
}) {
  const isPhone = useIsPhone();
  if (isPhone) columns = columns.filter((c) => c.phone !== false);
  if (rows.length === 0) {
    return (
      <Text c="dimmed" py="lg" ta="center">
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer
      minWidth={isPhone ? 0 : minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <Table striped highlightOnHover stickyHeader verticalSpacing={6} fz="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={c.numeric ? 'right' : 'left'} scope="col">
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={rowKey(row, i)}>
              {columns.map((c) => (
                <Table.Td
                  key={c.key}
                  ta={c.numeric ? 'right' : 'left'}
                  style={c.numeric ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totals ? (
          <Table.Tfoot>
            <Table.Tr fw={700}>
              {columns.map((c, i) => (
                <Table.Td key={c.key} ta={c.numeric ? 'right' : 'left'} style={{ whiteSpace: 'nowrap' }}>
                  {i === 0 ? 'Total' : (totals[c.key] ?? '')}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}
