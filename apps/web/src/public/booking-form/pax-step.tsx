import { PaxStepper } from '../components/pax-stepper';
import { t } from '../i18n';
import { BookingStep, StepError } from './booking-step';
import type { TBookingForm } from './use-booking-form';

/** Step 3: how many of each tariff; no more seats than the departure has left. */
export function PaxStep({ form: f, n }: { form: TBookingForm; n: number }) {
  const { product, seatsLeft, seats, paxTotal } = f;
  const pax = f.values.pax;
  const text = t().booking;
  return (
    <BookingStep id="step-pax" n={n} title={text.steps.pax}>
      <div id="step-pax" tabIndex={-1} className="bk-focus-target bk-pax-list">
        {f.offered.map((price) => {
          const count = pax[price.pax_type] ?? 0;
          const room = seatsLeft === null ? 50 : seatsLeft;
          const canAdd = price.occupies_seat ? seats < room : paxTotal < 100 && count < Math.max(1, seats);
          return (
            <PaxStepper
              key={price.pax_type}
              price={{ min_age: null, max_age: null, ...price }}
              value={count}
              currency={product.currency}
              canAdd={canAdd}
              onChange={(q) => f.set('pax', { ...pax, [price.pax_type]: q })}
            />
          );
        })}
      </div>
      <p className="bk-pax-foot">
        {product.min_pax > 1 && <span>{text.minPax(product.min_pax)} </span>}
        {seatsLeft !== null && <span>{text.seatsOnDeparture(seatsLeft)}</span>}
      </p>
      <StepError id="pax-error" error={f.errors.pax} alert />
    </BookingStep>
  );
}
