/**
 * GET /api/v1/jobs (Administrador): the background runner's periodic tasks, the newest jobs
 * (optionally of one state) and the count per state. Refreshed every 15 s while the screen is open.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TJobState, type TJobsResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';

export const jobsKeys = {
  all: ['jobs'] as const,
  list: (state: TJobState | '') => [...jobsKeys.all, state] as const,
};

export async function getJobs(state: TJobState | '', signal?: AbortSignal): Promise<TJobsResponse> {
  const query = state ? `?state=${encodeURIComponent(state)}` : '';
  const res = await apiRequest<TJobsResponse>(`${apiPath('jobs')}${query}`, { signal });
  return res.data;
}

export const jobsQueryOptions = (state: TJobState | '') =>
  queryOptions({
    queryKey: jobsKeys.list(state),
    queryFn: ({ signal }) => getJobs(state, signal),
    refetchInterval: 15_000,
    placeholderData: keepPreviousData,
  });

export function useJobs(state: TJobState | '') {
  return useQuery(jobsQueryOptions(state));
}
