import type { TPublicDict } from '../es';

/** German texts (formal „Sie“) of the customer's own booking (see ../es/existing.ts). */
export const existing: TPublicDict['existing'] = {
  title: (locator, operator) => `Buchung ${locator} · ${operator}`,
  notFound:
    'Wir können diese Buchung nicht finden. Bitte prüfen Sie den Link, den Sie erhalten haben, oder wenden Sie sich an Ihren Reiseveranstalter.',
  kicker: (operator) => `Ihre Buchung bei ${operator}`,
  locator: 'Buchungsnummer',

  cancelledTitle: 'Diese Buchung wurde storniert',
  cancelledOn: (when) => `Storniert am ${when}.`,
  preparedTitle: (operator) => `${operator} hat diese Buchung für Sie vorbereitet`,
  preparedText: (button) =>
    `Bitte prüfen Sie die Angaben, ergänzen Sie, was noch fehlt, und klicken Sie auf „${button}“.`,
  confirmedByYouTitle: 'Sie haben diese Buchung bestätigt',
  confirmedByYouOn: (when) => `Am ${when}.`,

  summary: 'Übersicht',
  roomShort: (room) => `Zi. ${room}`,
  freeCancellationUntil: (when) => `Kostenlose Stornierung bis ${when}.`,
  isCancelled: 'Buchung storniert.',
  freeCancellationEnded: (when, operator) =>
    `Die Frist für die kostenlose Stornierung ist am ${when} abgelaufen. Für Änderungen wenden Sie sich bitte an ${operator}.`,
  viewVoucher: 'Voucher anzeigen',
  cancelBooking: 'Buchung stornieren',

  cancelTitle: 'Buchung stornieren',
  cancelWhat: (date, time) => `Sie sind dabei, die Buchung {locator} für ${date}, ${time} Uhr, zu stornieren.`,
  cancelFreeUntil: (when) => `Die Stornierung ist bis ${when} kostenlos.`,
  cancelFinal: 'Dies kann nicht rückgängig gemacht werden.',
  cancelReason: 'Grund der Stornierung',
  cancelling: 'Wird storniert…',
  cancelConfirm: 'Ja, Buchung stornieren',

  languageHint: 'Wir schreiben Ihnen nach Möglichkeit in dieser Sprache.',
  passengers: (people) => `Teilnehmer (${people})`,
  passengersHint: 'Mit den Namen der Teilnehmer kann der Guide prüfen, ob alle da sind. Die Angabe ist freiwillig.',
  confirming: 'Wird bestätigt…',
  saveWithoutConfirming: 'Speichern, ohne zu bestätigen',
  save: 'Änderungen speichern',
  saving: 'Wird gespeichert…',

  confirmedTitle: 'Buchung bestätigt!',
  confirmedText: 'Vielen Dank. Sie können Ihren Voucher jetzt ansehen und ausdrucken.',
  savedTitle: 'Änderungen gespeichert',
  confirmFailed: 'Die Buchung konnte nicht bestätigt werden',
  saveFailed: 'Die Änderungen konnten nicht gespeichert werden',
  checkFields: 'Bitte prüfen Sie die markierten Felder.',
  cancelledDoneTitle: 'Buchung storniert',
  cancelledDoneText: 'Wir haben Ihre Buchung storniert und die Plätze wieder freigegeben.',
};
