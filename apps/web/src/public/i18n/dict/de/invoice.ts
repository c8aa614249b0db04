import type { TPublicDict } from '../es';

/** German texts of the public pages: invoice (see es/invoice.ts). */
export const invoice: TPublicDict['invoice'] = {
  title: 'Rechnung',
  intro: 'Laden Sie die Rechnung Ihrer Buchung als PDF herunter.',
  download: 'Rechnung herunterladen',
  preparing: 'Rechnung wird erstellt…',
  kinds: {
    simplified: 'Vereinfachte Rechnung',
    full: 'Vollständige Rechnung',
    corrective: 'Rechnungskorrektur',
  },
  downloadPdf: 'PDF herunterladen',
  needFull: 'Ich brauche eine vollständige Rechnung',
  fullIntro:
    'Mit Ihren Steuerdaten oder denen Ihres Unternehmens. Haben Sie die vereinfachte Rechnung schon geladen, ersetzt diese sie.',
  fields: {
    name: 'Name oder Firma',
    taxId: 'Steuernummer (USt-IdNr. oder spanische NIF/NIE/CIF)',
    taxIdHint: 'Außerhalb Spaniens: Ihre USt-IdNr. oder Steuernummer.',
    address: 'Adresse',
    postcode: 'Postleitzahl',
    city: 'Ort',
  },
  required: 'Für eine vollständige Rechnung erforderlich.',
  taxIdInvalid:
    'Bitte prüfen Sie die Nummer: Sie sieht nicht wie eine gültige Steuer- oder USt-IdNr. dieses Landes aus.',
  submit: 'Vollständige Rechnung ausstellen',
  submitting: 'Rechnung wird ausgestellt…',
  close: 'Formular schließen',
  issuedTitle: 'Rechnung bereit',
  issuedText: (code: string) => `Ihre Rechnung ${code} kann jetzt heruntergeladen werden.`,
  failed: 'Die Rechnung konnte nicht ausgestellt werden',
};
