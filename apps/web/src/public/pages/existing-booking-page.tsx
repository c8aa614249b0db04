import type { TPublicBooking } from '@trayecto/shared';
import { useEffect, useRef, useState } from 'react';
import { PaymentBadge, StateBadge } from '../components/booking-bits';
import { IconTicket } from '../components/icons';
import { PayPanel } from '../components/pay-panel';
import { Shell } from '../components/shell';
import { ErrorPage, LoadingPage, NotFoundPage } from '../components/states';
import { BookingFacts } from '../existing-booking/booking-facts';
import { CancelDialog } from '../existing-booking/cancel-dialog';
import { CustomerForm } from '../existing-booking/customer-form';
import { InvoicePanel } from '../existing-booking/invoice-panel';
import { PaymentReturnBanner, usePaymentReturn } from '../existing-booking/payment-return';
import { useExistingBooking } from '../existing-booking/use-existing-booking';
import { t } from '../i18n';
import { embeddedBooking, getBooking } from '../lib/api';
import { contentLang } from '../lib/content';
import { formatInstant } from '../lib/format';
import { canPayNow } from '../lib/payments';
import { useResource } from '../lib/resource';
import { usePageTitle } from '../lib/title';
import { usePayment } from '../lib/use-payment';
import '../existing-booking/existing-booking.css';

const ROUTE = 'public-booking-existing';

/**
 * The customer's booking (`/public/booking/:bookingId`, the link staff send): what was booked, the
 * customer's data to complete or confirm, and cancelling it while free (existing-booking/).
 */
export function ExistingBookingPage({ bookingId }: { bookingId: string }) {
  // Rendered on the server with its booking embedded (issue 31): no request to take it over.
  const booking = useResource(`booking:${bookingId}`, () => getBooking(bookingId), {
    initial: embeddedBooking(bookingId),
  });
  const b = booking.data;
  usePageTitle(b ? t().existing.title(b.locator, b.tour_operator.name) : null);
  if (booking.error?.isNotFound) return <NotFoundPage routeName={ROUTE} what={t().existing.notFound} />;
  if (!b && booking.error) return <ErrorPage routeName={ROUTE} error={booking.error} onRetry={booking.reload} />;
  if (!b) return <LoadingPage routeName={ROUTE} variant="form" />;
  return <ExistingBooking booking={b} onChange={booking.set} reload={booking.reload} />;
}

function ExistingBooking({
  booking: b,
  onChange,
  reload,
}: {
  booking: TPublicBooking;
  onChange: (b: TPublicBooking) => void;
  reload: () => void;
}) {
  const f = useExistingBooking(b, onChange);
  // Paying online (ADR 022): where payment links land and where the bank sends the customer back.
  const back = usePaymentReturn(b);
  const [holdExpired, setHoldExpired] = useState(false);
  const payment = usePayment(b, {
    onFailure(failure) {
      if (failure !== 'hold-expired') return;
      setHoldExpired(true);
      reload();
    },
  });
  const payable = canPayNow(b) && back.status !== 'paid' && back.status !== 'checking' && back.status !== 'slow';
  const tx = t().existing;
  const { notice } = f;
  const op = b.tour_operator;
  const noticeRef = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  return (
    <Shell routeName={ROUTE} operator={op} className="bk-page">
      <div className="pub-container bx">
        <header className="bx-head">
          <p className="lp-kicker">{tx.kicker(op.name)}</p>
          <h1 lang={contentLang(b.product.content_locales, 'name')}>{b.product.name}</h1>
          <p className="bx-badges">
            <span className="bx-locator">
              <IconTicket size={18} /> <span className="pub-sr-only">{tx.locator}: </span>
              <span data-testid="locator">{b.locator}</span>
            </span>
            <StateBadge state={b.state} />
            <PaymentBadge state={b.payment_state} />
          </p>
        </header>

        {notice && (
          <div
            className={`pub-alert ${notice.kind === 'success' ? 'pub-alert-success' : 'pub-alert-error'}`}
            role={notice.kind === 'success' ? 'status' : 'alert'}
            tabIndex={-1}
            ref={noticeRef}
          >
            <p className="pub-alert-title">{notice.title}</p>
            {notice.text && <p>{notice.text}</p>}
          </div>
        )}
        <PaymentReturnBanner booking={b} status={back.status} onChange={onChange} onSlow={back.setSlow} />
        {holdExpired && (
          <div className="pub-alert pub-alert-error" role="alert" data-testid="hold-expired">
            <p className="pub-alert-title">{t().common.pay.errors.holdExpiredTitle}</p>
            <p>{t().common.pay.errors.holdExpiredHere}</p>
          </div>
        )}
        {b.state === 'cancelled' && (
          <div className="pub-alert pub-alert-error" data-testid="cancelled-banner">
            <p className="pub-alert-title">{tx.cancelledTitle}</p>
            {b.cancelled_at && <p>{tx.cancelledOn(formatInstant(b.cancelled_at, op.timezone))}</p>}
          </div>
        )}
        {/* Not while it waits for its online payment, nor over the bank's answer: that is the step. */}
        {b.can_confirm && !b.hold_expires_at && !back.status && (
          <div className="pub-alert pub-alert-info">
            <p className="pub-alert-title">{tx.preparedTitle(op.name)}</p>
            <p>{tx.preparedText(t().common.labels.confirmBooking)}</p>
          </div>
        )}
        {b.customer_confirmed_at && b.state !== 'cancelled' && !notice && (
          <div className="pub-alert pub-alert-success" data-testid="confirmed-by-you">
            <p className="pub-alert-title">{tx.confirmedByYouTitle}</p>
            <p>{tx.confirmedByYouOn(formatInstant(b.customer_confirmed_at, op.timezone))}</p>
          </div>
        )}

        <div className="bx-layout">
          {payable ? (
            // What is due and "Pagar" first: on a phone above the booking, on a desktop atop its column.
            <div className="bx-side">
              <PayPanel booking={b} payment={payment} retry={back.status === 'failed'} />
              <BookingFacts booking={f} onCancel={() => dialog.current?.showModal()} />
            </div>
          ) : (
            <div className="bx-side">
              <BookingFacts booking={f} onCancel={() => dialog.current?.showModal()} />
              <InvoicePanel booking={b} />
            </div>
          )}
          {f.editable && <CustomerForm booking={f} />}
        </div>
      </div>

      <CancelDialog booking={f} dialogRef={dialog} />
    </Shell>
  );
}
