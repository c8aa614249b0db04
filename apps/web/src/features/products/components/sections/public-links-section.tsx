import { ActionIcon, Alert, Button, CopyButton, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconEye, IconInfoCircle } from '@tabler/icons-react';

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
      onFocus={(e) => e.currentTarget.select()}
      rightSectionWidth={72}
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

/** The landing and booking pages of the product, to copy into e-mails, WhatsApp or the website. */
export function PublicLinksSection({
  urls,
  isActive,
}: {
  urls: { landing: string; booking: string } | null;
  isActive: boolean;
}) {
  if (!urls) {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
        Los enlaces a la página pública y al formulario de reserva aparecerán al guardar el producto.
      </Alert>
    );
  }
  const landing = absoluteUrl(urls.landing);
  const booking = absoluteUrl(urls.booking);
  return (
    <Stack gap="md">
      {isActive ? null : (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
          El producto no está activo: sus páginas públicas responden «no encontrado» hasta que lo actives.
        </Alert>
      )}
      <LinkRow
        label="Página del producto"
        description="La ficha pública con fotos, precios y el botón Reservar."
        url={landing}
      />
      <LinkRow label="Formulario de reserva" description="Lleva directamente a elegir fecha y plazas." url={booking} />
      <Group>
        <Button
          component="a"
          href={landing}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          leftSection={<IconEye size={16} aria-hidden />}
        >
          Abrir vista previa
        </Button>
      </Group>
    </Stack>
  );
}
