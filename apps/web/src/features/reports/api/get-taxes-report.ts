/** GET /api/v1/reports/taxes?from=&to=&basis= (levels 0–1). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TReportBasis, type TTaxesReportResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { reportQueryString, reportsKeys, type TReportPeriod } from './report-query';

export type TTaxesReportParams = TReportPeriod & { basis: TReportBasis };

export async function getTaxesReport(params: TTaxesReportParams, signal?: AbortSignal) {
  const res = await apiRequest<TTaxesReportResponse>(`${apiPath('reportTaxes')}?${reportQueryString(params)}`, {
    signal,
  });
  return res.data;
}

export const taxesReportQueryOptions = (params: TTaxesReportParams) =>
  queryOptions({
    queryKey: reportsKeys.report('taxes', params),
    queryFn: ({ signal }) => getTaxesReport(params, signal),
    placeholderData: keepPreviousData,
  });

export const useTaxesReport = (params: TTaxesReportParams, enabled = true) =>
  useQuery({ ...taxesReportQueryOptions(params), enabled });
