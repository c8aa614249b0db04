import type { TPublicDict } from '../es';

/** French texts (« vous ») of the voucher and the thanks after booking (see ../es/voucher.ts). */
export const voucher: TPublicDict['voucher'] = {
  title: (locator, operator) => `Bon de réservation ${locator} · ${operator}`,
  notFound:
    'Nous ne trouvons pas ce bon de réservation. Vérifiez le lien que vous avez reçu ou contactez votre tour-opérateur.',
  print: 'Imprimer',
  viewBooking: 'Voir ma réservation',
  viewTour: 'Voir l’excursion',
  kind: 'Bon de réservation',
  cancelled: 'Réservation annulée\u00a0: ce bon n’est plus valable.',
  cancelledOn: (when) => `Réservation annulée le ${when}\u00a0: ce bon n’est plus valable.`,
  pending: (operator) => `En attente de confirmation\u00a0: ${operator} vous confirmera la réservation.`,
  locator: 'Numéro de réservation',
  departure: 'Heure de départ',
  qrLabel: (locator) => `QR code du bon ${locator}`,
  qrCaption: 'Présentez ce code au guide ou au chauffeur',
  room: (room) => `Chambre ${room}`,
  beAtPickup: 'Soyez au point de prise en charge 5 minutes avant l’heure indiquée.',
  beAtMeetingPoint: 'Présentez-vous 15 minutes avant le départ.',
  askMeetingPoint: (operator) => `Renseignez-vous sur le point de rendez-vous auprès de ${operator}.`,
  tourMeetingPoint: 'Point de rendez-vous de l’excursion\u00a0:',
  pickupNotes: 'Indications pour la prise en charge',
  whatToBring: 'À prévoir',
  holder: 'Titulaire',
  passengers: 'Participants',
  amount: 'Montant',
  notes: 'Commentaires',
  contact: 'Contact',
  terms: 'Conditions',
  freeCancellationUntil: (when) => `Annulation gratuite jusqu’au ${when}.`,

  thanks: {
    hello: (firstName) => (firstName ? `Merci, ${firstName}\u00a0!` : 'Merci\u00a0!'),
    received: 'Nous avons bien reçu votre réservation.',
    confirmed: 'Votre réservation est confirmée.',
    pendingLead: (operator, link) =>
      `Elle est en attente de confirmation\u00a0: ${operator} va vérifier les places disponibles et vous la confirmer. Vous pouvez suivre son état dans «\u00a0${link}\u00a0».`,
    next: 'Et ensuite\u00a0?',
    pickupAt: (day, time, place) =>
      `Le ${day}, nous passons vous prendre à ${time} à cet endroit\u00a0: ${place}. Merci d’y être 5 minutes avant.`,
    pickupAtRoom: (day, time, place, room) =>
      `Le ${day}, nous passons vous prendre à ${time} à cet endroit\u00a0: ${place} (chambre ${room}). Merci d’y être 5 minutes avant.`,
    pickupNoTime: (day, place, operator) =>
      `Le ${day}, nous passons vous prendre à cet endroit\u00a0: ${place}. ${operator} vous indiquera l’heure de prise en charge.`,
    pickupNoTimeRoom: (day, place, room, operator) =>
      `Le ${day}, nous passons vous prendre à cet endroit\u00a0: ${place} (chambre ${room}). ${operator} vous indiquera l’heure de prise en charge.`,
    meetingPoint: (day, place, time) =>
      `Le ${day}, présentez-vous 15 minutes avant le départ, prévu à ${time}, à cet endroit\u00a0: ${place}.`,
    noPlace: (day, time, operator) =>
      `Le départ a lieu le ${day} à ${time}\u00a0; ${operator} vous indiquera où vous présenter.`,
    keepVoucher:
      'Cette page est votre bon de réservation, avec le numéro {locator}\u00a0: enregistrez-la ou imprimez-la et présentez-la (sur votre téléphone ou sur papier) au guide ou au chauffeur.',
    cancelFree: (when, link) =>
      `Si vous ne pouvez pas venir, annulez gratuitement jusqu’au ${when} depuis «\u00a0${link}\u00a0».`,
    questions: (operator) => `Une question\u00a0? Appelez ${operator} au {phone}.`,
  },
};
