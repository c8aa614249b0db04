/**
 * Spanish texts of the public pages: existing (the source every other language translates).
 * The customer's own booking (`/public/booking/:id`): what was booked, their data, cancelling it.
 * Labels shared with other pages (date, time, pickup, the fields, the states) are in `common`.
 * A `{name}` in a string is where the page puts an element (a bold locator…), see components/fill.tsx.
 */
export const existing = {
  /** document.title */
  title: (locator: string, operator: string) => `Reserva ${locator} · ${operator}`,
  notFound:
    'No encontramos esta reserva. Revisa el enlace que te han enviado o ponte en contacto con tu tour operador.',
  kicker: (operator: string) => `Tu reserva con ${operator}`,
  /** Read by screen readers before the locator. */
  locator: 'Localizador',

  cancelledTitle: 'Esta reserva está cancelada',
  cancelledOn: (when: string) => `Cancelada el ${when}.`,
  preparedTitle: (operator: string) => `${operator} ha preparado esta reserva para ti`,
  /** `button` is common.labels.confirmBooking. */
  preparedText: (button: string) => `Revisa los datos, completa lo que falte y pulsa «${button}».`,
  confirmedByYouTitle: 'Confirmaste esta reserva',
  confirmedByYouOn: (when: string) => `El ${when}.`,

  // What was booked
  summary: 'Resumen',
  roomShort: (room: string) => `Hab. ${room}`,
  freeCancellationUntil: (when: string) => `Cancelación gratuita hasta el ${when}.`,
  isCancelled: 'Reserva cancelada.',
  freeCancellationEnded: (when: string, operator: string) =>
    `El plazo de cancelación gratuita terminó el ${when}. Para cualquier cambio, contacta con ${operator}.`,
  viewVoucher: 'Ver bono',
  cancelBooking: 'Cancelar reserva',

  // The cancel dialog
  cancelTitle: 'Cancelar reserva',
  /** {locator} is shown in bold. */
  cancelWhat: (date: string, time: string) => `Vas a cancelar la reserva {locator} del ${date} a las ${time}.`,
  cancelFreeUntil: (when: string) => `La cancelación es gratuita hasta el ${when}.`,
  cancelFinal: 'Esta acción no se puede deshacer.',
  cancelReason: 'Motivo de la cancelación',
  cancelling: 'Cancelando…',
  cancelConfirm: 'Sí, cancelar la reserva',

  // The customer's data
  languageHint: 'Te escribiremos en este idioma siempre que sea posible.',
  /** `people` is common.format.people: "3 personas". */
  passengers: (people: string) => `Pasajeros (${people})`,
  passengersHint: 'El nombre de cada pasajero ayuda al guía a pasar lista. Es opcional.',
  confirming: 'Confirmando…',
  saveWithoutConfirming: 'Guardar sin confirmar',
  save: 'Guardar cambios',
  saving: 'Guardando…',

  // What the page says after each action
  confirmedTitle: '¡Reserva confirmada!',
  confirmedText: 'Gracias. Ya puedes ver e imprimir tu bono.',
  savedTitle: 'Cambios guardados',
  confirmFailed: 'No hemos podido confirmar la reserva',
  saveFailed: 'No hemos podido guardar los cambios',
  checkFields: 'Revisa los campos marcados.',
  cancelledDoneTitle: 'Reserva cancelada',
  cancelledDoneText: 'Hemos cancelado tu reserva y liberado las plazas.',
};
