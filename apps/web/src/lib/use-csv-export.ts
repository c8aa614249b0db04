import { useState } from 'react';
import { downloadCsv, todayStamp } from './csv';
import { countLabel } from './format';
import { notifyError, notifySuccess } from './notify';

/**
 * "Exportar CSV" of a list screen (PRODUCT §5: the filtered rows, not just the page on screen):
 * fetches every row, downloads "<name>-YYYY-MM-DD.csv" and says how many rows went out.
 */
export function useCsvExport<T>({
  name,
  fetchRows,
  toCsv,
  exported,
}: {
  /** File name before the date: "vehiculos". */
  name: string;
  fetchRows: () => Promise<readonly T[]>;
  toCsv: (rows: readonly T[]) => string;
  /** Singular and plural for the notice: ["vehículo exportado", "vehículos exportados"]. */
  exported: readonly [string, string];
}) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await fetchRows();
      downloadCsv(`${name}-${todayStamp()}.csv`, toCsv(rows));
      notifySuccess('Exportación lista', `${countLabel(rows.length, exported[0], exported[1])}.`);
    } catch {
      notifyError('No se ha podido exportar', 'Inténtalo de nuevo en unos instantes.');
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}

export type TCsvExport = ReturnType<typeof useCsvExport>;
