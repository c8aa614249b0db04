import { pathTo } from '@trayecto/shared/paths';
import { BookingForm } from '../booking-form/booking-form';
import { Shell } from '../components/shell';
import { ErrorPage, LoadingPage, NotFoundPage } from '../components/states';
import { t } from '../i18n';
import { embeddedProduct, getProduct } from '../lib/api';
import { contentLang } from '../lib/content';
import { freeCancellationText } from '../lib/format';
import { Static } from '../lib/hydration';
import { publicHref } from '../lib/navigation';
import { useResource } from '../lib/resource';
import { usePageTitle } from '../lib/title';

const ROUTE = 'public-booking';

/**
 * The new-booking page (`/public/booking/:productId`): loads the product (embedded by the landing
 * when the visitor comes from it) and shows the form (booking-form/), whose submission sends the
 * booking to POST /api/v1/public/bookings (booking-form/submission.ts → lib/api.ts createBooking).
 */
export function BookingPage({ productId }: { productId: string }) {
  const product = useResource(`product:${productId}`, () => getProduct(productId), {
    initial: embeddedProduct(productId),
  });
  const p = product.data;
  const text = t();
  usePageTitle(p ? text.booking.title(p.name, p.tour_operator.name) : null);
  if (product.error?.isNotFound) return <NotFoundPage routeName={ROUTE} />;
  if (!p && product.error) return <ErrorPage routeName={ROUTE} error={product.error} onRetry={product.reload} />;
  if (!p) return <LoadingPage routeName={ROUTE} variant="form" />;
  return (
    <Shell
      routeName={ROUTE}
      operator={p.tour_operator}
      className="bk-page"
      back={{
        href: publicHref(pathTo('publicLanding', { productId: p.id })),
        label: text.common.labels.backToTour,
        short: text.common.labels.back,
      }}
    >
      <div className="pub-container bk">
        <Static as="header" className="bk-head">
          {p.images[0] && (
            <img
              className="bk-head-img"
              src={p.images[0].thumb_url}
              alt=""
              width={96}
              height={Math.round((96 * p.images[0].height) / Math.max(1, p.images[0].width))}
            />
          )}
          <div>
            <p className="lp-kicker">{text.booking.kicker}</p>
            <h1 lang={contentLang(p.content_locales, 'name')}>{p.name}</h1>
            <p className="bk-head-note">{freeCancellationText(p.free_cancellation_hours)}</p>
          </div>
        </Static>
        <BookingForm product={p} />
      </div>
    </Shell>
  );
}
