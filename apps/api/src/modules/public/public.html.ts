/**
 * Server-side <head> of the public pages (PRODUCT.md §6 "proper <title> and meta description"):
 * pure string work on the built public.html, no executable inline script (the CSP stays
 * `script-src 'self'`). The landing page also carries its product as a JSON data block, so the
 * client renders it without a second request.
 */
import { PUBLIC_DATA_ELEMENT_ID, type TPublicProduct } from '@trayecto/shared';

/** Longest meta description search engines show. */
const DESCRIPTION_MAX = 160;
const NOT_FOUND_TITLE = 'Página no encontrada';
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
  const title = `${product.name} · ${product.tour_operator.name}`;
  const description = truncate(product.short_description || textOf(product.description) || product.name);
  const image = product.images[0];
  const tags = [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(origin ? `${origin}${path}` : path)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    ...(origin ? [meta('property', 'og:url', `${origin}${path}`)] : []),
    meta('property', 'og:locale', 'es_ES'),
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
export const renderLandingNotFound = (template: string) =>
  withHead(template, NOT_FOUND_TITLE, [meta('name', 'robots', 'noindex')]);

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
