import { MESSAGE_SKIP_REASON, MESSAGE_STATES, type TMessageResponse } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import {
  attemptsLabel,
  isWhatsappFallback,
  MESSAGE_STATE_COLORS,
  messageKindName,
  messageStateName,
  stateNotes,
  whatsappKindOf,
} from './message-format';

const NOW = new Date('2026-11-24T15:00:00Z');
const when = (iso: string) => `«${iso.slice(11, 16)}»`;
const base = { state: 'queued', next_attempt_at: null, last_error: null, attempts: 0 } as const;

describe('message states and kinds on screen', () => {
  it('one colour per state, the spec names in Spanish', () => {
    expect(Object.keys(MESSAGE_STATE_COLORS).sort()).toEqual([...MESSAGE_STATES].sort());
    expect(new Set(Object.values(MESSAGE_STATE_COLORS)).size).toBe(MESSAGE_STATES.length);
    expect(messageStateName('queued')).toBe('En cola');
    expect(messageStateName('skipped')).toBe('No enviado');
    expect(messageKindName('booking_reminder')).toBe('Recordatorio del día anterior');
    // An unknown value from a newer API shows as it is, never crashes the list.
    expect(messageKindName('future_kind')).toBe('future_kind');
  });

  it('a queued message says its next attempt while it is ahead, and the last error of a retry', () => {
    expect(stateNotes({ ...base, next_attempt_at: '2026-11-24T15:30:00Z' }, when, NOW)).toEqual([
      { text: 'Próximo intento: «15:30»', isProblem: false },
    ]);
    expect(
      stateNotes(
        { ...base, attempts: 2, next_attempt_at: '2026-11-24T15:02:00Z', last_error: '421 Try later' },
        when,
        NOW,
      ),
    ).toEqual([
      { text: 'Próximo intento: «15:02»', isProblem: false },
      { text: 'Último error: 421 Try later', isProblem: true },
    ]);
    // Due already (no mail server yet, or the worker is busy): no time in the past.
    expect(stateNotes({ ...base, next_attempt_at: '2026-11-24T14:00:00Z' }, when, NOW)).toEqual([
      { text: 'Sale en cuanto se pueda', isProblem: false },
    ]);
  });

  it("failed and skipped messages say why (the API's words); a sent one says nothing", () => {
    expect(stateNotes({ ...base, state: 'failed', last_error: '550 5.1.1 User unknown' }, when, NOW)).toEqual([
      { text: '550 5.1.1 User unknown', isProblem: true },
    ]);
    expect(stateNotes({ ...base, state: 'skipped', last_error: MESSAGE_SKIP_REASON.noEmail }, when, NOW)).toEqual([
      { text: MESSAGE_SKIP_REASON.noEmail, isProblem: true },
    ]);
    expect(stateNotes({ ...base, state: 'sent' }, when, NOW)).toEqual([]);
  });

  it('attempts: "1 intento", "3 intentos"; a WhatsApp chat is not attempted', () => {
    expect(attemptsLabel({ attempts: 1, channel: 'email' })).toBe('1 intento');
    expect(attemptsLabel({ attempts: 3, channel: 'email' })).toBe('3 intentos');
    expect(attemptsLabel({ attempts: 0, channel: 'whatsapp' })).toBe('—');
  });

  it('WhatsApp is offered for an e-mail that did not reach the customer, not when the reason makes it moot', () => {
    const m = (over: Partial<TMessageResponse>) =>
      ({ channel: 'email', state: 'skipped', booking_id: 'b1', last_error: null, ...over }) as TMessageResponse;
    expect(isWhatsappFallback(m({ last_error: MESSAGE_SKIP_REASON.noEmail }))).toBe(true);
    expect(isWhatsappFallback(m({ last_error: MESSAGE_SKIP_REASON.invalidEmail }))).toBe(true);
    expect(isWhatsappFallback(m({ state: 'failed', last_error: '550' }))).toBe(true);
    expect(isWhatsappFallback(m({ last_error: MESSAGE_SKIP_REASON.cancelled }))).toBe(false);
    expect(isWhatsappFallback(m({ state: 'sent' }))).toBe(false);
    expect(isWhatsappFallback(m({ state: 'failed', booking_id: null }))).toBe(false);
    expect(isWhatsappFallback(m({ channel: 'whatsapp', state: 'failed' }))).toBe(false);
    expect(whatsappKindOf('booking_reminder')).toBe('booking_reminder');
    expect(whatsappKindOf('booking_changed')).toBeUndefined();
  });
});
