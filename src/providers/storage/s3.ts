/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2...) as the file store: path-style requests
 * signed with AWS Signature V4 by aws4fetch (a small, kept signer on fetch), no redirects followed.
 */
import { AwsClient } from 'aws4fetch';
import type { FileStore } from './index.ts';
import { STORE_KEY } from './index.ts';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region?: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export function s3Store(o: S3Options): FileStore {
  const aws = new AwsClient({ accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey, service: 's3', region: o.region ?? 'us-east-1' });
  const url = (key: string) => `${o.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(o.bucket)}/${key}`;
  return {
    name: 's3',
    async put(key, bytes, contentType) {
      if (!STORE_KEY.test(key)) throw new Error(`bad store key ${key}`);
      const res = await aws.fetch(url(key), { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': contentType }, redirect: 'manual' });
      if (!res.ok) throw new Error(`storage put ${key}: ${res.status}`);
    },
    async get(key) {
      if (!STORE_KEY.test(key)) return null;
      const res = await aws.fetch(url(key), { method: 'GET', redirect: 'manual' });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`storage get ${key}: ${res.status}`);
      return { bytes: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
    },
  };
}
