import { type TPreferences, ZPreferences } from '@trayecto/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import * as repo from './preferences.repository';

const EMPTY: TPreferences = { columns: {} };

/** What is stored, as the contract says; anything stored that no longer parses reads as no settings. */
function toPreferences(stored: unknown): TPreferences {
  const parsed = ZPreferences.safeParse(stored ?? {});
  return parsed.success ? parsed.data : EMPTY;
}

/** The caller's own screen settings (e.g. the columns chosen per list). */
export async function getPreferences(db: Db, actor: Actor): Promise<TPreferences> {
  const stored = await repo.findPreferences(db, actor.id);
  if (stored === undefined) throw notFound('El usuario');
  return toPreferences(stored);
}

/** Replaces the caller's own settings with `body` (already validated by the shared schema). */
export async function savePreferences(db: Db, actor: Actor, body: TPreferences): Promise<TPreferences> {
  const saved = await repo.savePreferences(db, actor.id, body);
  if (saved === undefined) throw notFound('El usuario');
  return toPreferences(saved);
}
