import { TERRITORY_TAXES, ZProductCreateRequest } from '@trayecto/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { storedQuestions } from '../modules/products/product-questions';
import { mergeTranslations } from '../modules/products/product-translations';
import { insertProduct, replacePickups } from '../modules/products/products.repository';
import { sanitizeRichText } from '../modules/products/rich-text';
import { DEMO_PRODUCT_TRANSLATIONS } from './translations';

/**
 * Demo products for Tenerife (PRODUCT.md §1): Teide Aventura's Teide, Masca and Loro Parque
 * excursions plus a draft, and Atlántico Sur's whale watching catamaran and north-island tour, with
 * tariffs, seasons, weekly schedules around today's year, closed holidays and hotel pickups from
 * the accommodations seeded before. Their photos are drawn at seed time (seed-images.ts: no binary
 * files in the repository). Their texts are Spanish (the operators' default language), most of
 * them with translations (seed-translations.ts, issue 15). Called from seedDemo inside its
 * transaction.
 */

type ProductInput = z.input<typeof ZProductCreateRequest>;
type PickupInput = NonNullable<ProductInput['pickups']>[number];
type RuleInput = NonNullable<ProductInput['availability_rules']>[number];
type DemoAccommodation = { id: string; name: string; zone: string; tourOperatorId: string | null };

const norm = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Places that are not somewhere a coach collects hotel guests. */
const NOT_A_PICKUP = /^(oficina|pantalan|villa|aparcamiento)/;
const rank = (name: string) => (/^(gran hotel|hotel)/.test(norm(name)) ? 0 : /^apartamentos/.test(norm(name)) ? 1 : 2);

/**
 * A coach route: up to `perZone` places of each zone (hotels first) that the operator may use (its
 * own or the shared catalogue), in route order, each collected `step` minutes after the previous
 * one. Falls back to whole-zone pickups when no place of a zone exists.
 */
function route(
  all: DemoAccommodation[],
  tourOperatorId: string,
  zones: string[],
  perZone: number,
  firstMinutesBefore: number,
  step = 5,
): PickupInput[] {
  const out: PickupInput[] = [];
  let minutes = firstMinutesBefore;
  for (const zone of zones) {
    const places = all
      .filter((a) => a.tourOperatorId === null || a.tourOperatorId === tourOperatorId)
      .filter((a) => norm(a.zone).includes(norm(zone)) && !NOT_A_PICKUP.test(norm(a.name)))
      .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name, 'es'))
      .slice(0, perZone);
    const stops =
      places.length > 0
        ? places.map((p) => ({ accommodation_id: p.id, zone: null }))
        : [{ accommodation_id: null, zone }];
    for (const stop of stops) {
      out.push({ ...stop, minutes_before: Math.max(0, minutes), fixed_time: null });
      minutes -= step;
    }
  }
  return out;
}

const adult = (amount_cents: number) =>
  ({ pax_type: 'adult', amount_cents, min_age: 12, occupies_seat: true }) as const;
const child = (amount_cents: number, min_age = 3) =>
  ({ pax_type: 'child', amount_cents, min_age, max_age: 11, occupies_seat: true }) as const;
const infant = () => ({ pax_type: 'infant', amount_cents: 0, max_age: 2, occupies_seat: false }) as const;
const senior = (amount_cents: number) =>
  ({ pax_type: 'senior', amount_cents, min_age: 65, occupies_seat: true }) as const;

/** Weekly rules for the previous, this and next year, so today always falls inside one. */
function yearly(years: number[], rule: (y: number) => RuleInput[]) {
  return years.flatMap(rule);
}

export async function seedProducts(
  tx: DbOrTx,
  ops: { teide: string; atlantico: string },
  accommodations: DemoAccommodation[],
): Promise<{ products: { id: string; tourOperatorId: string; code: string; capacity: number }[] }> {
  const year = new Date().getUTCFullYear();
  const years = [year - 1, year, year + 1];
  const holidays = years.flatMap((y) => [`${y}-01-01`, `${y}-12-25`]);
  const south = ['Costa Adeje', 'Américas', 'Los Cristianos'];

  const demo: { tourOperatorId: string; body: ProductInput }[] = [
    {
      tourOperatorId: ops.teide,
      body: {
        code: 'TEI-01',
        name: 'Subida al Teide y Parque Nacional',
        state: 'active',
        short_description:
          'Día completo por el Parque Nacional del Teide: Roques de García, Llano de Ucanca y mirador de Chío, con guía oficial.',
        description:
          '<h2>El volcán más alto de España</h2><p>Subimos desde la costa atravesando el <strong>pinar de Vilaflor</strong> hasta las Cañadas del Teide, a más de 2.000 metros. Paramos en los <strong>Roques de García</strong>, el Llano de Ucanca y el mirador de Chío, y tendrás tiempo libre para subir en el teleférico (billete no incluido).</p><p>Más información sobre el parque en <a href="https://www.miteco.gob.es/es/red-parques-nacionales/nuestros-parques/teide.html">la web de Parques Nacionales</a>.</p>',
        duration_minutes: 480,
        languages: ['es', 'en', 'de'],
        meeting_point: 'Oficina Teide Aventura, Avenida de Bruselas 12, Costa Adeje',
        meeting_lat_lng: '28.0902,-16.7355',
        pickup_enabled: true,
        includes: [
          'Transporte en autocar climatizado',
          'Guía oficial en español, inglés y alemán',
          'Recogida en el hotel',
          'Seguro de viaje',
        ],
        excludes: ['Teleférico del Teide', 'Comida y bebidas', 'Permiso de subida al pico'],
        what_to_bring: [
          'Ropa de abrigo (arriba hace hasta 15 °C menos que en la costa)',
          'Calzado cómodo',
          'Gafas de sol',
          'Protector solar',
          'Agua',
        ],
        pickup_notes:
          'Espera en la entrada principal de tu hotel 5 minutos antes de la hora de recogida que indica tu bono. El autocar lleva el cartel de Teide Aventura en el parabrisas. Si se retrasa más de 15 minutos, llama a la oficina: +34 922 123 456.',
        // Complete in en, de, fr, it and nl: the flagship.
        translations: DEMO_PRODUCT_TRANSLATIONS['TEI-01'],
        capacity: 50,
        min_pax: 1,
        booking_cutoff_hours: 12,
        free_cancellation_hours: 24,
        instant_confirmation: true,
        // Paid on the day (ADR 022): the journeys of the public form and the keyboard book it as
        // customers did before payments online; the other products show the online modes.
        prices: [adult(4900), child(2500), infant()],
        seasons: years.flatMap((y) => [
          { name: `Verano ${y}`, from: `${y}-07-01`, to: `${y}-08-31`, prices: [adult(5500), child(2900), infant()] },
          {
            name: `Navidad ${y}`,
            from: `${y}-12-20`,
            to: `${y + 1}-01-06`,
            prices: [adult(5900), child(3100), infant()],
          },
        ]),
        availability_rules: yearly(years, (y) => [
          // Summer schedule: four days a week, early start to beat the heat at the top.
          { weekdays: [1, 3, 5, 6], times: ['08:30'], valid_from: `${y}-04-01`, valid_to: `${y}-10-31` },
          // Winter schedule: later start (sunrise, ice on the road), three days a week.
          { weekdays: [2, 4, 6], times: ['09:00'], valid_from: `${y}-11-01`, valid_to: `${y + 1}-03-31` },
        ]),
        closed_dates: holidays,
        pickups: route(accommodations, ops.teide, south, 4, 95),
      },
    },
    {
      tourOperatorId: ops.teide,
      body: {
        code: 'MAS-01',
        name: 'Masca y Los Gigantes',
        state: 'active',
        short_description: 'El pueblo de Masca, su barranco y los acantilados de Los Gigantes desde el mar.',
        description:
          '<p>Recorremos la carretera de montaña del <strong>macizo de Teno</strong> hasta el caserío de Masca, colgado sobre su barranco. Después bajamos a <strong>Los Gigantes</strong> para ver sus acantilados de 600 metros.</p><ul><li>Paseo por Masca (unos 45 minutos)</li><li>Parada en Santiago del Teide</li><li>Tiempo libre en Puerto de Santiago</li></ul><p><em>Carretera con muchas curvas: avísanos si te mareas.</em></p>',
        duration_minutes: 420,
        languages: ['es', 'en'],
        meeting_point: 'Oficina Teide Aventura, Costa Adeje',
        meeting_lat_lng: '28.0902,-16.7355',
        pickup_enabled: true,
        includes: ['Transporte en minibús', 'Guía', 'Recogida en el hotel'],
        excludes: ['Almuerzo', 'Barco en Los Gigantes'],
        // No translations on purpose: the demo of a product with only Spanish texts (issue 15), whose
        // page in another language shows them where nothing else exists.
        capacity: 25,
        min_pax: 2,
        booking_cutoff_hours: 18,
        free_cancellation_hours: 24,
        instant_confirmation: true,
        payment_mode: 'on_the_day',
        // Its own terms: the operator's speak of the coach and the National Park roads.
        booking_terms:
          'Cancelación gratuita hasta 24 horas antes de la salida, desde la página de tu reserva o llamando a la oficina; pasado ese plazo no se reembolsa el importe. La excursión sale con un mínimo de 2 personas: si no se llega, te avisamos la víspera y te ofrecemos otra fecha o la devolución completa. La carretera de Masca es estrecha y con muchas curvas, y a veces se cierra por desprendimientos: si está cortada, cambiamos el orden de las visitas o te devolvemos el importe. El paseo por el caserío tiene escalones y piedra suelta; lleva calzado cómodo. Enseña el bono al guía al subir al minibús.',
        prices: [adult(5900), child(3500, 6), infant()],
        seasons: [],
        availability_rules: [
          { weekdays: [2, 4, 7], times: ['08:00'], valid_from: `${year - 1}-01-01`, valid_to: null },
        ],
        closed_dates: holidays,
        pickups: route(accommodations, ops.teide, south, 2, 80, 10),
      },
    },
    {
      tourOperatorId: ops.teide,
      body: {
        code: 'LOR-01',
        name: 'Loro Parque con traslado',
        state: 'active',
        short_description: 'Entrada a Loro Parque con traslado de ida y vuelta desde el sur.',
        description:
          '<p>Traslado en autocar desde tu hotel hasta <strong>Loro Parque</strong>, en Puerto de la Cruz, con la entrada incluida. Orcas, delfines, pingüinos y el mayor santuario de loros del mundo.</p><p>Regreso a las 17:30 desde la parada de Loro Parque.</p>',
        duration_minutes: 600,
        languages: ['es', 'en', 'de', 'fr'],
        meeting_point: 'Parada Loro Parque, Puerto de la Cruz',
        meeting_lat_lng: '28.4090,-16.5640',
        pickup_enabled: true,
        includes: ['Entrada a Loro Parque', 'Traslado de ida y vuelta'],
        excludes: ['Comida', 'Fotografías con los animales'],
        // Name, summary, includes and excludes in en, de and fr; the description stays Spanish (the fallback).
        translations: DEMO_PRODUCT_TRANSLATIONS['LOR-01'],
        // An optional question per passenger (issue 33 item 3): the payment journeys book it without answering.
        questions: [
          {
            scope: 'passenger',
            kind: 'text',
            label: 'Necesidades especiales (movilidad, alergias…)',
            help: 'Lo que el chofer y el parque deben saber de este pasajero.',
            translations: {
              en: {
                label: 'Special needs (mobility, allergies…)',
                help: 'What the driver and the park should know about this passenger.',
              },
              de: {
                label: 'Besondere Bedürfnisse (Mobilität, Allergien…)',
                help: 'Was Fahrer und Park über diesen Fahrgast wissen sollten.',
              },
              fr: {
                label: 'Besoins particuliers (mobilité, allergies…)',
                help: 'Ce que le chauffeur et le parc doivent savoir sur ce passager.',
              },
            },
          },
        ],
        capacity: 55,
        min_pax: 1,
        booking_cutoff_hours: 12,
        free_cancellation_hours: 24,
        instant_confirmation: true,
        payment_mode: 'full',
        prices: [adult(4950), child(3400), infant(), senior(4500)],
        seasons: [],
        availability_rules: [
          { weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['08:45'], valid_from: `${year - 1}-01-01`, valid_to: null },
        ],
        closed_dates: holidays,
        pickups: route(accommodations, ops.teide, south, 3, 75),
      },
    },
    {
      tourOperatorId: ops.teide,
      body: {
        code: 'TEI-NOCHE',
        name: 'Teide de noche: estrellas y cena',
        state: 'draft',
        short_description: 'Puesta de sol en las Cañadas, cena canaria y observación de estrellas con telescopio.',
        description:
          '<p>Borrador: falta confirmar el restaurante y el astrónomo. <strong>No publicar</strong> hasta tener el permiso del parque.</p>',
        duration_minutes: 360,
        languages: ['es', 'en'],
        meeting_point: 'Oficina Teide Aventura, Avenida de Bruselas 12, Costa Adeje',
        meeting_lat_lng: '28.0902,-16.7355',
        pickup_enabled: false,
        includes: ['Cena', 'Telescopio', 'Guía astrónomo'],
        excludes: [],
        // Name, summary, includes and excludes in en and de; the description stays Spanish (the fallback).
        translations: DEMO_PRODUCT_TRANSLATIONS['TEI-NOCHE'],
        questions: [
          {
            scope: 'passenger',
            kind: 'choice',
            label: 'Menú de la cena',
            required: true,
            options: ['Carne', 'Pescado', 'Vegetariano'],
            translations: { en: { label: 'Dinner menu', options: ['Meat', 'Fish', 'Vegetarian'] } },
          },
          {
            scope: 'passenger',
            kind: 'text',
            label: 'Alergias o intolerancias',
            translations: { en: { label: 'Allergies or intolerances' } },
          },
        ],
        capacity: 20,
        min_pax: 4,
        booking_cutoff_hours: 24,
        free_cancellation_hours: 24,
        instant_confirmation: false,
        payment_mode: 'deposit',
        deposit: { per_pax_cents: 1500 },
        prices: [adult(8900), child(6500, 8)],
        seasons: [],
        availability_rules: [{ weekdays: [5], times: ['17:30'], valid_from: `${year}-01-01`, valid_to: null }],
        closed_dates: [],
        pickups: [],
      },
    },
    {
      tourOperatorId: ops.atlantico,
      body: {
        code: 'CAT-01',
        name: 'Avistamiento de cetáceos en catamarán',
        state: 'active',
        short_description: 'Tres horas en catamarán para ver calderones y delfines mulares, con baño en una cala.',
        description:
          '<h2>Calderones y delfines en libertad</h2><p>Entre Tenerife y La Gomera vive todo el año una colonia de <strong>calderones tropicales</strong>. Salimos de Puerto Colón en un catamarán con certificado de <em>Barco Azul</em>, que respeta las distancias de observación.</p><ul><li>Parada para bañarse y hacer snorkel</li><li>Bebida y fruta a bordo</li></ul><blockquote>Avistamiento sujeto al estado del mar: si no sale, te devolvemos el importe.</blockquote>',
        duration_minutes: 180,
        languages: ['es', 'en', 'it'],
        meeting_point: 'Pantalán 5 de Puerto Colón, Costa Adeje',
        meeting_lat_lng: '28.0793,-16.7368',
        pickup_enabled: true,
        includes: ['Paseo de 3 horas', 'Bebida y fruta', 'Equipo de snorkel'],
        excludes: ['Recogida en el norte de la isla'],
        // Name, summary, includes and excludes in en and de; the description stays Spanish (the fallback).
        translations: DEMO_PRODUCT_TRANSLATIONS['CAT-01'],
        // Booking questions (issue 33 item 3): one per passenger the crew needs for the swim, one per booking.
        questions: [
          {
            scope: 'passenger',
            kind: 'yes_no',
            label: '¿Sabe nadar?',
            help: 'Para organizar la parada de baño y snorkel.',
            required: true,
            translations: {
              en: { label: 'Can they swim?', help: 'So we can plan the swimming and snorkelling stop.' },
              it: { label: 'Sa nuotare?', help: 'Per organizzare la sosta per il bagno e lo snorkeling.' },
            },
          },
          {
            scope: 'booking',
            kind: 'choice',
            label: '¿Cómo nos has conocido?',
            options: ['Internet', 'En el hotel', 'Agencia de viajes', 'Por recomendación', 'Otro'],
            translations: {
              en: {
                label: 'How did you hear about us?',
                options: ['Online', 'At the hotel', 'Travel agency', 'Recommendation', 'Other'],
              },
              it: {
                label: 'Come ci hai conosciuto?',
                options: ['Internet', 'In hotel', 'Agenzia di viaggi', 'Passaparola', 'Altro'],
              },
            },
          },
        ],
        capacity: 60,
        min_pax: 1,
        booking_cutoff_hours: 2,
        free_cancellation_hours: 24,
        instant_confirmation: true,
        prices: [adult(3500), child(2000, 2), infant()],
        seasons: years.map((y) => ({
          name: `Temporada alta ${y}`,
          from: `${y}-07-15`,
          to: `${y}-08-31`,
          prices: [adult(3900), child(2200, 2), infant()],
        })),
        availability_rules: [
          {
            weekdays: [1, 2, 3, 4, 5, 6, 7],
            times: ['10:00', '13:00', '16:00'],
            valid_from: `${year - 1}-01-01`,
            valid_to: null,
          },
        ],
        closed_dates: holidays,
        pickups: route(accommodations, ops.atlantico, ['Los Cristianos', 'Américas', 'Costa Adeje'], 3, 75),
      },
    },
    {
      tourOperatorId: ops.atlantico,
      body: {
        code: 'ORO-01',
        name: 'Puerto de la Cruz y La Orotava',
        state: 'active',
        short_description:
          'El casco histórico de La Orotava, sus balcones canarios y tiempo libre en Puerto de la Cruz.',
        description:
          '<p>Cruzamos la isla hasta el <strong>valle de La Orotava</strong>: Casa de los Balcones, Jardín Victoria y la iglesia de la Concepción. Por la tarde, tiempo libre en Puerto de la Cruz junto al Lago Martiánez.</p><h3>Horario</h3><ol><li>Recogida en el sur desde las 08:00</li><li>La Orotava, 10:00 a 12:30</li><li>Puerto de la Cruz, 13:00 a 16:30</li></ol>',
        duration_minutes: 540,
        languages: ['es', 'en', 'de'],
        meeting_point: 'Plaza del Charco, Puerto de la Cruz',
        meeting_lat_lng: '28.4160,-16.5500',
        pickup_enabled: true,
        includes: ['Transporte', 'Guía', 'Degustación de vino en La Orotava'],
        excludes: ['Almuerzo', 'Entradas a museos'],
        // Name, summary, includes and excludes in en and de; the description and its own terms stay Spanish.
        translations: DEMO_PRODUCT_TRANSLATIONS['ORO-01'],
        capacity: 45,
        min_pax: 6,
        booking_cutoff_hours: 12,
        free_cancellation_hours: 24,
        instant_confirmation: false,
        // A walking tour on land: the operator's terms speak of the sea and the whales.
        booking_terms:
          'Cancelación gratuita hasta 24 horas antes de la salida; después no se reembolsa el importe. Te confirmamos la reserva en cuanto revisemos las plazas, normalmente el mismo día. La visita sale con un mínimo de 6 personas: si no se llega, te avisamos la víspera y te ofrecemos otra fecha o la devolución completa. El recorrido por La Orotava es a pie, unas dos horas por calles empinadas y empedradas: lleva calzado cómodo y agua, y avísanos si alguien del grupo tiene movilidad reducida. La degustación de vino es solo para mayores de 18 años. Enseña el bono (en el móvil o impreso) al guía en la recogida.',
        prices: [adult(3900), child(2000), infant(), senior(3500)],
        seasons: [],
        availability_rules: [{ weekdays: [3, 6], times: ['09:00'], valid_from: `${year - 1}-01-01`, valid_to: null }],
        closed_dates: holidays,
        pickups: route(accommodations, ops.atlantico, south, 2, 60),
      },
    },
  ];

  const products: { id: string; tourOperatorId: string; code: string; capacity: number }[] = [];
  for (const { tourOperatorId, body } of demo) {
    // The demo goes through the same contract as the API, so it can never hold what the API refuses.
    const p = ZProductCreateRequest.parse(body);
    const row = await insertProduct(tx, {
      tourOperatorId,
      code: p.code,
      name: p.name,
      state: p.state,
      shortDescription: p.short_description ?? '',
      description: sanitizeRichText(p.description ?? ''),
      durationMinutes: p.duration_minutes,
      languages: p.languages,
      meetingPoint: p.meeting_point ?? '',
      meetingLatLng: p.meeting_lat_lng ?? '',
      pickupEnabled: p.pickup_enabled,
      includes: p.includes,
      excludes: p.excludes,
      whatToBring: p.what_to_bring ?? [],
      pickupNotes: p.pickup_notes ?? '',
      // Stored as the API stores them: descriptions sanitised like the base one, empty texts dropped.
      translations: mergeTranslations({}, p.translations),
      questions: storedQuestions(p.questions ?? []),
      capacity: p.capacity,
      minPax: p.min_pax,
      bookingCutoffHours: p.booking_cutoff_hours,
      freeCancellationHours: p.free_cancellation_hours,
      instantConfirmation: p.instant_confirmation,
      paymentMode: p.payment_mode ?? 'on_the_day',
      // Excursions in the Canaries: IGIC at the general rate (issue 34).
      taxRate: p.tax_rate ?? TERRITORY_TAXES.canarias.general,
      depositPercent: p.deposit?.percent ?? null,
      depositPerPaxCents: p.deposit?.per_pax_cents ?? null,
      bookingTerms: p.booking_terms ?? '',
      prices: p.prices,
      seasons: p.seasons,
      availabilityRules: p.availability_rules,
      closedDates: p.closed_dates,
    });
    await replacePickups(tx, row, p.pickups ?? []);
    products.push({ id: row.id, tourOperatorId, code: row.code, capacity: row.capacity });
  }
  return { products };
}
