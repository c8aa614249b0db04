/**
 * A Leaflet map with OpenStreetMap tiles that keeps working without them: when the tiles cannot be
 * loaded (no internet, blocked network) the markers still show on a plain background and a small
 * note says the map background is unavailable. Markers are drawn by the caller with CircleMarker
 * (SVG), never Leaflet's default image icons.
 */
import 'leaflet/dist/leaflet.css';
import { Box, Text } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import type { LatLngBoundsExpression, LatLngExpression, LatLngTuple } from 'leaflet';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import classes from './osm-map.module.css';

export const OSM_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a>';
/** Tenerife, where the demo operators work. */
export const DEFAULT_MAP_CENTER: LatLngTuple = [28.2, -16.6];
export const DEFAULT_MAP_ZOOM = 10;

export type TTileStatus = 'loading' | 'ok' | 'failed';

/** Gives up waiting for the first tile after this long and says the background is unavailable. */
const TILE_TIMEOUT_MS = 10_000;

export function OsmMap({
  center = DEFAULT_MAP_CENTER,
  zoom = DEFAULT_MAP_ZOOM,
  height,
  label,
  children,
  cursor,
}: {
  center?: LatLngExpression;
  zoom?: number;
  height: number | string;
  /** Accessible name of the map region, e.g. "Mapa de alojamientos". */
  label: string;
  children?: ReactNode;
  /** "crosshair" for a picker. */
  cursor?: string;
}) {
  const [tiles, setTiles] = useState<TTileStatus>('loading');
  const loaded = useRef(false);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (!loaded.current) setTiles('failed');
    }, TILE_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <Box pos="relative" h={height} className={classes.frame} data-tiles={tiles}>
      <MapContainer
        center={center}
        zoom={zoom}
        scrollWheelZoom={false}
        style={{ height: '100%', width: '100%', cursor }}
        className={classes.map}
      >
        <MapLabel label={label} />
        <TileLayer
          url={OSM_TILE_URL}
          attribution={OSM_ATTRIBUTION}
          eventHandlers={{
            tileload: () => {
              loaded.current = true;
              setTiles('ok');
            },
            tileerror: () => {
              if (!loaded.current) setTiles('failed');
            },
          }}
        />
        {children}
      </MapContainer>
      {tiles === 'failed' ? (
        <Box className={classes.note} role="status">
          <IconMapOff size={16} aria-hidden />
          <Text size="xs" component="span">
            Fondo del mapa no disponible (sin conexión con OpenStreetMap). Las posiciones se muestran igualmente.
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}

/** Names the map for screen readers; Leaflet already makes it focusable and pannable with the arrows. */
function MapLabel({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const el = map.getContainer();
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', label);
    el.setAttribute('aria-roledescription', 'mapa');
  }, [map, label]);
  return null;
}

/** Fits the map to these points whenever the set changes (one point: centre on it). */
export function FitToPoints({ points, maxZoom = 15 }: { points: readonly LatLngTuple[]; maxZoom?: number }) {
  const map = useMap();
  const key = points.map((p) => p.join(',')).join(';');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the points
  useEffect(() => {
    if (points.length === 0) return;
    if (points.length === 1) {
      map.setView(points[0] as LatLngTuple, Math.min(maxZoom, Math.max(map.getZoom(), 13)));
      return;
    }
    map.fitBounds(points as LatLngBoundsExpression, { padding: [32, 32], maxZoom });
  }, [map, key, maxZoom]);
  return null;
}

/** Leaflet measures its box once; call this after the map's container changes size (tabs, drawers). */
export function InvalidateSizeOnMount({ delay = 50 }: { delay?: number }) {
  const map = useMap();
  useEffect(() => {
    const t = window.setTimeout(() => map.invalidateSize(), delay);
    return () => window.clearTimeout(t);
  }, [map, delay]);
  return null;
}
