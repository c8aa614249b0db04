/** GET /api/v1/reports/occupancy?from=&to=&product_id=&page= (levels 0–1). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TOccupancyReportResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { reportQueryString, reportsKeys, type TReportPeriod } from './report-query';

export type TOccupancyReportParams = TReportPeriod & { product_id?: string; page?: string };

export async function getOccupancyReport(params: TOccupancyReportParams, signal?: AbortSignal) {
  const res = await apiRequest<TOccupancyReportResponse>(`${apiPath('reportOccupancy')}?${reportQueryString(params)}`, {
    signal,
  });
  return res.data;
}

export const occupancyReportQueryOptions = (params: TOccupancyReportParams) =>
  queryOptions({
    queryKey: reportsKeys.report('occupancy', params),
    queryFn: ({ signal }) => getOccupancyReport(params, signal),
    placeholderData: keepPreviousData,
  });

export const useOccupancyReport = (params: TOccupancyReportParams, enabled = true) =>
  useQuery({ ...occupancyReportQueryOptions(params), enabled });
