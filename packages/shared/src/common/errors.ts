/**
 * The machine codes of the API's error answers, listed once (issue 13). Every 4xx/5xx body is
 * `{ code, message, errors?, request_id? }`: `code` is one of these, stable and English, for
 * programs to decide on; `message` is Spanish, for people, and may change wording at any time.
 * The API derives each answer's HTTP status from this table (apps/api/src/lib/app-error.ts), the
 * OpenAPI document publishes `description`. Names are a contract: add codes, never rename one.
 *
 * Zod-free, so the public pages' bundle may import it (`@trayecto/shared/errors`).
 */
export const ERROR_CODES = {
  // ── 400 ──────────────────────────────────────────────────────────────────────────────────────
  /** 400: query string, path or URL not valid (zod on query/params, list filters, cursor, date ranges, bad Content-Length, PostgreSQL 22P02/22003/22007/22008/22021). */
  BAD_REQUEST: {
    status: 400,
    description:
      'La petición no es válida: parámetros de consulta o de ruta, filtros, orden, paginación, cursor, rango de fechas o un valor con formato no válido.',
  },
  /** 400: a JSON body that does not parse, or an empty body sent as application/json. */
  INVALID_JSON: { status: 400, description: 'El cuerpo de la petición no es un JSON válido.' },
  /** 400: a payment provider's notification or webhook whose signature does not verify (nothing changes). */
  SIGNATURE_INVALID: {
    status: 400,
    description: 'La firma del aviso del proveedor de pagos no es válida: no se ha cambiado nada.',
  },
  /** 400: POST /public/bookings without an Idempotency-Key, or with one that is not 1–255 printable characters. */
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    description: 'Falta la cabecera Idempotency-Key o no tiene entre 1 y 255 caracteres imprimibles.',
  },

  // ── 401 ──────────────────────────────────────────────────────────────────────────────────────
  /** 401: no token, a malformed Authorization header, a token that does not verify or a session revoked since. */
  UNAUTHORIZED: {
    status: 401,
    description: 'Sin sesión: falta el token, no es válido o la sesión ya no lo es. Vuelve a iniciar sesión.',
  },
  /** 401: a token past its expiry. */
  TOKEN_EXPIRED: { status: 401, description: 'La sesión ha caducado. Vuelve a iniciar sesión.' },
  /** 401: login with an unknown e-mail or a wrong password (the same answer for both). */
  INVALID_CREDENTIALS: { status: 401, description: 'Correo electrónico o contraseña incorrectos.' },
  /** 401: login of an inactive user, or of a user whose tour operator is inactive. */
  ACCOUNT_INACTIVE: { status: 401, description: 'El usuario o su tour operador está inactivo.' },

  // ── 403 ──────────────────────────────────────────────────────────────────────────────────────
  /** 403: the caller's role may not do this (role guard, seller limits, crew limits, a user of no operator). */
  FORBIDDEN: { status: 403, description: 'Tu rol no permite esta acción.' },

  // ── 404 ──────────────────────────────────────────────────────────────────────────────────────
  /** 404: the record does not exist, is not visible to the caller (other operator) or its id is not a UUID. */
  NOT_FOUND: { status: 404, description: 'El recurso no existe o no es visible para ti.' },
  /** 404: no API route for this method and path. */
  ROUTE_NOT_FOUND: { status: 404, description: 'No hay ninguna ruta de la API con ese método y esa dirección.' },

  // ── 408 ──────────────────────────────────────────────────────────────────────────────────────
  /** 408: the request's head or body did not arrive in time (Node's HTTP server, before any route). */
  REQUEST_TIMEOUT: {
    status: 408,
    description: 'La petición no llegó entera a tiempo; la conexión se cierra. Repítela.',
  },

  // ── 409 ──────────────────────────────────────────────────────────────────────────────────────
  /** 409: the request conflicts with the data in a way no more specific code names (e.g. deleting yourself). */
  CONFLICT: { status: 409, description: 'La petición choca con los datos actuales.' },
  /** 409: the departure cannot take the passengers' seats (staff and public sales; the public answer adds `alternatives`). */
  NO_SEATS: {
    status: 409,
    description:
      'La salida no tiene plazas suficientes. En la API pública, `alternatives` lista otras horas de ese día que sí pueden.',
  },
  /** 409: the departure is closed, or its date is one of the product's closed dates. */
  DEPARTURE_CLOSED: { status: 409, description: 'La salida está cerrada: elige otra.' },
  /** 409: the `version` sent is not the record's (bookings, schedule sheets): someone changed it meanwhile. */
  STALE_VERSION: {
    status: 409,
    description: 'El registro ha cambiado desde que se leyó (`version`): recárgalo y vuelve a aplicar el cambio.',
  },
  /** 409: the first request with this Idempotency-Key is still running (Retry-After: 1). */
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    description:
      'La primera petición con esta Idempotency-Key sigue en curso: repite la misma petición tras Retry-After.',
  },
  /** 409: another user already has that e-mail. */
  EMAIL_TAKEN: { status: 409, description: 'Ya existe un usuario con ese correo electrónico.' },
  /** 409: the operator already has a product with that code. */
  CODE_TAKEN: { status: 409, description: 'Ya existe un producto con ese código.' },
  /** 409: the operator's fleet already has that plate. */
  PLATE_TAKEN: { status: 409, description: 'Ya existe un vehículo con esa matrícula.' },
  /** 409: a schedule sheet's driver, guide, person or vehicle overlaps another sheet or an unavailable period (`conflicts`; resend with `force`). */
  ASSIGNMENT_CONFLICT: {
    status: 409,
    description:
      'La asignación de la hoja se solapa con otra hoja o con un periodo no disponible (`conflicts`); se puede forzar con `force: true`.',
  },
  /** 409: a capacity below the seats already sold (product or departure). */
  CAPACITY_BELOW_SOLD: {
    status: 409,
    description: 'La capacidad no puede quedar por debajo de las plazas ya vendidas.',
  },
  /** 409: the departure already has a schedule sheet. */
  SHEET_EXISTS: { status: 409, description: 'La salida ya tiene una hoja de servicio.' },
  /** 409: a delete refused because other records depend on it (an accommodation others are collected at, a product with seats sold). */
  IN_USE: {
    status: 409,
    description: 'No se puede eliminar: otros registros dependen de él (desactívalo o cámbialos antes).',
  },
  /** 409: the record's state forbids the action (cancelled or finished booking, finished or draft sheet, an excursion already started). */
  STATE_CONFLICT: {
    status: 409,
    description:
      'El estado del registro no permite esta acción (reserva cancelada o cerrada, hoja finalizada o en borrador, excursión empezada).',
  },
  /** 409: a customer cancelling after the free-cancellation deadline. */
  CANCELLATION_WINDOW_CLOSED: { status: 409, description: 'El plazo de cancelación gratuita ha terminado.' },
  /** 409: the Chofer or the Guía checking in outside the departure's day (the office may, with a reason). */
  CHECK_IN_OUTSIDE_DAY: {
    status: 409,
    description: 'El embarque solo está abierto el día de la salida (la oficina puede hacerlo indicando un motivo).',
  },
  /** 409: an online payment or a payment link for a booking with nothing to pay online now (ADR 022). */
  NOTHING_DUE: { status: 409, description: 'La reserva no tiene nada que pagar en línea ahora.' },
  /** 409: paying a booking whose hold ended and whose seats others have taken since. */
  HOLD_EXPIRED: {
    status: 409,
    description: 'El tiempo para pagar terminó y las plazas ya no están disponibles: hay que hacer una nueva reserva.',
  },
  /** 409: paying online, or sending a payment link, for an operator without a payment provider configured. */
  PAYMENTS_NOT_CONFIGURED: {
    status: 409,
    description: 'El tour operador no tiene configurados los pagos en línea.',
  },
  /** 409: a product already has its maximum number of images. */
  /** 409: an invoice asked for a booking that cannot have one yet (not paid in full; the operator's tax data missing). */
  NOT_INVOICEABLE: {
    status: 409,
    description:
      'La reserva no se puede facturar todavía: no está pagada por completo, o faltan los datos fiscales del tour operador.',
  },
  IMAGE_LIMIT_REACHED: { status: 409, description: 'El producto ya tiene el máximo de imágenes.' },
  /** 409: the operator already has a sales channel with that name (case-insensitive; ADR 023). */
  CHANNEL_NAME_TAKEN: { status: 409, description: 'Ya existe un canal con ese nombre en el tour operador.' },
  /** 409: what the channel's kind does not allow: API keys for an agency, or making agency a channel with live keys. */
  CHANNEL_KIND_CONFLICT: {
    status: 409,
    description:
      'El tipo del canal no lo permite: una agencia no tiene claves de API, y un canal con claves activas no puede pasar a ser agencia.',
  },
  /** 409: a unique value the database refused (PostgreSQL 23505, when no more specific code applies). */
  DUPLICATE: { status: 409, description: 'Ya existe un registro con esos datos.' },
  /** 409: rows locked or changed by a simultaneous operation (PostgreSQL 55P03, 40001, 40P01): the same request may be retried. */
  BUSY: {
    status: 409,
    description: 'Otra operación simultánea ocupa o ha cambiado los mismos datos: repite la petición.',
  },

  // ── 413–415 ──────────────────────────────────────────────────────────────────────────────────
  /** 413: a body over 1 MB, an image over its maximum size, or more than one file in an upload. */
  PAYLOAD_TOO_LARGE: { status: 413, description: 'La petición o el fichero es demasiado grande.' },
  /** 414: a path parameter longer than the router accepts. */
  URI_TOO_LONG: { status: 414, description: 'Un parámetro de la ruta (un id) es demasiado largo.' },
  /** 415: a body that is not application/json (or not multipart/form-data on an image upload). */
  UNSUPPORTED_MEDIA_TYPE: { status: 415, description: 'Tipo de contenido no admitido.' },

  // ── 422 ──────────────────────────────────────────────────────────────────────────────────────
  /** 422: body fields that break the rules (zod on the body, service rules, PostgreSQL 23503/23514/22001); `errors` names the fields. */
  VALIDATION: {
    status: 422,
    description: 'Hay errores en los datos enviados; `errors` los detalla por campo.',
  },
  /** 422: an Idempotency-Key already used with another request body. */
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    description: 'Esta Idempotency-Key ya se usó con otra petición: genera una clave nueva por cada reserva distinta.',
  },
  /** 422: a `state` change the state machine refuses, or not yet (bookings, schedule sheets). */
  INVALID_STATE_TRANSITION: {
    status: 422,
    description: 'El cambio de estado no está permitido desde el estado actual, o aún no.',
  },
  /** 422: a sale past the product's sale cut-off without `override_cutoff`. */
  CUT_OFF_PASSED: {
    status: 422,
    description: 'La venta de esta salida ya cerró (el personal autorizado puede forzarla con `override_cutoff`).',
  },
  /** 422: a sale of a departure that has already started. */
  DEPARTURE_STARTED: { status: 422, description: 'La salida ya ha pasado.' },
  /** 422: the office checking in outside the departure's day without `override_reason`. */
  OVERRIDE_REASON_REQUIRED: {
    status: 422,
    description: 'Fuera del día de la salida, el embarque necesita un motivo (`override_reason`).',
  },
  /** 422: a corrective invoice above what its invoice still has uncorrected (issue 34). */
  CORRECTION_EXCEEDS_INVOICED: {
    status: 422,
    description: 'La rectificación supera lo facturado menos lo ya rectificado de esa factura.',
  },
  /** 422: a refund above what that provider was paid for the booking, net of its refunds. */
  REFUND_EXCEEDS_PAID: {
    status: 422,
    description: 'El reembolso supera lo cobrado por ese proveedor de pagos (descontados sus reembolsos).',
  },
  /** 422: POST /auth/me/password with a wrong current password. */
  CURRENT_PASSWORD_WRONG: { status: 422, description: 'La contraseña actual no es correcta.' },
  /** 422: POST /auth/password-reset/confirm with a token that is unknown, already used or expired. */
  RESET_TOKEN_INVALID: {
    status: 422,
    description: 'El enlace para restablecer la contraseña no es válido, ya se usó o ha caducado.',
  },

  // ── 429 ──────────────────────────────────────────────────────────────────────────────────────
  /** 429: the login throttle or the public rate limit (Retry-After says how long to wait). */
  RATE_LIMITED: {
    status: 429,
    description: 'Demasiadas peticiones o intentos: espera lo que indique Retry-After.',
  },

  // ── 431 ──────────────────────────────────────────────────────────────────────────────────────
  /** 431: the request line and headers together over Node's limit (16 KB), e.g. a very long query string; before any route. */
  HEADERS_TOO_LARGE: {
    status: 431,
    description:
      'La dirección (con su consulta) y las cabeceras de la petición superan 16 KB juntas; la conexión se cierra. Acorta la consulta (usa menos filtros o valores) o las cabeceras.',
  },

  // ── 5xx ──────────────────────────────────────────────────────────────────────────────────────
  /** 500: an unexpected error; the body carries only `request_id`, which the server's log has. */
  INTERNAL: { status: 500, description: 'Error interno; `request_id` identifica la petición en el registro.' },
  /** 500: the embedded database's data directory is held by another process (start-up and scripts). */
  DATA_DIR_LOCKED: {
    status: 500,
    description: 'La base de datos embebida está en uso por otro proceso.',
  },
  /** 502: the payment provider could not be reached, was slow (10 s) or answered an error; nothing was recorded. */
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 502,
    description:
      'El proveedor de pagos no responde o ha dado un error; no se ha registrado nada. Inténtalo de nuevo en unos minutos.',
  },
  /** 503: the database cannot be reached, is restarting, refuses connections or lacks migrations (Retry-After). */
  UNAVAILABLE: {
    status: 503,
    description: 'Servicio no disponible temporalmente: repite tras Retry-After.',
  },
  /** 503: the database's disk is full; nothing was saved (Retry-After). */
  DISK_FULL: {
    status: 503,
    description: 'No queda espacio en disco en el servidor; no se ha guardado nada.',
  },
} as const satisfies Record<string, { status: number; description: string }>;

export type TErrorCode = keyof typeof ERROR_CODES;

/** Every code, in the table's order (the OpenAPI enum). */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [TErrorCode, ...TErrorCode[]];

/** The HTTP status the API answers with `code`. */
export const errorStatus = (code: TErrorCode): number => ERROR_CODES[code].status;

/** Whether a value read from an answer is one of the codes. */
export const isErrorCode = (value: unknown): value is TErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
