/**
 * The published contract's last mile (issue 21), in one place: every operation's `operationId`
 * (the name a generated client gives its method), the error answers every operation can give
 * (from the shared error-code table), 204 without a body, typed list parameters, the multipart
 * upload and the examples of the main request bodies. `finishDocument` applies it to the document
 * @fastify/swagger builds from the route schemas; nothing here restates a validation rule: those
 * come from the shared zod schemas, the list whitelists and the shared constants.
 *
 * A new route needs a line in OPERATION_IDS: openapi-operations.test.ts fails until it has one.
 */
import { DEFAULT_PER_PAGE, ERROR_CODES, MAX_PER_PAGE, type TErrorCode } from '@trayecto/shared';
import { MAX_PAGE, MAX_VALUE_LENGTH, TEXT_PATTERN } from '../lib/filters';

/** "METHOD /path" (Fastify's `:param` form) → operationId, camelCase for generated clients. */
export const OPERATION_IDS: Record<string, string> = {
  'GET /api/v1/health': 'getHealth',
  'GET /api/v1/ready': 'getReadiness',

  'POST /api/v1/auth/login': 'login',
  'GET /api/v1/auth/me': 'getMe',
  'PUT /api/v1/auth/me': 'updateMe',
  'POST /api/v1/auth/me/password': 'changeMyPassword',
  'POST /api/v1/auth/logout': 'logout',
  'POST /api/v1/auth/password-reset': 'requestPasswordReset',
  'POST /api/v1/auth/password-reset/confirm': 'confirmPasswordReset',
  'GET /api/v1/auth/me/preferences': 'getMyPreferences',
  'PUT /api/v1/auth/me/preferences': 'updateMyPreferences',

  'GET /api/v1/users': 'listUsers',
  'GET /api/v1/users/export.csv': 'exportUsersCsv',
  'POST /api/v1/users': 'createUser',
  'GET /api/v1/users/:id': 'getUser',
  'PUT /api/v1/users/:id': 'updateUser',
  'DELETE /api/v1/users/:id': 'deleteUser',

  'GET /api/v1/tour-operators': 'listTourOperators',
  'GET /api/v1/tour-operators/export.csv': 'exportTourOperatorsCsv',
  'POST /api/v1/tour-operators': 'createTourOperator',
  'GET /api/v1/tour-operators/:id': 'getTourOperator',
  'PUT /api/v1/tour-operators/:id': 'updateTourOperator',

  'GET /api/v1/products': 'listProducts',
  'GET /api/v1/products/export.csv': 'exportProductsCsv',
  'POST /api/v1/products': 'createProduct',
  'GET /api/v1/products/:id': 'getProduct',
  'PUT /api/v1/products/:id': 'updateProduct',
  'DELETE /api/v1/products/:id': 'deleteProduct',
  'GET /api/v1/products/:id/availability': 'getProductAvailability',
  'PUT /api/v1/products/:id/departures': 'updateDeparture',
  'POST /api/v1/products/:id/images': 'uploadProductImage',
  'PUT /api/v1/products/:id/images/order': 'reorderProductImages',
  'PUT /api/v1/products/:id/images/:imageId': 'updateProductImage',
  'DELETE /api/v1/products/:id/images/:imageId': 'deleteProductImage',

  'GET /api/v1/vehicles': 'listVehicles',
  'GET /api/v1/vehicles/export.csv': 'exportVehiclesCsv',
  'POST /api/v1/vehicles': 'createVehicle',
  'GET /api/v1/vehicles/:id': 'getVehicle',
  'PUT /api/v1/vehicles/:id': 'updateVehicle',
  'DELETE /api/v1/vehicles/:id': 'deleteVehicle',

  'GET /api/v1/persons': 'listPersons',
  'GET /api/v1/persons/export.csv': 'exportPersonsCsv',
  'POST /api/v1/persons': 'createPerson',
  'GET /api/v1/persons/:id': 'getPerson',
  'PUT /api/v1/persons/:id': 'updatePerson',
  'DELETE /api/v1/persons/:id': 'deletePerson',

  'GET /api/v1/accommodations/zones': 'listAccommodationZones',
  'POST /api/v1/accommodations/import': 'importAccommodations',
  'GET /api/v1/accommodations': 'listAccommodations',
  'GET /api/v1/accommodations/export.csv': 'exportAccommodationsCsv',
  'POST /api/v1/accommodations': 'createAccommodation',
  'GET /api/v1/accommodations/:id': 'getAccommodation',
  'PUT /api/v1/accommodations/:id': 'updateAccommodation',
  'DELETE /api/v1/accommodations/:id': 'deleteAccommodation',

  'GET /api/v1/bookings': 'listBookings',
  'GET /api/v1/bookings/export.csv': 'exportBookingsCsv',
  'POST /api/v1/bookings': 'createBooking',
  'GET /api/v1/bookings/calendar': 'getBookingCalendar',
  'GET /api/v1/bookings/calendar/days': 'getBookingCalendarDays',
  'GET /api/v1/bookings/calendar/columns': 'getBookingCalendarColumns',
  'POST /api/v1/bookings/quote': 'quoteBooking',
  'GET /api/v1/bookings/:id': 'getBooking',
  'PUT /api/v1/bookings/:id': 'updateBooking',
  'POST /api/v1/bookings/:id/cancel': 'cancelBooking',
  'GET /api/v1/bookings/:id/payments': 'listBookingPayments',
  'POST /api/v1/bookings/:id/payments': 'createBookingPayment',
  'GET /api/v1/bookings/:id/events': 'listBookingEvents',
  'GET /api/v1/bookings/:id/messages': 'listBookingMessages',
  'POST /api/v1/bookings/:id/whatsapp': 'openBookingWhatsapp',
  'POST /api/v1/bookings/:id/payment-links': 'createBookingPaymentLink',
  'POST /api/v1/bookings/:id/refunds': 'createBookingRefund',
  'POST /api/v1/products/:id/departures/cancel': 'cancelDeparture',

  'GET /api/v1/messages': 'listMessages',
  'GET /api/v1/messages/export.csv': 'exportMessagesCsv',
  'GET /api/v1/messages/:id': 'getMessage',
  'POST /api/v1/messages/:id/resend': 'resendMessage',
  'GET /api/v1/tour-operators/:id/message-settings': 'getMessageSettings',
  'PUT /api/v1/tour-operators/:id/message-settings': 'updateMessageSettings',
  'GET /api/v1/tour-operators/:id/payment-settings': 'getPaymentSettings',
  'PUT /api/v1/tour-operators/:id/payment-settings': 'updatePaymentSettings',
  'POST /api/v1/payments/redsys/notification': 'receiveRedsysNotification',
  'POST /api/v1/payments/stripe/webhook': 'receiveStripeWebhook',
  'POST /api/v1/users/:id/invitation': 'sendUserInvitation',

  'GET /api/v1/schedule-sheets': 'listScheduleSheets',
  'POST /api/v1/schedule-sheets': 'createScheduleSheet',
  'POST /api/v1/schedule-sheets/generate': 'generateScheduleSheets',
  'GET /api/v1/schedule-sheets/:id': 'getScheduleSheet',
  'PUT /api/v1/schedule-sheets/:id': 'updateScheduleSheet',
  'DELETE /api/v1/schedule-sheets/:id': 'deleteScheduleSheet',
  'POST /api/v1/schedule-sheets/:id/check-in': 'checkInScheduleSheet',
  'POST /api/v1/schedule-sheets/:id/finish': 'finishScheduleSheet',

  'GET /api/v1/dashboard': 'getDashboard',

  'GET /api/v1/public/products/:id': 'getPublicProduct',
  'GET /api/v1/public/products/:id/availability': 'getPublicProductAvailability',
  'GET /api/v1/public/accommodations': 'listPublicAccommodations',
  'POST /api/v1/public/bookings': 'createPublicBooking',
  'GET /api/v1/public/bookings/:id': 'getPublicBooking',
  'PUT /api/v1/public/bookings/:id': 'updatePublicBooking',
  'POST /api/v1/public/bookings/:id/cancel': 'cancelPublicBooking',
  'POST /api/v1/public/bookings/:id/payments': 'startPublicBookingPayment',

  'GET /api/v1/audit-log': 'listAuditLog',
  'GET /api/v1/audit-log/export.csv': 'exportAuditLogCsv',

  'GET /api/v1/jobs': 'getJobsStatus',

  'GET /api/v1/reports/sales': 'getSalesReport',
  'GET /api/v1/reports/sales/export.csv': 'exportSalesReportCsv',
  'GET /api/v1/reports/sales/export.xlsx': 'exportSalesReportXlsx',
  'GET /api/v1/reports/occupancy': 'getOccupancyReport',
  'GET /api/v1/reports/occupancy/export.csv': 'exportOccupancyReportCsv',
  'GET /api/v1/reports/occupancy/export.xlsx': 'exportOccupancyReportXlsx',
  'GET /api/v1/reports/cancellations': 'getCancellationsReport',
  'GET /api/v1/reports/cancellations/export.csv': 'exportCancellationsReportCsv',
  'GET /api/v1/reports/cancellations/export.xlsx': 'exportCancellationsReportXlsx',
  'GET /api/v1/reports/taxes': 'getTaxesReport',
  'GET /api/v1/reports/taxes/export.csv': 'exportTaxesReportCsv',
  'GET /api/v1/reports/taxes/export.xlsx': 'exportTaxesReportXlsx',

  'GET /api/v1/channels': 'listChannels',
  'POST /api/v1/channels': 'createChannel',
  'GET /api/v1/channels/:id': 'getChannel',
  'PUT /api/v1/channels/:id': 'updateChannel',
  'POST /api/v1/channels/:id/keys': 'createChannelKey',
  'GET /api/v1/channels/:id/keys': 'listChannelKeys',
  'DELETE /api/v1/channels/:id/keys/:keyId': 'revokeChannelKey',
  'GET /api/v1/channels/:id/requests': 'listChannelRequests',

  'GET /api/v1/invoices': 'listInvoices',
  'GET /api/v1/invoices/:id': 'getInvoice',
  'GET /api/v1/invoices/:id/record': 'getInvoiceRecord',
  'POST /api/v1/invoices/:id/record/resend': 'resendInvoiceRecord',
  'GET /api/v1/invoices/:id/pdf': 'getInvoicePdf',
  'POST /api/v1/invoices/:id/corrections': 'createInvoiceCorrection',
  'GET /api/v1/bookings/:id/invoices': 'listBookingInvoices',
  'POST /api/v1/bookings/:id/invoices': 'issueBookingInvoice',
  'GET /api/v1/public/bookings/:id/invoices': 'listPublicBookingInvoices',
  'POST /api/v1/public/bookings/:id/invoices': 'issuePublicBookingInvoice',
  'GET /api/v1/public/bookings/:id/invoices/:invoiceId/pdf': 'getPublicInvoicePdf',

  'GET /api/v1/commissions/due': 'listCommissionsDue',
  'GET /api/v1/commissions/due/summary': 'listCommissionsDueSummary',
  'POST /api/v1/commissions/statements': 'createCommissionStatement',
  'GET /api/v1/commissions/statements': 'listCommissionStatements',
  'GET /api/v1/commissions/statements/:id': 'getCommissionStatement',
  'POST /api/v1/commissions/statements/:id/settle': 'settleCommissionStatement',
  'GET /api/v1/commissions/statements/:id/export.csv': 'exportCommissionStatementCsv',

  'GET /api/v1/cash/holders': 'listCashHolders',
  'GET /api/v1/cash/holders/:id': 'getCashHolder',
  'POST /api/v1/cash/handovers': 'createCashHandover',
  'GET /api/v1/cash/handovers': 'listCashHandovers',
  'GET /api/v1/cash/handovers/:id': 'getCashHandover',
};

/** Operations whose JSON body may be left out (issue 34: POST /public/bookings/{id}/invoices). */
export const OPTIONAL_BODIES = new Set(['issuePublicBookingInvoice']);

/**
 * Examples of the main request bodies, by operationId (documentation: each one is checked against
 * its operation's schema by openapi-operations.test.ts, so an example never shows a refused body).
 */
export const REQUEST_EXAMPLES: Record<string, unknown> = {
  createBooking: {
    product_id: '3f1c2b8e-6a4d-4e1f-9b2a-7c5d8e9f0a1b',
    date: '2026-07-14',
    time: '09:30',
    pax: { adult: 2, child: 1 },
    customer_name: 'Ana García',
    customer_email: 'ana@example.com',
    customer_phone: '+34 600 000 000',
    customer_country: 'ES',
    accommodation_id: '6b0e7f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    room: '214',
  },
  createBookingPayment: { kind: 'payment', amount_cents: 4500, method: 'card', paid_at: '2026-07-01T09:30:00Z' },
  cancelBooking: { reason: 'El cliente no puede viajar' },
  createBookingPaymentLink: { channel: 'email', amount_cents: 8050, expires_in_hours: 72 },
  createBookingRefund: { amount_cents: 4500, reason: 'Un pasajero no puede viajar' },
  issueBookingInvoice: {
    kind: 'full',
    customer: {
      name: 'Viajes Atlántico S.L.',
      tax_id: 'B12345674',
      address: 'Calle del Castillo 12',
      postcode: '38002',
      city: 'Santa Cruz de Tenerife',
      country: 'ES',
    },
  },
  issuePublicBookingInvoice: {},
  createInvoiceCorrection: { amount_cents: 2500, reason: 'Devolución parcial por cancelación de un pasajero' },
  cancelDeparture: {
    date: '2026-07-14',
    time: '09:30',
    reason: 'weather',
    next_steps: 'Te devolveremos el importe íntegro. Si prefieres otra fecha, responde a este correo.',
  },
  updateMessageSettings: {
    sender_name: 'Teide Aventura Reservas',
    reply_to: 'reservas@teideaventura.es',
    reminder_time: '18:00',
    enabled_kinds: ['booking_confirmed', 'booking_changed', 'booking_cancelled', 'booking_reminder'],
  },
  updatePaymentSettings: {
    provider: 'redsys',
    mode: 'test',
    hold_minutes: 15,
    redsys: { merchant_code: '999008881', terminal: '1', secret_key: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7', bizum: true },
  },
  startPublicBookingPayment: { pay_method: 'card' },
  createChannel: {
    name: 'Tenerife Tours Online',
    kind: 'octo',
    commission_pct: 20,
    collects: 'operator',
    product_ids: null,
    allotment: 10,
    webhook_url: 'https://reservas.tenerifetours.example/webhooks/trayecto',
    webhook_secret: 'whk_9f2c4e7a1b3d5f60',
    contact_email: 'integraciones@tenerifetours.example',
  },
  updateChannel: {
    commission_pct: 18.5,
    net_rates: [{ product_id: '3f1c2b8e-6a4d-4e1f-9b2a-7c5d8e9f0a1b', pax_type: 'adult', net_cents: 3600 }],
  },
  createChannelKey: { label: 'Producción' },
  createCommissionStatement: {
    party_kind: 'seller',
    seller_id: '6b0e7f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    from: '2026-07-01',
    to: '2026-07-31',
  },
  settleCommissionStatement: { settled_on: '2026-08-05', method: 'transfer', reference: 'TRF 2026-0815' },
  createCashHandover: {
    holder_id: '6b0e7f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    payment_ids: ['3f1c2b8e-6a4d-4e1f-9b2a-7c5d8e9f0a1b'],
    received_cents: 12000,
    notes: 'Faltan 5 € del cambio',
  },
  createPublicBooking: {
    product_id: '3f1c2b8e-6a4d-4e1f-9b2a-7c5d8e9f0a1b',
    date: '2026-07-14',
    time: '09:30',
    pax: { adult: 2 },
    customer_name: 'John Smith',
    customer_email: 'john@example.com',
    customer_phone: '+44 7700 900000',
    customer_country: 'GB',
    accept_terms: true,
  },
  createProduct: {
    code: 'TEIDE-01',
    name: 'Excursión al Teide',
    capacity: 50,
    prices: [
      { pax_type: 'adult', amount_cents: 4500 },
      { pax_type: 'child', amount_cents: 2500, min_age: 3, max_age: 11 },
    ],
    availability_rules: [{ weekdays: [1, 3, 5], times: ['09:00'], valid_from: '2026-01-01', valid_to: null }],
  },
};

type Json = Record<string, unknown>;
type Schema = Json & { properties?: Record<string, Json>; required?: string[] };
type Parameter = {
  in: string;
  name: string;
  required?: boolean;
  allowEmptyValue?: boolean;
  description?: string;
  schema?: Schema;
  style?: string;
  explode?: boolean;
};
type Operation = Json & {
  operationId?: string;
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Schema; example?: unknown }> };
  responses: Record<string, Json & { description: string; content?: Record<string, { schema?: Schema }> }>;
  security?: unknown[];
  'x-list-filters'?: Record<string, string>;
  'x-list-sort'?: string[];
  'x-list-parameters'?: Parameter[];
  'x-multipart-body'?: Schema;
};
export type OpenApiDocument = Json & { paths?: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** "/api/v1/products/{id}" → "/api/v1/products/:id" (the key of OPERATION_IDS). */
export const routeKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`;

const SUCCESS: Record<string, string> = {
  '200': 'Correcto',
  '201': 'Creado',
  '204': 'Hecho; la respuesta no tiene cuerpo',
};

/** The codes the API answers with this status, from the shared table (the error handler's source). */
const codesOf = (status: number) =>
  (Object.keys(ERROR_CODES) as TErrorCode[]).filter((c) => ERROR_CODES[c].status === status);

const errorDescription = (status: number) =>
  ['Error (`code`):', ...codesOf(status).map((c) => `- \`${c}\`: ${ERROR_CODES[c].description}`)].join('\n');

const ERROR_REF = { $ref: '#/components/schemas/ErrorResponse' };

/** Operations that never touch the database (liveness), so never answer its 503. */
const NO_DATABASE = new Set(['getHealth']);

/** Methods whose requests Fastify reads a body of (if one is sent), whether the operation takes one or not. */
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/**
 * The statuses an operation can answer besides its own, whatever the route: Node's (before any
 * route), the framework's and the guards'.
 */
function frameworkStatuses(method: string, op: Operation): number[] {
  // Node itself (error-handler.ts clientErrorHandler): a malformed request, a head that does not
  // arrive in time, a request line and headers over 16 KB (a long query string).
  const statuses = [400, 408, 431, 500];
  // The database restarting, unreachable or out of disk: 503 + Retry-After on everything that reads it.
  if (!NO_DATABASE.has(op.operationId ?? '')) statuses.push(503);
  const hasPathParams = (op.parameters ?? []).some((p) => p.in === 'path');
  if (hasPathParams) statuses.push(404, 414);
  // A body sent is read as JSON (or multipart on an upload) even where the operation ignores it:
  // too large or of another media type, it is refused before the route.
  if (op.requestBody || BODY_METHODS.has(method)) statuses.push(413, 415);
  if (op.requestBody) statuses.push(422);
  // An operation without its own `security` has the document's bearer token: no or a bad token → 401,
  // a role that may not → 403.
  if (!op.security || op.security.length > 0) statuses.push(401, 403);
  return statuses;
}

/**
 * Paging parameters an empty value of is their default (`page=`: the first page, `per_page=`: 50,
 * `cursor=`: no cursor, the first page), as a form sends an empty field (parseListQuery, the
 * bookings list's cursor): the document says so with OpenAPI 3.0's `allowEmptyValue` (issue 31).
 */
const EMPTY_IS_DEFAULT = new Set(['page', 'per_page', 'cursor']);

/**
 * The list conventions (lib/filters.ts parseListQuery) as typed parameters: `page` and `per_page`
 * with their bounds, `q` with its length, `sort` as a comma-separated list of the list's fields
 * (each with an optional `-`), and the list's filters (`x-list-parameters`, route-schemas.ts).
 */
function typeListParameters(op: Operation) {
  const sortFields = op['x-list-sort'];
  for (const p of op.parameters ?? []) {
    if (p.in !== 'query') continue;
    if (EMPTY_IS_DEFAULT.has(p.name) && !p.allowEmptyValue) {
      p.allowEmptyValue = true;
      if (p.name !== 'cursor') p.description = `${p.description ?? ''}. Vacío: el valor por defecto`;
    }
    if (p.name === 'page') p.schema = { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 };
    if (p.name === 'per_page')
      p.schema = { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE };
    if (p.name === 'q') p.schema = { type: 'string', maxLength: MAX_VALUE_LENGTH, pattern: TEXT_PATTERN };
    if (p.name === 'sort' && sortFields?.length) {
      p.schema = { type: 'array', items: { type: 'string', enum: sortFields.flatMap((f) => [f, `-${f}`]) } };
      p.style = 'form';
      p.explode = false;
      p.description = `${p.description ?? ''}. Campos: ${sortFields.join(', ')}`;
    }
  }
  const filters = op['x-list-parameters'];
  if (filters) op.parameters = [...(op.parameters ?? []), ...filters];
  delete op['x-list-sort'];
  delete op['x-list-parameters'];
}

/**
 * The document as published: operationIds, error answers and descriptions, 204 without content,
 * typed list parameters, the multipart body and the examples. Operations missing from OPERATION_IDS
 * keep no id (the test names them).
 */
export function finishDocument<T>(document: T): T {
  const doc = document as OpenApiDocument;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const id = OPERATION_IDS[routeKey(method, path)];
      if (id) op.operationId = id;

      const multipart = op['x-multipart-body'];
      if (multipart) {
        op.requestBody = { required: true, content: { 'multipart/form-data': { schema: multipart } } };
        delete op['x-multipart-body'];
      }
      // A body the operation may go without (the customer's invoice request: none asks for the simplified one).
      if (id && OPTIONAL_BODIES.has(id) && op.requestBody) op.requestBody.required = false;
      const example = id ? REQUEST_EXAMPLES[id] : undefined;
      const json = op.requestBody?.content['application/json'];
      if (json && example !== undefined) json.example = example;

      typeListParameters(op);

      for (const status of frameworkStatuses(method, op)) {
        op.responses[String(status)] ??= { description: '', content: { 'application/json': { schema: ERROR_REF } } };
      }
      for (const [status, res] of Object.entries(op.responses)) {
        const code = Number(status);
        if (code === 204) delete res.content;
        if (code >= 400) res.description = errorDescription(code);
        else if (!res.description || res.description === 'Default Response')
          res.description = SUCCESS[status] ?? 'Correcto';
      }
      op.responses = Object.fromEntries(Object.entries(op.responses).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
  nullableEnumsAllowNull(doc);
  return document;
}

/**
 * OpenAPI 3.0.3: `nullable` does not widen an `enum`, so a nullable enum (zod's `.nullable()` of
 * an enum) must list null among its values for a validator to accept the null it allows.
 */
function nullableEnumsAllowNull(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) nullableEnumsAllowNull(n);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o.nullable === true && Array.isArray(o.enum) && !o.enum.includes(null)) o.enum = [...o.enum, null];
  for (const v of Object.values(o)) nullableEnumsAllowNull(v);
}
