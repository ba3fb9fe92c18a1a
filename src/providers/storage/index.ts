/**
 * Where uploaded files live (issue 30: the studio's images), behind one interface: a folder by
 * default (DATA_DIR/media: one machine, any number of processes), or an S3-compatible bucket by a
 * switch (STORAGE=s3 with S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and
 * S3_SECRET_ACCESS_KEY) when several machines serve the brand. Keys are content addresses (the
 * bytes' hash), so a key's bytes never change and a put is idempotent.
 */
import path from 'node:path';
import { dataDir, env } from '../../kernel/env.ts';
import { folderStore } from './folder.ts';
import { s3Store } from './s3.ts';

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

export interface FileStore {
  readonly name: string;
  /** Stores `bytes` under `key` (a-z, 0-9, '-', '.'); storing the same key again is harmless. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file under `key`, or null. */
  get(key: string): Promise<StoredFile | null>;
}

/** Keys are plain names: no folders, no dots at the start, nothing a path could escape with. */
export const STORE_KEY = /^[a-z0-9][a-z0-9.-]{0,127}$/;

let override: FileStore | null = null;
let configured: FileStore | null = null;

/** The configured store (or the one a test installed). */
export function fileStore(): FileStore {
  if (override) return override;
  if (configured) return configured;
  const e = env();
  if (e.STORAGE === 's3') {
    if (!e.S3_ENDPOINT || !e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) throw new Error('STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    configured = s3Store({ endpoint: e.S3_ENDPOINT, bucket: e.S3_BUCKET, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY });
  } else configured = folderStore(path.join(dataDir(), 'media'));
  return configured;
}

/** Installs a store for this process (tests); null restores the configured one. */
export function useFileStore(s: FileStore | null): void {
  override = s;
  configured = null;
}
