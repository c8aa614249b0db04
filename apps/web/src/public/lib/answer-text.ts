/**
 * A booking's answers to its product's questions as the customer reads them (ADR 024): the
 * voucher's and the booking page's list. Apart from the forms' rules (answers.ts), so the voucher
 * loads only this.
 */
import type { TPublicBooking, TPublicProduct } from '@trayecto/shared';
import type { TPaxType } from '@trayecto/shared/catalog';
import { NO, passengerTypes, YES } from '@trayecto/shared/questions';
import { localeTag, t } from '../i18n';
import { formatDay } from './format';
import { paxTypeName } from './names';

/** The passengers of a booking by type (`{ adult: 2, child: 1 }`) from its lines. */
export const paxOfLines = (lines: TPublicBooking['lines']): Partial<Record<TPaxType, number>> =>
  Object.fromEntries(lines.map((l) => [l.pax_type, l.quantity]));

/** "Pasajero 3 · Niño": a passenger of the booking by number, in the page's language. */
export const passengerLabel = (n: number, type: string | undefined) =>
  t().common.labels.passenger(n, paxTypeName(type ?? 'adult'));

/**
 * An answer as the customer reads it: yes/no and dates in the page's language, a choice by its
 * option's label when the product still asks it (else as stored), a number with the page's comma.
 */
export function answerText(
  a: Pick<TPublicBooking['answers'][number], 'kind' | 'value' | 'question_id'>,
  question?: TPublicProduct['questions'][number],
): string {
  const words = t().common.questions;
  switch (a.kind) {
    case 'yes_no':
      return a.value === YES ? words.yes : a.value === NO ? words.no : a.value;
    case 'choice':
      return question?.options.find((o) => o.value === a.value)?.label ?? a.value;
    case 'date':
      return formatDay(a.value) || a.value;
    case 'number': {
      const n = Number(a.value);
      return a.value.trim() !== '' && Number.isFinite(n)
        ? new Intl.NumberFormat(localeTag(), { maximumFractionDigits: 6 }).format(n)
        : a.value;
    }
    default:
      return a.value;
  }
}

/** A booking's answers to show: those of the booking, then each passenger's, in number order. */
export function groupedAnswers(b: Pick<TPublicBooking, 'answers' | 'lines'>) {
  const types = passengerTypes(paxOfLines(b.lines));
  const forBooking = b.answers.filter((a) => a.passenger == null);
  const byPassenger = new Map<number, TPublicBooking['answers']>();
  for (const a of b.answers) {
    if (a.passenger == null) continue;
    byPassenger.set(a.passenger, [...(byPassenger.get(a.passenger) ?? []), a]);
  }
  const passengers = [...byPassenger.entries()]
    .sort(([x], [y]) => x - y)
    .map(([n, answers]) => ({ n, type: types[n - 1], answers }));
  return { forBooking, passengers };
}
