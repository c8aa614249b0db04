import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconEye, IconInfoCircle } from '@tabler/icons-react';
import { absoluteUrl, CopyLinkField } from '../../../../components/copy-link-field';

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
      <CopyLinkField
        label="Página del producto"
        description="La ficha pública con fotos, precios y el botón Reservar."
        url={landing}
      />
      <CopyLinkField
        label="Formulario de reserva"
        description="Lleva directamente a elegir fecha y plazas."
        url={booking}
      />
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
