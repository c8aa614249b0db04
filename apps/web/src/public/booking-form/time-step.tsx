import { Skeleton } from '../components/states';
import { t } from '../i18n';
import { isBookable } from '../lib/availability';
import { formatDay, seatsLeftText } from '../lib/format';
import { BookingStep, StepError } from './booking-step';
import type { TBookingForm } from './use-booking-form';

/** Step 2: the departure times of the chosen date, with their seats left. */
export function TimeStep({ form: f, n }: { form: TBookingForm; n: number }) {
  const { date, time } = f.values;
  const error = f.errors.time;
  const text = t().booking;
  return (
    <BookingStep id="step-time" n={n} title={text.steps.time}>
      <div id="step-time" tabIndex={-1} className="bk-focus-target">
        {!date ? (
          <p className="pub-hint">{text.chooseDateFirst}</p>
        ) : !f.dateSlots ? (
          <div className="bk-times">
            <Skeleton h={64} r={12} />
            <Skeleton h={64} r={12} />
          </div>
        ) : (
          <fieldset className="bk-times-set" aria-describedby={error ? 'time-error' : undefined}>
            <legend className="pub-sr-only">{text.timesOf(formatDay(date))}</legend>
            <div className="bk-times">
              {f.dateSlots.map((s) => {
                const open = isBookable(s);
                return (
                  <label key={s.time} className={`bk-time ${open ? '' : 'is-full'}`}>
                    <input
                      type="radio"
                      name="time"
                      value={s.time}
                      checked={time === s.time}
                      disabled={!open}
                      onChange={() => f.set('time', s.time)}
                    />
                    <span className="bk-time-h">{s.time}</span>
                    <span className="bk-time-seats">{open ? seatsLeftText(s.seats_left) : text.full}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        )}
      </div>
      <StepError id="time-error" error={error} />
    </BookingStep>
  );
}
