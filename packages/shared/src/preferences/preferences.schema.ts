import { z } from 'zod';

/** A list's key in the preferences ("bookings", "persons"…). */
const PREFERENCE_LIST_KEY_RE = /^[a-z][a-z0-9-]{0,39}$/;
/** A column's key in a list ("locator", "tour_operator"…). */
const PREFERENCE_COLUMN_KEY_RE = /^[a-z][a-z0-9_]{0,39}$/;
/** Bounds: a settings row stays a few kilobytes whatever a caller sends. */
const PREFERENCE_MAX_LISTS = 30;
const PREFERENCE_MAX_COLUMNS = 40;

const zColumnKey = z.string().regex(PREFERENCE_COLUMN_KEY_RE, 'Columna no válida');

/**
 * The caller's own screen settings (users.preferences): per list, the optional columns they chose
 * to see (the list's essential columns are always shown). Unknown keys are refused.
 */
export const ZPreferences = z.strictObject({
  columns: z
    .record(
      z.string().regex(PREFERENCE_LIST_KEY_RE, 'Lista no válida'),
      z.array(zColumnKey).max(PREFERENCE_MAX_COLUMNS),
    )
    .refine((lists) => Object.keys(lists).length <= PREFERENCE_MAX_LISTS, `Máximo ${PREFERENCE_MAX_LISTS} listas`)
    // For the OpenAPI document (issue 21): 3.0 has maxProperties but no propertyNames, so the key
    // rule is said in words.
    .meta({
      maxProperties: PREFERENCE_MAX_LISTS,
      description: `Por lista (clave ${PREFERENCE_LIST_KEY_RE.source}, como mucho ${PREFERENCE_MAX_LISTS}), las columnas opcionales que se ven`,
    })
    .default({}),
});
export type TPreferences = z.infer<typeof ZPreferences>;
/** PUT /api/v1/auth/me/preferences: the whole settings object, replaced. */
export const ZPreferencesRequest = ZPreferences;
