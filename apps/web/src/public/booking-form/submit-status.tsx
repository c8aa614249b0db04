import { NO_SEATS_MESSAGE } from '@trayecto/shared/catalog';
import { useEffect, useRef } from 'react';
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
    if (submit.kind === 'sold-out' || submit.kind === 'error') alertRef.current?.focus();
  }, [submit]);

  if (submit.kind === 'sold-out') {
    const left = f.soldOutSeats;
    return (
      <div className="pub-alert pub-alert-warn" role="alert" tabIndex={-1} ref={alertRef} data-testid="sold-out">
        <p className="pub-alert-title">{NO_SEATS_MESSAGE}</p>
        <p>
          Se han vendido plazas de la salida del {formatDay(submit.date)} a las {submit.time} mientras reservabas
          {left !== null ? (left > 0 ? ` y ahora ${seatsLeftText(left)}.` : ' y ya está completa.') : '.'} Tus datos
          siguen aquí: elige otra hora u otra fecha.
        </p>
        {f.alternatives.length > 0 && (
          <ul className="pub-alert-actions" aria-label="Otras horas con plazas">
            {f.alternatives.map((a) => (
              <li key={a.time}>
                <button type="button" className="pub-btn pub-btn-secondary" onClick={() => f.switchToTime(a.time)}>
                  Cambiar a las {a.time} · {seatsLeftText(a.seats_left)}
                </button>
              </li>
            ))}
          </ul>
        )}
        <button type="button" className="pub-btn pub-btn-ghost" onClick={f.pickAnotherDate}>
          Elegir otra fecha
        </button>
      </div>
    );
  }
  if (submit.kind === 'error') {
    return (
      <div className="pub-alert pub-alert-error" role="alert" tabIndex={-1} ref={alertRef}>
        <p className="pub-alert-title">No hemos podido confirmar la reserva</p>
        <p>{submit.message}</p>
        {submit.retryable && <p>No te preocupes: si vuelves a intentarlo no se duplicará la reserva.</p>}
      </div>
    );
  }
  return null;
}
