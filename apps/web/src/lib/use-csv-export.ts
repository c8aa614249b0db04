import { countCsvRecords } from '@trayecto/shared';
import { useState } from 'react';
import { apiDownload } from './api-client';
import { downloadCsv, exportQuery, fileNameOf, todayStamp } from './csv';
import { countLabel } from './format';
import { notifyError, notifySuccess } from './notify';

/**
 * "Exportar CSV" of a list screen (PRODUCT §5: the filtered rows, not just the page on screen): the
 * API writes the file (GET /<list>/export.csv with the list's filters, sort and search, streamed in
 * batches), the browser downloads it as "<name>-YYYY-MM-DD.csv" and says how many rows went out.
 */
export function useCsvExport({
  name,
  path,
  query,
  exported,
}: {
  /** File name before the date, if the answer names none: "vehiculos". */
  name: string;
  /** The export endpoint: apiPath('vehiclesExport'). */
  path: string;
  /** The list's query string as the screen sends it (paging is left out). */
  query: string;
  /** Singular and plural for the notice: ["vehículo exportado", "vehículos exportados"]. */
  exported: readonly [string, string];
}) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, contentDisposition } = await apiDownload(path, { query: exportQuery(query) });
      downloadCsv(fileNameOf(contentDisposition) ?? `${name}-${todayStamp()}.csv`, blob);
      const rows = countCsvRecords(await blob.text());
      notifySuccess('Exportación lista', `${countLabel(rows, exported[0], exported[1])}.`);
    } catch {
      notifyError('No se ha podido exportar', 'Inténtalo de nuevo en unos instantes.');
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}

export type TCsvExport = ReturnType<typeof useCsvExport>;
