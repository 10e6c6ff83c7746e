import sanitizeHtml, { type IOptions } from 'sanitize-html';

/**
 * The one server-side HTML sanitiser: every rich text (notices, news, help articles, later form
 * descriptions) passes through it when saved, so pages may render the stored HTML as is.
 * An allow-list: what is not named here is dropped.
 */

// Colours the editor writes: #rgb/#rgba/#rrggbb/#rrggbbaa, rgb()/rgba()/hsl()/hsla() with plain
// numbers, or a keyword made of letters only (no parentheses, so no url() or expression()).
const NUM = String.raw`\s*-?\d{1,3}(?:\.\d+)?%?\s*`;
const COLOUR_PATTERNS = [
  /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i,
  new RegExp(String.raw`^rgba?\(${NUM},${NUM},${NUM}(?:,${NUM})?\)$`, 'i'),
  new RegExp(String.raw`^hsla?\(${NUM},${NUM},${NUM}(?:,${NUM})?\)$`, 'i'),
  /^[a-z]{3,20}$/i,
];

/** The files this platform serves: /resource/api/v1.file/<uuid>. */
const OWN_FILE = /^\/resource\/api\/v1\.file\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ABSOLUTE_WEB = /^https?:\/\/[^\s/\\?#]+/i;
const MAILTO = /^mailto:[^\s\\]+$/i;
// One leading slash, then not another slash or backslash (browsers read "/\host" as "//host").
const ROOT_RELATIVE = /^\/(?![/\\])/;
const SIZE = /^\d{1,4}$/;
const SPAN = /^\d{1,3}$/;

/**
 * A URL as a browser would read it: tabs and newlines inside are ignored, leading and
 * trailing spaces and control characters are stripped. Checks run on this form, and it is
 * what gets stored, so what was checked is what the browser sees.
 */
function normaliseUrl(raw: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  return (raw ?? '').replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}

export function isSafeLinkHref(raw: string | undefined): string | null {
  const href = normaliseUrl(raw);
  // eslint-disable-next-line no-control-regex
  if (!href || /[\u0000-\u001f\\]/.test(href)) return null;
  if (ABSOLUTE_WEB.test(href) || MAILTO.test(href) || ROOT_RELATIVE.test(href)) return href;
  return null;
}

export function isSafeImageSrc(raw: string | undefined): string | null {
  const src = normaliseUrl(raw);
  // eslint-disable-next-line no-control-regex
  if (!src || /[\u0000-\u0020\\"'<>]/.test(src)) return null;
  if (ABSOLUTE_WEB.test(src) || OWN_FILE.test(src)) return src;
  return null;
}

function keepMatching(attribs: Record<string, string>, names: string[], pattern: RegExp): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = attribs[n]?.trim();
    if (v !== undefined && pattern.test(v)) out[n] = v;
  }
  return out;
}

const cell: sanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: keepMatching(attribs, ['colspan', 'rowspan'], SPAN),
});

const OPTIONS: IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'span',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'code',
    'pre',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    span: ['style'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedStyles: {
    span: { color: COLOUR_PATTERNS, 'background-color': COLOUR_PATTERNS },
  },
  // sanitize-html checks schemes after decoding entities; our own checks in transformTags are
  // stricter (root-relative paths only, our own files for images) and run first.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Their text is code or markup, never content: dropped with the tag.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'noembed',
    'noframes',
    'xmp',
    'template',
    'title',
    'select',
    'svg',
    'math',
    'frameset',
    'applet',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = isSafeLinkHref(attribs.href);
      const kept: Record<string, string> = href ? { href, rel: 'noopener noreferrer', target: '_blank' } : {};
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const src = isSafeImageSrc(attribs.src);
      if (!src) return { tagName, attribs: {} };
      const alt = attribs.alt?.slice(0, 200);
      return {
        tagName,
        attribs: { src, ...(alt !== undefined ? { alt } : {}), ...keepMatching(attribs, ['width', 'height'], SIZE) },
      };
    },
    th: cell,
    td: cell,
  },
  // An image whose source was refused is nothing at all.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Sanitised HTML: only the tags, attributes, styles and URLs of the allow-list above survive. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html ?? '', OPTIONS).trim();
}

/** The text of some HTML (for search snippets and "is it empty" checks). */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html ?? '', { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
