/**
 * Rich text written in the console (activity pages' text blocks, and later help articles) is kept only
 * through this allow-list: the tags and attributes of formatted text, pictures and tables, links to this
 * site's paths or https addresses; no scripts, styles sheets, frames, forms or event attributes. The
 * storefront then shows it as it is stored.
 */
import sanitize from 'sanitize-html';

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'span',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'blockquote',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,6}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/],
      'background-color': [/^#[0-9a-f]{3,6}$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
    },
  },
  allowedSchemes: ['https'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    // A link that opens a new tab cannot reach back into the page that opened it.
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitize(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text of rich text, its tags dropped and its white space folded: a list's summary of an article. */
export function plainText(html: string): string {
  // A block's edges and a line break part words; inline tags do not.
  return sanitize(html.replace(/<\/?(p|h[1-6]|li|tr|td|th|blockquote|div)\b[^>]*>|<br\s*\/?>/gi, ' '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim();
}
