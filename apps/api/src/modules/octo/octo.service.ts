/**
 * The OCTO supplier API's rules (ADR 023, "OCTO supplier API"), read side: who a key is, the
 * supplier and the products a channel may sell (their availability: octo.slots.ts). What a product
 * is, costs and has free is never decided here: the texts are the public catalogue's (in the
 * language the public pages would pick), the prices the product's tariffs through the shared
 * pricing rules, the pickup places the public catalogue's. This file puts them together with the
 * channel's products, net rates and commission.
 */
import {
  hasText,
  isUuid,
  negotiateLocale,
  type TPublicLocale,
  type TPublicProduct,
  timeZoneOf,
  todayIn,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { hashChannelKey, looksLikeChannelKey } from '../channels/channel-keys';
import type { ProductRow } from '../products/products.mapper';
import { defaultLocaleOf, offeredLocales } from '../public/public.i18n';
import { getPublicProduct, pickupPlaces } from '../public/public.service';
import { invalidProduct, OctoError } from './octo.errors';
import { type ChannelRates, type PickupPlaces, toProduct, toSupplier } from './octo.mapper';
import * as repo from './octo.repository';
import { OCTO_CAPABILITIES, type TOctoCapability, type TOctoProduct } from './octo.schemas';

export type { OctoCaller } from './octo.repository';

/** What a request brings besides its body: the capabilities asked for, the language, the clock. */
export type OctoRequestContext = {
  capabilities: ReadonlySet<TOctoCapability>;
  acceptLanguage: string | null;
  /** The public origin (`https://reservas.example.com`): the supplier's endpoint is written on it. */
  origin: string;
  now: Date;
};

/** The capabilities of an `Octo-Capabilities` header this supplier implements (others ignored). */
export function capabilitiesOf(header: string | string[] | undefined): Set<TOctoCapability> {
  const asked = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => s.trim().toLowerCase());
  return new Set(OCTO_CAPABILITIES.filter((c) => asked.includes(c)));
}

// ── Keys ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * The caller of an `Authorization: Bearer <key>` header is a key of the right shape whose hash is a
 * live key of an active `octo` channel of an active operator (octo.repository's `findCallerCounting`,
 * octo.rate-limit's `authenticateCounted`). Anything else is 401 UNAUTHORIZED at once; keys are never
 * cached, so a revoked key or a deactivated channel stops working at once.
 *
 * This is the header's part: the hash of its key when the key has the right shape; 401 otherwise.
 */
export function keyHashOf(authorization: string | undefined): string {
  if (!authorization) throw new OctoError('UNAUTHORIZED', 'missingKey');
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!m || !looksLikeChannelKey(m[1])) throw new OctoError('UNAUTHORIZED', 'invalidKey');
  return hashChannelKey(m[1]);
}

/** The caller a key's hash found; 401 when it found none. */
export function callerOf<C>(found: C | undefined): C {
  if (!found) throw new OctoError('UNAUTHORIZED', 'invalidKey');
  return found;
}

/** What an authenticated request leaves behind, once it has been answered (octo.request-log.ts). */
export type RequestRecord = {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  errorCode: string | null;
};

// ── Supplier and capabilities ────────────────────────────────────────────────────────────────────

/** The path of this API under the public origin. */
export const OCTO_BASE_PATH = '/api/octo/v1';

export const getSupplier = (caller: repo.OctoCaller, ctx: Pick<OctoRequestContext, 'origin'>) =>
  toSupplier(caller.operator, `${ctx.origin}${OCTO_BASE_PATH}`);

/** GET /capabilities: what this supplier implements (docs/octo.md explains each). */
export const listCapabilities = () =>
  OCTO_CAPABILITIES.map((id) => ({ id, revision: 1, required: false, dependencies: [], docs: null }));

// ── Products ─────────────────────────────────────────────────────────────────────────────────────

/** An answer with products: the products, and the languages for Content-Language/Available-Languages. */
export type ProductsAnswer<T> = { body: T; contentLanguages: string[]; availableLanguages: string[] };

/** The channel's money on some products: the operator's currency, its commission, its net rates. */
export const ratesOf = async (db: DbOrTx, caller: repo.OctoCaller, productIds: string[]): Promise<ChannelRates> =>
  ratesFrom(caller, await repo.listNetRates(db, caller.channel.id, productIds));

export const ratesFrom = (caller: repo.OctoCaller, netRates: Map<string, number>): ChannelRates => ({
  currency: caller.operator.currency,
  commissionPct: caller.channel.commissionPct,
  netRates,
});

/**
 * The languages a product is written in (ADR 023 "locale"): the operator's default and those of its
 * public languages the product has a translation in; and the one a request gets (Accept-Language
 * among them, else the operator's default, `es` unless the operator chose another).
 */
export function productLocale(
  product: ProductRow,
  operator: repo.OctoCaller['operator'],
  acceptLanguage: string | null,
): { locale: TPublicLocale; written: TPublicLocale[] } {
  const fallback = defaultLocaleOf(operator);
  const written = offeredLocales(operator).filter(
    (l) => l === fallback || Object.values(product.translations?.[l] ?? {}).some((v) => hasText(v)),
  );
  return { locale: negotiateLocale({ acceptLanguage, offered: written, fallback }), written };
}

/** A product as OCTO describes it to a request (its texts in the language negotiated). */
export async function describeProduct(
  db: DbOrTx,
  caller: repo.OctoCaller,
  product: ProductRow,
  rates: ChannelRates,
  ctx: OctoRequestContext,
): Promise<{ product: TOctoProduct | undefined; locale: TPublicLocale; written: TPublicLocale[] }> {
  const timeZone = timeZoneOf(caller.operator.timezone);
  const { locale, written } = productLocale(product, caller.operator, ctx.acceptLanguage);
  // The public catalogue's texts of the product, in that language (each falling back to the
  // operator's own language where it has no translation), exactly as its public page shows them.
  const texts: TPublicProduct | undefined = ctx.capabilities.has('octo/content')
    ? await getPublicProduct(db, product.id, { locale })
    : undefined;
  const pickups: PickupPlaces | undefined = ctx.capabilities.has('octo/pickups')
    ? await pickupPlaces(db, product)
    : undefined;
  const mapped = toProduct(product, {
    caps: ctx.capabilities,
    locale,
    today: todayIn(timeZone, ctx.now),
    timeZone,
    rates,
    texts,
    pickups,
  });
  return { product: mapped, locale, written };
}

const unique = <T>(items: T[]) => [...new Set(items)];

/** GET /products: every product the key's channel may sell, by name. */
export async function listProducts(
  db: DbOrTx,
  caller: repo.OctoCaller,
  ctx: OctoRequestContext,
): Promise<ProductsAnswer<TOctoProduct[]>> {
  const rows = await repo.listSellableProducts(db, caller);
  const rates = await ratesOf(
    db,
    caller,
    rows.map((r) => r.id),
  );
  const body: TOctoProduct[] = [];
  const content: string[] = [];
  const available: string[] = [];
  for (const row of rows) {
    const d = await describeProduct(db, caller, row, rates, ctx);
    if (!d.product) continue;
    body.push(d.product);
    content.push(d.locale);
    available.push(...d.written);
  }
  return { body, contentLanguages: unique(content), availableLanguages: unique(available) };
}

/** A product the channel may sell, by the id a reseller sent; INVALID_PRODUCT_ID otherwise. */
export async function sellableProduct(db: DbOrTx, caller: repo.OctoCaller, id: string): Promise<ProductRow> {
  const product = isUuid(id) ? await repo.findSellableProduct(db, caller, id.toLowerCase()) : undefined;
  if (!product) throw invalidProduct(id);
  return product;
}

/** GET /products/{id}. */
export async function getProduct(
  db: DbOrTx,
  caller: repo.OctoCaller,
  id: string,
  ctx: OctoRequestContext,
): Promise<ProductsAnswer<TOctoProduct>> {
  const row = await sellableProduct(db, caller, id);
  const d = await describeProduct(db, caller, row, await ratesOf(db, caller, [row.id]), ctx);
  // A product without start times has nothing to sell through OCTO (docs/octo.md).
  if (!d.product) throw invalidProduct(id);
  return { body: d.product, contentLanguages: [d.locale], availableLanguages: d.written };
}
