import type { TPublicDict } from '../es';

/** Dutch texts (formal "u") of the customer's own booking (see ../es/existing.ts). */
export const existing: TPublicDict['existing'] = {
  title: (locator, operator) => `Boeking ${locator} · ${operator}`,
  notFound:
    'We kunnen deze boeking niet vinden. Controleer de link die u hebt ontvangen of neem contact op met uw touroperator.',
  kicker: (operator) => `Uw boeking bij ${operator}`,
  locator: 'Boekingsnummer',

  cancelledTitle: 'Deze boeking is geannuleerd',
  cancelledOn: (when) => `Geannuleerd op ${when}.`,
  preparedTitle: (operator) => `${operator} heeft deze boeking voor u klaargezet`,
  preparedText: (button) => `Controleer de gegevens, vul aan wat ontbreekt en klik op ‘${button}’.`,
  confirmedByYouTitle: 'U hebt deze boeking bevestigd',
  confirmedByYouOn: (when) => `Op ${when}.`,

  summary: 'Overzicht',
  roomShort: (room) => `Kamer ${room}`,
  freeCancellationUntil: (when) => `Gratis annuleren tot ${when}.`,
  isCancelled: 'Boeking geannuleerd.',
  freeCancellationEnded: (when, operator) =>
    `De termijn voor gratis annuleren is op ${when} verlopen. Neem voor wijzigingen contact op met ${operator}.`,
  viewVoucher: 'Voucher bekijken',
  cancelBooking: 'Boeking annuleren',

  cancelTitle: 'Boeking annuleren',
  cancelWhat: (date, time) => `U staat op het punt boeking {locator} van ${date} om ${time} te annuleren.`,
  cancelFreeUntil: (when) => `Annuleren is gratis tot ${when}.`,
  cancelFinal: 'Dit kan niet ongedaan worden gemaakt.',
  cancelReason: 'Reden van de annulering',
  cancelling: 'Bezig met annuleren…',
  cancelConfirm: 'Ja, boeking annuleren',

  languageHint: 'We schrijven u waar mogelijk in deze taal.',
  passengers: (people) => `Deelnemers (${people})`,
  passengersHint: 'Met de naam van elke deelnemer kan de gids controleren of iedereen er is. Dit is optioneel.',
  confirming: 'Bezig met bevestigen…',
  saveWithoutConfirming: 'Opslaan zonder te bevestigen',
  save: 'Wijzigingen opslaan',
  saving: 'Bezig met opslaan…',

  confirmedTitle: 'Boeking bevestigd!',
  confirmedText: 'Bedankt. U kunt uw voucher nu bekijken en afdrukken.',
  savedTitle: 'Wijzigingen opgeslagen',
  confirmFailed: 'We konden de boeking niet bevestigen',
  saveFailed: 'We konden de wijzigingen niet opslaan',
  checkFields: 'Controleer de gemarkeerde velden.',
  cancelledDoneTitle: 'Boeking geannuleerd',
  cancelledDoneText: 'We hebben uw boeking geannuleerd en de plaatsen vrijgegeven.',
};
