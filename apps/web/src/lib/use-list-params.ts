/**
 * List state kept in the URL query (PRODUCT.md §5: filters, search, paging and sorting are
 * bookmarkable). Filter changes replace the history entry and keep the scroll; page changes push a
 * new entry and scroll to the top like any navigation.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

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
