import type { TPublicDict } from '../es';

/** German texts (formal „Sie“) of the voucher and the thanks after booking (see ../es/voucher.ts). */
export const voucher: TPublicDict['voucher'] = {
  title: (locator, operator) => `Voucher ${locator} · ${operator}`,
  notFound:
    'Wir können diesen Voucher nicht finden. Bitte prüfen Sie den Link, den Sie erhalten haben, oder wenden Sie sich an Ihren Reiseveranstalter.',
  print: 'Drucken',
  viewBooking: 'Meine Buchung ansehen',
  viewTour: 'Zum Ausflug',
  kind: 'Buchungsvoucher',
  cancelled: 'Buchung storniert: Dieser Voucher ist nicht mehr gültig.',
  cancelledOn: (when) => `Buchung am ${when} storniert: Dieser Voucher ist nicht mehr gültig.`,
  pending: (operator) => `Noch nicht bestätigt: ${operator} wird Ihnen die Buchung bestätigen.`,
  locator: 'Buchungsnummer',
  departure: 'Abfahrtszeit',
  qrLabel: (locator) => `QR-Code des Vouchers ${locator}`,
  qrCaption: 'Zeigen Sie diesen Code dem Guide oder dem Fahrer',
  room: (room) => `Zimmer ${room}`,
  beAtPickup: 'Bitte seien Sie 5 Minuten vor der Abholzeit am Abholpunkt.',
  beAtMeetingPoint: 'Bitte seien Sie 15 Minuten vor der Abfahrt da.',
  askMeetingPoint: (operator) => `Bitte erfragen Sie den Treffpunkt bei ${operator}.`,
  tourMeetingPoint: 'Treffpunkt des Ausflugs:',
  pickupNotes: 'Hinweise zur Abholung',
  whatToBring: 'Bitte mitbringen',
  holder: 'Gebucht von',
  passengers: 'Teilnehmer',
  amount: 'Betrag',
  notes: 'Anmerkungen',
  contact: 'Kontakt',
  terms: 'Bedingungen',
  freeCancellationUntil: (when) => `Kostenlose Stornierung bis ${when}.`,

  thanks: {
    hello: (firstName) => (firstName ? `Vielen Dank, ${firstName}!` : 'Vielen Dank!'),
    received: 'Wir haben Ihre Buchung erhalten.',
    confirmed: 'Ihre Buchung ist bestätigt.',
    pendingLead: (operator, link) =>
      `Sie ist noch nicht bestätigt: ${operator} prüft die freien Plätze und bestätigt sie Ihnen dann. Den Stand sehen Sie unter „${link}“.`,
    next: 'So geht es weiter',
    pickupAt: (day, time, place) =>
      `Wir holen Sie am ${day} um ${time} Uhr hier ab: ${place}. Bitte seien Sie 5 Minuten vorher dort.`,
    pickupAtRoom: (day, time, place, room) =>
      `Wir holen Sie am ${day} um ${time} Uhr hier ab: ${place} (Zimmer ${room}). Bitte seien Sie 5 Minuten vorher dort.`,
    pickupNoTime: (day, place, operator) =>
      `Wir holen Sie am ${day} hier ab: ${place}. Die Abholzeit teilt Ihnen ${operator} noch mit.`,
    pickupNoTimeRoom: (day, place, room, operator) =>
      `Wir holen Sie am ${day} hier ab: ${place} (Zimmer ${room}). Die Abholzeit teilt Ihnen ${operator} noch mit.`,
    meetingPoint: (day, place, time) =>
      `Bitte finden Sie sich am ${day} 15 Minuten vor der Abfahrt um ${time} Uhr hier ein: ${place}.`,
    noPlace: (day, time, operator) =>
      `Die Abfahrt ist am ${day} um ${time} Uhr; den Treffpunkt teilt Ihnen ${operator} noch mit.`,
    keepVoucher:
      'Diese Seite ist Ihr Voucher mit der Buchungsnummer {locator}: Speichern oder drucken Sie sie und zeigen Sie sie (auf dem Handy oder auf Papier) dem Guide oder dem Fahrer.',
    cancelFree: (when, link) => `Falls Sie verhindert sind, stornieren Sie bis ${when} kostenlos unter „${link}“.`,
    questions: (operator) => `Noch Fragen? Rufen Sie ${operator} an: {phone}.`,
  },
};
