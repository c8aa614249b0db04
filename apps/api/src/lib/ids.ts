import { notFound } from './app-error';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a UUID cannot exist: answer 404, never a database error. */
export function assertId(id: string, what = 'El recurso'): string {
  if (!UUID_RE.test(id)) throw notFound(what);
  return id.toLowerCase();
}
