import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TSort } from '../lib/sort';
import classes from './sortable-th.module.css';

/** A table header cell that sorts the list, announced to screen readers with aria-sort. */
export function SortableTh({
  field,
  sort,
  onSort,
  children,
  width,
}: {
  field: string;
  sort: TSort;
  onSort: (field: string) => void;
  children: ReactNode;
  width?: number | string;
}) {
  const active = sort?.field === field;
  const Icon = active ? (sort?.desc ? IconSortDescending : IconSortAscending) : IconArrowsSort;
  return (
    <Table.Th w={width} aria-sort={active ? (sort?.desc ? 'descending' : 'ascending') : 'none'} style={{ padding: 0 }}>
      <UnstyledButton onClick={() => onSort(field)} className={classes.control} data-active={active || undefined}>
        <span>{children}</span>
        <Icon size={15} stroke={1.8} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}
