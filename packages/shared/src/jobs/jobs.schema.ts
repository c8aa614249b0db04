import { z } from 'zod';

/**
 * Background work (issue 31 item 3, docs/decisions/019-background-jobs.md): the periodic tasks
 * every API process shares (mail delivery, reminders, purges) and the one-off jobs enqueued with
 * their cause. GET /api/v1/jobs shows their state to the Administrador ("Tareas en segundo plano").
 */

/** The periodic tasks by name, as the back-office calls them. */
export const BACKGROUND_TASK_NAMES: Record<string, string> = {
  'messages.deliver': 'Envío de mensajes (correo y webhooks)',
  'messages.reminders': 'Recordatorios del día anterior',
  'idempotency.purge': 'Limpieza de claves de idempotencia',
  'rate-limit.purge': 'Limpieza de contadores de peticiones',
  'jobs.purge': 'Limpieza de trabajos terminados',
  'payments.hold-sweep': 'Fin de las retenciones sin pagar',
  'channels.purge-requests': 'Limpieza del registro de peticiones de los canales',
  'invoices.send-pending': 'Reenvío a la AEAT de los registros de facturación pendientes',
  'reports.compact-totals': 'Acumulado de las cifras de los informes',
  'commissions.compact-due': 'Acumulado de las comisiones pendientes',
};

/** What each periodic task does, one line for the screen. */
export const BACKGROUND_TASK_HELP: Record<string, string> = {
  'messages.deliver': 'Envía los correos y avisos a sistemas externos en cola; también al momento tras cada cambio.',
  'messages.reminders':
    'Pone en cola el recordatorio de las reservas confirmadas de mañana, a la hora de cada operador.',
  'idempotency.purge': 'Borra las claves de idempotencia de más de 24 horas.',
  'rate-limit.purge': 'Borra los contadores de peticiones de ventanas ya terminadas.',
  'jobs.purge': 'Borra los trabajos terminados hace más de 7 días (los fallidos, a los 30).',
  'payments.hold-sweep':
    'Cada minuto cancela las reservas web cuya retención para pagar terminó sin pago y libera sus plazas.',
  'channels.purge-requests': 'Borra las peticiones a la API OCTO de los canales de hace más de 90 días.',
  'invoices.send-pending':
    'Envía a la AEAT los registros VERI*FACTU que quedaron pendientes (la AEAT no respondía o faltaba AEAT_VERIFACTU_URL).',
  'reports.compact-totals':
    'Cada minuto suma a los acumulados de los informes lo que añadieron las últimas reservas y cambios (los informes ya los cuentan).',
  'commissions.compact-due':
    'Cada minuto suma a lo pendiente de cada vendedor y canal lo que cambiaron las últimas ventas, cambios y liquidaciones («Comisiones» ya lo cuenta).',
};

/** One-off job kinds by name (issues 32–34 add theirs: the end of a hold, a tax record…). */
export const BACKGROUND_JOB_KIND_NAMES: Record<string, string> = {
  'payments.hold-expiry': 'Fin de la retención de una reserva sin pagar',
  'payments.refund-excess': 'Reembolso de lo cobrado de más en línea',
  'invoices.send': 'Envío de registros de facturación (VERI*FACTU) a la AEAT',
};

/** The name a task or job kind is shown by: its Spanish name, else the technical one. */
export const backgroundTaskLabel = (name: string) => BACKGROUND_TASK_NAMES[name] ?? name;
export const backgroundJobLabel = (kind: string) => BACKGROUND_JOB_KIND_NAMES[kind] ?? kind;

/**
 * A periodic task's state: `running` (a process holds it now), `failing` (its last run failed),
 * `ok` (its last run worked), `pending` (it has not run yet).
 */
export const JOB_TASK_STATES = ['ok', 'failing', 'running', 'pending'] as const;
export type TJobTaskState = (typeof JOB_TASK_STATES)[number];
export const JOB_TASK_STATE_NAMES: Record<TJobTaskState, string> = {
  ok: 'Correcta',
  failing: 'Con errores',
  running: 'En curso',
  pending: 'Sin ejecutar aún',
};

/** queued → running → done | queued again (retry) | failed (after the last attempt) | cancelled. */
export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type TJobState = (typeof JOB_STATES)[number];
export const JOB_STATE_NAMES: Record<TJobState, string> = {
  queued: 'En cola',
  running: 'En curso',
  done: 'Hecho',
  failed: 'Fallido',
  cancelled: 'Cancelado',
};

export const ZJobTaskResponse = z.object({
  name: z.string(),
  /** Its Spanish name. */
  label: z.string(),
  /** What it does, one line. */
  description: z.string(),
  state: z.enum(JOB_TASK_STATES),
  every_seconds: z.number(),
  last_started_at: z.string().nullable(),
  last_finished_at: z.string().nullable(),
  last_succeeded_at: z.string().nullable(),
  last_duration_ms: z.number().int().nullable(),
  /** When it runs next (when a run is due and no process holds it, at the next look). */
  next_run_at: z.string(),
  /** The last run's error (null after a run that worked). */
  last_error: z.string().nullable(),
  run_count: z.number().int(),
  /** Failed runs in a row. */
  failure_count: z.number().int(),
  /** The process running it now (host:pid:…), null when none. */
  running_on: z.string().nullable(),
});
export type TJobTaskResponse = z.infer<typeof ZJobTaskResponse>;

export const ZJobResponse = z.object({
  id: z.string(),
  kind: z.string(),
  label: z.string(),
  state: z.enum(JOB_STATES),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  /** When it runs (next attempt) while queued; when it was due otherwise. */
  run_at: z.string(),
  last_error: z.string().nullable(),
  dedupe_key: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TJobResponse = z.infer<typeof ZJobResponse>;

/** GET /api/v1/jobs?state=: every periodic task, the newest jobs (200 at most) and the count per state. */
export const ZJobsQuery = z.object({ state: z.enum(JOB_STATES).optional() });
export type TJobsQuery = z.infer<typeof ZJobsQuery>;

export const ZJobsResponse = z.object({
  tasks: z.array(ZJobTaskResponse),
  jobs: z.array(ZJobResponse),
  counts: z.object({
    queued: z.number().int(),
    running: z.number().int(),
    done: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
  }),
});
export type TJobsResponse = z.infer<typeof ZJobsResponse>;
