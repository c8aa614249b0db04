/**
 * GET /api/v1/products of one operator (every one, by name): what a channel may sell and the
 * passenger types each product has a price for (its base prices or a season's), for the channel
 * form's product choice and net rates. The administrator names the operator; a manager reads their
 * own.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiPath,
  buildListQuery,
  MAX_PER_PAGE,
  PAX_TYPES,
  type TPaxType,
  type TProductResponse,
} from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { channelsKeys } from './list-channels';

export type TChannelProduct = {
  id: string;
  name: string;
  code: string;
  state: string;
  /** The passenger types it has a price for, in the catalogue's order. */
  pax_types: TPaxType[];
};

/** What a channel's product needs: all it asks the API for (`fields=`, ADR 054). */
const FIELDS = [
  'id',
  'name',
  'code',
  'state',
  'prices',
  'seasons',
] as const satisfies readonly (keyof TProductResponse)[];
type TProductRow = Pick<TProductResponse, (typeof FIELDS)[number]>;

export function channelProductOf(p: TProductRow): TChannelProduct {
  const priced = new Set([...p.prices, ...p.seasons.flatMap((s) => s.prices)].map((x) => x.pax_type));
  return { id: p.id, name: p.name, code: p.code, state: p.state, pax_types: PAX_TYPES.filter((t) => priced.has(t)) };
}

export async function listChannelProducts(
  tourOperatorId: string | null,
  signal?: AbortSignal,
): Promise<TChannelProduct[]> {
  const res = await apiRequest<TProductRow[]>(apiPath('products'), {
    query: buildListQuery(
      { tour_operator_id: { eq: tourOperatorId ?? undefined } },
      { per_page: MAX_PER_PAGE, sort: 'name', fields: FIELDS.join(',') },
    ),
    signal,
  });
  return (Array.isArray(res.data) ? res.data : []).map(channelProductOf);
}

export const channelProductsQueryOptions = (tourOperatorId: string | null) =>
  queryOptions({
    queryKey: [...channelsKeys.all, 'products', tourOperatorId ?? 'own'] as const,
    queryFn: ({ signal }) => listChannelProducts(tourOperatorId, signal),
    staleTime: 60_000,
  });

/** `tourOperatorId` null: the user's own operator's (a manager); the administrator waits for one. */
export function useChannelProducts(tourOperatorId: string | null, { enabled }: { enabled: boolean }) {
  return useQuery({ ...channelProductsQueryOptions(tourOperatorId), enabled });
}
