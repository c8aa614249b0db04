/**
 * Sales channels' back-office contract (issue 33, ADR 023): a channel of an operator — a reseller
 * that books through the OCTO API with its keys (`octo`) or an agency whose bookings the office
 * records (`agency`) — its money terms, products and allotment, its API keys and the log of what
 * its keys asked. Managed by levels 0–1 (ACCESS.channels): the administrator any operator's, an
 * operator's admin their own. A key is shown once, in the answer that creates it; the webhook
 * secret is write-only (answered as `webhook_secret_set`).
 */
import { z } from 'zod';
import { PAX_TYPES } from '../common/catalog';
import { MSG } from '../common/messages';
import { zDecimal, zEnum, zInt, zOptionalEmail, zOptionalText, zRequired, zUuid } from '../common/validation';

export const CHANNEL_KINDS = ['octo', 'agency'] as const;
export type TChannelKind = (typeof CHANNEL_KINDS)[number];
export const CHANNEL_KIND_NAMES: Record<TChannelKind, string> = {
  octo: 'Revendedor (API OCTO)',
  agency: 'Agencia',
};

/** Who takes the customer's money: the operator (it owes the channel its commission) or the channel (it owes the net). */
export const CHANNEL_COLLECTS = ['operator', 'agency'] as const;
export type TChannelCollects = (typeof CHANNEL_COLLECTS)[number];
export const CHANNEL_COLLECTS_NAMES: Record<TChannelCollects, string> = {
  operator: 'El tour operador',
  agency: 'El canal',
};

export const CHANNEL_NAME_MAX = 120;
export const CHANNEL_NOTES_MAX = 2000;
export const CHANNEL_WEBHOOK_URL_MAX = 2000;
export const CHANNEL_WEBHOOK_SECRET_MIN = 16;
export const CHANNEL_WEBHOOK_SECRET_MAX = 200;
export const CHANNEL_KEY_LABEL_MAX = 80;
/** The largest allotment (seats of one departure) a channel may hold. */
export const CHANNEL_ALLOTMENT_MAX = 100_000;
/** The largest net rate per passenger, in cents (as a product's price). */
export const CHANNEL_NET_CENTS_MAX = 10_000_000;
export const CHANNEL_PRODUCTS_MAX = 1000;
export const CHANNEL_NET_RATES_MAX = 4000;
/** How long the request log of a channel's keys is kept (the `channels.purge-requests` task). */
export const CHANNEL_REQUESTS_RETENTION_DAYS = 90;

/** Spanish messages of the channels' rules (the "Canales" form shows them under the field). */
export const CHANNEL_MSG = {
  nameTaken: 'Ya existe un canal con ese nombre en este tour operador',
  agencyHasNoKeys: 'Una agencia no tiene claves de API: solo los canales OCTO se conectan con una clave',
  liveKeysOnAgency: 'El canal tiene claves activas: revócalas antes de convertirlo en agencia',
  commissionDecimals: 'Como máximo 2 decimales',
  webhookUrl: 'Dirección no válida: debe empezar por https:// (http:// solo para 127.0.0.1 o localhost)',
  webhookSecret: `El secreto debe tener entre ${CHANNEL_WEBHOOK_SECRET_MIN} y ${CHANNEL_WEBHOOK_SECRET_MAX} caracteres visibles, sin espacios`,
  webhookSecretRequired: 'Indica el secreto con el que se firman los avisos al webhook',
  productNotOwn: 'El producto no existe o no es de este tour operador',
  productRepeated: 'Producto repetido',
  paxTypeNotPriced: 'El producto no tiene tarifa para este tipo de pasajero',
  netRateRepeated: 'Ya hay una tarifa neta para este producto y tipo de pasajero',
  operatorRequired: 'Indica el tour operador del canal',
  operatorMissing: 'El tour operador no existe',
  operatorChange: 'Un canal no puede cambiar de tour operador',
} as const;

/** Labels of a channel's fields (the form, and its changes in the activity log). */
export const CHANNEL_FIELD_LABELS: Record<string, string> = {
  name: 'Nombre',
  kind: 'Tipo',
  tour_operator_id: 'Tour operador',
  commission_pct: 'Comisión (%)',
  net_rates: 'Tarifas netas',
  collects: 'Cobra',
  all_products: 'Todos los productos',
  product_ids: 'Productos',
  allotment: 'Cupo por salida',
  webhook_url: 'URL del webhook',
  webhook_secret: 'Secreto del webhook',
  contact_email: 'Correo de contacto',
  notes: 'Notas',
  active: 'Activo',
  label: 'Nombre de la clave',
  key_prefix: 'Clave',
};

const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;
/** At most two decimals, as numeric(5,2) keeps them (floating-point noise aside). */
const hasTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/**
 * A webhook's address: https, or http only for this machine (a receiver under test). A host name or
 * IPv4 address, an optional port, then any path and query without spaces or control characters; no
 * user or password in it. One pattern (no shared text rule beside it): OpenAPI 3.0's `nullable`
 * does not reach into an `allOf`, so a second pattern would make the document refuse `null`.
 */
export const CHANNEL_WEBHOOK_URL_RE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: we reject them on purpose
  /^(?:https:\/\/[A-Za-z0-9][A-Za-z0-9.-]*|http:\/\/(?:127\.0\.0\.1|localhost))(?::[0-9]{1,5})?(?:[/?#][^\s\u0000-\u001F\u007F]*)?$/;
/** A webhook secret: visible ASCII characters, no spaces (the receiver signs the same bytes). */
export const CHANNEL_WEBHOOK_SECRET_RE = /^[!-~]{16,200}$/;

const zCommissionPct = zDecimal(0, 100, MSG.percentRange)
  .refine(hasTwoDecimals, CHANNEL_MSG.commissionDecimals)
  .meta({ description: 'Lo que se queda el canal del precio de venta, 0–100 con como mucho 2 decimales.' });

const zProductIds = z.array(zUuid()).max(CHANNEL_PRODUCTS_MAX).refine(unique, CHANNEL_MSG.productRepeated).meta({
  uniqueItems: true,
  description: 'Los productos que puede vender (de su tour operador); null: todos.',
});

/** What the operator is paid per passenger of a type on a product (instead of retail less commission). */
export const ZChannelNetRate = z.object({
  product_id: zUuid(),
  pax_type: zEnum(PAX_TYPES),
  net_cents: zInt(0, CHANNEL_NET_CENTS_MAX),
});
export type TChannelNetRate = z.infer<typeof ZChannelNetRate>;

const zNetRates = z
  .array(ZChannelNetRate)
  .max(CHANNEL_NET_RATES_MAX)
  .superRefine((rates, ctx) => {
    const seen = new Set<string>();
    rates.forEach((r, i) => {
      const key = `${r.product_id}:${r.pax_type}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: CHANNEL_MSG.netRateRepeated, path: [i, 'pax_type'] });
      seen.add(key);
    });
  })
  .meta({
    description:
      'Tarifas netas por producto y tipo de pasajero (una por pareja), en céntimos; ganan a la comisión en ese producto. Al enviarlas sustituyen a las guardadas.',
  });

const zWebhookUrl = z
  .string()
  .trim()
  .max(CHANNEL_WEBHOOK_URL_MAX, MSG.tooLong(CHANNEL_WEBHOOK_URL_MAX))
  .regex(CHANNEL_WEBHOOK_URL_RE, CHANNEL_MSG.webhookUrl);
const zWebhookSecret = z.string().regex(CHANNEL_WEBHOOK_SECRET_RE, CHANNEL_MSG.webhookSecret).meta({
  description:
    'Solo escritura: se guarda cifrado y nunca se devuelve (webhook_secret_set). Va con una webhook_url; webhook_url null lo borra con ella.',
});

const channelFields = {
  name: zRequired(CHANNEL_NAME_MAX),
  kind: zEnum(CHANNEL_KINDS)
    .optional()
    .meta({ description: 'octo (con claves de la API OCTO, por defecto) o agency (sin integración)' }),
  /** The administrator's only (required when it creates one); others write in their own operator. */
  tour_operator_id: zUuid().optional(),
  product_ids: zProductIds.nullable().optional(),
  commission_pct: zCommissionPct.nullable().optional(),
  net_rates: zNetRates.optional(),
  collects: zEnum(CHANNEL_COLLECTS)
    .optional()
    .meta({ description: 'Quién cobra al cliente: operator (por defecto) o agency (el canal)' }),
  allotment: zInt(0, CHANNEL_ALLOTMENT_MAX)
    .nullable()
    .optional()
    .meta({ description: 'Plazas de una salida que pueden tener sus reservas vivas; null: sin cupo propio' }),
  webhook_url: zWebhookUrl.nullable().optional(),
  webhook_secret: zWebhookSecret.optional(),
  contact_email: zOptionalEmail(),
  notes: zOptionalText(CHANNEL_NOTES_MAX),
  active: z.boolean().optional(),
};

/** A webhook address needs its secret: a delivery is always signed (ADR 023). */
const webhookHasSecret = (b: { webhook_url?: string | null; webhook_secret?: string }) =>
  !b.webhook_url || Boolean(b.webhook_secret);
const webhookSecretIssue = { message: CHANNEL_MSG.webhookSecretRequired, path: ['webhook_secret'] };
/**
 * The same rule for the OpenAPI document: no webhook_url (left out or null), or a webhook_secret.
 * Inside `allOf`, so a generated client reads it as "and one of these". (On an edit the stored
 * secret counts too, which no schema can say: the API answers 422 on webhook_secret.)
 */
const webhookHasSecretSchema = {
  allOf: [
    {
      anyOf: [
        { properties: { webhook_url: { type: 'string', nullable: true, enum: [null] } } },
        { required: ['webhook_secret'], properties: { webhook_secret: { type: 'string' } } },
      ],
    },
  ],
};

/** POST /api/v1/channels. */
export const ZChannelCreateRequest = z
  .object(channelFields)
  .refine(webhookHasSecret, webhookSecretIssue)
  .meta(webhookHasSecretSchema);
export type TChannelCreateRequest = z.infer<typeof ZChannelCreateRequest>;

/** PATCH /api/v1/channels/{id}: fields not sent stay; `product_ids` and `net_rates` replace the whole set. */
export const ZChannelUpdateRequest = z.object({ ...channelFields, name: channelFields.name.optional() });
export type TChannelUpdateRequest = z.infer<typeof ZChannelUpdateRequest>;

/** A channel as the API answers it: never its webhook secret, nor any key. */
export const ZChannelResponse = z.object({
  id: z.string(),
  tour_operator_id: z.string(),
  tour_operator: z.object({ id: z.string(), name: z.string() }),
  name: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  commission_pct: z.number().nullable(),
  net_rates: z.array(z.object({ product_id: z.string(), pax_type: z.enum(PAX_TYPES), net_cents: z.number().int() })),
  collects: z.enum(CHANNEL_COLLECTS),
  all_products: z.boolean(),
  /** The products it may sell; null when it sells all of its operator's. */
  product_ids: z.array(z.string()).nullable(),
  allotment: z.number().int().nullable(),
  webhook_url: z.string().nullable(),
  webhook_secret_set: z.boolean(),
  contact_email: z.string(),
  notes: z.string(),
  active: z.boolean(),
  /** Its keys not revoked. */
  keys_active: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TChannelResponse = z.infer<typeof ZChannelResponse>;

/** POST /api/v1/channels/{id}/keys (only a channel of kind `octo`). */
export const ZChannelKeyCreateRequest = z.object({
  label: zOptionalText(CHANNEL_KEY_LABEL_MAX).meta({ description: 'Para reconocerla, p. ej. «Producción»' }),
});
export type TChannelKeyCreateRequest = z.infer<typeof ZChannelKeyCreateRequest>;

/** The new key: `key` (the OCTO Bearer token) is in this answer only; only its SHA-256 is kept. */
export const ZChannelKeyCreatedResponse = z.object({
  id: z.string(),
  key: z.string(),
  key_prefix: z.string(),
  label: z.string(),
  created_at: z.string(),
});
export type TChannelKeyCreatedResponse = z.infer<typeof ZChannelKeyCreatedResponse>;

const ZUserRef = z.object({ id: z.string(), name: z.string() }).nullable();

/** GET /api/v1/channels/{id}/keys: one key, without the key itself. */
export const ZChannelKeyResponse = z.object({
  id: z.string(),
  label: z.string(),
  /** Its first 12 characters (`trk_…`), to recognise it. */
  key_prefix: z.string(),
  /** Not revoked. */
  active: z.boolean(),
  created_at: z.string(),
  created_by: ZUserRef,
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revoked_by: ZUserRef,
});
export type TChannelKeyResponse = z.infer<typeof ZChannelKeyResponse>;

/** GET /api/v1/channels/{id}/requests: one OCTO request a key of the channel made. */
export const ZChannelRequestResponse = z.object({
  id: z.string(),
  key_id: z.string().nullable(),
  key_prefix: z.string().nullable(),
  method: z.string(),
  /** Without the query string. */
  path: z.string(),
  status: z.number().int(),
  duration_ms: z.number().int(),
  /** The OCTO error code answered, if any (e.g. INVALID_PRODUCT_ID). */
  error_code: z.string().nullable(),
  at: z.string(),
});
export type TChannelRequestResponse = z.infer<typeof ZChannelRequestResponse>;

/** The request log's paging (latest first): only `page` and `per_page`. */
export const ZChannelRequestsQuery = z.strictObject({
  page: z.string().optional().describe('Página (desde 1)'),
  per_page: z.string().optional().describe('Filas por página (1–500, 50 por defecto)'),
});
