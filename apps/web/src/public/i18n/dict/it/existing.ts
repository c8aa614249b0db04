import type { TPublicDict } from '../es';

/** Italian texts (formal «Lei») of the customer's own booking (see ../es/existing.ts). */
export const existing: TPublicDict['existing'] = {
  title: (locator, operator) => `Prenotazione ${locator} · ${operator}`,
  notFound:
    'Non troviamo questa prenotazione. Controlli il link che le è stato inviato o contatti il suo tour operator.',
  kicker: (operator) => `La sua prenotazione con ${operator}`,
  locator: 'Codice di prenotazione',

  cancelledTitle: 'Questa prenotazione è stata cancellata',
  cancelledOn: (when) => `Cancellata il ${when}.`,
  preparedTitle: (operator) => `${operator} ha preparato questa prenotazione per lei`,
  preparedText: (button) => `Controlli i dati, completi quelli mancanti e prema «${button}».`,
  confirmedByYouTitle: 'Ha confermato questa prenotazione',
  confirmedByYouOn: (when) => `Il ${when}.`,

  summary: 'Riepilogo',
  roomShort: (room) => `Cam. ${room}`,
  freeCancellationUntil: (when) => `Cancellazione gratuita fino a ${when}.`,
  isCancelled: 'Prenotazione cancellata.',
  freeCancellationEnded: (when, operator) =>
    `Il termine per la cancellazione gratuita è scaduto il ${when}. Per qualsiasi modifica contatti ${operator}.`,
  viewVoucher: 'Vedi il voucher',
  cancelBooking: 'Cancella la prenotazione',

  cancelTitle: 'Cancella la prenotazione',
  cancelWhat: (date, time) => `Sta per cancellare la prenotazione {locator} di ${date} alle ${time}.`,
  cancelFreeUntil: (when) => `La cancellazione è gratuita fino a ${when}.`,
  cancelFinal: 'Non sarà possibile annullare l’operazione.',
  cancelReason: 'Motivo della cancellazione',
  cancelling: 'Cancellazione in corso…',
  cancelConfirm: 'Sì, cancella la prenotazione',

  languageHint: 'Quando possibile le scriveremo in questa lingua.',
  passengers: (people) => `Partecipanti (${people})`,
  passengersHint: 'Il nome di ogni partecipante aiuta la guida a fare l’appello. È facoltativo.',
  confirming: 'Conferma in corso…',
  saveWithoutConfirming: 'Salva senza confermare',
  save: 'Salva le modifiche',
  saving: 'Salvataggio in corso…',

  confirmedTitle: 'Prenotazione confermata!',
  confirmedText: 'Grazie. Ora può vedere e stampare il suo voucher.',
  savedTitle: 'Modifiche salvate',
  confirmFailed: 'Non è stato possibile confermare la prenotazione',
  saveFailed: 'Non è stato possibile salvare le modifiche',
  checkFields: 'Controlli i campi evidenziati.',
  cancelledDoneTitle: 'Prenotazione cancellata',
  cancelledDoneText: 'Abbiamo cancellato la sua prenotazione e liberato i posti.',
};
