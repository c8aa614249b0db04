import type { TPublicBooking } from '@trayecto/shared';
import { pathTo } from '@trayecto/shared/paths';
import { AnswersList } from '../components/answers-list';
import { BookingAmounts, pickupSummary } from '../components/booking-bits';
import { IconCalendar, IconClock, IconMapPin, IconShield, IconTicket } from '../components/icons';
import { t } from '../i18n';
import { formatDateLong, formatDuration, formatInstant, freeCancellationText } from '../lib/format';
import { Later } from '../lib/hydration';
import { onLinkClick, publicHref } from '../lib/navigation';
import type { TExistingBooking } from './use-existing-booking';

/**
 * What was booked: date, time, pickup, amounts, the answers once it can no longer change, until when it can be cancelled for free, and the
 * way to the voucher and to cancelling.
 */
export function BookingFacts({ booking: f, onCancel }: { booking: TExistingBooking; onCancel: () => void }) {
  return (
    // Taken over at the first input (its links and «Cancelar reserva»), or when the booking changes
    // (lib/hydration.tsx): a visitor who only reads never pays for its dates and amounts.
    <Later
      as="section"
      className="bx-summary"
      aria-labelledby="bx-summary-title"
      firstInput
      watch={[f.booking, f.editable]}
    >
      <Facts booking={f} onCancel={onCancel} />
    </Later>
  );
}

/**
 * `sizes` of the booking's photo: the summary's width less its padding and border, in the page's
 * container (existing-booking.css: 16 px + 16 px + 1 px a side on a phone; a 380 px column with
 * 24 px of padding from 960 px).
 */
export const PHOTO_SIZES = '(min-width: 960px) 330px, calc(100vw - 66px)';

/**
 * The page's largest paint (Lighthouse; issue 35, goal 6): the 400 px thumbnail where it is sharp
 * enough (a 1× screen: desktops, small tablets) and the large version where it is not (a phone at
 * 1.75× or more needs ~600 device pixels: Chromium then takes the large one, so phones gain no bytes
 * until a middle version exists), its size known before it loads, fetched first: `data-preload` has
 * the server preload it from the page's head, before the scripts, with these same `srcset` and
 * `sizes` (apps/api public.ssr.ts).
 */
export function BookingPhoto({ image }: { image: NonNullable<TPublicBooking['product']['image']> }) {
  const thumbWidth = Math.min(400, image.width);
  return (
    <img
      className="bx-img"
      src={image.url}
      srcSet={`${image.thumb_url} ${thumbWidth}w, ${image.url} ${image.width}w`}
      sizes={PHOTO_SIZES}
      width={image.width}
      height={image.height}
      alt={image.alt || ''}
      decoding="sync"
      fetchPriority="high"
      data-preload=""
    />
  );
}

function Facts({ booking: f, onCancel }: { booking: TExistingBooking; onCancel: () => void }) {
  const b = f.booking;
  const op = b.tour_operator;
  const tx = t().existing;
  const labels = t().common.labels;
  const pickup = pickupSummary(b);
  const cancelUntil = b.free_cancellation_until ? formatInstant(b.free_cancellation_until, op.timezone) : null;
  return (
    <>
      <h2 id="bx-summary-title" className="pub-sr-only">
        {tx.summary}
      </h2>
      {b.product.image && <BookingPhoto image={b.product.image} />}
      <dl className="bx-facts">
        <div>
          <dt>
            <IconCalendar size={18} /> {labels.date}
          </dt>
          <dd>{formatDateLong(b.date)}</dd>
        </div>
        <div>
          <dt>
            <IconClock size={18} /> {labels.time}
          </dt>
          <dd>
            {b.time}
            {b.product.duration_minutes > 0 && (
              <span className="bx-muted"> · {formatDuration(b.product.duration_minutes)}</span>
            )}
          </dd>
        </div>
        {pickup && (
          <div>
            <dt>
              <IconMapPin size={18} /> {pickup.isMeetingPoint ? labels.meetingPoint : labels.pickup}
            </dt>
            <dd>
              {pickup.time && <strong>{pickup.time} · </strong>}
              <span lang={pickup.lang}>{pickup.place}</span>
              {!pickup.isMeetingPoint && b.room && <span className="bx-muted"> · {tx.roomShort(b.room)}</span>}
            </dd>
          </div>
        )}
      </dl>
      <BookingAmounts booking={b} />
      {/* While it can change, the answers are in the form beside; after, they read here. */}
      {!f.editable && b.answers.length > 0 && (
        <section className="bx-answers" aria-labelledby="bx-answers-title">
          <h3 id="bx-answers-title">{t().common.questions.answers}</h3>
          <AnswersList booking={b} />
        </section>
      )}
      <div className="bx-cancel-info">
        <IconShield size={18} />
        <p>
          {b.can_cancel && cancelUntil
            ? tx.freeCancellationUntil(cancelUntil)
            : b.state === 'cancelled'
              ? tx.isCancelled
              : cancelUntil
                ? tx.freeCancellationEnded(cancelUntil, op.name)
                : freeCancellationText(b.product.free_cancellation_hours)}
        </p>
      </div>
      <div className="bx-actions">
        <a
          className="pub-btn pub-btn-secondary pub-btn-block"
          href={publicHref(pathTo('publicBookingVoucher', { bookingId: b.id }))}
          onClick={onLinkClick}
        >
          <IconTicket size={20} /> {tx.viewVoucher}
        </a>
        {b.can_cancel && (
          <button type="button" className="pub-btn pub-btn-danger pub-btn-block" onClick={onCancel}>
            {tx.cancelBooking}
          </button>
        )}
      </div>
    </>
  );
}
