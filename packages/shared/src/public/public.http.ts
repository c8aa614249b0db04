import type { TPublicAvailabilitySlot, TPublicBooking, TPublicOperator, TPublicProduct } from './public.schema';

/**
 * What the public API and its pages agree on besides the JSON bodies: header names and the element
 * the server embeds the product in. No zod: the public bundle imports it
 * (`@trayecto/shared/public-http`).
 */

/** Header of POST /api/v1/public/bookings: one client-generated key per distinct booking attempt. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Header set on an answer replayed from an earlier request with the same Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** Id of the `<script type="application/json">` holding the product on a server-rendered landing page. */
export const PUBLIC_DATA_ELEMENT_ID = 'trayecto-data';

/**
 * What a server-rendered public page carries in its data block besides (on the landing) the bare
 * product: the page's data, so the browser takes over the server's HTML without asking again
 * (issue 23). `availability`: the departures of the months the booking page's calendar opens on;
 * `today`: the booking page's "today", the operator's local date (YYYY-MM-DD) when the server
 * answered, so that the page needs no time-zone data of its own to open its calendar (issue 35,
 * goal 6); `operator`: the accessibility statement's operator, whose page the visitor came from
 * (issue 31). Types only (the shapes are the public API's answers).
 */
export type TPublicPageData = {
  product?: TPublicProduct;
  booking?: TPublicBooking;
  operator?: TPublicOperator;
  availability?: { product_id: string; month: string; slots: TPublicAvailabilitySlot[] }[];
  today?: string;
};
/** Attribute on the page's root element naming the language the server rendered it in. */
export const SERVER_RENDERED_ATTR = 'data-ssr';
/**
 * How many months past the current one the booking page's calendar moves on its own looking for
 * the first month with departures (and how many the server embeds for it at most).
 */
export const CALENDAR_AUTO_ADVANCE_MONTHS = 6;
