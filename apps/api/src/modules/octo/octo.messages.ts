/**
 * What the OCTO API says to people, in one place: its error messages (`errorMessage`, in the
 * language the reseller asks for with Accept-Language among Spanish and English, Spanish by
 * default, as the OCTO specification asks) and the names of the units (passenger types) in every
 * public language. The codes (`error`) are the specification's and never translated.
 */
import { acceptedLanguages, type TPaxType, type TPublicLocale } from '@trayecto/shared';

export type OctoMessageLocale = 'es' | 'en';

const MESSAGES = {
  es: {
    missingKey: 'Falta la clave de la API: envía la cabecera «Authorization: Bearer <clave>»',
    invalidKey: 'La clave de la API no es válida, está revocada o su canal no está activo',
    rateLimited: 'Demasiadas peticiones con esta clave; espera {seconds} s y repite la petición',
    routeNotFound: 'No existe la operación {method} {path}',
    invalidBody: 'La petición no es válida: {issues}',
    invalidJson: 'El cuerpo de la petición no es un JSON válido',
    notJson: 'Envía el cuerpo como application/json',
    bodyTooLarge: 'La petición es demasiado grande',
    invalidProduct: 'El productId no existe o este canal no puede venderlo',
    invalidOption: 'El optionId no existe: cada producto tiene una sola opción, DEFAULT',
    invalidUnit: 'El unitId no existe en este producto',
    invalidAvailability: 'El availabilityId no es una salida de este producto',
    datesRequired: 'Indica localDate, o localDateStart con localDateEnd, o availabilityIds (solo una de las tres)',
    datesAndIds: 'No se pueden usar fechas y availabilityIds en la misma petición',
    tooManyIds: 'Como máximo 100 availabilityIds por petición',
    endBeforeStart: 'localDateEnd no puede ser anterior a localDateStart',
    rangeTooLong: 'Como máximo {max} días por petición',
    tooFarAhead: 'La disponibilidad llega hasta {max} días a partir de hoy (hasta el {last})',
    currency: 'La única moneda de este proveedor es {currency}',
    busy: 'El servicio está ocupado; repite la petición en unos segundos',
    refused: 'La petición no se puede atender: {message}',
    invalidBooking: 'No hay ninguna reserva con ese uuid para este canal',
    bookingFilterRequired:
      'Indica resellerReference, supplierReference, localDate, o localDateStart con localDateEnd (una de ellas)',
    noSeats: 'No quedan plazas suficientes en esa salida para este canal',
    departureClosed: 'La salida está cerrada: elige otra',
    notOnSale: 'La salida ya no está a la venta (ha empezado o ha pasado su corte de venta)',
    holdExpired: 'La retención de la reserva terminó y sus plazas se liberaron: haz una reserva nueva',
    stateConflict: 'La reserva está {status}: no admite esta operación',
    extendNotHeld: 'Solo se amplía la retención de una reserva ON_HOLD; esta está {status}',
    cancellationClosed:
      'El plazo de cancelación terminó ({hours} h antes de la salida): para cancelarla, contacta con el proveedor',
    invalidBookingData: 'La reserva no es válida: {details}',
    invalidAnswers: 'Respuestas no válidas: {detailsEs}',
    unknownQuestion: 'El questionId {questionId} no es una pregunta de este producto',
    changeNotSupported:
      'Cambiar el producto, la salida, los pasajeros o la recogida por OCTO aún no es posible: cancela la reserva y haz una nueva',
    invalidPickupPoint: 'El pickupPointId no es un lugar de recogida de este producto',
    pickupPointRequired: 'Con pickupRequested indica el pickupPointId de uno de los pickupPoints del producto',
    internal: 'Error interno del servidor; repite la petición (identificador {requestId})',
  },
  en: {
    missingKey: 'Missing API key: send the header "Authorization: Bearer <key>"',
    invalidKey: 'The API key is invalid, revoked, or its channel is not active',
    rateLimited: 'Too many requests with this key; wait {seconds} s and retry',
    routeNotFound: 'There is no operation {method} {path}',
    invalidBody: 'The request is not valid: {issues}',
    invalidJson: 'The request body is not valid JSON',
    notJson: 'Send the body as application/json',
    bodyTooLarge: 'The request is too large',
    invalidProduct: 'The productId does not exist or this channel may not sell it',
    invalidOption: 'The optionId does not exist: every product has one option, DEFAULT',
    invalidUnit: 'The unitId does not exist on this product',
    invalidAvailability: 'The availabilityId is not a departure of this product',
    datesRequired: 'Send localDate, or localDateStart with localDateEnd, or availabilityIds (only one of them)',
    datesAndIds: 'Dates and availabilityIds cannot be used in the same request',
    tooManyIds: 'At most 100 availabilityIds per request',
    endBeforeStart: 'localDateEnd cannot be before localDateStart',
    rangeTooLong: 'At most {max} days per request',
    tooFarAhead: 'Availability reaches {max} days from today (until {last})',
    currency: "This supplier's only currency is {currency}",
    busy: 'The service is busy; retry in a few seconds',
    refused: 'The request cannot be served: {message}',
    invalidBooking: 'There is no booking with this uuid for this channel',
    bookingFilterRequired:
      'Send resellerReference, supplierReference, localDate, or localDateStart with localDateEnd (one of them)',
    noSeats: 'Not enough seats left on this departure for this channel',
    departureClosed: 'The departure is closed: choose another one',
    notOnSale: 'The departure is no longer on sale (it has started or its sale cut-off has passed)',
    holdExpired: 'The reservation hold has ended and its seats were released: make a new reservation',
    stateConflict: 'The booking is {status}: this operation is not allowed',
    extendNotHeld: 'Only an ON_HOLD booking can be extended; this one is {status}',
    cancellationClosed:
      'The cancellation cut-off has passed ({hours} hours before the departure): contact the supplier to cancel it',
    invalidBookingData: 'The booking is not valid: {details}',
    invalidAnswers: 'Invalid answers: {detailsEn}',
    unknownQuestion: 'The questionId {questionId} is not a question of this product',
    changeNotSupported:
      'Changing the product, the departure, the passengers or the pickup through OCTO is not supported yet: cancel the booking and book again',
    invalidPickupPoint: 'The pickupPointId is not a pickup point of this product',
    pickupPointRequired: "With pickupRequested send the pickupPointId of one of the product's pickupPoints",
    internal: 'Internal server error; retry the request (request id {requestId})',
  },
} as const;

export type OctoMessageKey = keyof (typeof MESSAGES)['es'];
export type OctoMessageParams = Record<string, string | number>;

/** The language of an error message: English when the reseller prefers it to Spanish, else Spanish. */
export function messageLocale(acceptLanguage: string | null | undefined): OctoMessageLocale {
  for (const lang of acceptedLanguages(acceptLanguage)) if (lang === 'es' || lang === 'en') return lang;
  return 'es';
}

/** A message with its `{placeholders}` filled. */
export function octoMessage(locale: OctoMessageLocale, key: OctoMessageKey, params: OctoMessageParams = {}): string {
  return MESSAGES[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** The customer-facing name of a unit (`title` with octo/content) in the product's language. */
const UNIT_TITLES: Record<TPaxType, Record<TPublicLocale, string>> = {
  adult: { es: 'Adulto', en: 'Adult', de: 'Erwachsener', fr: 'Adulte', it: 'Adulto', nl: 'Volwassene' },
  child: { es: 'Niño', en: 'Child', de: 'Kind', fr: 'Enfant', it: 'Bambino', nl: 'Kind' },
  infant: { es: 'Bebé', en: 'Infant', de: 'Kleinkind', fr: 'Bébé', it: 'Neonato', nl: 'Baby' },
  senior: { es: 'Mayor', en: 'Senior', de: 'Senior', fr: 'Senior', it: 'Anziano', nl: 'Senior' },
};

export const unitTitle = (paxType: TPaxType, locale: TPublicLocale) => UNIT_TITLES[paxType][locale];

/** The two options of a yes/no question (octo/questions) in the product's language; values `yes`/`no`. */
const YES_NO: Record<TPublicLocale, [string, string]> = {
  es: ['Sí', 'No'],
  en: ['Yes', 'No'],
  de: ['Ja', 'Nein'],
  fr: ['Oui', 'Non'],
  it: ['Sì', 'No'],
  nl: ['Ja', 'Nee'],
};
export const yesNoLabels = (locale: TPublicLocale) => YES_NO[locale];
