import { z } from 'zod';
import { optionalEmailChecks } from '../common/field-rules';
import { zDate, zEnum, zOptionalText, zRequired, zText, zTime } from '../common/validation';

/**
 * Messages (issue 14): what Trayecto tells customers and staff, and when. Every message is a row of
 * the outbox (written in the transaction of its cause, sent by the mail worker), kept as history.
 * docs/decisions/015-messages-outbox.md.
 */

/** Every kind of message. Customer kinds are about one booking; staff kinds about one user. */
export const MESSAGE_KINDS = [
  'booking_confirmed',
  'booking_requested',
  'booking_prepared',
  'booking_changed',
  'booking_cancelled',
  'payment_received',
  'payment_refunded',
  'payment_link',
  'booking_reminder',
  'departure_cancelled',
  'password_reset',
  'user_invitation',
  'webhook_event',
] as const;
export type TMessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_KIND_NAMES: Record<TMessageKind, string> = {
  booking_confirmed: 'Reserva confirmada',
  booking_requested: 'Solicitud recibida',
  booking_prepared: 'Reserva preparada por la oficina',
  booking_changed: 'Reserva modificada',
  booking_cancelled: 'Reserva cancelada',
  payment_received: 'Pago recibido',
  payment_refunded: 'Reembolso',
  payment_link: 'Enlace de pago',
  booking_reminder: 'Recordatorio del día anterior',
  departure_cancelled: 'Salida cancelada por el operador',
  password_reset: 'Restablecer contraseña',
  user_invitation: 'Invitación a Trayecto',
  webhook_event: 'Aviso a un sistema externo (webhook)',
};

/** When each customer message goes out: the settings screen explains the switches with these. */
export const MESSAGE_KIND_HELP: Record<TCustomerMessageKind, string> = {
  booking_confirmed: 'Al confirmarse una reserva (web u oficina): bono, calendario y recogida.',
  booking_requested: 'Reserva web pendiente de revisión: «hemos recibido tu solicitud».',
  booking_prepared: 'Reserva preparada por la oficina: enlace para que el cliente la complete y confirme.',
  booking_changed: 'Cambio de fecha, hora, producto, pasajeros o recogida.',
  booking_cancelled: 'Cancelación por la oficina o por el cliente, con lo pagado y el reembolso.',
  payment_received: 'Cada cobro registrado.',
  payment_refunded: 'Cada reembolso registrado.',
  payment_link: 'Enlace para pagar en línea lo pendiente, enviado desde la reserva.',
  booking_reminder: 'El día anterior a la salida, a la hora elegida.',
  departure_cancelled: 'Salida cancelada (mal tiempo, mínimo no alcanzado): a todos sus clientes.',
};

/** The kinds an operator may switch off (staff messages always go out). */
export const CUSTOMER_MESSAGE_KINDS = [
  'booking_confirmed',
  'booking_requested',
  'booking_prepared',
  'booking_changed',
  'booking_cancelled',
  'payment_received',
  'payment_refunded',
  'payment_link',
  'booking_reminder',
  'departure_cancelled',
] as const satisfies readonly TMessageKind[];
export type TCustomerMessageKind = (typeof CUSTOMER_MESSAGE_KINDS)[number];

/**
 * queued → sending → sent | queued again (retry) | failed (after the last attempt, with the reason);
 * skipped: never sent, with the reason (no e-mail address, the booking was cancelled before it left…).
 * A WhatsApp message is `sent` when staff opened the chat with it.
 */
export const MESSAGE_STATES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type TMessageState = (typeof MESSAGE_STATES)[number];
export const MESSAGE_STATE_NAMES: Record<TMessageState, string> = {
  queued: 'En cola',
  sending: 'Enviando',
  sent: 'Enviado',
  failed: 'Fallido',
  skipped: 'No enviado',
};

/**
 * `webhook` (issue 31): a signed HTTP POST to a system of the operator's (a channel's endpoint),
 * with its own attempts and state like an e-mail.
 */
export const MESSAGE_CHANNELS = ['email', 'whatsapp', 'webhook'] as const;
export type TMessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_NAMES: Record<TMessageChannel, string> = {
  email: 'Correo',
  whatsapp: 'WhatsApp',
  webhook: 'Webhook',
};

/** The header that signs a webhook delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Trayecto-Signature';

/** The reasons a message is `skipped` (the outbox writes these exact texts). */
export const MESSAGE_SKIP_REASON = {
  noEmail: 'La reserva no tiene correo electrónico: envíalo por WhatsApp',
  invalidEmail: 'La dirección de correo no es válida',
  cancelled: 'La reserva se canceló antes de que saliera el mensaje',
  moved: 'La reserva cambió de fecha antes de que saliera el recordatorio',
  started: 'La salida ya había empezado',
  gone: 'La reserva ya no existe o su tour operador está inactivo',
  endpointInactive: 'El destino del webhook está desactivado o ya no existe',
} as const;

/** GET /api/v1/messages, GET /api/v1/bookings/{id}/messages: one message, without its body. */
export const ZMessageResponse = z.object({
  id: z.string(),
  tour_operator_id: z.string().nullable(),
  /** The zone its times are read in: its operator's, the platform's for staff messages of no operator. */
  timezone: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  channel: z.enum(MESSAGE_CHANNELS),
  state: z.enum(MESSAGE_STATES),
  /** The e-mail address, the phone number for WhatsApp, the endpoint's URL for a webhook. */
  recipient: z.string(),
  recipient_name: z.string(),
  subject: z.string(),
  /** The language it is (or was) written in: the booking's, else the operator's (issue 15); staff messages 'es'. */
  locale: z.string(),
  /** The first words of the plain text (empty until rendered: a queued customer e-mail is rendered when it leaves). */
  preview: z.string(),
  attempts: z.number().int(),
  /** Why it failed or was not sent; the last error while it is retried. */
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  booking_id: z.string().nullable(),
  booking_locator: z.string().nullable(),
  user_id: z.string().nullable(),
  /** Who caused it by hand (a resend, a WhatsApp chat opened); null for the system. */
  actor_name: z.string().nullable(),
  /** The message this one sends again. */
  resend_of: z.string().nullable(),
  /** A webhook delivery's last answer (HTTP status); null before one or for other channels. */
  response_status: z.number().int().nullable(),
  created_at: z.string(),
});
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

/**
 * GET /api/v1/messages/{id}: the message with its body (rendered now for one not yet sent). A
 * webhook delivery's body is its JSON (`text`; `subject` names the event); never its secret.
 */
export const ZMessageDetailResponse = ZMessageResponse.extend({
  html: z.string(),
  text: z.string(),
  /** A webhook delivery's last answer: the first characters of its body. */
  response_excerpt: z.string().nullable(),
  /** Whether it may be sent again (POST …/resend). */
  can_resend: z.boolean(),
});
export type TMessageDetailResponse = z.infer<typeof ZMessageDetailResponse>;

/** An operator's message settings (GET/PUT /api/v1/tour-operators/{id}/message-settings). */
export const ZMessageSettings = z.object({
  /** The name customers see as the sender; empty: the operator's name. */
  sender_name: zText(100),
  /** Where customers' replies go; empty: the operator's e-mail. */
  reply_to: zText(254).check(...optionalEmailChecks()),
  /** The day-before reminder's hour in the operator's zone (HH:mm, 24 h). */
  reminder_time: zTime(),
  /** Customer messages switched on (the others are never written). */
  enabled_kinds: z.array(zEnum(CUSTOMER_MESSAGE_KINDS)).max(CUSTOMER_MESSAGE_KINDS.length),
});
export type TMessageSettings = z.infer<typeof ZMessageSettings>;

export const ZMessageSettingsResponse = ZMessageSettings.extend({
  tour_operator_id: z.string(),
  /** What customers see when the fields above are empty. */
  default_sender_name: z.string(),
  default_reply_to: z.string(),
  /** Whether this server sends e-mail (SMTP_URL); without it messages wait in the outbox. */
  smtp_configured: z.boolean(),
});
export type TMessageSettingsResponse = z.infer<typeof ZMessageSettingsResponse>;

export const ZMessageSettingsUpdateRequest = ZMessageSettings.partial();
export type TMessageSettingsUpdateRequest = z.infer<typeof ZMessageSettingsUpdateRequest>;

export const DEFAULT_REMINDER_TIME = '18:00';

/** The texts staff can send by WhatsApp. */
export const WHATSAPP_KINDS = [
  'booking_confirmed',
  'booking_prepared',
  'booking_reminder',
  'booking_cancelled',
] as const;
export type TWhatsappKind = (typeof WHATSAPP_KINDS)[number];

/** POST /api/v1/bookings/{id}/whatsapp: which text to prefill (default: by the booking's state). */
export const ZWhatsappRequest = z.object({
  kind: zEnum(WHATSAPP_KINDS).optional(),
});
export type TWhatsappRequest = z.infer<typeof ZWhatsappRequest>;

/** The wa.me click-to-chat link with the text prefilled, and the log entry written for it. */
export const ZWhatsappResponse = z.object({
  url: z.string(),
  phone: z.string(),
  text: z.string(),
  message: ZMessageResponse,
});
export type TWhatsappResponse = z.infer<typeof ZWhatsappResponse>;

/** Why the operator cancels a departure. */
export const DEPARTURE_CANCEL_REASONS = ['weather', 'min_pax', 'operational', 'other'] as const;
export type TDepartureCancelReason = (typeof DEPARTURE_CANCEL_REASONS)[number];
export const DEPARTURE_CANCEL_REASON_NAMES: Record<TDepartureCancelReason, string> = {
  weather: 'Mal tiempo',
  min_pax: 'No se alcanzó el mínimo de personas',
  operational: 'Motivos operativos',
  other: 'Otro motivo',
};

/**
 * POST /api/v1/products/{id}/departures/cancel: closes the departure and cancels every booking of it
 * in one transaction, telling each customer (`departure_cancelled`) what happens next.
 */
export const ZDepartureCancelRequest = z.object({
  date: zDate(),
  time: zTime(),
  reason: zEnum(DEPARTURE_CANCEL_REASONS),
  /** What happens next, in the customer's words ("Te devolvemos el importe íntegro…"). */
  next_steps: zRequired(1000),
  /** Staff's note for the bookings' history (optional). */
  note: zOptionalText(500),
});
export type TDepartureCancelRequest = z.infer<typeof ZDepartureCancelRequest>;

export const ZDepartureCancelResponse = z.object({
  date: z.string(),
  time: z.string(),
  /** Bookings cancelled now. */
  cancelled_bookings: z.number().int(),
  /** Messages written to the outbox (customers with an e-mail address). */
  messages_queued: z.number().int(),
  /** Customers without e-mail: tell them by phone or WhatsApp. */
  without_email: z.array(
    z.object({ booking_id: z.string(), locator: z.string(), customer_name: z.string(), customer_phone: z.string() }),
  ),
});
export type TDepartureCancelResponse = z.infer<typeof ZDepartureCancelResponse>;
