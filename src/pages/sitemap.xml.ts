/** The sitemap: every public page in every language, with hreflang alternates. */
import type { APIRoute } from 'astro';
import { CATEGORY_ORDER, CATEGORY_ROUTE } from '#kernel/categories.ts';
import { LOCALES, localizePath } from '#kernel/locales.ts';

export const prerender = true;

const PAGES = ['/', '/hot', '/new', '/all', '/recommend', ...CATEGORY_ORDER.map((c) => `/${CATEGORY_ROUTE[c]}`), '/promotions', '/announce', '/help', '/down', '/mirrors'];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export const GET: APIRoute = ({ site, url }) => {
  const base = site ?? url;
  const abs = (p: string) => esc(new URL(p, base).toString());
  const entries = PAGES.flatMap((p) =>
    LOCALES.map(
      (l) =>
        `  <url>\n    <loc>${abs(localizePath(p, l.code))}</loc>\n${LOCALES.map((a) => `    <xhtml:link rel="alternate" hreflang="${a.htmlLang}" href="${abs(localizePath(p, a.code))}"/>`).join('\n')}\n  </url>`,
    ),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
