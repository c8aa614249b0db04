/**
 * Runs `work` once the browser is idle after the page's first paint (requestIdleCallback, at most
 * 1 s later; a timeout where the browser has none): for what the page needs soon but not to show
 * itself. Returns the cancel function (a useEffect cleanup).
 */
export function afterFirstPaint(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 200);
  return () => window.clearTimeout(id);
}
