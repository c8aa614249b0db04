import type { ReactNode } from 'react';
import { IconAlert } from '../components/icons';
import { Later } from '../lib/hydration';

/**
 * A numbered step of the booking form: "1 Elige la fecha". `id` names its title (`<id>-title`).
 * Each step is taken over at the first input (a tap, a key, a focus), or when what it shows
 * changes (lib/hydration.tsx): until then it is the server's HTML, and a visitor who reads the
 * form before using it pays for none of its rendering (issue 35, goal 6).
 */
export function BookingStep({
  id,
  n,
  title,
  watch,
  children,
}: {
  id: string;
  n: number;
  title: string;
  /** What the step shows that may change before anyone uses the form (see `Later`'s `watch`). */
  watch: readonly unknown[];
  children: ReactNode;
}) {
  return (
    <Later as="section" className="bk-step" aria-labelledby={`${id}-title`} firstInput watch={watch}>
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
