/**
 * Save / error notifications (spec §9: they last 5000 ms and appear at the bottom; duration and
 * position are set once on <Notifications/> in the app provider).
 */
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { type RefObject, useEffect } from 'react';

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

/**
 * How far above the bottom of the screen the notifications sit (the CSS variable
 * `--notifications-offset`, read by lib/notify.module.css). They stay at the bottom (spec §9) but
 * never over a bar of actions pinned there (the sticky save bar: Volver / Guardar / Total).
 */
export const NOTIFICATIONS_OFFSET_VAR = '--notifications-offset';
/** Room between the bar and the notifications. */
const GAP = 8;

/**
 * The offset that keeps the notifications above an action bar: none when the bar is not in the
 * lower part of the screen (scrolled away, or high up on a short page), else from the bar's top
 * edge to the bottom of the screen.
 */
export function notificationsOffset(bar: { top: number; bottom: number }, viewportHeight: number): number {
  const inLowerPart = bar.bottom > viewportHeight * 0.5 && bar.top < viewportHeight;
  return inLowerPart ? Math.ceil(viewportHeight - bar.top + GAP) : 0;
}

/** While the bar is mounted, the notifications keep above it (scrolling, resizing, its height changing). */
export function useNotificationsAbove(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const update = () => {
      const offset = notificationsOffset(bar.getBoundingClientRect(), window.innerHeight);
      root.style.setProperty(NOTIFICATIONS_OFFSET_VAR, `${offset}px`);
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(bar);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      root.style.removeProperty(NOTIFICATIONS_OFFSET_VAR);
    };
  }, [ref]);
}
