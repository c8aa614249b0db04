/**
 * The channel form (issue 33, ADR 023): its values (one field per input; amounts in euros, the
 * webhook secret empty: it is write-only), the rules of the shared request schemas plus what only
 * the form knows, the body sent to POST/PUT /api/v1/channels and where the API's field errors land.
 */
import {
  CHANNEL_MSG,
  MSG,
  type TChannelCollects,
  type TChannelCreateRequest,
  type TChannelKind,
  type TChannelResponse,
  type TPaxType,
  ZChannelCreateRequest,
  ZChannelUpdateRequest,
} from '@trayecto/shared';
import { issuesToErrors, normalizeErrorPath } from '../../../lib/form-errors';
import type { TChannelProduct } from '../api/list-channel-products';

/** How the channel is paid: a commission on the retail price, or net rates per product and pax type. */
export type TPricing = 'commission' | 'net';

/** One net rate row: product, passenger type and what the operator is paid, in euros. */
export type TNetRateRow = { key: string; product_id: string | null; pax_type: string | null; amount: number | string };

export type TChannelFormValues = {
  /** The administrator's choice, for a new channel. */
  tour_operator_id: string | null;
  name: string;
  kind: TChannelKind;
  active: boolean;
  pricing: TPricing;
  /** '' = none: required with a commission; with net rates, the products without one pay it. */
  commission_pct: number | string;
  net_rates: TNetRateRow[];
  collects: TChannelCollects;
  all_products: boolean;
  product_ids: string[];
  /** '' = no limit of its own. */
  allotment: number | string;
  webhook_url: string;
  /** '' = keep the stored one. */
  webhook_secret: string;
  contact_email: string;
  notes: string;
};

export type TChannelFormMode = 'create' | 'edit';
export type TChannelFormContext = {
  mode: TChannelFormMode;
  isAdmin: boolean;
  /** The channel as stored (edit): whether a webhook and its secret are there. */
  stored: Pick<TChannelResponse, 'webhook_url' | 'webhook_secret_set'> | null;
  /** The operator's products, when loaded: a net rate's pax type must have a price. */
  products?: readonly TChannelProduct[];
};

/** The form's inputs from top to bottom (server errors may name them; the first error is focused). */
export const CHANNEL_FORM_FIELDS = [
  'tour_operator_id',
  'name',
  'kind',
  'active',
  'pricing',
  'commission_pct',
  'net_rates',
  'collects',
  'all_products',
  'product_ids',
  'allotment',
  'webhook_url',
  'webhook_secret',
  'contact_email',
  'notes',
] as const;

let rowSeq = 0;
/** A new, empty net rate row (its key only tells React the rows apart). */
export function newNetRate(productId: string | null = null): TNetRateRow {
  rowSeq += 1;
  return { key: `net-${rowSeq}`, product_id: productId, pax_type: null, amount: '' };
}

export const centsToEuros = (cents: number) => cents / 100;
/** 35,5 → 3550; '' → NaN (the schema says it is required). */
export function eurosToCents(amount: number | string): number {
  if (amount === '' || amount === null) return Number.NaN;
  const n = typeof amount === 'number' ? amount : Number(String(amount).replace(',', '.'));
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}

const numberOrEmpty = (v: number | string): number | null => {
  if (v === '' || v === null || v === undefined) return null;
  const n = typeof v === 'number' ? v : Number(String(v).replace(',', '.'));
  return Number.isFinite(n) ? n : Number.NaN;
};

export function initialChannelValues(c: TChannelResponse | null): TChannelFormValues {
  const hasNet = Boolean(c && c.net_rates.length > 0);
  return {
    tour_operator_id: c?.tour_operator_id ?? null,
    name: c?.name ?? '',
    kind: c?.kind ?? 'octo',
    active: c?.active ?? true,
    pricing: hasNet ? 'net' : 'commission',
    // No commission stored: 0 % with a commission (the same money), none beside net rates.
    commission_pct: c?.commission_pct ?? (hasNet ? '' : 0),
    net_rates: (c?.net_rates ?? []).map((r) => ({
      ...newNetRate(r.product_id),
      pax_type: r.pax_type,
      amount: centsToEuros(r.net_cents),
    })),
    collects: c?.collects ?? 'operator',
    all_products: c?.all_products ?? true,
    product_ids: [...(c?.product_ids ?? [])],
    allotment: c?.allotment ?? '',
    webhook_url: c?.webhook_url ?? '',
    webhook_secret: '',
    contact_email: c?.contact_email ?? '',
    notes: c?.notes ?? '',
  };
}

/**
 * The POST/PUT body. Every field is sent (a PUT keeps what is left out, so the form says it all):
 * `net_rates` and `product_ids` replace the stored sets; the secret only when one is typed; an
 * agency has no webhook (a stored one is removed with `webhook_url: null`, its secret with it).
 */
export function toChannelPayload(v: TChannelFormValues, ctx: TChannelFormContext): TChannelCreateRequest {
  const isOcto = v.kind === 'octo';
  const url = isOcto ? v.webhook_url.trim() : '';
  const secret = v.webhook_secret.trim();
  const commission = numberOrEmpty(v.commission_pct);
  const allotment = numberOrEmpty(v.allotment);
  const payload: TChannelCreateRequest = {
    name: v.name.trim(),
    kind: v.kind,
    commission_pct: commission,
    net_rates:
      v.pricing === 'net'
        ? v.net_rates.map((r) => ({
            product_id: r.product_id ?? '',
            pax_type: (r.pax_type ?? '') as TPaxType,
            net_cents: eurosToCents(r.amount),
          }))
        : [],
    collects: v.collects,
    product_ids: v.all_products ? null : [...v.product_ids],
    allotment,
    contact_email: v.contact_email.trim(),
    notes: v.notes.trim(),
    active: v.active,
  };
  if (url) payload.webhook_url = url;
  else if (ctx.mode === 'edit' && ctx.stored?.webhook_url) payload.webhook_url = null;
  if (url && secret) payload.webhook_secret = secret;
  if (ctx.isAdmin && ctx.mode === 'create' && v.tour_operator_id) payload.tour_operator_id = v.tour_operator_id;
  return payload;
}

/**
 * An API or schema error path → the form's: a net rate's `net_cents` is its `amount` input; a
 * product of the list (`product_ids.3`) is the products input itself.
 */
export function formPathOf(path: string): string {
  const p = normalizeErrorPath(path);
  if (/^product_ids\.\d+$/.test(p)) return 'product_ids';
  return p.replace(/^(net_rates\.\d+)\.net_cents$/, '$1.amount');
}

/** A 422/409's `errors` onto the form's fields; the rest above the form. */
export function mapChannelServerErrors(fieldErrors: Record<string, string[]>): {
  fields: Record<string, string>;
  rest: string[];
} {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [raw, msgs] of Object.entries(fieldErrors)) {
    const msg = msgs[0];
    if (!msg) continue;
    const path = formPathOf(raw);
    const top = path.split('.')[0] ?? path;
    if ((CHANNEL_FORM_FIELDS as readonly string[]).includes(top)) fields[path] ??= msg;
    else rest.push(msg);
  }
  return { fields, rest };
}

/**
 * The shared request schema's rules and messages (name, 0–100 with two decimals, an https webhook,
 * a secret of 16–200 visible characters, an e-mail…), plus what only the form knows: the choice of
 * commission or net rates, at least one product when not all, a net rate's pax type priced, the
 * administrator's operator, and a webhook's secret already stored.
 */
export function validateChannelForm(v: TChannelFormValues, ctx: TChannelFormContext): Record<string, string> {
  const payload = toChannelPayload(v, ctx);
  const schema = ctx.mode === 'create' ? ZChannelCreateRequest : ZChannelUpdateRequest;
  const result = schema.safeParse(payload);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const [path, message] of Object.entries(issuesToErrors(result.error.issues))) {
      errors[formPathOf(path)] ??= message;
    }
  }
  // A stored secret signs a webhook too (the create schema cannot know it).
  if (ctx.stored?.webhook_secret_set && errors.webhook_secret === CHANNEL_MSG.webhookSecretRequired) {
    delete errors.webhook_secret;
  }
  if (v.kind === 'octo' && v.webhook_url.trim() && !v.webhook_secret.trim() && !ctx.stored?.webhook_secret_set) {
    errors.webhook_secret ??= CHANNEL_MSG.webhookSecretRequired;
  }
  if (!v.name.trim()) errors.name = MSG.required;
  if (ctx.isAdmin && ctx.mode === 'create' && !v.tour_operator_id) errors.tour_operator_id ??= MSG.required;
  if (v.pricing === 'commission' && v.commission_pct === '') errors.commission_pct ??= MSG.required;
  if (v.pricing === 'net') {
    if (v.net_rates.length === 0) errors.net_rates ??= 'Añade al menos una tarifa neta, o cobra una comisión';
    v.net_rates.forEach((r, i) => {
      // An empty part is "Campo requerido", not the schema's word for an empty id or choice.
      if (!r.product_id) errors[`net_rates.${i}.product_id`] = MSG.required;
      if (!r.pax_type) errors[`net_rates.${i}.pax_type`] = MSG.required;
      else {
        const product = ctx.products?.find((p) => p.id === r.product_id);
        if (product && !product.pax_types.includes(r.pax_type as TPaxType)) {
          errors[`net_rates.${i}.pax_type`] ??= CHANNEL_MSG.paxTypeNotPriced;
        }
      }
      if (r.amount === '') errors[`net_rates.${i}.amount`] = MSG.required;
    });
  }
  if (!v.all_products && v.product_ids.length === 0) errors.product_ids ??= 'Elige al menos un producto';
  return errors;
}
