/**
 * The list endpoints measured at 1 M bookings beyond the bookings list itself (issue 7, "speed at
 * scale"): every list of the back-office with its common filters and sorts, the dashboard for each
 * kind of user, the driver's and guide's bookings, the audit log and the public product and
 * availability. run.ts measures each against the baseline, explain.ts prints their plans; both
 * build the SQL from the API itself (bench/capture.ts).
 *
 * Each scenario has a few URL variants (rotated by the load generator, so caches do not make one
 * request look cheap) and the user it runs as.
 */
import { PRODUCT_LIST_SCREEN_FIELDS } from '@trayecto/shared';
import type pg from 'pg';

/** The fields the products list screen asks for (ADR 054), as the browser encodes them. */
const PRODUCT_SCREEN_FIELDS = PRODUCT_LIST_SCREEN_FIELDS.join('%2C');

export type Who = 'root' | 'admin' | 'seller' | 'driver' | 'guide' | 'public';

export type ListScenario = {
  id: string;
  /** The endpoint, for the report's grouping. */
  group: string;
  label: string;
  who: Who;
  urls: string[];
};

export type ScenarioContext = {
  users: Record<Exclude<Who, 'public'>, string>;
  scenarios: ListScenario[];
};

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const enc = encodeURIComponent;

/** Reads the ids the scenarios need from the bench database and builds their URLs. */
export async function listScenarios(c: pg.Pool | pg.Client): Promise<ScenarioContext> {
  const one = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await c.query<T>(text, values)).rows;
  const [m] = await one<{ op: string; admin: string; root: string; today: string }>(
    `select u.tour_operator_id as op, u.id as admin, (select id from users where level = 0 order by email limit 1) as root,
            (now() at time zone 'Atlantic/Canary')::date::text as today
     from users u where u.email = 'bench.admin@teide-aventura.test'`,
  );
  const { op, today } = m;
  // The seller with most bookings; a driver and a guide with sheets this week.
  const [seller] = await one<{ id: string }>(
    `select seller_id as id from bookings where tour_operator_id = $1 and seller_id is not null
     group by 1 order by count(*) desc limit 1`,
    [op],
  );
  const [driver] = await one<{ id: string }>(
    `select driver_id as id from schedule_sheets where tour_operator_id = $1 and driver_id is not null
       and date between $2::date and $2::date + 6 group by 1 order by count(*) desc, 1 limit 1`,
    [op, today],
  );
  const [guide] = await one<{ id: string }>(
    `select guide_id as id from schedule_sheets where tour_operator_id = $1 and guide_id is not null
       and date between $2::date and $2::date + 6 group by 1 order by count(*) desc, 1 limit 1`,
    [op, today],
  );
  const drivers = (
    await one<{ id: string }>(
      `select driver_id as id from schedule_sheets where tour_operator_id = $1 and driver_id is not null
       group by 1 order by 1 limit 5`,
      [op],
    )
  ).map((r) => r.id);
  const bookingIds = (
    await one<{ id: string }>('select id from bookings where tour_operator_id = $1 order by md5(id::text) limit 5', [
      op,
    ])
  ).map((r) => r.id);
  const offices = (
    await one<{ id: string }>(
      `select u.id from users u where u.tour_operator_id = $1 and u.level in (1, 3)
       and exists (select 1 from audit_log a where a.actor_id = u.id) order by u.email limit 5`,
      [op],
    )
  ).map((r) => r.id);
  const products = (
    await one<{ id: string }>(
      `select id from products where tour_operator_id = $1 and state = 'active' order by code limit 5`,
      [op],
    )
  ).map((r) => r.id);
  // Customers' surnames as the office types them (issue 35: "a customer's name").
  const surnames = (
    await one<{ s: string }>(
      `select split_part(customer_name, ' ', 2) as s from bookings where tour_operator_id = $1
       and customer_name like '% %' order by md5(id::text) limit 5`,
      [op],
    )
  ).map((r) => r.s);
  // Issue 35: deep pages by cursor, as the sheets screen pages (ADR 029): the position 4,950 sheets
  // down the «done» list, encoded as the API encodes it (schedule-sheets.cursor.ts).
  const [deepSheet] = await one<{ d: string; t: string; id: string; k: string }>(
    `select s.date::text as d, s.time as t, s.id, f_unaccent(p.name) as k from schedule_sheets s
     join products p on p.id = s.product_id where s.tour_operator_id = $1 and s.state = 'done'
     order by s.date, s.time, f_unaccent(p.name), s.id offset 4949 limit 1`,
    [op],
  );
  const sheetCursor = Buffer.from(JSON.stringify([deepSheet.d, deepSheet.t, deepSheet.id, deepSheet.k])).toString(
    'base64url',
  );
  const weeks = Array.from({ length: 5 }, (_, k) => addDays(today, 7 * k));
  const monthStart = (k: number) => {
    const d = new Date(Date.parse(`${today.slice(0, 7)}-01T00:00:00Z`));
    d.setUTCMonth(d.getUTCMonth() + k);
    return d.toISOString().slice(0, 10);
  };
  const calendarMonths = Array.from({ length: 3 }, (_, k) => [monthStart(k), addDays(monthStart(k + 1), -1)]);
  // The month view as the screen asks for it (ADR 031): whole weeks, Monday first, around the month.
  const isoDay = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay() || 7;
  const calendarGrids = calendarMonths.map(([from, to]) => [
    addDays(from, 1 - isoDay(from)),
    addDays(to, 7 - isoDay(to)),
  ]);
  const months = Array.from({ length: 5 }, (_, k) => addDays(today, 28 * k));
  const pastWeeks = Array.from({ length: 5 }, (_, k) => addDays(today, -7 * (k + 1)));
  // The detail screens and the later waves' lists (issue 35: "every … screen, the new ones included").
  const sheetIds = (
    await one<{ id: string }>(
      `select id from schedule_sheets where tour_operator_id = $1 and date between $2::date - 7 and $2::date + 7
       order by md5(id::text) limit 5`,
      [op, today],
    )
  ).map((r) => r.id);
  const channelIds = (
    await one<{ id: string }>('select id from channels where tour_operator_id = $1 order by name', [op])
  ).map((r) => r.id);
  const octoChannelIds = (
    await one<{ id: string }>(`select id from channels where tour_operator_id = $1 and kind = 'octo' order by name`, [
      op,
    ])
  ).map((r) => r.id);

  const S = (id: string, group: string, label: string, who: Who, urls: string[] | string): ListScenario => ({
    id,
    group,
    label,
    who,
    urls: Array.isArray(urls) ? urls : [urls],
  });
  const r7 = (d: string, col = 'date') => `${col}%5Bgte%5D=${d}&${col}%5Blte%5D=${addDays(d, 6)}`;

  const scenarios: ListScenario[] = [
    S('us1', 'users', 'usuarios: orden por nombre', 'admin', '/api/v1/users?per_page=50'),
    S(
      'us2',
      'users',
      'usuarios: level=4 & state=1',
      'admin',
      '/api/v1/users?level%5Beq%5D=4&state%5Beq%5D=1&sort=full_name',
    ),
    S('us3', 'users', 'usuarios: q=garcia (administrador, todos)', 'root', '/api/v1/users?q=garcia'),
    S('to1', 'tour-operators', 'tour operadores (administrador)', 'root', '/api/v1/tour-operators'),
    S('pr1', 'products', 'productos: orden por nombre', 'admin', '/api/v1/products?per_page=50'),
    S('pr2', 'products', 'productos: state=active, q=teide', 'admin', '/api/v1/products?state%5Beq%5D=active&q=teide'),
    // What the list screen asks for (ADR 054): the same page with only the columns it shows.
    S(
      'pr3',
      'products',
      'productos: la pantalla (fields=, orden por nombre)',
      'admin',
      `/api/v1/products?page=1&per_page=50&fields=${PRODUCT_SCREEN_FIELDS}`,
    ),
    S('ve1', 'vehicles', 'vehículos: orden por matrícula', 'admin', '/api/v1/vehicles'),
    S('ve2', 'vehicles', 'vehículos: state=1 & type=bus', 'admin', '/api/v1/vehicles?state%5Beq%5D=1&type%5Beq%5D=bus'),
    S('pe1', 'persons', 'personas: orden por nombre', 'admin', '/api/v1/persons'),
    S('pe2', 'persons', 'personas: role=guide, q=ayoze', 'admin', '/api/v1/persons?role%5Beq%5D=guide&q=ayoze'),
    S('ac1', 'accommodations', 'alojamientos: orden por nombre', 'admin', '/api/v1/accommodations?per_page=50'),
    S(
      'ac2',
      'accommodations',
      'alojamientos: zona + q=hotel',
      'admin',
      `/api/v1/accommodations?zone%5Beq%5D=${enc('Costa Adeje')}&q=hotel`,
    ),
    // Bookings: other filters and sorts than run.ts's a–d (state, newest first, seller, crew).
    S(
      'bk1',
      'bookings',
      'reservas: state=pending (todo el operador)',
      'admin',
      '/api/v1/bookings?state%5Beq%5D=pending&per_page=50',
    ),
    S(
      'bk2',
      'bookings',
      'reservas: sort=-created_at (las últimas)',
      'admin',
      '/api/v1/bookings?sort=-created_at&per_page=50',
    ),
    S(
      'bk3',
      'bookings',
      'reservas: sort=customer_name, 7 días',
      'admin',
      pastWeeks.map((w) => `/api/v1/bookings?${r7(w)}&sort=customer_name&per_page=50`),
    ),
    S(
      'bk4',
      'bookings',
      'reservas: page=20 (OFFSET 950), 7 días',
      'admin',
      pastWeeks.map((w) => `/api/v1/bookings?${r7(w)}&sort=date,time&per_page=50&page=20`),
    ),
    S('bk5', 'bookings', 'reservas: un vendedor (las suyas)', 'seller', '/api/v1/bookings?per_page=50'),
    S(
      'bk6',
      'bookings',
      'reservas: un vendedor, sort=-created_at',
      'seller',
      '/api/v1/bookings?sort=-created_at&per_page=50',
    ),
    S('bk7', 'bookings', 'reservas: un chofer (las de sus hojas)', 'driver', '/api/v1/bookings?per_page=50'),
    S(
      'bk8',
      'bookings',
      'reservas: un chofer, esta semana',
      'driver',
      weeks.slice(0, 1).map((w) => `/api/v1/bookings?${r7(w)}&per_page=50`),
    ),
    S('bk9', 'bookings', 'reservas: un guía (las de sus hojas)', 'guide', '/api/v1/bookings?per_page=50'),
    // Issue 35's rows that run.ts's a–d do not cover.
    S(
      'bk10',
      'bookings',
      'reservas: un producto, todas las fechas',
      'admin',
      products.map((id) => `/api/v1/bookings?product_id%5Beq%5D=${id}&per_page=50`),
    ),
    S(
      'bk11',
      'bookings',
      'reservas: nombre del cliente, todas las fechas',
      'admin',
      surnames.map((n) => `/api/v1/bookings?q=${enc(n)}&per_page=50`),
    ),
    S(
      'bk12',
      'bookings',
      'reservas: nombre del cliente, una semana',
      'admin',
      surnames.map((n, k) => `/api/v1/bookings?q=${enc(n)}&${r7(pastWeeks[k])}&per_page=50`),
    ),
    // What the month view asked for before its days (ADR 031): every departure of the grid, still served.
    S(
      'cal0',
      'calendar',
      'calendario de reservas: un mes, todas sus salidas (la vista de mes hasta el 2026-11-26)',
      'admin',
      calendarGrids.map(([from, to]) => `/api/v1/bookings/calendar?from=${from}&to=${to}`),
    ),
    S(
      'cal1',
      'calendar',
      'calendario de reservas: un mes (sus días)',
      'admin',
      calendarGrids.map(([from, to]) => `/api/v1/bookings/calendar/days?from=${from}&to=${to}`),
    ),
    S(
      'cal2',
      'calendar',
      'calendario de reservas: una semana (en columnas, ADR 057)',
      'admin',
      weeks.map((w) => `/api/v1/bookings/calendar/columns?from=${w}&to=${addDays(w, 6)}`),
    ),
    // What the week view asked for until 2026-11-29 (ADR 057): every departure as an object, still served.
    S(
      'cal2o',
      'calendar',
      'calendario de reservas: una semana, sus salidas como objetos (la vista de semana hasta el 2026-11-29)',
      'admin',
      weeks.map((w) => `/api/v1/bookings/calendar?from=${w}&to=${addDays(w, 6)}`),
    ),
    S(
      'cal3',
      'calendar',
      'calendario de reservas: las salidas de un día',
      'admin',
      weeks.map((w, k) => `/api/v1/bookings/calendar?from=${addDays(w, k)}&to=${addDays(w, k)}`),
    ),
    S(
      'ss1',
      'schedule-sheets',
      'hojas: 7 días (fecha, hora, producto)',
      'admin',
      weeks.map((w) => `/api/v1/schedule-sheets?${r7(w)}&per_page=50`),
    ),
    S(
      'ss2',
      'schedule-sheets',
      'hojas: state=draft',
      'admin',
      '/api/v1/schedule-sheets?state%5Beq%5D=draft&per_page=50',
    ),
    S(
      'ss3',
      'schedule-sheets',
      'hojas: state=done, cursor a 4.950 filas',
      'admin',
      `/api/v1/schedule-sheets?state%5Beq%5D=done&per_page=50&cursor=${sheetCursor}`,
    ),
    S(
      'ss3o',
      'schedule-sheets',
      'hojas: state=done, page=100 (OFFSET 4.950)',
      'admin',
      '/api/v1/schedule-sheets?state%5Beq%5D=done&per_page=50&page=100',
    ),
    S(
      'ss4',
      'schedule-sheets',
      'hojas: driver_id=… (5 choferes)',
      'admin',
      drivers.map((d) => `/api/v1/schedule-sheets?driver_id%5Beq%5D=${d}&per_page=50`),
    ),
    S('ss5', 'schedule-sheets', 'hojas: un chofer (las suyas)', 'driver', '/api/v1/schedule-sheets?per_page=50'),
    S('ss6', 'schedule-sheets', 'hojas: todas (orden por defecto)', 'admin', '/api/v1/schedule-sheets?per_page=50'),
    S('db0', 'dashboard', 'inicio: administrador (todos los operadores)', 'root', '/api/v1/dashboard'),
    S('db1', 'dashboard', 'inicio: admin tour operador', 'admin', '/api/v1/dashboard'),
    S('db2', 'dashboard', 'inicio: vendedor', 'seller', '/api/v1/dashboard'),
    S('db3', 'dashboard', 'inicio: chofer', 'driver', '/api/v1/dashboard'),
    // «Informes» (issue 34): a month and a year of an operator, the seller's own, the administrator's all.
    S(
      'rp1',
      'reports',
      'informes: ventas por día, un mes (fecha de venta)',
      'admin',
      pastWeeks.map((w) => `/api/v1/reports/sales?from=${addDays(w, -30)}&to=${w}`),
    ),
    S(
      'rp2',
      'reports',
      'informes: ventas por producto, un año (fecha de servicio)',
      'admin',
      `/api/v1/reports/sales?from=${addDays(today, -365)}&to=${today}&group_by=product&basis=service`,
    ),
    S(
      'rp3',
      'reports',
      'informes: mis ventas (vendedor), un mes por canal',
      'seller',
      pastWeeks.map((w) => `/api/v1/reports/sales?from=${addDays(w, -30)}&to=${w}&group_by=channel`),
    ),
    S(
      'rp4',
      'reports',
      'informes: ocupación, un mes',
      'admin',
      months.map((m) => `/api/v1/reports/occupancy?from=${m}&to=${addDays(m, 27)}`),
    ),
    S(
      'rp5',
      'reports',
      'informes: cancelaciones, un año',
      'admin',
      `/api/v1/reports/cancellations?from=${addDays(today, -365)}&to=${today}`,
    ),
    S(
      'rp6',
      'reports',
      'informes: impuestos, un trimestre (administrador, todos)',
      'root',
      pastWeeks.map((w) => `/api/v1/reports/taxes?from=${addDays(w, -90)}&to=${w}`),
    ),
    S('al1', 'audit-log', 'registro: lo último (admin tour operador)', 'admin', '/api/v1/audit-log?per_page=50'),
    S('al2', 'audit-log', 'registro: lo último (administrador, todo)', 'root', '/api/v1/audit-log?per_page=50'),
    S(
      'al3',
      'audit-log',
      'registro: una reserva (entity)',
      'admin',
      bookingIds.map((id) => `/api/v1/audit-log?entity_type%5Beq%5D=booking&entity_id%5Beq%5D=${id}`),
    ),
    S(
      'al4',
      'audit-log',
      'registro: un usuario (actor_id)',
      'admin',
      offices.map((id) => `/api/v1/audit-log?actor_id%5Beq%5D=${id}&per_page=50`),
    ),
    S(
      'al5',
      'audit-log',
      'registro: entity_type=schedule_sheet, 7 días',
      'admin',
      pastWeeks.map(
        (w) =>
          `/api/v1/audit-log?entity_type%5Beq%5D=schedule_sheet&created_at%5Bgte%5D=${w}T00:00:00Z&created_at%5Blt%5D=${addDays(w, 7)}T00:00:00Z&per_page=50`,
      ),
    ),
    S('al6', 'audit-log', 'registro: page=100 (OFFSET 4.950)', 'admin', '/api/v1/audit-log?per_page=50&page=100'),
    // The money issue's lists (issue 34) and the messages.
    S('in1', 'money', 'facturas: las últimas', 'admin', '/api/v1/invoices?per_page=50'),
    // «Pendiente» as the screen opens it (ADR 037): each party's total for the period, then one
    // party's bookings when its card is opened. (The whole due with every line, ~11,000 for a month, is
    // the API's answer, not a screen's: measured once in ADR 037, not here — it stalls what follows.)
    S(
      'cm1',
      'money',
      'comisiones: pendientes del último mes (por parte)',
      'admin',
      pastWeeks.map((w) => `/api/v1/commissions/due/summary?from=${addDays(w, -21)}&to=${addDays(w, 6)}`),
    ),
    S(
      'cm3',
      'money',
      'comisiones: las reservas pendientes de un vendedor, un mes',
      'admin',
      pastWeeks.map(
        (w) => `/api/v1/commissions/due?from=${addDays(w, -21)}&to=${addDays(w, 6)}&party=seller&party_id=${seller.id}`,
      ),
    ),
    S('cm2', 'money', 'comisiones: liquidaciones', 'admin', '/api/v1/commissions/statements?per_page=50'),
    S('ca1', 'money', 'caja: cobros por persona', 'admin', '/api/v1/cash/holders'),
    S('ca2', 'money', 'caja: entregas', 'admin', '/api/v1/cash/handovers?per_page=50'),
    S('ms1', 'messages', 'mensajes: los últimos', 'admin', '/api/v1/messages?per_page=50'),
    S(
      'pu1',
      'public',
      'pública: ficha de producto',
      'public',
      products.map((id) => `/api/v1/public/products/${id}`),
    ),
    S(
      'pu2',
      'public',
      'pública: disponibilidad 28 días',
      'public',
      products.flatMap((id, k) => [
        `/api/v1/public/products/${id}/availability?from=${months[k]}&to=${addDays(months[k], 27)}`,
      ]),
    ),
    // A booking's screen (/booking/edit/:id) asks for these at once: the booking, its history,
    // payments, messages and invoices.
    S(
      'bd1',
      'detail',
      'una reserva (ficha)',
      'admin',
      bookingIds.map((id) => `/api/v1/bookings/${id}`),
    ),
    S(
      'bd2',
      'detail',
      'una reserva: historial',
      'admin',
      bookingIds.map((id) => `/api/v1/bookings/${id}/events`),
    ),
    S(
      'bd3',
      'detail',
      'una reserva: cobros',
      'admin',
      bookingIds.map((id) => `/api/v1/bookings/${id}/payments`),
    ),
    S(
      'bd4',
      'detail',
      'una reserva: mensajes',
      'admin',
      bookingIds.map((id) => `/api/v1/bookings/${id}/messages`),
    ),
    S(
      'bd5',
      'detail',
      'una reserva: facturas',
      'admin',
      bookingIds.map((id) => `/api/v1/bookings/${id}/invoices`),
    ),
    S(
      'sd1',
      'detail',
      'una hoja de servicio (pasajeros y ruta)',
      'admin',
      sheetIds.map((id) => `/api/v1/schedule-sheets/${id}`),
    ),
    S(
      'pd1',
      'detail',
      'un producto (ficha)',
      'admin',
      products.map((id) => `/api/v1/products/${id}`),
    ),
    S(
      'pd2',
      'detail',
      'un producto: disponibilidad de un mes (oficina)',
      'admin',
      products.map((id, k) => `/api/v1/products/${id}/availability?from=${months[k]}&to=${addDays(months[k], 27)}`),
    ),
    // Channels (issue 33) and the background jobs' screen.
    S('ch1', 'channels', 'canales de venta', 'admin', '/api/v1/channels'),
    S(
      'ch2',
      'channels',
      'canales: peticiones OCTO de un canal',
      'admin',
      octoChannelIds.map((id) => `/api/v1/channels/${id}/requests?per_page=50`),
    ),
    S(
      'ch3',
      'channels',
      'reservas: una agencia o revendedor',
      'admin',
      channelIds.map((id) => `/api/v1/bookings?channel_id%5Beq%5D=${id}&per_page=50`),
    ),
    S('jb1', 'channels', 'tareas en segundo plano (administrador)', 'root', '/api/v1/jobs'),
    // The administrator's all-operators views.
    S('ad1', 'admin', 'administrador: reservas de todos', 'root', '/api/v1/bookings?per_page=50'),
    S(
      'ad2',
      'admin',
      'administrador: reservas de todos, 7 días',
      'root',
      weeks.map((w) => `/api/v1/bookings?${r7(w)}&per_page=50`),
    ),
    S('ad3', 'admin', 'administrador: hojas de todos', 'root', '/api/v1/schedule-sheets?per_page=50'),
    S('ad4', 'admin', 'administrador: mensajes de todos', 'root', '/api/v1/messages?per_page=50'),
    S('ad5', 'admin', 'administrador: facturas de todos', 'root', '/api/v1/invoices?per_page=50'),
    S('ad6', 'admin', 'administrador: usuarios de todos', 'root', '/api/v1/users?per_page=50'),
    S('ad7', 'admin', 'administrador: productos de todos', 'root', '/api/v1/products?per_page=50'),
    S(
      'ad8',
      'admin',
      'administrador: productos de todos, la pantalla (fields=)',
      'root',
      `/api/v1/products?page=1&per_page=50&fields=${PRODUCT_SCREEN_FIELDS}`,
    ),
  ];
  return {
    users: { root: m.root, admin: m.admin, seller: seller.id, driver: driver.id, guide: guide.id },
    scenarios,
  };
}
