/**
 * The studio's images, /img/media/<hash>-<width>.webp (issue 30), from the file store (a folder or
 * an S3-compatible bucket: src/providers/storage). A name's bytes never change (the hash is the
 * upload's), so they are cached for a year.
 */
import type { APIRoute } from 'astro';
import { mediaFile } from '#features/content/index.ts';

export const prerender = false;

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

export const GET: APIRoute = async ({ params }) => {
  const file = await mediaFile(params.file ?? '');
  if (!file) return notFound();
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    },
  });
};
