/**
 * The OCTO Booking answered (ADR 035, ADR 043): bookings of the caller's channel with their
 * products, departures, rates and pickup points as OCTO shows them (mapped by
 * octo.bookings.mapper.ts), reading each product and day once, and nothing a reserve or a change
 * already read. Used by every booking endpoint.
 */
import { timeZoneOf, todayIn } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import type { BookingRow } from '../bookings/bookings.mapper';
import { canCancel, channelBookingStatus, freeCancellationUntil, startsAtOf } from '../bookings/bookings.service';
import type { ProductRow } from '../products/products.mapper';
import { pickupPlaces } from '../public/public.service';
import { availabilityOf, type ChannelSlot, closedSlot, localDateTime } from './octo.availability';
import { toBooking, voucherUrl } from './octo.bookings.mapper';
import { type ChannelRates, type PickupPlaces, toPickupPoint } from './octo.mapper';
import * as repo from './octo.repository';
import type { TOctoBooking, TOctoBookingStatus, TOctoPickupPoint, TOctoProduct } from './octo.schemas';
import { describeProduct, type OctoRequestContext, type ProductsAnswer, ratesOf } from './octo.service';
import { type AvailabilityScope, channelSlots } from './octo.slots';

/** What the answer of a booking needs of its product, loaded once per product. */
type ProductView = {
  row: ProductRow;
  described: TOctoProduct | undefined;
  locale: string;
  written: string[];
  scope: AvailabilityScope;
  pickups?: PickupPlaces;
};

const unique = <T>(items: T[]) => [...new Set(items)];

/** The booking's departure as the channel sees it now (CLOSED once it is past or gone). */
async function departuresOf(
  db: DbOrTx,
  caller: repo.OctoCaller,
  view: ProductView,
  date: string,
  now: Date,
): Promise<Map<string, ChannelSlot>> {
  const slots = await channelSlots(db, caller, view.scope, date, date, now);
  return new Map(slots.map((s) => [s.view.time, s.view]));
}

/** Whether the channel may still cancel (and change) a booking: a hold, or before the free-cancellation deadline. */
export function isCancellable(
  b: BookingRow,
  status: TOctoBookingStatus,
  product: ProductRow,
  timezone: string,
  now: Date,
) {
  if (status === 'ON_HOLD') return true;
  if (status !== 'CONFIRMED' && status !== 'PENDING') return false;
  return canCancel(b, freeCancellationUntil(startsAtOf(b, timezone), product.freeCancellationHours), now);
}

/** octo/pickups: the booking's pickup place among the product's, with the booking's pickup time. */
function pickupPointOf(b: BookingRow, pickups: PickupPlaces | undefined, timeZone: string): TOctoPickupPoint | null {
  if (!b.accommodationId || !pickups) return null;
  const place = pickups.places.find((p) => p.accommodation.id === b.accommodationId);
  if (!place) return null;
  return {
    ...toPickupPoint(place),
    ...(b.pickupTime ? { localDateTime: localDateTime(b.date, b.pickupTime, timeZone).iso } : {}),
    localDateTimeTo: null,
  };
}

/** Bookings of the caller's channel as OCTO answers them, with the languages of their products' texts. */
export async function answerAll(
  db: DbOrTx,
  caller: repo.OctoCaller,
  rows: BookingRow[],
  ctx: OctoRequestContext,
  /**
   * The product of a reserve or a change, with its rates, as the request already read them (ADR 035),
   * and a reserve's departure as its sale left it (ADR 043): the answer reads neither again.
   */
  given?: Known,
): Promise<ProductsAnswer<TOctoBooking[]>> {
  const timeZone = timeZoneOf(caller.operator.timezone);
  const productIds = unique(rows.map((r) => r.productId));
  const known = given?.scope;
  const isKnown = known !== undefined && productIds.length === 1 && productIds[0] === known.product.id;
  const products = isKnown ? [known.product] : await repo.findOperatorProducts(db, caller.operator.id, productIds);
  const rates = isKnown ? known.rates : await ratesOf(db, caller, productIds);
  const views = new Map<string, ProductView>();
  for (const row of products) {
    const d = await describeProduct(db, caller, row, rates, ctx);
    views.set(row.id, {
      row,
      described: d.product,
      locale: d.locale,
      written: d.written,
      // The product's availability as a booking shows it: no units asked; the rates just read.
      scope: isKnown ? { ...known, asked: undefined } : bookedScope(caller, row, rates, ctx.now),
      pickups: ctx.capabilities.has('octo/pickups') ? await pickupPlaces(db, row) : undefined,
    });
  }
  const departures = new Map<string, Map<string, ChannelSlot>>();
  const slot = given?.slot;
  if (isKnown && slot) departures.set(`${known.product.id} ${slot.date}`, new Map([[slot.time, slot]]));
  const body: TOctoBooking[] = [];
  for (const b of rows) {
    const view = views.get(b.productId);
    // The booking's product is its operator's (a foreign key and the tenancy check): never missing.
    if (!view) throw new Error(`OCTO: the product ${b.productId} of booking ${b.id} was not found`);
    const key = `${b.productId} ${b.date}`;
    let ofDay = departures.get(key);
    if (!ofDay) {
      ofDay = await departuresOf(db, caller, view, b.date, ctx.now);
      departures.set(key, ofDay);
    }
    const status = channelBookingStatus(b, ctx.now);
    const slot = ofDay.get(b.time) ?? closedSlot(b.date, b.time, timeZone);
    body.push(
      toBooking({
        booking: b,
        status,
        cancellable: isCancellable(b, status, view.row, caller.operator.timezone, ctx.now),
        product: view.described,
        availability: availabilityOf(slot, view.row, timeZone),
        voucherUrl: voucherUrl(ctx.origin, b),
        caps: ctx.capabilities,
        rates: {
          currency: b.currency,
          commissionPct: b.commissionPct,
          netRates: rates.netRates,
        },
        pickupPoint: pickupPointOf(b, view.pickups, timeZone),
      }),
    );
  }
  const used = rows.map((r) => views.get(r.productId)).filter((v): v is ProductView => v !== undefined);
  return {
    body,
    contentLanguages: unique(used.map((v) => v.locale)),
    availableLanguages: unique(used.flatMap((v) => v.written)),
  };
}

/** What a request already read that its answer would read again. */
type Known = { scope: AvailabilityScope; slot?: ChannelSlot };

/** productScope's answer with the rates already read (no units asked): a booking's availability. */
function bookedScope(caller: repo.OctoCaller, product: ProductRow, rates: ChannelRates, now: Date): AvailabilityScope {
  const timeZone = timeZoneOf(caller.operator.timezone);
  return { product, timeZone, today: todayIn(timeZone, now), rates, asked: undefined };
}

export async function answerOne(
  db: DbOrTx,
  caller: repo.OctoCaller,
  row: BookingRow,
  ctx: OctoRequestContext,
  known?: Known,
): Promise<ProductsAnswer<TOctoBooking>> {
  const all = await answerAll(db, caller, [row], ctx, known);
  return { ...all, body: all.body[0] };
}
