/**
 * The invoice PDF as a person and a phone see it: each PDF is rasterised with poppler's `pdftoppm`
 * (100 dpi), the QR code is read back from the pixels with jsQR and must be the AEAT's URL, at a size
 * between 30 and 40 mm; the text layer (`pdftotext`) must carry the code, the title in the customer's
 * language and the letters outside ASCII (€, ß, ñ, ç…). Needs poppler-utils on the machine.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InvoicePdfData, renderInvoicePdf } from './invoices.pdf';
import { formatInvoiceAmount, formatRate, type InvoicePdfLanguage, toWinAnsi } from './invoices.pdf-texts';

const run = promisify(execFile);
const DPI = 100;

const QR_URL =
  'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B76543210&numserie=F2026-000042&fecha=26-11-2026&importe=1304.00';

const SIMPLIFIED: InvoicePdfData = {
  code: 'F2026-000042',
  type: 'F2',
  issue_date: '2026-11-26',
  issuer_name: 'Teide Aventura S.L.',
  issuer_tax_id: 'B76543210',
  issuer_address: 'Calle La Marina 12, 38001 Santa Cruz de Tenerife',
  customer_name: 'Jürgen Groß',
  customer_tax_id: '',
  customer_address: '',
  customer_country: '',
  tax_kind: 'IGIC',
  lines: [
    {
      description: 'Excursión al Teide y Masca · Adultos',
      quantity: 2,
      unit_cents: 49900,
      tax_rate: 7,
      base_cents: 93271,
      tax_cents: 6529,
      total_cents: 99800,
    },
    {
      description: 'Niños (3–11 años)',
      quantity: 1,
      unit_cents: 24900,
      tax_rate: 7,
      base_cents: 23271,
      tax_cents: 1629,
      total_cents: 24900,
    },
    {
      description: 'Almuerzo canario',
      quantity: 3,
      unit_cents: 1900,
      tax_rate: 9.5,
      base_cents: 5205,
      tax_cents: 495,
      total_cents: 5700,
    },
  ],
  taxes: [
    { rate: 7, base_cents: 116542, tax_cents: 8158 },
    { rate: 9.5, base_cents: 5205, tax_cents: 495 },
  ],
  base_cents: 121747,
  tax_cents: 8653,
  total_cents: 130400,
};

const FULL: InvoicePdfData = {
  ...SIMPLIFIED,
  code: 'F2026-000043',
  type: 'F3',
  replaced_code: 'F2026-000042',
  customer_name: 'Façade Rénovation SARL',
  customer_tax_id: 'FR40303265045',
  customer_address: '12 rue de la Paix, 75002 Paris',
  customer_country: 'FR',
};

const CORRECTIVE: InvoicePdfData = {
  ...SIMPLIFIED,
  code: 'R2026-000007',
  type: 'R5',
  corrected_code: 'F2026-000042',
  corrected_issue_date: '2026-11-26',
  reason: 'Cancelación por mal tiempo',
  lines: [
    {
      description: 'Excursión al Teide y Masca · Adultos',
      quantity: 1,
      unit_cents: -49900,
      tax_rate: 7,
      base_cents: -46636,
      tax_cents: -3264,
      total_cents: -49900,
    },
  ],
  taxes: [{ rate: 7, base_cents: -46636, tax_cents: -3264 }],
  base_cents: -46636,
  tax_cents: -3264,
  total_cents: -49900,
};

let dir = '';

/**
 * Whether poppler-utils is on this machine. CI installs it (.ci/run) and fails without it; a
 * newcomer's `npm test` without it skips the rasterised checks, saying why, rather than failing on
 * a missing system package (README: `apt-get install poppler-utils` to run them).
 */
const HAS_POPPLER = !spawnSync('pdftoppm', ['-v']).error;
const RASTER_SKIP = !HAS_POPPLER && !process.env.CI;
if (RASTER_SKIP) console.warn('[invoice PDF] pdftoppm not found: install poppler-utils to rasterise and read the PDFs');

/** Fails when poppler-utils is missing where the PDF must be tested (CI). */
async function requirePoppler() {
  try {
    await run('pdftoppm', ['-v']);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'pdftoppm was not found: install poppler-utils (apt-get install poppler-utils) to test the invoice PDF',
      );
    }
    // `pdftoppm -v` exits with 0 or 99 depending on the version: it is there.
  }
}

type Rendered = { pages: number; text: string; qr: string | null; qrMm: number };

async function renderAndRead(name: string, invoice: InvoicePdfData, language: InvoicePdfLanguage): Promise<Rendered> {
  await requirePoppler();
  const pdf = await renderInvoicePdf(invoice, { qrUrl: QR_URL, language });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const pdfPath = join(dir, `${name}.pdf`);
  await writeFile(pdfPath, pdf);
  const { stdout: info } = await run('pdfinfo', [pdfPath]);
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  const { stdout: text } = await run('pdftotext', ['-layout', pdfPath, '-']);
  // The first page only: the QR code is there.
  await run('pdftoppm', ['-png', '-r', String(DPI), '-f', '1', '-l', '1', '-singlefile', pdfPath, join(dir, name)]);
  const png = await readFile(join(dir, `${name}.png`));
  const { data, info: raw } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), raw.width, raw.height);
  const widthPx = code
    ? Math.hypot(
        code.location.topRightCorner.x - code.location.topLeftCorner.x,
        code.location.topRightCorner.y - code.location.topLeftCorner.y,
      )
    : 0;
  return { pages, text, qr: code?.data ?? null, qrMm: (widthPx / DPI) * 25.4 };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'invoice-pdf-'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(RASTER_SKIP)('renderInvoicePdf (rasterised with poppler-utils)', () => {
  const cases: [string, InvoicePdfData, InvoicePdfLanguage, string[]][] = [
    ['simplified-es', SIMPLIFIED, 'es', ['Factura simplificada', 'Jürgen Groß', 'IGIC 9,5 %', '1.304,00 €', 'Niños']],
    ['simplified-de', SIMPLIFIED, 'de', ['Vereinfachte Rechnung', 'STEUERAUFSCHLÜSSELUNG', '1.217,47 €']],
    [
      'full-fr',
      FULL,
      'fr',
      [
        'Facture',
        'Façade Rénovation SARL',
        'NIF FR40303265045',
        'France',
        'Remplace la facture simplifiée',
        'F2026-000042',
      ],
    ],
    ['full-en', { ...FULL, type: 'F1', replaced_code: null }, 'en', ['Invoice', 'CUSTOMER', 'Tax base']],
    [
      'corrective-es',
      CORRECTIVE,
      'es',
      [
        'Factura rectificativa',
        'Rectifica la factura',
        'F2026-000042 del 26/11/2026',
        'Cancelación por mal tiempo',
        '-499,00 €',
      ],
    ],
    ['corrective-it', CORRECTIVE, 'it', ['Fattura rettificativa', 'Rettifica la fattura', 'Motivo']],
  ];

  it.each(cases)(
    '%s: one page, the code and its words in the text, the QR code readable at 30–40 mm',
    async (name, invoice, language, words) => {
      const out = await renderAndRead(name, invoice, language);
      expect(out.pages).toBe(1);
      expect(out.text).toContain(invoice.code);
      expect(out.text).toContain('26/11/2026');
      expect(out.text).toContain('QR tributario:');
      expect(out.text).toContain('VERI*FACTU');
      for (const word of words) expect(out.text).toContain(word);
      expect(out.qr).toBe(QR_URL);
      expect(out.qrMm).toBeGreaterThanOrEqual(30);
      expect(out.qrMm).toBeLessThanOrEqual(40);
    },
  );

  it('continues a long list of lines on a second page, the QR code on the first only', async () => {
    const line = SIMPLIFIED.lines[0];
    if (!line) throw new Error('fixture');
    const lines = Array.from({ length: 45 }, (_, i) => ({ ...line, description: `Línea ${i + 1}` }));
    const out = await renderAndRead('long', { ...SIMPLIFIED, lines }, 'nl');
    expect(out.pages).toBe(2);
    expect(out.text).toContain('Línea 45');
    expect(out.text).toContain('Pagina 2/2');
    expect(out.qr).toBe(QR_URL);
  });
});

describe('the PDF texts', () => {
  it('writes amounts the Spanish way in every language', () => {
    expect(formatInvoiceAmount(123450)).toBe('1.234,50 €');
    expect(formatInvoiceAmount(100000000)).toBe('1.000.000,00 €');
    expect(formatInvoiceAmount(5)).toBe('0,05 €');
    expect(formatInvoiceAmount(-49900)).toBe('-499,00 €');
    expect(formatRate(7)).toBe('7 %');
    expect(formatRate(9.5)).toBe('9,5 %');
  });

  it('keeps what Helvetica draws and folds what it cannot', () => {
    expect(toWinAnsi('Groß Façade Ñandú € “ok”')).toBe('Groß Façade Ñandú € “ok”');
    expect(toWinAnsi('Łukasz Dvořák')).toBe('Lukasz Dvorák');
    expect(toWinAnsi('東京')).toBe('??');
  });
});
