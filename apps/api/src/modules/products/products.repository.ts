import { LEVEL, PRODUCT_RESPONSE_FIELDS, PRODUCT_STATES } from '@trayecto/shared';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accommodations, productImages, productPickups, products, tourOperators } from '../../db/schema';
import { runIdsTemplate, runListTemplate, runSelectTemplate, ShapeBinder } from '../../db/select-template';
import { buildListConditions, buildOrderBy, combine, type ListParams, type ResourceListSpec } from '../../lib/filters';
import { type Actor, tenantScope } from '../../lib/tenant';
import type { ImageRow, PickupWithAccommodation, ProductRow, ProductWithOperator } from './products.mapper';

export const PRODUCT_LIST_SPEC: ResourceListSpec = {
  filters: {
    state: { column: products.state, type: 'enum', values: PRODUCT_STATES },
    code: { column: products.code, type: 'text' },
    name: { column: products.name, type: 'text' },
    tour_operator_id: { column: products.tourOperatorId, type: 'uuid' },
    pickup_enabled: { column: products.pickupEnabled, type: 'bool' },
    // As an SQL expression, so the ISO string the filter parser produces is bound as is (the
    // column's own mapper expects a Date and would throw).
    created_at: { column: sql`${products.createdAt}`, type: 'timestamp' },
  },
  sort: {
    name: products.name,
    code: products.code,
    state: products.state,
    capacity: products.capacity,
    created_at: products.createdAt,
    updated_at: products.updatedAt,
  },
  defaultSort: ['name'],
  search: [products.name, products.code, products.shortDescription],
  tiebreaker: products.id,
  // A screen that shows a few columns asks for those (ADR 054): the pickups alone were 130 of
  // the 206 KB of a page of 50 products.
  fields: PRODUCT_RESPONSE_FIELDS,
};

/**
 * Which products the actor may read (PRODUCT.md §3): the tenant scope, never a deleted one, and a
 * Vendedor (level 2) only active ones.
 */
function visibleTo(actor: Actor, binder?: ShapeBinder): SQL | undefined {
  binder?.shape(`level:${actor.level}`);
  const seller = actor.level === LEVEL.SELLER;
  return and(
    isNull(products.deletedAt),
    tenantScope(products.tourOperatorId, actor, binder),
    seller ? eq(products.state, (binder ? binder.bind('active', products.state) : 'active') as 'active') : undefined,
  );
}

const withOperator = (db: DbOrTx) =>
  db
    .select({
      product: products,
      operator: {
        id: tourOperators.id,
        name: tourOperators.name,
        timezone: tourOperators.timezone,
        defaultLanguage: tourOperators.defaultLanguage,
        publicLanguages: tourOperators.publicLanguages,
        taxTerritory: tourOperators.taxTerritory,
      },
    })
    .from(products)
    .innerJoin(tourOperators, eq(tourOperators.id, products.tourOperatorId));

/** A page of products and the total, both selects built once per shape (ADR 052). */
export async function listProducts(db: DbOrTx, actor: Actor, params: ListParams) {
  const b = new ShapeBinder('products.list');
  const where = combine([visibleTo(actor, b), ...buildListConditions(params, PRODUCT_LIST_SPEC, b)]);
  const order = buildOrderBy(params, PRODUCT_LIST_SPEC, b);
  const { rows, total } = await runListTemplate(db, b, params, { rows: withOperator, table: products, where, order });
  return { rows: rows as ProductWithOperator[], total };
}

/** A product the actor may see, its select built once per shape (ADR 052). */
export async function findVisibleProduct(db: DbOrTx, actor: Actor, id: string) {
  const b = new ShapeBinder('products.one');
  const where = and(visibleTo(actor, b), eq(products.id, b.bind(id, products.id) as never));
  const [row] = await runSelectTemplate(db, b.key, (d) => withOperator(d).where(where), b.values, { strict: true });
  return row as ProductWithOperator | undefined;
}

/**
 * Locks a visible product row for the rest of the transaction (FOR UPDATE), so writes to the same
 * product (capacity, departures, images) run one after another.
 */
export async function lockVisibleProduct(db: DbOrTx, actor: Actor, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(visibleTo(actor), eq(products.id, id)))
    .for('update');
  return row;
}

export async function findProductById(db: DbOrTx, id: string) {
  const [row] = await withOperator(db).where(and(isNull(products.deletedAt), eq(products.id, id)));
  return row as ProductWithOperator | undefined;
}

/** Whether a live product of the operator already uses this code (case-insensitive). */
export async function codeInUse(db: DbOrTx, tourOperatorId: string, code: string, exceptId?: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        isNull(products.deletedAt),
        eq(products.tourOperatorId, tourOperatorId),
        eq(sql`lower(${products.code})`, code.toLowerCase()),
        exceptId ? sql`${products.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertProduct(db: DbOrTx, values: typeof products.$inferInsert): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  return row;
}

export async function updateProductRow(db: DbOrTx, id: string, values: Partial<typeof products.$inferInsert>) {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .returning();
  return row;
}

/**
 * Of these accommodation ids, the ones a product of this operator may pick up from: its own or
 * the shared catalogue's, not deleted.
 */
export async function findUsableAccommodationIds(db: DbOrTx, tourOperatorId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: accommodations.id })
    .from(accommodations)
    .where(
      and(
        inArray(accommodations.id, ids),
        isNull(accommodations.deletedAt),
        or(isNull(accommodations.tourOperatorId), eq(accommodations.tourOperatorId, tourOperatorId)),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function listPickups(db: DbOrTx, productIds: string[]): Promise<PickupWithAccommodation[]> {
  if (productIds.length === 0) return [];
  // Built once (ADR 052): the products' ids as one parameter, whatever their number.
  return runIdsTemplate(db, 'products.pickups', productPickups.productId, productIds, (d, where) =>
    d
      .select({
        pickup: productPickups,
        accommodation: {
          id: accommodations.id,
          name: accommodations.name,
          zone: accommodations.zone,
          latLng: accommodations.latLng,
          tourOperatorId: accommodations.tourOperatorId,
        },
      })
      .from(productPickups)
      .leftJoin(accommodations, eq(accommodations.id, productPickups.accommodationId))
      // A deleted accommodation drops out of the pickup list (re-saving the product would refuse it).
      .where(and(where, or(isNull(productPickups.accommodationId), isNull(accommodations.deletedAt))))
      .orderBy(asc(productPickups.productId), asc(productPickups.position), asc(productPickups.id)),
  ) as Promise<PickupWithAccommodation[]>;
}

/** Replaces the product's pickup list with this one (positions follow the list order). */
export async function replacePickups(
  db: DbOrTx,
  product: { id: string; tourOperatorId: string },
  pickups: {
    accommodation_id: string | null;
    zone: string | null;
    minutes_before: number | null;
    fixed_time: string | null;
  }[],
) {
  await db.delete(productPickups).where(eq(productPickups.productId, product.id));
  if (pickups.length === 0) return;
  await db.insert(productPickups).values(
    pickups.map((p, position) => ({
      tourOperatorId: product.tourOperatorId,
      productId: product.id,
      accommodationId: p.accommodation_id,
      zone: p.zone,
      minutesBefore: p.minutes_before,
      fixedTime: p.fixed_time,
      position,
    })),
  );
}

export async function listImages(db: DbOrTx, productIds: string[]): Promise<ImageRow[]> {
  if (productIds.length === 0) return [];
  return runIdsTemplate(db, 'products.images', productImages.productId, productIds, (d, where) =>
    d
      .select()
      .from(productImages)
      .where(where)
      .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.createdAt)),
  );
}

/** The operator a product belongs to (existence check for the administrator, time zone). */
export async function findOperator(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: tourOperators.id,
      name: tourOperators.name,
      timezone: tourOperators.timezone,
      taxTerritory: tourOperators.taxTerritory,
    })
    .from(tourOperators)
    .where(eq(tourOperators.id, id));
  return row;
}
