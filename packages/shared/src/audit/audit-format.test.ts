import { describe, expect, it } from 'vitest';
import { actionLabel, actorText, changeLines, entityLabel } from './audit-format';

describe('actorText: who acted, in Spanish, the same on every screen that shows history', () => {
  it('names staff without their e-mail, and marks a customer and a channel as such', () => {
    expect(actorText('staff', 'Ana García <ana@teide.demo>')).toBe('Ana García');
    expect(actorText('staff', 'Ana García')).toBe('Ana García');
    expect(actorText('customer', 'Lucía Pérez')).toBe('Lucía Pérez (cliente)');
    expect(actorText('channel', 'Viajes Sol')).toBe('Viajes Sol (canal)');
    expect(actorText('system', 'Sistema · Pago en línea')).toBe('Sistema · Pago en línea');
  });

  it('falls back to the kind when no name was kept', () => {
    expect(actorText('customer', '')).toBe('Cliente');
    expect(actorText('channel', ' ')).toBe('Canal');
    expect(actorText('system', '')).toBe('Sistema');
  });
});

describe('a channel’s entries (issue 33)', () => {
  it('read with the channel’s own labels and names, the webhook secret only as "(cambiado)"', () => {
    const lines = changeLines({
      entity_type: 'channel',
      changes: {
        webhook_secret: [null, '(cambiado)'],
        kind: ['octo', 'agency'],
        name: [null, 'Viajes Sol'],
        collects: ['operator', 'agency'],
        commission_pct: [null, 12.5],
        product_ids: [null, [{ id: 'p1', name: 'Subida al Teide' }]],
        allotment: [null, 8],
      },
    }).map((l) => l.text);
    expect(lines).toEqual([
      'Nombre: Viajes Sol',
      'Tipo: Revendedor (API OCTO) → Agencia',
      'Comisión (%): 12,5 %',
      'Cobra: El tour operador → El canal',
      'Productos: Subida al Teide',
      'Cupo por salida: 8',
      'Secreto del webhook: (cambiado)',
    ]);
    expect(entityLabel('channel')).toBe('Canal');
    expect(actionLabel('key_create')).toBe('Clave de API creada');
    expect(actionLabel('key_revoke')).toBe('Clave de API revocada');
    // Other records keep the shared labels.
    expect(changeLines({ entity_type: 'user', changes: { name: ['a', 'b'] } })[0]?.label).toBe('name');
  });
});

describe('a booking’s answers (issue 33 item 3)', () => {
  it('read as each question and its answer, passengers numbered, yes/no and dates in Spanish', () => {
    const q = { question_id: 'q' };
    const [line] = changeLines({
      entity_type: 'booking',
      changes: {
        answers: [
          [],
          [
            { ...q, passenger: null, label: '¿Cómo nos has conocido?', kind: 'choice', value: 'Internet' },
            { ...q, passenger: 2, label: '¿Sabe nadar?', kind: 'yes_no', value: 'yes' },
            { ...q, passenger: null, label: 'Llegada', kind: 'date', value: '2027-01-09' },
          ],
        ],
      },
    });
    expect(line?.label).toBe('Respuestas a las preguntas');
    expect(line?.after).toMatch(/^¿Cómo nos has conocido\?: Internet; P2 ¿Sabe nadar\?: Sí; Llegada: .*9.*ene.*2027/);
    expect(line?.text).not.toContain('[object Object]');
  });
});
