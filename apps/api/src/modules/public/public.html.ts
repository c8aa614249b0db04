/**
 * Server-side <head> of the public pages (PRODUCT.md §6 "proper <title> and meta description"):
 * pure string work on the built public.html, no executable inline script (the CSP stays
 * `script-src 'self'`). The landing page also carries its product as a JSON data block, so the
 * client renders it without a second request.
 */
import {
  LANG_PARAM,
  localeDir,
  OG_LOCALES,
  PUBLIC_DATA_ELEMENT_ID,
  type TPublicLocale,
  type TPublicProduct,
} from '@trayecto/shared';

/** Longest meta description search engines show. */
const DESCRIPTION_MAX = 160;

/** The few texts of the page shell the server writes, per language (issue 15). */
const SHELL_TEXTS: Record<TPublicLocale, { description: string; noscript: string; notFound: string }> = {
  es: {
    description: 'Reserva tu excursión y consulta tu bono de reserva.',
    noscript: 'Esta página necesita JavaScript activado.',
    notFound: 'Página no encontrada',
  },
  en: {
    description: 'Book your tour and view your booking voucher.',
    noscript: 'This page needs JavaScript to be enabled.',
    notFound: 'Page not found',
  },
  de: {
    description: 'Buchen Sie Ihren Ausflug und rufen Sie Ihren Buchungsgutschein ab.',
    noscript: 'Für diese Seite muss JavaScript aktiviert sein.',
    notFound: 'Seite nicht gefunden',
  },
  fr: {
    description: 'Réservez votre excursion et consultez votre bon de réservation.',
    noscript: 'Cette page nécessite que JavaScript soit activé.',
    notFound: 'Page introuvable',
  },
  it: {
    description: 'Prenoti la sua escursione e consulti il suo voucher di prenotazione.',
    noscript: 'Questa pagina richiede JavaScript attivo.',
    notFound: 'Pagina non trovata',
  },
  nl: {
    description: 'Boek uw excursie en bekijk uw boekingsvoucher.',
    noscript: 'Voor deze pagina moet JavaScript ingeschakeld zijn.',
    notFound: 'Pagina niet gevonden',
  },
};

/**
 * The page shell in `locale`: `<html lang dir>`, the generic description and the noscript text
 * in that language, and a modulepreload of its dictionary chunk (found by web.ts in the build) so
 * the texts download with the entry, not after it.
 */
export function localizeShell(
  template: string,
  locale: TPublicLocale,
  dictionaryChunk?: string | readonly string[],
): string {
  const texts = SHELL_TEXTS[locale];
  let html = template
    .replace(/<html[^>]*>/i, `<html lang="${locale}" dir="${localeDir(locale)}">`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/i,
      () => `<meta name="description" content="${escapeHtml(texts.description)}" />`,
    )
    .replace(/<noscript>[\s\S]*?<\/noscript>/i, () => `<noscript>${escapeHtml(texts.noscript)}</noscript>`);
  // The chunk and what it imports (public.pages.ts), each preloaded.
  const chunks = typeof dictionaryChunk === 'string' ? [dictionaryChunk] : (dictionaryChunk ?? []);
  if (chunks.length > 0) {
    html = html.replace(
      /<\/head>/i,
      () => `${chunks.map((c) => `  <link rel="modulepreload" href="${escapeHtml(c)}" />\n`).join('')}  </head>`,
    );
  }
  return html;
}
/** `sizes` of the landing's hero <img> (apps/web/src/public/pages/landing-page.tsx). */
const HERO_SIZES = '(min-width: 960px) 720px, 100vw';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** JSON safe inside a <script> data block: no `<`, `>`, `&` or line separators can end it. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Plain text of sanitised rich text (for a description when the short one is empty). */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/** At most `max` characters (code points), ending in "…" when cut, at a word boundary if one is near. */
export function truncate(text: string, max = DESCRIPTION_MAX): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Puts a title and extra head tags into the page: replaces its <title>, drops the template's own
 * meta tags of the same name or property, and inserts the tags before </head>.
 */
function withHead(template: string, title: string, tags: string[]): string {
  let html = /<title>[\s\S]*?<\/title>/i.test(template)
    ? template.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(title)}</title>`)
    : template.replace(/<head>/i, () => `<head>\n    <title>${escapeHtml(title)}</title>`);
  for (const tag of tags) {
    const m = /^<meta (name|property)="([^"]+)"/.exec(tag);
    if (!m) continue;
    html = html.replace(new RegExp(`\\s*<meta\\s+${m[1]}=["']${escapeRegExp(m[2])}["'][^>]*>`, 'gi'), '');
  }
  const head = tags.join('\n    ');
  const at = html.search(/<\/head>/i);
  return at === -1 ? `${head}\n${html}` : `${html.slice(0, at)}  ${head}\n  ${html.slice(at)}`;
}

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;

/**
 * The landing page of a public product: title "{name} · {operator}", meta description (≤ 160),
 * Open Graph and Twitter card, canonical link, and the product as JSON in
 * `<script type="application/json" id="trayecto-data">` (exactly GET /api/v1/public/products/{id}).
 * `origin` is the public origin (lib/public-origin.ts): with it the canonical link, og:url and
 * og:image are absolute; without one (an unknown Host and no PUBLIC_URL) the canonical link is the
 * path and the tags that must be absolute are left out, rather than written on a made-up host.
 */
export function renderLanding(
  template: string,
  product: TPublicProduct,
  path: string,
  origin: string | undefined,
): string {
  const locale = product.locale as TPublicLocale;
  const offered = product.tour_operator.public_languages as TPublicLocale[];
  const title = `${product.name} · ${product.tour_operator.name}`;
  // One URL per language: the bare path for the operator's default language (and x-default: without
  // `?lang=` the page answers by Accept-Language, then the default), `?lang=xx` for the others.
  const abs = (p: string) => (origin ? `${origin}${p}` : p);
  const defaultLocale = product.tour_operator.default_language;
  const urlIn = (l: string) => abs(l === defaultLocale ? path : `${path}?${LANG_PARAM}=${l}`);
  const description = truncate(product.short_description || textOf(product.description) || product.name);
  const image = product.images[0];
  const tags = [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(urlIn(locale))}" />`,
    ...offered.map((l) => `<link rel="alternate" hreflang="${l}" href="${escapeHtml(urlIn(l))}" />`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(abs(path))}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    ...(origin ? [meta('property', 'og:url', urlIn(locale))] : []),
    meta('property', 'og:locale', OG_LOCALES[locale] ?? 'es_ES'),
    ...offered.filter((l) => l !== locale).map((l) => meta('property', 'og:locale:alternate', OG_LOCALES[l])),
    meta('property', 'og:site_name', product.tour_operator.name),
    ...(image && origin
      ? [
          meta('property', 'og:image', `${origin}${image.url}`),
          meta('property', 'og:image:width', String(image.width)),
          meta('property', 'og:image:height', String(image.height)),
          meta('property', 'og:image:alt', image.alt || product.name),
        ]
      : []),
    // The hero photo is the landing's largest paint: fetch it with the HTML, not after the script
    // (same srcset/sizes as the page's first <img>, so the browser reuses the response).
    ...(image
      ? [
          `<link rel="preload" as="image" href="${escapeHtml(image.url)}" imagesrcset="${escapeHtml(
            `${image.thumb_url} ${Math.min(400, image.width)}w, ${image.url} ${image.width}w`,
          )}" imagesizes="${HERO_SIZES}" fetchpriority="high" />`,
        ]
      : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(product.tour_operator.brand_color ? [meta('name', 'theme-color', product.tour_operator.brand_color)] : []),
    `<script type="application/json" id="${PUBLIC_DATA_ELEMENT_ID}">${jsonForScript(product)}</script>`,
  ];
  return withHead(template, title, tags);
}

/** The landing page of a product that is not public: the client shows its friendly not-found. */
export const renderLandingNotFound = (template: string, locale: TPublicLocale = 'es') =>
  withHead(template, SHELL_TEXTS[locale].notFound, [meta('name', 'robots', 'noindex')]);

/** Pages of one customer's booking (voucher, booking form): never in search engines. */
export function renderNoIndex(template: string): string {
  const title = /<title>([\s\S]*?)<\/title>/i.exec(template)?.[1] ?? 'Trayecto';
  return withHead(template, unescapeTitle(title), [meta('name', 'robots', 'noindex')]);
}

const unescapeTitle = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
