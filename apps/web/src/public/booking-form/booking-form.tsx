import type { TPublicProduct } from '@trayecto/shared';
import { t } from '../i18n';
import { BookingSummary } from './booking-summary';
import { CustomerStep } from './customer-step';
import { DateStep } from './date-step';
import { PaxStep } from './pax-step';
import { PickupStep } from './pickup-step';
import { TimeStep } from './time-step';
import { useBookingForm } from './use-booking-form';
import './booking-form.css';

/**
 * The new-booking form (PRODUCT.md §6): one component per step, their state and the submission in
 * useBookingForm. A tour without pickup has no pickup step, so the customer's step is 4, not 5.
 */
export function BookingForm({ product }: { product: TPublicProduct }) {
  const form = useBookingForm(product);
  const pickup = product.pickup_enabled;
  return (
    <form className="bk-form" noValidate onSubmit={form.onSubmit} aria-label={t().booking.formLabel}>
      <div className="bk-steps">
        <DateStep form={form} n={1} />
        <TimeStep form={form} n={2} />
        <PaxStep form={form} n={3} />
        {pickup && <PickupStep form={form} n={4} />}
        <CustomerStep form={form} n={pickup ? 5 : 4} />
      </div>
      <BookingSummary form={form} />
    </form>
  );
}
