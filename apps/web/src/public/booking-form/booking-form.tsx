import type { TPublicProduct } from '@trayecto/shared';
import { t } from '../i18n';
import { BookingSummary } from './booking-summary';
import { CustomerStep } from './customer-step';
import { DateStep } from './date-step';
import { PaxStep } from './pax-step';
import { PickupStep } from './pickup-step';
import { QuestionsStep } from './questions-step';
import { TimeStep } from './time-step';
import { useBookingForm } from './use-booking-form';
import './booking-form.css';

/**
 * The new-booking form (PRODUCT.md §6): one component per step, their state and the submission in
 * useBookingForm. A tour without pickup has no pickup step, so the customer's step is 4, not 5; the
 * product's questions (ADR 024), when it asks any, are the step after the customer's.
 */
export function BookingForm({ product }: { product: TPublicProduct }) {
  const form = useBookingForm(product);
  const pickup = product.pickup_enabled;
  return (
    <form className="bk-form" noValidate onSubmit={form.onSubmit} aria-label={t().booking.formLabel}>
      {/* Once the booking is made and waits for its payment, its data can no longer change here. */}
      <div className="bk-steps" inert={form.created ? true : undefined}>
        <DateStep form={form} n={1} />
        <TimeStep form={form} n={2} />
        <PaxStep form={form} n={3} />
        {pickup && <PickupStep form={form} n={4} />}
        <CustomerStep form={form} n={pickup ? 5 : 4} />
        {product.questions.length > 0 && <QuestionsStep form={form} n={pickup ? 6 : 5} />}
      </div>
      <BookingSummary form={form} />
    </form>
  );
}
