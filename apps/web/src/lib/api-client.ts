/**
 * The one HTTP client of the back-office (spec §7, §8).
 * - Every request carries the stored token as `Authorization: Bearer <token>`.
 * - Any 401 answer to a call made with a token removes the token, sends the browser to /login and
 *   leaves a Spanish note in the console.
 * - Error answers `{code, message, errors?}` become an `ApiError`: screens decide on its `code`
 *   (never on the Spanish message), forms map `fieldErrors` onto their fields.
 */
import { API_PREFIX, isErrorCode, MSG, type TErrorCode } from '@trayecto/shared';
import { clearSession, getToken } from './auth-storage';

export const API_BASE = `${import.meta.env.VITE_API_BASE ?? ''}${API_PREFIX}`;

export type TFieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer (network down, aborted). */
  readonly status: number;
  /** The answer's machine code (`body.code`); null without one (no answer, not our JSON). */
  readonly code: TErrorCode | null;
  readonly fieldErrors: TFieldErrors;
  readonly body: unknown;
  constructor(status: number, message: string, fieldErrors: TFieldErrors = {}, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
    this.code = isErrorCode(code) ? code : null;
    this.fieldErrors = fieldErrors;
    this.body = body;
  }
  get isNetworkError() {
    return this.status === 0;
  }
}

export type TApiResponse<T> = { data: T; status: number; headers: Headers };

export type TRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData (file uploads) is sent as multipart as it is. */
  body?: unknown;
  /** A ready query string, e.g. from buildListQuery ("?level[eq]=4&page=1"). */
  query?: string;
  signal?: AbortSignal;
  /**
   * The login call answers 401 for wrong credentials: it handles that itself instead of the
   * global "session expired" treatment.
   */
  handleUnauthorized?: boolean;
  /** Extra headers, e.g. `Idempotency-Key` on a refund (ADR 022). */
  headers?: Record<string, string>;
};

type TUnauthorizedHandler = () => void;

const goToLogin: TUnauthorizedHandler = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};
let unauthorizedHandler: TUnauthorizedHandler = goToLogin;

/** The router replaces the full page load with a client-side navigation to /login. */
export function setUnauthorizedHandler(handler: TUnauthorizedHandler | null): void {
  unauthorizedHandler = handler ?? goToLogin;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function errorFromBody(status: number, body: unknown, fallback: string): ApiError {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; errors?: unknown };
    const message = typeof b.message === 'string' && b.message ? b.message : fallback;
    const fieldErrors: TFieldErrors = {};
    if (b.errors && typeof b.errors === 'object') {
      for (const [field, msgs] of Object.entries(b.errors as Record<string, unknown>)) {
        if (Array.isArray(msgs)) fieldErrors[field] = msgs.filter((m): m is string => typeof m === 'string');
        else if (typeof msgs === 'string') fieldErrors[field] = [msgs];
      }
    }
    return new ApiError(status, message, fieldErrors, body);
  }
  return new ApiError(status, fallback, {}, body);
}

const STATUS_FALLBACK: Record<number, string> = {
  400: 'La petición no es válida.',
  401: 'Tu sesión ha caducado. Vuelve a iniciar sesión.',
  403: 'No tienes permiso para hacer esto.',
  404: 'No encontrado.',
  409: 'Conflicto con los datos existentes.',
  422: 'Revisa los campos marcados.',
  429: 'Demasiados intentos. Espera unos minutos.',
};

/** Sends one request to the API and returns its data, status and headers; throws ApiError. */
export async function apiRequest<T = unknown>(path: string, options: TRequestOptions = {}): Promise<TApiResponse<T>> {
  const { method = 'GET', body, query = '', signal, handleUnauthorized = true } = options;
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  const isMultipart = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isMultipart) headers['Content-Type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}${query}`, {
      method,
      headers,
      body: body === undefined ? undefined : isMultipart ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'No se pudo conectar con el servidor. Comprueba tu conexión.');
  }

  const data = await readBody(res);

  if (res.status === 401 && handleUnauthorized) {
    clearSession();
    console.warn(MSG.tokenExpiredConsole);
    unauthorizedHandler();
  }

  if (!res.ok) {
    throw errorFromBody(res.status, data, STATUS_FALLBACK[res.status] ?? 'Se ha producido un error en el servidor.');
  }
  return { data: data as T, status: res.status, headers: res.headers };
}

/**
 * Downloads a file answer (the CSV exports) with the token, as a Blob and the name the server gave
 * it (Content-Disposition). Errors as apiRequest: an ApiError, a 401 ends the session. A download
 * cut short (the server failed mid-stream) rejects too: reading the body fails.
 */
export async function apiDownload(
  path: string,
  { query = '', signal }: Pick<TRequestOptions, 'query' | 'signal'> = {},
): Promise<{ blob: Blob; contentDisposition: string | null }> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'text/csv, application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}${query}`, { headers, signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'No se pudo conectar con el servidor. Comprueba tu conexión.');
  }
  if (!res.ok) {
    const data = await readBody(res);
    if (res.status === 401) {
      clearSession();
      console.warn(MSG.tokenExpiredConsole);
      unauthorizedHandler();
    }
    throw errorFromBody(res.status, data, STATUS_FALLBACK[res.status] ?? 'Se ha producido un error en el servidor.');
  }
  try {
    return { blob: await res.blob(), contentDisposition: res.headers.get('Content-Disposition') };
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'La descarga se ha interrumpido. Inténtalo de nuevo.');
  }
}

/** Whether the list's count stopped at the API's cap (ADR 027: `X-Total-Count-Capped: true`). */
export function totalCappedOf(headers: Headers): boolean {
  return headers.get('X-Total-Count-Capped') === 'true';
}

/** Total rows of a list answer (X-Total-Count), or the page length when the header is missing. */
export function totalCountOf(headers: Headers, fallback: number): number {
  const raw = headers.get('X-Total-Count');
  const n = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}
