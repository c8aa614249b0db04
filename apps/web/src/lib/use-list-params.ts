/**
 * List state kept in the URL query (PRODUCT.md §5: filters, search, paging and sorting are
 * bookmarkable). Filter changes replace the history entry and keep the scroll; page changes push a
 * new entry and scroll to the top like any navigation.
 */
import { useDebouncedCallback } from '@mantine/hooks';
import { type ChangeEvent, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { formatSort, nextSort, parseSort, type TSort } from './sort';

export type TListPatch = Record<string, string | number | null | undefined>;

export function useListParams(defaults: { sort?: string; perPage?: number } = {}) {
  const [searchParams, setSearchParams] = useSearchParams();

  const page = useMemo(() => {
    const n = Number.parseInt(searchParams.get('page') ?? '1', 10);
    return Number.isFinite(n) && n > 0 ? n : 1;
  }, [searchParams]);

  const perPage = useMemo(() => {
    const n = Number.parseInt(searchParams.get('per_page') ?? '', 10);
    return [25, 50, 100].includes(n) ? n : (defaults.perPage ?? 50);
  }, [searchParams, defaults.perPage]);

  const get = useCallback((key: string) => searchParams.get(key) ?? '', [searchParams]);
  const sort = searchParams.get('sort') ?? defaults.sort ?? '';

  const apply = useCallback(
    (patch: TListPatch, mode: 'filter' | 'page') => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === null || v === undefined || v === '') next.delete(k);
            else next.set(k, String(v));
          }
          if (mode === 'filter' && !('page' in patch)) next.delete('page');
          if (next.get('page') === '1') next.delete('page');
          return next;
        },
        mode === 'filter'
          ? { replace: true, preventScrollReset: true, state: { keepScroll: true } }
          : { replace: false },
      );
    },
    [setSearchParams],
  );

  /** Change filters/search/sort: back to page 1, same history entry, same scroll. */
  const setFilters = useCallback((patch: TListPatch) => apply(patch, 'filter'), [apply]);
  /** Go to another page: a navigation of its own (scrolls to the top). */
  const setPage = useCallback((p: number) => apply({ page: p }, 'page'), [apply]);

  const clear = useCallback(
    (keys: string[]) => apply(Object.fromEntries(keys.map((k) => [k, null])), 'filter'),
    [apply],
  );

  return { searchParams, get, page, perPage, sort, setFilters, setPage, clear };
}

export type TListParams = ReturnType<typeof useListParams>;

/** How long the search box waits after the last key before it rewrites the URL. */
export const SEARCH_DEBOUNCE_MS = 350;

export type TListSearch = {
  /** What is in the box (may be ahead of the URL while the debounce runs). */
  value: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  /** Drops a pending push (another list change carries the text itself). */
  cancel: () => void;
  /** Empties the box and drops a pending push. */
  reset: () => void;
};

/**
 * The list's search box: typed text goes to the URL's `q` after a pause. A push still waiting when
 * the user leaves the list (a row opens a record while its lazy screen loads, or the list is gone)
 * is dropped, so it neither cancels that navigation nor lands on the next page's URL.
 */
export function useListSearch(list: Pick<TListParams, 'get' | 'setFilters'>): TListSearch {
  const q = list.get('q');
  const [value, setValue] = useState(q);
  const inputRef = useRef<HTMLInputElement>(null);

  const location = useLocation();
  const navigation = useNavigation();
  const leavingRef = useRef(false);
  leavingRef.current = navigation.state !== 'idle' && navigation.location?.pathname !== location.pathname;

  // Mantine cancels a pending call when the list unmounts.
  const push = useDebouncedCallback((text: string) => {
    if (!leavingRef.current) list.setFilters({ q: text.trim() });
  }, SEARCH_DEBOUNCE_MS);

  // Back/forward or "Limpiar filtros" change `q`: the box follows unless the user is typing in it.
  useEffect(() => {
    if (document.activeElement !== inputRef.current) setValue(q);
  }, [q]);

  return {
    value,
    inputRef,
    onChange: (e) => {
      setValue(e.currentTarget.value);
      push(e.currentTarget.value);
    },
    // Mantine swaps `cancel` on every call: always ask the debounced function for the current one.
    cancel: () => push.cancel(),
    reset: () => {
      push.cancel();
      setValue('');
    },
  };
}

/**
 * Everything a list screen needs from its URL: params, the search box, sorting, "has filters",
 * "Limpiar filtros" and per-page changes. Any list change carries the search box's text and drops
 * a pending search push, so a filter picked while the debounce runs is never overwritten by it.
 */
export function useListControls({ sort: defaultSort, filterKeys }: { sort: string; filterKeys: readonly string[] }) {
  const params = useListParams({ sort: defaultSort });
  const search = useListSearch(params);
  const sort: TSort = parseSort(params.sort);

  const setFilters = (patch: TListPatch) => {
    search.cancel();
    params.setFilters({ q: search.value.trim(), ...patch });
  };

  return {
    ...params,
    defaultSort,
    search,
    /** The parsed `sort` of the URL, for the table headers. */
    sortState: sort,
    setFilters,
    /** A header click: ascending, then descending. */
    toggleSort: (field: string) => setFilters({ sort: formatSort(nextSort(sort, field)) }),
    setPerPage: (perPage: string | null) => setFilters({ per_page: perPage }),
    hasFilters: filterKeys.some((k) => params.get(k) !== ''),
    clearFilters: () => {
      search.reset();
      params.clear([...filterKeys]);
    },
  };
}

export type TListControls = ReturnType<typeof useListControls>;

/** A page past the end (rows deleted, an old bookmark) goes back to the last page once `ready`. */
export function useClampPage(list: Pick<TListParams, 'page' | 'perPage' | 'setPage'>, total: number, ready: boolean) {
  const totalPages = Math.max(1, Math.ceil(total / list.perPage));
  const { page, setPage } = list;
  useEffect(() => {
    if (ready && page > totalPages) setPage(totalPages);
  }, [ready, page, setPage, totalPages]);
}
