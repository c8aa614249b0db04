import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { absoluteUrl, CopyLinkField } from '../../../components/copy-link-field';
import { WhatsappButton } from '../../messages';
import { whatsappBlockedReason } from '../utils/booking-contact';

/**
 * The customer's public booking form and the voucher, to copy and send by e-mail, and "Enviar por
 * WhatsApp" (issue 14): the chat with the customer opens with the text and the links written. A
 * booking without a phone shows the button as unusable, saying why.
 */
export function BookingLinks({
  urls,
  bookingId,
  customerPhone,
  canEdit,
}: {
  urls: { booking: string; voucher: string };
  bookingId: string;
  /** The saved booking's phone (the one WhatsApp would use). */
  customerPhone: string;
  /** Whether the viewer can add the phone (the hint says where). */
  canEdit: boolean;
}) {
  const blocked = whatsappBlockedReason(customerPhone, canEdit);
  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" component="section" aria-labelledby="links-title">
      <Title order={2} fz="md" mb={4} id="links-title">
        Enlaces para el cliente
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Cópialos y envíalos por correo, o envíalos por WhatsApp con el botón.
      </Text>
      <Stack gap="sm">
        <CopyLinkField
          size="xs"
          label="Formulario de reserva"
          description="El cliente revisa la reserva y completa sus datos."
          url={absoluteUrl(urls.booking)}
        />
        <CopyLinkField
          size="xs"
          label="Bono"
          description="El bono con el código QR para el día de la excursión."
          url={absoluteUrl(urls.voucher)}
        />
        {blocked ? (
          <Stack gap={4}>
            <Button
              variant="default"
              size="sm"
              fullWidth
              leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
              // Looks disabled and says why (the text below) but stays focusable, as "Marcar realizada".
              data-disabled
              aria-disabled
              aria-describedby="whatsapp-reason"
            >
              Enviar por WhatsApp
            </Button>
            <Text size="xs" c="dimmed" id="whatsapp-reason">
              {blocked}
            </Text>
          </Stack>
        ) : (
          <Stack gap={4}>
            <WhatsappButton bookingId={bookingId} />
            <Text size="xs" c="dimmed">
              Abre un chat con {customerPhone} con el mensaje y los enlaces ya escritos.
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
