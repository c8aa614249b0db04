/**
 * The map of the filtered accommodations (Leaflet, loaded on demand): one circle per place with
 * coordinates, coloured by type; a popup with name, zone and pickup point; and beside it a list of
 * the places that centres the map and opens the popup — the keyboard way round the map.
 */
import { Badge, Box, Button, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconEye, IconMapPin, IconPencil } from '@tabler/icons-react';
import { ACTIVE_STATE, accommodationTypeName, parseLatLng, type TAccommodationResponse } from '@trayecto/shared';
import type { LatLngTuple, CircleMarker as LCircleMarker, Map as LMap } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CircleMarker, Popup, useMap } from 'react-leaflet';
import { FitToPoints, InvalidateSizeOnMount, OsmMap } from '../../../components/osm-map';
import { countLabel } from '../../../lib/format';
import { markerColor, SharedBadge, TYPE_COLORS } from './accommodation-badges';
import classes from './accommodations-screen.module.css';

type TPlace = { row: TAccommodationResponse; point: LatLngTuple };

function MapHandle({ onReady }: { onReady: (map: LMap) => void }) {
  const map = useMap();
  useEffect(() => onReady(map), [map, onReady]);
  return null;
}

export type TAccommodationsMapViewProps = {
  rows: readonly TAccommodationResponse[];
  total: number;
  loading: boolean;
  isPhone: boolean;
  canEdit: (row: TAccommodationResponse) => boolean;
  onOpen: (row: TAccommodationResponse) => void;
};

export default function AccommodationsMapView({
  rows,
  total,
  loading,
  isPhone,
  canEdit,
  onOpen,
}: TAccommodationsMapViewProps) {
  const places = useMemo<TPlace[]>(
    () =>
      rows.flatMap((row) => {
        const p = parseLatLng(row.lat_lng);
        return p ? [{ row, point: [p.lat, p.lng] as LatLngTuple }] : [];
      }),
    [rows],
  );
  const points = useMemo(() => places.map((p) => p.point), [places]);
  const withoutPoint = rows.length - places.length;
  const [selected, setSelected] = useState<string | null>(null);
  const mapRef = useRef<LMap | null>(null);
  const markers = useRef(new Map<string, LCircleMarker>());

  const focusPlace = (p: TPlace) => {
    setSelected(p.row.id);
    const map = mapRef.current;
    if (map) map.setView(p.point, Math.max(map.getZoom(), 14), { animate: true });
    // Open after the view moved, so the popup is not pushed off-screen.
    window.setTimeout(() => markers.current.get(p.row.id)?.openPopup(), 250);
  };

  const mapHeight = isPhone ? 360 : 560;

  return (
    <Box px="md" pb="md">
      <Group gap="md" mb="xs" wrap="wrap" justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {loading
            ? 'Cargando el mapa…'
            : `${countLabel(places.length, 'alojamiento en el mapa', 'alojamientos en el mapa')}${
                withoutPoint > 0 ? ` · ${countLabel(withoutPoint, 'sin coordenadas', 'sin coordenadas')}` : ''
              }${total > rows.length ? ` · se muestran los ${rows.length.toLocaleString('es-ES')} primeros: filtra por zona para ver el resto` : ''}`}
        </Text>
        <Group gap="sm" wrap="wrap" aria-label="Leyenda">
          {Object.entries(TYPE_COLORS).map(([type, color]) => (
            <Group key={type} gap={4} wrap="nowrap">
              <span className={classes.dot} style={{ background: color }} aria-hidden />
              <Text size="xs">{accommodationTypeName(type)}</Text>
            </Group>
          ))}
          <Group gap={4} wrap="nowrap">
            <span className={classes.dot} style={{ background: markerColor('hotel', 2) }} aria-hidden />
            <Text size="xs">Inactivo</Text>
          </Group>
        </Group>
      </Group>

      <div className={classes.mapSplit} data-phone={isPhone || undefined}>
        <Box style={{ minWidth: 0 }}>
          <OsmMap height={mapHeight} label="Mapa de alojamientos">
            <MapHandle
              onReady={(m) => {
                mapRef.current = m;
              }}
            />
            <InvalidateSizeOnMount />
            <FitToPoints points={points} />
            {places.map((p) => {
              const isSelected = p.row.id === selected;
              return (
                <CircleMarker
                  key={p.row.id}
                  center={p.point}
                  radius={isSelected ? 11 : 8}
                  pathOptions={{
                    color: '#ffffff',
                    weight: 2,
                    fillColor: markerColor(p.row.type, p.row.state),
                    fillOpacity: 0.95,
                  }}
                  ref={(m) => {
                    if (m) markers.current.set(p.row.id, m);
                    else markers.current.delete(p.row.id);
                  }}
                  eventHandlers={{ click: () => setSelected(p.row.id) }}
                >
                  <Popup>
                    <PlacePopup row={p.row} editable={canEdit(p.row)} onOpen={onOpen} />
                  </Popup>
                </CircleMarker>
              );
            })}
          </OsmMap>
        </Box>

        <Box className={classes.placeList} mah={isPhone ? 320 : mapHeight}>
          {loading ? (
            <Stack gap="xs" p="xs">
              {Array.from({ length: 6 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
                <Skeleton key={i} h={40} />
              ))}
            </Stack>
          ) : places.length === 0 ? (
            <Text size="sm" c="dimmed" p="md">
              Ningún alojamiento de la lista tiene coordenadas. Añádelas en su ficha para verlo en el mapa.
            </Text>
          ) : (
            <ul className={classes.places} aria-label="Alojamientos del mapa">
              {places.map((p) => (
                <li key={p.row.id}>
                  <UnstyledButton
                    className={classes.place}
                    data-selected={p.row.id === selected || undefined}
                    onClick={() => focusPlace(p)}
                    aria-label={`Ver en el mapa: ${p.row.name}`}
                  >
                    <span
                      className={classes.dot}
                      style={{ background: markerColor(p.row.type, p.row.state) }}
                      aria-hidden
                    />
                    <span className={classes.placeText}>
                      <Text size="sm" fw={600} truncate="end">
                        {p.row.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate="end">
                        {[accommodationTypeName(p.row.type), p.row.zone].filter(Boolean).join(' · ')}
                      </Text>
                    </span>
                  </UnstyledButton>
                </li>
              ))}
            </ul>
          )}
        </Box>
      </div>
    </Box>
  );
}

function PlacePopup({
  row,
  editable,
  onOpen,
}: {
  row: TAccommodationResponse;
  editable: boolean;
  onOpen: (row: TAccommodationResponse) => void;
}) {
  return (
    <Stack gap={6} miw={200} className={classes.popup}>
      <Text fw={700} size="sm">
        {row.name}
      </Text>
      <Text size="xs" c="dimmed">
        {[accommodationTypeName(row.type), row.zone].filter(Boolean).join(' · ') || '—'}
      </Text>
      {row.shared ? <SharedBadge readOnly={false} /> : null}
      {row.state !== ACTIVE_STATE.ACTIVE ? (
        <Badge color="gray" variant="light" radius="sm" w="fit-content">
          Inactivo
        </Badge>
      ) : null}
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconMapPin size={14} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
        <Text size="xs">
          <b>Punto de recogida:</b> {row.pickup_point || 'no indicado'}
        </Text>
      </Group>
      {row.pickup_at ? (
        <Text size="xs">
          <b>Recoger en:</b> {row.pickup_at.name}
        </Text>
      ) : null}
      {row.address ? (
        <Text size="xs" c="dimmed">
          {row.address}
        </Text>
      ) : null}
      <Button
        size="xs"
        variant="light"
        leftSection={editable ? <IconPencil size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
        onClick={() => onOpen(row)}
      >
        {editable ? 'Editar' : 'Ver ficha'}
      </Button>
    </Stack>
  );
}
