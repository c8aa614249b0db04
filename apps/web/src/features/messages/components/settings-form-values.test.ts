import { CUSTOMER_MESSAGE_KINDS, MSG, type TMessageSettingsResponse } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { settingsValuesOf, toggleKind, toSettingsPayload, validateSettings } from './settings-form-values';

const SETTINGS: TMessageSettingsResponse = {
  tour_operator_id: 'op1',
  sender_name: '',
  reply_to: '',
  reminder_time: '18:00',
  enabled_kinds: ['payment_received', 'booking_confirmed'],
  default_sender_name: 'Teide Aventura',
  default_reply_to: 'reservas@teideaventura.demo',
  smtp_configured: true,
};

describe('"Ajustes" of the messages: values, payload, validation', () => {
  it('reads the answer and writes it back whole, kinds in their own order', () => {
    const values = settingsValuesOf(SETTINGS);
    expect(values.enabled_kinds).toEqual(['booking_confirmed', 'payment_received']);
    expect(toSettingsPayload({ ...values, sender_name: '  Teide  ', reply_to: ' hola@teide.es ' })).toEqual({
      sender_name: 'Teide',
      reply_to: 'hola@teide.es',
      reminder_time: '18:00',
      enabled_kinds: ['booking_confirmed', 'payment_received'],
    });
  });

  it('a switch turns one kind on or off', () => {
    const all = [...CUSTOMER_MESSAGE_KINDS];
    expect(toggleKind(all, 'booking_reminder', false)).not.toContain('booking_reminder');
    expect(toggleKind(['payment_received'], 'booking_confirmed', true)).toEqual([
      'booking_confirmed',
      'payment_received',
    ]);
  });

  it('the spec\'s e-mail message for a bad "Responder a", a 24 h time, and empty fields allowed', () => {
    const values = settingsValuesOf(SETTINGS);
    expect(validateSettings(values)).toEqual({});
    expect(validateSettings({ ...values, reply_to: 'no-es-un-correo' })).toEqual({ reply_to: MSG.email });
    expect(validateSettings({ ...values, reminder_time: '25:00' }).reminder_time).toMatch(/Hora no válida/);
    expect(validateSettings({ ...values, reminder_time: '' }).reminder_time).toBe(MSG.required);
    expect(validateSettings({ ...values, enabled_kinds: [] })).toEqual({});
  });
});
