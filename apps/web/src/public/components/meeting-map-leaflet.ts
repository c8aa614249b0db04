/**
 * Leaflet, loaded on demand by MeetingMap (its own chunk with leaflet.css): OpenStreetMap tiles and
 * a brand-coloured marker. Reports `ok=false` when no tile loads within a few seconds.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

export function mountMap(
  el: HTMLElement,
  [lat, lng]: [number, number],
  label: string,
  onResult: (ok: boolean) => void,
  text: { zoomIn: string; zoomOut: string; lang?: string } = { zoomIn: 'Zoom in', zoomOut: 'Zoom out' },
): () => void {
  const map = L.map(el, {
    scrollWheelZoom: false,
    dragging: !L.Browser.mobile,
    attributionControl: true,
    zoomControl: false,
  });
  // The zoom buttons' names in the page's language (Leaflet's own are English).
  L.control.zoom({ zoomInTitle: text.zoomIn, zoomOutTitle: text.zoomOut }).addTo(map);
  map.setView([lat, lng], 15);
  const brand = getComputedStyle(el).getPropertyValue('--brand').trim() || '#0b7285';
  const tiles = L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
    maxZoom: 19,
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  });
  let settled = false;
  const settle = (ok: boolean) => {
    if (settled) return;
    settled = true;
    onResult(ok);
  };
  let errors = 0;
  tiles.on('tileload', () => settle(true));
  tiles.on('tileerror', () => {
    errors++;
    if (errors >= 3) settle(false);
  });
  const timer = window.setTimeout(() => settle(false), 6000);
  tiles.addTo(map);
  L.circleMarker([lat, lng], { radius: 10, color: '#fff', weight: 3, fillColor: brand, fillOpacity: 1 })
    .addTo(map)
    .bindTooltip(label, { direction: 'top', offset: [0, -10] });
  if (text.lang) map.getContainer().querySelector('.leaflet-tooltip-pane')?.setAttribute('lang', text.lang);
  return () => {
    window.clearTimeout(timer);
    map.remove();
  };
}
