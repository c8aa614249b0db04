/**
 * Errors by code (STYLE.md rule 4, issue 13). Services throw AppError with one of the shared
 * codes (`@trayecto/shared` ERROR_CODES, which also gives its HTTP status); the error handler
 * answers `{ code, message, errors? }` and hides the details of anything unexpected.
 */
import { ERROR_CODES, type TErrorCode } from '@trayecto/shared';

export type FieldErrors = Record<string, string[]>;

export type AppErrorOptions = {
  code: TErrorCode;
  /** Spanish, for people; clients decide on `code`, never on this text. */
  message: string;
  /** Messages per field (the body's `errors`). */
  errors?: FieldErrors;
  /** Headers of the answer (e.g. Retry-After). */
  headers?: Record<string, string>;
  /** Extra fields of the error body beside `code`, `message` and `errors` (e.g. the public 409's `alternatives`). */
  extra?: Record<string, unknown>;
  cause?: unknown;
};

/** The JSON body of an error answer. */
export type ErrorBody = { code: TErrorCode; message: string; errors?: FieldErrors } & Record<string, unknown>;

export class AppError extends Error {
  readonly code: TErrorCode;
  readonly errors?: FieldErrors;
  readonly headers?: Record<string, string>;
  readonly extra?: Record<string, unknown>;

  constructor({ code, message, errors, headers, extra, cause }: AppErrorOptions) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AppError';
    this.code = code;
    this.errors = errors;
    this.headers = headers;
    this.extra = extra;
  }

  /** The HTTP status of the answer: the code's, from the shared table. */
  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  /** The JSON body the API answers for this error (the error handler adds the request id on a 5xx). */
  toBody(): ErrorBody {
    return { ...this.extra, code: this.code, message: this.message, errors: this.errors };
  }
}

export const notFound = (what = 'El recurso') => new AppError({ code: 'NOT_FOUND', message: `${what} no existe` });
export const forbidden = (message = 'No tienes permiso para realizar esta acción') =>
  new AppError({ code: 'FORBIDDEN', message });
export const validation = (errors: FieldErrors, message = 'Hay errores en los datos enviados') =>
  new AppError({ code: 'VALIDATION', message, errors });
/** An error about one field: `message` is both the answer's message and the field's. */
export const fieldError = (code: TErrorCode, field: string, message: string) =>
  new AppError({ code, message, errors: { [field]: [message] } });

/** The generic code of each status some of ours share (for errors that come with a status only). */
const GENERIC_BY_STATUS: Partial<Record<number, TErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION',
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/**
 * The generic code for an error known only by its status (Fastify's and its plugins' own errors,
 * refusals stored before codes existed). A status none of our codes has gets BAD_REQUEST (4xx) or
 * INTERNAL (5xx), whose status then replaces it.
 */
export const genericCode = (status: number): TErrorCode =>
  GENERIC_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
