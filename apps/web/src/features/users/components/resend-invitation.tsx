/**
 * "Reenviar invitación" (issue 14): e-mails a user a new link to choose their password, from the
 * user form (not a row action: a third icon per row no longer fits the administrator's list at
 * 1280 px). Only an active user can be invited (the API answers 409 otherwise), so for an inactive
 * one the button says why it cannot.
 */
import { Button, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { type TUserResponse, USER_STATE } from '@trayecto/shared';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSendUserInvitation } from '../api/send-user-invitation';

const RESEND_INVITATION = 'Reenviar invitación';
const INACTIVE_INVITATION_REASON = 'El usuario está inactivo: actívalo y guarda antes de invitarlo.';

type TInvitee = Pick<TUserResponse, 'id' | 'full_name' | 'email' | 'state'>;

function useResendInvitation() {
  const mutation = useSendUserInvitation();
  const resend = (user: TInvitee) =>
    mutation.mutate(user.id, {
      onSuccess: () =>
        notifySuccess(
          'Invitación enviada',
          `${user.full_name} recibirá en ${user.email} un enlace para elegir su contraseña. Los enlaces anteriores dejan de servir.`,
        ),
      onError: (error) => {
        if (error.status === 401) return;
        notifyError('No se ha enviado la invitación', error.message);
      },
    });
  return { resend, sendingId: mutation.isPending ? (mutation.variables ?? null) : null };
}

/**
 * The user form's button with its help under it; for an inactive saved user it looks disabled but
 * stays focusable, and the help (its description) says why.
 */
export function ResendInvitationButton({ user }: { user: TInvitee }) {
  const { resend, sendingId } = useResendInvitation();
  const reason = user.state === USER_STATE.ACTIVE ? null : INACTIVE_INVITATION_REASON;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="default"
        leftSection={<IconMailForward size={18} aria-hidden />}
        data-disabled={reason ? true : undefined}
        aria-disabled={reason ? true : undefined}
        aria-describedby="invitation-help"
        loading={sendingId === user.id}
        onClick={() => (reason ? undefined : resend(user))}
      >
        {RESEND_INVITATION}
      </Button>
      <Text size="xs" c="dimmed" id="invitation-help">
        {reason ?? 'Le llegará por correo un enlace nuevo para elegir su contraseña; los anteriores dejan de servir.'}
      </Text>
    </Stack>
  );
}
