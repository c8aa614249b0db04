import type { TPublicDict } from '../es';

/** English (British) texts of the customer's own booking (see ../es/existing.ts). */
export const existing: TPublicDict['existing'] = {
  title: (locator, operator) => `Booking ${locator} · ${operator}`,
  notFound: 'We can’t find this booking. Please check the link you were sent or contact your tour operator.',
  kicker: (operator) => `Your booking with ${operator}`,
  locator: 'Booking reference',

  cancelledTitle: 'This booking has been cancelled',
  cancelledOn: (when) => `Cancelled on ${when}.`,
  preparedTitle: (operator) => `${operator} has prepared this booking for you`,
  preparedText: (button) => `Please check the details, fill in anything missing and press “${button}”.`,
  confirmedByYouTitle: 'You confirmed this booking',
  confirmedByYouOn: (when) => `On ${when}.`,

  summary: 'Summary',
  roomShort: (room) => `Room ${room}`,
  freeCancellationUntil: (when) => `Free cancellation until ${when}.`,
  isCancelled: 'Booking cancelled.',
  freeCancellationEnded: (when, operator) =>
    `Free cancellation ended on ${when}. For any changes, please contact ${operator}.`,
  viewVoucher: 'View voucher',
  cancelBooking: 'Cancel booking',

  cancelTitle: 'Cancel booking',
  cancelWhat: (date, time) => `You are about to cancel booking {locator} on ${date} at ${time}.`,
  cancelFreeUntil: (when) => `Cancellation is free of charge until ${when}.`,
  cancelFinal: 'This cannot be undone.',
  cancelReason: 'Reason for cancelling',
  cancelling: 'Cancelling…',
  cancelConfirm: 'Yes, cancel the booking',

  languageHint: 'We will write to you in this language whenever possible.',
  passengers: (people) => `Passengers (${people})`,
  passengersHint: 'Each passenger’s name helps the guide check that everyone is there. It is optional.',
  confirming: 'Confirming…',
  saveWithoutConfirming: 'Save without confirming',
  save: 'Save changes',
  saving: 'Saving…',

  confirmedTitle: 'Booking confirmed!',
  confirmedText: 'Thank you. You can now view and print your voucher.',
  savedTitle: 'Changes saved',
  confirmFailed: 'We couldn’t confirm the booking',
  saveFailed: 'We couldn’t save your changes',
  checkFields: 'Please check the highlighted fields.',
  cancelledDoneTitle: 'Booking cancelled',
  cancelledDoneText: 'We have cancelled your booking and released the places.',
};
