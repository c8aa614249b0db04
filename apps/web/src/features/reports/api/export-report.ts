/**
 * "Exportar CSV" / "Exportar Excel" of a report: GET /reports/<kind>/export.csv|.xlsx with the
 * report's query, downloaded under the server's name (informe-ventas-2026-11-01-2026-11-30.xlsx).
 */
import { apiPath, reportFileName, type TReportKind } from '@trayecto/shared';
import { useState } from 'react';
import { apiDownload } from '../../../lib/api-client';
import { downloadCsv, fileNameOf } from '../../../lib/csv';
import { notifyError, notifySuccess } from '../../../lib/notify';

const PATHS = {
  sales: { csv: 'reportSalesCsv', xlsx: 'reportSalesXlsx' },
  occupancy: { csv: 'reportOccupancyCsv', xlsx: 'reportOccupancyXlsx' },
  cancellations: { csv: 'reportCancellationsCsv', xlsx: 'reportCancellationsXlsx' },
  taxes: { csv: 'reportTaxesCsv', xlsx: 'reportTaxesXlsx' },
} as const;

export async function exportReport(kind: TReportKind, format: 'csv' | 'xlsx', query: string, from: string, to: string) {
  const { blob, contentDisposition } = await apiDownload(apiPath(PATHS[kind][format]), { query });
  const name = fileNameOf(contentDisposition) ?? reportFileName(kind, from, to, format);
  downloadCsv(name, blob);
  return name;
}

export function useReportExport() {
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const run = async (kind: TReportKind, format: 'csv' | 'xlsx', query: string, from: string, to: string) => {
    setExporting(format);
    try {
      const name = await exportReport(kind, format, query, from, to);
      notifySuccess('Exportación lista', name);
    } catch {
      notifyError('No se ha podido exportar', 'Inténtalo de nuevo en unos instantes.');
    } finally {
      setExporting(null);
    }
  };
  return { exporting, run };
}
