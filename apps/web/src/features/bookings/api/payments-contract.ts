/** The online payments' wire shapes on a booking (ADR 022): the shared contract's, under this feature's names. */
import type { TBookingPaymentLink, TBookingResponse, TPaymentResponse } from '@trayecto/shared';

export type TPaymentProvider = NonNullable<TPaymentResponse['provider']>;
export type TLinkChannel = TBookingPaymentLink['channel'];
export type { TBookingPaymentLink };

/** The staff booking answer, with its online payments (hold, due now, mode, links). */
export type TOnlineBooking = TBookingResponse;
/** A payment answer, with its provider, reason and whether the crew collected it. */
export type TOnlinePayment = TPaymentResponse;

export type {
  TPaymentLinkCreateRequest,
  TPaymentLinkResponse,
  TRefundCreateRequest,
  TRefundResponse,
} from '@trayecto/shared';
