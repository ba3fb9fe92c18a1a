/** Generated vendor logos, /img/vendor/{CODE}.svg, for vendors of the catalogue only; injected by src/app/pages.ts. */
import type { APIRoute } from 'astro';
import { parseVendorLogoFile, SVG_HEADERS, vendorLogo } from '#features/games/art/gameIcon.ts';
import { db } from '#kernel/db/index.ts';
import { vendorByCode } from '#features/games/server/queries.ts';

export const prerender = false;

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

export const GET: APIRoute = async ({ params }) => {
  const code = parseVendorLogoFile(params.file);
  if (!code) return notFound();
  const found = await vendorByCode(await db(), code);
  if (!found) return notFound();
  return new Response(vendorLogo(found.code, found.displayName), { headers: SVG_HEADERS });
};
