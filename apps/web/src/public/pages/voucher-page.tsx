import type { TPublicBooking } from '@trayecto/shared';
import { pathTo } from '@trayecto/shared/paths';
import { useEffect, useMemo, useRef, useState } from 'react';
import { renderSVG } from 'uqr';
import { BookingAmounts, paxTypeName, pickupSummary, StateBadge } from '../components/booking-bits';
import { BookingThanks } from '../components/booking-thanks';
import { IconPrinter } from '../components/icons';
import { OperatorContact, OperatorMark, Shell, websiteLabel } from '../components/shell';
import { ErrorPage, LoadingPage, NotFoundPage } from '../components/states';
import { getBooking } from '../lib/api';
import { formatDateLong, formatDuration, formatInstant } from '../lib/format';
import { isJustBooked, onLinkClick } from '../lib/navigation';
import { useResource } from '../lib/resource';
import { usePageTitle } from '../lib/title';
import './voucher.css';

const ROUTE = 'public-booking-voucher';

/** The QR code's content: the voucher's absolute URL (guides scan it at check-in). */
export function voucherAbsoluteUrl(voucherUrl: string, origin = window.location.origin): string {
  return /^https?:\/\//i.test(voucherUrl)
    ? voucherUrl
    : `${origin}${voucherUrl.startsWith('/') ? '' : '/'}${voucherUrl}`;
}

export function VoucherPage({ bookingId }: { bookingId: string }) {
  const booking = useResource(`booking:${bookingId}`, () => getBooking(bookingId));
  const b = booking.data;
  usePageTitle(b ? `Bono ${b.locator} · ${b.tour_operator.name}` : null);
  if (booking.error?.isNotFound)
    return (
      <NotFoundPage
        routeName={ROUTE}
        what="No encontramos este bono. Revisa el enlace que te han enviado o ponte en contacto con tu tour operador."
      />
    );
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
  const card = useRef<HTMLElement>(null);
  usePrintOnOnePage(card);
  const qr = useMemo(
    () => renderSVG(voucherAbsoluteUrl(b.voucher_url), { border: 2, ecc: 'M', blackColor: '#111827' }),
    [b.voucher_url],
  );
  const pickup = pickupSummary(b);
  const cancelled = b.state === 'cancelled';
  // Right after booking on the public form (the history entry says so): thanks and what comes next.
  const [justBooked] = useState(isJustBooked);
  return (
    <Shell routeName={ROUTE} operator={op} className="vc-page">
      <div className="vc-wrap">
        {justBooked && !cancelled && <BookingThanks booking={b} />}
        <div className="vc-toolbar">
          <button type="button" className="pub-btn pub-btn-primary" onClick={() => window.print()}>
            <IconPrinter size={20} /> Imprimir
          </button>
          <a
            className="pub-btn pub-btn-secondary"
            href={pathTo('publicBookingExisting', { bookingId: b.id })}
            onClick={onLinkClick}
          >
            Ver mi reserva
          </a>
          <a
            className="pub-btn pub-btn-ghost"
            href={pathTo('publicLanding', { productId: b.product.id })}
            onClick={onLinkClick}
          >
            Ver la excursión
          </a>
        </div>

        <article ref={card} className={`vc ${cancelled ? 'is-cancelled' : ''}`} aria-labelledby="vc-title">
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
            <p className="vc-kind">Bono de reserva</p>
          </header>

          {cancelled && (
            <p className="vc-cancelled" role="status">
              Reserva cancelada{b.cancelled_at ? ` el ${formatInstant(b.cancelled_at, op.timezone)}` : ''}: este bono ya
              no es válido.
            </p>
          )}
          {b.state === 'pending' && (
            <p className="vc-pending" role="status">
              Pendiente de confirmación: {op.name} te confirmará la reserva.
            </p>
          )}

          <div className="vc-main">
            <div className="vc-id">
              <p className="vc-label">Localizador</p>
              <p className="vc-locator" data-testid="locator">
                {b.locator}
              </p>
              <p>
                <StateBadge state={b.state} />
              </p>
              <h1 id="vc-title" className="vc-product">
                {b.product.name}
              </h1>
              <dl className="vc-when">
                <div>
                  <dt>Fecha</dt>
                  <dd data-testid="voucher-date">{formatDateLong(b.date)}</dd>
                </div>
                <div>
                  <dt>Hora de salida</dt>
                  <dd>{b.time}</dd>
                </div>
                {b.product.duration_minutes > 0 && (
                  <div>
                    <dt>Duración</dt>
                    <dd>{formatDuration(b.product.duration_minutes)}</dd>
                  </div>
                )}
              </dl>
            </div>
            <figure className="vc-qr">
              <div
                className="vc-qr-code"
                data-testid="voucher-qr"
                role="img"
                aria-label={`Código QR del bono ${b.locator}`}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG that uqr generated here from our own URL
                dangerouslySetInnerHTML={{ __html: qr }}
              />
              <figcaption>Muestra este código al guía o al conductor</figcaption>
            </figure>
          </div>

          <div className="vc-grid">
            <section className="vc-box vc-pickup" aria-labelledby="vc-pickup">
              <h2 id="vc-pickup">{pickup && !pickup.isMeetingPoint ? 'Recogida' : 'Punto de encuentro'}</h2>
              {pickup ? (
                <>
                  {pickup.time && (
                    <p className="vc-big" data-testid="pickup-time">
                      {pickup.time}
                    </p>
                  )}
                  <p className="vc-strong">{pickup.place}</p>
                  {!pickup.isMeetingPoint && b.room && <p>Habitación {b.room}</p>}
                  {!pickup.isMeetingPoint && (b.pickup_at?.address || b.accommodation?.address) && (
                    <p className="vc-muted">{b.pickup_at?.address || b.accommodation?.address}</p>
                  )}
                  {!pickup.isMeetingPoint && (
                    <p className="vc-muted">Estate en el punto de recogida 5 minutos antes de la hora.</p>
                  )}
                  {pickup.isMeetingPoint && <p className="vc-muted">Preséntate 15 minutos antes de la salida.</p>}
                </>
              ) : (
                <p>Consulta el punto de encuentro con {op.name}.</p>
              )}
              {!pickup?.isMeetingPoint && b.product.meeting_point && (
                <p className="vc-muted">Punto de encuentro de la excursión: {b.product.meeting_point}</p>
              )}
            </section>

            <section className="vc-box" aria-labelledby="vc-holder">
              <h2 id="vc-holder">Titular</h2>
              <p className="vc-strong">{b.customer_name || '—'}</p>
              {b.customer_phone && <p>{b.customer_phone}</p>}
              {b.customer_email && <p>{b.customer_email}</p>}
              {b.passengers.length > 0 && (
                <>
                  <h3>Pasajeros</h3>
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
              <h2 id="vc-amounts">Importe</h2>
              <BookingAmounts booking={b} compact />
            </section>
          </div>

          {b.notes && (
            <section className="vc-notes" aria-labelledby="vc-notes">
              <h2 id="vc-notes">Comentarios</h2>
              <p className="pub-prewrap">{b.notes}</p>
            </section>
          )}

          <footer className="vc-foot">
            <div>
              <h2>Contacto</h2>
              <p className="vc-strong">{op.name}</p>
              {op.address && <p className="vc-muted">{op.address}</p>}
              <OperatorContact operator={op} compact />
            </div>
            <div className="vc-terms">
              <h2>Condiciones</h2>
              {b.free_cancellation_until && b.state !== 'cancelled' && (
                <p>
                  <strong>
                    Cancelación gratuita hasta el {formatInstant(b.free_cancellation_until, op.timezone)}.
                  </strong>
                </p>
              )}
              {b.booking_terms && (
                <p className="pub-prewrap" data-testid="booking-terms">
                  {b.booking_terms}
                </p>
              )}
            </div>
          </footer>
        </article>
      </div>
    </Shell>
  );
}
