/**
 * Save / error notifications (spec §9: they last 5000 ms and appear at the bottom; duration and
 * position are set once on <Notifications/> in the app provider), and where they sit: at the
 * bottom, but never over a form's actions or the field that has the focus (issue 31 item 14).
 */
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { type RefObject, useEffect } from 'react';
import classes from './notify.module.css';

/** Id of the "check the form" notice, so repeated failed submits do not stack up. */
export const FORM_INVALID_NOTICE = 'form-invalid';

export function notifySuccess(title: string, message?: string, id?: string): void {
  // A success supersedes an earlier "check the form" notice.
  notifications.hide(FORM_INVALID_NOTICE);
  notifications.show({
    id,
    color: 'teal',
    title,
    message: message ?? '',
    icon: <IconCheck size={18} />,
    withBorder: true,
  });
}

export function notifyError(title: string, message?: string, id?: string): void {
  notifications.show({
    id,
    color: 'red',
    title,
    message: message ?? '',
    icon: <IconAlertTriangle size={18} />,
    withBorder: true,
  });
}

/** The class of the notifications' containers (one per position), for <Notifications classNames>. */
export const NOTIFICATIONS_ROOT_CLASS = classes.root as string;

/**
 * How far above their place at the bottom of the screen the notifications sit: the CSS variable
 * `--notifications-offset`, read by lib/notify.module.css and set by `NotificationsPlacement`.
 */
export const NOTIFICATIONS_OFFSET_VAR = '--notifications-offset';

/** A box on the screen, in viewport pixels. */
export type TBox = { top: number; bottom: number; left: number; right: number };

/** The notifications' own margin from the bottom edge (Mantine's spacing md). */
const MARGIN = 16;
/** Room kept between the notifications and what they keep clear of. */
const GAP = 8;
/** They never go higher than this from the top of the screen. */
const MIN_TOP = 8;

/**
 * Where the stack of notifications goes (spec §9: "appear at the bottom"): the lowest place on the
 * screen where it covers none of `keepClear` — the form's actions, the focused field — counted in
 * pixels above its usual place at the bottom (0: at the bottom). Only boxes across its own width
 * count. When nothing on the screen is clear (a field taller than the screen), it stays at the
 * bottom.
 */
export function notificationsOffset({
  viewportHeight,
  stack,
  keepClear,
}: {
  viewportHeight: number;
  /** The stack as drawn: its height and its left and right edges. */
  stack: { height: number; left: number; right: number };
  keepClear: readonly TBox[];
}): number {
  const inTheWay = keepClear.filter(
    (b) => b.bottom > b.top && b.right > stack.left && b.left < stack.right && b.bottom > 0 && b.top < viewportHeight,
  );
  const lowest = viewportHeight - MARGIN;
  let bottom = lowest;
  for (;;) {
    const top = bottom - stack.height;
    if (top < MIN_TOP) return 0;
    const hit = inTheWay.filter((b) => b.top - GAP < bottom && b.bottom + GAP > top);
    if (hit.length === 0) return Math.ceil(lowest - bottom);
    // Just above the highest-reaching of what it would cover, and look again from there.
    bottom = Math.min(...hit.map((b) => b.top)) - GAP;
  }
}

/** Bars of actions registered by `useNotificationsAbove` (besides every `[data-action-bar]`). */
const actionBars = new Set<HTMLElement>();

/**
 * While the bar is mounted, the notifications never cover it (a sticky bar of actions: Volver /
 * Guardar / Total). Every `[data-action-bar]` and every submit button counts already; this is for
 * a bar that is neither.
 */
export function useNotificationsAbove(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    actionBars.add(bar);
    return () => {
      actionBars.delete(bar);
    };
  }, [ref]);
}

/** The row of actions a submit button sits in (its Group: "Cancelar  Guardar"), else the button. */
function actionRowOf(button: HTMLElement): HTMLElement {
  const row = button.parentElement;
  if (!row) return button;
  const rowBox = row.getBoundingClientRect();
  const buttonBox = button.getBoundingClientRect();
  return rowBox.height >= buttonBox.height && rowBox.height <= buttonBox.height * 1.5 ? row : button;
}

/** The dialog on top (a modal or a drawer): what the user works in while it is open. */
function topDialog(doc: Document): HTMLElement | null {
  const open = doc.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]');
  return open.length ? (open[open.length - 1] ?? null) : null;
}

/**
 * What the notifications must not cover, as boxes on the screen: the field that has the focus
 * (with its label and its error), and the actions of the forms in view — every bar marked
 * `data-action-bar` (the sticky save bars), every submit button with its row, the bars of
 * `useNotificationsAbove`. Inside an open dialog, only the dialog's.
 */
export function keepClearBoxes(doc: Document, notificationsRoot?: Element | null): TBox[] {
  const scope: ParentNode & Node = topDialog(doc) ?? doc;
  const elements = new Set<HTMLElement>();
  const active = doc.activeElement;
  if (active instanceof HTMLElement && active !== doc.body && !notificationsRoot?.contains(active)) {
    if (scope.contains(active)) elements.add(active.closest<HTMLElement>('.mantine-InputWrapper-root') ?? active);
  }
  for (const el of scope.querySelectorAll<HTMLElement>('[data-action-bar], button[type="submit"]')) {
    elements.add(el.closest<HTMLElement>('[data-action-bar]') ?? actionRowOf(el));
  }
  for (const bar of actionBars) if (bar.isConnected && scope.contains(bar)) elements.add(bar);
  const boxes: TBox[] = [];
  for (const el of elements) {
    const { top, bottom, left, right, width, height } = el.getBoundingClientRect();
    if (width > 0 && height > 0) boxes.push({ top, bottom, left, right });
  }
  return boxes;
}

/**
 * Keeps the notifications clear of the form's actions and the focused field (issue 31 item 14):
 * while any is on the screen, every frame it measures what it must not cover — the page scrolls,
 * errors appear under the fields, the focus moves — and sets the offset that lifts the stack just
 * above them (`notificationsOffset`); with none, the offset is 0. It also keeps a tap from pausing
 * them: Mantine pauses a notification while the mouse is over it, and a phone's tap leaves a
 * "mouse" there until the next tap elsewhere (one tap on the notification kept "No se ha guardado"
 * over "Cambiar contraseña" for good); only a real mouse pauses them now, so they last the spec's
 * 5000 ms. Returns the clean-up.
 */
export function startNotificationsPlacement(doc: Document): () => void {
  const win = doc.defaultView;
  if (!win) return () => {};
  const html = doc.documentElement;
  // The container at the bottom that holds notifications (Mantine draws one per position).
  const shownStack = () =>
    [...doc.querySelectorAll<HTMLElement>(`.${NOTIFICATIONS_ROOT_CLASS}[data-position^="bottom"]`)].find((root) =>
      root.querySelector('.mantine-Notification-root'),
    );
  let frame = 0;
  let applied = '';
  const apply = (offset: number) => {
    const value = `${offset}px`;
    if (value === applied) return;
    applied = value;
    html.style.setProperty(NOTIFICATIONS_OFFSET_VAR, value);
  };
  const tick = () => {
    frame = 0;
    const root = shownStack();
    if (!root) {
      apply(0);
      return;
    }
    const box = root.getBoundingClientRect();
    apply(
      notificationsOffset({
        viewportHeight: win.innerHeight,
        stack: { height: box.height, left: box.left, right: box.right },
        keepClear: keepClearBoxes(doc, root),
      }),
    );
    frame = win.requestAnimationFrame(tick);
  };
  const wake = () => {
    if (!frame) frame = win.requestAnimationFrame(tick);
  };
  // A notification shown (or the container drawn for the first time): follow the page again.
  const observer = new win.MutationObserver(wake);
  observer.observe(doc.body, { childList: true, subtree: true });

  let pointerType = 'mouse';
  const onPointer = (e: PointerEvent) => {
    pointerType = e.pointerType || 'mouse';
  };
  const onMouse = (e: MouseEvent) => {
    if (pointerType === 'mouse') return;
    const target = e.target;
    // The mouse events a tap makes up never reach Mantine's hover handlers on a notification.
    if (target instanceof win.Element && target.closest(`.${NOTIFICATIONS_ROOT_CLASS}`)) e.stopPropagation();
  };
  win.addEventListener('pointerdown', onPointer, true);
  win.addEventListener('pointerover', onPointer, true);
  win.addEventListener('mouseover', onMouse, true);
  win.addEventListener('mouseout', onMouse, true);
  wake();
  return () => {
    observer.disconnect();
    if (frame) win.cancelAnimationFrame(frame);
    win.removeEventListener('pointerdown', onPointer, true);
    win.removeEventListener('pointerover', onPointer, true);
    win.removeEventListener('mouseover', onMouse, true);
    win.removeEventListener('mouseout', onMouse, true);
    html.style.removeProperty(NOTIFICATIONS_OFFSET_VAR);
  };
}

/** Runs `startNotificationsPlacement` for the app (next to <Notifications/> in the provider). */
export function NotificationsPlacement(): null {
  useEffect(() => startNotificationsPlacement(document), []);
  return null;
}
