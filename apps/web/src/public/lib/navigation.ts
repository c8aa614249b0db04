/**
 * Client-side navigation of the public pages without a router library: history.pushState plus a
 * popstate event, which the app's location store listens to.
 */
import { LANG_PARAM } from '@trayecto/shared/i18n';
import type { MouseEvent } from 'react';
import { LANG_STORAGE_KEY, withLang } from '../i18n';
import { currentSearch, isServer } from './render-context';

export function navigate(to: string, opts: { replace?: boolean; state?: unknown } = {}) {
  const state = opts.state ?? null;
  if (opts.replace) window.history.replaceState(state, '', to);
  else window.history.pushState(state, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/**
 * The history entry's note that its booking was just made on the public form (issue 12): the
 * voucher then thanks the customer. Kept in the history state, not the URL, so the voucher's address
 * stays the spec's and a shared or bookmarked link never says "thank you" again.
 */
export const JUST_BOOKED_STATE = { justBooked: true } as const;

export function isJustBooked(): boolean {
  if (isServer()) return false;
  const state = window.history.state as { justBooked?: unknown } | null;
  return state?.justBooked === true;
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

/**
 * Whether a language chosen earlier in the visit (the switcher, stored for the visit) and not in
 * this page's address decides this page's links: the server, which knows only the address, did
 * not write them so (main.tsx then renders the page afresh instead of taking the server's HTML).
 */
export function languageChosenInVisit(): boolean {
  if (isServer() || new URLSearchParams(currentSearch()).has(LANG_PARAM)) return false;
  try {
    return !!sessionStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    return false;
  }
}

/** Whether the visitor chose the page's language (`?lang=` here, or the switcher earlier in the visit). */
function languageChosen(): boolean {
  return new URLSearchParams(currentSearch()).has(LANG_PARAM) || languageChosenInVisit();
}

/**
 * A link to another public page that keeps the language: with `?lang=` once the visitor chose one
 * (a reload, a new tab or a shared link stays in it), and tidy otherwise (the server picks the
 * same language again from the browser's).
 */
export const publicHref = (href: string): string => (languageChosen() ? withLang(href) : href);
