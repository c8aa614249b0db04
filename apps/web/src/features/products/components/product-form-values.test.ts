import { MSG, type TProductResponse } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { productAccess } from '../utils/product-access';
import { formPathFor, mapServerErrors, splitErrorPath, validateProductForm } from './product-form-errors';
import { errorsBySection, sectionOfPath } from './product-form-sections';
import {
  centsToEuros,
  eurosToCents,
  formTranslationProgress,
  fromDurationMinutes,
  initialProductValues,
  newRule,
  newSeason,
  parseDecimal,
  type TProductFormValues,
  toDurationMinutes,
} from './product-form-values';
import { toProductPayload } from './product-payload';

const OP = '11111111-2222-4333-8444-555555555555';
const HOTEL = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const HOTEL2 = '7a1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

const admin = productAccess([0]);
const manager = productAccess([1]);
const operator = productAccess([3]);

const product: TProductResponse = {
  id: 'p-1',
  tour_operator_id: OP,
  tour_operator: {
    id: OP,
    name: 'Teide Aventura',
    timezone: 'Atlantic/Canary',
    tax_territory: 'canarias',
    default_language: 'es',
    public_languages: ['es', 'en', 'de'],
  },
  code: 'TEI-01',
  name: 'Subida al Teide',
  short_description: 'Al pico más alto de España',
  description: '<p>Itinerario</p>',
  duration_minutes: 510,
  languages: ['es', 'en'],
  meeting_point: 'Teleférico',
  meeting_lat_lng: '28.2559,-16.6196',
  pickup_enabled: true,
  includes: ['Guía oficial'],
  excludes: ['Comida'],
  what_to_bring: ['Ropa de abrigo'],
  pickup_notes: 'Espera en la puerta del hotel.',
  payment_mode: 'on_the_day',
  tax_rate: 7,
  deposit: null,
  translations: { de: { name: 'Auffahrt zum Teide', includes: ['Offizieller Führer'] } },
  capacity: 50,
  min_pax: 2,
  booking_cutoff_hours: 12,
  free_cancellation_hours: 24,
  instant_confirmation: true,
  booking_terms: '',
  currency: 'EUR',
  state: 'active',
  prices: [
    { pax_type: 'adult', amount_cents: 4500, min_age: 12, max_age: null, occupies_seat: true },
    { pax_type: 'infant', amount_cents: 0, min_age: null, max_age: 2, occupies_seat: false },
  ],
  seasons: [
    {
      name: 'Verano',
      from: '2026-07-01',
      to: '2026-08-31',
      prices: [{ pax_type: 'adult', amount_cents: 5250, min_age: 12, max_age: null, occupies_seat: true }],
    },
  ],
  availability_rules: [{ weekdays: [5, 1, 3], times: ['09:00', '15:30'], valid_from: '2026-01-01', valid_to: null }],
  closed_dates: ['2026-12-25'],
  pickups: [
    {
      id: 'pk-2',
      accommodation_id: null,
      accommodation: null,
      zone: 'Puerto de la Cruz',
      minutes_before: null,
      fixed_time: '07:45',
      position: 1,
    },
    {
      id: 'pk-1',
      accommodation_id: HOTEL,
      accommodation: { id: HOTEL, name: 'Hotel Botánico', zone: 'Puerto de la Cruz', lat_lng: '', shared: true },
      zone: null,
      minutes_before: 45,
      fixed_time: null,
      position: 0,
    },
  ],
  questions: [],
  images: [],
  from_price_cents: 4500,
  public_urls: { landing: '/public/landing/p-1', booking: '/public/booking/product/p-1' },
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
};

/** A valid new product as a person would fill it in. */
function filledCreate(): TProductFormValues {
  const v = initialProductValues(null);
  v.code = 'MAS-01';
  v.name = 'Barranco de Masca';
  v.capacity = 20;
  v.prices[0] = { ...v.prices[0]!, amount: 69 };
  return v;
}

describe('product form: what people type ↔ what the API stores', () => {
  it('euros with a decimal comma ↔ integer cents', () => {
    expect(eurosToCents(45)).toBe(4500);
    expect(eurosToCents(12.5)).toBe(1250);
    expect(eurosToCents('12,50')).toBe(1250);
    expect(eurosToCents('1.234,5 €')).toBe(123450);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents('')).toBeUndefined();
    expect(eurosToCents('abc')).toBe('abc');
    expect(parseDecimal('19.90')).toBe(19.9);
    expect(centsToEuros(4500)).toBe(45);
    expect(centsToEuros(1999)).toBe(19.99);
    expect(centsToEuros(null)).toBe('');
  });

  it('hours + minutes ↔ minutes', () => {
    expect(toDurationMinutes(8, '')).toBe(480);
    expect(toDurationMinutes(3, 30)).toBe(210);
    expect(toDurationMinutes('', 45)).toBe(45);
    expect(toDurationMinutes('', '')).toBeUndefined();
    expect(fromDurationMinutes(210)).toEqual({ hours: 3, minutes: 30 });
    expect(fromDurationMinutes(480)).toEqual({ hours: 8, minutes: 0 });
    expect(fromDurationMinutes(0)).toEqual({ hours: '', minutes: '' });
  });

  it('a stored product becomes one tariff row per passenger type, prices in euros, pickups in route order', () => {
    const v = initialProductValues(product);
    expect(v.duration_hours).toBe(8);
    expect(v.duration_mins).toBe(30);
    expect(v.prices.map((r) => [r.pax_type, r.offered, r.amount])).toEqual([
      ['adult', true, 45],
      ['child', false, ''],
      ['infant', true, 0],
      ['senior', false, ''],
    ]);
    expect(v.prices[2]).toMatchObject({ min_age: '', max_age: 2, occupies_seat: false });
    expect(v.seasons[0]?.prices.map((r) => [r.pax_type, r.offered, r.amount])).toEqual([
      ['adult', true, 52.5],
      ['child', false, ''],
      ['infant', false, ''],
      ['senior', false, ''],
    ]);
    expect(v.availability_rules[0]?.weekdays).toEqual([1, 3, 5]);
    expect(v.pickups.map((p) => [p.label, p.mode, p.minutes_before, p.fixed_time, p.shared])).toEqual([
      ['Hotel Botánico', 'minutes', 45, '', true],
      ['Puerto de la Cruz', 'fixed', '', '07:45', false],
    ]);
    expect(v.includes.map((i) => i.text)).toEqual(['Guía oficial']);
  });

  it('a new product starts as a draft offering the adult tariff, in Spanish', () => {
    const v = initialProductValues(null);
    expect(v.state).toBe('draft');
    expect(v.languages).toEqual(['es']);
    expect(v.prices.filter((r) => r.offered).map((r) => r.pax_type)).toEqual(['adult']);
    expect(v.prices.find((r) => r.pax_type === 'infant')).toMatchObject({ occupies_seat: false, max_age: 2 });
  });

  it('PRODUCT §2: the payload has cents, minutes, only the offered tariffs and the lists in order', () => {
    const v = initialProductValues(product);
    v.prices[1] = { ...v.prices[1]!, offered: true, amount: 25, min_age: 3, max_age: 11 };
    v.duration_hours = 3;
    v.duration_mins = 30;
    const payload = toProductPayload(v, 'edit', manager);
    expect(payload.duration_minutes).toBe(210);
    expect(payload.prices).toEqual([
      { pax_type: 'adult', amount_cents: 4500, min_age: 12, max_age: null, occupies_seat: true },
      { pax_type: 'child', amount_cents: 2500, min_age: 3, max_age: 11, occupies_seat: true },
      { pax_type: 'infant', amount_cents: 0, min_age: null, max_age: 2, occupies_seat: false },
    ]);
    // A season's price keeps the ages and seat of its type's base tariff.
    expect(payload.seasons).toEqual([
      {
        name: 'Verano',
        from: '2026-07-01',
        to: '2026-08-31',
        prices: [{ pax_type: 'adult', amount_cents: 5250, min_age: 12, max_age: null, occupies_seat: true }],
      },
    ]);
    expect(payload.availability_rules).toEqual([
      { weekdays: [1, 3, 5], times: ['09:00', '15:30'], valid_from: '2026-01-01', valid_to: null },
    ]);
    expect(payload.closed_dates).toEqual(['2026-12-25']);
    expect(payload.pickups).toEqual([
      { accommodation_id: HOTEL, zone: null, minutes_before: 45, fixed_time: null },
      { accommodation_id: null, zone: 'Puerto de la Cruz', minutes_before: null, fixed_time: '07:45' },
    ]);
    expect(payload.includes).toEqual(['Guía oficial']);
    expect(payload).not.toHaveProperty('tour_operator_id');
    expect(validateProductForm(v, 'edit', manager)).toEqual({});
  });

  it('issue 12: booking terms are sent trimmed, errors land on their field in "Capacidad y reservas"', () => {
    const v = { ...initialProductValues(product), booking_terms: '  Visita a pie.\nCalzado cómodo. ' };
    expect(initialProductValues({ ...product, booking_terms: 'Propias' }).booking_terms).toBe('Propias');
    expect(toProductPayload(v, 'edit', manager).booking_terms).toBe('Visita a pie.\nCalzado cómodo.');
    expect(toProductPayload(v, 'edit', operator)).not.toHaveProperty('booking_terms');
    const errors = validateProductForm({ ...v, booking_terms: 'a\u0000b' }, 'edit', manager);
    expect(Object.keys(errors)).toEqual(['booking_terms']);
    expect(sectionOfPath('booking_terms')).toBe('capacidad');
    expect(mapServerErrors({ booking_terms: ['Máximo 20000 caracteres'] }, v).fields).toEqual({
      booking_terms: 'Máximo 20000 caracteres',
    });
  });

  it('with pickup off the pickup list is not sent (the stored one stays)', () => {
    const v = { ...initialProductValues(product), pickup_enabled: false };
    const payload = toProductPayload(v, 'edit', manager);
    expect(payload.pickup_enabled).toBe(false);
    expect(payload).not.toHaveProperty('pickups');
  });

  it('PRODUCT §2 "tour_operator_id: the caller\'s own unless the administrator sends one"', () => {
    const v = { ...filledCreate(), tour_operator_id: OP };
    expect(toProductPayload(v, 'create', admin).tour_operator_id).toBe(OP);
    expect(toProductPayload(v, 'create', manager)).not.toHaveProperty('tour_operator_id');
    expect(toProductPayload(v, 'edit', admin)).not.toHaveProperty('tour_operator_id');
    expect(validateProductForm({ ...v, tour_operator_id: null }, 'create', admin).tour_operator_id).toBe(MSG.required);
    expect(validateProductForm(v, 'create', admin)).toEqual({});
  });

  it('PRODUCT §3: an Operador sends only availability_rules and closed_dates', () => {
    const v = initialProductValues(product);
    v.name = '';
    v.availability_rules.push({ ...newRule('2026-11-22'), weekdays: [6, 7], times: ['10:00'] });
    v.closed_dates = ['2026-12-31', '2026-12-25', '2026-12-31'];
    const payload = toProductPayload(v, 'edit', operator);
    expect(Object.keys(payload).sort()).toEqual(['availability_rules', 'closed_dates']);
    expect(payload.closed_dates).toEqual(['2026-12-25', '2026-12-31']);
    expect(payload.availability_rules?.[1]).toEqual({
      weekdays: [6, 7],
      times: ['10:00'],
      valid_from: '2026-11-22',
      valid_to: null,
    });
    // Fields the Operador cannot change are not validated either.
    expect(validateProductForm(v, 'edit', operator)).toEqual({});
  });
});

describe("product form validation (the shared schema: the server's own messages)", () => {
  it('spec §5: an empty new product shows "Campo requerido" on the required fields', () => {
    const errors = validateProductForm(initialProductValues(null), 'create', manager);
    expect(errors.name).toBe(MSG.required);
    expect(errors.code).toBe(MSG.required);
    expect(errors.capacity).toBe(MSG.required);
    expect(errors['prices.0.amount']).toBe(MSG.required);
  });

  it('a code with spaces, a minimum above the seats and a bad coordinate say why', () => {
    const v = { ...filledCreate(), code: 'TEI 01', min_pax: 30, meeting_lat_lng: '128,-16' };
    const errors = validateProductForm(v, 'create', manager);
    expect(errors.code).toBe('Solo letras, números, punto, guion y guion bajo');
    expect(errors.meeting_lat_lng).toMatch(/Coordenadas no válidas/);
    // Said at once, not only after every other field is fixed.
    expect(errors.min_pax).toBe('El mínimo de pasajeros no puede superar las plazas');
    const minPax = validateProductForm({ ...filledCreate(), min_pax: 30 }, 'create', manager);
    expect(minPax.min_pax).toBe('El mínimo de pasajeros no puede superar las plazas');
  });

  it('rules: at least one day, no empty or repeated times, an end after the start', () => {
    const v = filledCreate();
    v.availability_rules = [
      { ...newRule('2026-06-01'), weekdays: [], times: ['09:00', ''] },
      { ...newRule('2026-06-01'), weekdays: [1], times: ['09:00', '09:00'], valid_to: '2026-05-01' },
    ];
    const errors = validateProductForm(v, 'create', manager);
    expect(errors['availability_rules.0.weekdays']).toBe('Elige al menos un día');
    expect(errors['availability_rules.0.times.1']).toBe(MSG.required);
    expect(errors['availability_rules.1.times']).toBe('Horas repetidas');
    expect(errors['availability_rules.1.valid_to']).toBe('La fecha final debe ser posterior a la inicial');
  });

  it('ages: the minimum cannot be above the maximum (shown on that row)', () => {
    const v = filledCreate();
    v.prices[1] = { ...v.prices[1]!, offered: true, amount: 20, min_age: 12, max_age: 3 };
    expect(validateProductForm(v, 'create', manager)['prices.1.max_age']).toBe(
      'La edad mínima no puede ser mayor que la máxima',
    );
  });

  it('seasons need a name, dates in order and at least one price', () => {
    const v = filledCreate();
    const season = newSeason(v.prices);
    v.seasons = [{ ...season, prices: season.prices.map((p) => ({ ...p, offered: false })) }];
    const errors = validateProductForm(v, 'create', manager);
    expect(errors['seasons.0.name']).toBe(MSG.required);
    expect(errors['seasons.0.from']).toBe(MSG.required);
    expect(errors['seasons.0.prices']).toBe('Añade al menos una tarifa a la temporada');
  });

  it('a pickup needs its minutes or its fixed time', () => {
    const v = { ...filledCreate(), pickup_enabled: true };
    v.pickups = [
      {
        key: 'a',
        accommodation_id: HOTEL,
        zone: null,
        label: 'Hotel',
        detail: '',
        shared: false,
        mode: 'minutes',
        minutes_before: '',
        fixed_time: '',
      },
      {
        key: 'b',
        accommodation_id: HOTEL2,
        zone: null,
        label: 'Hotel 2',
        detail: '',
        shared: false,
        mode: 'fixed',
        minutes_before: 30,
        fixed_time: '',
      },
    ];
    const errors = validateProductForm(v, 'create', manager);
    expect(errors['pickups.0.minutes_before']).toBeTruthy();
    expect(errors['pickups.1.fixed_time']).toBeTruthy();
  });
});

describe('PRODUCT §5 "server 422 errors mapped onto the same fields"', () => {
  const v = initialProductValues(product); // offered: adult (row 0) and infant (row 2)

  it('prices.N is the N-th offered tariff; seasons.S.prices.N likewise', () => {
    expect(formPathFor(['prices', 1, 'amount_cents'], v)).toBe('prices.2.amount');
    expect(formPathFor(['prices', 0, 'max_age'], v)).toBe('prices.0.max_age');
    expect(formPathFor(['prices'], v)).toBe('prices');
    expect(formPathFor(['seasons', 0, 'prices', 0, 'amount_cents'], v)).toBe('seasons.0.prices.0.amount');
    expect(formPathFor(['seasons', 0, 'to'], v)).toBe('seasons.0.to');
  });

  it('maps the answer of a 422 and keeps what has no field apart', () => {
    const { fields, rest } = mapServerErrors(
      {
        'prices.1.amount_cents': ['Debe ser como máximo 10000000'],
        'availability_rules.0.times.2': ['Hora no válida (HH:mm, 24 horas)'],
        'pickups.1.accommodation_id': ['El alojamiento no existe'],
        'pickups.1.minutes_before': ['Indica los minutos antes de la salida o una hora fija'],
        duration_minutes: ['Debe ser como máximo 20160'],
        'includes[0]': ['Máximo 200 caracteres'],
        currency: ['Moneda no válida'],
        tour_operator_id: ['No se puede cambiar el tour operador de un producto'],
      },
      v,
    );
    expect(fields).toEqual({
      'prices.2.amount': 'Debe ser como máximo 10000000',
      'availability_rules.0.times.2': 'Hora no válida (HH:mm, 24 horas)',
      'pickups.1.accommodation_id': 'El alojamiento no existe',
      // The second pickup uses a fixed time: its input is the one marked.
      'pickups.1.fixed_time': 'Indica los minutos antes de la salida o una hora fija',
      duration_hours: 'Debe ser como máximo 20160',
      'includes.0.text': 'Máximo 200 caracteres',
      tour_operator_id: 'No se puede cambiar el tour operador de un producto',
    });
    expect(rest).toEqual(['Moneda no válida']);
  });

  it('splits the path notations the API may use', () => {
    expect(splitErrorPath('pickups.3.accommodation_id')).toEqual(['pickups', 3, 'accommodation_id']);
    expect(splitErrorPath('prices[1].amount_cents')).toEqual(['prices', 1, 'amount_cents']);
    expect(splitErrorPath('/availability_rules/0/times/2')).toEqual(['availability_rules', 0, 'times', 2]);
  });

  it('counts the errors of each section (the index and the section badges)', () => {
    expect(
      errorsBySection({
        name: 'x',
        code: 'y',
        'prices.0.amount': 'z',
        'availability_rules.0.weekdays': 'w',
        'pickups.1.fixed_time': 'v',
        other: 'u',
      }),
    ).toEqual({ 'datos-generales': 2, tarifas: 1, disponibilidad: 1, recogidas: 1 });
  });
});

describe('issue 15: what to bring, pickup notes and the translations', () => {
  it('a stored product fills every language (nothing written: empty texts), lists as rows', () => {
    const v = initialProductValues(product);
    expect(v.what_to_bring.map((i) => i.text)).toEqual(['Ropa de abrigo']);
    expect(v.pickup_notes).toBe('Espera en la puerta del hotel.');
    expect(Object.keys(v.translations)).toEqual(['es', 'en', 'de', 'fr', 'it', 'nl']);
    expect(v.translations.de).toMatchObject({ name: 'Auffahrt zum Teide', short_description: '', description: '' });
    expect(v.translations.de.includes.map((i) => i.text)).toEqual(['Offizieller Führer']);
    expect(v.translations.en.includes).toEqual([]);
    const fresh = initialProductValues(null);
    expect(fresh).toMatchObject({ what_to_bring: [], pickup_notes: '' });
    expect(fresh.translations.fr.name).toBe('');
  });

  it('the payload sends them trimmed, and every language as typed (the API drops what is empty)', () => {
    const v = initialProductValues(product);
    v.translations.de.short_description = '  Der höchste Berg Spaniens. ';
    v.translations.de.what_to_bring = [{ key: 'b1', text: ' Warme Kleidung ' }];
    v.translations.en.name = 'Teide ascent';
    v.pickup_notes = ' En la puerta. ';
    const payload = toProductPayload(v, 'edit', manager);
    expect(payload.what_to_bring).toEqual(['Ropa de abrigo']);
    expect(payload.pickup_notes).toBe('En la puerta.');
    expect(Object.keys(payload.translations ?? {})).toEqual(['es', 'en', 'de', 'fr', 'it', 'nl']);
    expect(payload.translations?.de).toEqual({
      name: 'Auffahrt zum Teide',
      short_description: 'Der höchste Berg Spaniens.',
      description: '',
      includes: ['Offizieller Führer'],
      excludes: [],
      what_to_bring: ['Warme Kleidung'],
      meeting_point: '',
      booking_terms: '',
      pickup_notes: '',
    });
    expect(payload.translations?.en?.name).toBe('Teide ascent');
    expect(validateProductForm(v, 'edit', manager)).toEqual({});
    // An Operador sends none of it.
    expect(toProductPayload(v, 'edit', operator)).not.toHaveProperty('translations');
  });

  it('completeness: of the base texts written, how many this language translates', () => {
    const v = initialProductValues(product);
    // Base: name, short description, description, includes, excludes, what to bring, meeting point,
    // pickup notes (no terms of its own): 8. German: the name and the includes.
    expect(formTranslationProgress(v, 'de')).toMatchObject({ done: 2, total: 8 });
    expect(formTranslationProgress(v, 'en')).toMatchObject({ done: 0, total: 8 });
    v.translations.en.booking_terms = 'Own terms';
    expect(formTranslationProgress(v, 'en').done).toBe(0);
    v.translations.de.description = '<p>Route</p>';
    v.translations.de.excludes = [{ key: 'x', text: 'Essen' }];
    expect(formTranslationProgress(v, 'de')).toMatchObject({ done: 4, total: 8 });
  });

  it('errors land on their input, in "Idiomas y traducciones"; an unknown language has none', () => {
    const v = initialProductValues(product);
    expect(formPathFor(['translations', 'de', 'name'], v)).toBe('translations.de.name');
    expect(formPathFor(['translations', 'de', 'includes', 1], v)).toBe('translations.de.includes.1.text');
    expect(formPathFor(['translations', 'de', 'what_to_bring'], v)).toBe('translations.de.what_to_bring');
    expect(formPathFor(['what_to_bring', 0], v)).toBe('what_to_bring.0.text');
    expect(formPathFor(['pickup_notes'], v)).toBe('pickup_notes');
    const { fields, rest } = mapServerErrors(
      {
        'translations.en.description': ['Máximo 50000 caracteres'],
        translations: ['Idioma no admitido (solo es, en, de, fr, it, nl): pt'],
        'translations.de': ['Texto no traducible: capacity'],
      },
      v,
    );
    expect(fields).toEqual({ 'translations.en.description': 'Máximo 50000 caracteres' });
    expect(rest).toEqual(['Idioma no admitido (solo es, en, de, fr, it, nl): pt', 'Texto no traducible: capacity']);
    expect(sectionOfPath('translations.de.includes.0.text')).toBe('traducciones');
    expect(sectionOfPath('what_to_bring.0.text')).toBe('datos-generales');
    expect(sectionOfPath('pickup_notes')).toBe('recogidas');
    const errors = validateProductForm(
      { ...v, translations: { ...v.translations, de: { ...v.translations.de, name: 'x'.repeat(151) } } },
      'edit',
      manager,
    );
    expect(errors).toEqual({ 'translations.de.name': 'Máximo 150 caracteres' });
  });
});
