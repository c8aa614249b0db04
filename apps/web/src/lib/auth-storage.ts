/**
 * The browser session (spec §3 "Browser storage keys", §4 "Session").
 * Keys are exactly `token`, `userId`, `userName` and `roles` (a JSON list of levels).
 */
import { API_PREFIX, apiPath, MSG, type TLoginResponse } from '@trayecto/shared';

export const STORAGE_KEYS = {
  token: 'token',
  userId: 'userId',
  userName: 'userName',
  roles: 'roles',
} as const;

export type TCurrentUser = { id: string; name: string; roles: number[] };

/** Listeners told when the session starts or ends (header, query cache). */
const listeners = new Set<() => void>();
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const emit = () => {
  for (const l of listeners) l();
};

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  const t = read(STORAGE_KEYS.token);
  return t ? t : null;
}

/** Logged in once a token is stored (spec §4). */
export function isLoggedIn(): boolean {
  return getToken() !== null;
}

/** The user's permission list: the level of the login (spec §6), as a list. */
export function getRoles(): number[] {
  const raw = read(STORAGE_KEYS.roles);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * Stores a new session after login (or a password change, which answers a fresh token): the token,
 * the user's id and name, and the roles. Spec §6 reads the role "from the level in the login token";
 * the login response carries that same level beside the token (`user.level`), so the browser takes
 * it from there instead of decoding the token.
 */
export function saveSession(
  token: string,
  user: Pick<TLoginResponse['user'], 'id' | 'name'> & { level?: number | null },
): void {
  const roles = typeof user.level === 'number' && Number.isInteger(user.level) ? [user.level] : [];
  window.localStorage.setItem(STORAGE_KEYS.token, token);
  window.localStorage.setItem(STORAGE_KEYS.userId, user.id);
  window.localStorage.setItem(STORAGE_KEYS.userName, user.name);
  window.localStorage.setItem(STORAGE_KEYS.roles, JSON.stringify(roles));
  emit();
}

/** After the user renames themselves: the stored `userName` (the header shows it). */
export function updateStoredUserName(name: string): void {
  if (!read(STORAGE_KEYS.userId)) return;
  try {
    window.localStorage.setItem(STORAGE_KEYS.userName, name);
  } catch {
    return;
  }
  emit();
}

/** The logged-in user; fails with "Not logged in" when no id and name are stored (spec §8). */
export function getCurrentUser(): TCurrentUser {
  const id = read(STORAGE_KEYS.userId);
  const name = read(STORAGE_KEYS.userName);
  if (!id || !name) throw new Error(MSG.notLoggedIn);
  return { id, name, roles: getRoles() };
}

/** Removes the whole session from the browser (token, user id, user name and roles). */
export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // storage unavailable: nothing to clear
    }
  }
  emit();
}

/**
 * Logs out (spec §4: clears the token, user id and user name; we also drop the roles) and tells
 * the API to revoke the token, best-effort: a failing network never keeps the user logged in.
 */
export async function logout(apiBase = API_PREFIX): Promise<void> {
  const token = getToken();
  clearSession();
  if (!token) return;
  try {
    await fetch(`${apiBase}${apiPath('logout')}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
    });
  } catch {
    // best-effort: the token expires on its own
  }
}
