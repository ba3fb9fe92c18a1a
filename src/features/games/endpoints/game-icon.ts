/** Generated game icons, /img/game/{gameType}-{seed}.svg (see ../art/gameIcon.ts); injected by src/app/pages.ts. */
import type { APIRoute } from 'astro';
import { gameIcon, parseGameIconFile, SVG_HEADERS } from '#features/games/art/gameIcon.ts';

export const prerender = false;

export const GET: APIRoute = ({ params }) => {
  const icon = parseGameIconFile(params.file);
  if (!icon) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(gameIcon(icon), { headers: SVG_HEADERS });
};
