/**
 * Going from one back-office screen to the next as the app's own links do: a client-side
 * navigation (the URL pushed, the router told by a `popstate`), instead of loading the whole app
 * again for each screen of a scan. A load costs the browser the app's start (its bundle run again,
 * the session read, the shell drawn) and, for an axe scan, axe-core's 1.5 MB evaluated again in
 * the new document; the screen drawn is the same either way (docs/decisions/021-test-speed.md,
 * measured on the role scans).
 *
 * The request tracker stands in for Playwright's `networkidle`, which only describes a document's
 * first load: after a client-side navigation it is already reached, and would not wait for the
 * new screen's data.
 */
import { expect, type Page } from '@playwright/test';

type TTracker = { inflight: number; changedAt: number };
const trackers = new WeakMap<Page, TTracker>();

/** Counts the page's requests in flight from now on (once per page). */
export function trackRequests(page: Page): TTracker {
  const known = trackers.get(page);
  if (known) return known;
  const t: TTracker = { inflight: 0, changedAt: Date.now() };
  const start = () => {
    t.inflight += 1;
    t.changedAt = Date.now();
  };
  const end = () => {
    t.inflight = Math.max(0, t.inflight - 1);
    t.changedAt = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  trackers.set(page, t);
  return t;
}

/** What a screen shows while its data is on the way: Mantine's skeletons and loaders. */
export const LOADING = '.mantine-Skeleton-root[data-visible="true"], .mantine-Loader-root';

/**
 * The back-office shell is on the page, with no dialog open over it: one the last screen left open
 * is closed with Escape, as a person would (twice for a dialog over a drawer). A dialog that stays
 * (one that asks before closing) leaves the next screen to a load.
 */
async function inShell(page: Page): Promise<boolean> {
  const state = () =>
    page.evaluate(() => ({
      shell: document.querySelector('nav[aria-label="Menú principal"]') !== null,
      dialog: document.querySelector('[role="dialog"]') !== null,
    }));
  let now = await state();
  for (let i = 0; now.shell && now.dialog && i < 2; i++) {
    await page.keyboard.press('Escape');
    await page
      .waitForFunction(() => document.querySelector('[role="dialog"]') === null, undefined, { timeout: 1_000 })
      .catch(() => undefined);
    now = await state();
  }
  return now.shell && !now.dialog;
}

/**
 * Opens `path` (a back-office screen) inside the app when the shell is there (and whatever the last
 * screen opened over it is closed); otherwise (the first screen, a dialog that would not close, a
 * public page) loads it.
 * Then waits for the screen to settle: {@link settledInApp}.
 */
export async function goInApp(page: Page, path: string): Promise<'in-app' | 'load'> {
  const tracker = trackRequests(page);
  if (!path.startsWith('/public') && (await inShell(page))) {
    await page.evaluate((to) => {
      // The focus leaves the old screen: the app puts it in the new one once that is drawn.
      (document.activeElement as HTMLElement | null)?.blur();
      // The entry React Router itself would push (its state: `usr`, a new `key`, the next `idx`).
      const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx };
      window.history.pushState(state, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state }));
    }, path);
    // The app moves the focus to the new screen's heading (or a field of its own) after every
    // navigation (routes/root-layout.tsx): until then the old screen may still be the one drawn.
    // A form left with changes asks first (components/unsaved-changes.tsx): that screen's next one
    // is loaded instead.
    const outcome = await page
      .waitForFunction(
        () => {
          if (document.querySelector('[role="dialog"]')?.textContent?.includes('¿Descartar los cambios?')) return 'ask';
          const main = document.getElementById('main-content') ?? document.querySelector('main');
          const focused = document.activeElement;
          return main && focused && focused !== document.body && main.contains(focused) ? 'arrived' : false;
        },
        undefined,
        { timeout: 15_000 },
      )
      .then(
        (handle) => handle.jsonValue(),
        () => 'lost' as const,
      );
    if (outcome === 'arrived') {
      await settledInApp(page, tracker);
      return 'in-app';
    }
  }
  await page.goto(path);
  await settledInApp(page, tracker);
  return 'load';
}

/** Time with no request in flight that counts as the network having gone quiet. */
const QUIET_MS = 300;

/**
 * The screen has drawn its data: the router's «Cargando pantalla» gone, no request in flight for
 * {@link QUIET_MS}, no skeletons or loaders. Checked again until a whole round starts and ends with
 * no request made meanwhile (a screen whose data asks for more data).
 */
export async function settledInApp(page: Page, tracker = trackRequests(page)) {
  for (let round = 0; round < 5; round++) {
    await expect(page.getByRole('progressbar', { name: 'Cargando pantalla' })).toHaveCount(0, { timeout: 15_000 });
    await expect
      .poll(() => tracker.inflight === 0 && Date.now() - tracker.changedAt >= QUIET_MS, {
        timeout: 15_000,
        intervals: [50],
        message: 'the network goes quiet',
      })
      .toBe(true);
    const mark = tracker.changedAt;
    await expect(page.locator(LOADING)).toHaveCount(0, {
      timeout: 15_000,
    });
    await nextFrames(page);
    if (tracker.inflight === 0 && tracker.changedAt === mark) return;
  }
}

/**
 * The page's next two frames (what it draws after a change has started), or a second when it draws
 * none, and never longer than 15 s: in one CI run this wait never returned on a public page (retried,
 * the scan passed in 36 s) and the hang cost the run five minutes before the retry. It now fails in
 * 15 s, naming the page.
 */
export async function nextFrames(page: Page): Promise<void> {
  const frames = page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1_000);
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            clearTimeout(timer);
            resolve();
          }),
        );
      }),
  );
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the page drew no frame in 15 s: ${page.url()}`)), 15_000);
  });
  await Promise.race([frames, stuck]).finally(() => clearTimeout(timer));
}
