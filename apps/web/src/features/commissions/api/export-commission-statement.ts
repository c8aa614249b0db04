/** GET /api/v1/commissions/statements/{id}/export.csv: the statement as a spreadsheet, downloaded. */
import { apiPath } from '@trayecto/shared';
import { apiDownload } from '../../../lib/api-client';
import { downloadCsv, fileNameOf } from '../../../lib/csv';

export async function downloadCommissionStatement(id: string): Promise<void> {
  const { blob, contentDisposition } = await apiDownload(apiPath('commissionStatementExport', { id }));
  downloadCsv(fileNameOf(contentDisposition) ?? `liquidacion-${id}.csv`, blob);
}
