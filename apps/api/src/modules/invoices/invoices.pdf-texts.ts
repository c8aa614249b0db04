/**
 * What the invoice PDF writes (issue 34), apart from how it lays it out (invoices.pdf.ts): its labels
 * and the words of its lines (passenger types, discount, corrections) in the languages of the public
 * pages (`PUBLIC_LOCALES`: a language added there fails to compile here until it has its texts), the
 * AEAT's legends (Spanish in every language), the Spanish way of writing amounts, rates and dates,
 * and the text the built-in fonts can draw.
 */
import { messageLocale, type TPaxType, type TPublicLocale } from '@trayecto/shared';

export type InvoicePdfLanguage = TPublicLocale;

/**
 * The language an invoice is written in: the booking's when it is a public language, else the
 * operator's default, else Spanish (the rule of the customer's messages, `messageLocale`).
 */
export const invoiceLanguage = (language: string | null | undefined, operatorDefault?: string | null) =>
  messageLocale(language, operatorDefault);

/** VERI*FACTU `TipoFactura` of the invoices table. */
export type InvoicePdfType = 'F1' | 'F2' | 'F3' | 'R1' | 'R5';

type Labels = {
  titleSimplified: string;
  titleFull: string;
  titleCorrective: string;
  number: string;
  date: string;
  customer: string;
  description: string;
  quantity: string;
  unitPrice: string;
  rate: string;
  base: string;
  /** The lines table's narrower column of the base. */
  lineBase: string;
  taxAmount: string;
  total: string;
  /** `{tax}` is IGIC or IVA. */
  pricesInclude: string;
  taxBreakdown: string;
  corrects: string;
  /** `{date}` is the corrected invoice's date. */
  correctsOf: string;
  reason: string;
  replaces: string;
  page: string;
  /** The lines' words (written into the invoice's lines when it is issued). */
  pax: Record<TPaxType, string>;
  discount: string;
  /** What a booking's total has beyond its passenger lines and discount. */
  otherCharges: string;
  /** A corrective invoice's line: `{code}` is the corrected invoice's number. */
  correctionLine: string;
};

/** Every label and line word of the PDF in each language of the public pages. */
export const LABELS: Record<InvoicePdfLanguage, Labels> = {
  es: {
    titleSimplified: 'Factura simplificada',
    titleFull: 'Factura',
    titleCorrective: 'Factura rectificativa',
    number: 'Número',
    date: 'Fecha',
    customer: 'Cliente',
    description: 'Descripción',
    quantity: 'Cant.',
    unitPrice: 'Precio ud.',
    rate: 'Tipo',
    base: 'Base imponible',
    lineBase: 'Base imponible',
    taxAmount: 'Cuota',
    total: 'Total',
    pricesInclude: 'Precios unitarios con {tax} incluido.',
    taxBreakdown: 'Desglose de impuestos',
    corrects: 'Rectifica la factura',
    correctsOf: 'del {date}',
    reason: 'Motivo',
    replaces: 'Sustituye a la factura simplificada',
    page: 'Página',
    pax: { adult: 'Adulto', child: 'Niño', infant: 'Bebé', senior: 'Senior' },
    discount: 'Descuento',
    otherCharges: 'Otros conceptos',
    correctionLine: 'Rectificación de la factura {code}',
  },
  en: {
    titleSimplified: 'Simplified invoice',
    titleFull: 'Invoice',
    titleCorrective: 'Corrective invoice',
    number: 'Number',
    date: 'Date',
    customer: 'Customer',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    rate: 'Rate',
    base: 'Tax base',
    lineBase: 'Tax base',
    taxAmount: 'Tax',
    total: 'Total',
    pricesInclude: 'Unit prices include {tax}.',
    taxBreakdown: 'Tax breakdown',
    corrects: 'Corrects invoice',
    correctsOf: 'of {date}',
    reason: 'Reason',
    replaces: 'Replaces simplified invoice',
    page: 'Page',
    pax: { adult: 'Adult', child: 'Child', infant: 'Infant', senior: 'Senior' },
    discount: 'Discount',
    otherCharges: 'Other charges',
    correctionLine: 'Correction of invoice {code}',
  },
  de: {
    titleSimplified: 'Vereinfachte Rechnung',
    titleFull: 'Rechnung',
    titleCorrective: 'Rechnungskorrektur',
    number: 'Nummer',
    date: 'Datum',
    customer: 'Kunde',
    description: 'Beschreibung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    rate: 'Satz',
    base: 'Bemessungsgrundlage',
    lineBase: 'Netto',
    taxAmount: 'Steuer',
    total: 'Gesamt',
    pricesInclude: 'Einzelpreise inkl. {tax}.',
    taxBreakdown: 'Steueraufschlüsselung',
    corrects: 'Korrigiert die Rechnung',
    correctsOf: 'vom {date}',
    reason: 'Grund',
    replaces: 'Ersetzt die vereinfachte Rechnung',
    page: 'Seite',
    pax: { adult: 'Erwachsener', child: 'Kind', infant: 'Kleinkind', senior: 'Senior' },
    discount: 'Rabatt',
    otherCharges: 'Sonstige Leistungen',
    correctionLine: 'Korrektur der Rechnung {code}',
  },
  fr: {
    titleSimplified: 'Facture simplifiée',
    titleFull: 'Facture',
    titleCorrective: 'Facture rectificative',
    number: 'Numéro',
    date: 'Date',
    customer: 'Client',
    description: 'Description',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    rate: 'Taux',
    base: 'Base imposable',
    lineBase: 'Base HT',
    taxAmount: 'Taxe',
    total: 'Total',
    pricesInclude: 'Prix unitaires {tax} compris.',
    taxBreakdown: 'Détail des taxes',
    corrects: 'Rectifie la facture',
    correctsOf: 'du {date}',
    reason: 'Motif',
    replaces: 'Remplace la facture simplifiée',
    page: 'Page',
    pax: { adult: 'Adulte', child: 'Enfant', infant: 'Bébé', senior: 'Senior' },
    discount: 'Remise',
    otherCharges: 'Autres frais',
    correctionLine: 'Rectification de la facture {code}',
  },
  it: {
    titleSimplified: 'Fattura semplificata',
    titleFull: 'Fattura',
    titleCorrective: 'Fattura rettificativa',
    number: 'Numero',
    date: 'Data',
    customer: 'Cliente',
    description: 'Descrizione',
    quantity: 'Q.tà',
    unitPrice: 'Prezzo unit.',
    rate: 'Aliquota',
    base: 'Imponibile',
    lineBase: 'Imponibile',
    taxAmount: 'Imposta',
    total: 'Totale',
    pricesInclude: 'Prezzi unitari {tax} inclusa.',
    taxBreakdown: 'Riepilogo imposte',
    corrects: 'Rettifica la fattura',
    correctsOf: 'del {date}',
    reason: 'Motivo',
    replaces: 'Sostituisce la fattura semplificata',
    page: 'Pagina',
    pax: { adult: 'Adulto', child: 'Bambino', infant: 'Neonato', senior: 'Senior' },
    discount: 'Sconto',
    otherCharges: 'Altri addebiti',
    correctionLine: 'Rettifica della fattura {code}',
  },
  nl: {
    titleSimplified: 'Vereenvoudigde factuur',
    titleFull: 'Factuur',
    titleCorrective: 'Correctiefactuur',
    number: 'Nummer',
    date: 'Datum',
    customer: 'Klant',
    description: 'Omschrijving',
    quantity: 'Aantal',
    unitPrice: 'Stukprijs',
    rate: 'Tarief',
    base: 'Maatstaf van heffing',
    lineBase: 'Grondslag',
    taxAmount: 'Belasting',
    total: 'Totaal',
    pricesInclude: 'Stukprijzen inclusief {tax}.',
    taxBreakdown: 'Belastingoverzicht',
    corrects: 'Corrigeert factuur',
    correctsOf: 'van {date}',
    reason: 'Reden',
    replaces: 'Vervangt de vereenvoudigde factuur',
    page: 'Pagina',
    pax: { adult: 'Volwassene', child: 'Kind', infant: 'Baby', senior: 'Senior' },
    discount: 'Korting',
    otherCharges: 'Overige kosten',
    correctionLine: 'Correctie van factuur {code}',
  },
};

/** The AEAT's legends: Spanish in every language. */
export const QR_LABEL = 'QR tributario:';
export const QR_LEGEND = 'VERI*FACTU';
export const QR_LEGEND_LONG = 'Factura verificable en la sede electrónica de la AEAT';

export function invoiceTitle(type: InvoicePdfType, language: InvoicePdfLanguage): string {
  const l = LABELS[language];
  if (type === 'F2') return l.titleSimplified;
  if (type === 'R1' || type === 'R5') return l.titleCorrective;
  return l.titleFull;
}

/** `123450` → `1.234,50 €` (the Spanish way, grouped from four digits), `-500` → `-5,00 €`. */
export function formatInvoiceAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const euros = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${euros},${String(abs % 100).padStart(2, '0')} €`;
}

/** `7` → `7 %`, `9.5` → `9,5 %`. */
export function formatRate(rate: number): string {
  const text = Number.isInteger(rate) ? String(rate) : String(Math.round(rate * 100) / 100);
  return `${text.replace('.', ',')} %`;
}

/** `2027-01-05` → `05/01/2027`. */
export function formatInvoiceDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** Characters the WinAnsi encoding of the built-in fonts has beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the built-in Helvetica can draw: WinAnsi keeps Western European letters (á, ñ, ü, ß, ç, €);
 * any other letter loses its accent (ł and č of a customer's name become l and c) and what is left
 * becomes `?` — pdfkit would otherwise print garbage for it.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) {
      out += ch;
      continue;
    }
    if (ch === '\n') {
      out += ch;
      continue;
    }
    if (/\s/.test(ch)) {
      out += ' ';
      continue;
    }
    const special: Record<string, string> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i', ħ: 'h', Ħ: 'H' };
    const base = special[ch] ?? ch.normalize('NFD').replace(/\p{M}/gu, '');
    out += [...base].every((c) => (c.codePointAt(0) ?? 0) <= 0xff) && base !== ch ? base : '?';
  }
  return out;
}

export function countryName(country: string, language: InvoicePdfLanguage): string {
  if (!/^[A-Za-z]{2}$/.test(country)) return country;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(country.toUpperCase()) ?? country;
  } catch {
    return country;
  }
}
