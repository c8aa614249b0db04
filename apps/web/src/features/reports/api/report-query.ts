/** What every report takes: the period (and the administrator's operator), as a query string. */
export type TReportPeriod = { from: string; to: string; tour_operator_id?: string };

export function reportQueryString(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  return q.toString();
}

export const reportsKeys = {
  all: ['reports'] as const,
  report: (kind: string, params: object) => [...reportsKeys.all, kind, params] as const,
};
