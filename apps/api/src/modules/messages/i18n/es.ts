/**
 * What customers read, in Spanish (issue 15): the source of the other languages. Its type
 * (`MessageTexts`) is the type of every other language's module, so a key missing there fails `tsc`.
 *
 * Texts are whole sentences with `{placeholders}` (filled by `fill`, ./index.ts), so each language
 * orders its own words; never a sentence glued from pieces. Dates, times, money and passengers come
 * already formatted for the language (./format.ts). Customers are addressed as "tú".
 */
import type { TCustomerMessageKind, TDepartureCancelReason, TPaxType, TPaymentMethod } from '@trayecto/shared';

/** A word in the singular and the plural (`Intl.PluralRules` picks; `many`/`few` read `other`). */
export type PluralForms = { one: string; other: string };

export const es = {
  /** The e-mail's subject: what happened, then `{tail}` (product, day, locator). */
  subjects: {
    booking_confirmed: 'Reserva confirmada: {tail}',
    booking_requested: 'Hemos recibido tu solicitud: {tail}',
    booking_prepared: 'Tu reserva está lista para confirmar: {tail}',
    booking_changed: 'Cambios en tu reserva: {tail}',
    booking_cancelled: 'Reserva cancelada: {tail}',
    payment_received: 'Pago recibido: {tail}',
    payment_refunded: 'Reembolso de tu reserva: {tail}',
    payment_link: 'Paga tu reserva en línea: {tail}',
    booking_reminder: 'Mañana es tu excursión: {tail}',
    departure_cancelled: 'Salida cancelada: {tail}',
  } satisfies Record<TCustomerMessageKind, string>,
  subjectTail: '{product}, {day} ({locator})',
  /** A departure's day and time. */
  when: '{day} a las {time}',
  /** A label and its value in a list (the plain-text part, the calendar entry). */
  labelValue: '{label}: {value}',
  greeting: 'Hola, {name}:',
  greetingNoName: 'Hola:',
  labels: {
    locator: 'Localizador',
    product: 'Excursión',
    date: 'Fecha',
    pax: 'Pasajeros',
    duration: 'Duración',
    pickup: 'Recogida',
    meetingPoint: 'Punto de encuentro',
    total: 'Total',
    paid: 'Pagado',
    pending: 'Pendiente',
    paidNet: 'Pagado (neto)',
    departureTime: 'Hora de salida',
    pickupTime: 'Hora de recogida',
    pickupPlace: 'Lugar de recogida',
    room: 'Habitación',
  },
  pax: {
    adult: { one: 'adulto', other: 'adultos' },
    child: { one: 'niño', other: 'niños' },
    infant: { one: 'bebé', other: 'bebés' },
    senior: { one: 'senior', other: 'seniors' },
  } satisfies Record<TPaxType, PluralForms>,
  /** How a payment was made, inside a sentence ("tu pago de 50,00 € (tarjeta)"). */
  paymentMethods: {
    cash: 'efectivo',
    card: 'tarjeta',
    transfer: 'transferencia',
    online: 'online',
  } satisfies Record<TPaymentMethod, string>,
  /** Why the operator cancelled a departure, inside a sentence. */
  departureReasons: {
    weather: 'mal tiempo',
    min_pax: 'no se alcanzó el mínimo de personas',
    operational: 'motivos operativos',
    other: 'otros motivos',
  } satisfies Record<TDepartureCancelReason, string>,
  pickup: {
    /** Collected at another place than the hotel (`pickup_at`). */
    otherPlace: '{place}, recogida de {hotel}',
    room: 'habitación {room}',
    withTime: '{time} en {place}',
    timeToConfirm: '{place} (te confirmaremos la hora)',
    meetingPoint: '{place}, a las {time}',
    none: 'sin recogida',
  },
  buttons: {
    voucher: 'Ver el bono',
    manage: 'Ver o cambiar mi reserva',
    review: 'Revisar y confirmar la reserva',
  },
  contact: {
    phoneAndEmail: '¿Alguna pregunta? Estamos para ayudarte: llama al {phone} o escribe a {email}.',
    phone: '¿Alguna pregunta? Estamos para ayudarte: llama al {phone}.',
    email: '¿Alguna pregunta? Estamos para ayudarte: escribe a {email}.',
    reply: '¿Alguna pregunta? Estamos para ayudarte: responde a este mensaje.',
  },
  freeCancellation: 'Cancelación gratuita hasta el {when} desde la página de tu reserva.',
  whatToBring: 'Qué llevar: {items}.',
  /** The product's own note for customers collected at their hotel, introduced. */
  pickupNotes: 'Para la recogida: {notes}',
  confirmed: {
    intro: 'Tu reserva de «{product}» está confirmada. ¡Gracias por reservar con {brand}!',
    nextPickup:
      'Qué hacer ahora: guarda el bono (basta el código QR, en el móvil o impreso) y espera en el lugar de recogida 5 minutos antes de la hora. Con el archivo adjunto añades la excursión a tu calendario.',
    nextMeetingPoint:
      'Qué hacer ahora: guarda el bono (basta el código QR, en el móvil o impreso) y llega al punto de encuentro 10 minutos antes. Con el archivo adjunto añades la excursión a tu calendario.',
    next: 'Qué hacer ahora: guarda el bono (basta el código QR, en el móvil o impreso). Con el archivo adjunto añades la excursión a tu calendario.',
    preview: '{product}, {when}. Dentro, tu bono y todos los detalles.',
  },
  requested: {
    intro:
      'Hemos recibido tu solicitud de «{product}». {brand} la revisará y te escribiremos en cuanto esté confirmada; todavía no es un bono válido.',
  },
  prepared: {
    intro:
      '{brand} ha preparado esta reserva para ti. Revisa los datos, completa lo que falte y confírmala desde el enlace:',
    preview: 'Revisa y confirma tu reserva de {product}.',
  },
  changed: {
    intro: 'Hemos cambiado tu reserva. Esto es lo que cambia:',
    heading: 'Tu reserva ahora',
    note: 'Tu bono sigue siendo el mismo enlace y ya muestra los datos nuevos.',
  },
  cancelled: {
    byCustomer: 'Has cancelado tu reserva de «{product}» del {when}.',
    byOperator: '{brand} ha cancelado tu reserva de «{product}» del {when}.',
    reason: 'Motivo: {reason}',
    preview: '{product}, {when}: reserva cancelada.',
  },
  refund: {
    nothingPaid: 'No tenías nada pagado: no hay ningún cargo.',
    paid: 'Tienes pagados {amount}. Te escribiremos de nuevo cuando hagamos el reembolso.',
  },
  payment: {
    received: 'Hemos recibido tu pago de {amount}. ¡Gracias!',
    receivedWithMethod: 'Hemos recibido tu pago de {amount} ({method}). ¡Gracias!',
    receivedPreview: 'Pago de {amount} recibido.',
    refunded: 'Te hemos devuelto {amount}. Según tu banco, puede tardar unos días en verse en tu cuenta.',
    refundedWithMethod:
      'Te hemos devuelto {amount} ({method}). Según tu banco, puede tardar unos días en verse en tu cuenta.',
    refundedPreview: 'Reembolso de {amount}.',
    linkIntro: 'Puedes pagar {amount} de tu reserva en línea, con tarjeta, hasta el {until}.',
    linkButton: 'Pagar {amount}',
    linkPreview: 'Paga {amount} en línea hasta el {until}.',
  },
  reminder: {
    intro: 'Mañana es tu excursión «{product}». Te esperamos:',
    pickup: 'Recogida: {value}. Ten el bono a mano (basta el QR en el móvil) y espera 5 minutos antes de la hora.',
    meetingPoint: 'Punto de encuentro: {value}. Ten el bono a mano (basta el QR en el móvil) y llega 10 minutos antes.',
    plain: 'Ten el bono a mano (basta el QR en el móvil) y llega 10 minutos antes.',
  },
  departureCancelled: {
    intro:
      'Lo sentimos mucho: {brand} ha tenido que cancelar la salida de «{product}» del {when}, y con ella tu reserva {locator}.',
    introWithReason:
      'Lo sentimos mucho: {brand} ha tenido que cancelar la salida de «{product}» del {when} ({reason}), y con ella tu reserva {locator}.',
    heading: 'Qué pasa ahora',
    preview: 'Salida del {when} cancelada: qué pasa ahora.',
  },
  /** The e-mail's frame. */
  layout: {
    buttonFallback: 'Si el botón no funciona, copia esta dirección en tu navegador:',
    footer: 'Enviado por Trayecto en nombre de {brand}.',
  },
  /** The calendar entry (.ics) sent with a confirmation. */
  calendar: {
    fileName: 'reserva-{locator}.ics',
    locator: 'Localizador',
    voucher: 'Bono',
    contact: 'Contacto',
  },
  /** The texts staff send by WhatsApp (click-to-chat): short, first name only. */
  whatsapp: {
    hello: 'Hola, {name}.',
    helloNoName: 'Hola.',
    booking_prepared:
      '{hello} Te escribimos de {brand}. Hemos preparado tu reserva de «{product}» para el {when} ({locator}). Revísala y confírmala aquí:\n{link}',
    booking_confirmed:
      '{hello} Te escribimos de {brand}. Tu reserva {locator} de «{product}» es el {when}.{where}\nTu bono: {link}',
    booking_reminder:
      '{hello} Te recordamos de {brand} que mañana es tu excursión «{product}», {when}.{where}\nTu bono: {link}',
    booking_cancelled:
      '{hello} Te escribimos de {brand}: tu reserva {locator} de «{product}» del {when} está cancelada. Para cualquier duda, responde a este mensaje.',
    booking_cancelled_paid:
      '{hello} Te escribimos de {brand}: tu reserva {locator} de «{product}» del {when} está cancelada. Tienes pagados {amount}: te avisaremos cuando hagamos el reembolso. Para cualquier duda, responde a este mensaje.',
    payment_link:
      '{hello} Te escribimos de {brand}. Puedes pagar {amount} de tu reserva {locator} («{product}», {when}) aquí, hasta el {until}:\n{link}',
  },
};

export type MessageTexts = typeof es;
