/**
 * Spanish texts of the public pages: voucher (the source every other language translates).
 * The voucher on screen and on paper, and the thanks shown above it right after booking.
 * Labels shared with other pages (date, duration, people, pickup…) are in `common`. A `{name}` in a
 * string is where the page puts an element (a bold locator, a link), see components/fill.tsx.
 */
export const voucher = {
  /** document.title */
  title: (locator: string, operator: string) => `Bono ${locator} · ${operator}`,
  notFound: 'No encontramos este bono. Revisa el enlace que te han enviado o ponte en contacto con tu tour operador.',
  print: 'Imprimir',
  viewBooking: 'Ver mi reserva',
  viewTour: 'Ver la excursión',
  kind: 'Bono de reserva',
  cancelled: 'Reserva cancelada: este bono ya no es válido.',
  cancelledOn: (when: string) => `Reserva cancelada el ${when}: este bono ya no es válido.`,
  pending: (operator: string) => `Pendiente de confirmación: ${operator} te confirmará la reserva.`,
  locator: 'Localizador',
  departure: 'Hora de salida',
  qrLabel: (locator: string) => `Código QR del bono ${locator}`,
  qrCaption: 'Muestra este código al guía o al conductor',
  room: (room: string) => `Habitación ${room}`,
  beAtPickup: 'Estate en el punto de recogida 5 minutos antes de la hora.',
  beAtMeetingPoint: 'Preséntate 15 minutos antes de la salida.',
  askMeetingPoint: (operator: string) => `Consulta el punto de encuentro con ${operator}.`,
  tourMeetingPoint: 'Punto de encuentro de la excursión:',
  pickupNotes: 'Indicaciones para la recogida',
  whatToBring: 'Qué llevar',
  holder: 'Titular',
  passengers: 'Pasajeros',
  amount: 'Importe',
  notes: 'Comentarios',
  contact: 'Contacto',
  terms: 'Condiciones',
  freeCancellationUntil: (when: string) => `Cancelación gratuita hasta el ${when}.`,

  /** The thanks right after booking (components/booking-thanks.tsx). */
  thanks: {
    hello: (firstName: string) => (firstName ? `¡Gracias, ${firstName}!` : '¡Gracias!'),
    received: 'Hemos recibido tu reserva.',
    confirmed: 'Tu reserva está confirmada.',
    /** `link` is voucher.viewBooking. */
    pendingLead: (operator: string, link: string) =>
      `Está pendiente de confirmación: ${operator} revisará las plazas y te la confirmará. Puedes ver cómo va en «${link}».`,
    next: 'Qué pasa ahora',
    pickupAt: (day: string, time: string, place: string) =>
      `El ${day} te recogemos a las ${time} en ${place}. Estate allí 5 minutos antes.`,
    pickupAtRoom: (day: string, time: string, place: string, room: string) =>
      `El ${day} te recogemos a las ${time} en ${place} (habitación ${room}). Estate allí 5 minutos antes.`,
    pickupNoTime: (day: string, place: string, operator: string) =>
      `El ${day} te recogemos en ${place}; ${operator} te dirá la hora de recogida.`,
    pickupNoTimeRoom: (day: string, place: string, room: string, operator: string) =>
      `El ${day} te recogemos en ${place} (habitación ${room}); ${operator} te dirá la hora de recogida.`,
    meetingPoint: (day: string, place: string, time: string) =>
      `El ${day}, preséntate en ${place} 15 minutos antes de la salida, que es a las ${time}.`,
    noPlace: (day: string, time: string, operator: string) =>
      `La salida es el ${day} a las ${time}; ${operator} te dirá dónde presentarte.`,
    /** {locator} is shown in bold. */
    keepVoucher:
      'Esta página es tu bono, con el localizador {locator}: guárdala o imprímela y enséñala (en el móvil o en papel) al guía o al conductor.',
    /** `link` is voucher.viewBooking. */
    cancelFree: (when: string, link: string) => `Si no puedes venir, cancela gratis hasta el ${when} desde «${link}».`,
    /** {phone} is the operator's phone, as a link. */
    questions: (operator: string) => `¿Alguna duda? Llama a ${operator} al {phone}.`,
  },
};
