import { Calendar } from '../components/calendar';
import { t } from '../i18n';
import { BookingStep, StepError } from './booking-step';
import type { TBookingForm } from './use-booking-form';

/** Step 1: a month of departures; days with seats can be picked. */
export function DateStep({ form: f, n }: { form: TBookingForm; n: number }) {
  const error = f.errors.date;
  const text = t();
  return (
    <BookingStep id="step-date" n={n} title={text.booking.steps.date}>
      <div id="step-date" tabIndex={-1} className="bk-focus-target">
        {f.monthEntry?.error ? (
          <div className="pub-inline-error" role="alert">
            <p>{f.monthEntry.error.message}</p>
            <button type="button" className="pub-btn pub-btn-secondary" onClick={() => f.retryMonth(f.month)}>
              {text.common.states.retry}
            </button>
          </div>
        ) : (
          <Calendar
            month={f.month}
            minMonth={f.minMonth}
            maxMonth={f.maxMonth}
            onMonthChange={f.changeMonth}
            selected={f.values.date}
            onSelect={f.chooseDate}
            days={f.days}
            loading={f.calendarLoading}
            invalid={!!error}
            describedBy={error ? 'date-error' : undefined}
          />
        )}
        {f.noDeparturesThisMonth && <p className="pub-hint">{text.booking.noDeparturesThisMonth}</p>}
      </div>
      <StepError id="date-error" error={error} />
    </BookingStep>
  );
}
