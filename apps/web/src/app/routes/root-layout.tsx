import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { focusHeadingWhenShown } from '../../public/lib/focus-heading';

type THandle = { title?: string } | undefined;

/**
 * Root of the back-office: every navigation scrolls to the top (spec §2) and sets the page title.
 * Filter changes that only rewrite the list's query string pass `state: { keepScroll: true }`.
 */
export function RootLayout() {
  const location = useLocation();
  const matches = useMatches();
  const keepScroll = (location.state as { keepScroll?: boolean } | null)?.keepScroll === true;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (location.key)
  useLayoutEffect(() => {
    if (!keepScroll) window.scrollTo(0, 0);
  }, [location.key]);

  // Focus to the new screen's heading after each navigation but the first (the browser starts at the
  // top) and filter changes (the user is working in the list's toolbar).
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (location.key)
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (keepScroll) return;
    return focusHeadingWhenShown(() => document.getElementById('main-content') ?? document.querySelector('main'));
  }, [location.key]);

  const title = [...matches].reverse().find((m) => (m.handle as THandle)?.title)?.handle as THandle;
  useLayoutEffect(() => {
    if (title?.title) document.title = `${title.title} · Trayecto`;
  }, [title?.title]);

  return <Outlet />;
}
