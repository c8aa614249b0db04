/**
 * Benchmark data set: a fresh `trayecto_bench` database with the project's migrations and a
 * realistic Tenerife data set generated with set-based SQL (generate_series, no row-by-row inserts):
 * 2 operators, their staff (sellers, drivers, guides…), ~300 accommodations, 200 active products
 * with tariffs and weekly rules, departures over the past and the next year (1–3 a day), and
 * BENCH_BOOKINGS bookings (default 1,000,000) spread over them.
 *
 *   node --import tsx bench/generate.ts                 # 1,000,000 bookings
 *   BENCH_BOOKINGS=20000 node --import tsx bench/generate.ts   # smoke run
 *
 * Invariant kept (the departures CHECK): seats_taken = sum of seats of the departure's
 * non-cancelled bookings, and never above capacity. Bookings are inserted in created_at order, as
 * a live system would have written them (so the heap is not clustered by departure date).
 */
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { hashPassword } from '../apps/api/src/lib/password';
import { DEPARTURE_COUNTS_DRIFT_SQL } from '../apps/api/test/departure-counts';
import {
  ADMIN_DB_URL,
  BENCH_DB_NAME,
  BENCH_DB_URL,
  BENCH_OPERATOR_NAME,
  BENCH_PASSWORD,
  BENCH_TIMEZONE,
  BENCH_USER_EMAIL,
  benchBookings,
  fmtMs,
} from './config';
import { generateActivity } from './generate-activity';
import { generateMoney } from './generate-money';
import { generateOperations } from './generate-operations';

const N = benchBookings();
const t0 = performance.now();
const timings: { step: string; ms: number; rows?: number }[] = [];

async function step<T>(name: string, fn: () => Promise<T>, rowsOf?: (r: T) => number): Promise<T> {
  const s = performance.now();
  const r = await fn();
  const ms = performance.now() - s;
  const rows = rowsOf?.(r);
  timings.push({ step: name, ms, rows });
  console.log(
    `  ${name.padEnd(52)} ${fmtMs(ms).padStart(8)}${rows !== undefined ? `  (${rows.toLocaleString('es-ES')} filas)` : ''}`,
  );
  return r;
}

/** A SQL array literal of text values, for the name lists below (constants, not user input). */
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(',')}]`;

// --- Lists (Tenerife, Spanish and foreign customers) -------------------------------------------

/** Countries of customers, their weight, language and phone prefix; 10 first names and 10 surnames each. */
const COUNTRIES: { code: string; lang: string; phone: string; weight: number; first: string[]; last: string[] }[] = [
  {
    code: 'ES',
    lang: 'es',
    phone: '+34 6',
    weight: 0.46,
    first: ['Lucía', 'María', 'Carmen', 'Ana', 'Laura', 'Javier', 'José', 'Antonio', 'Manuel', 'Sergio'],
    last: [
      'García',
      'Rodríguez',
      'González',
      'Fernández',
      'López',
      'Martínez',
      'Sánchez',
      'Pérez',
      'Hernández',
      'Díaz',
    ],
  },
  {
    code: 'GB',
    lang: 'en',
    phone: '+44 7',
    weight: 0.17,
    first: ['Oliver', 'George', 'Harry', 'Jack', 'Emily', 'Olivia', 'Amelia', 'Sophie', 'James', 'Charlotte'],
    last: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Evans', 'Thomas'],
  },
  {
    code: 'DE',
    lang: 'de',
    phone: '+49 15',
    weight: 0.12,
    first: ['Lukas', 'Leon', 'Jonas', 'Felix', 'Anna', 'Lena', 'Hannah', 'Mia', 'Jürgen', 'Sabine'],
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Hoffmann', 'Schäfer'],
  },
  {
    code: 'FR',
    lang: 'fr',
    phone: '+33 6',
    weight: 0.07,
    first: ['Lucas', 'Hugo', 'Louis', 'Chloé', 'Léa', 'Manon', 'Camille', 'Théo', 'Inès', 'Élodie'],
    last: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau'],
  },
  {
    code: 'IT',
    lang: 'it',
    phone: '+39 3',
    weight: 0.06,
    first: ['Giulia', 'Francesco', 'Alessandro', 'Sofia', 'Lorenzo', 'Aurora', 'Matteo', 'Chiara', 'Marco', 'Giorgia'],
    last: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco'],
  },
  {
    code: 'NL',
    lang: 'nl',
    phone: '+31 6',
    weight: 0.05,
    first: ['Daan', 'Sem', 'Lieke', 'Sanne', 'Bram', 'Femke', 'Thijs', 'Anouk', 'Ruben', 'Noor'],
    last: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder'],
  },
  {
    code: 'SE',
    lang: 'sv',
    phone: '+46 7',
    weight: 0.04,
    first: ['Erik', 'Lars', 'Karin', 'Ingrid', 'Anders', 'Astrid', 'Nils', 'Maja', 'Oskar', 'Elsa'],
    last: [
      'Andersson',
      'Johansson',
      'Karlsson',
      'Nilsson',
      'Eriksson',
      'Larsson',
      'Olsson',
      'Persson',
      'Svensson',
      'Lindberg',
    ],
  },
  {
    code: 'US',
    lang: 'en',
    phone: '+1 305',
    weight: 0.03,
    first: ['Michael', 'Jennifer', 'David', 'Ashley', 'Chris', 'Jessica', 'Matthew', 'Sarah', 'Daniel', 'Emily'],
    last: ['Miller', 'Davis', 'Garcia', 'Moore', 'Anderson', 'Jackson', 'White', 'Harris', 'Clark', 'Lewis'],
  },
];
/** 32 symbols without 0/O/1/I: 6 of them give 2^30 locators, enough for a bijective permutation. */
const LOCATOR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const EMAIL_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'yahoo.com',
  'outlook.com',
  'icloud.com',
  'gmx.de',
  'orange.fr',
  'telefonica.net',
];

const ZONES: { name: string; lat: number; lng: number }[] = [
  { name: 'Costa Adeje', lat: 28.0885, lng: -16.7327 },
  { name: 'Playa de las Américas', lat: 28.0588, lng: -16.7296 },
  { name: 'Los Cristianos', lat: 28.0508, lng: -16.7163 },
  { name: 'Puerto de la Cruz', lat: 28.4142, lng: -16.5483 },
  { name: 'Santa Cruz de Tenerife', lat: 28.4636, lng: -16.2518 },
  { name: 'Los Gigantes', lat: 28.2437, lng: -16.8412 },
  { name: 'El Médano', lat: 28.0461, lng: -16.5369 },
  { name: 'Golf del Sur', lat: 28.0263, lng: -16.6125 },
  { name: 'Callao Salvaje', lat: 28.1277, lng: -16.7823 },
  { name: 'La Orotava', lat: 28.3905, lng: -16.5233 },
];
const HOTEL_PREFIX = ['Hotel', 'Gran Hotel', 'Apartamentos', 'Hotel', 'Aparthotel', 'Hotel', 'Suites', 'Resort'];
const HOTEL_NAMES = [
  'Bahía del Duque',
  'Jardines de Nivaria',
  'Roca Nivaria',
  'Playa Paraíso',
  'Las Águilas',
  'Vulcano',
  'Tigaiga',
  'Botánico',
  'Marquesa',
  'Sol Arona',
  'Olympia',
  'Atlantis',
  'Guayarmina',
  'Abama',
  'Gala',
  'Fañabé',
  'Bitácora',
  'Conquistador',
  'Europe Villa Cortés',
  'Mar y Sol',
  'Teide Mar',
  'Colón Guanahaní',
  'Paradise Park',
  'Bouganville',
  'Compostela Beach',
  'Parque Santiago',
  'Laguna Park',
  'Vista Mar',
  'Los Alisios',
  'Tenerife Sur',
];

const PRODUCT_KINDS = [
  'Subida al Teide',
  'Excursión a Masca',
  'Avistamiento de cetáceos',
  'Vuelta a la isla',
  'Loro Parque con traslado',
  'Siam Park con traslado',
  'Ruta en kayak',
  'Senderismo en Anaga',
  'Cata de vinos',
  'Teide de noche',
  'Paseo en catamarán',
  'Excursión a La Gomera',
  'Buceo de iniciación',
  'Parapente en Adeje',
  'Ruta en quad',
  'Tour gastronómico',
  'Garachico e Icod',
  'La Laguna histórica',
  'Barranco del Infierno',
  'Observación de estrellas',
];
const PRODUCT_FLAVOURS = ['clásica', 'privada', 'exprés', 'premium', 'familiar'];

/** Start-time sets per number of departures a day. */
const TIME_SETS = [
  ['08:00'],
  ['08:30'],
  ['09:00'],
  ['09:30'],
  ['10:00'],
  ['09:00', '15:00'],
  ['08:30', '14:30'],
  ['10:00', '16:00'],
  ['09:30', '17:00'],
  ['09:00', '12:00', '16:00'],
  ['08:00', '11:30', '15:30'],
  ['10:00', '13:00', '17:30'],
];
const WEEKDAY_SETS = ['{1,2,3,4,5,6,7}', '{1,2,3,4,5,6,7}', '{1,2,3,4,5,6}', '{1,2,3,4,5}', '{2,4,6,7}', '{1,3,5,6,7}'];

// ------------------------------------------------------------------------------------------------

async function recreateDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_DB_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${BENCH_DB_NAME} with (force)`);
    await admin.query(`create database ${BENCH_DB_NAME}`);
  } finally {
    await admin.end();
  }
}

async function migrate() {
  const database = await openDatabase({ kind: 'postgres', url: BENCH_DB_URL, poolSize: 2 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

type Ddl = { drop: string; create: string; kind: string };

/**
 * The bookings table's keys, indexes and foreign keys (and the foreign keys pointing at it), read
 * from the catalogue so they can be dropped for the bulk load and rebuilt exactly as migrated.
 */
async function bookingsDdl(c: pg.Client): Promise<Ddl[]> {
  const cons = await c.query<{ tbl: string; name: string; def: string; contype: string }>(`
    select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def, contype
    from pg_constraint
    where (conrelid = 'bookings'::regclass and contype in ('p', 'u', 'f'))
       or (confrelid = 'bookings'::regclass and contype = 'f' and conrelid <> 'bookings'::regclass)`);
  const idx = await c.query<{ name: string; def: string }>(`
    select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def
    from pg_index
    where indrelid = 'bookings'::regclass
      and indexrelid not in (select conindid from pg_constraint where conrelid = 'bookings'::regclass)`);
  const out: Ddl[] = [];
  const q = (s: string) => `"${s}"`;
  // Creation order: primary key and unique keys, plain indexes, FKs of bookings, FKs to bookings.
  for (const k of cons.rows.filter((r) => r.contype === 'p' || r.contype === 'u')) {
    out.push({ kind: 'key', drop: '', create: `alter table bookings add constraint ${q(k.name)} ${k.def}` });
  }
  for (const i of idx.rows) out.push({ kind: 'index', drop: `drop index ${q(i.name)}`, create: i.def });
  for (const f of cons.rows.filter((r) => r.contype === 'f' && r.tbl === 'bookings')) {
    out.push({ kind: 'fk', drop: '', create: `alter table bookings add constraint ${q(f.name)} ${f.def}` });
  }
  for (const f of cons.rows.filter((r) => r.contype === 'f' && r.tbl !== 'bookings')) {
    out.push({ kind: 'fk-in', drop: '', create: `alter table ${f.tbl} add constraint ${q(f.name)} ${f.def}` });
  }
  // Drop statements (reverse dependency order) are derived from the names.
  const dropCons = [
    ...cons.rows.filter((r) => r.contype === 'f' && r.tbl !== 'bookings'),
    ...cons.rows.filter((r) => r.contype === 'f' && r.tbl === 'bookings'),
    ...cons.rows.filter((r) => r.contype === 'u'),
    ...cons.rows.filter((r) => r.contype === 'p'),
  ];
  return [
    ...dropCons.map((r) => ({ kind: 'drop', drop: `alter table ${r.tbl} drop constraint ${q(r.name)}`, create: '' })),
    ...out,
  ];
}

/** A fingerprint of the bookings keys/indexes, to prove the rebuild restored them exactly. */
async function ddlFingerprint(c: pg.Client): Promise<string> {
  const r = await c.query<{ s: string }>(`
    select string_agg(x, E'\n' order by x) as s from (
      select conname || ' ' || pg_get_constraintdef(oid) as x from pg_constraint
       where conrelid = 'bookings'::regclass or confrelid = 'bookings'::regclass
      union all
      select pg_get_indexdef(indexrelid) from pg_index where indrelid = 'bookings'::regclass) t`);
  return r.rows[0].s;
}

async function main() {
  console.log(`Generando ${BENCH_DB_NAME} con ${N.toLocaleString('es-ES')} reservas…`);
  await step('drop + create database', recreateDatabase);
  await step('migraciones (openDatabase + migrate)', migrate);

  const c = new pg.Client({ connectionString: BENCH_DB_URL, application_name: 'trayecto-bench-generate' });
  await c.connect();
  try {
    // Session settings for a bulk load only; the server's configuration is not touched.
    await c.query(`set work_mem = '512MB'`);
    await c.query(`set maintenance_work_mem = '1GB'`);
    await c.query('set synchronous_commit = off');
    // Serial plans keep setseed() deterministic (same data set for the same size).
    await c.query('set max_parallel_workers_per_gather = 0');
    await c.query('select setseed(0.2026)');

    const passwordHash = await hashPassword(BENCH_PASSWORD);

    await step(
      'tour operators, usuarios',
      async () => {
        await c.query(
          `insert into tour_operators (name, legal_name, tax_id, email, phone, address, website, brand_color,
             timezone, currency, default_commission_pct, booking_terms)
           values ($1, 'Teide Aventura S.L.', 'B38123456', 'info@teide-aventura.test', '+34 922 000 101',
                   'Avenida de Bruselas 12, Costa Adeje', 'https://teide-aventura.test', '#1c7ed6', $2, 'EUR', 10,
                   'Cancelación gratuita hasta 24 horas antes.'),
                  ('Atlántico Sur', 'Atlántico Sur Excursiones S.L.', 'B38654321', 'hola@atlantico-sur.test',
                   '+34 922 000 202', 'Puerto Colón, Costa Adeje', 'https://atlantico-sur.test', '#0ca678', $2, 'EUR',
                   12, 'Cancelación gratuita hasta 48 horas antes.')`,
          [BENCH_OPERATOR_NAME, BENCH_TIMEZONE],
        );
        await c.query(
          `create temp table ops as
          select id, row_number() over (order by created_at, name desc) as ord,
                 case when name = $1 then 'teide-aventura' else 'atlantico-sur' end as slug
          from tour_operators`,
          [BENCH_OPERATOR_NAME],
        );
        // Staff per operator: 3 admins (level 1), 20 sellers, 5 operations, 15 drivers, 15 guides.
        const first = COUNTRIES[0].first;
        const last = COUNTRIES[0].last;
        const r = await c.query(
          `insert into users (tour_operator_id, full_name, email, phone, level, state, commission_pct, password_hash,
                              created_at)
           select o.id,
                  (${arr(first)})[1 + (g * 7 + o.ord::int) % 10] || ' ' || (${arr(last)})[1 + (g * 3) % 10] || ' ' ||
                    (${arr(last)})[1 + (g * 11 + 5) % 10],
                  format('%s.%s@%s.test', lv.role, g, o.slug),
                  format('+34 6%s', lpad((floor(random() * 1e8))::bigint::text, 8, '0')),
                  lv.level, case when g % 17 = 0 then 2 else 1 end,
                  case when lv.level = 2 then 8 + (g % 8) end,
                  $1, now() - interval '2 years'
           from ops o
           cross join (values (1, 'admin', 3), (2, 'vendedor', 20), (3, 'operaciones', 5), (4, 'chofer', 15),
                              (5, 'guia', 15)) as lv(level, role, n)
           cross join lateral generate_series(1, lv.n) g`,
          [passwordHash],
        );
        await c.query(
          `insert into users (tour_operator_id, full_name, email, level, state, password_hash)
           select id, 'Benchmark Admin', $1, 1, 1, $2 from ops where ord = 1`,
          [BENCH_USER_EMAIL, passwordHash],
        );
        await c.query(
          `insert into users (tour_operator_id, full_name, email, level, state, password_hash)
           values (null, 'Administrador bench', 'bench.root@trayecto.test', 0, 1, $1)`,
          [passwordHash],
        );
        return (r.rowCount ?? 0) + 2;
      },
      (n) => n,
    );

    await step(
      'alojamientos',
      async () => {
        // 100 shared (administrator's catalogue) + 100 per operator.
        const zones = `(${arr(ZONES.map((z) => z.name))})`;
        const lats = `(array[${ZONES.map((z) => z.lat).join(',')}])`;
        const lngs = `(array[${ZONES.map((z) => z.lng).join(',')}])`;
        const r = await c.query(`
          insert into accommodations (tour_operator_id, name, type, address, zone, lat_lng, phone, pickup_point)
          select owner.id,
                 (${arr(HOTEL_PREFIX)})[1 + (g + owner.k) % ${HOTEL_PREFIX.length}] || ' ' ||
                   (${arr(HOTEL_NAMES)})[1 + (g * 7 + owner.k * 3) % ${HOTEL_NAMES.length}] ||
                   case when g > ${HOTEL_NAMES.length} then ' ' || (g / ${HOTEL_NAMES.length} + 1)::text else '' end,
                 case when g % 9 = 0 then 'apartment' when g % 23 = 0 then 'meeting_point' else 'hotel' end,
                 format('Calle %s, %s', g, ${zones}[1 + g % ${ZONES.length}]),
                 ${zones}[1 + g % ${ZONES.length}],
                 format('%s,%s', round((${lats}[1 + g % ${ZONES.length}] + (random() - 0.5) * 0.02)::numeric, 5),
                                 round((${lngs}[1 + g % ${ZONES.length}] + (random() - 0.5) * 0.02)::numeric, 5)),
                 format('+34 922 %s', lpad((floor(random() * 1e6))::int::text, 6, '0')),
                 (array['Puerta principal', 'Parada de guaguas frente al hotel', 'Recepción', 'Rotonda de entrada'])[1 + g % 4]
          from (select null::uuid as id, 0 as k union all select id, ord::int from ops) owner
          cross join generate_series(1, 100) g`);
        return r.rowCount ?? 0;
      },
      (n) => n,
    );

    await step(
      'productos (100 por operador) y recogidas',
      async () => {
        // Per-product generation parameters.
        await c.query(`
          create temp table gp as
          select o.id as op_id, o.ord, g as n,
                 20 + floor(random() * 41)::int as capacity,
                 (2000 + floor(random() * 71) * 100)::int as adult_cents,
                 floor(random() * ${TIME_SETS.length})::int as time_set,
                 (${arr(WEEKDAY_SETS)})[1 + floor(random() * ${WEEKDAY_SETS.length})::int]::int[] as weekdays,
                 random() < 0.3 as has_senior,
                 random() < 0.8 as pickup_enabled
          from ops o cross join generate_series(1, 100) g`);
        await c.query(`alter table gp add column times text[]`);
        const timeSets = `(array[${TIME_SETS.map((t) => `${arr(t)}::text`).join(',')}])`;
        await c.query(`update gp set times = (${timeSets}[1 + time_set])::text[]`);
        const r = await c.query(`
          insert into products (tour_operator_id, code, name, short_description, description, duration_minutes,
            languages, meeting_point, meeting_lat_lng, pickup_enabled, includes, excludes, capacity, min_pax,
            booking_cutoff_hours, free_cancellation_hours, instant_confirmation, state, prices, seasons,
            availability_rules, closed_dates, created_at)
          select gp.op_id,
                 format('%s-%s', case gp.ord when 1 then 'TA' else 'AS' end, lpad(gp.n::text, 3, '0')),
                 (${arr(PRODUCT_KINDS)})[1 + gp.n % ${PRODUCT_KINDS.length}] || ' ' ||
                   (${arr(PRODUCT_FLAVOURS)})[1 + (gp.n / ${PRODUCT_KINDS.length}) % ${PRODUCT_FLAVOURS.length}],
                 'Una de las excursiones más reservadas de Tenerife, con guía local.',
                 '<p>Salida desde el sur de la isla con <strong>guía oficial</strong>. Incluye paradas para fotos.</p>',
                 (array[120, 180, 240, 360, 480])[1 + gp.n % 5],
                 (array['{es,en}', '{es,en,de}', '{es,en,fr}'])[1 + gp.n % 3]::text[],
                 'Oficina de Puerto Colón, Costa Adeje', '28.0786,-16.7370',
                 gp.pickup_enabled,
                 array['Guía oficial', 'Seguro de viaje'], array['Comida y bebidas'],
                 gp.capacity, 1, 12, 24, gp.n % 10 <> 0, 'active',
                 jsonb_build_array(
                   jsonb_build_object('pax_type', 'adult', 'amount_cents', gp.adult_cents, 'min_age', 12,
                                      'max_age', null, 'occupies_seat', true),
                   jsonb_build_object('pax_type', 'child', 'amount_cents', (gp.adult_cents * 0.55)::int, 'min_age', 3,
                                      'max_age', 11, 'occupies_seat', true),
                   jsonb_build_object('pax_type', 'infant', 'amount_cents', 0, 'min_age', null, 'max_age', 2,
                                      'occupies_seat', false))
                 || case when gp.has_senior then jsonb_build_array(
                   jsonb_build_object('pax_type', 'senior', 'amount_cents', (gp.adult_cents * 0.85)::int,
                                      'min_age', 65, 'max_age', null, 'occupies_seat', true))
                    else '[]'::jsonb end,
                 '[]'::jsonb,
                 jsonb_build_array(jsonb_build_object('weekdays', to_jsonb(gp.weekdays), 'times', to_jsonb(gp.times),
                   'valid_from', to_char(current_date - 366, 'YYYY-MM-DD'), 'valid_to', null)),
                 (select array_agg(make_date(y, m, d) order by y, m, d)
                    from generate_series(extract(year from current_date)::int - 1,
                                         extract(year from current_date)::int + 1) y,
                         (values (1, 1), (12, 25)) md(m, d)),
                 now() - interval '2 years'
          from gp`);
        await c.query(`alter table gp add column id uuid`);
        await c.query(`update gp set id = p.id from products p
                       where p.code = format('%s-%s', case gp.ord when 1 then 'TA' else 'AS' end, lpad(gp.n::text, 3, '0'))`);
        // Pickups: 8 accommodations (own or shared) per product that collects at hotels.
        await c.query(`
          insert into product_pickups (tour_operator_id, product_id, accommodation_id, minutes_before, position)
          select gp.op_id, gp.id, a.id, 90 - a.rn * 7, a.rn
          from gp
          cross join lateral (
            select id, (row_number() over (order by md5(id::text || gp.n)))::int as rn
            from accommodations where tour_operator_id = gp.op_id or tour_operator_id is null
            order by md5(id::text || gp.n) limit 8) a
          where gp.pickup_enabled`);
        return r.rowCount ?? 0;
      },
      (n) => n,
    );

    const departuresCount = await step(
      'salidas (año pasado + año próximo)',
      async () => {
        const r = await c.query(`
          insert into departures (tour_operator_id, product_id, date, time, capacity, seats_taken, created_at, updated_at)
          select gp.op_id, gp.id, d::date, t, gp.capacity, 0,
                 least(d - interval '60 days', now()), least(d - interval '60 days', now())
          from gp
          cross join generate_series(current_date - 365, current_date + 365, interval '1 day') d
          cross join unnest(gp.times) t
          where extract(isodow from d)::int = any (gp.weekdays)
            and to_char(d, 'MM-DD') not in ('01-01', '12-25')`);
        return r.rowCount ?? 0;
      },
      (n) => n,
    );

    await step(
      'cupo de reservas por salida (pesos)',
      async () => {
        // Weight: capacity × season × weekend × booking horizon (future departures fill up as the day
        // nears) × noise. Quotas by the cumulative-floor method sum to exactly N.
        await c.query(`
          create temp table dq as
          with w as (
            select d.id, d.tour_operator_id, d.product_id, d.date, d.time, d.capacity,
                   d.capacity
                   * case when extract(month from d.date) in (7, 8) then 1.4
                          when extract(month from d.date) in (11, 12, 1, 2, 3) then 1.2 else 0.9 end
                   * case when extract(isodow from d.date) in (6, 7) then 1.15 else 1 end
                   * case when d.date <= current_date then 1 else exp(-(d.date - current_date) / 40.0) end
                   * (0.4 + random() * 1.2)::numeric as w
            from departures d
          ), c as (
            select *, sum(w) over (order by id) as cum from w
          ), t as (
            select *, lag(cum, 1, 0::numeric) over (order by id) as prev, max(cum) over () as total from c
          )
          select id, tour_operator_id, product_id, date, time, capacity,
                 (floor(cum * ${N} / total) - floor(prev * ${N} / total))::int as quota
          from t`);
        const r = await c.query<{ n: string }>('select sum(quota)::bigint as n from dq');
        return Number(r.rows[0].n);
      },
      (n) => n,
    );

    // Lookup arrays: sellers and office staff per operator, accommodations visible to each operator.
    await c.query(`
      create temp table staff as
      select o.id as op_id,
             (select array_agg(u.id order by u.email) from users u where u.tour_operator_id = o.id and u.level = 2) as sellers,
             (select array_agg(u.commission_pct order by u.email) from users u where u.tour_operator_id = o.id and u.level = 2) as pcts,
             (select array_agg(u.id order by u.email) from users u where u.tour_operator_id = o.id and u.level in (1, 3)) as office,
             (select array_agg(a.id order by a.id) from accommodations a where a.tour_operator_id = o.id or a.tour_operator_id is null) as accs
      from ops o`);

    const ddl = await bookingsDdl(c);
    const fingerprint = await ddlFingerprint(c);
    await step('quitar índices y FKs de bookings para la carga', async () => {
      for (const d of ddl.filter((x) => x.drop)) await c.query(d.drop);
      // The report totals (ADR 026) are computed once after the load, not a delta per row.
      await c.query('alter table bookings disable trigger user');
    });

    const cw = COUNTRIES.map((x) => x.weight);
    const cumW = cw.map((_, i) => cw.slice(0, i + 1).reduce((a, b) => a + b, 0));
    const countryCase = `case ${cumW
      .slice(0, -1)
      .map((w, i) => `when r_country < ${w.toFixed(4)} then ${i + 1}`)
      .join(' ')} else ${COUNTRIES.length} end`;
    const firstNames = `array[${COUNTRIES.map((x) => arr(x.first)).join(',')}]`;
    const lastNames = `array[${COUNTRIES.map((x) => arr(x.last)).join(',')}]`;

    await step(
      `reservas (${N.toLocaleString('es-ES')}, en orden de created_at)`,
      async () => {
        // b0: one row per booking with its random draws; b1: derived fields; b2: capacity guard (a
        // booking that would overfill its departure becomes a cancelled one). Inserted in created_at
        // order, with locators from a bijective permutation of the sequence number (unique).
        const r = await c.query(`
          insert into bookings (tour_operator_id, locator, product_id, departure_id, date, time, lines, pax_total, seats,
            subtotal_cents, discount_cents, discount_reason, total_cents, paid_cents, refunded_cents, currency,
            customer_name, customer_email, customer_phone, customer_country, language, accommodation_id, room,
            pickup_time, notes, channel, seller_id, commission_pct, commission_cents, created_by, state,
            payment_state, checked_in_at, cancel_reason, cancelled_at, confirmed_at, version, created_at, updated_at)
          with b0 as (
            select dq.*, gp.adult_cents, gp.has_senior, gp.pickup_enabled,
                   (dq.date + dq."time"::time) at time zone '${BENCH_TIMEZONE}' as dep_ts,
                   random() as r_pax, random() as r_child, random() as r_inf, random() as r_sen, random() as r_state,
                   random() as r_pay, random() as r_chan, random() as r_country, random() as r_name,
                   random() as r_last, random() as r_last2, random() as r_acc, random() as r_lead, random() as r_disc,
                   random() as r_misc, random() as r_x, random() as r_y, random() as r_z, g
            from dq
            join gp on gp.id = dq.product_id
            cross join lateral generate_series(1, dq.quota) g
          ), b1 as (
            select b0.*,
                   case when r_pax < 0.18 then 1 when r_pax < 0.72 then 2 when r_pax < 0.86 then 3 else 4 end
                     - case when has_senior and r_sen < 0.15 then 1 else 0 end as adults,
                   case when r_pax >= 0.72 and r_child < 0.55 then 1 + (r_child < 0.2)::int else 0 end as children,
                   (r_inf < 0.05)::int as infants,
                   case when has_senior and r_sen < 0.15 then 1 else 0 end as seniors,
                   ${countryCase} as ci,
                   case when date < current_date then
                          case when r_state < 0.08 then 'cancelled' when r_state < 0.11 then 'no_show' else 'completed' end
                        else
                          case when r_state < 0.07 then 'cancelled' when r_state < 0.11 then 'pending' else 'confirmed' end
                   end as state0,
                   case when r_chan < 0.40 then 'public' when r_chan < 0.75 then 'seller' else 'office' end as channel,
                   least(180, floor(-ln(1 - r_lead * 0.999) * 18))::int as lead_days
            from b0
          ), b2 as (
            select b1.*,
                   adults + children + seniors as seats,
                   adults + children + infants + seniors as pax,
                   adults * adult_cents + children * (adult_cents * 0.55)::int + seniors * (adult_cents * 0.85)::int
                     as subtotal,
                   sum(case when state0 <> 'cancelled' then adults + children + seniors else 0 end)
                     over (partition by id order by g) as running
            from b1
          ), b3 as (
            select b2.*,
                   case when state0 <> 'cancelled' and running > capacity then 'cancelled' else state0 end as state,
                   case when r_disc < 0.05 then (subtotal * 0.10)::int else 0 end as discount,
                   least(dep_ts - make_interval(days => lead_days, mins => (r_misc * 600)::int),
                         now() - make_interval(mins => (r_x * 43200)::int)) as created
            from b2
          ), b4 as (
            select b3.*, subtotal - discount as total,
                   case when state = 'cancelled' then case when r_pay < 0.5 then 'refunded' else 'pending' end
                        when state in ('completed', 'no_show') then case when r_pay < 0.95 then 'paid' else 'partial' end
                        else case when r_pay < 0.70 then 'paid' when r_pay < 0.82 then 'partial' else 'pending' end
                   end as payment_state,
                   (${firstNames})[ci][1 + floor(r_name * 10)::int] as first_name,
                   (${lastNames})[ci][1 + floor(r_last * 10)::int] as last_name,
                   (${lastNames})[ci][1 + floor(r_last2 * 10)::int] as last_name2,
                   s.sellers, s.pcts, s.office, s.accs,
                   1 + floor(r_y * array_length(s.sellers, 1))::int as si
            from b3 join staff s on s.op_id = b3.tour_operator_id
          )
          select tour_operator_id,
                 'TRY-' || ${[25, 20, 15, 10, 5, 0].map((b) => `substr('${LOCATOR_ALPHABET}', ((x >> ${b}) & 31)::int + 1, 1)`).join(' || ')},
                 product_id, id, date, time,
                 case when adults > 0 then jsonb_build_array(jsonb_build_object('pax_type', 'adult', 'quantity', adults,
                   'unit_cents', adult_cents, 'total_cents', adults * adult_cents, 'occupies_seat', true)) else '[]' end
                   || case when children > 0 then jsonb_build_array(jsonb_build_object('pax_type', 'child',
                        'quantity', children, 'unit_cents', (adult_cents * 0.55)::int,
                        'total_cents', children * (adult_cents * 0.55)::int, 'occupies_seat', true)) else '[]' end
                   || case when infants > 0 then jsonb_build_array(jsonb_build_object('pax_type', 'infant',
                        'quantity', infants, 'unit_cents', 0, 'total_cents', 0, 'occupies_seat', false)) else '[]' end
                   || case when seniors > 0 then jsonb_build_array(jsonb_build_object('pax_type', 'senior',
                        'quantity', seniors, 'unit_cents', (adult_cents * 0.85)::int,
                        'total_cents', seniors * (adult_cents * 0.85)::int, 'occupies_seat', true)) else '[]' end,
                 pax, seats, subtotal, discount, case when discount > 0 then 'Cliente habitual' else '' end, total,
                 case payment_state when 'paid' then total when 'refunded' then total
                                    when 'partial' then (total * 0.3)::int else 0 end,
                 case when payment_state = 'refunded' then total else 0 end,
                 'EUR',
                 first_name || ' ' || last_name || case when ci = 1 then ' ' || last_name2 else '' end,
                 case when r_misc < 0.93 then
                   translate(lower(first_name || '.' || replace(last_name, ' ', '')), 'áéíóúñüäöçèëï', 'aeiounuaoceei')
                   || (floor(r_lead * 1e6)::int % 100)::text || '@' || (${arr(EMAIL_DOMAINS)})[1 + floor(r_last2 * ${EMAIL_DOMAINS.length})::int]
                 else '' end,
                 (${arr(COUNTRIES.map((x) => x.phone))})[ci] || lpad((floor(r_lead * 1e8))::bigint::text, 8, '0'),
                 (${arr(COUNTRIES.map((x) => x.code))})[ci],
                 (${arr(COUNTRIES.map((x) => x.lang))})[ci],
                 case when pickup_enabled and r_acc < 0.7 then accs[1 + floor(r_acc / 0.7 * array_length(accs, 1))::int] end,
                 case when pickup_enabled and r_acc < 0.7 then (100 + floor(r_z * 800))::text else '' end,
                 case when pickup_enabled and r_acc < 0.7 then to_char("time"::time - interval '45 minutes', 'HH24:MI') end,
                 case when r_disc > 0.97 then 'Viaja con carrito de bebé' else '' end,
                 channel,
                 case when channel = 'seller' then sellers[si] end,
                 case when channel = 'seller' then pcts[si] end,
                 case when channel = 'seller' then (total * pcts[si] / 100)::int else 0 end,
                 case channel when 'seller' then sellers[si]
                              when 'office' then office[1 + floor(r_z * array_length(office, 1))::int] end,
                 state, payment_state,
                 case when state = 'completed' then dep_ts - interval '40 minutes' end,
                 case when state = 'cancelled' then 'Cancelada por el cliente' else '' end,
                 case when state = 'cancelled' then least(now(), created + (dep_ts - created) * r_x) end,
                 case when state in ('confirmed', 'completed', 'no_show') then created end,
                 1 + (state <> 'confirmed')::int,
                 created,
                 case when state = 'cancelled' then least(now(), created + (dep_ts - created) * r_x)
                      when state in ('completed', 'no_show') then dep_ts + interval '8 hours'
                      else created end
          from (select b4.*, (row_number() over (order by created) * 387420489 + 91125)
                               % 1073741824 as x from b4) b
          order by b.created`);
        return r.rowCount ?? 0;
      },
      (n) => n,
    );

    await step(
      'seats_taken de las salidas (suma de plazas no canceladas)',
      async () => {
        const r = await c.query(`
          update departures d set seats_taken = s.seats, updated_at = s.last
          from (select departure_id, sum(seats)::int as seats, max(created_at) as last
                from bookings where state <> 'cancelled' group by departure_id) s
          where s.departure_id = d.id`);
        return r.rowCount ?? 0;
      },
      (n) => n,
    );

    await step(
      'cobros (uno por reserva cobrada)',
      async () => {
        const r = await c.query(`
          insert into payments (tour_operator_id, booking_id, kind, amount_cents, method, paid_at, recorded_by, created_at)
          select tour_operator_id, id, 'payment', paid_cents,
                 (array['card', 'online', 'cash', 'transfer'])[1 + (hashtext(locator) & 3)],
                 created_at, created_by, created_at
          from bookings where paid_cents > 0`);
        return r.rowCount ?? 0;
      },
      (n) => n,
    );

    // Schedule sheets, their resources, check-ins and the audit log (bench/generate-operations.ts),
    // loaded while the bookings keys are still dropped (the check-ins' FK is validated at the rebuild).
    await generateOperations(c, step, passwordHash);
    // Channels and their sales, the bookings' history, the outbox, jobs and payment links
    // (bench/generate-activity.ts): what the later waves' screens read.
    await generateActivity(c, step);

    await step('recrear claves, índices y FKs de bookings', async () => {
      for (const d of ddl.filter((x) => x.create)) await c.query(d.create);
    });
    const after = await ddlFingerprint(c);
    if (after !== fingerprint) {
      throw new Error(
        `Los índices/restricciones de bookings no coinciden con los migrados:\n${fingerprint}\n---\n${after}`,
      );
    }

    await step('acumulados de los informes (booking_totals_rebuild)', async () => {
      await c.query('alter table bookings enable trigger user');
      await c.query('select booking_totals_rebuild(null)');
    });
    // What migration 0025's trigger keeps from here on (it was off during the load): each
    // departure's seat-holding bookings and passengers, counted once as the migration does.
    await step('reservas y pasajeros de cada salida (migración 0025)', async () => {
      await c.query(`
        update departures d set bookings_count = coalesce(c.n, 0), pax_count = coalesce(c.pax, 0)
        from departures d0
        left join (select departure_id, count(*)::int as n, sum(pax_total)::int as pax
                   from bookings where state <> 'cancelled' group by departure_id) c on c.departure_id = d0.id
        where d.id = d0.id and (d.bookings_count, d.pax_count) is distinct from (coalesce(c.n, 0), coalesce(c.pax, 0))`);
    });

    // Refunds, cash handovers, commission statements and invoices (bench/generate-money.ts): what
    // «Caja», «Comisiones» and «Facturas» read, after a year of use (issue 35, ADR 037).
    await generateMoney(c, step);

    await step('VACUUM ANALYZE', async () => {
      await c.query('vacuum (analyze) booking_totals');
      await c.query('vacuum (analyze) bookings');
      await c.query('vacuum (analyze) departures');
      await c.query('vacuum (analyze) payments');
      await c.query('analyze');
    });
    // The generator writes ~13 GB of WAL: without a checkpoint here PostgreSQL is still writing it
    // out when the first benchmark starts (backends waiting on WALSync, p99 in seconds: the ninth
    // pass's first two pairs). Needs a superuser or pg_checkpoint; skipped with a note otherwise.
    await step('CHECKPOINT', async () => {
      await c.query('checkpoint').catch((err) => console.log(`  (sin CHECKPOINT: ${(err as Error).message})`));
    });

    // Checks: the departures invariant and the locators.
    const chk = await c.query<{ bad: string; over: string; counts: string; dup: string }>(`
      select
        (select count(*) from departures d
          where d.seats_taken <> coalesce((select sum(seats) from bookings b
                                           where b.departure_id = d.id and b.state <> 'cancelled'), 0)) as bad,
        (select count(*) from departures where seats_taken > capacity) as over,
        (select count(*) from (${DEPARTURE_COUNTS_DRIFT_SQL}) x) as counts,
        (select count(*) - count(distinct locator) from bookings) as dup`);
    const { bad, over, counts, dup } = chk.rows[0];
    if (Number(bad) || Number(over) || Number(counts) || Number(dup)) {
      throw new Error(
        `Datos incoherentes: ${bad} salidas con seats_taken mal, ${over} sobre capacidad, ${counts} con reservas o pasajeros mal, ${dup} localizadores repetidos`,
      );
    }

    const stats = await c.query<Record<string, string>>(`
      select
        (select count(*) from bookings) as bookings,
        (select count(*) from departures) as departures,
        (select count(*) from departures where seats_taken > 0) as departures_sold,
        (select round(avg(seats_taken::numeric / capacity) * 100, 1) from departures where date < current_date) as past_occupancy_pct,
        (select count(*) from departures where seats_taken = capacity) as full_departures,
        (select count(*) from products) as products,
        (select count(*) from users) as users,
        (select count(*) from accommodations) as accommodations,
        (select count(*) from payments) as payments,
        (select count(*) from vehicles) as vehicles,
        (select count(*) from persons) as persons,
        (select count(*) from schedule_sheets) as schedule_sheets,
        (select count(*) from check_ins) as check_ins,
        (select count(*) from audit_log) as audit_log,
        pg_size_pretty(pg_total_relation_size('audit_log')) as audit_log_size,
        pg_size_pretty(pg_total_relation_size('bookings')) as bookings_size,
        pg_size_pretty(pg_relation_size('bookings')) as bookings_heap,
        pg_size_pretty(pg_database_size(current_database())) as db_size`);
    const states = await c.query<{ state: string; n: string; pct: string }>(`
      select state, count(*) as n, round(count(*) * 100.0 / sum(count(*)) over (), 1) as pct
      from bookings group by state order by count(*) desc`);
    const pays = await c.query<{ payment_state: string; pct: string }>(`
      select payment_state, round(count(*) * 100.0 / sum(count(*)) over (), 1) as pct
      from bookings group by 1 order by count(*) desc`);
    const chans = await c.query<{ channel: string; pct: string }>(`
      select channel, round(count(*) * 100.0 / sum(count(*)) over (), 1) as pct
      from bookings group by 1 order by count(*) desc`);

    console.log(`\nListo en ${fmtMs(performance.now() - t0)} (${departuresCount.toLocaleString('es-ES')} salidas).`);
    console.log(stats.rows[0]);
    console.log('estados:', states.rows.map((s) => `${s.state} ${s.pct}%`).join(', '));
    console.log('cobro:', pays.rows.map((s) => `${s.payment_state} ${s.pct}%`).join(', '));
    console.log('canal:', chans.rows.map((s) => `${s.channel} ${s.pct}%`).join(', '));
    console.log(`Usuario del benchmark: ${BENCH_USER_EMAIL} / ${BENCH_PASSWORD} (nivel 1, ${BENCH_OPERATOR_NAME})`);
  } finally {
    await c.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
