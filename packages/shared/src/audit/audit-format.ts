/**
 * How an audit entry reads in Spanish (the activity screen and the API's CSV export): the action, the record, and each change as
 * "campo: antes → después" with the values as the rest of the back-office shows them.
 */

import {
  CHANNEL_COLLECTS_NAMES,
  CHANNEL_FIELD_LABELS,
  CHANNEL_KIND_NAMES,
  type TChannelCollects,
  type TChannelKind,
} from '../channels/channels.schema';
import {
  BOOKING_CHANNEL_NAMES,
  BOOKING_STATE_NAMES,
  LANGUAGE_NAMES,
  PAX_TYPE_NAMES,
  PAYMENT_STATE_NAMES,
  SHEET_STATE_NAMES,
} from '../common/catalog';
import { formatDay } from '../common/dates';
import { FIELD_LABELS } from '../common/field-labels';
import { formatCents } from '../common/format';
import { ROLE_NAMES, USER_STATE_NAMES } from '../common/roles';
import { answerText } from '../products/product-questions';
import {
  AUDIT_ACTION_NAMES,
  AUDIT_ACTOR_KIND_NAMES,
  AUDIT_ENTITY_NAMES,
  AUDIT_PASSWORD_MARKER,
  type TAuditAction,
  type TAuditActorKind,
  type TAuditEntityType,
  type TAuditEntryResponse,
} from './audit.schema';

export const actionLabel = (action: string) => AUDIT_ACTION_NAMES[action as TAuditAction] ?? action;

/**
 * Who acted, in one line (issue 31), the same in a booking's history, a record's own history and the
 * activity log: "Ana García" (staff: the name without the e-mail), "Lucía Pérez (cliente)",
 * "Viajes Sol (canal)", "Sistema · Pago en línea".
 */
export function actorText(kind: string, label: string): string {
  const kindName = AUDIT_ACTOR_KIND_NAMES[kind as TAuditActorKind] ?? '';
  const name = (/^(.*?)\s*<[^>]+>$/.exec(label)?.[1] ?? label).trim();
  if (kind === 'customer' || kind === 'channel') return name ? `${name} (${kindName.toLowerCase()})` : kindName;
  return name || kindName;
}
export const entityLabel = (type: string) => AUDIT_ENTITY_NAMES[type as TAuditEntityType] ?? type;
const FIELD_ORDER = Object.keys(FIELD_LABELS);
export const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field.replaceAll('_', ' ');
/** Records whose fields have labels of their own (a channel's `name` is its name, not a person's). */
const ENTITY_FIELD_LABELS: Partial<Record<TAuditEntityType, Record<string, string>>> = {
  channel: CHANNEL_FIELD_LABELS,
};
/** A field's label on a record of `entityType`: its own, else the shared one. */
export const entityFieldLabel = (entityType: string, field: string) =>
  ENTITY_FIELD_LABELS[entityType as TAuditEntityType]?.[field] ?? fieldLabel(field);

const EMPTY = '—';
const MAX_TEXT = 80;
const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const truncate = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s);
const isNamed = (v: unknown): v is { name: string } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { name?: unknown }).name === 'string';

function paxText(pax: Record<string, unknown>): string {
  const parts = Object.entries(pax)
    .filter(([, n]) => typeof n === 'number' && n > 0)
    .map(([type, n]) => {
      const name = (PAX_TYPE_NAMES[type as keyof typeof PAX_TYPE_NAMES] ?? type).toLowerCase();
      return `${n} ${n === 1 ? name : `${name}s`}`;
    });
  return parts.length ? parts.join(', ') : EMPTY;
}

function stateName(entityType: string, v: unknown): string {
  const key = String(v);
  if (entityType === 'booking') return BOOKING_STATE_NAMES[key as keyof typeof BOOKING_STATE_NAMES] ?? key;
  if (entityType === 'schedule_sheet') return SHEET_STATE_NAMES[key as keyof typeof SHEET_STATE_NAMES] ?? key;
  return USER_STATE_NAMES[Number(v) as keyof typeof USER_STATE_NAMES] ?? key;
}

/** One stored answer ({ passenger, label, kind, value }) as a person reads it; P2 is passenger 2. */
function answerLine(a: unknown): string {
  if (typeof a !== 'object' || a === null) return String(a);
  const { passenger, label, kind, value } = a as {
    passenger?: unknown;
    label?: unknown;
    kind?: unknown;
    value?: unknown;
  };
  const text = answerText({ kind: kind as never, value: String(value ?? '') });
  return `${typeof passenger === 'number' ? `P${passenger} ` : ''}${String(label ?? '')}: ${isDay(text) ? formatDay(text) : text}`;
}

/** Options a formatter may know beyond the entry: names of the operators (the administrator's). */
export type TFormatContext = { operatorNames?: ReadonlyMap<string, string> };

/** One value of a change as a person reads it. */
export function formatValue(entityType: string, field: string, v: unknown, ctx: TFormatContext = {}): string {
  if (v === null || v === undefined || v === '') return EMPTY;
  if (typeof v === 'boolean') return v ? 'Sí' : 'No';
  if (isNamed(v)) return v.name || EMPTY;
  if (Array.isArray(v)) {
    if (v.length === 0) return EMPTY;
    if (field === 'passengers') return `${v.length} ${v.length === 1 ? 'pasajero' : 'pasajeros'}`;
    // A booking's answers (issue 33 item 3): «¿Cómo nos has conocido?: Internet; P2 ¿Sabe nadar?: Sí».
    if (field === 'answers') return truncate(v.map(answerLine).join('; '));
    return truncate(v.map((x) => (isNamed(x) ? x.name : String(x))).join(', '));
  }
  if (field === 'pax' && typeof v === 'object') return paxText(v as Record<string, unknown>);
  if (field.endsWith('_cents') && typeof v === 'number') return formatCents(v);
  if (field === 'state') return stateName(entityType, v);
  if (field === 'level') return ROLE_NAMES[Number(v) as keyof typeof ROLE_NAMES] ?? String(v);
  if (field === 'payment_state') return PAYMENT_STATE_NAMES[v as keyof typeof PAYMENT_STATE_NAMES] ?? String(v);
  if (field === 'channel') return BOOKING_CHANNEL_NAMES[v as keyof typeof BOOKING_CHANNEL_NAMES] ?? String(v);
  if (field === 'language') return LANGUAGE_NAMES[v as keyof typeof LANGUAGE_NAMES] ?? String(v);
  if (field === 'commission_pct') return `${String(v).replace('.', ',')} %`;
  if (entityType === 'channel' && field === 'kind') return CHANNEL_KIND_NAMES[v as TChannelKind] ?? String(v);
  if (entityType === 'channel' && field === 'collects')
    return CHANNEL_COLLECTS_NAMES[v as TChannelCollects] ?? String(v);
  if (field === 'tour_operator_id') return ctx.operatorNames?.get(String(v)) ?? 'Otro tour operador';
  if (isDay(v)) return formatDay(v);
  if (typeof v === 'object') {
    return truncate(
      Object.entries(v as Record<string, unknown>)
        .map(([k, x]) => `${k}: ${String(x)}`)
        .join(', '),
    );
  }
  return truncate(String(v));
}

export type TChangeLine = { field: string; label: string; before: string; after: string; text: string };

/**
 * The entry's changes, one line each: "Estado: Pendiente → Confirmada". A new record's values read
 * "Cliente: Lucía Pérez"; a password "Contraseña cambiada" (its value is never recorded).
 */
export function changeLines(entry: Pick<TAuditEntryResponse, 'entity_type' | 'changes'>, ctx: TFormatContext = {}) {
  // The database keeps no key order (jsonb): show fields in the order of the labels (name first…).
  const own = ENTITY_FIELD_LABELS[entry.entity_type];
  const order = own ? Object.keys(own) : FIELD_ORDER;
  const rank = (f: string) => {
    const i = order.indexOf(f);
    return i === -1 ? order.length : i;
  };
  const fields = Object.entries(entry.changes ?? {}).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  return fields.map(([field, pair]): TChangeLine => {
    const [b, a] = Array.isArray(pair) ? pair : [null, pair];
    const label = entityFieldLabel(entry.entity_type, field);
    if (field === 'password') {
      return { field, label, before: '', after: AUDIT_PASSWORD_MARKER, text: `${label} ${AUDIT_PASSWORD_MARKER}` };
    }
    const before = formatValue(entry.entity_type, field, b, ctx);
    const after = formatValue(entry.entity_type, field, a, ctx);
    const isNew = b === null || b === undefined;
    return {
      field,
      label,
      before: isNew ? '' : before,
      after,
      text: isNew ? `${label}: ${after}` : `${label}: ${before} → ${after}`,
    };
  });
}
