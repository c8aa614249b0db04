/**
 * How a channel reads on screen, in one place: its kind, who collects the money, its money terms,
 * its products and allotment, the OCTO connection data and the colour of a logged request's status.
 */
import {
  CHANNEL_COLLECTS,
  CHANNEL_KIND_NAMES,
  CHANNEL_KINDS,
  PAX_TYPE_NAMES,
  type TChannelCollects,
  type TChannelKind,
  type TChannelResponse,
  type TPaxType,
} from '@trayecto/shared';
import { countLabel } from '../../../lib/format';

export const KIND_OPTIONS = CHANNEL_KINDS.map((k) => ({ value: k, label: CHANNEL_KIND_NAMES[k] }));

/** A shorter name for the segmented control and the cards: the whole one is in the list and the filter. */
export const KIND_SHORT_NAMES: Record<TChannelKind, string> = { octo: 'Revendedor OCTO', agency: 'Agencia' };

/** What each kind means for the office (under the choice in the form). */
export const KIND_HELP: Record<TChannelKind, string> = {
  octo: 'Una OTA o un channel manager que consulta la disponibilidad y reserva por su cuenta con la API OCTO, con sus claves.',
  agency: 'Una agencia o un mostrador de hotel sin integración: la oficina registra sus reservas en su nombre.',
};

/** Who takes the customer's money, as the form offers it and the list shows it. */
export const COLLECTS_TEXT: Record<TChannelCollects, { label: string; short: string; help: string }> = {
  operator: {
    label: 'Cobra el operador',
    short: 'El operador',
    help: 'El cliente te paga a ti; después tú pagas al canal su comisión.',
  },
  agency: {
    label: 'Cobra la agencia',
    short: 'La agencia',
    help: 'El canal cobra al cliente y te paga a ti el neto (el precio menos su comisión, o la tarifa neta).',
  },
};

export const COLLECTS_OPTIONS = CHANNEL_COLLECTS.map((c) => ({ value: c, ...COLLECTS_TEXT[c] }));

export const ACTIVE_FILTER = [
  { value: 'true', label: 'Activo' },
  { value: 'false', label: 'Inactivo' },
];

export const PAX_OPTIONS = (types: readonly TPaxType[]) => types.map((t) => ({ value: t, label: PAX_TYPE_NAMES[t] }));

/** "12,5 %" (es-ES, up to two decimals). */
export function formatPct(pct: number): string {
  return `${pct.toLocaleString('es-ES', { maximumFractionDigits: 2 })} %`;
}

/** What the channel keeps: "Comisión 12,5 %", "Tarifas netas", or nothing at all. */
export function moneyText(c: Pick<TChannelResponse, 'commission_pct' | 'net_rates'>): { main: string; extra?: string } {
  if (c.net_rates.length > 0) {
    return {
      main: 'Tarifas netas',
      extra:
        c.commission_pct !== null
          ? `${formatPct(c.commission_pct)} en el resto`
          : countLabel(c.net_rates.length, 'tarifa', 'tarifas'),
    };
  }
  if (c.commission_pct !== null) return { main: formatPct(c.commission_pct) };
  return { main: 'Sin comisión' };
}

/** "Todos" or "3 productos". */
export function productsText(c: Pick<TChannelResponse, 'all_products' | 'product_ids'>): string {
  return c.all_products ? 'Todos' : countLabel(c.product_ids?.length ?? 0, 'producto', 'productos');
}

/** "Sin límite" or "12 plazas por salida". */
export function allotmentText(allotment: number | null): string {
  return allotment === null ? 'Sin límite' : `${countLabel(allotment, 'plaza', 'plazas')} por salida`;
}

/** The key as people recognise it: its first characters and an ellipsis ("trk_Ab3dE5fG…"). */
export const keyPrefixText = (prefix: string | null) => (prefix ? `${prefix}…` : '—');

/** Where a reseller points its OCTO client: this site's OCTO API. */
export const octoBaseUrl = (origin = window.location.origin) => `${origin}/api/octo/v1`;

/** A logged request's HTTP status: success green, refused key red, other client errors orange, ours red. */
export function statusColor(status: number): string {
  if (status < 300) return 'green';
  if (status < 400) return 'blue';
  if (status === 401 || status === 403) return 'red';
  if (status === 429) return 'yellow';
  if (status < 500) return 'orange';
  return 'red';
}

/** "35 ms", "1,2 s". */
export function durationText(ms: number): string {
  return ms < 1000
    ? `${ms.toLocaleString('es-ES')} ms`
    : `${(ms / 1000).toLocaleString('es-ES', { maximumFractionDigits: 1 })} s`;
}
