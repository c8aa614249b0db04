import type { TPublicBooking } from '@trayecto/shared';
import { useEffect, useRef } from 'react';
import { PaymentBadge, StateBadge } from '../components/booking-bits';
import { IconTicket } from '../components/icons';
import { Shell } from '../components/shell';
import { ErrorPage, LoadingPage, NotFoundPage } from '../components/states';
import { BookingFacts } from '../existing-booking/booking-facts';
import { CancelDialog } from '../existing-booking/cancel-dialog';
import { CustomerForm } from '../existing-booking/customer-form';
import { useExistingBooking } from '../existing-booking/use-existing-booking';
import { t } from '../i18n';
import { getBooking } from '../lib/api';
import { contentLang } from '../lib/content';
import { formatInstant } from '../lib/format';
import { useResource } from '../lib/resource';
import { usePageTitle } from '../lib/title';
import '../existing-booking/existing-booking.css';

const ROUTE = 'public-booking-existing';

/**
 * The customer's booking (`/public/booking/:bookingId`, the link staff send): what was booked, the
 * customer's data to complete or confirm, and cancelling it while free (existing-booking/).
 */
export function ExistingBookingPage({ bookingId }: { bookingId: string }) {
  const booking = useResource(`booking:${bookingId}`, () => getBooking(bookingId));
  const b = booking.data;
  usePageTitle(b ? t().existing.title(b.locator, b.tour_operator.name) : null);
  if (booking.error?.isNotFound) return <NotFoundPage routeName={ROUTE} what={t().existing.notFound} />;
  if (!b && booking.error) return <ErrorPage routeName={ROUTE} error={booking.error} onRetry={booking.reload} />;
  if (!b) return <LoadingPage routeName={ROUTE} variant="form" />;
  return <ExistingBooking booking={b} onChange={booking.set} />;
}

function ExistingBooking({ booking: b, onChange }: { booking: TPublicBooking; onChange: (b: TPublicBooking) => void }) {
  const f = useExistingBooking(b, onChange);
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
        {b.state === 'cancelled' && (
          <div className="pub-alert pub-alert-error" data-testid="cancelled-banner">
            <p className="pub-alert-title">{tx.cancelledTitle}</p>
            {b.cancelled_at && <p>{tx.cancelledOn(formatInstant(b.cancelled_at, op.timezone))}</p>}
          </div>
        )}
        {b.can_confirm && (
          <div className="pub-alert pub-alert-info">
            <p className="pub-alert-title">{tx.preparedTitle(op.name)}</p>
            <p>{tx.preparedText(t().common.labels.confirmBooking)}</p>
          </div>
        )}
        {b.customer_confirmed_at && b.state !== 'cancelled' && !notice && (
          <div className="pub-alert pub-alert-success">
            <p className="pub-alert-title">{tx.confirmedByYouTitle}</p>
            <p>{tx.confirmedByYouOn(formatInstant(b.customer_confirmed_at, op.timezone))}</p>
          </div>
        )}

        <div className="bx-layout">
          <BookingFacts booking={f} onCancel={() => dialog.current?.showModal()} />
          {f.editable && <CustomerForm booking={f} />}
        </div>
      </div>

      <CancelDialog booking={f} dialogRef={dialog} />
    </Shell>
  );
}
