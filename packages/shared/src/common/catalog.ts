/** Catalogue constants with their Spanish names (PRODUCT.md §4), shared by API and web. */

export const PAX_TYPES = ['adult', 'child', 'infant', 'senior'] as const;
export type TPaxType = (typeof PAX_TYPES)[number];
export const PAX_TYPE_NAMES: Record<TPaxType, string> = {
  adult: 'Adulto',
  child: 'Niño',
  infant: 'Bebé',
  senior: 'Senior',
};

export const PRODUCT_STATES = ['draft', 'active', 'inactive'] as const;
export type TProductState = (typeof PRODUCT_STATES)[number];
export const PRODUCT_STATE_NAMES: Record<TProductState, string> = {
  draft: 'Borrador',
  active: 'Activo',
  inactive: 'Inactivo',
};

/** Tour languages offered (ISO 639-1) with their Spanish names. */
export const LANGUAGE_NAMES = {
  es: 'Español',
  en: 'Inglés',
  de: 'Alemán',
  fr: 'Francés',
  it: 'Italiano',
  pt: 'Portugués',
  nl: 'Neerlandés',
  ru: 'Ruso',
  pl: 'Polaco',
  sv: 'Sueco',
  no: 'Noruego',
  da: 'Danés',
  fi: 'Finés',
  zh: 'Chino',
  ja: 'Japonés',
} as const;
export type TLanguage = keyof typeof LANGUAGE_NAMES;
export const LANGUAGES = Object.keys(LANGUAGE_NAMES) as TLanguage[];

export const VEHICLE_TYPES = ['bus', 'minibus', 'van', 'car', '4x4', 'boat'] as const;
export type TVehicleType = (typeof VEHICLE_TYPES)[number];
export const VEHICLE_TYPE_NAMES: Record<TVehicleType, string> = {
  bus: 'Autobús',
  minibus: 'Minibús',
  van: 'Furgoneta',
  car: 'Turismo',
  '4x4': '4x4',
  boat: 'Barco',
};
export const VEHICLE_STATE = { ACTIVE: 1, INACTIVE: 2, WORKSHOP: 3 } as const;
export const VEHICLE_STATE_NAMES: Record<number, string> = { 1: 'Activo', 2: 'Inactivo', 3: 'En taller' };

export const ACCOMMODATION_TYPES = ['hotel', 'apartment', 'meeting_point', 'bus_stop'] as const;
export type TAccommodationType = (typeof ACCOMMODATION_TYPES)[number];
export const ACCOMMODATION_TYPE_NAMES: Record<TAccommodationType, string> = {
  hotel: 'Hotel',
  apartment: 'Apartamento',
  meeting_point: 'Punto de encuentro',
  bus_stop: 'Parada de autobús',
};

export const PERSON_ROLES = ['guide', 'driver', 'assistant', 'other'] as const;
export type TPersonRole = (typeof PERSON_ROLES)[number];
export const PERSON_ROLE_NAMES: Record<TPersonRole, string> = {
  guide: 'Guía',
  driver: 'Chofer',
  assistant: 'Asistente',
  other: 'Otro',
};

/** Active/inactive state shared by accommodations and persons (1 Activo, 2 Inactivo). */
export const ACTIVE_STATE = { ACTIVE: 1, INACTIVE: 2 } as const;
export const ACTIVE_STATE_NAMES: Record<number, string> = { 1: 'Activo', 2: 'Inactivo' };

/** Product images: accepted types and the largest upload. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGES_PER_PRODUCT = 20;

export const BOOKING_STATES = ['pending', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
export type TBookingState = (typeof BOOKING_STATES)[number];
export const BOOKING_STATE_NAMES: Record<TBookingState, string> = {
  pending: 'Pendiente',
  confirmed: 'Confirmada',
  completed: 'Realizada',
  cancelled: 'Cancelada',
  no_show: 'No presentado',
};
/** The booking state machine (PRODUCT.md §4): allowed next states. */
export const BOOKING_TRANSITIONS: Record<TBookingState, readonly TBookingState[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['completed', 'cancelled', 'no_show'],
  completed: [],
  cancelled: [],
  no_show: [],
};
/** States in which a customer may still change their booking's data on the public pages (ADR 006). */
export const CUSTOMER_EDITABLE_STATES: readonly TBookingState[] = ['pending', 'confirmed'];
/** States that hold seats on the departure. */
export const SEAT_HOLDING_STATES: readonly TBookingState[] = ['pending', 'confirmed', 'completed', 'no_show'];

export const PAYMENT_STATES = ['pending', 'partial', 'paid', 'refunded'] as const;
export type TPaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_NAMES: Record<TPaymentState, string> = {
  pending: 'Pendiente',
  partial: 'Parcial',
  paid: 'Pagado',
  refunded: 'Reembolsado',
};

/** Every channel a booking may come from; `channel` is a reseller or agency (issue 33, ADR 023). */
export const BOOKING_CHANNELS = ['public', 'seller', 'office', 'channel'] as const;
export type TBookingChannel = (typeof BOOKING_CHANNELS)[number];
/** What staff may choose when they sell: a channel's bookings come from the channel. */
export const STAFF_BOOKING_CHANNELS = ['public', 'seller', 'office'] as const;
export type TStaffBookingChannel = (typeof STAFF_BOOKING_CHANNELS)[number];
export const BOOKING_CHANNEL_NAMES: Record<TBookingChannel, string> = {
  public: 'Web',
  seller: 'Vendedor',
  office: 'Oficina',
  channel: 'Canal',
};

export const PAYMENT_METHODS = ['cash', 'card', 'transfer', 'online'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_NAMES: Record<TPaymentMethod, string> = {
  cash: 'Efectivo',
  card: 'Tarjeta',
  transfer: 'Transferencia',
  online: 'Online',
};

/** The Spanish 409 of an exhausted departure (PRODUCT.md §2). */
export const NO_SEATS_MESSAGE = 'No quedan plazas suficientes';

export const SHEET_STATES = ['draft', 'ready', 'in_progress', 'done'] as const;
export type TSheetState = (typeof SHEET_STATES)[number];
export const SHEET_STATE_NAMES: Record<TSheetState, string> = {
  draft: 'Borrador',
  ready: 'Confirmada',
  in_progress: 'En curso',
  done: 'Finalizada',
};
/** The schedule sheet's state machine (PRODUCT.md §4); `ready` may go back to `draft`. */
export const SHEET_TRANSITIONS: Record<TSheetState, readonly TSheetState[]> = {
  draft: ['ready'],
  ready: ['draft', 'in_progress'],
  in_progress: ['done'],
  done: [],
};
