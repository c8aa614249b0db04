import type { TPublicDict } from '../es';

/** Dutch texts of the public pages: invoice (see es/invoice.ts). */
export const invoice: TPublicDict['invoice'] = {
  title: 'Factuur',
  intro: 'Download de factuur van je boeking als pdf.',
  download: 'Factuur downloaden',
  preparing: 'Factuur wordt gemaakt…',
  kinds: {
    simplified: 'Vereenvoudigde factuur',
    full: 'Volledige factuur',
    corrective: 'Correctiefactuur',
  },
  downloadPdf: 'Pdf downloaden',
  needFull: 'Ik heb een volledige factuur nodig',
  fullIntro:
    'Met je eigen fiscale gegevens of die van je bedrijf. Heb je de vereenvoudigde factuur al gedownload, dan vervangt deze die.',
  fields: {
    name: 'Naam of bedrijfsnaam',
    taxId: 'Fiscaal nummer (btw-nummer, of Spaans NIF/NIE/CIF)',
    taxIdHint: 'Buiten Spanje: je btw-nummer of fiscaal identificatienummer.',
    address: 'Adres',
    postcode: 'Postcode',
    city: 'Plaats',
  },
  required: 'Nodig voor een volledige factuur.',
  taxIdInvalid: 'Controleer het nummer: het lijkt geen geldig fiscaal nummer of btw-nummer voor dat land.',
  submit: 'Volledige factuur maken',
  submitting: 'Factuur wordt gemaakt…',
  close: 'Formulier sluiten',
  issuedTitle: 'Factuur klaar',
  issuedText: (code: string) => `Je factuur ${code} staat klaar om te downloaden.`,
  failed: 'We konden de factuur niet maken',
};
