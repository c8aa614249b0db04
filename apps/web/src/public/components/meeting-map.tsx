import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n';
import { IconMapPin } from './icons';
import './meeting-map.css';

/** "28.27,-16.64" → [28.27, -16.64], or null when it is not a coordinate pair. */
export function parseLatLng(s: string | null | undefined): [number, number] | null {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(s ?? '');
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? [lat, lng] : null;
}

export const osmUrl = ([lat, lng]: [number, number]) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;

type State = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * The meeting point on an OpenStreetMap map. Leaflet (≈40 kB) is only fetched when the map
 * scrolls into view; when it or the tiles cannot load (offline, blocked), a static card with the
 * address and a link to OpenStreetMap stays in its place.
 */
export function MeetingMap({ latLng, label, labelLang }: { latLng: string; label: string; labelLang?: string }) {
  const point = parseLatLng(latLng);
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>('idle');

  // biome-ignore lint/correctness/useExhaustiveDependencies: one map per coordinate pair (`point` derives from latLng)
  useEffect(() => {
    const el = box.current;
    if (!el || !point) return;
    let dispose: (() => void) | undefined;
    let cancelled = false;
    const start = () => {
      setState('loading');
      import('./meeting-map-leaflet')
        .then(({ mountMap }) => {
          if (cancelled) return;
          const { zoomIn, zoomOut } = t().common.map;
          dispose = mountMap(el, point, label, (ok) => !cancelled && setState(ok ? 'ready' : 'failed'), {
            zoomIn,
            zoomOut,
            lang: labelLang,
          });
        })
        .catch(() => !cancelled && setState('failed'));
    };
    if (typeof IntersectionObserver === 'undefined') {
      start();
      return () => {
        cancelled = true;
        dispose?.();
      };
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          start();
        }
      },
      { rootMargin: '200px' },
    );
    io.observe(el);
    return () => {
      cancelled = true;
      io.disconnect();
      dispose?.();
    };
  }, [latLng, label]);

  if (!point) return null;
  const text = t().common.map;
  return (
    <div className={`pub-map pub-map-${state}`}>
      <div ref={box} className="pub-map-canvas" role="img" aria-label={text.label(label)} />
      {state !== 'ready' && (
        <div className="pub-map-fallback">
          <span className="pub-map-pin" aria-hidden="true">
            <IconMapPin size={28} />
          </span>
          <span>{state === 'failed' ? text.failed : text.loading}</span>
          <a href={osmUrl(point)} target="_blank" rel="noopener">
            {text.openOsm}
          </a>
        </div>
      )}
    </div>
  );
}
