import { Paper, Stack, Text, Title } from '@mantine/core';
import { absoluteUrl, CopyLinkField } from '../../../components/copy-link-field';

/** The customer's public booking form and the voucher, to send by e-mail or WhatsApp. */
export function BookingLinks({ urls }: { urls: { booking: string; voucher: string } }) {
  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" component="section" aria-labelledby="links-title">
      <Title order={2} fz="md" mb={4} id="links-title">
        Enlaces para el cliente
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Cópialos y envíalos por email o WhatsApp.
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
      </Stack>
    </Paper>
  );
}
