/**
 * The product form's sections in page order, and which section each error path belongs to (for
 * the index, the sections' error badges and the first error's focus).
 */
export const PRODUCT_SECTIONS = [
  { id: 'datos-generales', title: 'Datos generales' },
  { id: 'capacidad', title: 'Capacidad y reservas' },
  { id: 'punto-encuentro', title: 'Punto de encuentro' },
  { id: 'tarifas', title: 'Tarifas' },
  { id: 'cobro', title: 'Cobro' },
  { id: 'temporadas', title: 'Temporadas' },
  { id: 'disponibilidad', title: 'Disponibilidad' },
  { id: 'recogidas', title: 'Recogidas' },
  { id: 'preguntas', title: 'Preguntas al reservar' },
  { id: 'traducciones', title: 'Idiomas y traducciones' },
  { id: 'imagenes', title: 'Imágenes' },
  { id: 'enlaces', title: 'Enlaces públicos' },
] as const;
export type TProductSectionId = (typeof PRODUCT_SECTIONS)[number]['id'];

const SECTION_OF: Record<string, TProductSectionId> = {
  tour_operator_id: 'datos-generales',
  code: 'datos-generales',
  name: 'datos-generales',
  state: 'datos-generales',
  duration_hours: 'datos-generales',
  duration_mins: 'datos-generales',
  languages: 'datos-generales',
  short_description: 'datos-generales',
  description: 'datos-generales',
  includes: 'datos-generales',
  excludes: 'datos-generales',
  what_to_bring: 'datos-generales',
  capacity: 'capacidad',
  min_pax: 'capacidad',
  booking_cutoff_hours: 'capacidad',
  free_cancellation_hours: 'capacidad',
  instant_confirmation: 'capacidad',
  booking_terms: 'capacidad',
  meeting_point: 'punto-encuentro',
  meeting_lat_lng: 'punto-encuentro',
  prices: 'tarifas',
  tax_rate: 'tarifas',
  payment_mode: 'cobro',
  deposit_kind: 'cobro',
  deposit_percent: 'cobro',
  deposit_per_pax: 'cobro',
  seasons: 'temporadas',
  availability_rules: 'disponibilidad',
  closed_dates: 'disponibilidad',
  pickup_enabled: 'recogidas',
  pickups: 'recogidas',
  pickup_notes: 'recogidas',
  questions: 'preguntas',
  translations: 'traducciones',
};

/** A question's translated label, help or option: typed in «Idiomas y traducciones». */
const QUESTION_TRANSLATION = /^questions\.\d+\.(options\.\d+\.)?translations\.([a-z]+)/;

/** The language of a question's translated text (`questions.0.options.1.translations.de` → de), else null. */
export function questionTranslationLocale(path: string): string | null {
  return QUESTION_TRANSLATION.exec(path)?.[2] ?? null;
}

export function sectionOfPath(path: string): TProductSectionId | null {
  if (QUESTION_TRANSLATION.test(path)) return 'traducciones';
  return SECTION_OF[path.split('.')[0] ?? ''] ?? null;
}

/** How many errors each section holds. */
export function errorsBySection(errors: Record<string, unknown>): Partial<Record<TProductSectionId, number>> {
  const out: Partial<Record<TProductSectionId, number>> = {};
  for (const [path, msg] of Object.entries(errors)) {
    if (!msg) continue;
    const s = sectionOfPath(path);
    if (s) out[s] = (out[s] ?? 0) + 1;
  }
  return out;
}
