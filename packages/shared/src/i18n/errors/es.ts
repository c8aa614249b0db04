/**
 * The public API's and the public pages' error messages in Spanish (issue 15): the source the other
 * languages translate. Zod-free; each language is its own module, so a public page downloads only
 * its language's (`@trayecto/shared/i18n/errors/{lang}`), and the API loads all six.
 *
 * The API and the shared field rules write their messages in Spanish, once. `messages` lists the
 * ones a customer can meet on the public pages (each language must translate every one: the type
 * says so), `patterns` those with a number or a date in them, and `byCode` what an error code
 * means, for a message added later that has no translation yet: another language never shows
 * Spanish (translate-error.ts).
 */

/** Every fixed Spanish message a customer can meet (field rules, public API refusals). */
export const PUBLIC_ERROR_MESSAGES = [
  'Campo requerido',
  'Por favor, introduce una dirección de correo electrónico válida',
  'Contiene caracteres no permitidos',
  'País no válido (código de 2 letras, p. ej. ES)',
  'Opción no válida',
  'Identificador no válido',
  'Número no válido',
  'Debes aceptar las condiciones',
  'Debe ser un número entero',
  'Fecha no válida (AAAA-MM-DD)',
  'Hora no válida (HH:mm)',
  'Hora no válida (HH:mm, 24 horas)',
  'Excursión no encontrada',
  'Reserva no encontrada',
  'La fecha final debe ser posterior a la inicial',
  'No quedan plazas suficientes',
  'La salida está completa',
  'Solo queda 1 plaza',
  'Salida cerrada',
  'La salida ya ha pasado',
  'El producto no está activo',
  'Tipo de pasajero no válido',
  'Este tipo de pasajero no se ofrece en esa fecha',
  'Indica al menos un pasajero',
  'Esta excursión no incluye recogida en el alojamiento',
  'Esta excursión no recoge en ese alojamiento',
  'Hay más pasajeros con nombre que pasajeros reservados de ese tipo',
  'La reserva está cancelada y ya no se puede modificar',
  'La reserva ya no se puede modificar',
  'La excursión ya ha empezado; la reserva ya no se puede modificar',
  'La reserva ya está cancelada',
  'La reserva ya no se puede cancelar',
  'El plazo de cancelación gratuita ha terminado',
  'Tu reserva se está procesando, espera un momento',
  'Esta clave de idempotencia ya se usó con otra petición',
  'El cuerpo de la petición no es un JSON válido',
  'Hay errores en los datos enviados',
  'Los datos no cumplen las reglas',
  'Demasiadas peticiones, inténtalo de nuevo en unos segundos',
  'Demasiadas peticiones; espera un momento e inténtalo de nuevo',
  'Error interno del servidor',
  'Servicio no disponible temporalmente. Inténtalo de nuevo en unos segundos.',
  'La petición es demasiado grande',
  'Valor no válido',
  'Valor con formato no válido',
  'Texto demasiado largo',
  // Booking questions (ADR 024).
  'Pregunta no válida para esta excursión',
  'Pasajero no válido',
  'Ruta no encontrada',
  'Parámetros de la petición no válidos',
  'Petición no válida',
] as const;
export type TPublicErrorMessage = (typeof PUBLIC_ERROR_MESSAGES)[number];

/** The codes the public API answers with, plus GENERIC for anything else. */
export const PUBLIC_ERROR_CODES = [
  'BAD_REQUEST',
  'INVALID_JSON',
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
  'VALIDATION',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'NO_SEATS',
  'DEPARTURE_CLOSED',
  'DEPARTURE_STARTED',
  'CUT_OFF_PASSED',
  'STATE_CONFLICT',
  'CANCELLATION_WINDOW_CLOSED',
  'NOTHING_DUE',
  'NOT_INVOICEABLE',
  'HOLD_EXPIRED',
  'PAYMENTS_NOT_CONFIGURED',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'BUSY',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAVAILABLE',
  'INTERNAL',
  'GENERIC',
] as const;
export type TPublicErrorCode = (typeof PUBLIC_ERROR_CODES)[number];

export type TErrorsDict = {
  /** True for the source language: its messages are shown as they come. */
  source: boolean;
  /** No answer from the server. */
  network: string;
  /** A 5xx. */
  server: string;
  /** A 429. */
  tooMany: string;
  /** A page whose code could not be fetched. */
  pageLoad: string;
  byCode: Record<TPublicErrorCode, string>;
  messages: Record<TPublicErrorMessage, string>;
  /** Spanish messages with a number, a date or a time in them, and their translation. */
  patterns: [RegExp, (m: RegExpExecArray) => string][];
};

const identity = Object.fromEntries(PUBLIC_ERROR_MESSAGES.map((m) => [m, m])) as Record<TPublicErrorMessage, string>;

export const errors: TErrorsDict = {
  source: true,
  network: 'No hemos podido conectar. Comprueba tu conexión e inténtalo de nuevo.',
  server: 'Algo ha fallado en nuestro servidor. Inténtalo de nuevo en unos segundos.',
  tooMany: 'Has hecho demasiados intentos seguidos. Espera un momento y vuelve a intentarlo.',
  pageLoad: 'No hemos podido cargar esta página. Comprueba tu conexión y vuelve a intentarlo.',
  byCode: {
    BAD_REQUEST: 'La petición no es válida.',
    INVALID_JSON: 'La petición no es válida.',
    IDEMPOTENCY_KEY_INVALID: 'La petición no es válida. Recarga la página e inténtalo de nuevo.',
    IDEMPOTENCY_KEY_REUSED: 'Esta reserva ya se envió con otros datos. Recarga la página e inténtalo de nuevo.',
    IDEMPOTENCY_IN_PROGRESS: 'Tu reserva se está procesando, espera un momento',
    VALIDATION: 'Revisa los datos marcados.',
    NOT_FOUND: 'No lo hemos encontrado.',
    ROUTE_NOT_FOUND: 'No lo hemos encontrado.',
    NO_SEATS: 'No quedan plazas suficientes',
    DEPARTURE_CLOSED: 'Esta salida está cerrada: elige otra.',
    DEPARTURE_STARTED: 'Esta salida ya ha empezado: elige otra.',
    CUT_OFF_PASSED: 'La venta de esta salida ya ha cerrado: elige otra.',
    STATE_CONFLICT: 'La reserva ya no permite este cambio.',
    CANCELLATION_WINDOW_CLOSED: 'El plazo de cancelación gratuita ha terminado',
    BUSY: 'Otra operación está usando estos datos. Inténtalo de nuevo.',
    RATE_LIMITED: 'Has hecho demasiados intentos seguidos. Espera un momento y vuelve a intentarlo.',
    PAYLOAD_TOO_LARGE: 'La petición es demasiado grande',
    URI_TOO_LONG: 'La dirección es demasiado larga.',
    UNSUPPORTED_MEDIA_TYPE: 'La petición no es válida.',
    UNAVAILABLE: 'Servicio no disponible temporalmente. Inténtalo de nuevo en unos segundos.',
    INTERNAL: 'Algo ha fallado en nuestro servidor. Inténtalo de nuevo en unos segundos.',
    NOT_INVOICEABLE: 'La reserva todavía no se puede facturar: debe estar pagada por completo.',
    NOTHING_DUE: 'La reserva no tiene nada que pagar en línea ahora.',
    HOLD_EXPIRED: 'El tiempo para pagar terminó y las plazas ya no están disponibles: haz una nueva reserva.',
    PAYMENTS_NOT_CONFIGURED:
      'El pago en línea no está disponible para esta reserva. Ponte en contacto con el organizador.',
    PAYMENT_PROVIDER_UNAVAILABLE:
      'El servicio de pago no responde ahora mismo. No se ha cobrado nada: inténtalo de nuevo en unos minutos.',
    GENERIC: 'No se ha podido completar. Inténtalo de nuevo.',
  },
  messages: identity,
  patterns: [],
};
