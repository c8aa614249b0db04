/**
 * The columns of every CSV export, cell by cell (issue 13: the files moved from the browser to the
 * server; these are the browser's expectations, unchanged, so the files read exactly as before).
 */
import { toCsv } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { accommodationsCsv } from '../modules/accommodations/accommodations.export';
import { auditCsv } from '../modules/audit/audit.export';
import { bookingsCsv } from '../modules/bookings/bookings.export';
import { personsCsv } from '../modules/persons/persons.export';
import { productsCsv } from '../modules/products/products.export';
import { tourOperatorsCsv } from '../modules/tour-operators/tour-operators.export';
import { usersCsv } from '../modules/users/users.export';
import { periodsCell, vehiclesCsv } from '../modules/vehicles/vehicles.export';
import { csvTimes, type TCsvColumns } from './csv-stream';

// biome-ignore lint/suspicious/noExplicitAny: only the fields the exporters read are given
type AnyRecord = any;
const fileOf = <T>(columns: TCsvColumns<T>, rows: AnyRecord[]) => toCsv(columns.header, rows.map(columns.row));
const lines = (csv: string) => csv.replace('\uFEFF', '').split('\r\n');
const OP = '11111111-2222-4333-8444-555555555555';
/** An operator's staff in Tenerife; the administrator (the platform's zone, zones named). */
const STAFF = csvTimes('Atlantic/Canary', false);
const ADMIN = csvTimes(null, true);

describe('accommodations', () => {
  const row = (over: AnyRecord) => ({
    id: 'a',
    tour_operator_id: OP,
    shared: false,
    name: 'Hotel',
    type: 'hotel',
    address: '',
    zone: '',
    lat_lng: '',
    phone: '',
    pickup_point: '',
    pickup_at_id: null,
    pickup_at: null,
    state: 1,
    notes: '',
    ...over,
  });
  it('Spanish names, "Recoger en" by name, owner column for the administrator', () => {
    const hotel = row({
      name: 'Hotel Jardines de Nivaria',
      zone: 'Costa Adeje',
      lat_lng: '28.0812,-16.7311',
      pickup_point: 'Puerta principal',
      pickup_at: { id: 'h2', name: 'Hotel Bahía del Duque' },
    });
    const [header, line] = lines(
      fileOf(
        accommodationsCsv((id) => (id === OP ? 'Teide Aventura' : undefined)),
        [hotel],
      ),
    );
    expect(header).toBe(
      'Nombre;Tipo;Zona;Dirección;Coordenadas;Teléfono;Punto de recogida;Recoger en;Estado;Tour operador;Notas',
    );
    expect(line).toBe(
      'Hotel Jardines de Nivaria;Hotel;Costa Adeje;;28.0812,-16.7311;;Puerta principal;Hotel Bahía del Duque;Activo;Teide Aventura;',
    );
    const [, sharedLine] = lines(fileOf(accommodationsCsv(), [row({ shared: true, tour_operator_id: null })]));
    expect(sharedLine).toBe('Hotel;Hotel;;;;;;;Activo;Sí;');
    const [, adminShared] = lines(
      fileOf(
        accommodationsCsv(() => 'X'),
        [row({ shared: true, tour_operator_id: null })],
      ),
    );
    expect(adminShared).toBe('Hotel;Hotel;;;;;;;Activo;Catálogo compartido;');
  });
});

describe('persons', () => {
  it('Spanish role and language names, days as people read them', () => {
    const person = {
      tour_operator_id: OP,
      full_name: 'Nerea Santos Ramos',
      document_id: '12345678Z',
      document_expiry: '2026-03-10',
      role: 'guide',
      phone: '+34 611 223 344',
      email: 'nerea@example.com',
      languages: ['es', 'de'],
      license_number: '',
      license_expiry: null,
      state: 1,
      notes: '',
    };
    const [, row] = lines(fileOf(personsCsv(), [person]));
    expect(row).toBe(
      'Nerea Santos Ramos;Guía;+34 611 223 344;nerea@example.com;Español, Alemán;12345678Z;mar, 10 mar 2026;;;Activo;',
    );
  });
});

describe('products', () => {
  it('PRODUCT §5 "export to CSV of the filtered rows"', () => {
    const csv = fileOf(productsCsv(true), [
      {
        code: 'TEI-01',
        name: 'Subida al Teide',
        state: 'active',
        duration_minutes: 210,
        capacity: 50,
        languages: ['es', 'en'],
        pickup_enabled: true,
        from_price_cents: 4550,
        tour_operator: { id: OP, name: 'Teide Aventura', timezone: 'Atlantic/Canary' },
      },
    ]);
    expect(csv).toBe(
      '\uFEFFCódigo;Nombre;Estado;Duración;Plazas;Desde (€);Idiomas;Recogida;Tour operador\r\n' +
        'TEI-01;Subida al Teide;Activo;3 h 30 min;50;45,5;Español, Inglés;Sí;Teide Aventura\r\n',
    );
  });
});

describe('bookings', () => {
  const booking = {
    locator: 'TRY-7K2QF9',
    product: { name: 'Subida al Teide' },
    date: '2026-11-26',
    time: '09:00',
    lines: [
      { pax_type: 'adult', quantity: 2 },
      { pax_type: 'child', quantity: 1 },
    ],
    pax_total: 3,
    total_cents: 12300,
    paid_cents: 5000,
    refunded_cents: 1000,
    pending_cents: 7300,
    customer_name: '=HYPERLINK("x")',
    customer_country: 'ES',
    accommodation: { name: 'Hotel Fañabé' },
    pickup_time: '07:25',
    channel: 'office',
    seller: null,
    state: 'confirmed',
    payment_state: 'partial',
    created_at: '2026-11-22T02:44:00.000Z',
    timezone: 'Atlantic/Canary',
  };
  it('pax per type, euros, Spanish names, formulas neutralised, "Creada" in the operator\'s zone', () => {
    const [header, line] = lines(fileOf(bookingsCsv(STAFF), [booking]));
    expect(header).toBe(
      'Localizador;Fecha;Hora;Producto;Cliente;País;Email;Teléfono;Adultos;Niños;Bebés;Senior;Pax;Alojamiento;Habitación;Recogida;Total (€);Cobrado (€);Pendiente (€);Estado;Cobro;Canal;Vendedor;Creada',
    );
    expect(line).toBe(
      `TRY-7K2QF9;2026-11-26;09:00;Subida al Teide;"'=HYPERLINK(""x"")";ES;;;2;1;0;0;3;Hotel Fañabé;;07:25;123;40;73;Confirmada;Parcial;Oficina;;22/11/2026 02:44`,
    );
  });
  it("the administrator's file names each booking's zone", () => {
    const [header, line] = lines(fileOf(bookingsCsv(ADMIN), [booking]));
    expect(header.endsWith(';Creada;Zona horaria')).toBe(true);
    expect(line.endsWith(';22/11/2026 02:44;hora de Canarias')).toBe(true);
  });
});

describe('vehicles', () => {
  it('Spanish names, periods in one cell, Sí/No', () => {
    const csv = fileOf(vehiclesCsv(), [
      {
        tour_operator_id: 'op',
        plate: '1234LMN',
        name: 'Bus 2',
        model: 'Setra',
        type: 'minibus',
        seats: 25,
        transport_authorization: 'VD-1',
        state: 3,
        notes: '',
        unavailable_periods: [{ id: 'p', from: '2026-03-02', to: '2026-03-04', reason: 'ITV' }],
        unavailable_today: true,
      },
    ]);
    const [header, row] = lines(csv);
    expect(header).toBe(
      'Matrícula;Nombre;Modelo;Tipo;Plazas;Nº autorización;Estado;No disponible hoy;Periodos no disponibles;Notas',
    );
    expect(row).toBe('1234LMN;Bus 2;Setra;Minibús;25;VD-1;En taller;Sí;lun, 2 mar 2026 – mié, 4 mar 2026 (ITV);');
    expect(periodsCell([])).toBe('');
  });
});

describe('users, tour operators, activity', () => {
  it("users: role and state names, 'Creado' in the user's operator's zone", () => {
    const user = {
      full_name: 'Ana',
      email: 'ana@example.com',
      phone: '600',
      level: 2,
      state: 1,
      commission_pct: 10.5,
      address: '',
      created_at: '2026-11-22T02:44:00.000Z',
      tour_operator: { id: OP, name: 'Teide Aventura', timezone: 'Atlantic/Canary' },
    };
    expect(lines(fileOf(usersCsv(false, STAFF), [user]))).toEqual([
      'Nombre;Email;Teléfono;Rol;Estado;Comisión %;Dirección;Creado',
      'Ana;ana@example.com;600;Vendedor;Activo;10,5;;22/11/2026 02:44',
      '',
    ]);
    expect(lines(fileOf(usersCsv(true, ADMIN), [user]))[1]).toBe(
      'Ana;ana@example.com;600;Vendedor;Activo;Teide Aventura;10,5;;22/11/2026 02:44;hora de Canarias',
    );
  });

  it("tour operators: 'Creado' in the operator's own zone", () => {
    const [, row] = lines(
      fileOf(tourOperatorsCsv(ADMIN), [
        {
          name: 'Teide',
          legal_name: 'Teide SL',
          tax_id: 'B38',
          email: 'i@example.com',
          phone: '922',
          address: '',
          website: '',
          users_count: 3,
          default_commission_pct: 10,
          currency: 'EUR',
          timezone: 'Atlantic/Canary',
          state: 1,
          created_at: '2026-11-22T02:44:00.000Z',
        },
      ]),
    );
    expect(row).toBe('Teide;Teide SL;B38;i@example.com;922;;;3;10;EUR;Atlantic/Canary;Activo;22/11/2026 02:44');
  });

  it("activity: to the second in the entry's zone, the changes as text", () => {
    const entry = {
      created_at: '2026-11-22T02:44:05.000Z',
      timezone: 'Atlantic/Canary',
      actor_label: 'Ana <ana@example.com>',
      entity_type: 'booking',
      summary: 'TRY-7K2QF9 · Lucía',
      action: 'update',
      changes: { customer_name: ['Lucía', 'Lucía Pérez'], tour_operator_id: [null, OP] },
      request_id: 'req-1',
      ip: '10.0.0.1',
    };
    const staff = lines(fileOf(auditCsv(STAFF), [entry]));
    expect(staff[0]).toBe('Fecha y hora;Quién;Tipo;Registro;Acción;Cambios;Petición;IP');
    expect(staff[1].startsWith('22/11/2026 02:44:05;Ana <ana@example.com>;Reserva;TRY-7K2QF9 · Lucía;')).toBe(true);
    expect(staff[1]).toContain('Otro tour operador');
    const admin = lines(fileOf(auditCsv(ADMIN, { operatorNames: new Map([[OP, 'Teide Aventura']]) }), [entry]));
    expect(admin[0].startsWith('Fecha y hora;Zona horaria;Quién;')).toBe(true);
    expect(admin[1].startsWith('22/11/2026 02:44:05;hora de Canarias;')).toBe(true);
    expect(admin[1]).toContain('Teide Aventura');
  });
});
