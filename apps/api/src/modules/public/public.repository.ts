/**
 * Queries of the public API. Its scope is not a tenant but what is public: live, active products of
 * active operators, and bookings of active operators (by their random id).
 */
import { ACTIVE_STATE, TOUR_OPERATOR_STATE, type TProductQuestion } from '@trayecto/shared';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { accommodations, bookings, paymentSettings, productImages, products, tourOperators } from '../../db/schema';
import type { ProductTranslations } from '../../db/schema/products';
import { runSelectTemplate } from '../../db/select-template';
import { keyInUseColumn } from '../../lib/idempotency';
import type { BookingRow } from '../bookings/bookings.mapper';
import type { SaleReadExtra } from '../bookings/bookings.service';
import type { ImageRow, ProductRow } from '../products/products.mapper';

/** What the public sees of an operator (and its state and time zone, to decide). */
const operatorColumns = {
  id: tourOperators.id,
  name: tourOperators.name,
  logoUrl: tourOperators.logoUrl,
  brandColor: tourOperators.brandColor,
  email: tourOperators.email,
  phone: tourOperators.phone,
  website: tourOperators.website,
  address: tourOperators.address,
  bookingTerms: tourOperators.bookingTerms,
  timezone: tourOperators.timezone,
  taxTerritory: tourOperators.taxTerritory,
  defaultLanguage: tourOperators.defaultLanguage,
  publicLanguages: tourOperators.publicLanguages,
  bookingTermsTranslations: tourOperators.bookingTermsTranslations,
  // ADR 022: whether the operator takes payments online (its provider, never a secret) and Bizum.
  paymentProvider: sql<
    string | null
  >`(select ${paymentSettings.provider} from ${paymentSettings} where ${paymentSettings.tourOperatorId} = ${tourOperators.id})`,
  paymentBizum: sql<boolean>`coalesce((select ${paymentSettings.provider} = 'redsys' and ${paymentSettings.redsysBizum} from ${paymentSettings} where ${paymentSettings.tourOperatorId} = ${tourOperators.id}), false)`,
};
export type PublicOperatorRow = {
  [K in Exclude<
    keyof typeof operatorColumns,
    'publicLanguages' | 'bookingTermsTranslations' | 'paymentProvider' | 'paymentBizum'
  >]: string;
} & {
  publicLanguages: string[];
  bookingTermsTranslations: Partial<Record<string, string>>;
  paymentProvider: string | null;
  paymentBizum: boolean;
};

const isActiveOperator = eq(tourOperators.state, TOUR_OPERATOR_STATE.ACTIVE);

/** A product customers may see and book: active, not deleted, of an active operator. */
export async function findPublicProduct(db: DbOrTx, id: string) {
  // Its text (~60 columns) built once and run with this id (db/select-template.ts, ADR 040): every
  // public page of a product and every customer's sale asks it.
  const [row] = await runSelectTemplate(
    db,
    'public-product',
    (d) =>
      d
        .select({ product: products, operator: operatorColumns })
        .from(products)
        .innerJoin(tourOperators, eq(tourOperators.id, products.tourOperatorId))
        .where(
          and(
            eq(products.id, sql.placeholder('id')),
            eq(products.state, 'active'),
            isNull(products.deletedAt),
            isActiveOperator,
          ),
        ),
    { id },
  );
  return row as { product: ProductRow; operator: PublicOperatorRow } | undefined;
}

/** What a customer's booking page shows of its product's first image (the answer of a sale). */
export type FirstImage = Pick<ImageRow, 'path' | 'thumbPath' | 'alt' | 'width' | 'height'>;

/**
 * What the customer's sale reads with the rest of the sale, in its one read (ADR 042): the operator
 * as the public sees it and the product's first image; and only a product customers may book (as
 * {@link findPublicProduct}: active, of an active operator).
 */
export const publicSaleRead: SaleReadExtra = {
  key: 'public',
  columns: {
    operator: operatorColumns,
    image: sql<FirstImage | null>`(select json_build_object('path', pi.path, 'thumbPath', pi.thumb_path, 'alt', pi.alt,
      'width', pi.width, 'height', pi.height) from ${productImages} pi
      where pi.product_id = ${products.id} order by pi.position, pi.created_at, pi.id limit 1)`,
  },
  where: and(eq(products.state, 'active'), isActiveOperator),
};

/**
 * {@link publicSaleRead} with the idempotency key's probe (ADR 050, lib/idempotency.ts `KeyProbe`):
 * one template, its key's values given with each sale.
 */
export const publicSaleReadProbing: SaleReadExtra = {
  key: 'public:key-probe',
  columns: { ...publicSaleRead.columns, keyInUse: keyInUseColumn },
  where: publicSaleRead.where,
};

/** What {@link publicSaleRead} answers under the sale's `also` (and {@link publicSaleReadProbing}: `keyInUse`). */
export type PublicSaleRead = { operator: PublicOperatorRow; image: FirstImage | null; keyInUse?: boolean };

/** The product's images in display order (built once per limit, as {@link findPublicProduct}). */
export async function listImages(db: DbOrTx, productId: string, limit?: number): Promise<ImageRow[]> {
  return runSelectTemplate(
    db,
    limit ? 'public-product-images:limit' : 'public-product-images',
    (d) => {
      const q = d
        .select()
        .from(productImages)
        .where(eq(productImages.productId, sql.placeholder('productId')))
        .orderBy(asc(productImages.position), asc(productImages.createdAt), asc(productImages.id));
      return limit ? q.limit(sql.placeholder('limit')) : q;
    },
    limit ? { productId, limit } : { productId },
  );
}

const pickupAt = alias(accommodations, 'pickup_at');

export type PickupPlaceRow = {
  accommodation: {
    id: string;
    name: string;
    type: string;
    zone: string;
    address: string;
    latLng: string;
    pickupPoint: string;
  };
  pickupAt: { id: string; name: string; zone: string; address: string; pickupPoint: string } | null;
};

/**
 * The live, active accommodations an operator may collect from (its own or the shared catalogue)
 * that are either among `ids` or in one of `zones` (compared unaccented and lower-case, as the
 * pickup rule does), with the place their customers are collected at when they redirect.
 */
export async function listPickupPlaces(
  db: DbOrTx,
  tourOperatorId: string,
  ids: string[],
  zones: string[],
): Promise<PickupPlaceRow[]> {
  const which: SQL[] = [];
  if (ids.length > 0) which.push(inArray(accommodations.id, ids));
  if (zones.length > 0) {
    const wanted = sql.join(
      zones.map((z) => sql`f_unaccent(btrim(${z}))`),
      sql`, `,
    );
    which.push(sql`f_unaccent(btrim(${accommodations.zone})) in (${wanted})`);
  }
  if (which.length === 0) return [];
  return db
    .select({
      accommodation: {
        id: accommodations.id,
        name: accommodations.name,
        type: accommodations.type,
        zone: accommodations.zone,
        address: accommodations.address,
        latLng: accommodations.latLng,
        pickupPoint: accommodations.pickupPoint,
      },
      pickupAt: {
        id: pickupAt.id,
        name: pickupAt.name,
        zone: pickupAt.zone,
        address: pickupAt.address,
        pickupPoint: pickupAt.pickupPoint,
      },
    })
    .from(accommodations)
    .leftJoin(pickupAt, and(eq(pickupAt.id, accommodations.pickupAtId), isNull(pickupAt.deletedAt)))
    .where(
      and(
        isNull(accommodations.deletedAt),
        eq(accommodations.state, ACTIVE_STATE.ACTIVE),
        or(isNull(accommodations.tourOperatorId), eq(accommodations.tourOperatorId, tourOperatorId)),
        or(...which),
      ),
    )
    .orderBy(asc(accommodations.name), asc(accommodations.id)) as Promise<PickupPlaceRow[]>;
}

const place = alias(accommodations, 'place');

export type PublicBookingView = {
  booking: BookingRow;
  product: {
    id: string;
    name: string;
    durationMinutes: number;
    meetingPoint: string;
    meetingLatLng: string;
    pickupEnabled: boolean;
    freeCancellationHours: number;
    bookingTerms: string;
    whatToBring: string[];
    pickupNotes: string;
    translations: ProductTranslations;
    questions: TProductQuestion[];
    paymentMode: string;
    depositPercent: number | null;
    depositPerPaxCents: number | null;
  };
  operator: PublicOperatorRow;
  accommodation: { id: string; name: string; address: string; zone: string; pickupPoint: string } | null;
  pickupAt: { id: string; name: string; address: string; pickupPoint: string } | null;
};

/** A booking of an active operator, with what its customer may see of its product and places. */
export async function findPublicBooking(db: DbOrTx, id: string): Promise<PublicBookingView | undefined> {
  const [row] = await db
    .select({
      booking: bookings,
      product: {
        id: products.id,
        name: products.name,
        durationMinutes: products.durationMinutes,
        meetingPoint: products.meetingPoint,
        meetingLatLng: products.meetingLatLng,
        pickupEnabled: products.pickupEnabled,
        freeCancellationHours: products.freeCancellationHours,
        bookingTerms: products.bookingTerms,
        whatToBring: products.whatToBring,
        pickupNotes: products.pickupNotes,
        translations: products.translations,
        questions: products.questions,
        paymentMode: products.paymentMode,
        depositPercent: products.depositPercent,
        depositPerPaxCents: products.depositPerPaxCents,
      },
      operator: operatorColumns,
      accommodation: {
        id: place.id,
        name: place.name,
        address: place.address,
        zone: place.zone,
        pickupPoint: place.pickupPoint,
      },
      pickupAt: { id: pickupAt.id, name: pickupAt.name, address: pickupAt.address, pickupPoint: pickupAt.pickupPoint },
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(tourOperators, eq(tourOperators.id, bookings.tourOperatorId))
    .leftJoin(place, eq(place.id, bookings.accommodationId))
    .leftJoin(pickupAt, eq(pickupAt.id, place.pickupAtId))
    .where(and(eq(bookings.id, id), isActiveOperator));
  return row as PublicBookingView | undefined;
}
