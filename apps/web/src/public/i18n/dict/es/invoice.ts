/**
 * Spanish texts of the public pages: invoice (issue 34). The customer's invoice on their booking's
 * page: the simplified one to download once the booking is paid, a full one with their tax data on
 * request, and the corrective ones of refunds. Tax words (NIF, IVA, IGIC) stay Spanish in the PDF.
 */
export const invoice = {
  title: 'Factura',
  intro: 'Descarga la factura de tu reserva en PDF.',
  download: 'Descargar factura',
  preparing: 'Preparando la factura…',
  /** One invoice of the list: its kind and number, e.g. "Factura simplificada F2027-000042". */
  kinds: {
    simplified: 'Factura simplificada',
    full: 'Factura completa',
    corrective: 'Factura rectificativa',
  },
  /** Read by screen readers with the link: "Descargar PDF: Factura simplificada F2027-000042". */
  downloadPdf: 'Descargar PDF',
  needFull: 'Necesito factura completa',
  fullIntro:
    'Con tus datos fiscales o los de tu empresa. Si ya descargaste la factura simplificada, esta la sustituye.',
  fields: {
    name: 'Nombre o razón social',
    taxId: 'NIF, NIE o CIF (o número de IVA)',
    taxIdHint: 'Si no eres de España, tu número de IVA o de identificación fiscal.',
    address: 'Dirección',
    postcode: 'Código postal',
    city: 'Ciudad',
  },
  required: 'Este dato es obligatorio para la factura completa.',
  taxIdInvalid: 'Revisa el número: no parece un NIF, NIE, CIF o número de IVA válido para ese país.',
  submit: 'Emitir factura completa',
  submitting: 'Emitiendo la factura…',
  close: 'Cerrar el formulario',
  issuedTitle: 'Factura lista',
  issuedText: (code: string) => `Tu factura ${code} ya se puede descargar.`,
  failed: 'No hemos podido emitir la factura',
};
