/**
 * The OCTO API's errors (ADR 023, OCTO core 1.x "Errors"): every refusal answers
 * `{ error, errorMessage }` plus the id the specification names (`productId`, `optionId`, `unitId`,
 * `availabilityId`, a booking's `uuid`) — never the back-office `{ code, message }`. Statuses: the specification
 * answers every refusal with 400 (its validator checks that), except where ADR 023 or HTTP says
 * more: a missing or refused key 401, an unknown operation 404, over the rate limit 429 with
 * Retry-After, a failure of ours 500 (503 with Retry-After while the database is busy).
 */
import { AppError } from '../../lib/app-error';
import { type OctoMessageKey, type OctoMessageLocale, type OctoMessageParams, octoMessage } from './octo.messages';

/** The specification's error codes (and only those: a reseller's client switches on them). */
export const OCTO_ERROR_CODES = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'BAD_REQUEST',
  'UNPROCESSABLE_ENTITY',
  'INVALID_PRODUCT_ID',
  'INVALID_OPTION_ID',
  'INVALID_UNIT_ID',
  'INVALID_AVAILABILITY_ID',
  'INVALID_BOOKING_UUID',
  'INTERNAL_SERVER_ERROR',
] as const;
export type TOctoErrorCode = (typeof OCTO_ERROR_CODES)[number];

/** Each code's usual status (an error may carry another: 404, 429, 503). */
const STATUS: Record<TOctoErrorCode, number> = {
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  BAD_REQUEST: 400,
  UNPROCESSABLE_ENTITY: 400,
  INVALID_PRODUCT_ID: 400,
  INVALID_OPTION_ID: 400,
  INVALID_UNIT_ID: 400,
  INVALID_AVAILABILITY_ID: 400,
  INVALID_BOOKING_UUID: 400,
  INTERNAL_SERVER_ERROR: 500,
};

/** The id field an error carries (the value the reseller sent). */
export type OctoErrorIds = Partial<Record<'productId' | 'optionId' | 'unitId' | 'availabilityId' | 'uuid', string>>;

export type OctoErrorBody = { error: TOctoErrorCode; errorMessage: string } & OctoErrorIds;

/**
 * A refusal of the OCTO API: its code, the message key (written in the request's language when it
 * is answered), the ids of the body, and optionally another status and headers.
 */
export class OctoError extends Error {
  readonly status: number;

  constructor(
    readonly code: TOctoErrorCode,
    readonly messageKey: OctoMessageKey,
    readonly opts: {
      params?: OctoMessageParams;
      ids?: OctoErrorIds;
      status?: number;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(`${code}: ${octoMessage('en', messageKey, opts.params)}`, opts.cause ? { cause: opts.cause } : undefined);
    this.name = 'OctoError';
    this.status = opts.status ?? STATUS[code];
  }

  /** The answer's body in a language. */
  body(locale: OctoMessageLocale): OctoErrorBody {
    return { error: this.code, errorMessage: octoMessage(locale, this.messageKey, this.opts.params), ...this.opts.ids };
  }
}

export const invalidProduct = (productId: string) =>
  new OctoError('INVALID_PRODUCT_ID', 'invalidProduct', { ids: { productId } });
export const invalidOption = (optionId: string) =>
  new OctoError('INVALID_OPTION_ID', 'invalidOption', { ids: { optionId } });
export const invalidUnit = (unitId: string) => new OctoError('INVALID_UNIT_ID', 'invalidUnit', { ids: { unitId } });
export const invalidAvailability = (availabilityId: string) =>
  new OctoError('INVALID_AVAILABILITY_ID', 'invalidAvailability', { ids: { availabilityId } });
export const invalidBooking = (uuid: string) =>
  new OctoError('INVALID_BOOKING_UUID', 'invalidBooking', { ids: { uuid } });
export const badRequest = (key: OctoMessageKey, params?: OctoMessageParams) =>
  new OctoError('BAD_REQUEST', key, { params });
/** The request is understood but cannot be done (no seats, the hold ended, the booking's state…). */
export const unprocessable = (key: OctoMessageKey, params?: OctoMessageParams) =>
  new OctoError('UNPROCESSABLE_ENTITY', key, { params });

/** The AppError an error carries (drizzle wraps what is thrown inside a transaction), if any. */
export function appErrorOf(err: unknown): AppError | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (e instanceof AppError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
