/** Generated banner art, /img/art/banner-<n>.svg (see ../server/art.ts); injected by src/app/pages.ts. */
import type { APIRoute } from 'astro';
import { bannerArt, parseArtFile } from '#features/content/server/art.ts';

export const prerender = false;

export const GET: APIRoute = ({ params }) => {
  const n = parseArtFile(params.file);
  if (n === null) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(bannerArt(n), {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      // Same number, same bytes: a new design gets new file names, never new bytes at an old one.
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      // Opened directly, an SVG is a document: it may not run anything or load anything.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
};
