/** The events that mean someone is using the page (lib/hydration.tsx takes the rest over on them too). */
const INPUT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** Whether someone used the page since its takeover began (see watchForInput). */
let seen = false;
let watching = false;
/** While the page itself moves the focus (focusFromPage): that focus is no one's input. */
let ownFocus = false;

/**
 * Focuses `el` as the page's own doing (a banner the page shows and moves the focus to, so that
 * it is read): its `focusin` is not someone using the page, so it takes nothing over.
 */
export function focusFromPage(el: HTMLElement | null | undefined): void {
  ownFocus = true;
  try {
    el?.focus();
  } finally {
    ownFocus = false;
  }
}

/** Whether `event` is someone using the page (not the page's own focus move). */
export const isInput = (event: Event): boolean => !(ownFocus && event.type === 'focusin');

function see(event: Event) {
  if (!isInput(event)) return;
  seen = true;
  watching = false;
  for (const type of INPUT_EVENTS) document.removeEventListener(type, see, true);
}

/** Whether someone used the page since its takeover began (see watchForInput). */
export const inputSeen = (): boolean => seen;

/**
 * From a page's takeover on (lib/hydration.tsx), remembers whether someone used the page: a part
 * taken over by that first input (`Later firstInput`) asks for `onFirstInput` after it, and its
 * work then runs at once instead of waiting for another input.
 */
export function watchForInput(): void {
  seen = false;
  if (typeof document === 'undefined' || watching) return;
  watching = true;
  for (const type of INPUT_EVENTS) document.addEventListener(type, see, true);
}

/**
 * Runs `work` once, on the first input anywhere in the page (a touch, a click, a key, a focus):
 * for what only someone using the page needs, so that loading the page never pays for it (issue 35,
 * goal 6: what ran "when the page was idle" still ran while it loaded, a long task on a slow
 * phone). The render `work` asks for happens before the input's own effect (a select opening, a
 * key typed): the page's listeners run first and their microtasks right after. Returns the cancel
 * function (a useEffect cleanup). After that input (see watchForInput), at once.
 */
export function onFirstInput(work: () => void): () => void {
  if (seen) {
    work();
    return () => {};
  }
  let done = false;
  const stop = () => {
    for (const type of INPUT_EVENTS) document.removeEventListener(type, run, true);
  };
  const run = (event: Event) => {
    if (done || !isInput(event)) return;
    done = true;
    stop();
    work();
  };
  for (const type of INPUT_EVENTS) document.addEventListener(type, run, true);
  return stop;
}
