import { Button, EmptyState, Paper } from '@mantine/core';
import { type Icon, IconDownload, IconFilterOff, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import type { TCsvExport } from '../lib/use-csv-export';
import { type TListControls, useClampPage } from '../lib/use-list-params';
import { DataTable, type TColumn, type TColumns, type TDataTableProps } from './data-table';
import { isColumnShown, ListProvider, type TColumnOption, useListContext } from './list-context';
import { ListFooter } from './list-footer';
import { LoadErrorAlert } from './load-error-alert';
import { PageHeader } from './page-header';

/** "Nuevo …": opens the form (drawer, modal) or goes to the create page. */
export type TCreateAction = { label: string; icon?: Icon; onClick?: () => void; to?: string };

export function CreateButton({ action, iconSize = 18 }: { action: TCreateAction; iconSize?: number }) {
  const CreateIcon = action.icon ?? IconPlus;
  const leftSection = <CreateIcon size={iconSize} aria-hidden />;
  return action.to ? (
    <Button component={Link} to={action.to} leftSection={leftSection}>
      {action.label}
    </Button>
  ) : (
    <Button onClick={action.onClick} leftSection={leftSection}>
      {action.label}
    </Button>
  );
}

/** "Exportar CSV" of the filtered rows (lib/use-csv-export.ts). */
export function ExportCsvButton({ csv, disabled }: { csv: TCsvExport; disabled?: boolean }) {
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={18} aria-hidden />}
      onClick={csv.exportCsv}
      loading={csv.exporting}
      disabled={disabled}
    >
      Exportar CSV
    </Button>
  );
}

/**
 * A list screen's frame (STYLE.md "Page"): the header with the title, a one-line description and
 * its actions (the feature's own, "Exportar CSV", "Nuevo …" where the role may create), then the
 * card that holds the filters and the rows.
 */
export function ListScreen({
  title,
  description,
  actions,
  list,
  csv,
  query,
  create,
  columnsKey,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** Before "Exportar CSV" (e.g. "Importar CSV"). */
  actions?: ReactNode;
  /** The list's URL state, shared with the pieces inside (list-context.tsx). */
  list: TListControls;
  csv: TCsvExport;
  /** The list's query: nothing to export until its first answer. */
  query?: Pick<TListQuery<unknown>, 'isLoading' | 'data'>;
  create?: TCreateAction | null;
  /** The list's key in the user's preferences: its optional columns are chosen in "Columnas". */
  columnsKey?: string;
  children: ReactNode;
}) {
  return (
    <ListProvider list={list} columnsKey={columnsKey}>
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            {actions}
            <ExportCsvButton csv={csv} disabled={query ? isFirstLoad(query) : false} />
            {create ? <CreateButton action={create} /> : null}
          </>
        }
      />
      <Paper withBorder radius="lg" shadow="xs">
        {children}
      </Paper>
    </ListProvider>
  );
}

/**
 * What an empty list says and offers (STYLE.md: what to do next). While filters are on: that
 * nothing matches, and "Limpiar filtros".
 */
export function ListEmptyState({
  icon,
  filtered,
  filteredTitle,
  title,
  description,
  actions,
  create,
}: {
  icon: ReactNode;
  /** Default: any filter of the URL is on. */
  filtered?: boolean;
  filteredTitle: string;
  title: string;
  description: ReactNode;
  /** What to do next, before "Nuevo …". */
  actions?: ReactNode;
  create?: TCreateAction | null;
}) {
  const { list } = useListContext();
  const isFiltered = filtered ?? list.hasFilters;
  return (
    <EmptyState
      py={48}
      px="md"
      variant="light"
      icon={icon}
      title={isFiltered ? filteredTitle : title}
      description={isFiltered ? 'Prueba con otra búsqueda o quita algún filtro.' : description}
    >
      <EmptyState.Actions>
        {isFiltered ? (
          <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={list.clearFilters}>
            Limpiar filtros
          </Button>
        ) : (
          <>
            {actions}
            {create ? <CreateButton action={create} iconSize={16} /> : null}
          </>
        )}
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** The part of a list query a list screen reads. */
export type TListQuery<T> = {
  data?: { items: T[]; total: number; capped?: boolean };
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error?: { message: string } | null;
  refetch: () => unknown;
};

const columnLabel = <T,>(c: TColumn<T>) => c.label ?? (typeof c.header === 'string' ? c.header : c.key);

/**
 * The columns the table shows: the essential ones and the optional ones the user chose (or their
 * defaults); the list of all of them goes to the "Columnas" chooser.
 */
export function useChosenColumns<T>(all: TColumns<T>): TColumn<T>[] {
  const { columns: choice } = useListContext();
  const columns = all.filter((c): c is TColumn<T> => Boolean(c));
  const options: TColumnOption[] = columns.map((c) => ({
    key: c.key,
    label: columnLabel(c),
    essential: !c.optional,
    shownByDefault: !c.hiddenByDefault,
  }));
  const signature = JSON.stringify(options);
  const { setOptions } = choice;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the options
  useEffect(() => setOptions(options), [signature, setOptions]);
  return columns.filter((c) =>
    isColumnShown({ key: c.key, essential: !c.optional, shownByDefault: !c.hiddenByDefault }, choice.chosen),
  );
}

/** Nothing to show yet: the first answer has not arrived. */
export const isFirstLoad = (query: Pick<TListQuery<unknown>, 'isLoading' | 'data'>) => query.isLoading && !query.data;

/**
 * The rows of a list screen and what surrounds them: a load error with "Reintentar", the table (or
 * the cards on a phone), the empty state, and the footer with the count and the pages. A page
 * past the end (rows deleted, an old bookmark) goes back to the last page.
 */
export function ListResults<T>({
  query,
  failed = query.isError,
  errorTitle,
  errorMessage,
  empty,
  noun,
  perPageChoice = true,
  ...table
}: Omit<TDataTableProps<T>, 'rows' | 'loading' | 'fetching' | 'stale' | 'sort' | 'onSort' | 'isPhone'> & {
  query: TListQuery<T>;
  /** Default: the query failed. */
  failed?: boolean;
  errorTitle: string;
  errorMessage?: string;
  empty: ReactNode;
  /** Singular and plural: ["vehículo", "vehículos"]. */
  noun: readonly [string, string];
  perPageChoice?: boolean;
}) {
  const { list, isPhone } = useListContext();
  const rows = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const loading = isFirstLoad(query);
  const columns = useChosenColumns(table.columns);
  useClampPage(list, total, Boolean(query.data) && !failed);
  return (
    <>
      {failed ? (
        <LoadErrorAlert
          inset
          title={errorTitle}
          message={errorMessage}
          onRetry={query.refetch}
          retrying={query.isFetching}
        />
      ) : null}
      <DataTable
        {...table}
        columns={columns}
        rows={rows}
        loading={loading}
        fetching={query.isFetching}
        stale={query.isPlaceholderData}
        sort={list.sortState}
        onSort={list.toggleSort}
        isPhone={isPhone}
      />
      {!loading && rows.length === 0 && !failed ? empty : null}
      <ListFooter
        total={total}
        capped={query.data?.capped}
        page={list.page}
        perPage={list.perPage}
        one={noun[0]}
        many={noun[1]}
        onPage={list.setPage}
        onPerPage={perPageChoice ? list.setPerPage : undefined}
      />
    </>
  );
}
