import type { TPublicBooking } from '@trayecto/shared';
import { pathTo } from '@trayecto/shared/paths';
import { useEffect, useMemo, useRef, useState } from 'react';
import { renderSVG } from 'uqr';
import { AnswersList } from '../components/answers-list';
import { BookingAmounts, paxTypeName, pickupSummary, StateBadge } from '../components/booking-bits';
import { BookingThanks } from '../components/booking-thanks';
import { IconPrinter } from '../components/icons';
import { OperatorContact, OperatorMark, Shell, websiteLabel } from '../components/shell';
import { ErrorPage, LoadingPage, NotFoundPage } from '../components/states';
import { t } from '../i18n';
import { embeddedBooking, getBooking } from '../lib/api';
import { contentLang } from '../lib/content';
import { formatDateLong, formatDuration, formatInstant } from '../lib/format';
import { Static } from '../lib/hydration';
import { isJustBooked, onLinkClick, publicHref } from '../lib/navigation';
import { currentOrigin } from '../lib/render-context';
import { useResource } from '../lib/resource';
import { usePageTitle } from '../lib/title';
import './voucher.css';

const ROUTE = 'public-booking-voucher';

/** The QR code's content: the voucher's absolute URL (guides scan it at check-in). */
export function voucherAbsoluteUrl(voucherUrl: string, origin = currentOrigin()): string {
  return /^https?:\/\//i.test(voucherUrl)
    ? voucherUrl
    : `${origin}${voucherUrl.startsWith('/') ? '' : '/'}${voucherUrl}`;
}

export function VoucherPage({ bookingId }: { bookingId: string }) {
  const booking = useResource(`booking:${bookingId}`, () => getBooking(bookingId), {
    initial: embeddedBooking(bookingId),
  });
  const b = booking.data;
  usePageTitle(b ? t().voucher.title(b.locator, b.tour_operator.name) : null);
  if (booking.error?.isNotFound) return <NotFoundPage routeName={ROUTE} what={t().voucher.notFound} />;
  if (!b && booking.error) return <ErrorPage routeName={ROUTE} error={booking.error} onRetry={booking.reload} />;
  if (!b) return <LoadingPage routeName={ROUTE} variant="voucher" />;
  return <Voucher booking={b} />;
}

/** The printable height of an A4 page with 12 mm margins, in CSS pixels (96 per inch). */
const A4_PRINTABLE_PX = ((297 - 2 * 12) * 96) / 25.4;

/**
 * Before printing (the browser's print, window.print() or a PDF export), switch to the paper
 * layout and zoom the voucher out if it is still taller than one A4 page (long terms, many
 * passengers), so it always prints on a single sheet.
 */
export function usePrintOnOnePage(voucher: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = document.documentElement;
    const before = () => {
      root.classList.add('vc-paper');
      const el = voucher.current;
      if (!el) return;
      el.style.zoom = '';
      const height = el.getBoundingClientRect().height;
      if (height > A4_PRINTABLE_PX - 4)
        el.style.zoom = String(Math.floor(((A4_PRINTABLE_PX - 4) / height) * 1000) / 1000);
    };
    const after = () => {
      root.classList.remove('vc-paper');
      if (voucher.current) voucher.current.style.zoom = '';
    };
    const printMedia = window.matchMedia?.('print');
    const onMedia = (e: MediaQueryListEvent) => !e.matches && after();
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    printMedia?.addEventListener?.('change', onMedia);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      printMedia?.removeEventListener?.('change', onMedia);
      after();
    };
  }, [voucher]);
}

function Voucher({ booking: b }: { booking: TPublicBooking }) {
  const op = b.tour_operator;
  const tx = t().voucher;
  const card = useRef<HTMLElement>(null);
  usePrintOnOnePage(card);
  const cancelled = b.state === 'cancelled';
  // Right after booking on the public form (the history entry says so): thanks and what comes next.
  const [justBooked] = useState(isJustBooked);
  return (
    <Shell routeName={ROUTE} operator={op} className="vc-page">
      <div className="vc-wrap">
        {justBooked && !cancelled && <BookingThanks booking={b} />}
        <div className="vc-toolbar">
          <button type="button" className="pub-btn pub-btn-primary" onClick={() => window.print()}>
            <IconPrinter size={20} /> {tx.print}
          </button>
          <a
            className="pub-btn pub-btn-secondary"
            href={publicHref(pathTo('publicBookingExisting', { bookingId: b.id }))}
            onClick={onLinkClick}
          >
            {tx.viewBooking}
          </a>
          <a
            className="pub-btn pub-btn-ghost"
            href={publicHref(pathTo('publicLanding', { productId: b.product.id }))}
            onClick={onLinkClick}
          >
            {tx.viewTour}
          </a>
        </div>

        {/* The voucher itself never changes while it is shown: the server's is kept (lib/hydration.tsx). */}
        <Static as="article" ref={card} className={`vc ${cancelled ? 'is-cancelled' : ''}`} aria-labelledby="vc-title">
          <VoucherCard booking={b} />
        </Static>
      </div>
    </Shell>
  );
}

/** The voucher's card: the operator, the booking, its QR code, pickup, people, amounts and terms. */
function VoucherCard({ booking: b }: { booking: TPublicBooking }) {
  const op = b.tour_operator;
  const tx = t().voucher;
  const labels = t().common.labels;
  const lang = (field: string) => contentLang(b.product.content_locales, field);
  const qr = useMemo(
    () => renderSVG(voucherAbsoluteUrl(b.voucher_url), { border: 2, ecc: 'M', blackColor: '#111827' }),
    [b.voucher_url],
  );
  const pickup = pickupSummary(b);
  const cancelled = b.state === 'cancelled';
  return (
    <>
      <header className="vc-head">
        <div className="vc-op">
          <OperatorMark operator={op} size={44} />
          <div>
            <p className="vc-op-name">{op.name}</p>
            <p className="vc-op-line">
              {[op.phone, op.email, op.website && websiteLabel(op.website)].filter(Boolean).join(' · ')}
            </p>
          </div>
        </div>
        <p className="vc-kind">{tx.kind}</p>
      </header>

      {cancelled && (
        <p className="vc-cancelled" role="status">
          {b.cancelled_at ? tx.cancelledOn(formatInstant(b.cancelled_at, op.timezone)) : tx.cancelled}
        </p>
      )}
      {b.state === 'pending' && (
        <p className="vc-pending" role="status">
          {tx.pending(op.name)}
        </p>
      )}

      <div className="vc-main">
        <div className="vc-id">
          <p className="vc-label">{tx.locator}</p>
          <p className="vc-locator" data-testid="locator">
            {b.locator}
          </p>
          <p>
            <StateBadge state={b.state} />
          </p>
          <h1 id="vc-title" className="vc-product" lang={lang('name')}>
            {b.product.name}
          </h1>
          <dl className="vc-when">
            <div>
              <dt>{labels.date}</dt>
              <dd data-testid="voucher-date">{formatDateLong(b.date)}</dd>
            </div>
            <div>
              <dt>{tx.departure}</dt>
              <dd>{b.time}</dd>
            </div>
            {b.product.duration_minutes > 0 && (
              <div>
                <dt>{labels.duration}</dt>
                <dd>{formatDuration(b.product.duration_minutes)}</dd>
              </div>
            )}
            <div>
              <dt>{labels.people}</dt>
              <dd data-testid="voucher-pax">
                {b.lines.map((l) => `${l.quantity} × ${paxTypeName(l.pax_type)}`).join(' · ')}
              </dd>
            </div>
          </dl>
        </div>
        <figure className="vc-qr">
          <div
            className="vc-qr-code"
            data-testid="voucher-qr"
            role="img"
            aria-label={tx.qrLabel(b.locator)}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG that uqr generated here from our own URL
            dangerouslySetInnerHTML={{ __html: qr }}
          />
          <figcaption>{tx.qrCaption}</figcaption>
        </figure>
      </div>

      <div className="vc-grid">
        <section className="vc-box vc-pickup" aria-labelledby="vc-pickup">
          <h2 id="vc-pickup">{pickup && !pickup.isMeetingPoint ? labels.pickup : labels.meetingPoint}</h2>
          {pickup ? (
            <>
              {pickup.time && (
                <p className="vc-big" data-testid="pickup-time">
                  {pickup.time}
                </p>
              )}
              <p className="vc-strong" lang={pickup.lang}>
                {pickup.place}
              </p>
              {!pickup.isMeetingPoint && b.room && <p>{tx.room(b.room)}</p>}
              {!pickup.isMeetingPoint && (b.pickup_at?.address || b.accommodation?.address) && (
                <p className="vc-muted">{b.pickup_at?.address || b.accommodation?.address}</p>
              )}
              {!pickup.isMeetingPoint && <p className="vc-muted">{tx.beAtPickup}</p>}
              {pickup.isMeetingPoint && <p className="vc-muted">{tx.beAtMeetingPoint}</p>}
            </>
          ) : (
            <p>{tx.askMeetingPoint(op.name)}</p>
          )}
          {!pickup?.isMeetingPoint && b.product.meeting_point && (
            <p className="vc-muted">
              {tx.tourMeetingPoint} <span lang={lang('meeting_point')}>{b.product.meeting_point}</span>
            </p>
          )}
          {b.product.pickup_notes && (
            <>
              <h3>{tx.pickupNotes}</h3>
              <p className="pub-prewrap vc-muted" data-testid="pickup-notes" lang={lang('pickup_notes')}>
                {b.product.pickup_notes}
              </p>
            </>
          )}
        </section>

        <section className="vc-box" aria-labelledby="vc-holder">
          <h2 id="vc-holder">{tx.holder}</h2>
          <p className="vc-strong">{b.customer_name || '—'}</p>
          {b.customer_phone && <p>{b.customer_phone}</p>}
          {b.customer_email && <p>{b.customer_email}</p>}
          {b.passengers.length > 0 && (
            <>
              <h3>{tx.passengers}</h3>
              <ol className="vc-passengers">
                {b.passengers.map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: names may repeat; order is stable
                  <li key={i}>
                    {p.full_name} <span className="vc-muted">({paxTypeName(p.pax_type)})</span>
                  </li>
                ))}
              </ol>
            </>
          )}
        </section>

        <section className="vc-box vc-amounts" aria-labelledby="vc-amounts">
          <h2 id="vc-amounts">{tx.amount}</h2>
          <BookingAmounts booking={b} compact />
        </section>
      </div>

      {b.answers.length > 0 && (
        <section className="vc-notes vc-answers" aria-labelledby="vc-answers">
          <h2 id="vc-answers">{t().common.questions.answers}</h2>
          <AnswersList booking={b} />
        </section>
      )}

      {b.product.what_to_bring.length > 0 && (
        <section className="vc-notes vc-bring" aria-labelledby="vc-bring">
          <h2 id="vc-bring">{tx.whatToBring}</h2>
          <ul data-testid="what-to-bring" lang={lang('what_to_bring')}>
            {b.product.what_to_bring.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the operator's list, in its order
              <li key={i}>{item}</li>
            ))}
          </ul>
        </section>
      )}

      {b.notes && (
        <section className="vc-notes" aria-labelledby="vc-notes">
          <h2 id="vc-notes">{tx.notes}</h2>
          <p className="pub-prewrap">{b.notes}</p>
        </section>
      )}

      <footer className="vc-foot">
        <div>
          <h2>{tx.contact}</h2>
          <p className="vc-strong">{op.name}</p>
          {op.address && <p className="vc-muted">{op.address}</p>}
          <OperatorContact operator={op} compact />
        </div>
        <div className="vc-terms">
          <h2>{tx.terms}</h2>
          {b.free_cancellation_until && b.state !== 'cancelled' && (
            <p>
              <strong>{tx.freeCancellationUntil(formatInstant(b.free_cancellation_until, op.timezone))}</strong>
            </p>
          )}
          {b.booking_terms && (
            <p className="pub-prewrap" data-testid="booking-terms" lang={lang('booking_terms')}>
              {b.booking_terms}
            </p>
          )}
        </div>
      </footer>
    </>
  );
}
