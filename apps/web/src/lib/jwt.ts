/**
 * Reads the payload of a JWT without verifying it (the API verifies; the browser only needs the
 * claims it shows, spec §3: "The token payload carries sub (user id) and level").
 */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const b64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const json = new TextDecoder().decode(bytes);
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The role levels carried by a token (`level`, a number), as the spec's permission list. */
export function levelsFromToken(token: string): number[] {
  const payload = decodeJwtPayload(token);
  const level = payload?.level;
  if (typeof level === 'number' && Number.isInteger(level)) return [level];
  if (typeof level === 'string' && /^\d+$/.test(level)) return [Number(level)];
  return [];
}
