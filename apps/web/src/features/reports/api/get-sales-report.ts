/** GET /api/v1/reports/sales?from=&to=&group_by=&basis= (a Vendedor: their own sales). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TReportBasis, type TReportGroup, type TSalesReportResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { reportQueryString, reportsKeys, type TReportPeriod } from './report-query';

export type TSalesReportParams = TReportPeriod & { group_by: TReportGroup; basis: TReportBasis };

export async function getSalesReport(params: TSalesReportParams, signal?: AbortSignal) {
  const res = await apiRequest<TSalesReportResponse>(`${apiPath('reportSales')}?${reportQueryString(params)}`, {
    signal,
  });
  return res.data;
}

export const salesReportQueryOptions = (params: TSalesReportParams) =>
  queryOptions({
    queryKey: reportsKeys.report('sales', params),
    queryFn: ({ signal }) => getSalesReport(params, signal),
    placeholderData: keepPreviousData,
  });

export const useSalesReport = (params: TSalesReportParams, enabled = true) =>
  useQuery({ ...salesReportQueryOptions(params), enabled });
