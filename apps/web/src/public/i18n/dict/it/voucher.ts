import type { TPublicDict } from '../es';

/** Italian texts (formal «Lei») of the voucher and the thanks after booking (see ../es/voucher.ts). */
export const voucher: TPublicDict['voucher'] = {
  title: (locator, operator) => `Voucher ${locator} · ${operator}`,
  notFound: 'Non troviamo questo voucher. Controlli il link che le è stato inviato o contatti il suo tour operator.',
  print: 'Stampa',
  viewBooking: 'Vedi la mia prenotazione',
  viewTour: 'Vedi l’escursione',
  kind: 'Voucher di prenotazione',
  cancelled: 'Prenotazione cancellata: questo voucher non è più valido.',
  cancelledOn: (when) => `Prenotazione cancellata il ${when}: questo voucher non è più valido.`,
  pending: (operator) => `In attesa di conferma: ${operator} le confermerà la prenotazione.`,
  locator: 'Codice di prenotazione',
  departure: 'Orario di partenza',
  qrLabel: (locator) => `Codice QR del voucher ${locator}`,
  qrCaption: 'Mostri questo codice alla guida o all’autista',
  room: (room) => `Camera ${room}`,
  beAtPickup: 'Si trovi al punto di prelievo 5 minuti prima dell’orario indicato.',
  beAtMeetingPoint: 'Si presenti 15 minuti prima della partenza.',
  askMeetingPoint: (operator) => `Chieda a ${operator} il punto d’incontro.`,
  tourMeetingPoint: 'Punto d’incontro dell’escursione:',
  pickupNotes: 'Indicazioni per il prelievo',
  whatToBring: 'Cosa portare',
  holder: 'Intestatario',
  passengers: 'Partecipanti',
  amount: 'Importo',
  notes: 'Commenti',
  contact: 'Contatti',
  terms: 'Condizioni',
  freeCancellationUntil: (when) => `Cancellazione gratuita fino a ${when}.`,

  thanks: {
    hello: (firstName) => (firstName ? `Grazie, ${firstName}!` : 'Grazie!'),
    received: 'Abbiamo ricevuto la sua prenotazione.',
    confirmed: 'La sua prenotazione è confermata.',
    pendingLead: (operator, link) =>
      `È in attesa di conferma: ${operator} verificherà la disponibilità dei posti e le invierà la conferma. Può seguirne lo stato in «${link}».`,
    next: 'I prossimi passi',
    pickupAt: (day, time, place) =>
      `Passeremo a prenderla ${day} alle ${time} presso ${place}. Si faccia trovare lì 5 minuti prima.`,
    pickupAtRoom: (day, time, place, room) =>
      `Passeremo a prenderla ${day} alle ${time} presso ${place} (camera ${room}). Si faccia trovare lì 5 minuti prima.`,
    pickupNoTime: (day, place, operator) =>
      `Passeremo a prenderla ${day} presso ${place}; ${operator} le comunicherà l’orario del prelievo.`,
    pickupNoTimeRoom: (day, place, room, operator) =>
      `Passeremo a prenderla ${day} presso ${place} (camera ${room}); ${operator} le comunicherà l’orario del prelievo.`,
    meetingPoint: (day, place, time) =>
      `Si presenti ${day} presso ${place} 15 minuti prima della partenza, prevista alle ${time}.`,
    noPlace: (day, time, operator) => `La partenza è ${day} alle ${time}; ${operator} le indicherà dove presentarsi.`,
    keepVoucher:
      'Questa pagina è il suo voucher, con il codice di prenotazione {locator}: la salvi o la stampi e la mostri (sul telefono o su carta) alla guida o all’autista.',
    cancelFree: (when, link) => `Se non potrà venire, cancelli gratuitamente entro ${when} da «${link}».`,
    questions: (operator) => `Domande? Chiami ${operator} al numero {phone}.`,
  },
};
