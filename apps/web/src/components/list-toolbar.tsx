import { Button, type ButtonProps, Group, Select, type SelectProps, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ColumnChooser } from './column-chooser';
import { useListContext } from './list-context';

export type TSortOption = { value: string; label: string };

/** The search box: its text goes to the URL's `q` after a pause (lib/use-list-params.ts). */
export function SearchInput({ placeholder, flex = '2 1 240px' }: { placeholder: string; flex?: string }) {
  const { list } = useListContext();
  return (
    <TextInput
      ref={list.search.inputRef}
      label="Buscar"
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={list.search.value}
      onChange={list.search.onChange}
      style={{ flex }}
      type="search"
    />
  );
}

/** A select bound to one URL key of the list: "" shows the placeholder ("Todos"); clearing removes the key. */
export function FilterSelect({
  param,
  flex,
  onChange,
  ...props
}: Omit<SelectProps, 'value' | 'onChange' | 'style'> & {
  param: string;
  flex: string;
  /** Instead of setting `param` alone (e.g. also clear a dependent filter). */
  onChange?: (value: string | null) => void;
}) {
  const { list } = useListContext();
  return (
    <Select
      clearable
      {...props}
      value={list.get(param) || null}
      onChange={onChange ?? ((v) => list.setFilters({ [param]: v }))}
      style={{ flex }}
    />
  );
}

/** The administrator's "Tour operador" filter (other roles only see their own operator). */
export function TourOperatorFilter({
  options,
  flex = '1 1 200px',
  onChange,
}: {
  options: { isLoading: boolean; data?: readonly { value: string; label: string }[] };
  flex?: string;
  onChange?: (value: string | null) => void;
}) {
  return (
    <FilterSelect
      param="tour_operator_id"
      label="Tour operador"
      placeholder={options.isLoading ? 'Cargando…' : 'Todos'}
      data={(options.data ?? []) as { value: string; label: string }[]}
      searchable
      nothingFoundMessage="Ningún tour operador coincide"
      flex={flex}
      onChange={onChange}
    />
  );
}

/** On a phone there are no column headers to click: the sort is a select. */
export function SortSelect({ options }: { options: readonly TSortOption[] }) {
  const { list } = useListContext();
  return (
    <Select
      label="Ordenar por"
      data={options as TSortOption[]}
      value={options.some((o) => o.value === list.sort) ? list.sort : null}
      onChange={(v) => list.setFilters({ sort: v === list.defaultSort ? null : v })}
      allowDeselect={false}
      style={{ flex: '1 1 170px' }}
    />
  );
}

/** "Limpiar filtros": back to the whole list (search included). */
export function ClearFiltersButton({ size }: { size?: ButtonProps['size'] }) {
  const { list } = useListContext();
  return (
    <Button
      variant="subtle"
      color="gray"
      size={size}
      leftSection={<IconFilterOff size={16} aria-hidden />}
      onClick={list.clearFilters}
    >
      Limpiar filtros
    </Button>
  );
}

/**
 * The filter bar of a list screen (PRODUCT §5): the search box, the feature's filters (children),
 * the sort on a phone and "Limpiar filtros" while any filter is on.
 */
export function ListToolbar({
  label,
  placeholder,
  searchFlex,
  sortOptions,
  children,
}: {
  /** Accessible name of the search region: "Filtrar vehículos". */
  label: string;
  placeholder: string;
  searchFlex?: string;
  /** Shown as a select on a phone; none: no sort choice. */
  sortOptions?: readonly TSortOption[];
  children?: ReactNode;
}) {
  const { list, isPhone } = useListContext();
  return (
    <Group p="md" gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={label}>
      <SearchInput placeholder={placeholder} flex={searchFlex} />
      {children}
      {isPhone && sortOptions ? <SortSelect options={sortOptions} /> : null}
      {list.hasFilters ? <ClearFiltersButton /> : null}
      <ColumnChooser />
    </Group>
  );
}
