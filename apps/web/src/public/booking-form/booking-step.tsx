import type { ReactNode } from 'react';
import { IconAlert } from '../components/icons';

/** A numbered step of the booking form: "1 Elige la fecha". `id` names its title (`<id>-title`). */
export function BookingStep({ id, n, title, children }: { id: string; n: number; title: string; children: ReactNode }) {
  return (
    <section className="bk-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <span className="bk-step-n">{n}</span> {title}
      </h2>
      {children}
    </section>
  );
}

/** The error under a step (date, time, passengers). */
export function StepError({ id, error, alert = false }: { id: string; error?: string; alert?: boolean }) {
  if (!error) return null;
  return (
    <p className="pub-error" id={id} role={alert ? 'alert' : undefined}>
      <IconAlert size={16} /> {error}
    </p>
  );
}
