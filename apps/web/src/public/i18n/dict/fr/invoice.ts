import type { TPublicDict } from '../es';

/** French texts of the public pages: invoice (see es/invoice.ts). */
export const invoice: TPublicDict['invoice'] = {
  title: 'Facture',
  intro: 'Téléchargez la facture de votre réservation en PDF.',
  download: 'Télécharger la facture',
  preparing: 'Préparation de la facture…',
  kinds: {
    simplified: 'Facture simplifiée',
    full: 'Facture complète',
    corrective: 'Facture rectificative',
  },
  downloadPdf: 'Télécharger le PDF',
  needFull: 'J’ai besoin d’une facture complète',
  fullIntro:
    'Avec vos données fiscales ou celles de votre entreprise. Si vous avez déjà téléchargé la facture simplifiée, celle-ci la remplace.',
  fields: {
    name: 'Nom ou raison sociale',
    taxId: 'Numéro fiscal (TVA intracommunautaire, ou NIF/NIE/CIF espagnol)',
    taxIdHint: 'Hors d’Espagne : votre numéro de TVA ou d’identification fiscale.',
    address: 'Adresse',
    postcode: 'Code postal',
    city: 'Ville',
  },
  required: 'Nécessaire pour une facture complète.',
  taxIdInvalid: 'Vérifiez le numéro : il ne ressemble pas à un numéro fiscal ou de TVA valide pour ce pays.',
  submit: 'Émettre la facture complète',
  submitting: 'Émission de la facture…',
  close: 'Fermer le formulaire',
  issuedTitle: 'Facture prête',
  issuedText: (code: string) => `Votre facture ${code} peut être téléchargée.`,
  failed: 'Nous n’avons pas pu émettre la facture',
};
