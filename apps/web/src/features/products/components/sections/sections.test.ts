import type { TAvailabilitySlot } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { absoluteUrl } from '../../../../components/copy-link-field';
import { normalizeEditorHtml } from '../rich-text-field';
import { describeRule } from './availability-section';
import { departurePayload } from './departure-modal';
import { monthLabel, slotLabel } from './departures-calendar';
import { movedIds, rejectionMessage } from './images-section';
import { mapLinkFor } from './meeting-point-section';
import { pickupFromZone, sortPickupsByTime } from './pickups-section';
import { fromPriceCents } from './prices-section';

describe('product sections', () => {
  it('a weekly rule reads as a sentence', () => {
    expect(
      describeRule({
        weekdays: [1, 2, 3, 4, 5],
        times: ['15:30', '09:00'],
        valid_from: '2026-06-01',
        valid_to: '2026-09-30',
      }),
    ).toBe('L–V · a las 09:00 y 15:30 · del 1 jun al 30 sept');
    expect(describeRule({ weekdays: [6, 7], times: ['10:00'], valid_from: '2026-01-01', valid_to: null })).toBe(
      'S, D · a las 10:00 · desde el 1 ene',
    );
  });

  it('a departure: capacity null means "the product\'s own"', () => {
    const slot = { date: '2026-07-01', time: '09:00' };
    expect(departurePayload(slot, { capacity: '', closed: true, notes: ' Viento ' }, 50)).toEqual({
      date: '2026-07-01',
      time: '09:00',
      capacity: null,
      closed: true,
      notes: 'Viento',
    });
    expect(departurePayload(slot, { capacity: 50, closed: false, notes: '' }, 50).capacity).toBeNull();
    expect(departurePayload(slot, { capacity: 30, closed: false, notes: '' }, 50).capacity).toBe(30);
  });

  it('a departure and a month read in Spanish', () => {
    const slot: TAvailabilitySlot = {
      date: '2026-07-01',
      time: '09:00',
      capacity: 50,
      seats_taken: 12,
      seats_left: 38,
      available: true,
      closed: false,
      departure_id: null,
    };
    expect(slotLabel(slot)).toBe('09:00 38/50, 38 de 50 plazas libres');
    expect(slotLabel({ ...slot, closed: true })).toBe('09:00, cerrada');
    expect(monthLabel('2026-07')).toBe('Julio 2026');
  });

  it('images move one place at a time; refused files say why', () => {
    const imgs = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(movedIds(imgs, 2, -1)).toEqual(['a', 'c', 'b']);
    expect(movedIds(imgs, 0, -1)).toEqual(['a', 'b', 'c']);
    const file = new File(['x'], 'mapa.pdf', { type: 'application/pdf' });
    expect(rejectionMessage({ file, errors: [{ code: 'file-invalid-type', message: '' }] })).toBe(
      'mapa.pdf: solo JPG, PNG o WebP.',
    );
  });

  it('the "desde" price is the adult one, else the lowest offered', () => {
    expect(
      fromPriceCents([
        { pax_type: 'adult', offered: true, amount: 45 },
        { pax_type: 'child', offered: true, amount: 25 },
      ]),
    ).toBe(4500);
    expect(
      fromPriceCents([
        { pax_type: 'child', offered: true, amount: 25 },
        { pax_type: 'senior', offered: true, amount: 30 },
      ]),
    ).toBe(2500);
    expect(fromPriceCents([{ pax_type: 'adult', offered: false, amount: 45 }])).toBeNull();
  });

  it('pickups sort in route order: fixed times by the clock, then most minutes before first', () => {
    const a = { ...pickupFromZone('A', 20) };
    const b = { ...pickupFromZone('B', 60) };
    const c = { ...pickupFromZone('C', ''), mode: 'fixed' as const, fixed_time: '07:45' };
    expect(sortPickupsByTime([a, b, c]).map((p) => p.label)).toEqual(['C', 'B', 'A']);
    expect(pickupFromZone('Costa Adeje', '').minutes_before).toBe(30);
  });

  it('links: a map for the coordinates, absolute public URLs, an empty editor is ""', () => {
    expect(mapLinkFor('28.2559, -16.6196')).toBe(
      'https://www.openstreetmap.org/?mlat=28.2559&mlon=-16.6196#map=16/28.2559/-16.6196',
    );
    expect(mapLinkFor('hola')).toBeNull();
    expect(absoluteUrl('/public/landing/p-1', 'https://trayecto.example')).toBe(
      'https://trayecto.example/public/landing/p-1',
    );
    expect(absoluteUrl('https://x.es/a', 'https://trayecto.example')).toBe('https://x.es/a');
    expect(normalizeEditorHtml('<p></p>', true)).toBe('');
    expect(normalizeEditorHtml('<p>Hola</p>', false)).toBe('<p>Hola</p>');
  });
});
