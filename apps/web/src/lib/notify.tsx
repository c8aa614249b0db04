/**
 * Save / error notifications (spec §9: they last 5000 ms and appear at the bottom; duration and
 * position are set once on <Notifications/> in the app provider).
 */
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';

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
