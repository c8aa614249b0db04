import type { TPublicDict } from '../es';

/** English texts of the public pages: invoice (see es/invoice.ts). */
export const invoice: TPublicDict['invoice'] = {
  title: 'Invoice',
  intro: 'Download the invoice for your booking as a PDF.',
  download: 'Download invoice',
  preparing: 'Preparing the invoice…',
  kinds: {
    simplified: 'Simplified invoice',
    full: 'Full invoice',
    corrective: 'Corrective invoice',
  },
  downloadPdf: 'Download PDF',
  needFull: 'I need a full invoice',
  fullIntro:
    'With your own or your company’s tax details. If you already downloaded the simplified invoice, this one replaces it.',
  fields: {
    name: 'Name or company name',
    taxId: 'Tax ID (VAT number, or Spanish NIF/NIE/CIF)',
    taxIdHint: 'From outside Spain: your VAT or tax identification number.',
    address: 'Address',
    postcode: 'Postcode',
    city: 'City',
  },
  required: 'A full invoice needs this.',
  taxIdInvalid: 'Please check the number: it does not look like a valid tax ID or VAT number for that country.',
  submit: 'Issue full invoice',
  submitting: 'Issuing the invoice…',
  close: 'Close the form',
  issuedTitle: 'Invoice ready',
  issuedText: (code: string) => `Your invoice ${code} is ready to download.`,
  failed: 'We could not issue the invoice',
};
