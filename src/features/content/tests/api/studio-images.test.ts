/**
 * The studio's images (issue 30), on both databases: an upload is judged by its bytes, bounded in
 * size and dimensions, kept as WebP variants in the file store, named safely, and placed in a
 * document with its srcset and size; the S3-compatible store signs its requests.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Vips from 'wasm-vips';
import { openTestDb, type TestDb } from '../../../../../tests/support/db.ts';
import { staffUser } from '../../../../../tests/support/staff.ts';
import { useFileStore, type FileStore, type StoredFile } from '../../../../providers/storage/index.ts';
import { s3Store } from '../../../../providers/storage/s3.ts';
import { mediaFile } from '../../server/images.ts';
import { helpSections } from '../../server/live.ts';

let t: TestDb;
let editor: Awaited<ReturnType<typeof staffUser>>;
const files = new Map<string, StoredFile>();
const memory: FileStore = {
  name: 'memory',
  put: async (key, bytes, contentType) => void files.set(key, { bytes, contentType }),
  get: async (key) => files.get(key) ?? null,
};
let vips: Awaited<ReturnType<typeof Vips>>;

beforeAll(async () => {
  t = await openTestDb();
  useFileStore(memory);
  editor = await staffUser(['content']);
  vips = await Vips({ dynamicLibraries: [] });
});
afterAll(async () => {
  useFileStore(null);
  await t.dispose();
});

const picture = (w: number, h: number, format: '.png' | '.jpg' | '.webp') => Buffer.from(vips.Image.black(w, h, { bands: 3 }).add([30, 90, 200]).writeToBuffer(format));
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
const upload = (name: string, data: string) => editor.call('/wps/console/content/images', { method: 'POST', body: { name, data } });

describe("the studio's images", () => {
  it('keeps a png, jpg or webp as WebP at each width up to its own, once for the same bytes', async () => {
    const png = picture(1200, 600, '.png');
    const r = await upload('Banner de invierno.png', dataUrl(png));
    expect(r.status, r.text).toBe(200);
    expect(r.json.value).toMatchObject({ name: 'Banner de invierno.png', width: 1200, height: 600 });
    const hash = r.json.value.hash;
    expect(r.json.value.url).toBe(`/img/media/${hash}-1200.webp`);
    expect(r.json.value.markdown).toBe(`![Banner de invierno](/img/media/${hash}-1200.webp)`);
    expect([...files.keys()].filter((k) => k.startsWith(hash)).sort()).toEqual([`${hash}-1200.webp`, `${hash}-480.webp`, `${hash}-960.webp`]);
    const served = await mediaFile(`${hash}-480.webp`);
    expect(served!.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(await mediaFile(`${hash}-481.webp`)).toBeNull();
    expect(await mediaFile('../secret.webp')).toBeNull();
    // The same bytes again are the same image; a jpeg and a webp are taken too (their declared type is not asked).
    expect((await upload('again.png', dataUrl(png))).json.value.hash).toBe(hash);
    expect((await upload('photo.jpg', dataUrl(picture(640, 480, '.jpg'), 'application/octet-stream'))).status).toBe(200);
    expect((await upload('pic.webp', dataUrl(picture(300, 300, '.webp'), 'image/webp'))).json.value.width).toBe(300);
    const listed = (await editor.call('/wps/console/content/images')).json.value.items.map((i: { name: string }) => i.name);
    expect(listed).toEqual(['pic.webp', 'photo.jpg', 'Banner de invierno.png']);
  });

  it('refuses lying types, damaged pictures, too large files and dimensions, in the caller language', async () => {
    const text = await upload('evil.png', dataUrl(Buffer.from('<script>alert(1)</script>')));
    expect([text.status, text.json.errorCode]).toEqual([400, 'content.image.type']);
    const svg = await upload('x.png', dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/png'));
    expect(svg.json.errorCode).toBe('content.image.type');
    const png = picture(400, 300, '.png');
    const broken = await upload('broken.png', dataUrl(Buffer.concat([png.subarray(0, 40), Buffer.alloc(3000, 9)])));
    expect(broken.json.errorCode).toBe('content.image.unreadable');
    const truncated = await upload('half.png', dataUrl(png.subarray(0, Math.floor(png.length * 0.6))));
    expect(truncated.json.errorCode).toBe('content.image.unreadable');
    const wide = await editor.call('/wps/console/content/images', { method: 'POST', body: { name: 'w.png', data: dataUrl(picture(4100, 20, '.png')) }, headers: { language: 'ES' } });
    expect([wide.json.errorCode, wide.json.message]).toEqual(['content.image.dimensions', 'La imagen debe medir entre 16 y 4000 píxeles por lado.']);
    const big = Buffer.concat([png.subarray(0, 8), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const tooBig = await upload('big.png', dataUrl(big));
    expect([tooBig.status, tooBig.json.errorCode]).toEqual([400, 'content.image.size']);
    expect((await upload('x.png', 'not a data url')).json.errorCode).toBe('content.image.type');
  });

  it('cleans a hostile file name, and gives a document its images with srcset and size', async () => {
    const r = await upload('../../"><img src=x onerror=alert(1)>.png', dataUrl(picture(1000, 500, '.png')));
    expect(r.status).toBe(200);
    expect(r.json.value.name).not.toMatch(/[<>"/\\=]/);
    const saved = await editor.call('/wps/console/content/save', {
      method: 'POST',
      body: { kind: 'help', slug: 'with-image', locale: 'en', fields: { title: 'With image', order: 1 }, body: `Look:\n\n${r.json.value.markdown}\n`, base: 0 },
    });
    await editor.call('/wps/console/content/publish', { method: 'POST', body: { entryId: saved.json.value.entryId, number: 1 } });
    const html = helpSections('en').find((s) => s.id === 'with-image')!.html;
    const h = r.json.value.hash;
    // The fallback for a browser without srcset is the 960 pixels one.
    expect(html).toContain(`src="/img/media/${h}-960.webp"`);
    expect(html).toContain(`srcset="/img/media/${h}-480.webp 480w, /img/media/${h}-960.webp 960w, /img/media/${h}-1000.webp 1000w"`);
    expect(html).toMatch(/width="1000" height="500"/);
    expect(html).toMatch(/loading="lazy"/);
    expect(html).not.toMatch(/\sonerror=|<script/);
  });
});

describe('the S3-compatible store', () => {
  it('puts and gets with signed requests, and says when a key is missing', async () => {
    const objects = new Map<string, { body: Buffer; type: string }>();
    const seen: IncomingMessage['headers'][] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.method === 'PUT') {
          objects.set(req.url!, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
          res.writeHead(200).end();
        } else if (objects.has(req.url!)) res.writeHead(200, { 'content-type': objects.get(req.url!)!.type }).end(objects.get(req.url!)!.body);
        else res.writeHead(404).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const store = s3Store({ endpoint: `http://127.0.0.1:${port}`, bucket: 'media', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example-key' });
      await store.put('abc-480.webp', Buffer.from('RIFF1234WEBP'), 'image/webp');
      expect(objects.get('/media/abc-480.webp')!.body.toString()).toBe('RIFF1234WEBP');
      expect(String(seen[0]!.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request/);
      expect((await store.get('abc-480.webp'))!.bytes.toString()).toBe('RIFF1234WEBP');
      expect(await store.get('nothing.webp')).toBeNull();
      await expect(store.put('../escape', Buffer.from('x'), 'image/webp')).rejects.toThrow(/bad store key/);
    } finally {
      server.close();
    }
  });
});
