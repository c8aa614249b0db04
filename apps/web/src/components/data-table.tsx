import {
  Box,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  type TableTdProps,
  type TableThProps,
  VisuallyHidden,
} from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TSort } from '../lib/sort';
import classes from './data-table.module.css';
import { SortableTh } from './sortable-th';

/** One column of a list's table: its header, how a row fills its cell, and whether it sorts. */
export type TColumn<T> = {
  key: string;
  header: ReactNode;
  /** The API's sort field: the header becomes a sort button (aria-sort). */
  sort?: string;
  width?: number | string;
  /** Header cell props (text-align, min width, class…). */
  th?: TableThProps;
  /** Body cell props (text-align, padding, class…). */
  td?: TableTdProps;
  /** The header and the cells never wrap (dates, amounts, codes). */
  nowrap?: boolean;
  /** The main text column: a wider skeleton while loading. */
  wide?: boolean;
  /**
   * The user may hide it through "Columnas" (column-chooser.tsx); the others are essential and
   * always shown: together they must fit a 1280 px screen (e2e/table-fit.spec.ts).
   */
  optional?: boolean;
  /** An optional column shown only once the user picks it. */
  hiddenByDefault?: boolean;
  /** Its name in the chooser (default: the header, when it is text). */
  label?: string;
  cell: (row: T) => ReactNode;
};

/** A falsy entry is a column the role does not see (e.g. "Tour operador" for the administrator). */
export type TColumns<T> = readonly (TColumn<T> | false | null | undefined)[];

export type TDataTableProps<T> = {
  /** Accessible name of the table and of the phone list: "Vehículos". */
  label: string;
  rows: readonly T[];
  rowKey?: (row: T) => string;
  columns: TColumns<T>;
  /** First load: skeleton rows. */
  loading: boolean;
  /** A request under way (aria-busy). */
  fetching?: boolean;
  /** Rows of the previous page/filters while the new ones load: dimmed. */
  stale?: boolean;
  sort?: TSort;
  onSort?: (field: string) => void;
  /**
   * Minimum table width; narrower screens (tablets) scroll it sideways. Keep it within the 1280 px
   * screen's content (about 1000 px): wider tables cut columns off on a laptop.
   */
  miw?: number;
  verticalSpacing?: number | string;
  horizontalSpacing?: number | string;
  /** Row actions: the last column (kept in view when scrolling sideways) and the right of a card. */
  actions?: (row: T) => ReactNode;
  actionsWidth?: number;
  /** The record's page: the whole row opens it (Ctrl/⌘-click: a new tab) and a card is a link. */
  href?: (row: T) => string;
  /**
   * Instead of `href`, for a record opened in place (a drawer): a click on the row calls it. The row
   * must still hold a link or button that does the same for the keyboard.
   */
  onRowClick?: (row: T) => void;
  isPhone: boolean;
  /** The phone layout: what a card shows (left), and beside it the actions or `cardAside`. */
  card: (row: T) => ReactNode;
  cardAside?: (row: T) => ReactNode;
  cardLabel?: (row: T) => string;
  /** No table at all (not even its header) when there are no rows. */
  hideWhenEmpty?: boolean;
};

/** A click on these inside a row is theirs, not the row's. */
const INTERACTIVE = 'a, button, input, [role="menuitem"]';

const defaultKey = (row: unknown) => (row as { id: string }).id;
const cellClass = (c: { nowrap?: boolean }, extra?: string) =>
  [c.nowrap ? classes.nowrap : '', extra ?? ''].join(' ').trim() || undefined;

/** One row on a phone: a card, or a link to the record when it has a page of its own. */
function PhoneCard({ to, label, children }: { to?: string; label?: string; children: ReactNode }) {
  return to ? (
    <Box
      component={Link}
      to={to}
      px="md"
      py="sm"
      className={`${classes.card} ${classes.cardLink}`}
      role="listitem"
      aria-label={label}
    >
      {children}
    </Box>
  ) : (
    <Box px="md" py="sm" className={classes.card} role="listitem" aria-label={label}>
      {children}
    </Box>
  );
}

/**
 * A list's rows: a dense table with sortable headers on a desktop, cards on a phone; skeletons
 * while loading (STYLE.md "Tables").
 */
export function DataTable<T>({
  label,
  rows,
  rowKey = defaultKey,
  columns: allColumns,
  loading,
  fetching = false,
  stale = false,
  sort = null,
  onSort = () => {},
  miw,
  verticalSpacing = 6,
  horizontalSpacing = 8,
  actions,
  actionsWidth = 84,
  href,
  onRowClick: openRow,
  isPhone,
  card,
  cardAside = actions,
  cardLabel,
  hideWhenEmpty = false,
}: TDataTableProps<T>) {
  const navigate = useNavigate();
  const columns = allColumns.filter((c): c is TColumn<T> => Boolean(c));

  if (isPhone) {
    return (
      <Stack gap={0} aria-label={label} role="list" aria-busy={fetching}>
        {loading
          ? Array.from({ length: 5 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
              <Box key={i} px="md" py="sm" className={classes.card} aria-hidden>
                <Skeleton h={16} w="60%" mb={8} />
                <Skeleton h={12} w="80%" />
              </Box>
            ))
          : rows.map((row) => (
              <PhoneCard key={rowKey(row)} to={href?.(row)} label={cardLabel?.(row)}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Box style={{ minWidth: 0 }}>{card(row)}</Box>
                  {cardAside?.(row)}
                </Group>
              </PhoneCard>
            ))}
      </Stack>
    );
  }

  if (hideWhenEmpty && !loading && rows.length === 0) return null;

  /** A click on a row opens the record, unless it was on a link or a button of the row. */
  const onRowClick = (e: MouseEvent<HTMLTableRowElement>, path: string) => {
    if ((e.target as HTMLElement).closest(INTERACTIVE)) return;
    if (e.metaKey || e.ctrlKey) window.open(path, '_blank', 'noopener');
    else navigate(path);
  };
  const colCount = columns.length + (actions ? 1 : 0);

  return (
    <ScrollArea type="auto" offsetScrollbars="x">
      <Table
        stickyHeader
        highlightOnHover
        verticalSpacing={verticalSpacing}
        horizontalSpacing={horizontalSpacing}
        miw={miw}
        aria-label={label}
        aria-busy={fetching}
        className={classes.table}
        style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) =>
              c.sort ? (
                <SortableTh key={c.key} field={c.sort} sort={sort} onSort={onSort} width={c.width}>
                  {c.header}
                </SortableTh>
              ) : (
                <Table.Th key={c.key} w={c.width} {...c.th} className={cellClass(c, c.th?.className)}>
                  {c.header}
                </Table.Th>
              ),
            )}
            {actions ? (
              <Table.Th w={actionsWidth} className={classes.sticky}>
                <VisuallyHidden>Acciones</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? Array.from({ length: 8 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
                <Table.Tr key={i} aria-hidden>
                  {Array.from({ length: colCount }, (_, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton cells
                    <Table.Td key={j}>
                      <Skeleton h={14} my={5} w={columns[j]?.wide ? '80%' : '60%'} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows.map((row) => {
                const path = href?.(row);
                const onClick = path
                  ? (e: MouseEvent<HTMLTableRowElement>) => onRowClick(e, path)
                  : openRow
                    ? (e: MouseEvent<HTMLTableRowElement>) => {
                        if (!(e.target as HTMLElement).closest(INTERACTIVE)) openRow(row);
                      }
                    : undefined;
                return (
                  <Table.Tr key={rowKey(row)} className={onClick ? classes.row : undefined} onClick={onClick}>
                    {columns.map((c) => (
                      <Table.Td key={c.key} {...c.td} className={cellClass(c, c.td?.className)}>
                        {c.cell(row)}
                      </Table.Td>
                    ))}
                    {actions ? <Table.Td className={classes.sticky}>{actions(row)}</Table.Td> : null}
                  </Table.Tr>
                );
              })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
