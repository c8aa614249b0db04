/**
 * The public API (PRODUCT.md §2 "public (no token)") with native fetch: no token, no client
 * library. Types come from the shared contracts as `import type` (erased: zod never reaches this
 * bundle).
 */
import type {
  TErrorCode,
  TInvoiceResponse,
  TPublicAccommodation,
  TPublicAvailabilitySlot,
  TPublicBooking,
  TPublicBookingCreateRequest,
  TPublicBookingUpdateRequest,
  TPublicInvoiceIssueRequest,
  TPublicOperator,
  TPublicProduct,
} from '@trayecto/shared';
import { IDEMPOTENCY_KEY_HEADER, type TPublicPageData } from '@trayecto/shared/public-http';
import { getLocale, t } from '../i18n';
import type { TPayMethod, TPaymentStart } from './payments';
import { embeddedData, onLoadedPage } from './render-context';

const BASE = '/api/v1/public';

export type TAlternative = { time: string; seats_left: number };

/**
 * A failed call: `status` 0 for a network failure (no answer); `code` the answer's machine code
 * (decisions use it, never the message), null without one. `message` is for the customer, in the
 * page's language: the server writes its own in the language asked for (Accept-Language).
 */
export class PublicApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors: Record<string, string[]> = {},
    public readonly alternatives: TAlternative[] = [],
    public readonly retryAfter: number | null = null,
    public readonly code: TErrorCode | null = null,
  ) {
    super(message);
    this.name = 'PublicApiError';
  }
  get isNotFound() {
    return this.status === 404;
  }
  /** The departure cannot take the passengers (409 NO_SEATS, with `alternatives`). */
  get isNoSeats() {
    return this.code === 'NO_SEATS';
  }
  /** The first request with this Idempotency-Key is still running: the same request may be asked again. */
  get isInProgress() {
    return this.code === 'IDEMPOTENCY_IN_PROGRESS';
  }
  /** Payments (ADR 022): the hold ended and its seats were taken by others (409 HOLD_EXPIRED). */
  get isHoldExpired() {
    return (this.code as string | null) === 'HOLD_EXPIRED';
  }
  /** The payment provider did not answer in time (502): nothing was charged, trying again is safe. */
  get isProviderUnavailable() {
    return (this.code as string | null) === 'PAYMENT_PROVIDER_UNAVAILABLE';
  }
  /** Nothing to pay online now (409 NOTHING_DUE): someone paid it already. */
  get isNothingDue() {
    return (this.code as string | null) === 'NOTHING_DUE';
  }
  /** No answer, too many requests or a server error: the same request may be tried again. */
  get isRetryable() {
    return this.status === 0 || this.status === 429 || this.status >= 500 || this.status === 408;
  }
}

async function request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  let res: Response;
  try {
    res = await fetch(`${BASE}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        // The server's error messages (and product texts) in the page's language.
        'Accept-Language': getLocale(),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      credentials: 'omit',
    });
  } catch {
    throw new PublicApiError(0, t().errors.network);
  }
  let data: unknown = null;
  const text = await res.text().catch(() => '');
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (res.ok) return data as T;
  const d = (data ?? {}) as {
    code?: unknown;
    message?: string;
    errors?: Record<string, string[]>;
    alternatives?: TAlternative[];
  };
  const retryAfter = Number(res.headers.get('Retry-After')) || null;
  // A 429 or a 5xx says the page's own words; other refusals the server's (already in the page's language).
  // The payment provider's 502 (ADR 022) has its own words, which the page shows by its code.
  let message = typeof d.message === 'string' && d.message ? d.message : '';
  if (res.status === 429) message = t().errors.tooMany;
  else if ((res.status >= 500 && d.code !== 'PAYMENT_PROVIDER_UNAVAILABLE') || !message) message = t().errors.server;
  throw new PublicApiError(
    res.status,
    message,
    d.errors ?? {},
    Array.isArray(d.alternatives) ? d.alternatives : [],
    retryAfter,
    // Compared with known codes only: a code this page does not know yet matches none.
    typeof d.code === 'string' ? (d.code as TErrorCode) : null,
  );
}

const enc = encodeURIComponent;

export const getProduct = (id: string) => request<TPublicProduct>('GET', `/products/${enc(id)}`);

export const getAvailability = (id: string, from: string, to: string) =>
  request<TPublicAvailabilitySlot[]>('GET', `/products/${enc(id)}/availability?from=${from}&to=${to}`);

export const getAccommodations = (productId: string, time?: string) =>
  request<TPublicAccommodation[]>(
    'GET',
    `/accommodations?product_id=${enc(productId)}${time ? `&time=${enc(time)}` : ''}`,
  );

export type TNewBookingBody = Omit<TPublicBookingCreateRequest, 'accept_terms'> & { accept_terms: boolean };

export const createBooking = (body: TNewBookingBody, idempotencyKey: string) =>
  request<TPublicBooking>('POST', '/bookings', body, { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });

export const getBooking = (id: string) => request<TPublicBooking>('GET', `/bookings/${enc(id)}`);

/** The booking's invoices (issue 34): simplified, full and corrective ones, oldest first. */
export const getInvoices = (bookingId: string) =>
  request<TInvoiceResponse[]>('GET', `/bookings/${enc(bookingId)}/invoices`);

/** Asks for the booking's invoice: `{}` the simplified one, with `customer` a full one (the existing one if issued). */
export const requestInvoice = (bookingId: string, body: TPublicInvoiceIssueRequest) =>
  request<TInvoiceResponse>('POST', `/bookings/${enc(bookingId)}/invoices`, body);

/** An invoice's PDF: a plain link (the booking's id is the customer's key, as for the booking itself). */
export const invoicePdfUrl = (bookingId: string, invoiceId: string) =>
  `${BASE}/bookings/${enc(bookingId)}/invoices/${enc(invoiceId)}/pdf`;

export const updateBooking = (id: string, body: TPublicBookingUpdateRequest) =>
  request<TPublicBooking>('PUT', `/bookings/${enc(id)}`, body);

export const cancelBooking = (id: string, reason: string) =>
  request<TPublicBooking>('POST', `/bookings/${enc(id)}/cancel`, { reason });

/** Starts paying what the booking owes now (ADR 022): the server computes the amount, never the page. */
export const startPayment = (id: string, payMethod: TPayMethod) =>
  request<TPaymentStart>('POST', `/bookings/${enc(id)}/payments`, { pay_method: payMethod });

/**
 * The product the server embedded in the page (`<script type="application/json"
 * id="trayecto-data">`: the landing's bare product, the booking page's `{ product }`), so the first
 * paint needs no request. Only used when it is that product, written in the page's language (a
 * language chosen earlier in the visit may not be the one the server picked from the browser's:
 * the page then asks for it in its own).
 */
export function embeddedProduct(id: string): TPublicProduct | null {
  const raw = embeddedData() as Record<string, unknown> | null;
  if (!raw) return null;
  const product = (typeof raw.product === 'object' ? raw.product : raw) as TPublicProduct | null;
  if (!product || product.id !== id || typeof product.name !== 'string' || !product.tour_operator) return null;
  return !product.locale || product.locale === getLocale() ? product : null;
}

/** The booking the server embedded in its voucher or existing-booking page (same rules as embeddedProduct). */
export function embeddedBooking(id: string): TPublicBooking | null {
  const booking = (embeddedData() as TPublicPageData | null)?.booking;
  if (!booking || booking.id !== id || !booking.tour_operator) return null;
  return !booking.locale || booking.locale === getLocale() ? booking : null;
}

/** The departures of `month` the server embedded for the booking page's calendar, if any. */
export function embeddedAvailability(productId: string, month: string): TPublicAvailabilitySlot[] | null {
  const months = (embeddedData() as TPublicPageData | null)?.availability;
  if (!Array.isArray(months)) return null;
  return months.find((m) => m.product_id === productId && m.month === month)?.slots ?? null;
}

/**
 * The operator's "today" (YYYY-MM-DD) the server embedded with `productId`'s booking page, on the
 * page it answered only (one reached later in the visit computes its own): the form opens its
 * calendar and prices on the server's day, so it needs no time-zone data while it loads.
 */
export function embeddedToday(productId: string): string | null {
  const data = embeddedData() as TPublicPageData | null;
  const today = data?.today;
  if (typeof today !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(today)) return null;
  return data?.product?.id === productId && onLoadedPage() ? today : null;
}

/**
 * The operator the server embedded in the accessibility statement (the one whose page the visitor
 * came from, `?desde=`): only on the statement the server answered, not on one reached later.
 */
export function embeddedOperator(): TPublicOperator | null {
  const operator = (embeddedData() as TPublicPageData | null)?.operator;
  return operator && typeof operator.name === 'string' && onLoadedPage() ? operator : null;
}
