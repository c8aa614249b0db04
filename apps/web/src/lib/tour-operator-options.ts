/**
 * The tour operators as select options, for the administrator's operator filter and "which
 * operator owns this" fields on the resource screens. Session-level data any feature may use.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, MAX_PER_PAGE, TOUR_OPERATOR_STATE } from '@trayecto/shared';
import { apiRequest } from './api-client';

export type TTourOperatorOption = { value: string; label: string; active: boolean };

export async function listTourOperatorOptions(signal?: AbortSignal): Promise<TTourOperatorOption[]> {
  const res = await apiRequest<Array<{ id: string; name: string; state: number }>>(apiPath('tourOperators'), {
    query: buildListQuery({}, { per_page: MAX_PER_PAGE, sort: 'name' }),
    signal,
  });
  return (Array.isArray(res.data) ? res.data : []).map((o) => ({
    value: o.id,
    label: o.state === TOUR_OPERATOR_STATE.ACTIVE ? o.name : `${o.name} (inactivo)`,
    active: o.state === TOUR_OPERATOR_STATE.ACTIVE,
  }));
}

export const tourOperatorOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['tour-operators', 'select-options'] as const,
    queryFn: ({ signal }) => listTourOperatorOptions(signal),
    staleTime: 5 * 60_000,
  });

/** Only asked when `enabled` (the administrator): other roles see their own operator only. */
export function useTourOperatorSelectOptions(enabled: boolean) {
  return useQuery({ ...tourOperatorOptionsQueryOptions(), enabled });
}

/** id → name, for the administrator's "Tour operador" column. */
export function operatorNameMap(options: readonly TTourOperatorOption[] | undefined): Map<string, string> {
  return new Map((options ?? []).map((o) => [o.value, o.label]));
}
