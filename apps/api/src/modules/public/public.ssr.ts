/**
 * The public pages rendered on the server (issue 23): the web build's own components
 * (apps/web/src/public/server-entry.tsx, built into dist/server/public-server.js) write the page's
 * HTML into its root, with the data the browser needs to take it over embedded next to it; the
 * page's styles go inline (no stylesheet blocks the first paint) and its code is preloaded.
 *
 * Without the server build (an API test's bare dist, an older build) pages are served as before:
 * the shell, rendered by the browser.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TPublicProduct } from '@trayecto/shared';
import { addMonths, firstOfMonth, lastOfMonth, monthOf } from '@trayecto/shared/dates';
import type { TPublicLocale } from '@trayecto/shared/i18n';
import {
  CALENDAR_AUTO_ADVANCE_MONTHS,
  PUBLIC_DATA_ELEMENT_ID,
  SERVER_RENDERED_ATTR,
  type TPublicPageData,
} from '@trayecto/shared/public-http';
import { timeZoneOf, todayIn } from '@trayecto/shared/time-zone';
import type { DbOrTx } from '../../db/client';
import { getPublicAvailability } from './public.catalog';
import { escapeHtml, jsonForScript } from './public.html';

/** What dist/server/public-server.js exports (apps/web/src/public/server-entry.tsx). */
type TServerBundle = {
  renderPublicPage(req: { url: string; origin: string; locale: TPublicLocale; data: TPublicPageData }): string;
  /** The public page the statement's visitor came from (`?desde=`), if it is a product's or a booking's. */
  statementSource?(url: string): { productId: string } | { bookingId: string } | null;
};

/** The pages the server renders (the route keys of the shared ROUTES, and the statement). */
export type TRenderedPage =
  | 'publicLanding'
  | 'publicBooking'
  | 'publicBookingVoucher'
  | 'publicBookingExisting'
  | 'publicAccessibility';

type TManifestEntry = { file: string; imports?: string[]; css?: string[] };
type TManifest = Record<string, TManifestEntry>;

/** The source of each lazily loaded page the server renders, as the build's manifest names it. */
const PAGE_SOURCES: Partial<Record<TRenderedPage, string>> = {
  publicBooking: 'src/public/pages/booking-page.tsx',
  publicBookingVoucher: 'src/public/pages/voucher-page.tsx',
  publicBookingExisting: 'src/public/pages/existing-booking-page.tsx',
  publicAccessibility: 'src/public/pages/accessibility-page.tsx',
};
/**
 * The pages that read whole without scripts (the landing, the statement): no "needs JavaScript"
 * line over them. The forms keep it: reading the booking works, changing it needs the scripts.
 */
const READ_WITHOUT_SCRIPTS = new Set<TRenderedPage>(['publicLanding', 'publicAccessibility']);

export type TPublicRenderer = {
  /** The page's HTML, rendered into `shell`'s root; null when it cannot be (the shell is then served). */
  render(
    shell: string,
    page: { key: TRenderedPage; url: string; origin: string },
    locale: TPublicLocale,
    data: TPublicPageData,
  ): string;
  /** `template` with its stylesheets inline. */
  inlineStyles(template: string): string;
  /** The product or booking the statement at `url` names as the page its visitor came from. */
  statementSource(url: string): { productId: string } | { bookingId: string } | null;
};

/** The attribute with which a page marks the `<img>` that is its largest paint (its first one counts). */
const PRELOAD_ATTR = 'data-preload';

/**
 * A `<link rel="preload">` for the first `<img data-preload>` of the page's HTML, with the same
 * `src`, `srcset` and `sizes` (so the browser picks the same file and uses the response for the
 * image) and `fetchpriority="high"` (issue 35, goal 6: the customer's booking's photo is its
 * largest paint; from the head it is asked for before the scripts, not after them). It goes right
 * after the viewport's meta, which the `sizes` need. Null when the page marks none.
 */
export function photoPreload(html: string): string | null {
  const marked = new RegExp(`\\s${PRELOAD_ATTR}(?:=|\\s|/|$)`, 'i');
  const tag = html.match(/<img\b[^>]*>/gi)?.find((t) => marked.test(t.slice(0, -1)));
  if (!tag) return null;
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
  const src = attr('src');
  if (!src) return null;
  const srcset = attr('srcset');
  const sizes = attr('sizes');
  // The values come from the page's own HTML, already escaped there.
  return [
    `<link rel="preload" as="image" href="${src}"`,
    ...(srcset ? [` imagesrcset="${srcset}"`] : []),
    ...(sizes ? [` imagesizes="${sizes}"`] : []),
    ' fetchpriority="high" />',
  ].join('');
}

/** Loads the server build of the public pages, if the web app was built with it. */
export async function loadPublicRenderer(distDir: string): Promise<TPublicRenderer | null> {
  const bundlePath = path.join(distDir, 'server', 'public-server.js');
  const manifestPath = path.join(distDir, '.vite', 'public-manifest.json');
  if (!existsSync(bundlePath) || !existsSync(manifestPath)) return null;
  const bundle = (await import(pathToFileURL(bundlePath).href)) as TServerBundle;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as TManifest;
  const css = new Map<string, string>();
  const cssOf = (file: string) => {
    let text = css.get(file);
    if (text === undefined) {
      const full = path.join(distDir, file);
      text = existsSync(full) ? readFileSync(full, 'utf8') : '';
      css.set(file, text);
    }
    return text;
  };
  const style = (files: string[]) =>
    files.length ? `<style>${files.map((f) => cssOf(f).replace(/<\/style/gi, '<\\/style')).join('\n')}</style>` : '';

  /** A page chunk, what it imports (not the entry, already loaded) and their styles. */
  const pageAssets = (source: string | undefined) => {
    const js = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const entry = manifest[key];
      if (!entry || key === 'public.html' || js.has(entry.file)) return;
      js.add(entry.file);
      for (const f of entry.css ?? []) styles.add(f);
      for (const i of entry.imports ?? []) visit(i);
    };
    if (source) visit(source);
    return { js: [...js], css: [...styles] };
  };
  const assets = Object.fromEntries(Object.entries(PAGE_SOURCES).map(([k, src]) => [k, pageAssets(src)])) as Partial<
    Record<TRenderedPage, { js: string[]; css: string[] }>
  >;

  return {
    statementSource: (url) => bundle.statementSource?.(url) ?? null,
    inlineStyles: (template) =>
      template.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/gi, (_, file: string) => style([file])),
    render(shell, page, locale, data) {
      const html = bundle.renderPublicPage({ url: page.url, origin: page.origin, locale, data });
      const own = assets[page.key] ?? { js: [], css: [] };
      const head = [
        ...own.js.map((f) => `<link rel="modulepreload" href="/${escapeHtml(f)}" />`),
        style(own.css),
        // The same styles as links the browser neither fetches nor applies (`disabled`): Vite's
        // loader of the page's chunk finds them and does not fetch the files again before the
        // browser can take the page over.
        ...own.css.map((f) => `<link rel="stylesheet" href="/${escapeHtml(f)}" disabled />`),
        // The landing already carries its product (public.html.ts); the other pages their data.
        ...(page.key === 'publicLanding'
          ? []
          : [`<script type="application/json" id="${PUBLIC_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>`]),
      ].filter(Boolean);
      const shown = READ_WITHOUT_SCRIPTS.has(page.key)
        ? shell.replace(/<noscript>[\s\S]*?<\/noscript>\s*/i, '')
        : shell;
      // The photo the page marks as its largest paint, fetched from the head, before the scripts.
      const photo = photoPreload(html);
      return shown
        .replace(/<meta name="viewport"[^>]*>/i, (viewport) => (photo ? `${viewport}\n    ${photo}` : viewport))
        .replace(/<\/head>/i, () => `  ${head.join('\n    ')}\n  </head>`)
        .replace(
          /<div id="root"><\/div>/i,
          () => `<div id="root" ${SERVER_RENDERED_ATTR}="${escapeHtml(locale)}">${html}</div>`,
        );
    },
  };
}

/**
 * The departures the booking page's calendar opens on: the current month (from today) and, when it
 * has nothing to book, the following ones up to the first that has (as the calendar itself moves,
 * apps/web/src/public/booking-form/use-booking-form.ts).
 */
export async function openingAvailability(
  db: DbOrTx,
  product: TPublicProduct,
  now: Date,
): Promise<NonNullable<TPublicPageData['availability']>> {
  const today = todayIn(timeZoneOf(product.tour_operator.timezone), now);
  const months: NonNullable<TPublicPageData['availability']> = [];
  for (let i = 0, month = monthOf(today); i <= CALENDAR_AUTO_ADVANCE_MONTHS; i++, month = addMonths(month, 1)) {
    const from = firstOfMonth(month) < today ? today : firstOfMonth(month);
    const slots = await getPublicAvailability(db, product.id, { from, to: lastOfMonth(month) }, now);
    months.push({ product_id: product.id, month, slots });
    if (slots.some((s) => s.available && s.seats_left > 0)) break;
  }
  return months;
}
