import { describe, expect, it } from 'vitest';
import { hasPhone, whatsappBlockedReason } from './booking-contact';

describe('WhatsApp from a booking (issue 14)', () => {
  it('needs a phone number as people type it', () => {
    expect(hasPhone('+34 600 000 000')).toBe(true);
    expect(hasPhone('600-000-000')).toBe(true);
    expect(hasPhone('')).toBe(false);
    expect(hasPhone('  ')).toBe(false);
    expect(hasPhone('n/a')).toBe(false);
    expect(hasPhone(null)).toBe(false);
  });

  it('says why not, and where to add the phone for who can edit the booking', () => {
    expect(whatsappBlockedReason('+34 600 000 000', true)).toBeNull();
    expect(whatsappBlockedReason('', true)).toBe(
      'La reserva no tiene teléfono: añádelo en «Cliente» y guarda para enviarla por WhatsApp.',
    );
    expect(whatsappBlockedReason('', false)).toBe('La reserva no tiene teléfono del cliente.');
  });
});
