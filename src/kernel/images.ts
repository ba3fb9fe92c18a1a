/**
 * Uploaded images (issue 30; issue 31's feedback will use it too): the type is judged by the
 * bytes, never by the name or the declared type; size and dimensions are bounded; the picture is
 * decoded and encoded anew (which also drops whatever else the file carried: metadata, trailing
 * bytes, a script after the image data) as WebP at a few widths for responsive pages.
 *
 * The codec is wasm-vips (libvips compiled to WebAssembly, kept by libvips' maintainer, used by
 * WordPress' editor): native image libraries (sharp) are built for the machine's Node, not the
 * project's, and pure JS codecs cannot write WebP. WebP rather than AVIF: every browser the site
 * supports shows it, and libvips' AVIF encoder in WebAssembly takes about a second per width.
 * One image is processed at a time per process, so uploads cannot pile up memory.
 */
import type VipsType from 'wasm-vips';

export type ImageType = 'png' | 'jpeg' | 'webp';

/** The formats an upload may be, by their first bytes. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 16));
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface ImageLimits {
  maxBytes: number;
  maxWidth: number;
  maxHeight: number;
  /** Smaller pictures are refused (a banner of 10 pixels is a mistake). */
  minSide: number;
}

export interface ImageVariant {
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedImage {
  type: ImageType;
  width: number;
  height: number;
  /** WebP at each of `widths` not wider than the original (and the original width when narrower than all). */
  variants: ImageVariant[];
}

/** Why an upload was refused: its code is the caller's error code's last part. */
export class ImageRefusal extends Error {
  readonly reason: 'type' | 'size' | 'dimensions' | 'unreadable';
  readonly params: Record<string, number>;
  constructor(reason: ImageRefusal['reason'], params: Record<string, number> = {}) {
    super(`image.${reason}`);
    this.reason = reason;
    this.params = params;
  }
}

let vipsReady: Promise<Awaited<ReturnType<typeof VipsType>>> | null = null;
async function vips() {
  vipsReady ??= import('wasm-vips').then((m) =>
    m.default({
      dynamicLibraries: [],
      // A refused upload is answered; libvips' own warnings about it would only fill the log.
      preRun: (module: { ENV: Record<string, string> }) => {
        module.ENV.VIPS_WARNING = '0';
      },
    } as never),
  );
  return vipsReady;
}

let queue: Promise<unknown> = Promise.resolve();
/** Runs `work` after the images before it (one at a time per process). */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/** Checks an upload and makes its WebP variants; throws ImageRefusal when it is not an image within the limits. */
export function processImage(bytes: Buffer, limits: ImageLimits, widths: readonly number[]): Promise<ProcessedImage> {
  if (bytes.byteLength > limits.maxBytes) return Promise.reject(new ImageRefusal('size', { max: limits.maxBytes }));
  const type = sniffImage(bytes);
  if (!type) return Promise.reject(new ImageRefusal('type'));
  return oneAtATime(async () => {
    const v = await vips();
    let header: InstanceType<typeof v.Image> | null = null;
    try {
      // The header first: the dimensions are judged before the pixels are decoded.
      header = v.Image.newFromBuffer(bytes, '', { access: 'sequential' });
    } catch {
      throw new ImageRefusal('unreadable');
    }
    const width = header.width;
    const height = header.height;
    header.delete();
    if (width > limits.maxWidth || height > limits.maxHeight || Math.min(width, height) < limits.minSide) {
      throw new ImageRefusal('dimensions', { maxWidth: limits.maxWidth, maxHeight: limits.maxHeight, min: limits.minSide });
    }
    const wanted = [...new Set([...widths.filter((w) => w < width), Math.min(width, Math.max(...widths))])].sort((a, b) => a - b);
    const variants: ImageVariant[] = [];
    try {
      for (const w of wanted) {
        // thumbnailBuffer decodes at a reduced size where the format allows (shrink-on-load).
        const thumb = v.Image.thumbnailBuffer(bytes, w, { height: limits.maxHeight, size: 'down', option_string: 'fail_on=truncated' });
        try {
          variants.push({ width: thumb.width, height: thumb.height, bytes: Buffer.from(thumb.writeToBuffer('.webp', { Q: 80, keep: 0 })) });
        } finally {
          thumb.delete();
        }
      }
    } catch (err) {
      if (err instanceof ImageRefusal) throw err;
      // A header that promised an image whose data is broken.
      throw new ImageRefusal('unreadable');
    }
    return { type, width, height, variants };
  });
}
