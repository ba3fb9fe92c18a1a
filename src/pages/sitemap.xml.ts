/**
 * The sitemap: every public page in every language the brand offers, with hreflang alternates,
 * at the address the site is served at (read per request: SITE_URL, else the request's own).
 * /help and /promotions carry their last change (the content studio's latest publish there).
 */
import type { APIRoute } from 'astro';
import { CATEGORY_ORDER, CATEGORY_ROUTE } from '#kernel/categories.ts';
import { localizePath } from '#kernel/locales.ts';
import { brandLocales } from '#kernel/brand/index.ts';
import { pageOrigin } from '#kernel/http/origins.ts';
import { lastPublished, refreshContent, type ContentKind } from '#features/content/index.ts';

const CONTENT_PAGES: Record<string, ContentKind> = { '/help': 'help', '/promotions': 'promotion' };

const PAGES = ['/', '/hot', '/new', '/all', '/recommend', ...CATEGORY_ORDER.map((c) => `/${CATEGORY_ROUTE[c]}`), '/promotions', '/announce', '/help', '/down', '/mirrors'];

/** A <lastmod> line for a page of published content, else nothing. */
function lastmod(path: string, locale: Parameters<typeof lastPublished>[1]): string {
  const kind = CONTENT_PAGES[path];
  const at = kind ? lastPublished(kind, locale) : null;
  return at ? `    <lastmod>${at.toISOString()}</lastmod>\n` : '';
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

export const GET: APIRoute = async ({ request, url }) => {
  await refreshContent();
  const origin = pageOrigin(request, url);
  const abs = (p: string) => esc(origin + p);
  const locales = brandLocales();
  const entries = PAGES.flatMap((p) =>
    locales.map(
      (l) =>
        `  <url>\n    <loc>${abs(localizePath(p, l.code))}</loc>\n${lastmod(p, l.code)}${locales.map((a) => `    <xhtml:link rel="alternate" hreflang="${a.htmlLang}" href="${abs(localizePath(p, a.code))}"/>`).join('\n')}\n  </url>`,
    ),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
};
