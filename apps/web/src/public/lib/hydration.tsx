/**
 * Taking a server-rendered page over in small steps (issue 35, goal 6; ADR 017 §5).
 *
 * Preact hydrates a page in one task: on a mid-range phone the booking page's takeover was one
 * long task of ~0.5 s (Lighthouse's simulated 4× CPU), blocking the page after it showed. Two
 * tools cut it:
 *
 * - `<Static as="section" …>`: an element whose content the browser keeps exactly as the server
 *   wrote it: the element itself is taken over (its attributes, a ref, handlers on it), its
 *   content never is (no components run for it, no text is formatted again, no handler is
 *   attached inside it). For what the server renders from the page's data and never changes
 *   while the page is shown (a voucher's body, a landing's description). Rendered in the browser
 *   without a server page (a later page of the visit, the shell's own render), it renders its
 *   content as usual.
 * - `<Later as="section" …>`: an element taken over in a task of its own after the page's first
 *   one, in document order, one per task (so no single task is long); any input (a touch, a
 *   click, a key, a focus) before then takes over everything left at once, before the input's
 *   own events reach the page.
 * - `<Later as="section" firstInput watch={[data]} …>`: taken over at the first input only, or
 *   as soon as a value of `watch` differs from the page's first render (data that arrived, a
 *   state an effect set): for a part with nothing to do until someone uses the page (a form's
 *   fields, a block of facts with a button), so that a visitor who only reads never pays for it,
 *   nor for the locale data its formats load (issue 35, goal 6: on a slow phone each such part
 *   was a task of its own after the first paint).
 *
 * Both render exactly one element (`as`), so the server's HTML, the browser's own render and what
 * the browser keeps are the same nodes. Neither may wrap content the browser renders differently
 * from the server (what depends on the visit's history, the clock or storage): that content would
 * be kept as the server wrote it.
 */
import {
  type ComponentPropsWithRef,
  createElement,
  type ElementType,
  type ReactElement,
  type ReactNode,
  Suspense,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { hydrateRoot } from 'react-dom/client';
import { inputSeen, isInput, watchForInput } from './idle';

/** Whether a render is the browser's takeover of the server's HTML (this page load's first). */
let takingOver = false;
/** The parts waiting for their own task, in document order. */
const waiting: TGate[] = [];
/** The parts waiting for the first input (or a change of what they watch). */
const untilInput: TGate[] = [];
let listening = false;
let pumping = false;
let settled: Promise<void> = Promise.resolve();
let settle: (() => void) | null = null;

type TGate = {
  open: boolean;
  promise: Promise<void>;
  resolve: () => void;
  /** A part for the first input: the value of its element's `data-later` (useId), to find it. */
  id?: string;
};

/** The attribute naming a part left for the first input, so that the input's target finds its part. */
const PART_ATTR = 'data-later';

/** The events that mean someone is using the page: everything left is taken over at once. */
const INPUT_EVENTS = ['pointerdown', 'mousedown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Takes over the server's HTML in `container` (main.tsx): `app` renders as the server did; the
 * `Static` parts stay as they are and the `Later` parts follow in their own tasks.
 */
export function hydratePage(container: HTMLElement, app: ReactElement) {
  takingOver = true;
  // A page's own parts only (a test takes several pages over in turn).
  untilInput.length = 0;
  watchForInput();
  settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  try {
    return hydrateRoot(container, app);
  } finally {
    // The first task's parts are taken over; the Later ones keep the flag until they are.
    if (waiting.length === 0) finish();
  }
}

/** Resolves once the whole page is taken over (every `Later` part too). */
export const takenOver = (): Promise<void> => settled;

/** Listens for the first input while some part waits for one (a timed part, or one taken over on input). */
function listen(on: boolean) {
  if (on === listening) return;
  listening = on;
  for (const type of INPUT_EVENTS) {
    if (on) document.addEventListener(type, openAll, true);
    else document.removeEventListener(type, openAll, true);
  }
}

/**
 * The page's timed parts are taken over: what renders from now on is the browser's own (the
 * parts left for the first input are taken over then, as a plain hydration of their content).
 */
function finish() {
  takingOver = false;
  if (untilInput.length === 0) listen(false);
  settle?.();
  settle = null;
}

/** Runs `work` in a task of its own: `scheduler.postTask` where the browser has it (Chromium), else a timeout. */
function inNextTask(work: () => void) {
  const scheduler = (globalThis as { scheduler?: { postTask?: (cb: () => void, o: object) => unknown } }).scheduler;
  if (typeof scheduler?.postTask === 'function') scheduler.postTask(work, { priority: 'user-visible' });
  else setTimeout(work, 0);
}

/** Resolves in a task of its own: what follows an `await nextTask()` is not part of the task before. */
export const nextTask = (): Promise<void> => new Promise((resolve) => inNextTask(resolve));

function openGate(gate: TGate) {
  gate.open = true;
  gate.resolve();
}

/** One part per task; after the last one's render (its microtasks), the takeover is over. */
function pump() {
  const gate = waiting.shift();
  if (!gate) {
    pumping = false;
    finish();
    return;
  }
  openGate(gate);
  inNextTask(pump);
}

/**
 * The first input: the parts of the timed takeover left over, and the part left for the first
 * input that holds the input's target, are taken over at once (in this input's microtasks, before
 * its own events reach the page); the other parts left for the first input follow, one per task
 * (a second input takes them all at once). So a tap on the calendar does not also pay for the
 * customer's fields, nor the other way round.
 */
function openAll(event?: Event) {
  // The page's own focus move (a banner it shows) is no one's input.
  if (event && !isInput(event)) return;
  const target = event?.target instanceof Element ? event.target : null;
  const held = untilInput.filter((g) => !!g.id && !!target?.closest(`[${PART_ATTR}="${g.id}"]`));
  const later = untilInput.filter((g) => !held.includes(g));
  untilInput.length = 0;
  for (const gate of [...waiting.splice(0), ...held]) openGate(gate);
  if (later.length > 0 && event) {
    waiting.push(...later);
    if (!pumping) {
      pumping = true;
      inNextTask(pump);
    }
  } else for (const gate of later) openGate(gate);
  if (!pumping) listen(false);
}

function newGate(): TGate {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { open: false, promise, resolve };
}

function queueGate(): TGate {
  const gate = newGate();
  waiting.push(gate);
  if (!pumping) {
    pumping = true;
    listen(true);
    inNextTask(pump);
  }
  return gate;
}

function inputGate(id: string): TGate {
  const gate = { ...newGate(), id };
  untilInput.push(gate);
  listen(true);
  return gate;
}

/** Opens a part left for the first input before it (what it watches changed), or before its task. */
function openEarly(gate: TGate) {
  const queue = untilInput.includes(gate) ? untilInput : waiting.includes(gate) ? waiting : null;
  if (!queue) return;
  queue.splice(queue.indexOf(gate), 1);
  openGate(gate);
  if (untilInput.length === 0 && !pumping) listen(false);
}

/** Whether two `watch` lists differ (by `Object.is`, item by item). */
const differ = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length !== b.length || a.some((x, i) => !Object.is(x, b[i]));

type TPartProps<T extends ElementType> = { as: T; children?: ReactNode } & Omit<ComponentPropsWithRef<T>, 'children'>;

/**
 * See the module's comment: content kept as the server wrote it. With `watch`, only until a value
 * of it differs from the page's first render (a countdown that starts, an amount or a state that
 * changes): from then on the content is the browser's own render.
 */
export function Static<T extends ElementType>({
  as,
  children,
  watch,
  ...props
}: TPartProps<T> & { watch?: readonly unknown[] }) {
  // Decided once: later renders (the page's own updates) keep the server's content too…
  const [kept] = useState(takingOver);
  const [first] = useState(() => watch ?? []);
  // …unless what it watches changed (once changed, the browser renders it for good).
  const released = useRef(false);
  if (kept && !released.current && differ(first, watch ?? [])) released.current = true;
  if (kept && !released.current) return createElement(as, { ...props, dangerouslySetInnerHTML: { __html: '' } });
  return createElement(as, props, children);
}

function Gate({ gate, onTakenOver, children }: { gate: TGate; onTakenOver: () => void; children: ReactNode }) {
  // Runs once, when the part is taken over (a render that threw commits nothing, its effects neither).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at the takeover
  useLayoutEffect(onTakenOver, []);
  if (!gate.open) throw gate.promise;
  return children;
}

type TLaterProps<T extends ElementType> = TPartProps<T> & {
  /** Taken over at the first input only (or when `watch` changes), not in a task of its own. */
  firstInput?: boolean;
  /** With `firstInput`: what the part shows that may change without an input (data, state). */
  watch?: readonly unknown[];
};

/**
 * See the module's comment: taken over in a task of its own, after the page's first; with
 * `firstInput`, at the first input (or when a value of `watch` changes).
 */
export function Later<T extends ElementType>({ as, children, firstInput, watch, ...props }: TLaterProps<T>) {
  // A part for the first input inside a timed one that the first input itself took over (the
  // booking form's calendar in its step) comes after that input: taken over with it, at once.
  const id = useId();
  const [gate] = useState(() =>
    takingOver ? (firstInput ? (inputSeen() ? null : inputGate(id)) : queueGate()) : null,
  );
  // The part as the server rendered it (this first render's content is the server's). Preact takes
  // the server's attributes over as they are, so a part taken over after the page changed (data
  // that arrived, a state an effect set) is first taken over as it was, then updated to what the
  // page shows now — a plain render that changes what differs.
  const [first] = useState(() => ({ props, children, watch: watch ?? [] }));
  const [live, setLive] = useState(!gate);
  const changed = !!gate && !gate.open && differ(first.watch, watch ?? []);
  // After the render that changed it (not during one): as the first input would.
  useLayoutEffect(() => {
    if (changed && gate) openEarly(gate);
  }, [changed, gate]);
  // A part for the first input names its element, so that the input's target finds it (openAll).
  const own = firstInput ? { ...props, [PART_ATTR]: id } : props;
  if (!gate) return createElement(as, own, children);
  const shown = live
    ? createElement(as, own, children)
    : createElement(as, { ...first.props, [PART_ATTR]: id }, first.children);
  // While the gate is shut, Preact keeps the server's element (the one this renders) as it is.
  return (
    <Suspense fallback={null}>
      <Gate gate={gate} onTakenOver={() => setLive(true)}>
        {shown}
      </Gate>
    </Suspense>
  );
}
