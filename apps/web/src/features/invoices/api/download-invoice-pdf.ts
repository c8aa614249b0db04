/** GET /api/v1/invoices/{id}/pdf: the invoice's PDF, downloaded with the session's token. */

import { apiPath } from '@trayecto/shared';
import { useState } from 'react';
import { apiDownload } from '../../../lib/api-client';
import { downloadCsv, fileNameOf } from '../../../lib/csv';
import { notifyError } from '../../../lib/notify';

export async function downloadInvoicePdf(invoice: { id: string; code: string }): Promise<void> {
  const { blob, contentDisposition } = await apiDownload(apiPath('invoicePdf', { id: invoice.id }));
  // lib/csv's download works for any Blob: an <a download> with an object URL.
  downloadCsv(fileNameOf(contentDisposition) ?? `factura-${invoice.code}.pdf`, blob);
}

/** «Descargar PDF»: which invoice is downloading (its button spins) and a notice if it fails. */
export function useInvoicePdfDownload() {
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (invoice: { id: string; code: string }) => {
    setDownloading(invoice.id);
    try {
      await downloadInvoicePdf(invoice);
    } catch (error) {
      notifyError('No se ha podido descargar la factura', error instanceof Error ? error.message : undefined);
    } finally {
      setDownloading(null);
    }
  };
  return { downloading, download };
}
