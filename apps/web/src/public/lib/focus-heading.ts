/**
 * After a client-side navigation the old page's focused element is gone and focus falls to
 * <body> (WCAG 2.4.3): move it to the new page's main heading once it is drawn, so keyboard and
 * screen-reader users start at the top of what they asked for. Shared by the back-office and the
 * public pages (no Mantine, no router here).
 */

/** Waits up to `timeoutMs` for `selector` inside `root`, then focuses it (without scrolling). */
export function focusHeadingWhenShown(root: () => HTMLElement | null, selector = 'h1', timeoutMs = 5000): () => void {
  let done = false;
  const tryFocus = (): boolean => {
    const container = root();
    const heading = container?.querySelector<HTMLElement>(selector);
    if (!container || !heading) return false;
    const active = document.activeElement;
    // The new page already put the focus somewhere in itself (an autofocused field): leave it.
    if (active && active !== document.body && active !== container && container.contains(active)) return true;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (!done && tryFocus()) stop();
  });
  const timer = window.setTimeout(() => stop(), timeoutMs);
  function stop() {
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
