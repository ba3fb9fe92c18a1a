/**
 * robots.txt: the private paths (the API, the account forms) kept out of search engines, and the
 * sitemap at its absolute address, as the robots.txt standard asks (RFC 9309 leaves Sitemap to
 * sitemaps.org, which wants a full URL), read per request like the canonical links.
 */
import type { APIRoute } from 'astro';
import { pageOrigin } from '#kernel/http/origins.ts';

const PRIVATE = ['/wps/', '/lgw/', '/login', '/register', '/forget'];

export const GET: APIRoute = ({ request, url }) => {
  const lines = ['User-agent: *', 'Allow: /', ...PRIVATE.map((p) => `Disallow: ${p}`), `Sitemap: ${pageOrigin(request, url)}/sitemap.xml`, ''];
  return new Response(lines.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
};
