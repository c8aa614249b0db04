/**
 * An invoice as a PDF (issue 34): one A4 page drawn on the server with pdfkit, no browser and no
 * font files (the built-in Helvetica, WinAnsi-encoded). What it shows follows the invoice's type:
 * a simplified invoice (`F2`), a full one (`F1`, or `F3` replacing a simplified one) with the
 * customer's tax data, a corrective one (`R1`/`R5`) with the invoice it corrects and why.
 *
 * The VERI*FACTU QR code («Características del QR y especificaciones del servicio de cotejo», AEAT):
 * between 30×30 and 40×40 mm (here 34 mm), error correction level M, at the top of the first page
 * before the invoice's content (top left on a portrait page), «QR tributario:» above it and
 * «VERI*FACTU» / «Factura verificable en la sede electrónica de la AEAT» below it. It is drawn as
 * vector squares, so it stays sharp at any zoom and in print.
 *
 * Labels come in the invoice's language (the public pages' languages, in invoices.pdf-texts.ts), and
 * so do its lines, written in it when the invoice was issued; the Spanish tax words (IGIC,
 * IVA, NIF) and the AEAT's legends stay Spanish, and amounts are written the Spanish way in every
 * language (`1.234,50 €`): it is a Spanish invoice.
 */
import PDFDocument from 'pdfkit';
import { encode } from 'uqr';
import {
  countryName,
  formatInvoiceAmount,
  formatInvoiceDate,
  formatRate,
  type InvoicePdfLanguage,
  type InvoicePdfType,
  invoiceTitle,
  LABELS,
  QR_LABEL,
  QR_LEGEND,
  QR_LEGEND_LONG,
  toWinAnsi,
} from './invoices.pdf-texts';

/** One line as issued (db/schema/invoices.ts `InvoiceLineRow`): amounts in cents, `unit_cents` with tax. */
export type InvoicePdfLine = {
  description: string;
  quantity: number;
  unit_cents: number;
  /** Percent, e.g. 7 or 9.5. */
  tax_rate: number;
  base_cents: number;
  tax_cents: number;
  total_cents: number;
};

/** What the PDF prints: the columns of an `invoices` row (snake_case, as stored) and the codes it refers to. */
export type InvoicePdfData = {
  /** Series and number, e.g. `F2027-000042`. */
  code: string;
  type: InvoicePdfType;
  /** `YYYY-MM-DD`, the issue date in the operator's time zone. */
  issue_date: string;
  issuer_name: string;
  issuer_tax_id: string;
  issuer_address: string;
  customer_name: string;
  customer_tax_id: string;
  customer_address: string;
  /** ISO 3166-1 alpha-2 (printed as the country's name in the invoice's language), or a name. */
  customer_country: string;
  tax_kind: 'IGIC' | 'IVA';
  lines: InvoicePdfLine[];
  taxes: { rate: number; base_cents: number; tax_cents: number }[];
  base_cents: number;
  tax_cents: number;
  total_cents: number;
  /** R1/R5: the code of the invoice corrected, its issue date (`YYYY-MM-DD`, optional) and why. */
  corrected_code?: string | null;
  corrected_issue_date?: string | null;
  reason?: string | null;
  /** F3: the code of the simplified invoice it replaces. */
  replaced_code?: string | null;
};

export type InvoicePdfOptions = {
  /** The AEAT's ValidarQR URL of this invoice (modules/invoices/verifactu.ts `qrUrl`). */
  qrUrl: string;
  language: InvoicePdfLanguage;
};

// ── Layout (points; A4 is 595.28 × 841.89) ──────────────────────────────────────────────────────
const MM = 72 / 25.4;
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const LEFT = 42;
const RIGHT = PAGE_W - 42;
const TOP = 40;
const BOTTOM = PAGE_H - 50;
const QR_SIZE = 34 * MM;
const INK = '#1f2328';
const MUTED = '#5c6370';
const RULE = '#c9ced6';
const FILL = '#f1f3f5';
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

type Doc = PDFKit.PDFDocument;

/** Draws the QR code's dark modules as squares (runs of a row merged into one rectangle). */
function drawQr(doc: Doc, text: string, x: number, y: number, size: number) {
  const qr = encode(text, { ecc: 'M', border: 0 });
  const cell = size / qr.size;
  doc.save().fillColor('#000000');
  for (let row = 0; row < qr.size; row++) {
    let col = 0;
    while (col < qr.size) {
      if (!qr.data[row]?.[col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < qr.size && qr.data[row]?.[col]) col++;
      // A hair of overlap so that neighbouring squares leave no seam when rasterised.
      doc.rect(x + start * cell, y + row * cell, (col - start) * cell + 0.05, cell + 0.05);
    }
  }
  doc.fill();
  doc.restore();
}

/**
 * The invoice as a one-page (more if it has very many lines) A4 PDF.
 * @throws never for well-formed data; text outside WinAnsi is folded (see {@link toWinAnsi}).
 */
export function renderInvoicePdf(invoice: InvoicePdfData, opts: InvoicePdfOptions): Promise<Buffer> {
  const l = LABELS[opts.language] ?? LABELS.es;
  const t = toWinAnsi;
  const title = invoiceTitle(invoice.type, opts.language);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    lang: opts.language,
    info: {
      Title: t(`${title} ${invoice.code}`),
      Author: t(invoice.issuer_name),
      Subject: t(`${title} ${invoice.code}`),
      Creator: 'Trayecto',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fillColor(INK).lineWidth(0.6).strokeColor(RULE);

  // ── Header: the QR code (top left), the issuer, the invoice's title, number and date ─────────
  doc.font(FONT).fontSize(7.5).fillColor(MUTED).text(QR_LABEL, LEFT, TOP, { lineBreak: false });
  // At least four modules of white around the code (its quiet zone): nothing is drawn closer.
  const qrY = TOP + 20;
  drawQr(doc, opts.qrUrl, LEFT, qrY, QR_SIZE);
  const legendY = qrY + QR_SIZE + 12;
  doc.font(BOLD).fontSize(9).fillColor(INK).text(QR_LEGEND, LEFT, legendY, { lineBreak: false });
  doc
    .font(FONT)
    .fontSize(6.5)
    .fillColor(MUTED)
    .text(QR_LEGEND_LONG, LEFT, legendY + 12, { width: QR_SIZE + 14, lineGap: 0.5 });
  const qrBlockBottom = doc.y;

  const issuerX = LEFT + QR_SIZE + 26;
  const metaW = 178;
  const metaX = RIGHT - metaW;
  const issuerW = metaX - issuerX - 14;
  doc
    .font(BOLD)
    .fontSize(11.5)
    .fillColor(INK)
    .text(t(invoice.issuer_name), issuerX, TOP + 10, { width: issuerW });
  doc.moveDown(0.25).font(FONT).fontSize(9).fillColor(INK);
  doc.text(`NIF ${t(invoice.issuer_tax_id)}`, issuerX, doc.y, { width: issuerW });
  if (invoice.issuer_address.trim()) {
    doc.fillColor(MUTED).text(t(invoice.issuer_address.trim()), issuerX, doc.y + 2, { width: issuerW, lineGap: 1 });
  }
  const issuerBottom = doc.y;

  // The title on one line: a long one ("Vereenvoudigde factuur") a little smaller.
  let titleSize = 17;
  doc.font(BOLD);
  while (titleSize > 12 && doc.fontSize(titleSize).widthOfString(t(title)) > metaW) titleSize -= 0.5;
  doc
    .fontSize(titleSize)
    .fillColor(INK)
    .text(t(title), metaX, TOP + 6, { width: metaW, align: 'right' });
  if (opts.language !== 'es') {
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(MUTED)
      .text(t(invoiceTitle(invoice.type, 'es')), metaX, doc.y + 1, { width: metaW, align: 'right' });
  }
  let metaY = doc.y + 10;
  const metaRow = (label: string, value: string) => {
    doc.font(FONT).fontSize(9).fillColor(MUTED).text(t(label), metaX, metaY, { width: 70, lineBreak: false });
    doc
      .font(BOLD)
      .fontSize(10)
      .fillColor(INK)
      .text(t(value), metaX + 62, metaY - 0.5, { width: metaW - 62, align: 'right', lineBreak: false });
    metaY += 15;
  };
  metaRow(l.number, invoice.code);
  metaRow(l.date, formatInvoiceDate(invoice.issue_date));

  let y = Math.max(qrBlockBottom, issuerBottom, metaY) + 14;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(1.2).strokeColor(INK).stroke().lineWidth(0.6).strokeColor(RULE);
  y += 14;

  // ── The customer (full invoices and their corrections; a simplified one only names them) ─────
  const isFull = invoice.type === 'F1' || invoice.type === 'F3' || invoice.type === 'R1';
  const hasTaxData = Boolean(invoice.customer_tax_id.trim());
  if (isFull || hasTaxData) {
    const boxW = 260;
    const inner = boxW - 20;
    const parts: { text: string; font: string; size: number; color: string }[] = [
      { text: t(invoice.customer_name || '—'), font: BOLD, size: 10.5, color: INK },
    ];
    if (hasTaxData) parts.push({ text: `NIF ${t(invoice.customer_tax_id)}`, font: FONT, size: 9, color: INK });
    if (invoice.customer_address.trim())
      parts.push({ text: t(invoice.customer_address.trim()), font: FONT, size: 9, color: MUTED });
    if (invoice.customer_country.trim())
      parts.push({
        text: t(countryName(invoice.customer_country.trim(), opts.language)),
        font: FONT,
        size: 9,
        color: MUTED,
      });
    let h = 24;
    for (const p of parts) h += doc.font(p.font).fontSize(p.size).heightOfString(p.text, { width: inner }) + 2;
    doc
      .roundedRect(LEFT, y, boxW, h + 6, 4)
      .fillColor(FILL)
      .fill();
    doc
      .font(BOLD)
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(t(l.customer.toUpperCase()), LEFT + 10, y + 9, { characterSpacing: 0.6, lineBreak: false });
    let py = y + 23;
    for (const p of parts) {
      doc
        .font(p.font)
        .fontSize(p.size)
        .fillColor(p.color)
        .text(p.text, LEFT + 10, py, { width: inner });
      py = doc.y + 2;
    }
    y += h + 6 + 16;
  } else if (invoice.customer_name.trim()) {
    doc
      .font(FONT)
      .fontSize(9)
      .fillColor(MUTED)
      .text(`${t(l.customer)}: `, LEFT, y, { continued: true })
      .fillColor(INK)
      .text(t(invoice.customer_name.trim()));
    y = doc.y + 14;
  }

  // ── What it corrects or replaces ─────────────────────────────────────────────────────────────
  const refLines: { label: string; value: string }[] = [];
  if ((invoice.type === 'R1' || invoice.type === 'R5') && invoice.corrected_code) {
    const of = invoice.corrected_issue_date
      ? ` ${l.correctsOf.replace('{date}', formatInvoiceDate(invoice.corrected_issue_date))}`
      : '';
    refLines.push({ label: l.corrects, value: `${invoice.corrected_code}${of}` });
    if (invoice.reason?.trim()) refLines.push({ label: l.reason, value: invoice.reason.trim() });
  }
  if (invoice.type === 'F3' && invoice.replaced_code) {
    refLines.push({ label: l.replaces, value: invoice.replaced_code });
  }
  if (refLines.length > 0) {
    const startY = y;
    for (const r of refLines) {
      doc
        .font(FONT)
        .fontSize(9.5)
        .fillColor(MUTED)
        .text(`${t(r.label)}: `, LEFT + 12, y, { continued: true, width: RIGHT - LEFT - 12 })
        .font(BOLD)
        .fillColor(INK)
        .text(t(r.value));
      y = doc.y + 3;
    }
    doc
      .rect(LEFT, startY - 2, 3, y - startY)
      .fillColor('#e8590c')
      .fill();
    y += 13;
  }

  // ── The lines ─────────────────────────────────────────────────────────────────────────────────
  const cols = [
    { key: 'description', label: l.description, w: 0, align: 'left' as const },
    { key: 'quantity', label: l.quantity, w: 42, align: 'right' as const },
    { key: 'unit', label: l.unitPrice, w: 70, align: 'right' as const },
    { key: 'rate', label: `${invoice.tax_kind}`, w: 50, align: 'right' as const },
    { key: 'base', label: l.lineBase, w: 82, align: 'right' as const },
    { key: 'total', label: l.total, w: 72, align: 'right' as const },
  ];
  const fixed = cols.reduce((s, c) => s + c.w, 0);
  const firstCol = cols[0];
  if (firstCol) firstCol.w = RIGHT - LEFT - fixed;
  const PAD = 6;

  let page = 1;
  const pageBreakIfNeeded = (needed: number) => {
    if (y + needed <= BOTTOM) return false;
    doc.addPage({ size: 'A4', margin: 0 });
    page++;
    y = TOP;
    return true;
  };
  const drawHeaderRow = () => {
    doc.font(BOLD).fontSize(8);
    const h = Math.max(...cols.map((c) => doc.heightOfString(t(c.label), { width: c.w - 2 * PAD }))) + 10;
    doc
      .rect(LEFT, y, RIGHT - LEFT, h)
      .fillColor(FILL)
      .fill();
    let x = LEFT;
    for (const c of cols) {
      doc
        .font(BOLD)
        .fontSize(8)
        .fillColor(MUTED)
        .text(t(c.label), x + PAD, y + 5, { width: c.w - 2 * PAD, align: c.align });
      x += c.w;
    }
    y += h;
  };
  drawHeaderRow();
  for (const line of invoice.lines) {
    const cells: Record<string, string> = {
      description: t(line.description),
      quantity: String(line.quantity),
      unit: formatInvoiceAmount(line.unit_cents),
      rate: formatRate(line.tax_rate),
      base: formatInvoiceAmount(line.base_cents),
      total: formatInvoiceAmount(line.total_cents),
    };
    doc.font(FONT).fontSize(9);
    const h = Math.max(...cols.map((c) => doc.heightOfString(cells[c.key] ?? '', { width: c.w - 2 * PAD }))) + 12;
    if (pageBreakIfNeeded(h)) drawHeaderRow();
    let x = LEFT;
    for (const c of cols) {
      doc
        .font(c.key === 'total' ? BOLD : FONT)
        .fontSize(9)
        .fillColor(INK)
        .text(cells[c.key] ?? '', x + PAD, y + 6, { width: c.w - 2 * PAD, align: c.align });
      x += c.w;
    }
    y += h;
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(RULE).stroke();
  }
  y += 5;
  doc
    .font(FONT)
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(t(l.pricesInclude.replace('{tax}', invoice.tax_kind)), LEFT, y, { lineBreak: false });
  y += 22;

  // ── Taxes per rate and the totals (right) ─────────────────────────────────────────────────────
  const taxRows = invoice.taxes.length > 0 ? invoice.taxes : [];
  const sumH = 20 + (taxRows.length + 1) * 17 + 16 + 3 * 17 + 30;
  pageBreakIfNeeded(sumH);
  const boxX = RIGHT - 300;
  const w1 = 96;
  const w2 = 110;
  const w3 = 300 - w1 - w2;
  doc
    .font(BOLD)
    .fontSize(8)
    .fillColor(MUTED)
    .text(t(l.taxBreakdown.toUpperCase()), boxX, y, { characterSpacing: 0.6, lineBreak: false });
  y += 15;
  const row3 = (a: string, b: string, c: string, font: string, color: string) => {
    doc.font(font).fontSize(9).fillColor(color);
    doc.text(t(a), boxX, y, { width: w1, lineBreak: false });
    doc.text(t(b), boxX + w1, y, { width: w2, align: 'right', lineBreak: false });
    doc.text(t(c), boxX + w1 + w2, y, { width: w3, align: 'right', lineBreak: false });
    y += 13;
  };
  row3('', l.base, l.taxAmount, BOLD, MUTED);
  doc.moveTo(boxX, y).lineTo(RIGHT, y).strokeColor(RULE).stroke();
  y += 5;
  for (const tax of taxRows) {
    row3(
      `${invoice.tax_kind} ${formatRate(tax.rate)}`,
      formatInvoiceAmount(tax.base_cents),
      formatInvoiceAmount(tax.tax_cents),
      FONT,
      INK,
    );
  }
  y += 10;

  const totalRow = (label: string, value: string, strong = false) => {
    doc
      .font(strong ? BOLD : FONT)
      .fontSize(strong ? 12.5 : 9.5)
      .fillColor(strong ? INK : MUTED)
      .text(t(label), boxX, y, { width: 150, lineBreak: false });
    doc
      .font(BOLD)
      .fontSize(strong ? 12.5 : 9.5)
      .fillColor(INK)
      .text(t(value), boxX + 150, y, { width: 150, align: 'right', lineBreak: false });
    y += strong ? 20 : 15;
  };
  totalRow(l.base, formatInvoiceAmount(invoice.base_cents));
  totalRow(`${invoice.tax_kind}`, formatInvoiceAmount(invoice.tax_cents));
  doc.moveTo(boxX, y).lineTo(RIGHT, y).lineWidth(1.2).strokeColor(INK).stroke().lineWidth(0.6);
  y += 7;
  totalRow(l.total, formatInvoiceAmount(invoice.total_cents), true);

  // ── Footer on every page: the issuer, and the page when there are several ──────────────────────
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const footY = PAGE_H - 34;
    doc
      .moveTo(LEFT, footY - 8)
      .lineTo(RIGHT, footY - 8)
      .strokeColor(RULE)
      .lineWidth(0.6)
      .stroke();
    const footer = [invoice.issuer_name, `NIF ${invoice.issuer_tax_id}`, invoice.issuer_address]
      .map((s) => s.trim())
      .filter(Boolean)
      .join(' · ');
    doc
      .font(FONT)
      .fontSize(7)
      .fillColor(MUTED)
      .text(t(footer), LEFT, footY, { width: RIGHT - LEFT - 80, lineBreak: false, ellipsis: true });
    doc.text(t(`${invoice.code}${page > 1 ? ` · ${l.page} ${i + 1}/${range.count}` : ''}`), RIGHT - 120, footY, {
      width: 120,
      align: 'right',
      lineBreak: false,
    });
  }

  doc.end();
  return done;
}
