import sanitizeHtml from 'sanitize-html';

/** Link schemes a description may use; anything else (javascript:, data:, relative) is unlinked. */
const LINK_RE = /^(https?:\/\/|mailto:)/i;

/**
 * A link without attributes (its href was refused) → its text. It runs on sanitised output, where
 * text never holds a raw "<": dropping a bare "<a>" and a "</a>" keeps the markup balanced and
 * cannot create a tag.
 */
const UNLINK = /<a>([\s\S]*?)<\/a>/g;

/** Tags editors commonly emit, mapped onto the ones we keep. */
const RENAME: Record<string, string> = {
  b: 'strong',
  i: 'em',
  strike: 's',
  del: 's',
  h1: 'h2',
  h4: 'h3',
  h5: 'h3',
  h6: 'h3',
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // Unknown tags are dropped but their text kept; these are dropped with their content.
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
  ],
  transformTags: {
    ...Object.fromEntries(Object.entries(RENAME).map(([from, to]) => [from, sanitizeHtml.simpleTransform(to, {})])),
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      // A link we cannot keep loses every attribute; UNLINK then keeps only its text. (Renaming it
      // to a dropped tag instead makes sanitize-html close the next link with that tag's name.)
      if (!LINK_RE.test(href)) return { tagName: 'a', attribs: {} };
      return { tagName: 'a', attribs: { href, target: '_blank', rel: 'noopener noreferrer' } };
    },
  },
};

/**
 * Sanitises a product description (rich text from the back-office editor) before it is stored:
 * only basic formatting, lists, h2/h3, quotes and http/https/mailto links (opened in a new tab with
 * rel="noopener noreferrer"); no scripts, event handlers, styles, images or frames.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).replace(UNLINK, '$1').trim();
}
