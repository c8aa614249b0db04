import type { TAuditEntryResponse } from '@trayecto/shared';
import { describe, expect, it } from 'vitest';
import { changeLines, formatValue, recordHref, splitActorLabel } from './audit-format';

const texts = (entity_type: TAuditEntryResponse['entity_type'], changes: TAuditEntryResponse['changes']) =>
  changeLines({ entity_type, changes }).map((l) => l.text);

describe('audit changes in Spanish', () => {
  it('states, amounts, roles and references read as the back-office shows them', () => {
    expect(
      texts('booking', {
        state: ['pending', 'confirmed'],
        total_cents: [11500, 123450],
        seller_id: [null, { id: 'u1', name: 'Sergio Vendedor' }],
        pax: [{ adult: 2 }, { adult: 2, child: 1 }],
        date: ['2026-11-22', '2026-11-23'],
      }),
    ).toEqual([
      // In a fixed order (jsonb keeps none): the order of the field labels.
      'Estado: Pendiente → Confirmada',
      'Fecha: dom, 22 nov 2026 → lun, 23 nov 2026',
      'Pasajeros: 2 adultos → 2 adultos, 1 niño',
      'Importe: 115,00 € → 1.234,50 €',
      'Vendedor: Sergio Vendedor',
    ]);
    expect(texts('user', { level: [2, 3], state: [1, 2] })).toEqual([
      'Rol: Vendedor → Operador',
      'Estado: Activo → Inactivo',
    ]);
    expect(
      texts('schedule_sheet', { state: ['ready', 'in_progress'], person_ids: [[], [{ id: 'p', name: 'Pilar' }]] }),
    ).toEqual(['Estado: Confirmada → En curso', 'Personal: — → Pilar']);
  });

  it('a password is only "cambiada"; unknown fields show their own name; empty values a dash', () => {
    expect(texts('user', { password: [null, 'cambiada'], nickname: ['', 'Nuri'] })).toEqual([
      'Contraseña cambiada',
      'nickname: — → Nuri',
    ]);
    expect(formatValue('booking', 'checked_in', true)).toBe('Sí');
    expect(formatValue('booking', 'passengers', [{}, {}, {}])).toBe('3 pasajeros');
    expect(formatValue('booking', 'notes', 'x'.repeat(200))).toHaveLength(80);
  });

  it('links to the record while it exists; users through the list search', () => {
    const base = { entity_id: 'b1', action: 'update', summary: 'TRY-ABC123 · Lucía' };
    expect(recordHref({ ...base, entity_type: 'booking' })).toBe('/booking/edit/b1');
    expect(recordHref({ ...base, entity_type: 'schedule_sheet' })).toBe('/schedule-sheets/b1');
    expect(recordHref({ ...base, entity_type: 'user', summary: 'Ana <ana@x.es>' })).toBe('/users?q=ana%40x.es');
    expect(recordHref({ ...base, entity_type: 'booking', action: 'delete' })).toBeNull();
    // Issue 33: a channel's entries (created, changed, a key created or revoked) open its connection.
    expect(recordHref({ ...base, entity_type: 'channel', action: 'key_revoke' })).toBe('/channels?channel=b1');
    expect(splitActorLabel('Ana Admin <ana@x.es>')).toEqual({ name: 'Ana Admin', email: 'ana@x.es' });
    expect(splitActorLabel('Lucía Pérez')).toEqual({ name: 'Lucía Pérez', email: '' });
  });
});
