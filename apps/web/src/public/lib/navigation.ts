/**
 * Client-side navigation of the public pages without a router library: history.pushState plus a
 * popstate event, which the app's location store listens to.
 */
import type { MouseEvent } from 'react';

export function navigate(to: string, opts: { replace?: boolean } = {}) {
  if (opts.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** onClick of an <a href> to another public page: navigate in place unless a new tab is wanted. */
export function onLinkClick(e: MouseEvent<HTMLAnchorElement>) {
  const a = e.currentTarget;
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  if (a.target && a.target !== '_self') return;
  const url = new URL(a.href, window.location.href);
  if (url.origin !== window.location.origin || !url.pathname.startsWith('/public/')) return;
  e.preventDefault();
  navigate(url.pathname + url.search + url.hash);
}
