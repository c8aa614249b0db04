/**
 * How a message reads on screen: its state's colour (one per state everywhere), its kind and
 * channel names, and the line under its state (when it leaves, or why it did not).
 */
import {
  MESSAGE_CHANNEL_NAMES,
  MESSAGE_KIND_NAMES,
  MESSAGE_SKIP_REASON,
  MESSAGE_STATE_NAMES,
  type TMessageChannel,
  type TMessageKind,
  type TMessageResponse,
  type TMessageState,
  type TWhatsappKind,
  WHATSAPP_KINDS,
} from '@trayecto/shared';

/** En cola amarillo, Enviando azul, Enviado verde, Fallido rojo, No enviado naranja. */
export const MESSAGE_STATE_COLORS: Record<TMessageState, string> = {
  queued: 'yellow',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  skipped: 'orange',
};

export const messageStateName = (state: string) => MESSAGE_STATE_NAMES[state as TMessageState] ?? state;
export const messageStateColor = (state: string) => MESSAGE_STATE_COLORS[state as TMessageState] ?? 'gray';
export const messageKindName = (kind: string) => MESSAGE_KIND_NAMES[kind as TMessageKind] ?? kind;
export const messageChannelName = (channel: string) => MESSAGE_CHANNEL_NAMES[channel as TMessageChannel] ?? channel;

export type TStateNote = {
  /** What happens next, or why it did not leave ("Próximo intento: 15:32", the skip reason). */
  text: string;
  /** The reason is a problem to read (failed, skipped, a retry's last error). */
  isProblem: boolean;
};

/**
 * The line under a message's state: for one waiting, its next attempt (and the last error while it
 * is retried); for one failed or not sent, the reason. `when` formats an instant in the message's
 * operator's zone (lib/time-zone.ts).
 */
export function stateNotes(
  m: Pick<TMessageResponse, 'state' | 'next_attempt_at' | 'last_error' | 'attempts'>,
  when: (iso: string) => string,
  now: Date = new Date(),
): TStateNote[] {
  const notes: TStateNote[] = [];
  if (m.state === 'queued') {
    const next = m.next_attempt_at ? Date.parse(m.next_attempt_at) : Number.NaN;
    notes.push({
      text:
        Number.isFinite(next) && next > now.getTime()
          ? `Próximo intento: ${when(m.next_attempt_at as string)}`
          : 'Sale en cuanto se pueda',
      isProblem: false,
    });
    if (m.last_error) notes.push({ text: `Último error: ${m.last_error}`, isProblem: true });
  } else if (m.state === 'sending') {
    notes.push({ text: 'Enviándose ahora', isProblem: false });
  } else if (m.state === 'failed') {
    notes.push({ text: m.last_error || 'No se pudo entregar', isProblem: true });
  } else if (m.state === 'skipped') {
    notes.push({ text: m.last_error || 'No se envió', isProblem: true });
  }
  return notes;
}

/** "1 intento", "3 intentos"; a WhatsApp chat is opened by hand, not attempted. */
export function attemptsLabel(m: Pick<TMessageResponse, 'attempts' | 'channel'>): string {
  if (m.channel === 'whatsapp') return '—';
  return `${m.attempts} ${m.attempts === 1 ? 'intento' : 'intentos'}`;
}

/** Who caused it: a person by hand (a resend, a WhatsApp chat), else Trayecto itself. */
export const actorLabel = (m: Pick<TMessageResponse, 'actor_name'>) => m.actor_name || 'Sistema';

/**
 * Whether an e-mail that did not reach the customer can go by WhatsApp instead: it failed, or it
 * was not sent for want of a (valid) address. Not when the reason makes it moot (the booking was
 * cancelled or moved before it left, the departure had started).
 */
export function isWhatsappFallback(m: Pick<TMessageResponse, 'channel' | 'state' | 'booking_id' | 'last_error'>) {
  if (m.channel !== 'email' || !m.booking_id) return false;
  if (m.state === 'failed') return true;
  return (
    m.state === 'skipped' &&
    (m.last_error === MESSAGE_SKIP_REASON.noEmail || m.last_error === MESSAGE_SKIP_REASON.invalidEmail)
  );
}

/** The WhatsApp text of the same kind, when there is one (else the API picks by the booking's state). */
export function whatsappKindOf(kind: string): TWhatsappKind | undefined {
  return (WHATSAPP_KINDS as readonly string[]).includes(kind) ? (kind as TWhatsappKind) : undefined;
}

/** A webhook's body (JSON) laid out to read; the text as it is when it is not JSON. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A webhook's last answer: "200 · recibido", "503", or "Sin respuesta". */
export function responseLabel(m: { response_status: number | null; response_excerpt?: string | null }): string {
  if (m.response_status === null) return m.response_excerpt ? m.response_excerpt : 'Sin respuesta todavía';
  return m.response_excerpt ? `HTTP ${m.response_status} · ${m.response_excerpt}` : `HTTP ${m.response_status}`;
}
