/**
 * Spanish labels of the fields a record's changes name (the API's snake_case names): one map for
 * the activity log's "campo: antes → después", a booking's history ("Modificada: fecha, hora") and
 * the web's fallback for history entries. Its order is the order changes are listed in (the
 * database keeps none): a person's name first, a booking's departure before its customer.
 */
export const FIELD_LABELS: Record<string, string> = {
  full_name: 'Nombre',
  email: 'Email',
  phone: 'Teléfono',
  level: 'Rol',
  state: 'Estado',
  tour_operator_id: 'Tour operador',
  address: 'Dirección',
  lat_lng: 'Coordenadas',
  commission_pct: 'Comisión (%)',
  password: 'Contraseña',
  product_id: 'Producto',
  date: 'Fecha',
  time: 'Hora',
  pax: 'Pasajeros',
  lines: 'Pasajeros',
  total_cents: 'Importe',
  discount_cents: 'Descuento',
  discount_reason: 'Motivo del descuento',
  customer_name: 'Nombre del cliente',
  customer_email: 'Correo electrónico',
  customer_phone: 'Teléfono',
  customer_country: 'País',
  language: 'Idioma',
  accommodation_id: 'Alojamiento',
  room: 'Habitación',
  pickup_time: 'Hora de recogida',
  notes: 'Notas',
  internal_notes: 'Notas internas',
  channel: 'Canal',
  seller_id: 'Vendedor',
  commission_cents: 'Comisión',
  passengers: 'Lista de pasajeros',
  answers: 'Respuestas a las preguntas',
  cancel_reason: 'Motivo de cancelación',
  paid_cents: 'Cobrado',
  refunded_cents: 'Reembolsado',
  payment_state: 'Estado del pago',
  checked_in: 'Embarcado',
  override_reason: 'Motivo del embarque fuera del día de la salida',
  customer_confirmed: 'Confirmada por el cliente',
  vehicle_id: 'Vehículo',
  driver_id: 'Chofer',
  guide_id: 'Guía',
  person_ids: 'Personal',
  origin: 'Origen',
  destination: 'Destino',
  bookings_completed: 'Realizadas',
  bookings_no_show: 'No presentados',
};

/** A field's label inside a sentence ("Modificada: fecha, nombre del cliente"). */
export const fieldName = (field: string): string => {
  const label = FIELD_LABELS[field];
  return label ? label.charAt(0).toLowerCase() + label.slice(1) : field;
};
