/**
 * GET/PUT /api/v1/auth/me/preferences: the session user's own screen settings, kept on the server
 * per user (no browser storage key of our own: the spec lists those). Today: the optional columns
 * each list shows.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, type TPreferences } from '@trayecto/shared';
import { useEffect, useState } from 'react';
import { apiRequest } from './api-client';
import { PREFERENCES_QUERY_KEY } from './query-keys';

export async function getPreferences(signal?: AbortSignal): Promise<TPreferences> {
  return (await apiRequest<TPreferences>(apiPath('myPreferences'), { signal })).data;
}

export async function savePreferences(body: TPreferences): Promise<TPreferences> {
  return (await apiRequest<TPreferences>(apiPath('myPreferences'), { method: 'PUT', body })).data;
}

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: PREFERENCES_QUERY_KEY,
    queryFn: ({ signal }) => getPreferences(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

/**
 * The columns the user chose for one list (null: never chose, the list's defaults apply) and a
 * setter that shows the choice at once and saves it; a failed save goes back to what the server has.
 */
export function useColumnChoice(listKey: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...preferencesQueryOptions(), enabled: Boolean(listKey) });
  const mutation = useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_QUERY_KEY, saved),
    onError: () => queryClient.invalidateQueries({ queryKey: PREFERENCES_QUERY_KEY }),
  });
  const saved = listKey ? (query.data?.columns?.[listKey] ?? null) : null;
  // The choice just made, shown in the click's own render: the query's cache tells its observers on
  // a later timer (TanStack's notifications are batched on setTimeout), and meanwhile React put the
  // controlled checkbox back as it was — a quick second click, or a browser test checking the box
  // right after clicking it, saw the click undone. Dropped once the cache says the same, or the save
  // is answered.
  const [pending, setPending] = useState<{ columns: string[] | null } | null>(null);
  useEffect(() => {
    if (pending && sameColumns(pending.columns, saved)) setPending(null);
  }, [pending, saved]);
  const chosen = pending ? pending.columns : saved;
  const setChosen = (columns: string[] | null) => {
    if (!listKey) return;
    const current = queryClient.getQueryData<TPreferences>(PREFERENCES_QUERY_KEY) ?? { columns: {} };
    const lists = { ...current.columns };
    if (columns) lists[listKey] = columns;
    else delete lists[listKey];
    const next = { ...current, columns: lists };
    // Shown in the same tick as the click (a checkbox must change when clicked, not after an await),
    // and a preferences read still in flight must not overwrite it.
    void queryClient.cancelQueries({ queryKey: PREFERENCES_QUERY_KEY });
    queryClient.setQueryData(PREFERENCES_QUERY_KEY, next);
    setPending({ columns });
    mutation.mutate(next, { onSettled: () => setPending(null) });
  };
  return { chosen, setChosen, ready: !listKey || query.isFetched };
}

const sameColumns = (a: string[] | null, b: string[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((k, i) => k === b[i]));
