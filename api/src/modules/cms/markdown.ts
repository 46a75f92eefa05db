import { LRUCache } from 'lru-cache';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// A block's body is Markdown written in the back office. It becomes HTML here, on the server, and
// only a closed list of tags and attributes survives: headings below the page's own h1,
// paragraphs, lists, emphasis, links (web, e-mail and phone only), quotes, tables and rules. Raw
// HTML in the Markdown, scripts, styles, images, frames and event attributes are dropped, so a
// block can never run code or restyle the portal, whoever wrote it.

const markdown = new Marked({ gfm: true, breaks: false, async: false });

const SAFE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'a',
    'blockquote',
    'code',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], th: ['scope'], ol: ['start'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    // The page's title is its h1; a block's own headings start one level below.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // Header cells of a Markdown table head columns.
    th: (tagName) => ({ tagName, attribs: { scope: 'col' } }),
    // Another site's page gets no window reference and no referrer.
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? '') ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/**
 * HTML by Markdown source. Every page served reads the footer's blocks and the home page the news
 * (the gateway draws the first screen with them), and rendering and sanitising was about half of
 * such a read (0.4 ms a block on the 2-core machine); the source alone decides the HTML.
 */
const renderedBySource = new LRUCache<string, string>({
  maxSize: 4_000_000,
  // lru-cache refuses a size of 0 (an empty text renders to ''): every entry counts at least 1.
  sizeCalculation: (html, source) => Math.max(1, html.length + source.length),
});

/** A block's Markdown as the HTML the pages show: rendered, then sanitised to the list above. */
export function renderMarkdown(source: string): string {
  let html = renderedBySource.get(source);
  if (html === undefined) {
    html = sanitizeHtml(markdown.parse(source) as string, SAFE_HTML).trim();
    renderedBySource.set(source, html);
  }
  return html;
}
