import { Anchor, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { IconExternalLink, IconMapPin } from '@tabler/icons-react';
import { parseLatLng } from '@trayecto/shared';
import { readOnlyProps, type TSectionProps } from './types';

/** OpenStreetMap at the given point, to check the coordinates. */
export function mapLinkFor(latLng: string): string | null {
  const p = parseLatLng(latLng.replace(/\s+/g, ''));
  if (!p || Math.abs(p.lat) > 90 || Math.abs(p.lng) > 180) return null;
  return `https://www.openstreetmap.org/?mlat=${p.lat}&mlon=${p.lng}#map=16/${p.lat}/${p.lng}`;
}

/** Where the customers meet the guide when there is no pickup (or besides it). */
export function MeetingPointSection({ form, readOnly }: TSectionProps) {
  const ro = readOnlyProps(readOnly);
  const latLng = form.getValues().meeting_lat_lng;
  const link = mapLinkFor(latLng);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Textarea
        label="Punto de encuentro"
        description="Cómo encontrar al guía: lugar, referencia visible, cuánto antes llegar."
        placeholder="Ej.: Parking de la estación base del teleférico, junto a la taquilla"
        autosize
        minRows={2}
        maxRows={5}
        maxLength={300}
        {...ro}
        {...form.getInputProps('meeting_point')}
      />
      <TextInput
        label="Coordenadas"
        description={
          link ? (
            <Anchor href={link} target="_blank" rel="noopener noreferrer" size="xs">
              Ver en el mapa <IconExternalLink size={11} style={{ verticalAlign: -1 }} aria-hidden />
            </Anchor>
          ) : (
            'Latitud, longitud (p. ej. 28.2723, -16.6425).'
          )
        }
        placeholder="28.2723, -16.6425"
        leftSection={<IconMapPin size={16} aria-hidden />}
        maxLength={60}
        autoComplete="off"
        {...ro}
        {...form.getInputProps('meeting_lat_lng')}
      />
    </SimpleGrid>
  );
}
