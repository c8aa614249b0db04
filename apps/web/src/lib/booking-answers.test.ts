import { describe, expect, it } from 'vitest';
import { answerDisplay, answerGroups, passengerName } from './booking-answers';

describe('booking answers as the back office reads them (issue 33 item 3)', () => {
  it('yes/no in Spanish, a date as a day, a number with the decimal comma, text and choices as given', () => {
    expect(answerDisplay({ kind: 'yes_no', value: 'yes' })).toBe('Sí');
    expect(answerDisplay({ kind: 'yes_no', value: 'no' })).toBe('No');
    expect(answerDisplay({ kind: 'date', value: '2026-03-09' })).toMatch(/^lun,? 9 mar\.? 2026$/);
    expect(answerDisplay({ kind: 'number', value: '72.5' })).toBe('72,5');
    expect(answerDisplay({ kind: 'choice', value: 'En el hotel' })).toBe('En el hotel');
    expect(answerDisplay({ kind: 'text', value: 'Sin gluten' })).toBe('Sin gluten');
  });

  it('passengers are named by number and type, adults first', () => {
    expect(passengerName(3, ['adult', 'adult', 'child'])).toBe('Pasajero 3 · Niño');
    expect(passengerName(2)).toBe('Pasajero 2');
  });

  it('one group per question in order, its passengers sorted, unanswered ones as null', () => {
    const swim = (passenger: number, value: string) => ({
      question_id: 's',
      passenger,
      label: '¿Sabe nadar?',
      kind: 'yes_no' as const,
      value,
    });
    const groups = answerGroups(
      [
        swim(3, 'no'),
        swim(1, 'yes'),
        { question_id: 'h', passenger: null, label: '¿Cómo nos has conocido?', kind: 'choice', value: 'Internet' },
      ],
      [{ question_id: 's', passenger: 2, label: '¿Sabe nadar?' }],
    );
    expect(groups).toEqual([
      {
        question_id: 's',
        label: '¿Sabe nadar?',
        perPassenger: true,
        items: [
          { passenger: 1, text: 'Sí' },
          { passenger: 2, text: null },
          { passenger: 3, text: 'No' },
        ],
      },
      {
        question_id: 'h',
        label: '¿Cómo nos has conocido?',
        perPassenger: false,
        items: [{ passenger: null, text: 'Internet' }],
      },
    ]);
  });
});
