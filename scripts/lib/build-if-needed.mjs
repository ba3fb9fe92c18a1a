// Builds the site when dist/ is missing or older than the sources it was built from.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const inputs = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
const stampFile = path.join(root, 'dist/.build-stamp');

function walk(p, out) {
  if (!existsSync(p)) return;
  const st = statSync(p);
  if (st.isDirectory()) for (const f of readdirSync(p).sort()) walk(path.join(p, f), out);
  else out.push(`${path.relative(root, p)}:${st.size}:${st.mtimeMs}`);
}

/** A fingerprint of every input of the build. */
export function sourceStamp() {
  const files = [];
  for (const i of inputs) walk(path.join(root, i), files);
  return createHash('sha256').update(files.join('\n')).digest('hex');
}

/** Runs `astro build` unless dist/ matches the sources. */
export function buildIfNeeded({ force = false } = {}) {
  const stamp = sourceStamp();
  const built = existsSync(path.join(root, 'dist/server/entry.mjs')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp;
  if (built && !force) return false;
  console.log('Building the site (astro build)...');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stampFile, stamp);
  return true;
}
