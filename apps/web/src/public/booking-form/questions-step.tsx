import { QuestionFields } from '../components/question-fields';
import { t } from '../i18n';
import { BookingStep } from './booking-step';
import type { TBookingForm } from './use-booking-form';

/**
 * The product's booking questions (issue 33 item 3): after the customer's data, the booking's own
 * once and each passenger's for every passenger chosen in the passengers' step.
 */
export function QuestionsStep({ form: f, n }: { form: TBookingForm; n: number }) {
  const text = t().common.questions;
  const asksPassengers = f.product.questions.some((q) => q.scope === 'passenger');
  return (
    <BookingStep id="step-questions" n={n} title={text.title}>
      <QuestionFields slots={f.slots} values={f.answers} errors={f.errors} onChange={f.setAnswer} />
      {asksPassengers && f.paxTotal === 0 && <p className="pub-hint">{text.addSomeone}</p>}
    </BookingStep>
  );
}
