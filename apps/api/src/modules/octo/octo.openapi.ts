/**
 * The OCTO API's own OpenAPI 3.0 document, served at GET /api/octo/v1/openapi.json without a key
 * (the back-office document at /api/v1/openapi.json does not list these operations). Its schemas
 * are generated from the zod schemas the routes validate and serialise with (octo.schemas.ts), so
 * the document and the answers cannot drift; `npm run lint:openapi` lints it like the main one.
 */
import { z } from 'zod';
import { apiLicence } from '../../plugins/openapi';
import { HOLD_MINUTES, MAX_LISTED_BOOKINGS } from './octo.bookings';
import { OCTO_ERROR_CODES } from './octo.errors';
import { DEFAULT_OCTO_RATE_LIMIT } from './octo.rate-limit';
import { DEFAULT_OPTION_ID, OCTO_CAPABILITIES, OCTO_COMPONENTS } from './octo.schemas';
import { OCTO_BASE_PATH } from './octo.service';
import { AVAILABILITY_DAYS_AHEAD } from './octo.slots';

type Json = Record<string, unknown>;

const REF_PREFIX = '#/components/schemas/';

/**
 * zod's OpenAPI 3.0 output, tidied: no `$id` (OpenAPI 3.0 has none), a lone reference wrapped in
 * `allOf` (how zod writes an optional one) as the reference itself, and a nullable reference
 * (`nullable` beside `allOf`, which no validator lets null through) as the schema it refers to,
 * written in place and made nullable.
 */
function tidy(value: unknown, resolve: (ref: string) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => tidy(v, resolve));
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([k]) => k !== '$id');
  const [only] = entries;
  if (entries.length === 1 && only[0] === 'allOf' && Array.isArray(only[1]) && only[1].length === 1) {
    return tidy(only[1][0], resolve);
  }
  const { allOf, ...rest } = Object.fromEntries(entries) as { allOf?: { $ref?: string }[] } & Json;
  const target = rest.nullable === true && allOf?.length === 1 && allOf[0].$ref ? resolve(allOf[0].$ref) : undefined;
  if (target && typeof target === 'object') {
    return { ...(tidy(target, resolve) as Json), ...(tidy(rest, resolve) as Json) };
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, tidy(v, resolve)]));
}

/** Named zod schemas → OpenAPI 3.0 components that refer to each other by name. */
function componentsOf(named: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'openapi-3.0',
    io,
    uri: (id) => `${REF_PREFIX}${id}`,
  }) as { schemas: Record<string, Json> };
  const resolve = (ref: string) => (ref.startsWith(REF_PREFIX) ? schemas[ref.slice(REF_PREFIX.length)] : undefined);
  return tidy(schemas, resolve) as Record<string, Json>;
}

const ref = (name: string) => ({ $ref: `${REF_PREFIX}${name}` });
const json = (schema: Json) => ({ 'application/json': { schema } });

const ERRORS_TEXT = OCTO_ERROR_CODES.map((c) => `\`${c}\``).join(', ');

/** The refusals every operation can give (the specification's body; the codes in the description). */
const errorResponses = (codes: string[]) => ({
  '400': {
    description: `The request is refused: ${codes.map((c) => `\`${c}\``).join(', ')} (the id field the code names carries the value sent).`,
    content: json(ref('Error')),
  },
  '401': {
    description: '`UNAUTHORIZED`: no key, a malformed, unknown or revoked key, or an inactive channel.',
    content: json(ref('Error')),
  },
  '429': {
    description: `\`BAD_REQUEST\` with status 429: over the key's rate limit (${DEFAULT_OCTO_RATE_LIMIT.max} requests a minute); Retry-After says how many seconds to wait.`,
    headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } },
    content: json(ref('Error')),
  },
  '500': {
    description: '`INTERNAL_SERVER_ERROR`: a failure of ours.',
    content: json(ref('Error')),
  },
  '503': {
    description:
      '`INTERNAL_SERVER_ERROR` with status 503: the database is restarting or unreachable; nothing was done, retry after Retry-After seconds.',
    headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } },
    content: json(ref('Error')),
  },
});

const answerHeaders = {
  'Octo-Capabilities': {
    description: 'The capabilities applied to this answer (those asked for that this supplier implements).',
    schema: { type: 'string' },
  },
};
const contentHeaders = {
  ...answerHeaders,
  'Content-Language': {
    description: 'With octo/content: the language of the texts.',
    schema: { type: 'string' },
  },
  'Available-Languages': {
    description: 'With octo/content: the languages the texts are written in.',
    schema: { type: 'string' },
  },
};

const headerParameters = [
  { $ref: '#/components/parameters/OctoCapabilities' },
  { $ref: '#/components/parameters/AcceptLanguage' },
];

const CALENDAR_EXAMPLE = {
  productId: '6b903d44-dc24-4ca4-ae71-6bde6c4f4854',
  optionId: DEFAULT_OPTION_ID,
  localDateStart: '2026-12-01',
  localDateEnd: '2026-12-31',
  units: [{ id: 'adult', quantity: 2 }],
};
const RESERVE_EXAMPLE = {
  uuid: '559aed3d-6d5b-4fe0-bfca-99f5e7218a56',
  productId: '6b903d44-dc24-4ca4-ae71-6bde6c4f4854',
  optionId: DEFAULT_OPTION_ID,
  availabilityId: '2026-12-01T09:00:00+00:00',
  unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'child' }],
  expirationMinutes: 30,
  resellerReference: 'RES-0001',
};
const CONFIRM_EXAMPLE = {
  resellerReference: 'RES-0001',
  emailReceipt: false,
  contact: {
    firstName: 'Lucía',
    lastName: 'Pérez',
    emailAddress: 'lucia@example.com',
    phoneNumber: '+34 600 000 000',
    country: 'ES',
    locales: ['es'],
  },
};

const uuidParameter = {
  name: 'uuid',
  in: 'path',
  required: true,
  description: 'The booking uuid the reseller gave when reserving.',
  schema: { type: 'string' },
};
const BOOKING_ERRORS = ['INVALID_BOOKING_UUID', 'UNPROCESSABLE_ENTITY', 'BAD_REQUEST'];
const bookingAnswer = (description: string) => ({
  '200': { description, headers: contentHeaders, content: json(ref('Booking')) },
});
const bookingBody = (name: string, example?: Json, required = true) => ({
  required,
  content: { 'application/json': { schema: ref(name), ...(example ? { example } : {}) } },
});
const queryParameter = (name: string, description: string, format?: string) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema: { type: 'string', ...(format ? { format } : {}) },
});

const AVAILABILITY_EXAMPLE = {
  productId: '6b903d44-dc24-4ca4-ae71-6bde6c4f4854',
  optionId: DEFAULT_OPTION_ID,
  localDateStart: '2026-12-01',
  localDateEnd: '2026-12-07',
};

/** The whole document; `publicUrl` (PUBLIC_URL) makes the server and the licence absolute. */
export function octoOpenApiDocument(publicUrl: string | undefined) {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Trayecto OCTO API',
      version: '1.0.0',
      description: [
        "OCTO core 1.x supplier API of the operator's Trayecto installation, for resellers (OTAs, channel managers), with the capabilities " +
          `${OCTO_CAPABILITIES.join(', ')}. Authenticate with the channel key the operator gives you: \`Authorization: Bearer trk_…\`.`,
        '',
        `Every product has one option, \`${DEFAULT_OPTION_ID}\`; units are passenger types (adult, child, infant, senior). Availability ids are the departure's local start with the operator's offset. Availability reaches ${AVAILABILITY_DAYS_AHEAD} days ahead.`,
        '',
        `Bookings: reserve (ON_HOLD, the seats held ${HOLD_MINUTES.default} minutes unless \`expirationMinutes\` says otherwise, ${HOLD_MINUTES.min} to ${HOLD_MINUTES.max}), then confirm; your \`uuid\` makes the reserve idempotent. Changing the product, the departure, the passengers or the pickup is not supported yet: cancel and book again.`,
        '',
        `Errors: \`{ error, errorMessage }\` with one of ${ERRORS_TEXT} and, where the specification says so, the id sent (productId, optionId, unitId, availabilityId, uuid).`,
      ].join('\n'),
      license: apiLicence(publicUrl),
    },
    servers: [{ url: `${publicUrl ?? ''}${OCTO_BASE_PATH}` }],
    tags: [
      { name: 'Supplier', description: 'The operator that supplies the products.' },
      { name: 'Capabilities', description: 'The OCTO capabilities this supplier implements.' },
      { name: 'Products', description: "The products the key's channel may sell." },
      { name: 'Availability', description: 'Departures, vacancies and prices.' },
      {
        name: 'Bookings',
        description: "The key's channel's bookings: reserve, confirm, change, extend, cancel, read.",
      },
    ],
    security: [{ channelKey: [] }],
    paths: {
      '/capabilities': {
        get: {
          operationId: 'listCapabilities',
          tags: ['Capabilities'],
          summary: 'The capabilities this supplier implements',
          responses: {
            '200': {
              description: 'The capabilities.',
              headers: answerHeaders,
              content: json({ type: 'array', items: ref('Capability') }),
            },
            ...errorResponses(['BAD_REQUEST']),
          },
        },
      },
      '/supplier': {
        get: {
          operationId: 'getSupplier',
          tags: ['Supplier'],
          summary: 'The operator: its id, name, this endpoint and its contact',
          parameters: headerParameters,
          responses: {
            '200': { description: 'The supplier.', headers: answerHeaders, content: json(ref('Supplier')) },
            ...errorResponses(['BAD_REQUEST']),
          },
        },
      },
      '/products': {
        get: {
          operationId: 'listProducts',
          tags: ['Products'],
          summary: "Every product the key's channel may sell",
          parameters: headerParameters,
          responses: {
            '200': {
              description: 'The products (with octo/content, their texts in the language negotiated for each).',
              headers: contentHeaders,
              content: json({ type: 'array', items: ref('Product') }),
            },
            ...errorResponses(['BAD_REQUEST']),
          },
        },
      },
      '/products/{id}': {
        get: {
          operationId: 'getProduct',
          tags: ['Products'],
          summary: 'One product; one the channel may not sell is INVALID_PRODUCT_ID',
          parameters: [
            { name: 'id', in: 'path', required: true, description: 'The product id.', schema: { type: 'string' } },
            ...headerParameters,
          ],
          responses: {
            '200': { description: 'The product.', headers: contentHeaders, content: json(ref('Product')) },
            ...errorResponses(['INVALID_PRODUCT_ID', 'BAD_REQUEST']),
          },
        },
      },
      '/availability/calendar': {
        post: {
          operationId: 'getAvailabilityCalendar',
          tags: ['Availability'],
          summary: 'One entry per day asked (CLOSED and SOLD_OUT days included)',
          parameters: headerParameters,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref('AvailabilityCalendarBody'), example: CALENDAR_EXAMPLE } },
          },
          responses: {
            '200': {
              description: 'The days.',
              headers: answerHeaders,
              content: json({ type: 'array', items: ref('AvailabilityCalendar') }),
            },
            ...errorResponses(['INVALID_PRODUCT_ID', 'INVALID_OPTION_ID', 'INVALID_UNIT_ID', 'BAD_REQUEST']),
          },
        },
      },
      '/availability': {
        post: {
          operationId: 'checkAvailability',
          tags: ['Availability'],
          summary:
            'Every departure of the days asked (localDate, or localDateStart and localDateEnd), or those named by availabilityIds',
          parameters: headerParameters,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref('AvailabilityCheckBody'), example: AVAILABILITY_EXAMPLE } },
          },
          responses: {
            '200': {
              description: 'The departures.',
              headers: answerHeaders,
              content: json({ type: 'array', items: ref('Availability') }),
            },
            ...errorResponses([
              'INVALID_PRODUCT_ID',
              'INVALID_OPTION_ID',
              'INVALID_UNIT_ID',
              'INVALID_AVAILABILITY_ID',
              'BAD_REQUEST',
            ]),
          },
        },
      },
      '/bookings': {
        post: {
          operationId: 'reserveBooking',
          tags: ['Bookings'],
          summary: 'Reserve a departure: an ON_HOLD booking holding its seats until utcExpiresAt',
          description:
            'The same uuid again answers the same booking (seats are held once). No seats, a closed or started departure, or passengers the product does not take: UNPROCESSABLE_ENTITY.',
          parameters: headerParameters,
          requestBody: bookingBody('BookingReservationBody', RESERVE_EXAMPLE),
          responses: {
            ...bookingAnswer('The booking, ON_HOLD.'),
            ...errorResponses([
              'INVALID_PRODUCT_ID',
              'INVALID_OPTION_ID',
              'INVALID_UNIT_ID',
              'INVALID_AVAILABILITY_ID',
              'UNPROCESSABLE_ENTITY',
              'BAD_REQUEST',
            ]),
          },
        },
        get: {
          operationId: 'listBookings',
          tags: ['Bookings'],
          summary: "The channel's bookings by reference, locator or local date (at least one filter)",
          description: `By date and time, at most ${MAX_LISTED_BOOKINGS}. The filters combine; a range is at most ${AVAILABILITY_DAYS_AHEAD} days.`,
          parameters: [
            queryParameter('resellerReference', 'Your reference of the booking.'),
            queryParameter('supplierReference', 'Our locator (TRY-XXXXXX).'),
            queryParameter('localDate', 'The departure date (YYYY-MM-DD).', 'date'),
            queryParameter('localDateStart', 'First departure date of a range (with localDateEnd).', 'date'),
            queryParameter('localDateEnd', 'Last departure date of a range (with localDateStart).', 'date'),
            ...headerParameters,
          ],
          responses: {
            '200': {
              description: 'The bookings (maybe none).',
              headers: contentHeaders,
              content: json({ type: 'array', items: ref('Booking') }),
            },
            ...errorResponses(['BAD_REQUEST']),
          },
        },
      },
      '/bookings/{uuid}': {
        get: {
          operationId: 'getBooking',
          tags: ['Bookings'],
          summary: 'One booking of the channel, by its uuid',
          parameters: [uuidParameter, ...headerParameters],
          responses: { ...bookingAnswer('The booking.'), ...errorResponses(['INVALID_BOOKING_UUID', 'BAD_REQUEST']) },
        },
        patch: {
          operationId: 'updateBooking',
          tags: ['Bookings'],
          summary: "Change the booking's contact, reference or notes (and extend a hold)",
          description:
            'The product, option, availability, unit items and pickup may be sent only as they are: changing them is UNPROCESSABLE_ENTITY (cancel and book again).',
          parameters: [uuidParameter, ...headerParameters],
          requestBody: bookingBody('BookingUpdateBody'),
          responses: {
            ...bookingAnswer('The booking, changed.'),
            ...errorResponses([
              'INVALID_BOOKING_UUID',
              'INVALID_OPTION_ID',
              'INVALID_UNIT_ID',
              'UNPROCESSABLE_ENTITY',
              'BAD_REQUEST',
            ]),
          },
        },
      },
      '/bookings/{uuid}/confirm': {
        post: {
          operationId: 'confirmBooking',
          tags: ['Bookings'],
          summary: 'Confirm an ON_HOLD booking with its contact',
          description:
            'Once its hold has ended (EXPIRED) or it is cancelled: UNPROCESSABLE_ENTITY. Confirming a CONFIRMED booking updates its contact and answers it. Unit items may be sent as reserved; their contacts are not kept.',
          parameters: [uuidParameter, ...headerParameters],
          requestBody: bookingBody('BookingConfirmationBody', CONFIRM_EXAMPLE),
          responses: {
            ...bookingAnswer('The booking, CONFIRMED, with its voucher.'),
            ...errorResponses(['INVALID_BOOKING_UUID', 'INVALID_UNIT_ID', ...BOOKING_ERRORS.slice(1)]),
          },
        },
      },
      '/bookings/{uuid}/extend': {
        post: {
          operationId: 'extendBooking',
          tags: ['Bookings'],
          summary: "Hold an ON_HOLD booking's seats longer",
          parameters: [uuidParameter, ...headerParameters],
          requestBody: bookingBody('ExtendReservationBody', { expirationMinutes: 30 }, false),
          responses: { ...bookingAnswer('The booking, its hold ending later.'), ...errorResponses(BOOKING_ERRORS) },
        },
      },
      '/bookings/{uuid}/cancel': {
        post: {
          operationId: 'cancelBooking',
          tags: ['Bookings'],
          summary: 'Cancel a booking (a hold at any time, a confirmed one until its cancellation cut-off)',
          description: 'Its seats go back on sale. Cancelling a cancelled booking answers it again.',
          parameters: [uuidParameter, ...headerParameters],
          requestBody: bookingBody('BookingCancellationBody', { reason: 'Customer changed plans' }, false),
          responses: { ...bookingAnswer('The booking, CANCELLED.'), ...errorResponses(BOOKING_ERRORS) },
        },
      },
    },
    components: {
      securitySchemes: {
        channelKey: {
          type: 'http',
          scheme: 'bearer',
          description: "The channel's key (`trk_` and 40 characters), given once by the operator.",
        },
      },
      parameters: {
        OctoCapabilities: {
          name: 'Octo-Capabilities',
          in: 'header',
          required: false,
          description: `The capabilities asked for, comma-separated: ${OCTO_CAPABILITIES.join(', ')}.`,
          schema: { type: 'string' },
        },
        AcceptLanguage: {
          name: 'Accept-Language',
          in: 'header',
          required: false,
          description: "The texts' preferred languages (octo/content) and of the error messages (es or en).",
          schema: { type: 'string' },
        },
      },
      schemas: {
        ...componentsOf(OCTO_COMPONENTS.answers, 'output'),
        ...componentsOf(OCTO_COMPONENTS.requests, 'input'),
      },
    },
  };
}
