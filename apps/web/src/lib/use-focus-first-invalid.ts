import { useEffect, useRef, useState } from 'react';

/**
 * For a form that keeps its errors in its own state (a dialog's few fields, not @mantine/form):
 * after a refused save — the form's own rules or the API's 422 naming a field — the focus goes to
 * the first field drawn invalid (`aria-invalid="true"`, top to bottom), once its error is on the
 * screen, so the keyboard and a screen reader land where the message is (WCAG 3.3.1).
 *
 * Put `ref` on the form (or the element around its fields) and call `focusFirstInvalid()` in the
 * same handler that sets the errors.
 */
export function useFocusFirstInvalid<TElement extends HTMLElement>() {
  const ref = useRef<TElement>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [requests]);
  return { ref, focusFirstInvalid: () => setRequests((n) => n + 1) };
}
