/**
 * A booking's answers to its product's questions (issue 33 item 3, ADR 024), checked and normalised
 * by the shared rules (`checkAnswers`): what a sale, a staff edit, the customer and a channel send.
 */
import { answersWithin, checkAnswers, type TAnswerInput, type TBookingAnswer } from '@trayecto/shared';
import { validation } from '../../lib/app-error';
import type { ProductRow } from '../products/products.mapper';

/**
 * The answers to store from those sent (422 with a message per refused answer, on
 * `answers.<question>[.<passenger>]`). `requireAll`: every required question must be answered.
 */
export function answersFor(
  product: Pick<ProductRow, 'questions'>,
  sent: TAnswerInput[] | undefined,
  paxTotal: number,
  requireAll: boolean,
): TBookingAnswer[] {
  const { answers, errors } = checkAnswers(product.questions ?? [], sent ?? [], { paxTotal, requireAll });
  if (Object.keys(errors).length > 0) throw validation(errors);
  return answers;
}

/**
 * The answers after an edit: those sent (checked) replace the stored ones; when none are sent the
 * stored ones stay, less those of passengers the booking no longer has (and, on another product,
 * those of questions it does not ask). `requireAll` checks the result, sent or kept, against the
 * questions the product asks now.
 */
export function editedAnswers(
  product: Pick<ProductRow, 'questions'>,
  stored: TBookingAnswer[],
  sent: TAnswerInput[] | undefined,
  o: { paxTotal: number; requireAll: boolean; productChanged?: boolean },
): TBookingAnswer[] {
  const asked = new Set((product.questions ?? []).map((q) => q.id));
  if (sent !== undefined) {
    // Answers to questions the product no longer asks cannot be sent (nobody is asked them any
    // more) and stay as they are, until the booking moves to another product (ADR 024).
    const orphans = o.productChanged
      ? []
      : answersWithin(stored ?? [], o.paxTotal).filter((a) => !asked.has(a.question_id));
    return [...answersFor(product, sent, o.paxTotal, o.requireAll), ...orphans];
  }
  let kept = answersWithin(stored ?? [], o.paxTotal);
  if (o.productChanged) kept = kept.filter((a) => asked.has(a.question_id));
  if (o.requireAll)
    answersFor(
      product,
      kept.filter((a) => asked.has(a.question_id)),
      o.paxTotal,
      true,
    );
  return kept;
}
