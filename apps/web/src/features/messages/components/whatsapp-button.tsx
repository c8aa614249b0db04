import { ActionIcon, Anchor, Button, type MantineSize, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import type { TWhatsappKind } from '@trayecto/shared';
import { notifyError } from '../../../lib/notify';
import { useOpenWhatsapp } from '../api/open-whatsapp';

const OPENING = 'Abriendo WhatsApp…';

/**
 * A blank tab opened inside the click itself, so no popup blocker eats it: the chat's address only
 * arrives after the request. It says what is coming meanwhile. Null when the browser refused it.
 */
export function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  try {
    tab.document.title = OPENING;
    tab.document.body.textContent = OPENING;
  } catch {
    // another origin already: nothing to write
  }
  return tab;
}

/** Sends the blank tab to the chat, cut from this page (no `window.opener`). */
export function sendTabTo(tab: Window, url: string): void {
  try {
    tab.opener = null;
  } catch {
    // some browsers refuse it on a tab being navigated: the chat is another origin anyway
  }
  tab.location.href = url;
}

/**
 * "Enviar por WhatsApp" (issue 14): opens a WhatsApp chat with the booking's customer, the text
 * (voucher, pickup, the link to complete the booking…) already written; the booking's messages log
 * it. `kind` picks the text (default: by the booking's state); `label` names the customer for the
 * accessible name ("Enviar por WhatsApp a Lucía Pérez"), which a `compact` icon button needs.
 */
export function WhatsappButton({
  bookingId,
  kind,
  label,
  size = 'sm',
  variant = 'default',
  compact = false,
}: {
  bookingId: string;
  kind?: TWhatsappKind;
  label?: string;
  size?: MantineSize;
  variant?: string;
  compact?: boolean;
}) {
  const whatsapp = useOpenWhatsapp();
  const text = 'Enviar por WhatsApp';
  const name = label ? `${text} a ${label}` : text;

  const onClick = () => {
    const tab = openBlankTab();
    whatsapp.mutate(
      { bookingId, ...(kind ? { kind } : {}) },
      {
        onSuccess: (res) => {
          if (tab && !tab.closed) {
            sendTabTo(tab, res.url);
            return;
          }
          // The browser blocked even the blank tab: the link, to open by hand.
          notifications.show({
            color: 'teal',
            withBorder: true,
            title: 'Chat de WhatsApp preparado',
            message: (
              <Anchor href={res.url} target="_blank" rel="noopener noreferrer" size="sm">
                Abrir el chat con {res.phone}
              </Anchor>
            ),
          });
        },
        onError: (error) => {
          tab?.close();
          if (error.status === 401) return;
          notifyError('No se ha podido abrir WhatsApp', error.fieldErrors.customer_phone?.[0] ?? error.message);
        },
      },
    );
  };

  const icon = <IconBrandWhatsapp size={compact ? 18 : 16} aria-hidden color="var(--mantine-color-green-8)" />;
  if (compact) {
    return (
      <Tooltip label={text}>
        <ActionIcon
          variant={variant === 'default' ? 'subtle' : (variant as 'subtle')}
          color="gray"
          size={size === 'sm' ? 'lg' : size}
          aria-label={name}
          loading={whatsapp.isPending}
          onClick={onClick}
        >
          {icon}
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button
      variant={variant}
      size={size}
      leftSection={icon}
      loading={whatsapp.isPending}
      onClick={onClick}
      aria-label={label ? name : undefined}
    >
      {text}
    </Button>
  );
}
