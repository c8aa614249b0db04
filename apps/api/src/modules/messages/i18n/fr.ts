/**
 * What customers read, in French (issue 15), addressed as "vous". Same keys and placeholders as
 * ./es.ts. French typography: a no-break space before « : ; ! ? » and inside the guillemets.
 */
import type { MessageTexts } from './es';

/** No-break space (U+00A0): the space French puts before double punctuation and inside « ». */
const _ = '\u00a0';

export const fr: MessageTexts = {
  subjects: {
    booking_confirmed: `Réservation confirmée${_}: {tail}`,
    booking_requested: `Nous avons bien reçu votre demande${_}: {tail}`,
    booking_prepared: `Votre réservation n’attend plus que votre confirmation${_}: {tail}`,
    booking_changed: `Modifications de votre réservation${_}: {tail}`,
    booking_cancelled: `Réservation annulée${_}: {tail}`,
    payment_received: `Paiement reçu${_}: {tail}`,
    payment_refunded: `Remboursement de votre réservation${_}: {tail}`,
    payment_link: `Réglez votre réservation en ligne${_}: {tail}`,
    booking_reminder: `Votre excursion, c’est demain${_}: {tail}`,
    departure_cancelled: `Excursion annulée${_}: {tail}`,
  },
  subjectTail: '{product}, {day} ({locator})',
  when: '{day} à {time}',
  labelValue: `{label}${_}: {value}`,
  greeting: 'Bonjour {name},',
  greetingNoName: 'Bonjour,',
  labels: {
    locator: 'Référence',
    product: 'Excursion',
    date: 'Date',
    pax: 'Participants',
    duration: 'Durée',
    pickup: 'Prise en charge',
    meetingPoint: 'Point de rendez-vous',
    total: 'Total',
    paid: 'Déjà payé',
    pending: 'Reste à payer',
    paidNet: 'Payé (net)',
    departureTime: 'Heure de départ',
    pickupTime: 'Heure de prise en charge',
    pickupPlace: 'Lieu de prise en charge',
    room: 'Chambre',
  },
  pax: {
    adult: { one: 'adulte', other: 'adultes' },
    child: { one: 'enfant', other: 'enfants' },
    infant: { one: 'bébé', other: 'bébés' },
    senior: { one: 'senior', other: 'seniors' },
  },
  paymentMethods: {
    cash: 'en espèces',
    card: 'par carte bancaire',
    transfer: 'par virement',
    online: 'en ligne',
  },
  departureReasons: {
    weather: 'en raison de mauvaises conditions météo',
    min_pax: 'le nombre minimum de participants n’a pas été atteint',
    operational: 'pour des raisons d’organisation',
    other: 'pour d’autres raisons',
  },
  pickup: {
    otherPlace: '{place}, point de prise en charge de {hotel}',
    room: 'chambre {room}',
    withTime: '{time} – {place}',
    timeToConfirm: '{place} (nous vous confirmerons l’heure)',
    meetingPoint: '{place}, à {time}',
    none: 'sans prise en charge',
  },
  buttons: {
    voucher: 'Voir mon bon',
    manage: 'Voir ou modifier ma réservation',
    review: 'Vérifier et confirmer la réservation',
  },
  contact: {
    phoneAndEmail: `Une question${_}? Nous sommes là pour vous aider${_}: appelez-nous au {phone} ou écrivez-nous à {email}.`,
    phone: `Une question${_}? Nous sommes là pour vous aider${_}: appelez-nous au {phone}.`,
    email: `Une question${_}? Nous sommes là pour vous aider${_}: écrivez-nous à {email}.`,
    reply: `Une question${_}? Nous sommes là pour vous aider${_}: répondez simplement à ce message.`,
  },
  freeCancellation: 'Annulation gratuite jusqu’au {when} depuis la page de votre réservation.',
  whatToBring: `À prévoir${_}: {items}.`,
  pickupNotes: `Pour la prise en charge${_}: {notes}`,
  confirmed: {
    intro: `Votre réservation pour «${_}{product}${_}» est confirmée. Merci d’avoir réservé avec {brand}${_}!`,
    nextPickup: `Et maintenant${_}? Conservez votre bon (le code QR suffit, sur votre téléphone ou imprimé) et soyez au point de prise en charge 5 minutes avant l’heure prévue. Le fichier joint vous permet d’ajouter l’excursion à votre agenda.`,
    nextMeetingPoint: `Et maintenant${_}? Conservez votre bon (le code QR suffit, sur votre téléphone ou imprimé) et présentez-vous au point de rendez-vous 10 minutes à l’avance. Le fichier joint vous permet d’ajouter l’excursion à votre agenda.`,
    next: `Et maintenant${_}? Conservez votre bon (le code QR suffit, sur votre téléphone ou imprimé). Le fichier joint vous permet d’ajouter l’excursion à votre agenda.`,
    preview: '{product}, {when}. Votre bon et tous les détails se trouvent dans ce message.',
  },
  requested: {
    intro: `Nous avons bien reçu votre demande pour «${_}{product}${_}». {brand} va l’examiner et nous vous écrirons dès qu’elle sera confirmée. Attention${_}: ce message ne vaut pas encore bon de réservation.`,
  },
  prepared: {
    intro: `{brand} a préparé cette réservation pour vous. Vérifiez les informations, complétez ce qui manque et confirmez-la grâce au lien ci-dessous${_}:`,
    preview: 'Vérifiez et confirmez votre réservation pour {product}.',
  },
  changed: {
    intro: `Nous avons modifié votre réservation. Voici ce qui change${_}:`,
    heading: 'Votre réservation à présent',
    note: 'Le lien de votre bon reste le même et affiche déjà les nouvelles informations.',
  },
  cancelled: {
    byCustomer: `Vous avez annulé votre réservation pour «${_}{product}${_}» du {when}.`,
    byOperator: `{brand} a annulé votre réservation pour «${_}{product}${_}» du {when}.`,
    reason: `Motif${_}: {reason}`,
    preview: `{product}, {when}${_}: réservation annulée.`,
  },
  refund: {
    nothingPaid: `Vous n’aviez rien réglé${_}: aucun montant ne vous sera facturé.`,
    paid: 'Vous avez déjà réglé {amount}. Nous vous écrirons à nouveau une fois le remboursement effectué.',
  },
  payment: {
    received: `Nous avons bien reçu votre paiement de {amount}. Merci${_}!`,
    receivedWithMethod: `Nous avons bien reçu votre paiement de {amount} ({method}). Merci${_}!`,
    receivedPreview: 'Paiement de {amount} reçu.',
    refunded:
      'Nous vous avons remboursé {amount}. Selon votre banque, le montant peut mettre quelques jours à apparaître sur votre compte.',
    refundedWithMethod:
      'Nous vous avons remboursé {amount} ({method}). Selon votre banque, le montant peut mettre quelques jours à apparaître sur votre compte.',
    refundedPreview: 'Remboursement de {amount}.',
    linkIntro: 'Vous pouvez régler {amount} pour votre réservation en ligne, par carte, jusqu’au {until}.',
    linkButton: 'Payer {amount}',
    linkPreview: 'Réglez {amount} en ligne avant le {until}.',
  },
  reminder: {
    intro: `Votre excursion «${_}{product}${_}» a lieu demain. Nous vous attendons${_}:`,
    pickup: `Prise en charge${_}: {value}. Gardez votre bon à portée de main (le code QR sur votre téléphone suffit) et soyez sur place 5 minutes avant l’heure.`,
    meetingPoint: `Point de rendez-vous${_}: {value}. Gardez votre bon à portée de main (le code QR sur votre téléphone suffit) et arrivez 10 minutes à l’avance.`,
    plain:
      'Gardez votre bon à portée de main (le code QR sur votre téléphone suffit) et arrivez 10 minutes à l’avance.',
  },
  departureCancelled: {
    intro: `Nous sommes sincèrement désolés${_}: {brand} a dû annuler le départ de «${_}{product}${_}» du {when}, et par conséquent votre réservation {locator}.`,
    introWithReason: `Nous sommes sincèrement désolés${_}: {brand} a dû annuler le départ de «${_}{product}${_}» du {when} ({reason}), et par conséquent votre réservation {locator}.`,
    heading: `Que se passe-t-il maintenant${_}?`,
    preview: `Départ du {when} annulé${_}: voici la suite.`,
  },
  layout: {
    buttonFallback: `Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur${_}:`,
    footer: 'Envoyé par Trayecto pour le compte de {brand}.',
  },
  calendar: {
    fileName: 'reservation-{locator}.ics',
    locator: 'Référence',
    voucher: 'Bon',
    contact: 'Contact',
  },
  whatsapp: {
    hello: `Bonjour {name}${_}!`,
    helloNoName: `Bonjour${_}!`,
    booking_prepared: `{hello} Ici {brand}. Nous avons préparé votre réservation pour «${_}{product}${_}» le {when} ({locator}). Vérifiez-la et confirmez-la ici${_}:\n{link}`,
    booking_confirmed: `{hello} Ici {brand}. Votre réservation {locator} pour «${_}{product}${_}» est prévue le {when}.{where}\nVotre bon${_}: {link}`,
    booking_reminder: `{hello} Petit rappel de {brand}${_}: votre excursion «${_}{product}${_}» a lieu demain, {when}.{where}\nVotre bon${_}: {link}`,
    booking_cancelled: `{hello} Ici {brand}${_}: votre réservation {locator} pour «${_}{product}${_}» du {when} est annulée. Pour toute question, répondez simplement à ce message.`,
    booking_cancelled_paid: `{hello} Ici {brand}${_}: votre réservation {locator} pour «${_}{product}${_}» du {when} est annulée. Vous avez réglé {amount}${_}; nous vous préviendrons dès que le remboursement aura été effectué. Pour toute question, répondez simplement à ce message.`,
    payment_link: `{hello} Ici {brand}${_}: vous pouvez régler {amount} pour votre réservation {locator} («${_}{product}${_}», {when}) ici, jusqu’au {until}${_}:\n{link}`,
  },
};
