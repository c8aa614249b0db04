import type { TPublicDict } from '../es';

/** Dutch texts (formal "u") of the voucher and the thanks after booking (see ../es/voucher.ts). */
export const voucher: TPublicDict['voucher'] = {
  title: (locator, operator) => `Voucher ${locator} · ${operator}`,
  notFound:
    'We kunnen deze voucher niet vinden. Controleer de link die u hebt ontvangen of neem contact op met uw touroperator.',
  print: 'Afdrukken',
  viewBooking: 'Mijn boeking bekijken',
  viewTour: 'Excursie bekijken',
  kind: 'Boekingsvoucher',
  cancelled: 'Boeking geannuleerd: deze voucher is niet meer geldig.',
  cancelledOn: (when) => `Boeking geannuleerd op ${when}: deze voucher is niet meer geldig.`,
  pending: (operator) => `Nog niet bevestigd: ${operator} bevestigt uw boeking zo snel mogelijk.`,
  locator: 'Boekingsnummer',
  departure: 'Vertrektijd',
  qrLabel: (locator) => `QR-code van voucher ${locator}`,
  qrCaption: 'Laat deze code zien aan de gids of de chauffeur',
  room: (room) => `Kamer ${room}`,
  beAtPickup: 'Zorg dat u 5 minuten voor de ophaaltijd op de ophaalplek bent.',
  beAtMeetingPoint: 'Wees er 15 minuten voor vertrek.',
  askMeetingPoint: (operator) => `Vraag ${operator} naar het ontmoetingspunt.`,
  tourMeetingPoint: 'Ontmoetingspunt van de excursie:',
  pickupNotes: 'Aanwijzingen voor het ophalen',
  whatToBring: 'Wat neemt u mee?',
  holder: 'Hoofdboeker',
  passengers: 'Deelnemers',
  amount: 'Bedrag',
  notes: 'Opmerkingen',
  contact: 'Contact',
  terms: 'Voorwaarden',
  freeCancellationUntil: (when) => `Gratis annuleren tot ${when}.`,

  thanks: {
    hello: (firstName) => (firstName ? `Bedankt, ${firstName}!` : 'Bedankt!'),
    received: 'We hebben uw boeking ontvangen.',
    confirmed: 'Uw boeking is bevestigd.',
    pendingLead: (operator, link) =>
      `Uw boeking moet nog worden bevestigd: ${operator} controleert de beschikbare plaatsen en bevestigt haar daarna. U kunt de status volgen via ‘${link}’.`,
    next: 'Hoe nu verder?',
    pickupAt: (day, time, place) =>
      `Op ${day} halen we u om ${time} op bij ${place}. Zorg dat u er 5 minuten eerder bent.`,
    pickupAtRoom: (day, time, place, room) =>
      `Op ${day} halen we u om ${time} op bij ${place} (kamer ${room}). Zorg dat u er 5 minuten eerder bent.`,
    pickupNoTime: (day, place, operator) =>
      `Op ${day} halen we u op bij ${place}; ${operator} laat u de ophaaltijd nog weten.`,
    pickupNoTimeRoom: (day, place, room, operator) =>
      `Op ${day} halen we u op bij ${place} (kamer ${room}); ${operator} laat u de ophaaltijd nog weten.`,
    meetingPoint: (day, place, time) =>
      `Meld u op ${day} 15 minuten voor vertrek bij ${place}; het vertrek is om ${time}.`,
    noPlace: (day, time, operator) =>
      `Het vertrek is op ${day} om ${time}; ${operator} laat u nog weten waar u zich moet melden.`,
    keepVoucher:
      'Deze pagina is uw voucher, met boekingsnummer {locator}: bewaar of print hem en laat hem (op uw telefoon of op papier) zien aan de gids of de chauffeur.',
    cancelFree: (when, link) => `Kunt u toch niet komen? Annuleer dan gratis tot ${when} via ‘${link}’.`,
    questions: (operator) => `Vragen? Bel ${operator} op {phone}.`,
  },
};
