/**
 * GET /api/v1/users?level[eq]=4 (drivers) or 5 (guides) — spec §7 "users of the given role" —
 * of the sheet's operator: the people the assignment form offers.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, MAX_PER_PAGE, type TUserResponse, USER_STATE } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { sheetOptionKeys } from './keys';

export type TCrewOption = { value: string; label: string; phone: string; active: boolean };

export function crewQueryString(level: number, operatorId: string): string {
  return buildListQuery(
    { level: { eq: level }, tour_operator_id: { eq: operatorId } },
    { per_page: MAX_PER_PAGE, sort: 'full_name' },
  );
}

export async function listCrewOptions(level: number, operatorId: string, signal?: AbortSignal) {
  const res = await apiRequest<TUserResponse[]>(apiPath('users'), {
    query: crewQueryString(level, operatorId),
    signal,
  });
  return (Array.isArray(res.data) ? res.data : []).map(
    (u): TCrewOption => ({
      value: u.id,
      label: u.state === USER_STATE.ACTIVE ? u.full_name : `${u.full_name} (inactivo)`,
      phone: u.phone ?? '',
      active: u.state === USER_STATE.ACTIVE,
    }),
  );
}

export const crewOptionsQueryOptions = (level: number, operatorId: string) =>
  queryOptions({
    queryKey: sheetOptionKeys.crew(level, operatorId),
    queryFn: ({ signal }) => listCrewOptions(level, operatorId, signal),
    staleTime: 5 * 60_000,
  });

export function useCrewOptions(level: number, operatorId: string, enabled: boolean) {
  return useQuery({ ...crewOptionsQueryOptions(level, operatorId), enabled: enabled && Boolean(operatorId) });
}
