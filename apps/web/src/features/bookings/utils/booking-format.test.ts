import { describe, expect, it } from 'vitest';
import {
  BOOKING_STATE_COLORS,
  countryName,
  netPaidCents,
  paxCounts,
  paxLong,
  paxSummary,
  paxTypeLabel,
  seatsLeftText,
} from './booking-format';

describe('booking formats', () => {
  it('pax summary "2 A · 1 N" from the lines, in the catalogue order', () => {
    expect(
      paxSummary([
        { pax_type: 'child', quantity: 1 },
        { pax_type: 'adult', quantity: 2 },
      ]),
    ).toBe('2 A · 1 N');
    expect(paxSummary({ adult: 1, infant: 1, senior: 2, child: 0 })).toBe('1 A · 1 B · 2 S');
    expect(paxSummary([])).toBe('');
    expect(paxSummary(null)).toBe('');
  });

  it('pax in words with Spanish plurals', () => {
    expect(paxLong({ adult: 2, child: 1 })).toBe('2 adultos, 1 niño');
    expect(paxLong({ adult: 1, infant: 2 })).toBe('1 adulto, 2 bebés');
    expect(paxCounts({ adult: '', child: 3 } as never)).toEqual([{ type: 'child', n: 3 }]);
    expect(paxTypeLabel('child')).toBe('Niños');
  });

  it('STYLE.md: one colour per state', () => {
    expect(BOOKING_STATE_COLORS).toEqual({
      pending: 'yellow',
      confirmed: 'green',
      cancelled: 'red',
      completed: 'blue',
      no_show: 'orange',
    });
  });

  it('countries: Spanish name and flag from the 2-letter code', () => {
    expect(countryName('de')).toBe('Alemania');
    expect(countryName('')).toBe('');
    expect(countryName('XYZ')).toBe('XYZ');
  });

  it('paid amount is net of refunds', () => {
    expect(netPaidCents({ paid_cents: 5000, refunded_cents: 2000 })).toBe(3000);
    expect(netPaidCents({ paid_cents: 5000 })).toBe(5000);
  });
});

describe("seatsLeftText (issue 12: the booking's own seats are not free seats)", () => {
  it('a new booking or another departure: the free seats', () => {
    expect(seatsLeftText(13)).toBe('Quedan 13 plazas');
    expect(seatsLeftText(1)).toBe('Queda 1 plaza');
    expect(seatsLeftText(0)).toBe('No quedan plazas');
    expect(seatsLeftText(1200)).toBe('Quedan 1200 plazas');
  });

  it('its own departure: free seats, and its own said apart', () => {
    expect(seatsLeftText(13, 3)).toBe('Quedan 13 plazas libres (más las 3 de esta reserva)');
    expect(seatsLeftText(1, 3)).toBe('Queda 1 plaza libre (más las 3 de esta reserva)');
    expect(seatsLeftText(5, 1)).toBe('Quedan 5 plazas libres (más la plaza de esta reserva)');
    expect(seatsLeftText(0, 3)).toBe('No quedan plazas libres (esta reserva tiene 3 plazas)');
  });
});
