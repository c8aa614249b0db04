import { z } from 'zod';

/**
 * The audit log (issue 7): who changed what on bookings, users and schedule sheets. The API writes
 * an entry in the same transaction as each change; administrators read them with
 * GET /api/v1/audit-log.
 */

// Who may read it: ACCESS.auditLog (the administrator everything, the operator's admin its own).

export const AUDIT_ENTITY_TYPES = ['booking', 'user', 'schedule_sheet', 'payment_settings', 'channel'] as const;
export type TAuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
export const AUDIT_ENTITY_NAMES: Record<TAuditEntityType, string> = {
  booking: 'Reserva',
  user: 'Usuario',
  schedule_sheet: 'Hoja de servicio',
  payment_settings: 'Ajustes de pago',
  channel: 'Canal',
};

/**
 * Who acts in a change (issue 31): a staff user, the customer (through their booking's link), a
 * channel (a reseller or agency through its API key) or the system (a job, a provider's
 * notification, the demo seed). Audit entries and a booking's history both name one.
 */
export const AUDIT_ACTOR_KINDS = ['staff', 'customer', 'channel', 'system'] as const;
export type TAuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
export const AUDIT_ACTOR_KIND_NAMES: Record<TAuditActorKind, string> = {
  staff: 'Equipo',
  customer: 'Cliente',
  channel: 'Canal',
  system: 'Sistema',
};

/** The verbs an entry records; one entry per change a person (or the system) made. */
export const AUDIT_ACTIONS = [
  'create',
  'generate',
  'update',
  'state',
  'role',
  'cancel',
  'payment',
  'refund',
  'confirm',
  'check_in',
  'check_in_undo',
  'finish',
  'delete',
  'key_create',
  'key_revoke',
  'invoice',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_NAMES: Record<TAuditAction, string> = {
  create: 'Alta',
  generate: 'Generación',
  update: 'Modificación',
  state: 'Cambio de estado',
  role: 'Cambio de rol',
  cancel: 'Cancelación',
  payment: 'Cobro',
  refund: 'Reembolso',
  confirm: 'Confirmación del cliente',
  check_in: 'Embarque',
  check_in_undo: 'Embarque deshecho',
  finish: 'Finalización',
  delete: 'Baja',
  key_create: 'Clave de API creada',
  key_revoke: 'Clave de API revocada',
  invoice: 'Factura emitida',
};

/** The marker recorded instead of a password: its value (or hash) is never written. */
export const AUDIT_PASSWORD_MARKER = 'cambiada';

/** One change: `[before, after]`. References are `{ id, name }` with the name at the time. */
const ZAuditChange = z
  .tuple([z.unknown(), z.unknown()])
  // OpenAPI 3.0 has no tuples: two items of any value (not `anyOf: [{}, {}]`, which says nothing twice).
  .meta({ items: {}, description: '[antes, después]' });

/** GET /api/v1/audit-log: one entry. */
export const ZAuditEntryResponse = z.object({
  id: z.string(),
  tour_operator_id: z.string().nullable(),
  /** The zone its time is read in: its operator's, the platform's for entries of no operator. */
  timezone: z.string(),
  actor_id: z.string().nullable(),
  actor_kind: z.enum(AUDIT_ACTOR_KINDS),
  /** "Nombre <email>" for staff, the customer's name, or "Sistema". */
  actor_label: z.string(),
  entity_type: z.enum(AUDIT_ENTITY_TYPES),
  entity_id: z.string(),
  action: z.string(),
  /** Only the fields that changed, as the API names them: `{ field: [before, after] }`. */
  changes: z.record(z.string(), ZAuditChange),
  summary: z.string(),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type TAuditEntryResponse = z.infer<typeof ZAuditEntryResponse>;
