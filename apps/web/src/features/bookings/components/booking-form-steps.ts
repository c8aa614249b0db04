/** The booking form's steps in page order, with the fields each holds (the first error gets the focus). */
export const BOOKING_STEPS = [
  { id: 'producto', title: 'Producto', fields: ['product_id'] },
  { id: 'salida', title: 'Fecha y hora', fields: ['date', 'time', 'override_cutoff'] },
  { id: 'pasajeros', title: 'Pasajeros', fields: ['pax'] },
  {
    id: 'cliente',
    title: 'Cliente',
    fields: ['customer_name', 'customer_email', 'customer_phone', 'customer_country', 'language'],
  },
  { id: 'recogida', title: 'Recogida', fields: ['accommodation_id', 'room', 'pickup_override', 'pickup_time'] },
  { id: 'nombres', title: 'Nombres de los pasajeros', fields: ['passengers'] },
  /** The product's questions (issue 33 item 3): only when it asks some. */
  { id: 'preguntas', title: 'Preguntas', fields: ['answers'] },
  {
    id: 'venta',
    title: 'Venta y notas',
    fields: ['seller_id', 'channel', 'discount', 'discount_reason', 'notes', 'internal_notes'],
  },
] as const;

export type TBookingStepId = (typeof BOOKING_STEPS)[number]['id'];

/** Every field in page order. */
export const BOOKING_FIELD_ORDER = BOOKING_STEPS.flatMap((s) => s.fields as readonly string[]);

/** The step an error path belongs to ("passengers.2.full_name" → "nombres"). */
export const stepOf = (path: string) => {
  const top = path.split('.')[0] ?? path;
  return BOOKING_STEPS.find((s) => (s.fields as readonly string[]).includes(top))?.id;
};

/**
 * A step's card: its number and title, and how many of the form's errors are in it. Steps not shown
 * (`hidden`: «Preguntas» of a product that asks none) are not counted.
 */
export function stepCard(id: TBookingStepId, errors: Record<string, unknown>, hidden: readonly TBookingStepId[] = []) {
  return {
    id,
    step: BOOKING_STEPS.filter((s) => !hidden.includes(s.id)).findIndex((s) => s.id === id) + 1,
    title: BOOKING_STEPS.find((s) => s.id === id)?.title ?? '',
    errorCount: errorsInStep(id, errors),
  };
}

export const errorsInStep = (id: string, errors: Record<string, unknown>) =>
  Object.keys(errors).filter((k) => errors[k] && stepOf(k) === id).length;
