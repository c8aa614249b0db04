/**
 * «Informes» as files (issue 34): each report as a table with Spanish headers, written as CSV (the
 * dialect of ADR 013: `;`, UTF-8 with BOM, decimal comma) or as an Excel workbook with `exceljs`
 * (one sheet, a header row, amounts as numbers in euros with a € format, days as dates, ratios as
 * percentages). Named `informe-<report>-<from>-<to>.<ext>`.
 */
import {
  BOOKING_STATE_NAMES,
  displayDate,
  REPORT_BASIS_NAMES,
  REPORT_GROUP_NAMES,
  REPORT_TITLES,
  type TCancellationsReportResponse,
  type TOccupancyReportResponse,
  type TReportKind,
  type TSalesReportResponse,
  type TTaxesReportResponse,
  taxRateLabel,
  toCsv,
} from '@trayecto/shared';
import ExcelJS from 'exceljs';

/** How a column's values are written: text, a whole number, cents (as euros), a day, a 0–1 ratio. */
export type ReportCellType = 'text' | 'int' | 'money' | 'date' | 'percent';
export type ReportCell = string | number | null;
export type ReportTable = {
  kind: TReportKind;
  /** A line above the header in the workbook: the period and what it counts. */
  title: string;
  columns: { header: string; type: ReportCellType; width?: number }[];
  rows: ReportCell[][];
  /** The totals row (first cell "Total"), if the report has one. */
  totals?: ReportCell[];
};

const period = (r: { from: string; to: string }) => `del ${displayDate(r.from)} al ${displayDate(r.to)}`;

export function salesTable(r: TSalesReportResponse): ReportTable {
  const figures = (f: TSalesReportResponse['totals']): ReportCell[] => [
    f.bookings,
    f.pax,
    f.gross_cents,
    f.discount_cents,
    f.commission_cents,
    f.cancelled_bookings,
    f.cancelled_cents,
    f.net_cents,
  ];
  return {
    kind: 'sales',
    title: `Ventas por ${REPORT_GROUP_NAMES[r.group_by].toLowerCase()}, ${period(r)} (${REPORT_BASIS_NAMES[r.basis].toLowerCase()})`,
    columns: [
      { header: REPORT_GROUP_NAMES[r.group_by], type: r.group_by === 'day' ? 'date' : 'text', width: 32 },
      { header: 'Reservas', type: 'int' },
      { header: 'Pasajeros', type: 'int' },
      { header: 'Importe bruto', type: 'money' },
      { header: 'Descuentos', type: 'money' },
      { header: 'Comisiones', type: 'money' },
      { header: 'Cancelaciones', type: 'int' },
      { header: 'Importe cancelado', type: 'money' },
      { header: 'Importe neto', type: 'money' },
    ],
    rows: r.rows.map((row) => [r.group_by === 'day' ? row.key : row.label, ...figures(row)]),
    totals: ['Total', ...figures(r.totals)],
  };
}

export function occupancyTable(r: TOccupancyReportResponse): ReportTable {
  return {
    kind: 'occupancy',
    title: `Ocupación por salida, ${period(r)}${r.truncated ? ` (solo las primeras ${r.departures.length} salidas)` : ''}`,
    columns: [
      { header: 'Fecha', type: 'date' },
      { header: 'Hora', type: 'text', width: 8 },
      { header: 'Producto', type: 'text', width: 32 },
      { header: 'Capacidad', type: 'int' },
      { header: 'Plazas vendidas', type: 'int' },
      { header: 'Ocupación', type: 'percent' },
      { header: 'Cerrada', type: 'text', width: 8 },
    ],
    rows: r.departures.map((d) => [
      d.date,
      d.time,
      d.product_name,
      d.capacity,
      d.seats_taken,
      d.occupancy,
      d.closed ? 'Sí' : 'No',
    ]),
    totals: [
      'Total',
      null,
      `${r.totals.departures} salidas`,
      r.totals.capacity,
      r.totals.seats_taken,
      r.totals.occupancy,
      null,
    ],
  };
}

export function cancellationsTable(r: TCancellationsReportResponse): ReportTable {
  const all = {
    bookings: r.cancelled.bookings + r.no_show.bookings,
    pax: r.cancelled.pax + r.no_show.pax,
    total: r.cancelled.total_cents + r.no_show.total_cents,
    refunded: r.cancelled.refunded_cents + r.no_show.refunded_cents,
  };
  return {
    kind: 'cancellations',
    title: `Cancelaciones y no presentados por motivo, ${period(r)} (fecha de servicio)`,
    columns: [
      { header: 'Estado', type: 'text', width: 16 },
      { header: 'Motivo', type: 'text', width: 40 },
      { header: 'Reservas', type: 'int' },
      { header: 'Pasajeros', type: 'int' },
      { header: 'Importe', type: 'money' },
      { header: 'Reembolsado', type: 'money' },
    ],
    rows: r.rows.map((row) => [
      BOOKING_STATE_NAMES[row.state],
      row.reason || 'Sin motivo',
      row.bookings,
      row.pax,
      row.total_cents,
      row.refunded_cents,
    ]),
    totals: ['Total', null, all.bookings, all.pax, all.total, all.refunded],
  };
}

export function taxesTable(r: TTaxesReportResponse): ReportTable {
  return {
    kind: 'taxes',
    title: `Resumen de impuestos por tipo, ${period(r)} (${REPORT_BASIS_NAMES[r.basis].toLowerCase()})`,
    columns: [
      { header: 'Impuesto', type: 'text', width: 16 },
      { header: 'Tipo (%)', type: 'text', width: 10 },
      { header: 'Reservas', type: 'int' },
      { header: 'Base imponible', type: 'money' },
      { header: 'Cuota', type: 'money' },
      { header: 'Total', type: 'money' },
    ],
    rows: r.rows.map((row) => [
      taxRateLabel(row.kind, row.rate),
      row.rate.toLocaleString('es-ES', { maximumFractionDigits: 2 }),
      row.bookings,
      row.base_cents,
      row.tax_cents,
      row.total_cents,
    ]),
    totals: ['Total', null, r.totals.bookings, r.totals.base_cents, r.totals.tax_cents, r.totals.total_cents],
  };
}

/** A cell as CSV writes it: euros with the decimal comma, days as 02/11/2026, ratios as percentages. */
function csvCell(value: ReportCell, type: ReportCellType): string | number | null {
  if (value === null) return null;
  if (type === 'money' && typeof value === 'number') return value / 100;
  if (type === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return displayDate(value);
  if (type === 'percent' && typeof value === 'number') return Math.round(value * 10_000) / 100;
  return value;
}

export function reportCsv(t: ReportTable): string {
  const header = t.columns.map((c) => (c.type === 'percent' ? `${c.header} (%)` : c.header));
  const lines = [...t.rows, ...(t.totals ? [t.totals] : [])];
  return toCsv(
    header,
    lines.map((row) => row.map((v, i) => csvCell(v, t.columns[i]?.type ?? 'text'))),
  );
}

const MONEY_FORMAT = '#,##0.00 "€";-#,##0.00 "€"';
const FORMATS: Partial<Record<ReportCellType, string>> = {
  money: MONEY_FORMAT,
  date: 'dd/mm/yyyy',
  percent: '0.0%',
  int: '#,##0',
};

function xlsxCell(value: ReportCell, type: ReportCellType): string | number | Date | null {
  if (value === null) return null;
  if (type === 'money' && typeof value === 'number') return value / 100;
  if (type === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Date(`${value}T00:00:00Z`);
  }
  return value;
}

/** The workbook: a title line, the header row (bold, frozen, filtered), the rows and the totals. */
export async function reportXlsx(t: ReportTable): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Trayecto';
  book.created = new Date();
  const sheet = book.addWorksheet(REPORT_TITLES[t.kind], { views: [{ state: 'frozen', ySplit: 2 }] });
  sheet.addRow([t.title]).font = { bold: true, size: 12 };
  const header = sheet.addRow(t.columns.map((c) => c.header));
  header.font = { bold: true };
  t.columns.forEach((c, i) => {
    const col = sheet.getColumn(i + 1);
    col.width = c.width ?? Math.max(14, c.header.length + 2);
    const fmt = FORMATS[c.type];
    if (fmt) col.numFmt = fmt;
    if (c.type !== 'text') header.getCell(i + 1).alignment = { horizontal: 'right' };
  });
  for (const row of t.rows) sheet.addRow(row.map((v, i) => xlsxCell(v, t.columns[i]?.type ?? 'text')));
  if (t.totals) {
    const totals = sheet.addRow(t.totals.map((v, i) => (i === 0 ? v : xlsxCell(v, t.columns[i]?.type ?? 'text'))));
    totals.font = { bold: true };
  }
  sheet.autoFilter = { from: { row: 2, column: 1 }, to: { row: 2, column: t.columns.length } };
  return Buffer.from(await book.xlsx.writeBuffer());
}
