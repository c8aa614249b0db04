/**
 * A small map to set an accommodation's coordinates by clicking it (the text input beside it
 * stays the keyboard way). Loaded on demand with Leaflet.
 */
import type { LatLngTuple } from 'leaflet';
import { useEffect } from 'react';
import { CircleMarker, useMap, useMapEvents } from 'react-leaflet';
import { DEFAULT_MAP_CENTER, InvalidateSizeOnMount, OsmMap } from '../../../components/osm-map';
import { formatLatLng } from './accommodation-form-values';

function ClickToSet({ onPick }: { onPick: (latLng: string) => void }) {
  useMapEvents({ click: (e) => onPick(formatLatLng(e.latlng.lat, e.latlng.lng)) });
  return null;
}

/** Keeps a typed point in view. */
function KeepInView({ point }: { point: LatLngTuple | null }) {
  const map = useMap();
  const key = point?.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the point
  useEffect(() => {
    if (point && !map.getBounds().contains(point)) map.setView(point, Math.max(map.getZoom(), 14));
  }, [map, key]);
  return null;
}

export default function LocationPicker({
  point,
  readOnly,
  onPick,
}: {
  point: LatLngTuple | null;
  readOnly: boolean;
  onPick: (latLng: string) => void;
}) {
  return (
    <OsmMap
      height={240}
      label="Mapa de la ubicación"
      center={point ?? DEFAULT_MAP_CENTER}
      zoom={point ? 15 : 10}
      cursor={readOnly ? undefined : 'crosshair'}
    >
      <InvalidateSizeOnMount delay={300} />
      {readOnly ? null : <ClickToSet onPick={onPick} />}
      <KeepInView point={point} />
      {point ? (
        <CircleMarker
          center={point}
          radius={9}
          pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#0b7285', fillOpacity: 1 }}
        />
      ) : null}
    </OsmMap>
  );
}
