/** The default file store: a folder (DATA_DIR/media). Writes go to a temporary name first, then are renamed, so a reader never sees half a file. */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FileStore } from './index.ts';
import { STORE_KEY } from './index.ts';

const TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', avif: 'image/avif' };

export function folderStore(dir: string): FileStore {
  return {
    name: 'folder',
    async put(key, bytes) {
      if (!STORE_KEY.test(key)) throw new Error(`bad store key ${key}`);
      await mkdir(dir, { recursive: true });
      const tmp = path.join(dir, `.${key}.${randomBytes(6).toString('hex')}`);
      await writeFile(tmp, bytes);
      await rename(tmp, path.join(dir, key));
    },
    async get(key) {
      if (!STORE_KEY.test(key)) return null;
      try {
        const bytes = await readFile(path.join(dir, key));
        return { bytes, contentType: TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream' };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
  };
}
