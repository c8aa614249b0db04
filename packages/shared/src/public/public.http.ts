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
