// An Astro integration: after `astro build`, every compressible static file of the client folder
// (scripts, styles, SVG, JSON, XML, text) of at least 1 KB gets a brotli (.br, quality 11) and a
// gzip (.gz, level 9) copy beside it, kept only when smaller. The production server serves those
// copies as they are (src/kernel/http/static-files.ts): static files are compressed once, at the
// highest settings, and never again at request time.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Extensions worth compressing (images other than SVG and fonts are compressed already). */
export const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|xml|txt|html|webmanifest|map)$/i;
/** Smaller files gain less than the headers they would add. */
export const MIN_BYTES = 1024;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes .br and .gz beside each compressible file of `dir`; answers how many files it compressed. */
export async function precompress(dir) {
  const files = [];
  for await (const f of walk(dir)) if (COMPRESSIBLE.test(f) && (await stat(f)).size >= MIN_BYTES) files.push(f);
  // A few at a time: zlib runs on libuv's thread pool.
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      const raw = await readFile(file);
      const [br, gz] = await Promise.all([brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength } }), gzip(raw, { level: 9 })]);
      if (br.byteLength < raw.byteLength) await writeFile(`${file}.br`, br);
      if (gz.byteLength < raw.byteLength) await writeFile(`${file}.gz`, gz);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return files.length;
}

/** @returns {import('astro').AstroIntegration} */
export function precompressStatic() {
  return {
    name: 'casino:precompress-static',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const count = await precompress(fileURLToPath(dir));
        logger.info(`${count} static files compressed (brotli and gzip)`);
      },
    },
  };
}
