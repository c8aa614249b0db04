/** The events that mean someone is using the page (lib/hydration.tsx takes the rest over on them too). */
const INPUT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Runs `work` once, on the first input anywhere in the page (a touch, a click, a key, a focus):
 * for what only someone using the page needs, so that loading the page never pays for it (issue 35,
 * goal 6: what ran "when the page was idle" still ran while it loaded, a long task on a slow
 * phone). The render `work` asks for happens before the input's own effect (a select opening, a
 * key typed): the page's listeners run first and their microtasks right after. Returns the cancel
 * function (a useEffect cleanup).
 */
export function onFirstInput(work: () => void): () => void {
  let done = false;
  const stop = () => {
    for (const type of INPUT_EVENTS) document.removeEventListener(type, run, true);
  };
  const run = () => {
    if (done) return;
    done = true;
    stop();
    work();
  };
  for (const type of INPUT_EVENTS) document.addEventListener(type, run, true);
  return stop;
}
