/** GET /api/v1/reports/cancellations?from=&to= (a Vendedor: their own bookings). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath, type TCancellationsReportResponse } from '@trayecto/shared';
import { apiRequest } from '../../../lib/api-client';
import { reportQueryString, reportsKeys, type TReportPeriod } from './report-query';

export async function getCancellationsReport(params: TReportPeriod, signal?: AbortSignal) {
  const res = await apiRequest<TCancellationsReportResponse>(
    `${apiPath('reportCancellations')}?${reportQueryString(params)}`,
    { signal },
  );
  return res.data;
}

export const cancellationsReportQueryOptions = (params: TReportPeriod) =>
  queryOptions({
    queryKey: reportsKeys.report('cancellations', params),
    queryFn: ({ signal }) => getCancellationsReport(params, signal),
    placeholderData: keepPreviousData,
  });

export const useCancellationsReport = (params: TReportPeriod, enabled = true) =>
  useQuery({ ...cancellationsReportQueryOptions(params), enabled });
