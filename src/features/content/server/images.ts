/**
 * The studio's images (issue 30): an upload is judged by its bytes (png, jpeg or webp), at most
 * 5 MB and 4000 x 4000 pixels, re-encoded as WebP at 480, 960 and 1600 pixels wide (never wider
 * than it is) by the kernel's images.ts, and kept in the file store. Markdown names an image by
 * the URL the studio inserts (/img/media/<hash>-<width>.webp); when a version is saved, each such
 * image gets its srcset, sizes, width and height (no layout shift), lazy loading and async decoding.
 */
import { createHash } from 'node:crypto';
import { desc, inArray } from 'drizzle-orm';
import type { Db } from '../../../kernel/db/index.ts';
import { ApiError } from '../../../kernel/http/errors.ts';
import { ImageRefusal, processImage } from '../../../kernel/images.ts';
import { fileStore } from '../../../providers/storage/index.ts';
import { contentImage } from './tables.ts';
import { renderMarkdown, type MediaImage } from './markdown.ts';

export const IMAGE_LIMITS = { maxBytes: 5 * 1024 * 1024, maxWidth: 4000, maxHeight: 4000, minSide: 16 };
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

/** The address of an image's variant. */
export const mediaUrl = (hash: string, width: number) => `/img/media/${hash}-${width}.webp`;
/** Image addresses in Markdown or HTML: /img/media/<hash>-<width>.webp */
export const MEDIA_URL = /\/img\/media\/([a-f0-9]{24})-(\d{1,4})\.webp/g;

export interface ImageView {
  hash: string;
  name: string;
  width: number;
  height: number;
  /** The widest variant's address (what the studio inserts). */
  url: string;
  markdown: string;
  createdAt: Date;
}

type Row = typeof contentImage.$inferSelect;
type Variant = { width: number; height: number; bytes: number };

function view(r: Row): ImageView {
  const variants = r.variants as Variant[];
  const widest = variants.at(-1)!;
  const alt =
    r.name
      .replace(/\.[a-z0-9]+$/i, '')
      .replace(/[[\]()\\]/g, ' ')
      .trim() || 'image';
  return { hash: r.hash, name: r.name, width: r.width, height: r.height, url: mediaUrl(r.hash, widest.width), markdown: `![${alt}](${mediaUrl(r.hash, widest.width)})`, createdAt: r.createdAt };
}

/** A file name to show: its last path part, letters, digits, dots, dashes, underscores and spaces only, 80 at most. */
export function cleanName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  return (
    last
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}._ -]/gu, '')
      .trim()
      .slice(0, 80) || 'image'
  );
}

/** A data URL's bytes, whatever type it claims (the bytes decide). */
function decodeDataUrl(data: string): Buffer {
  const m = /^data:[\w.+/-]{0,100};base64,([A-Za-z0-9+/]*={0,2})$/.exec(data.trim());
  if (!m) throw new ApiError(400, 'content.image.type');
  // Judged by the encoded length first, so an oversized upload is never decoded.
  if (Math.floor((m[1]!.length * 3) / 4) > IMAGE_LIMITS.maxBytes + 2) throw new ApiError(400, 'content.image.size', { max: IMAGE_LIMITS.maxBytes / (1024 * 1024) });
  return Buffer.from(m[1]!, 'base64');
}

/** Checks, converts and stores an upload; the same bytes again answer the image already kept. */
export async function uploadImage(db: Db, input: { name: string; data: string; by: string }): Promise<ImageView> {
  const bytes = decodeDataUrl(input.data);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  const [known] = await db
    .select()
    .from(contentImage)
    .where(inArray(contentImage.hash, [hash]));
  if (known) return view(known);
  let processed;
  try {
    processed = await processImage(bytes, IMAGE_LIMITS, IMAGE_WIDTHS);
  } catch (err) {
    if (!(err instanceof ImageRefusal)) throw err;
    const params: Record<string, number> =
      err.reason === 'size' ? { max: IMAGE_LIMITS.maxBytes / (1024 * 1024) } : err.reason === 'dimensions' ? { max: IMAGE_LIMITS.maxWidth, min: IMAGE_LIMITS.minSide } : {};
    throw new ApiError(400, `content.image.${err.reason}`, params);
  }
  const store = fileStore();
  // The files first: a row never names a file that is not there.
  for (const v of processed.variants) await store.put(`${hash}-${v.width}.webp`, v.bytes, 'image/webp');
  const [row] = await db
    .insert(contentImage)
    .values({
      hash,
      name: cleanName(input.name),
      type: processed.type,
      width: processed.width,
      height: processed.height,
      bytes: bytes.byteLength,
      variants: processed.variants.map((v) => ({ width: v.width, height: v.height, bytes: v.bytes.byteLength })),
      uploadedBy: input.by,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return view(row);
  const [raced] = await db
    .select()
    .from(contentImage)
    .where(inArray(contentImage.hash, [hash]));
  return view(raced!);
}

/** The latest uploads, newest first. */
export async function listImages(db: Db, limit = 60): Promise<ImageView[]> {
  return (await db.select().from(contentImage).orderBy(desc(contentImage.id)).limit(limit)).map(view);
}

/**
 * Renders a document's Markdown as the site shows it: the one pipeline (markdown.ts), with the
 * studio's images given their variants. Used when a version is saved and by the live preview.
 */
export async function renderDocument(db: Db, body: string): Promise<string> {
  const hashes = [...new Set([...body.matchAll(MEDIA_URL)].map((m) => m[1]!))];
  if (!hashes.length) return renderMarkdown(body);
  const rows = await db.select().from(contentImage).where(inArray(contentImage.hash, hashes));
  const images = new Map<string, MediaImage>(rows.map((r) => [r.hash, { variants: (r.variants as Variant[]).map((v) => ({ url: mediaUrl(r.hash, v.width), width: v.width, height: v.height })) }]));
  return renderMarkdown(body, { images });
}

/** A variant's bytes for /img/media/<file>, or null (an unknown or malformed name). */
export async function mediaFile(file: string): Promise<{ bytes: Buffer } | null> {
  if (!/^[a-f0-9]{24}-\d{1,4}\.webp$/.test(file)) return null;
  const found = await fileStore().get(file);
  return found && { bytes: found.bytes };
}
