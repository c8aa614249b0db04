import type { ReactNode } from 'react';
import { IconAlert } from '../components/icons';
import { Later } from '../lib/hydration';

/**
 * A numbered step of the booking form: "1 Elige la fecha". `id` names its title (`<id>-title`).
 * Each step is taken over in a task of its own, after the page's first (lib/hydration.tsx), so
 * taking the form over is no single long task.
 */
export function BookingStep({ id, n, title, children }: { id: string; n: number; title: string; children: ReactNode }) {
  return (
    <Later as="section" className="bk-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <span className="bk-step-n">{n}</span> {title}
      </h2>
      {children}
    </Later>
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
