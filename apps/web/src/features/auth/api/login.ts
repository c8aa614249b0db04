/**
 * POST /api/v1/auth/login (spec §7) and the spec's error mapping for the login screen (§8):
 * a reply without a token → "Invalid credentials"; any other failure → "An error occurred".
 */
import { useMutation } from '@tanstack/react-query';
import { apiPath, MSG, type TLoginRequest, type TLoginResponse } from '@trayecto/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth-storage';

export class LoginError extends Error {
  readonly kind: 'invalid-credentials' | 'failure';
  /** What went wrong, for the Spanish hint under the spec's message. */
  readonly status: number;
  /** The API's word on a field it refused (a 422 naming `email` or `password`), for the form to show there. */
  readonly fieldErrors: Record<string, string[]>;
  constructor(kind: 'invalid-credentials' | 'failure', status: number, fieldErrors: Record<string, string[]> = {}) {
    super(kind === 'invalid-credentials' ? MSG.invalidCredentials : MSG.anErrorOccurred);
    this.name = 'LoginError';
    this.kind = kind;
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

function hasToken(data: unknown): data is TLoginResponse {
  if (!data || typeof data !== 'object') return false;
  const d = data as { token?: unknown; user?: unknown };
  return typeof d.token === 'string' && d.token.length > 0;
}

/**
 * Maps what the login call produced to the spec's outcome: a 401 (the API's "wrong e-mail or
 * password", which carries no token) or a 2xx without a token → "Invalid credentials"; a network
 * failure, 429, 5xx or anything else → "An error occurred".
 */
export function loginErrorFor(failure: unknown): LoginError {
  if (failure instanceof LoginError) return failure;
  if (failure instanceof ApiError) {
    if (failure.status === 401) return new LoginError('invalid-credentials', 401);
    return new LoginError('failure', failure.status, failure.fieldErrors);
  }
  return new LoginError('failure', 0);
}

/** Calls the API; stores the session on success; throws LoginError otherwise. */
export async function login(credentials: TLoginRequest): Promise<TLoginResponse> {
  let data: unknown;
  let status: number;
  try {
    const res = await apiRequest<unknown>(apiPath('login'), {
      method: 'POST',
      body: credentials,
      handleUnauthorized: false,
    });
    data = res.data;
    status = res.status;
  } catch (e) {
    throw loginErrorFor(e);
  }
  if (!hasToken(data)) throw new LoginError('invalid-credentials', status);
  // The roles come from `user.level` (spec §6: the level the token carries, answered beside it).
  const user: Partial<TLoginResponse['user']> = data.user ?? {};
  saveSession(data.token, { id: String(user.id ?? ''), name: String(user.name ?? ''), level: user.level });
  return data;
}

export function useLogin() {
  return useMutation<TLoginResponse, LoginError, TLoginRequest>({
    mutationFn: login,
  });
}

/** A Spanish line under the spec's message so staff know what to do next. */
export function loginErrorHint(error: LoginError): string {
  if (error.kind === 'invalid-credentials') return 'El email o la contraseña no son correctos.';
  if (Object.keys(error.fieldErrors).length > 0) return 'Revisa los campos marcados.';
  if (error.status === 429) return 'Demasiados intentos seguidos. Espera unos minutos antes de volver a probar.';
  if (error.status === 0) return 'No se ha podido conectar con el servidor. Comprueba tu conexión.';
  return 'No se ha podido iniciar sesión. Inténtalo de nuevo en unos instantes.';
}
