import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';

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

  const title = [...matches].reverse().find((m) => (m.handle as THandle)?.title)?.handle as THandle;
  useLayoutEffect(() => {
    if (title?.title) document.title = `${title.title} · Trayecto`;
  }, [title?.title]);

  return <Outlet />;
}
