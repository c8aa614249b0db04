import { useEffect, useRef } from 'react';
import { t } from '../i18n';
import { formatDay, seatsLeftText } from '../lib/format';
import type { TBookingForm } from './use-booking-form';

/**
 * The answer to a refused or failed submission, focused when it appears: sold out (with the other
 * times that can take the party) or an error (saying whether trying again is safe).
 */
export function SubmitStatus({ form: f }: { form: TBookingForm }) {
  const { submit } = f;
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (submit.kind === 'sold-out' || submit.kind === 'error' || f.holdExpired) alertRef.current?.focus();
  }, [submit, f.holdExpired]);

  const text = t().booking;
  if (f.holdExpired) {
    const pay = t().common.pay.errors;
    return (
      <div className="pub-alert pub-alert-warn" role="alert" tabIndex={-1} ref={alertRef} data-testid="hold-expired">
        <p className="pub-alert-title">{pay.holdExpiredTitle}</p>
        <p>{pay.holdExpired}</p>
        <button type="button" className="pub-btn pub-btn-ghost" onClick={f.pickAnotherDate}>
          {text.soldOut.otherDate}
        </button>
      </div>
    );
  }
  if (submit.kind === 'sold-out') {
    const left = f.soldOutSeats;
    return (
      <div className="pub-alert pub-alert-warn" role="alert" tabIndex={-1} ref={alertRef} data-testid="sold-out">
        <p className="pub-alert-title">{text.soldOut.title}</p>
        <p>{text.soldOut.text(formatDay(submit.date), submit.time, left)}</p>
        {f.alternatives.length > 0 && (
          <ul className="pub-alert-actions" aria-label={text.soldOut.alternatives}>
            {f.alternatives.map((a) => (
              <li key={a.time}>
                <button type="button" className="pub-btn pub-btn-secondary" onClick={() => f.switchToTime(a.time)}>
                  {text.soldOut.switchTo(a.time, seatsLeftText(a.seats_left))}
                </button>
              </li>
            ))}
          </ul>
        )}
        <button type="button" className="pub-btn pub-btn-ghost" onClick={f.pickAnotherDate}>
          {text.soldOut.otherDate}
        </button>
      </div>
    );
  }
  if (submit.kind === 'error') {
    return (
      <div className="pub-alert pub-alert-error" role="alert" tabIndex={-1} ref={alertRef}>
        <p className="pub-alert-title">{text.failed.title}</p>
        <p>{submit.message}</p>
        {submit.retryable && <p>{text.failed.safeRetry}</p>}
      </div>
    );
  }
  return null;
}
