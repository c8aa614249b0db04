import { ActionIcon, CopyButton, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';

/** A link of `public_urls` as people share it: absolute, on this site when the API gives a path. */
export function absoluteUrl(url: string, origin = window.location.origin): string {
  try {
    return new URL(url, origin).toString();
  } catch {
    return url;
  }
}

function LinkRow({ label, description, url }: { label: string; description: string; url: string }) {
  return (
    <TextInput
      label={label}
      description={description}
      value={url}
      readOnly
      size="xs"
      onFocus={(e) => e.currentTarget.select()}
      rightSectionWidth={64}
      rightSection={
        <Group gap={2} wrap="nowrap">
          <CopyButton value={url} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copiado' : 'Copiar'} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={copied ? `${label}: copiado` : `Copiar ${label.toLowerCase()}`}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
          <Tooltip label="Abrir en una pestaña nueva">
            <ActionIcon
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              color="gray"
              aria-label={`Abrir ${label.toLowerCase()}`}
            >
              <IconExternalLink size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      }
    />
  );
}

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
        <LinkRow
          label="Formulario de reserva"
          description="El cliente revisa la reserva y completa sus datos."
          url={absoluteUrl(urls.booking)}
        />
        <LinkRow
          label="Bono"
          description="El bono con el código QR para el día de la excursión."
          url={absoluteUrl(urls.voucher)}
        />
      </Stack>
    </Paper>
  );
}
