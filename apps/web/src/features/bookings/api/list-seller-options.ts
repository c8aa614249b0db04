/** GET /api/v1/users?level[eq]=2 (spec §7: users of the given role): the sellers to choose from. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, buildListQuery, LEVEL, MAX_PER_PAGE, type TUserResponse, USER_STATE } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';

export type TSellerOption = { value: string; label: string; operatorId?: string | null };

export function sellersQueryString(): string {
  return buildListQuery({ level: { eq: LEVEL.SELLER } }, { per_page: MAX_PER_PAGE, sort: 'full_name' });
}

export async function listSellerOptions(signal?: AbortSignal): Promise<TSellerOption[]> {
  const res = await apiRequest<TUserResponse[]>(apiPath('users'), { query: sellersQueryString(), signal });
  return (Array.isArray(res.data) ? res.data : []).map((u) => ({
    value: u.id,
    label: u.state === USER_STATE.ACTIVE ? u.full_name : `${u.full_name} (inactivo)`,
    operatorId: u.tour_operator_id ?? null,
  }));
}

export const sellerOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'list', 'level', LEVEL.SELLER, 'options'] as const,
    queryFn: ({ signal }) => listSellerOptions(signal),
    staleTime: 5 * 60_000,
  });

export function useSellerOptions(enabled: boolean) {
  return useQuery({ ...sellerOptionsQueryOptions(), enabled });
}
