import { useEffect, useRef, useState } from 'react';

/**
 * Where the focus goes once a dialog opened from a drawer closes (WCAG 2.4.3): back to the button
 * that opened it, or — when the dialog's work removed that button (a statement paid, the cash
 * handed over, a corrective invoice shown instead) — to the drawer's title (`tabIndex={-1}`).
 * Without it the focus fell out of the drawer onto the page behind. Call `returnFocus('button')`
 * on cancel and `returnFocus('title')` (or 'button') after the work; the focus moves once React
 * has drawn the drawer as it is then.
 */
export function useFocusReturn() {
  const button = useRef<HTMLButtonElement>(null);
  const title = useRef<HTMLSpanElement>(null);
  const [target, setTarget] = useState<'button' | 'title' | null>(null);
  useEffect(() => {
    if (!target) return;
    (target === 'button' ? (button.current ?? title.current) : title.current)?.focus();
    setTarget(null);
  }, [target]);
  return { button, title, returnFocus: setTarget };
}
