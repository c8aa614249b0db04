import type { TPublicProduct } from '@trayecto/shared';
import { PAX_TYPES } from '@trayecto/shared/catalog';
import { pathTo } from '@trayecto/shared/paths';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  IconBackpack,
  IconBolt,
  IconBus,
  IconCheck,
  IconClock,
  IconLanguage,
  IconMapPin,
  IconShield,
  IconUsers,
  IconX,
} from '../components/icons';
import { MeetingMap } from '../components/meeting-map';
import { OperatorContact, OperatorMark, Shell } from '../components/shell';
import { ErrorPage, LoadingPage, NotFoundPage } from '../components/states';
import { t } from '../i18n';
import { embeddedProduct, getProduct } from '../lib/api';
import { contentLang } from '../lib/content';
import {
  cancellationPeriod,
  formatAges,
  formatCents,
  formatDuration,
  freeCancellationText,
  languagesText,
} from '../lib/format';
import { Later, Static } from '../lib/hydration';
import { paxTypeName } from '../lib/names';
import { onLinkClick, publicHref } from '../lib/navigation';
import { useResource } from '../lib/resource';
import { setMetaDescription, usePageTitle } from '../lib/title';
import { loadBookingPage } from '../page-loaders';
import './landing.css';

const ROUTE = 'public-landing';

/** The booking page is the next step: fetch its code as soon as the customer reaches for "Reservar". */
let prefetched = false;
function prefetchBookingPage() {
  if (prefetched) return;
  prefetched = true;
  void loadBookingPage().catch(() => {
    prefetched = false;
  });
}
const prefetchProps = {
  onPointerEnter: prefetchBookingPage,
  onTouchStart: prefetchBookingPage,
  onFocus: prefetchBookingPage,
};

/** Loads the product (embedded in the page by the server when possible) and renders the landing. */
export function LandingPage({ productId }: { productId: string }) {
  const product = useResource(`product:${productId}`, () => getProduct(productId), {
    initial: embeddedProduct(productId),
  });
  const p = product.data;
  usePageTitle(p ? `${p.name} · ${p.tour_operator.name}` : null);
  useEffect(() => {
    if (p) setMetaDescription(p.short_description || p.name);
  }, [p]);

  if (product.error?.isNotFound) return <NotFoundPage routeName={ROUTE} />;
  if (!p && product.error) return <ErrorPage routeName={ROUTE} error={product.error} onRetry={product.reload} />;
  if (!p) return <LoadingPage routeName={ROUTE} variant="landing" />;
  return <Landing product={p} />;
}

function Gallery({ product }: { product: TPublicProduct }) {
  const images = product.images;
  const text = t().landing;
  const nameLang = contentLang(product.content_locales, 'name');
  if (images.length === 0) {
    return (
      <div className="lp-hero-fallback" aria-hidden="true">
        <svg viewBox="0 0 1200 400" preserveAspectRatio="xMidYMax slice" role="presentation">
          <path
            d="M0 300 L180 170 L300 250 L470 90 L640 260 L760 180 L900 280 L1040 150 L1200 260 V400 H0Z"
            fill="rgb(255 255 255 / 16%)"
          />
          <path
            d="M0 340 L160 250 L330 320 L520 200 L700 330 L880 240 L1050 320 L1200 270 V400 H0Z"
            fill="rgb(255 255 255 / 24%)"
          />
          <circle cx="980" cy="90" r="42" fill="rgb(255 255 255 / 30%)" />
        </svg>
        <span className="lp-hero-fallback-mark">
          <OperatorMark operator={product.tour_operator} size={56} />
        </span>
      </div>
    );
  }
  return (
    <ScrollableGallery className={`lp-gallery lp-gallery-${Math.min(images.length, 5)}`}>
      {images.map((img, i) => {
        const thumbW = Math.min(400, img.width);
        return (
          <li key={img.url} className="lp-gallery-item">
            <img
              src={img.url}
              srcSet={`${img.thumb_url} ${thumbW}w, ${img.url} ${img.width}w`}
              sizes={i === 0 ? '(min-width: 960px) 720px, 100vw' : '(min-width: 960px) 300px, 90vw'}
              width={img.width}
              height={img.height}
              alt={img.alt || (i === 0 ? product.name : text.photoAlt(product.name, i + 1))}
              lang={img.alt ? undefined : nameLang}
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding={i === 0 ? 'sync' : 'async'}
              fetchPriority={i === 0 ? 'high' : 'low'}
            />
            {i === 0 && images.length > 1 && (
              <span className="lp-gallery-count" aria-hidden="true">
                {text.photoCount(images.length)}
              </span>
            )}
          </li>
        );
      })}
    </ScrollableGallery>
  );
}

/**
 * The photo strip: on a phone it scrolls sideways, and then it is a Tab stop so a keyboard can
 * scroll it with the arrows (WCAG 2.1.1, axe "scrollable-region-focusable"); on a wide screen,
 * where all photos show, it is not.
 */
function ScrollableGallery({ className, children }: { className: string; children: ReactNode }) {
  const ref = useRef<HTMLUListElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, []);
  return (
    <ul ref={ref} className={className} aria-label={t().landing.photos} tabIndex={scrolls ? 0 : undefined}>
      {children}
    </ul>
  );
}

/** "Desde 45,00 € por persona": kept as the server wrote it (no number format to load while taking over). */
function PriceFrom({ product }: { product: TPublicProduct }) {
  if (product.from_price_cents === null) return null;
  return (
    <Static as="p" className="lp-price">
      <PriceFromText product={product} />
    </Static>
  );
}

function PriceFromText({ product }: { product: TPublicProduct }) {
  const text = t().landing;
  return (
    <>
      <span className="lp-price-from">{text.priceFrom}</span>{' '}
      <strong data-testid="price-from">{formatCents(product.from_price_cents ?? 0, product.currency)}</strong>{' '}
      <span className="lp-price-per">{text.perPerson}</span>
    </>
  );
}

/** The tariffs and their ages, in the booking card (kept as the server wrote them). */
function Tariffs({ product, offered }: { product: TPublicProduct; offered: TPublicProduct['prices'] }) {
  return (
    <>
      {offered.map((pr) => (
        <li key={pr.pax_type}>
          <span>
            {paxTypeName(pr.pax_type)}
            <small>{formatAges(pr.min_age, pr.max_age)}</small>
          </span>
          <strong>
            {pr.amount_cents === 0 ? t().common.amounts.free : formatCents(pr.amount_cents, product.currency)}
          </strong>
        </li>
      ))}
    </>
  );
}

/** The phone's sticky bar's price. */
function StickyPrice({ product }: { product: TPublicProduct }) {
  if (product.from_price_cents === null) return null;
  return (
    <>
      <span>{t().landing.priceFrom}</span>
      <strong>{formatCents(product.from_price_cents, product.currency)}</strong>
    </>
  );
}

/** The tour's facts: duration, languages, pickup, cancellation, confirmation, group. */
function Facts({ product }: { product: TPublicProduct }) {
  const text = t().landing;
  return (
    <>
      {product.duration_minutes > 0 && (
        <li>
          <IconClock />
          <span>
            <strong>{text.factDuration}</strong> {formatDuration(product.duration_minutes)}
          </span>
        </li>
      )}
      {product.languages.length > 0 && (
        <li>
          <IconLanguage />
          <span>
            <strong>{text.factLanguages}</strong> {languagesText(product.languages)}
          </span>
        </li>
      )}
      {product.pickup_enabled && (
        <li>
          <IconBus />
          <span>
            <strong>{text.factPickupLabel}</strong> {text.factPickupText}
          </span>
        </li>
      )}
      {product.free_cancellation_hours > 0 && (
        <li>
          <IconShield />
          <span>
            <strong>{text.factCancellationLabel}</strong>{' '}
            {text.factCancellationText(cancellationPeriod(product.free_cancellation_hours))}
          </span>
        </li>
      )}
      {product.instant_confirmation && (
        <li>
          <IconBolt />
          <span>
            <strong>{text.factConfirmationLabel}</strong> {text.factConfirmationText}
          </span>
        </li>
      )}
      {product.min_pax > 1 && (
        <li>
          <IconUsers />
          <span>
            <strong>{text.factMinGroupLabel}</strong> {text.factMinGroupText(product.min_pax)}
          </span>
        </li>
      )}
    </>
  );
}

function Landing({ product }: { product: TPublicProduct }) {
  const op = product.tour_operator;
  const bookHref = publicHref(pathTo('publicBooking', { productId: product.id }));
  const offered = product.prices.filter((pr) => (PAX_TYPES as readonly string[]).includes(pr.pax_type));
  const text = t().landing;
  /** `lang` of a product text that fell back to another language. */
  const langOf = (field: string) => contentLang(product.content_locales, field);
  const whatToBring = product.what_to_bring ?? [];
  return (
    <Shell routeName={ROUTE} operator={op} className="lp-page">
      <article className="lp" aria-labelledby="lp-title">
        <div className="lp-media">
          <Gallery product={product} />
        </div>
        <div className="pub-container lp-layout">
          <div className="lp-content">
            {/* What never changes on the page is kept as the server wrote it (lib/hydration.tsx). */}
            <Static as="header" className="lp-head">
              <p className="lp-kicker">{op.name}</p>
              <h1 id="lp-title" lang={langOf('name')}>
                {product.name}
              </h1>
              {product.short_description && (
                <p className="lp-short" lang={langOf('short_description')}>
                  {product.short_description}
                </p>
              )}
              <div className="lp-price-inline">
                <PriceFrom product={product} />
              </div>
            </Static>

            <Static as="ul" className="lp-facts" aria-label={text.facts}>
              <Facts product={product} />
            </Static>

            {product.description && (
              <Static as="section" className="lp-section" aria-labelledby="lp-desc">
                <h2 id="lp-desc">{text.description}</h2>
                {/* Sanitised on the server (the rich-text allow-list): the only HTML we render. */}
                <div
                  className="lp-richtext"
                  lang={langOf('description')}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised rich text
                  dangerouslySetInnerHTML={{ __html: product.description }}
                />
              </Static>
            )}

            {(product.includes.length > 0 || product.excludes.length > 0) && (
              <Static as="section" className="lp-section lp-incl" aria-labelledby="lp-incl">
                <h2 id="lp-incl">{text.included}</h2>
                <div className="lp-incl-grid">
                  {product.includes.length > 0 && (
                    <div>
                      <h3>{text.includes}</h3>
                      <ul className="lp-list lp-list-yes" lang={langOf('includes')}>
                        {product.includes.map((x) => (
                          <li key={x}>
                            <IconCheck size={18} />
                            <span>{x}</span>
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                  {product.excludes.length > 0 && (
                    <div>
                      <h3>{text.excludes}</h3>
                      <ul className="lp-list lp-list-no" lang={langOf('excludes')}>
                        {product.excludes.map((x) => (
                          <li key={x}>
                            <IconX size={18} />
                            <span>{x}</span>
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                </div>
              </Static>
            )}

            {whatToBring.length > 0 && (
              <Static as="section" className="lp-section" aria-labelledby="lp-bring">
                <h2 id="lp-bring">{text.whatToBring}</h2>
                <ul className="lp-list lp-list-yes" lang={langOf('what_to_bring')}>
                  {whatToBring.map((x) => (
                    <li key={x}>
                      <IconBackpack size={18} />
                      <span>{x}</span>
                    </li>
                  ))}
                </ul>
              </Static>
            )}

            {(product.meeting_point || product.meeting_lat_lng) && (
              <Later as="section" className="lp-section" aria-labelledby="lp-meet">
                <h2 id="lp-meet">{text.meetingPoint}</h2>
                <p className="lp-meet-text">
                  <IconMapPin size={20} />
                  {product.meeting_point ? (
                    <span lang={langOf('meeting_point')}>{product.meeting_point}</span>
                  ) : (
                    <span>{text.meetingPointUnknown}</span>
                  )}
                </p>
                {product.pickup_enabled && <p className="lp-note">{text.pickupToo}</p>}
                {product.pickup_enabled && product.pickup_notes && (
                  <p className="lp-note pub-prewrap" lang={langOf('pickup_notes')} data-testid="pickup-notes">
                    {product.pickup_notes}
                  </p>
                )}
                <MeetingMap
                  latLng={product.meeting_lat_lng}
                  label={product.meeting_point || product.name}
                  labelLang={langOf(product.meeting_point ? 'meeting_point' : 'name')}
                />
              </Later>
            )}

            <Static as="section" className="lp-section" aria-labelledby="lp-cancel">
              <h2 id="lp-cancel">{text.cancellation}</h2>
              <p>{freeCancellationText(product.free_cancellation_hours)}</p>
              {/* The terms that apply: this product's own, or the operator's. */}
              {product.booking_terms && (
                <details className="pub-details" data-testid="booking-terms">
                  <summary>{text.terms}</summary>
                  <p className="pub-prewrap" lang={langOf('booking_terms')}>
                    {product.booking_terms}
                  </p>
                </details>
              )}
            </Static>

            <Static as="section" className="lp-section lp-operator" aria-labelledby="lp-op">
              <h2 id="lp-op">{text.organiser}</h2>
              <div className="lp-operator-card">
                <OperatorMark operator={op} size={52} />
                <div>
                  <p className="lp-operator-name">{op.name}</p>
                  {op.address && <p className="lp-note">{op.address}</p>}
                  <OperatorContact operator={op} />
                </div>
              </div>
            </Static>
          </div>

          <Later as="aside" className="lp-aside" aria-label={text.bookingAside}>
            <div className="lp-book-card">
              <PriceFrom product={product} />
              <a
                className="pub-btn pub-btn-primary pub-btn-block"
                href={bookHref}
                onClick={onLinkClick}
                {...prefetchProps}
              >
                {text.book}
              </a>
              {product.free_cancellation_hours > 0 && (
                <p className="lp-book-note">
                  <IconShield size={16} /> {freeCancellationText(product.free_cancellation_hours)}
                </p>
              )}
              {offered.length > 0 && (
                <Static as="ul" className="lp-tariffs">
                  <Tariffs product={product} offered={offered} />
                </Static>
              )}
            </div>
          </Later>
        </div>

        <section className="lp-sticky" aria-label={text.bookThisTour}>
          <Static as="div" className="lp-sticky-price">
            <StickyPrice product={product} />
          </Static>
          <a className="pub-btn pub-btn-primary" href={bookHref} onClick={onLinkClick} {...prefetchProps}>
            {text.book}
          </a>
        </section>
      </article>
    </Shell>
  );
}
