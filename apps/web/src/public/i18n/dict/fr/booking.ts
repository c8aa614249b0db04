import type { TPublicDict } from '../es';

/** Français (vous). */
export const booking: TPublicDict['booking'] = {
  title: (product, operator) => `Réserver\u00a0: ${product} · ${operator}`,
  kicker: 'Réservation en ligne',
  formLabel: 'Réservation',
  steps: {
    date: 'Choisissez la date',
    time: 'Choisissez l’heure',
    pax: 'Combien de personnes\u00a0?',
    pickup: 'Prise en charge',
    customer: 'Vos coordonnées',
  },
  noDeparturesThisMonth: 'Aucun départ avec des places disponibles ce mois-ci. Essayez le mois suivant.',
  chooseDateFirst: 'Choisissez d’abord une date dans le calendrier.',
  timesOf: (day) => `Heures de départ du ${day}`,
  full: 'Complet',
  minPax: (n) => `Le départ a lieu à partir de ${n}\u00a0personnes.`,
  seatsOnDeparture: (n) =>
    n <= 1 ? `Il reste ${n}\u00a0place pour ce départ.` : `Il reste ${n}\u00a0places pour ce départ.`,
  summary: {
    title: 'Votre réservation',
    notChosen: 'Non choisi',
    addSomeone: 'Ajoutez au moins une personne.',
    taxes: 'Taxes incluses.',
    sending: 'Envoi en cours…',
    retry: 'Réessayer',
    review: (operator) => `${operator} examinera votre réservation et vous la confirmera par e-mail.`,
  },
  soldOut: {
    title: 'Il ne reste plus assez de places',
    text: (day, time, left) =>
      `Des places pour le départ du ${day} à ${time} ont été vendues pendant votre réservation${
        left === null
          ? ''
          : left === 0
            ? '\u00a0; il est désormais complet'
            : left === 1
              ? '\u00a0; il ne reste plus qu’une place'
              : `\u00a0; il ne reste plus que ${left}\u00a0places`
      }. Vos informations sont conservées\u00a0: choisissez une autre heure ou une autre date.`,
    alternatives: 'Autres heures avec des places',
    switchTo: (time, seats) => `Passer à ${time} · ${seats}`,
    otherDate: 'Choisir une autre date',
  },
  failed: {
    title: 'Nous n’avons pas pu confirmer la réservation',
    safeRetry: 'Pas d’inquiétude\u00a0: si vous réessayez, la réservation ne sera pas enregistrée deux fois.',
  },
  errors: {
    date: 'Choisissez une date',
    time: 'Choisissez une heure',
    pax: 'Indiquez au moins un participant',
    seatsLeft: (n) =>
      n <= 1 ? `Il ne reste que ${n}\u00a0place pour ce départ` : `Il ne reste que ${n}\u00a0places pour ce départ`,
    checkFields: 'Vérifiez les champs signalés.',
  },
};
