/**
 * The one place where content becomes HTML. Markdown (help centre, promotions) is rendered with
 * marked and then sanitised; HTML written by operators (announcements) is sanitised the same way.
 * Whatever the source says, scripts, event handlers, inline styles, iframes and javascript: or
 * data: URLs never reach a page.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { parse as parseYaml } from 'yaml';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Tags and attributes content may use: text, lists, tables, links and images, nothing active. */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'ins',
    'mark',
    'small',
    'sub',
    'sup',
    'span',
    'abbr',
    'kbd',
    'time',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'img',
    'figure',
    'figcaption',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'srcset', 'sizes', 'decoding'],
    abbr: ['title'],
    time: ['datetime'],
    th: ['align', 'scope', 'colspan', 'rowspan'],
    td: ['align', 'colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new window must not hand the opener to the target page.
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target && out.target !== '_self') {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      } else {
        delete out.target;
        delete out.rel;
      }
      return { tagName, attribs: out };
    },
    // Page titles are h1; a heading level 1 inside content becomes h2.
    h1: 'h2',
  },
};

/** An image of the studio's: its WebP variants, narrowest first. */
export interface MediaImage {
  variants: { url: string; width: number; height: number }[];
}

const MEDIA_SRC = /^\/img\/media\/([a-f0-9]{24})-\d{1,4}\.webp$/;

/** The same policy, giving the studio's images their variants (srcset, size, lazy loading). */
function policyWith(images: ReadonlyMap<string, MediaImage>): sanitizeHtml.IOptions {
  return {
    ...POLICY,
    transformTags: {
      ...POLICY.transformTags,
      img: (tagName, attribs) => {
        const hash = MEDIA_SRC.exec(attribs.src ?? '')?.[1];
        const image = hash ? images.get(hash) : undefined;
        if (!image?.variants.length) return { tagName, attribs };
        const widest = image.variants.at(-1)!;
        const middle = image.variants.find((v) => v.width >= 960) ?? widest;
        return {
          tagName,
          attribs: {
            ...attribs,
            src: middle.url,
            srcset: image.variants.map((v) => `${v.url} ${v.width}w`).join(', '),
            // Content columns are at most about 860 pixels wide (the help page's on a desktop).
            sizes: '(min-width: 1100px) 860px, 100vw',
            width: String(widest.width),
            height: String(widest.height),
            loading: 'lazy',
            decoding: 'async',
          },
        };
      },
    },
  };
}

/**
 * Sanitises HTML from content or operators for placing on a page.
 * @example sanitizeContentHtml('<p onclick="x()">Hi<script>x()</script></p>') // '<p>Hi</p>'
 */
export function sanitizeContentHtml(html: string, images?: ReadonlyMap<string, MediaImage>): string {
  return sanitizeHtml(html, images?.size ? policyWith(images) : POLICY).trim();
}

/**
 * Renders Markdown (GitHub flavour) to sanitised HTML.
 * @example renderMarkdown('**Hi** [x](javascript:alert(1))') // '<p><strong>Hi</strong> <a>x</a></p>'
 */
export function renderMarkdown(source: string, o: { images?: ReadonlyMap<string, MediaImage> } = {}): string {
  return sanitizeContentHtml(marked.parse(source) as string, o.images);
}

/** Plain text of an HTML fragment (marquee lines, meta descriptions), whitespace collapsed. */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface SplitDocument {
  /** The YAML front matter, parsed but not yet validated. */
  data: unknown;
  /** The Markdown after the front matter. */
  body: string;
}

const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?(?:\n|$)/;

/** Splits a Markdown file into its YAML front matter and body; a file without one has data {}. */
export function splitFrontMatter(source: string): SplitDocument {
  const m = FRONT_MATTER.exec(source);
  if (!m) return { data: {}, body: source };
  return { data: parseYaml(m[1]!) ?? {}, body: source.slice(m[0].length) };
}
