/**
 * The columns of every CSV export, cell by cell (issue 13: the files moved from the browser to the
 * server; these are the browser's expectations, unchanged, so the files read exactly as before).
 */
import { toCsv } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { accommodationsCsv } from '../modules/accommodations/accommodations.export';
import { auditCsv } from '../modules/audit/audit.export';
import { bookingsCsv } from '../modules/bookings/bookings.export';
import { messagesCsv } from '../modules/messages/messages.export';
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
    payment_mode: 'deposit',
    due_now_cents: 2550,
    hold_expires_at: '2026-11-22T02:59:00.000Z',
    created_at: '2026-11-22T02:44:00.000Z',
    timezone: 'Atlantic/Canary',
  };
  it('pax per type, euros, Spanish names, formulas neutralised, "Creada" in the operator\'s zone', () => {
    const [header, line] = lines(fileOf(bookingsCsv(STAFF), [booking]));
    expect(header).toBe(
      'Localizador;Fecha;Hora;Producto;Cliente;País;Email;Teléfono;Adultos;Niños;Bebés;Senior;Pax;Alojamiento;Habitación;Recogida;Total (€);Cobrado (€);Pendiente (€);Estado;Cobro;Forma de pago;A pagar en línea ahora (€);Plazas retenidas hasta;Canal;Referencia del canal;Comisión (€);Cobra;Vendedor;Respuestas;Creada',
    );
    expect(line).toBe(
      `TRY-7K2QF9;2026-11-26;09:00;Subida al Teide;"'=HYPERLINK(""x"")";ES;;;2;1;0;0;3;Hotel Fañabé;;07:25;123;40;73;Confirmada;Parcial;Señal en línea y resto el día o por enlace;25,5;22/11/2026 02:59;Oficina;;;;;;22/11/2026 02:44`,
    );
  });
  it("a channel's booking: the channel's name, its reference, its commission and who collects", () => {
    const [, line, agencyLine] = lines(
      fileOf(bookingsCsv(STAFF), [
        {
          ...booking,
          channel: 'channel',
          sales_channel: { id: 'c1', name: 'Klook', kind: 'octo', collects: 'operator' },
          reseller_reference: 'KL-1001',
          commission_cents: 0,
        },
        {
          ...booking,
          channel: 'channel',
          sales_channel: { id: 'c2', name: 'Viajes Teide', kind: 'agency', collects: 'agency' },
          reseller_reference: 'VT-7',
          commission_cents: 1845,
        },
      ]),
    );
    expect(line).toContain(';Klook;KL-1001;;Operador;;;22/11/2026 02:44');
    expect(agencyLine).toContain(';Viajes Teide;VT-7;18,45;Canal;;;22/11/2026 02:44');
  });
  it("«Respuestas»: the booking's questions, then each passenger's as «P2 …», in Spanish (issue 33 item 3)", () => {
    const q = (id: string, kind: string, label: string) => ({ question_id: id, kind, label });
    const answers = [
      { ...q('s', 'yes_no', '¿Sabe nadar?'), passenger: 1, value: 'yes' },
      { ...q('w', 'number', 'Peso (kg)'), passenger: 1, value: '72.5' },
      { ...q('s', 'yes_no', '¿Sabe nadar?'), passenger: 3, value: 'no' },
      { ...q('h', 'choice', '¿Cómo nos has conocido?'), passenger: null, value: 'En el hotel' },
      { ...q('b', 'date', 'Fecha de nacimiento'), passenger: 2, value: '2016-03-09' },
      { ...q('n', 'text', 'Notas; alergias'), passenger: null, value: '=sin gluten' },
    ];
    const [header, line] = lines(fileOf(bookingsCsv(STAFF), [{ ...booking, answers }]));
    const cells = header.split(';');
    expect(cells[cells.length - 2]).toBe('Respuestas');
    // One quoted cell (it holds the separator); passengers in order, each one's answers as stored.
    expect(line).toContain(
      ';;"¿Cómo nos has conocido?: En el hotel; Notas; alergias: =sin gluten; P1 ¿Sabe nadar?: Sí; P1 Peso (kg): 72,5; P2 Fecha de nacimiento: 09/03/2016; P3 ¿Sabe nadar?: No";22/11/2026 02:44',
    );
    // Without answers the cell is empty.
    expect(lines(fileOf(bookingsCsv(STAFF), [{ ...booking, answers: [] }]))[1]).toContain(';;;22/11/2026 02:44');
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
      actor_kind: 'staff',
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
    // A customer, a channel and the system are named as the screens name them (ADR 020).
    const others = lines(
      fileOf(auditCsv(STAFF), [
        { ...entry, actor_kind: 'customer', actor_label: 'Lucía Pérez' },
        { ...entry, actor_kind: 'channel', actor_label: 'Viajes Sol' },
        { ...entry, actor_kind: 'system', actor_label: 'Sistema · Pago en línea' },
      ]),
    );
    expect(others.slice(1, 4).map((l) => l.split(';')[1])).toEqual([
      'Lucía Pérez (cliente)',
      'Viajes Sol (canal)',
      'Sistema · Pago en línea',
    ]);
    const admin = lines(fileOf(auditCsv(ADMIN, { operatorNames: new Map([[OP, 'Teide Aventura']]) }), [entry]));
    expect(admin[0].startsWith('Fecha y hora;Zona horaria;Quién;')).toBe(true);
    expect(admin[1].startsWith('22/11/2026 02:44:05;hora de Canarias;')).toBe(true);
    expect(admin[1]).toContain('Teide Aventura');
  });
});

describe('messages (issue 31)', () => {
  const email = {
    created_at: '2026-11-22T02:44:05.000Z',
    timezone: 'Atlantic/Canary',
    tour_operator_id: OP,
    kind: 'booking_confirmed',
    channel: 'email',
    state: 'queued',
    recipient: 'lucia@example.com',
    recipient_name: 'Lucía Pérez',
    subject: 'Reserva confirmada: Teide (TRY-7K2QF9)',
    locale: 'de',
    booking_locator: 'TRY-7K2QF9',
    attempts: 2,
    next_attempt_at: '2026-11-22T03:00:00.000Z',
    sent_at: null,
    response_status: null,
    last_error: '451 4.7.1 Inténtalo más tarde',
    actor_name: null,
  };
  const webhook = {
    ...email,
    kind: 'webhook_event',
    channel: 'webhook',
    state: 'sent',
    recipient: 'https://canal.example/eventos',
    recipient_name: 'Viajes Sol',
    subject: 'booking.confirmed',
    locale: 'es',
    attempts: 1,
    next_attempt_at: null,
    sent_at: '2026-11-22T02:44:07.000Z',
    response_status: 200,
    last_error: null,
  };
  const whatsapp = { ...email, channel: 'whatsapp', state: 'sent', recipient: '+34600000000', actor_name: 'Ana' };

  it("Spanish names of channel, kind and state; times in the message's zone; who caused it", () => {
    const staff = lines(fileOf(messagesCsv(STAFF), [email, webhook, whatsapp]));
    expect(staff[0]).toBe(
      'Fecha y hora;Canal;Tipo;Estado;Destinatario;Nombre;Asunto o evento;Idioma;Reserva;Intentos;Próximo intento;Enviado;Respuesta HTTP;Motivo o último error;Quién',
    );
    expect(staff[1]).toBe(
      '22/11/2026 02:44;Correo;Reserva confirmada;En cola;lucia@example.com;Lucía Pérez;Reserva confirmada: Teide (TRY-7K2QF9);de;TRY-7K2QF9;2;22/11/2026 03:00;;;451 4.7.1 Inténtalo más tarde;Sistema',
    );
    expect(staff[2]).toBe(
      '22/11/2026 02:44;Webhook;Aviso a un sistema externo (webhook);Enviado;https://canal.example/eventos;Viajes Sol;booking.confirmed;es;TRY-7K2QF9;1;;22/11/2026 02:44;200;;Sistema',
    );
    // A WhatsApp chat is opened by hand: no attempts; a phone number is written as typed.
    expect(staff[3]).toBe(
      '22/11/2026 02:44;WhatsApp;Reserva confirmada;Enviado;+34600000000;Lucía Pérez;Reserva confirmada: Teide (TRY-7K2QF9);de;TRY-7K2QF9;;22/11/2026 03:00;;;451 4.7.1 Inténtalo más tarde;Ana',
    );
  });

  it("the administrator's file names each message's zone and operator ('Plataforma' for none)", () => {
    const admin = lines(
      fileOf(
        messagesCsv(ADMIN, (id) => (id === OP ? 'Teide Aventura' : undefined)),
        [email, { ...email, tour_operator_id: null, timezone: 'Europe/Madrid' }],
      ),
    );
    expect(admin[0].startsWith('Fecha y hora;Zona horaria;Canal;')).toBe(true);
    expect(admin[0].endsWith(';Quién;Tour operador')).toBe(true);
    expect(admin[1].startsWith('22/11/2026 02:44;hora de Canarias;Correo;')).toBe(true);
    expect(admin[1].endsWith(';Sistema;Teide Aventura')).toBe(true);
    expect(admin[2].startsWith('22/11/2026 03:44;hora peninsular;')).toBe(true);
    expect(admin[2].endsWith(';Plataforma')).toBe(true);
  });
});
