import { isUuid } from '@trayecto/shared';
import { notFound } from './app-error';

/** A path id that is not a UUID cannot exist: answer 404, never a database error. */
export function assertId(id: string, what = 'El recurso'): string {
  if (!isUuid(id)) throw notFound(what);
  return id.toLowerCase();
}
