import type { TPublicDict } from '../es';

/** Italian texts of the public pages: invoice (see es/invoice.ts). */
export const invoice: TPublicDict['invoice'] = {
  title: 'Fattura',
  intro: 'Scarica la fattura della tua prenotazione in PDF.',
  download: 'Scarica la fattura',
  preparing: 'Preparazione della fattura…',
  kinds: {
    simplified: 'Fattura semplificata',
    full: 'Fattura completa',
    corrective: 'Fattura rettificativa',
  },
  downloadPdf: 'Scarica il PDF',
  needFull: 'Mi serve la fattura completa',
  fullIntro:
    'Con i tuoi dati fiscali o quelli della tua azienda. Se hai già scaricato la fattura semplificata, questa la sostituisce.',
  fields: {
    name: 'Nome o ragione sociale',
    taxId: 'Codice fiscale (partita IVA, o NIF/NIE/CIF spagnolo)',
    taxIdHint: 'Fuori dalla Spagna: la tua partita IVA o il tuo codice fiscale.',
    address: 'Indirizzo',
    postcode: 'CAP',
    city: 'Città',
  },
  required: 'Necessario per la fattura completa.',
  taxIdInvalid: 'Controlla il numero: non sembra un codice fiscale o una partita IVA valida per quel paese.',
  submit: 'Emetti la fattura completa',
  submitting: 'Emissione della fattura…',
  close: 'Chiudi il modulo',
  issuedTitle: 'Fattura pronta',
  issuedText: (code: string) => `La tua fattura ${code} è pronta da scaricare.`,
  failed: 'Non siamo riusciti a emettere la fattura',
};
