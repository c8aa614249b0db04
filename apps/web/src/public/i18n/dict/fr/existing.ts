import type { TPublicDict } from '../es';

/**
 * French texts (« vous ») of the customer's own booking (see ../es/existing.ts). French typography:
 * a non-breaking space (\u00a0) before « : ; ! ? » and inside « ».
 */
export const existing: TPublicDict['existing'] = {
  title: (locator, operator) => `Réservation ${locator} · ${operator}`,
  notFound:
    'Nous ne trouvons pas cette réservation. Vérifiez le lien que vous avez reçu ou contactez votre tour-opérateur.',
  kicker: (operator) => `Votre réservation auprès de ${operator}`,
  locator: 'Numéro de réservation',

  cancelledTitle: 'Cette réservation est annulée',
  cancelledOn: (when) => `Annulée le ${when}.`,
  preparedTitle: (operator) => `${operator} a préparé cette réservation pour vous`,
  preparedText: (button) =>
    `Vérifiez les informations, complétez ce qui manque et appuyez sur «\u00a0${button}\u00a0».`,
  confirmedByYouTitle: 'Vous avez confirmé cette réservation',
  confirmedByYouOn: (when) => `Le ${when}.`,

  summary: 'Récapitulatif',
  roomShort: (room) => `Ch. ${room}`,
  freeCancellationUntil: (when) => `Annulation gratuite jusqu’au ${when}.`,
  isCancelled: 'Réservation annulée.',
  freeCancellationEnded: (when, operator) =>
    `Le délai d’annulation gratuite a pris fin le ${when}. Pour toute modification, contactez ${operator}.`,
  viewVoucher: 'Voir le bon de réservation',
  cancelBooking: 'Annuler la réservation',

  cancelTitle: 'Annuler la réservation',
  cancelWhat: (date, time) => `Vous allez annuler la réservation {locator} du ${date} à ${time}.`,
  cancelFreeUntil: (when) => `L’annulation est gratuite jusqu’au ${when}.`,
  cancelFinal: 'Cette action est irréversible.',
  cancelReason: 'Motif de l’annulation',
  cancelling: 'Annulation…',
  cancelConfirm: 'Oui, annuler la réservation',

  languageHint: 'Nous vous écrirons dans cette langue dans la mesure du possible.',
  passengers: (people) => `Participants (${people})`,
  passengersHint: 'Le nom de chaque participant aide le guide à faire l’appel. C’est facultatif.',
  confirming: 'Confirmation…',
  saveWithoutConfirming: 'Enregistrer sans confirmer',
  save: 'Enregistrer les modifications',
  saving: 'Enregistrement…',

  confirmedTitle: 'Réservation confirmée\u00a0!',
  confirmedText: 'Merci. Vous pouvez maintenant consulter et imprimer votre bon de réservation.',
  savedTitle: 'Modifications enregistrées',
  confirmFailed: 'Nous n’avons pas pu confirmer la réservation',
  saveFailed: 'Nous n’avons pas pu enregistrer les modifications',
  checkFields: 'Vérifiez les champs signalés.',
  cancelledDoneTitle: 'Réservation annulée',
  cancelledDoneText: 'Nous avons annulé votre réservation et libéré les places.',
};
