/**
 * Errors by code (STYLE.md rule 4). Services throw AppError; the error handler maps the code to an
 * HTTP status and hides the details of anything unexpected.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  VALIDATION: 422,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
  DATA_DIR_LOCKED: 500,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly errors?: FieldErrors,
    public readonly headers?: Record<string, string>,
    /** Extra fields of the error body beside `message` and `errors` (e.g. the public 409's `alternatives`). */
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** The JSON body the API answers for this error (the error handler adds the request id on a 5xx). */
  toBody(): { message: string; errors?: FieldErrors } & Record<string, unknown> {
    return { message: this.message, errors: this.errors, ...this.extra };
  }
}

export const notFound = (what = 'El recurso') => new AppError('NOT_FOUND', `${what} no existe`);
export const forbidden = (message = 'No tienes permiso para realizar esta acción') =>
  new AppError('FORBIDDEN', message);
export const validation = (errors: FieldErrors, message = 'Hay errores en los datos enviados') =>
  new AppError('VALIDATION', message, errors);
