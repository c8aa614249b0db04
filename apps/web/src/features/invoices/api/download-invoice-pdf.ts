/** GET /api/v1/invoices/{id}/pdf: the invoice's PDF, downloaded with the session's token. */

import { apiPath } from '@trayecto/shared';
import { useRef, useState } from 'react';
import { apiDownload } from '../../../lib/api-client';
import { downloadCsv, fileNameOf } from '../../../lib/csv';
import { notifyError } from '../../../lib/notify';

export async function downloadInvoicePdf(invoice: { id: string; code: string }): Promise<void> {
  const { blob, contentDisposition } = await apiDownload(apiPath('invoicePdf', { id: invoice.id }));
  // lib/csv's download works for any Blob: an <a download> with an object URL.
  downloadCsv(fileNameOf(contentDisposition) ?? `factura-${invoice.code}.pdf`, blob);
}

/**
 * «Descargar PDF»: which invoice is downloading and a notice if it fails. While one downloads, a
 * second press is ignored: the buttons stay enabled (and focused) and only spin, since a disabled
 * button would drop the keyboard's focus (WCAG 2.4.3).
 */
export function useInvoicePdfDownload() {
  const [downloading, setDownloading] = useState<string | null>(null);
  const busy = useRef(false);
  const download = async (invoice: { id: string; code: string }) => {
    if (busy.current) return;
    busy.current = true;
    setDownloading(invoice.id);
    try {
      await downloadInvoicePdf(invoice);
    } catch (error) {
      notifyError('No se ha podido descargar la factura', error instanceof Error ? error.message : undefined);
    } finally {
      busy.current = false;
      setDownloading(null);
    }
  };
  return { downloading, download };
}
